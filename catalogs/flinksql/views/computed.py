"""A computed column's or a watermark's expression, validated and written as Flink does.

Flink validates such an expression with the same validator as a view's select list, over the
table's columns, and keeps (and shows in ``SHOW CREATE TABLE``) the validated expression:
``NULLIF(a, b)`` written as its CASE, the casts COALESCE inserts, a niladic function unquoted.
So the dashboard validates it as a select item of a view over a relation of those columns,
with the view typer's every rule, and writes it with the view writer, the relation's name left
out of every column. Errors carry no place: Flink reports none for a column's expression.

Found by the generated tables of ``tests/difftest/tables.py``: computed columns were typed by a
weaker copy of the view typer, and written as parsed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Literal

from sqlglot import exp

from ..catalog import ObjectIdentifier, quote_identifier
from ..errors import FlinkSqlError, ValidationError, illegal_query, unknown_function_type
from ..expressions import _Typer, _user_functions
from ..more_syntax import WithinDistinct
from ..precedence import strip
from ..sql_writer import NILADIC_NODES, unparse
from ..types import DataType
from .calls import NILADIC
from .query_syntax import parse_query
from .relations import ModelSchema, Relation
from .scopes import Field, Namespace, Scope
from .validator import Validator

# the relation a column's expression is validated over: a name no column can be written with
_RELATION = "\x01columns"
_QUALIFIER = f"{quote_identifier(_RELATION)}."


class _TableColumns:
    """The catalog as a column's expression sees it: no relations, the session's functions."""

    asked_functions = False  # whether the answer depends on the session's functions

    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        return None

    def database_exists(self, catalog: str, database: str) -> bool:
        return False

    def relation_named_alike(self, identifier: ObjectIdentifier) -> str | None:
        return None

    def model(self, identifier: ObjectIdentifier) -> ModelSchema | None:
        return None

    def function_return_type(self, name: str) -> DataType | None | Literal["unknown"]:
        self.asked_functions = True
        lookup = _user_functions.get()
        qualified = lookup(name) if lookup is not None else None
        if qualified is not None:
            # Flink instantiates the class to learn its result type; the dashboard has no JVM
            raise unknown_function_type(qualified)
        return None


_ITEM = "SELECT "


def _item_query(text: str) -> str:
    """``text``, a column's or a watermark's expression, as the select item Flink's parser
    reads it as."""
    return f"{_ITEM}{text} FROM {quote_identifier(_RELATION)}"


def check_parses(text: str, at: tuple[int, int]) -> None:
    """Refuse ``text`` (an expression written in a statement, where it starts at ``at``) as
    Flink's parser refuses it as a select item (``a IN ()``, a reserved word), the error
    placed in the statement."""
    if text in _PARSED:
        return
    parse_query(_item_query(text), (at[0], at[1] - len(_ITEM)))
    if len(_PARSED) >= _KEPT_AT_MOST:
        _PARSED.clear()
    _PARSED.add(text)


def column_expression(node: exp.Expression, scope: Mapping[str, DataType]) -> tuple[str, DataType]:
    """``node`` (a computed column's or a watermark's expression, as parsed) validated over
    the columns in ``scope``: the text Flink keeps of it, and its type."""
    source = node.meta.get("source")
    node = _niladic_calls(node.copy(), scope)
    written = source if source is not None else unparse(node)
    query = _item_query(written)
    key = (query, tuple(scope.items()))
    kept = _KEPT.get(key)
    if kept is not None:
        return kept
    _check_names(node.copy(), scope)  # a copy: that typer marks the casts it would write
    reader = _TableColumns()
    text, data_type = _validated(query, scope, reader, node)
    if text != written:
        # Flink keeps the text and types the column by reading that text again: `.25`, kept
        # as 0.25, is a DECIMAL(3, 2) (a view's select item .25 is a DECIMAL(2, 2))
        again = _item_query(text)
        data_type = _validated(again, scope, reader, None)[1]
    result = text, data_type
    if not reader.asked_functions:  # else it depends on the session's functions too
        if len(_KEPT) >= _KEPT_AT_MOST:
            _KEPT.clear()
        _KEPT[key] = result
    return result


def _validated(
    query: str,
    scope: Mapping[str, DataType],
    reader: _TableColumns,
    written: exp.Expression | None,
) -> tuple[str, DataType]:
    """The select item of ``query`` validated over the columns in ``scope``: its text and
    type; the literals and FLOOR/CEIL operands as ``written`` (the expression as parsed)."""
    try:
        item = parse_query(query, (1, 1)).expressions[0]
        if item.find(exp.Query) is not None:  # EXISTS (SELECT ...), a IN (SELECT ...)
            raise illegal_query()
        if isinstance(item, exp.Interval):  # INTERVAL a DAY, the whole expression: bare
            item.meta["whole_column"] = True
        if written is not None:
            _keep_literals(written, item)
            _keep_bare_operands(written, item)
        validator = Validator(reader, "", "", query, (1, 1))  # type: ignore[arg-type]
        fields = [Field(name, data_type) for name, data_type in scope.items()]
        columns = Scope([Namespace(_RELATION, fields, suggested=False)])
        text, data_type, _ = validator.resolved_expression(item, columns)
        if item.find(WithinDistinct) is not None:  # validated, then refused as a whole
            raise ValidationError(f"Invalid SQL expression: {text.replace(_QUALIFIER, '')}")
    except FlinkSqlError as exc:
        unknown = _NOT_FOUND.fullmatch(exc.message)
        message = f"Unknown identifier '{unknown.group(1)}'" if unknown else exc.message
        raise ValidationError(message) from None
    return text.replace(_QUALIFIER, ""), data_type


# What a column's expression over columns of given types validated to: the same text over the
# same types always validates alike (a large catalog repeats a few shapes of table), unless it
# calls a function of the session. Bounded: cleared when full.
_KEPT: dict[tuple, tuple[str, DataType]] = {}
_KEPT_AT_MOST = 4096
# The texts of expressions that parsed as select items (bounded as _KEPT).
_PARSED: set[str] = set()

# the view validator's refusal of a name, which Flink words as its scope of columns does
_NOT_FOUND = re.compile(r"Column '([^']*)' not found in any table")


_BARE_WORDS = (*NILADIC, "UNKNOWN")


def _bare_word(node: exp.Expression, scope: Mapping[str, DataType]) -> str | None:
    """LOCALTIME, CURRENT_DATE, UNKNOWN ... written bare and naming no column: the call or
    literal Flink reads (the statement's parser reads a bare word as a name)."""
    if (
        isinstance(node, exp.Column)
        and len(node.parts) == 1
        and not node.this.quoted
        and node.name.upper() in _BARE_WORDS
        and node.name not in scope
    ):
        return node.name.upper()
    return None


def _niladic_calls(node: exp.Expression, scope: Mapping[str, DataType]) -> exp.Expression:
    """``node`` with each bare word of :func:`_bare_word` written bare, for the view parser
    to read as Flink does."""
    for column in node.find_all(exp.Column):
        word = _bare_word(column, scope)
        if word is not None:
            column.meta["literal_text"] = word
    return node


_NAME_ERRORS = ("Unknown identifier ", "Unknown field ", "Trying to access field ")


def _check_names(node: exp.Expression, scope: Mapping[str, DataType]) -> None:
    """Flink resolves a column's expression in a scope of the table's columns alone, whose
    refusals are its own: ``Unknown identifier 'x'``, ``Unknown field 'f'``, ``Trying to access
    field f in a type with no fields: INTEGER``. The typer of :mod:`..expressions` resolves
    names so; only its refusals of a name are taken (the view typer types the rest)."""
    words = [_bare_word(c, scope) for c in node.find_all(exp.Column)]
    bare = {f"Unknown identifier '{w}'" for w in words if w is not None}
    try:
        _Typer(scope).type_of(node)
    except ValidationError as exc:
        if exc.message.startswith(_NAME_ERRORS) and exc.message not in bare:
            raise


def _is_literal(node: exp.Expression) -> bool:
    return isinstance(node, exp.Literal | exp.HexString) or (
        isinstance(node, exp.Cast) and "datetime" in node.meta
    )


def _paired(
    written: exp.Expression, parsed: exp.Expression, chosen: Callable[[exp.Expression], bool]
) -> list[tuple[exp.Expression, exp.Expression]]:
    """The ``chosen`` nodes of ``written`` (the expression as parsed) beside those of
    ``parsed`` (read again as a select item): the two trees hold them in one order; none
    where their numbers differ."""
    originals = [n for n in written.dfs() if chosen(n)]
    again = [n for n in parsed.dfs() if chosen(n)]
    return list(zip(originals, again, strict=True)) if len(originals) == len(again) else []


def _keep_literals(written: exp.Expression, parsed: exp.Expression) -> None:
    """Mark each literal of ``parsed`` (the expression read again) with the text Flink keeps
    of the literal as it was written (``u&'\\00c4'``, ``DATE '2024-1-5'``), which the view
    writer would spell as Calcite validates it."""
    for original, literal in _paired(written, parsed, _is_literal):
        literal.meta["literal_text"] = unparse(original)


_ROUNDED = (exp.Floor, exp.Ceil)


def _keep_bare_operands(written: exp.Expression, parsed: exp.Expression) -> None:
    """Flink keeps ``FLOOR(LOCALTIME TO HOUR)`` in a column as written, where a view's query
    encloses the operand (``FLOOR((LOCALTIME) TO HOUR)``, as for any call): mark each FLOOR
    or CEIL of ``parsed`` whose operand was written as a bare word (``LOCALTIME()`` is
    enclosed in both)."""
    for original, call in _paired(written, parsed, lambda n: isinstance(n, _ROUNDED)):
        operand = strip(original.this)  # FLOOR((LOCALTIMESTAMP) TO DAY) as well
        bare_word = isinstance(operand, exp.Column) and "literal_text" in operand.meta
        # NILADIC_NODES: bare CURRENT_TIMESTAMP, CURRENT_DATE, CURRENT_TIME as the statement's
        # parser reads them (a bare LOCALTIME is a name; CURRENT_DATE() is a call of its own)
        if bare_word or isinstance(operand, NILADIC_NODES):
            call.meta["bare_operand"] = True


def column_expression_type(node: exp.Expression, scope: Mapping[str, DataType]) -> DataType:
    """The type Flink derives for ``node`` over the columns in ``scope``."""
    return column_expression(node, scope)[1]
