"""The context of a view's expression: its column references resolved against the scopes (each
replaced by its qualified, typed form) and its subqueries validated, before it is typed and
written."""

from __future__ import annotations

import re

from sqlglot import exp

from ..catalog import quote_identifier
from ..errors import ValidationError
from ..keywords import read_as_column
from .calls import (
    _COMPARISONS,
    GROUP_WINDOWS,
    NILADIC,
    is_aggregate,
    is_function_identifier,
    is_unit_argument,
)
from .casts import check_literal_value
from .converted_types import CONVERTED
from .inference import derived_before_inference, infers_from
from .reserved import placed
from .scopes import Resolver, Scope


class ExpressionContext:
    def __init__(self, validator: Resolver, scope: Scope, grouped: bool) -> None:
        self.validator = validator
        self.scope = scope
        self.grouped = grouped

    def resolve(self, node: exp.Expression) -> exp.Expression:
        """A copy of ``node`` whose columns and subqueries are resolved."""
        return node.copy().transform(self._resolve_node, copy=False)

    def _resolve_node(self, node: exp.Expression) -> exp.Expression:
        # a DATE, TIME or TIMESTAMP literal the parser could not read: Calcite refuses it as it
        # resolves the expression, in its place among the column references
        check_literal_value(node)
        if isinstance(node, exp.Column) and is_unit_argument(node):
            return exp.Var(this=node.name.upper())
        if isinstance(node, exp.Column) and not isinstance(node.this, exp.Star):
            if (
                isinstance(node.parent, exp.Bracket)
                and node.arg_key == "this"
                and not node.table
                and node.name.upper() == "MAP"
                and not self.validator._column_exists(node.name, self.scope)
            ):
                return node
            resolved = self._column(node)
            if "written_as" in node.meta:  # a key of a window QUALIFY expands (grammar_forms)
                resolved.meta["written_as"] = node.meta["written_as"]
            return resolved
        if isinstance(node, exp.Dot) and isinstance(_leftmost(node), exp.Column):
            return self._column(node)
        if (
            isinstance(node, exp.Anonymous)
            and not node.expressions
            and node.name.upper() in NILADIC
        ):
            # CURRENT_TIMESTAMP(): the niladic function, written without its parentheses
            node.meta["niladic"] = True
            return node
        if isinstance(node, exp.CurrentUser) and (written := self._bare_current_user()):
            return self._column(exp.column(written))
        if (
            isinstance(node, exp.Anonymous)
            and node.name.startswith("$")
            and node.name[1:].upper() in GROUP_WINDOWS
        ):
            # GROUP BY $TUMBLE(...): a stored view's group window, read back.
            node.set("this", node.name[1:].upper())
            node.meta["in_group_by"] = True
            return node
        if (
            isinstance(node, exp.Anonymous)
            and node.name.upper() == "ALL"
            and isinstance(node.parent, _COMPARISONS)
            and node.arg_key == "expression"
        ):
            # k <> ALL (1, 2): the parser reads a call of a function ALL.
            return exp.All(this=exp.Tuple(expressions=node.expressions))
        if isinstance(node, exp.Values) and isinstance(node.parent, exp.Exists | exp.Any | exp.All):
            return self.validator.subquery(node, self.scope)
        if isinstance(node, exp.Select | exp.Union | exp.Intersect | exp.Except):
            return self.validator.subquery(node, self.scope)
        if isinstance(node, exp.Subquery):
            return self.validator.subquery(node.this, self.scope)
        return node

    def _bare_current_user(self) -> str | None:
        """``current_user`` as written without parentheses: Flink reads it as a name, a column
        of that name if there is one (data/keywords.json), else "Column 'current_user' not
        found in any table"; it has no such function."""
        text = self.validator.text
        written = [m.group(0) for m in re.finditer(r"(?i)\bcurrent_user\b(?!\s*\()", text)]
        for name in written:
            if self.validator._column_exists(name, self.scope):
                return name
        return written[0] if written else None

    def _column(self, node: exp.Expression) -> exp.Expression:
        if "flink_text" in node.meta:
            return node
        parts = [p.name for p in _parts(node)]
        using = self.scope.using_column(parts[0]) if len(parts) == 1 else None
        if using is not None:
            left_type, right_type = using.types()
            operands = []
            sides = zip(
                (using.left, using.right), (left_type, right_type), using.casts(), strict=True
            )
            for ns, data_type, cast in sides:
                column = exp.column(using.name)
                column.meta["flink_text"] = (
                    f"{quote_identifier(ns.alias)}.{quote_identifier(using.name)}"
                )
                column.meta["flink_type"] = data_type
                column.meta["written_name"] = using.name
                if cast is not None:  # Calcite casts a side to the common type
                    column.meta["coerce_to"] = cast
                operands.append(column)
            coalesced = exp.Anonymous(this="COALESCE", expressions=operands)
            coalesced.meta["using_name"] = using.name  # written COALESCE(...) AS `name`
            return coalesced
        # LOCALTIME is the function even beside a column of that name, UNKNOWN the literal;
        # `UNKNOWN` or `CURRENT_DATE` quoted is a name (Calcite's makeNullaryCall).
        word = parts[0]
        quoted = isinstance(node, exp.Column) and getattr(node.this, "quoted", False)
        if is_function_identifier(node) or (
            len(parts) == 1
            and not quoted
            and word.upper() in (*NILADIC, "UNKNOWN")
            and not (read_as_column(word) and self.validator._column_exists(word, self.scope))
        ):
            niladic = exp.Anonymous(this=word.upper(), expressions=[])
            niladic.meta["niladic"] = True
            niladic.meta["literal"] = word.upper() == "UNKNOWN"
            return niladic
        try:
            qualified, data_type = self.validator.resolve_column(parts, self.scope)
        except ValidationError as exc:
            marked, text = _marked(exc.message, _parts(node)), self.validator.text
            raise placed(exc.message, marked, text, self.validator.position) from None
        column = exp.column(parts[-1])
        if self.scope.nullable_keys and not data_type.nullable:
            text = ".".join(quote_identifier(p) for p in qualified)
            if text in self.scope.nullable_keys and _typed_in_grouping_scope(node):
                data_type = data_type.with_nullable(True)
        column.meta["flink_text"] = ".".join(quote_identifier(p) for p in qualified)
        column.meta["flink_type"] = data_type
        converted = self.scope.converted(qualified)
        if converted is not None:
            column.meta[CONVERTED] = converted
        column.meta["written_name"] = ".".join(parts)
        column.meta["as_written"] = ".".join(quote_identifier(p) for p in parts)
        return column


def names_as_written(node: exp.Expression) -> None:
    """Write the column names of ``node`` as they were written, not qualified."""
    for column in node.find_all(exp.Column):
        if "as_written" in column.meta:
            column.meta["written_as"] = column.meta["as_written"]


def _typed_in_grouping_scope(node: exp.Expression) -> bool:
    """Whether a group key at ``node`` is typed in the aggregating scope, nullable where a
    grouping set leaves it out: everywhere outside an aggregate; inside one, where Calcite's
    operand type inference types it before the aggregate's own operands are typed (beneath the
    grouping): as the first operand of an operator that infers from its first known operand
    (``MAX(k + 1)``, not ``MAX(1 + k)``), a CASE's result (``MAX(CASE WHEN c THEN k END)``), or
    any operand of a function typed by Flink's own type inference (``MAX(GREATEST(k, 1))``),
    and everything within such an operand (``MAX(ABS(k) + 1)``); unless such an inference
    above the aggregate typed the aggregate first (:func:`derived_before_inference`:
    ``CAST(AVG(k - k) AS BIGINT)``, whose operands are then typed beneath the grouping first,
    and Calcite keeps the types it derived once)."""
    child, parent = node, node.parent
    inferred = False
    while parent is not None:
        if is_aggregate(parent):
            return inferred and not derived_before_inference(parent)
        inferred = inferred or infers_from(parent, child)
        child, parent = parent, parent.parent
    return True


def _leftmost(node: exp.Expression) -> exp.Expression:
    while isinstance(node, exp.Dot):
        node = node.this
    return node


def _marked(message: str, parts: list[exp.Identifier]) -> list[exp.Identifier]:
    """The names of a column reference Calcite's range covers in ``message``: the whole
    reference, or from the name after the table's on (``o.nope``: ``nope``); none where Flink
    gives no range (``Table 'x' not found``)."""
    if not message.startswith("Column '"):
        return []
    if " not found in table '" in message and len(parts) > 1:
        return parts[1:]
    return parts


def _parts(node: exp.Expression) -> list[exp.Identifier]:
    if isinstance(node, exp.Column):
        return [p for p in node.parts if isinstance(p, exp.Identifier)]
    if isinstance(node, exp.Dot):
        return [*_parts(node.this), node.expression]
    return [node]  # type: ignore[list-item]
