"""Calcite's operand type inference where one operand gives the others its type.

Before Calcite validates a call, it gives the operands that have no type of their own the type
of the first operand it knows (``InferTypes.FIRST_KNOWN``): a comparison's, an IN list's, and
the elements of an ``ARRAY[...]`` and the keys and values of a ``MAP[...]``. A NULL literal
takes that type (nullable). A ``ROW(...)`` passes it on to its fields: the type's field at
each position where it is a row, else the whole type to every field. Reading a row's field
at a position it lacks fails in Flink with an index out of bounds, whose text varies with the
JVM's state; the dashboard refuses it in its own words (``on_wider``).

The constructors' inferred types were recorded from Flink in goldens/views_constructor_inference
(``MAP['a', NULL]`` is a map of CHAR(1) values, ``ARRAY[ROW(1, 'a'), ROW(2, NULL)]`` an array of
one row type, ``ARRAY[NULL]`` refused); the comparisons' in goldens/views_row_comparisons.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from ..errors import ValidationError
from ..operator_table import derives_operands_first
from ..precedence import strip
from ..sql_writer import unparse
from ..types import DataType
from .calls import (
    _COMPARISONS,
    INFERRED,
    is_constructor,
    is_row_constructor,
    row_context,
)

WiderRow = Callable[[DataType, exp.Expression], None]

# The operators whose operands Calcite types through InferTypes.FIRST_KNOWN (Flink's operator
# table, asked by reflection: arithmetic, comparisons, BETWEEN, IN, LIKE, SIMILAR TO, CAST, and
# the ARRAY[...] and MAP[...] constructors): to infer the operands' types, Calcite derives the
# type of the first one, before it infers anything within it.
_FIRST_KNOWN = (
    exp.Add,
    exp.Sub,
    exp.Mul,
    exp.Div,
    *_COMPARISONS,
    exp.NullSafeEQ,
    exp.NullSafeNEQ,
    exp.Between,
    exp.In,
    exp.Like,
    exp.SimilarTo,
    exp.Cast,
    exp.TryCast,
)


def infers_from(call: exp.Expression, operand: exp.Expression) -> bool:
    """Whether Calcite derives the type of ``operand`` to infer the operand types of ``call``,
    before any inference within ``operand``: the first operand of an operator that infers from
    its first known operand (``k + 1``, an ``ARRAY[...]``'s first element), a CASE's results
    (Calcite derives the whole CASE before it infers its results), NULLIF's first operand (the
    first of its CASE's comparison), or the operands a function derives first
    (:func:`~catalogs.flinksql.operator_table.derives_operands_first`: all of ``COALESCE``'s or
    ``MAP_KEYS``'s, the first of ``TRY_CAST``'s)."""
    if isinstance(call, _FIRST_KNOWN):
        return operand is call.this
    if is_constructor(call):
        return bool(call.expressions) and operand is call.expressions[0]
    if isinstance(call, exp.If) and isinstance(call.parent, exp.Case):
        return operand is call.args.get("true")
    if isinstance(call, exp.Case):
        return operand is call.args.get("default")
    if not isinstance(call, exp.Anonymous) or not any(operand is e for e in call.expressions):
        return False
    name = call.name.upper()
    if name == "NULLIF":  # Calcite rewrites it first: CASE WHEN a = b THEN NULL ELSE a END
        return operand is call.expressions[0]
    derived = derives_operands_first(name)
    return derived == "all" or (derived == "first" and operand is call.expressions[0])


def derived_before_inference(node: exp.Expression) -> bool:
    """Whether Calcite derives the type of ``node`` before its operand type inference reaches
    it: where some call above it, up to the query it is in, derives its operand there
    (:func:`infers_from`). A NULL literal within is then typed NULL, not by the constructor
    around it: ``CASE WHEN b THEN ARRAY[1, NULL] END`` writes ``CAST(NULL AS INTEGER)``, and
    ``COALESCE(MAP['a', NULL], m)`` is refused, a map of NULL values alone (golden
    views_derived_constructors)."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, exp.Query | exp.Subquery):
        if infers_from(parent, child):
            return True
        child, parent = parent, parent.parent
    return False


def infer_operand(
    known: DataType,
    operand: exp.Expression,
    on_wider: WiderRow,
    on_null: Callable[[exp.Null, DataType], None] | None = None,
) -> None:
    """Give ``operand`` the ``known`` type where it has none: ``on_null`` receives each NULL
    literal (itself or a field of a row constructor, at any depth) with the type it takes;
    ``on_wider`` is called for a row constructor of more fields than the row it is given."""
    operand = strip(operand)
    if isinstance(operand, exp.Null):
        if on_null is not None:
            on_null(operand, known.with_nullable(True))
        return
    if not is_row_constructor(operand):
        return
    items = operand.expressions
    if not known.is_row:
        for item in items:
            infer_operand(known, item, on_wider, on_null)
        return
    if len(items) > len(known.children):
        on_wider(known, operand)
    for field, item in zip(known.children, items, strict=False):
        infer_operand(field, item, on_wider, on_null)


def infer_constructor_operands(
    node: exp.Expression, type_of: Callable[[exp.Expression], DataType]
) -> None:
    """FIRST_KNOWN for the operands of ``node``, an ``ARRAY[...]`` or a ``MAP[...]``: the first
    operand's type (keys and values alike: ``MAP['a', NULL]`` has CHAR(1) values) goes to every
    other operand; each NULL literal it reaches is typed by it (:data:`INFERRED`). Not where
    the constructor is derived before any inference reaches it
    (:func:`derived_before_inference`): its operands keep their own types."""
    operands = node.expressions
    if not operands or derived_before_inference(node):
        return
    known = type_of(operands[0])
    name = "ARRAY" if isinstance(node, exp.Array) else "MAP"

    first = "element" if name == "ARRAY" else "key"
    wider = refuse_wider(
        f"Cannot build {name}[...] of", f"the row of the {name}'s first {first}", "Build"
    )

    def typed(null: exp.Null, data_type: DataType) -> None:
        null.meta[INFERRED] = data_type

    for operand in operands[1:]:
        infer_operand(known, operand, wider, typed)


def typed_by_constructor(node: exp.Expression) -> bool:
    """Whether ``node`` is a row constructor among a constructor's operands (through rows and
    parentheses): the constructor types it, once it has given it its inferred types."""
    return is_row_constructor(node) and is_constructor(row_context(node))


def refuse_wider(head: str, than: str, verb: str) -> WiderRow:
    """The refusal of a row constructor of more fields than the row it is given, in the
    dashboard's words: ``head`` (``Cannot apply '=' to``), what gives the row (``the row it is
    compared with``) and what to do with rows of as many fields (``Compare``)."""

    def refuse(row: DataType, constructor: exp.Expression) -> None:
        raise ValidationError(
            f"{head} a row of {_fields(len(row.children))} and {_row_text(constructor)}, a row "
            f"of {_fields(len(constructor.expressions))}: Flink fails on a ROW(...) of more "
            f"fields than {than} (an index out of bounds). {verb} rows of as many fields."
        )

    return refuse


def _row_text(node: exp.Expression) -> str:
    """A row constructor as written, names unquoted, as Calcite's messages show operands."""
    if not is_row_constructor(node):
        return unparse(node).replace("`", "")
    items = ", ".join(_row_text(strip(item)) for item in node.expressions)
    return f"({items})" if isinstance(node, exp.Tuple) else f"ROW({items})"


def _fields(count: int) -> str:
    return f"{count} field" if count == 1 else f"{count} fields"
