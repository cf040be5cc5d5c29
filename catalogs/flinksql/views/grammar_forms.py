"""The types of the grammar's forms that :mod:`..more_syntax` reads (a JDBC function call,
``TRANSLATE(x USING name)``, ``AGG(x) WITHIN DISTINCT (k)``), and Flink's refusals of a time
unit as an argument of DATE_TRUNC, TIMESTAMP_TRUNC and TIMESTAMP_DIFF, of ILIKE and RLIKE and of
SELECT STREAM."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from sqlglot import exp

from ..calcite_names import calcite_type_name
from ..catalog import quote_identifier
from ..errors import ValidationError
from ..more_syntax import JDBC_TYPES, JdbcCall, TranslateUsing, WithinDistinct
from ..type_rules import T, operand_family
from ..types import DataType
from .calls import UNIT_ARGUMENTS, is_aggregate
from .conditions import check_condition

TypeOf = Callable[[exp.Expression], DataType]

# Calcite parses a time unit there (an interval qualifier); Flink's operator table has these
# functions with no signature taking one (recorded in goldens/views_grammar_walk.json).
_SIGNATURES = {
    "DATE_TRUNC": "DATE_TRUNC(<DATE>, <DATETIME_INTERVAL>)",
    "TIMESTAMP_TRUNC": "TIMESTAMP_TRUNC(<TIMESTAMP>, <DATETIME_INTERVAL>)",
    "TIMESTAMP_DIFF": "TIMESTAMP_DIFF(<TIMESTAMP>, <TIMESTAMP>, <ANY>)",
}
_YEAR_MONTH_UNITS = frozenset(["YEAR", "QUARTER", "MONTH"])


def grammar_form_type(node: exp.Expression, type_of: TypeOf) -> DataType | None:
    """The type of one of these forms, or None for any other node."""
    if isinstance(node, exp.ILike | exp.RegexpLike):  # Calcite's library operators
        word = "ILIKE" if isinstance(node, exp.ILike) else "RLIKE"
        raise ValidationError(f"No match found for function signature {word}")
    if isinstance(node, exp.Window) and node.meta.get("partial") == "DISALLOW":
        spec = node.args.get("spec")
        if spec is None or str(spec.args.get("kind")).upper() == "RANGE":
            raise ValidationError("Cannot use DISALLOW PARTIAL with window based on RANGE")
    if isinstance(node, JdbcCall):
        fixed = JDBC_TYPES.get(node.args["name"])
        if fixed is None:
            return type_of(node.this)  # the call it stands for
        text, nullability = fixed
        nullable = [type_of(a).nullable for a in node.this.expressions]
        return T(text).with_nullable(
            nullability == "always" or (nullability == "any" and any(nullable))
        )
    if isinstance(node, TranslateUsing):
        operand = type_of(node.this)
        if operand.name not in ("CHAR", "VARCHAR"):
            raise ValidationError(
                f"Invalid type '{calcite_type_name(operand)}' in 'TRANSLATE' function. "
                "Only 'CHARACTER' type is supported"
            )
        return operand  # Calcite's ARG0
    if isinstance(node, WithinDistinct):
        if not is_aggregate(node.this):
            name = node.this.name.upper() if isinstance(node.this, exp.Func) else "this"
            raise ValidationError(f"WITHIN DISTINCT not allowed with {name} function")
        for key in node.expressions:
            type_of(key)
        return type_of(node.this)
    if (
        isinstance(node, exp.Anonymous)
        and node.name.upper() in _SIGNATURES
        and any(isinstance(a, exp.Var) for a in node.expressions)
    ):
        refuse_unit_argument(node, type_of)
    return None


def refuse_unit_argument(node: exp.Anonymous, type_of: TypeOf) -> None:
    """``DATE_TRUNC(d, MONTH)`` and its kin, refused with Flink's message."""
    families = []
    for argument in node.expressions:
        if isinstance(argument, exp.Var):
            year_month = argument.name.upper() in _YEAR_MONTH_UNITS
            families.append("<INTERVAL_YEAR_MONTH>" if year_month else "<INTERVAL_DAY_TIME>")
        else:
            families.append(operand_family(type_of(argument)))
    name = node.name.upper()
    raise ValidationError(
        f"No match found for function signature {name}({', '.join(families)}).\n"
        f"Supported signatures are:\n'{_SIGNATURES[name]}'"
    )


def sample_text(sample: exp.TableSample) -> str:
    """``TABLESAMPLE BERNOULLI(p) [REPEATABLE(seed)]`` (or SYSTEM) after a table, as Calcite
    writes it: the percentage a decimal of the scale its hundredth needs (``12.5`` is written
    ``12.500``, ``50`` as ``50.0``, ``100`` as ``100``)."""
    method = sample.args.get("method")
    size = sample.args.get("size")
    others = {k for k, v in sample.args.items() if v and k not in ("method", "size", "seed")}
    if (
        others
        or method is None
        or method.name.upper() not in ("BERNOULLI", "SYSTEM")
        or not isinstance(size, exp.Literal)
        or size.is_string
    ):
        raise ValidationError(
            "The dashboard takes TABLESAMPLE BERNOULLI(percentage) or SYSTEM(percentage) only"
        )
    rate = Decimal(size.this)
    if not 0 <= rate <= 100:
        raise ValidationError("TABLESAMPLE percentage must be between 0 and 100, inclusive")
    # Calcite keeps the rate as a BigDecimal hundredth and writes it times 100 again
    percentage = (rate / 100) * 100
    text = f"TABLESAMPLE {method.name.upper()}({percentage})"
    seed = sample.args.get("seed")
    if seed is not None:
        text += f" REPEATABLE({int(seed.sql())})"
    return text


def has_window(node: exp.Expression) -> bool:
    """Whether ``node`` holds an OVER call outside its subqueries."""
    if isinstance(node, exp.Window):
        return True
    if isinstance(node, exp.Select | exp.Subquery | exp.Union):
        return False
    return any(has_window(child) for child in node.iter_expressions())


def qualify_clause(
    validator: Any, condition: exp.Expression, select: exp.Select, scope: Any, grouped: bool
) -> str:
    """``QUALIFY condition`` of ``select`` as Calcite writes it, checked as Flink checks it."""
    if grouped:
        raise ValidationError(
            "The dashboard cannot take QUALIFY in a grouped query: Flink fails on it with "
            "an internal error (LogicalAggregate cannot be cast to LogicalProject)"
        )
    columns = {f.name for namespace in scope.namespaces for f in namespace.fields}
    condition = with_select_aliases(condition, select, columns)
    text, data_type, _ = validator.resolved_expression(condition, scope)
    check_condition("QUALIFY", condition, data_type)
    if not has_window(condition):
        raise ValidationError(f"QUALIFY expression '{text}' must contain a window function")
    return f"QUALIFY {text}"


def recursive_anchor(validator: Any, cte: exp.CTE, scope: Any) -> dict[str, list[Any]]:
    """A WITH RECURSIVE item's name and the columns of its anchor (the first operand of its
    UNION), which its recursive operand reads; nothing for an item that is no UNION."""
    body = cte.this
    while isinstance(body, exp.Subquery) and not body.alias:
        body = body.this
    if not isinstance(body, exp.Union):
        return {}
    fields = validator.query(body.this.copy(), scope).fields
    alias = cte.args.get("alias")
    columns = [c.name for c in alias.columns] if alias is not None else []
    if columns and len(columns) == len(fields):
        fields = [type(f)(c, f.data_type) for c, f in zip(columns, fields, strict=True)]
    return {cte.alias: fields}


def with_select_aliases(condition: exp.Expression, select: exp.Select, names: set[str]) -> Any:
    """QUALIFY's ``condition`` with each bare name of a select item's alias that names no
    column of the FROM clause (``names``) replaced by the item's expression, as Calcite expands
    it (``QUALIFY rn = 1`` is stored ``QUALIFY (ROW_NUMBER() OVER (...)) = 1``)."""
    aliases = {item.alias: item.this for item in select.expressions if isinstance(item, exp.Alias)}

    def expand(node: exp.Expression) -> exp.Expression:
        if (
            isinstance(node, exp.Column)
            and not node.table
            and node.name in aliases
            and node.name not in names
        ):
            expanded = aliases[node.name].copy()
            # Calcite expands the alias before it qualifies the item: the keys of a window's
            # ORDER BY are written as the item wrote them (ORDER BY `ts`)
            for window in expanded.find_all(exp.Window):
                order = window.args.get("order")
                for column in order.find_all(exp.Column) if order is not None else []:
                    written = ".".join(quote_identifier(p.name) for p in column.parts)
                    column.meta["written_as"] = written
            return expanded
        return node

    return condition.copy().transform(expand, copy=False)


def refuse_stream(from_: exp.From | None) -> None:
    """``SELECT STREAM``: Flink's tables are no streams Calcite can convert (its first FROM
    item is named, by its alias)."""
    first = from_.this if from_ is not None else None
    if isinstance(first, exp.Table | exp.Subquery) and first.alias_or_name:
        raise ValidationError(f"Cannot convert table '{first.alias_or_name}' to stream")
    raise ValidationError("The dashboard cannot validate SELECT STREAM over this FROM clause")


__all__ = [
    "UNIT_ARGUMENTS",
    "grammar_form_type",
    "has_window",
    "qualify_clause",
    "recursive_anchor",
    "refuse_stream",
    "refuse_unit_argument",
    "sample_text",
    "with_select_aliases",
]
