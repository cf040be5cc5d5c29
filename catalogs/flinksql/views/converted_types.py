"""The type Flink's planner gives a select item when it converts the validated query to
relational algebra, where that differs from the type the validator derived; Flink then refuses
the view ("Conversion to relational algebra failed to preserve datatypes", Calcite's
``SqlToRelConverter.checkConvertedType``), and so does the dashboard.

The difference has one source. Where Calcite's type coercion casts an operand of a constructor
(``ARRAY[ARRAY[i], ARRAY[bi]]`` casts both to ``BIGINT ARRAY``), it writes the cast's target as
a type spec (Flink 2.3's ``SqlTypeUtil.convertTypeToSpec``), which keeps only the name of an
ARRAY's or MULTISET's element type: converted back, every such element is NOT NULL, at every
depth, and a time attribute is gone. The validator keeps the target type itself. A constructor
is converted by deriving its type again from its converted operands, and so is a field access,
an item, a scalar subquery, a column of a derived table or a set operation, up to the query's
row type, which Flink compares with the validated one in full (nullability at every depth).
A cast, a CASE, a function or an aggregate keeps its validated type.

Recorded from Flink in goldens/views_converted_types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from sqlglot import exp

from ..calcite_names import message_type
from ..errors import ValidationError
from ..expressions import _strip
from ..sql_writer import is_map_constructor
from ..types import DataType
from .calls import QueryExpr, is_row_constructor
from .common_type import COLLECTIONS, least_restrictive_of, with_walked_attributes

TypeOf = Callable[[exp.Expression], DataType]
# where a converted type is kept: the meta key of a column's or a scalar subquery's node (its
# relation's column's), and of a select item's (its own, None where it is the validated one)
CONVERTED = "converted_type"
CONVERTED_ITEM = "converted_item"


def spec_type(target: DataType) -> DataType:
    """The type Flink derives back from the spec of an implicit cast to ``target``: the
    element of a collection NOT NULL at every depth, no time attribute (rows and maps keep
    their members' nullability)."""
    children = tuple(spec_type(c) for c in target.children)
    if target.name in COLLECTIONS:
        children = tuple(c.with_nullable(False) for c in children)
    return replace(target, children=children).with_time_attribute(None)


def converted_type(node: exp.Expression, type_of: TypeOf) -> DataType | None:
    """The type Flink's conversion gives ``node`` (resolved and typed by ``type_of``) where it
    is not the validated type; None where it is."""
    validated = type_of(node)
    converted = _converted(_strip(node), type_of, validated)
    return None if converted is None or converted == validated else converted


def _converted(node: exp.Expression, type_of: TypeOf, validated: DataType) -> DataType | None:
    if isinstance(node, exp.Column | QueryExpr):  # its relation's column's
        kept = node.meta.get(CONVERTED)
        return None if kept is None else kept.with_nullable(validated.nullable)
    if isinstance(node, exp.Array):
        return _collection(node.expressions, type_of, validated, cast=True)
    if isinstance(node, exp.Anonymous) and node.meta.get("multiset") == "values":
        return _collection(node.expressions, type_of, validated, cast=False)
    if isinstance(node, exp.Bracket) and is_map_constructor(node):
        keys, values = node.expressions[0::2], node.expressions[1::2]
        null = _null_after_coercion(node.expressions, validated)
        field = _row_null_after_coercion(node.expressions, validated)
        key = _common(keys, type_of, validated.children[0], cast=True, null=null, field=field)
        value = _common(values, type_of, validated.children[1], cast=True, null=null, field=field)
        if key is None and value is None:
            return None
        parts = (key or validated.children[0], value or validated.children[1])
        return replace(validated, children=parts)
    if isinstance(node, exp.Tuple) or (
        isinstance(node, exp.Anonymous) and node.name.upper() == "ROW"
    ):
        fields = [_converted_or_none(o, type_of) for o in node.expressions]
        if all(f is None for f in fields):
            return None
        kept = zip(fields, validated.children, strict=True)
        return replace(validated, children=tuple(f or v for f, v in kept))
    if isinstance(node, exp.Bracket):  # an item of an array or a map
        whole = _converted_or_none(node.this, type_of)
        if whole is None or not whole.children:
            return None
        return whole.children[-1].with_nullable(validated.nullable)
    if isinstance(node, exp.Dot) and isinstance(node.expression, exp.Identifier):
        row = _converted_or_none(node.this, type_of)
        if row is None or not row.is_row:
            return None
        member = dict(row.fields).get(node.expression.name)
        return None if member is None else member.with_nullable(validated.nullable)
    return None


def _converted_or_none(node: exp.Expression, type_of: TypeOf) -> DataType | None:
    return _converted(_strip(node), type_of, type_of(node))


def _collection(
    items: Sequence[exp.Expression], type_of: TypeOf, validated: DataType, cast: bool
) -> DataType | None:
    element = _common(items, type_of, validated.children[0], cast)
    return None if element is None else replace(validated, children=(element,))


def _null_after_coercion(
    operands: Sequence[exp.Expression], validated: DataType
) -> DataType | None:
    """The type a bare NULL operand of ``MAP[...]`` (of type ``validated``) converts with,
    where it is not its validated one: a NULL takes the type of the constructor's first operand
    that is not a NULL (Calcite's FIRST_KNOWN), and its type is inferred again after coercion
    has cast that operand; it then converts as the cast's target, the common type of the
    operand's side (``MAP[1, NULL, CAST(2 AS BIGINT), NULL]``: its values are validated INT
    and convert BIGINT). None where the first known operand is not cast."""
    for position, operand in enumerate(operands):
        if not isinstance(_strip(operand), exp.Null):
            if "coerce_to" not in operand.meta:
                return None
            return validated.children[position % 2].with_nullable(True)
    return None


def _row_null_after_coercion(
    operands: Sequence[exp.Expression], validated: DataType
) -> DataType | None:
    """The type the untyped NULL fields of a ``ROW(...)`` operand of ``MAP[...]`` convert with,
    where coercion casts the operand they are typed after: the map's first operand, a bare
    NULL (``MAP[NULL, ROW(NULL), DECIMAL '0.06', ROW(NULL)]``: the rows are validated
    ``ROW<NULL>`` and convert ``ROW<DECIMAL(3, 2)>``; seeds 33 and 34), or else its first
    operand that is not a NULL, as a bare NULL operand (``MAP[-0.06, ROW(NULL), ROUND(0.5, 0),
    ROW(NULL)]``: validated ``ROW<DECIMAL(3, 2)>``, converted ``ROW<DECIMAL(4, 2)>``; seed 44)."""
    first = operands[0] if operands else None
    if first is None:
        return None
    if isinstance(_strip(first), exp.Null):
        return validated.children[0].with_nullable(True) if "coerce_to" in first.meta else None
    return _null_after_coercion(operands, validated)


def _typed_fields(row: DataType, field: DataType) -> DataType:
    """``row`` with each untyped NULL field, at any depth of rows, of type ``field``."""
    children = tuple(
        field if c.name == "NULL" else _typed_fields(c, field) if c.is_row else c
        for c in row.children
    )
    return replace(row, children=children)


def _filled_row(item: exp.Expression, typed: DataType, field: DataType) -> DataType:
    """``typed``, the type of a ``ROW(...)`` constructor ``item``, with each field written as
    a bare NULL (at any depth of constructors) of type ``field``."""
    node = _strip(item)
    if not is_row_constructor(node) or len(node.expressions) != len(typed.children):
        return typed
    children = []
    for expression, child in zip(node.expressions, typed.children, strict=True):
        if isinstance(_strip(expression), exp.Null):
            child = field
        elif child.is_row:
            child = _filled_row(expression, child, field)
        children.append(child)
    return replace(typed, children=tuple(children))


def _common(
    items: Sequence[exp.Expression],
    type_of: TypeOf,
    element: DataType,
    cast: bool,
    null: DataType | None = None,
    field: DataType | None = None,
) -> DataType | None:
    """The converted common type of a constructor's ``items`` (``element`` validated), where
    it differs: each item cast to ``element`` (marked ``coerce_to``) as its spec converts back,
    a bare NULL as ``null`` where given (:func:`_null_after_coercion`), a row's untyped NULL
    fields as ``field`` where given (:func:`_row_null_after_coercion`), the others as they
    convert."""
    types, differs = [], False
    for item in items:
        typed = type_of(item)
        if cast and "coerce_to" in item.meta:
            converted: DataType | None = spec_type(element)
        elif null is not None and isinstance(_strip(item), exp.Null):
            converted = null
        elif (
            field is not None
            and typed.is_row
            and (filled := _typed_fields(_filled_row(item, typed, field), field)) != typed
        ):
            converted = filled
        else:
            converted = _converted_or_none(item, type_of)
        differs = differs or converted is not None
        types.append(converted or typed)
    if not differs:
        return None
    common = least_restrictive_of(types)
    if common is None:
        return None
    common = with_walked_attributes(common, types)
    return None if common == element else common


def values_converted(
    converted: Sequence[DataType | None], validated: Sequence[DataType], common: DataType
) -> DataType | None:
    """A column of rows (a VALUES, a set operation's inputs) converted: the least restrictive
    type of the rows' converted types, where one of them differs from its validated type (Flink
    casts no collection of a set operation's inputs)."""
    if all(c is None for c in converted):
        return None
    kept = zip(converted, validated, strict=True)
    merged = least_restrictive_of([c or v for c, v in kept])
    return None if merged is None or merged == common else merged


def check_converted_row_type(fields: Sequence[tuple[str, DataType, DataType | None]]) -> None:
    """Refuse a query whose row type (``fields``: each column's name, validated type and
    converted type, None where that is the validated one) changes in conversion, with
    Flink's message up to the relational plan it adds."""
    if all(converted is None for _, _, converted in fields):
        return
    validated = record_type_string([(n, v) for n, v, _ in fields])
    converted = record_type_string([(n, c or v) for n, v, c in fields])
    raise ValidationError(
        "Conversion to relational algebra failed to preserve datatypes:\n"
        f"validated type:\n{validated}\nconverted type:\n{converted}"
    )


def record_type_string(fields: Sequence[tuple[str, DataType]]) -> str:
    """A row type as Calcite's ``getFullTypeString`` writes a query's: ``RecordType(BIGINT
    ARRAY NOT NULL c) NOT NULL``."""
    return "RecordType(" + ", ".join(f"{full_type_string(t)} {n}" for n, t in fields) + ") NOT NULL"


def full_type_string(t: DataType) -> str:
    """A type as Calcite's ``getFullTypeString`` writes it: with its nullability and every
    member's, a character type's character set (``VARCHAR(2) CHARACTER SET "UTF-16LE" NOT
    NULL``), a row as a struct it does not expand (``RecordType:peek_no_expand(...)``)."""
    if t.name in COLLECTIONS:
        text = f"{full_type_string(t.children[0])} {t.name}"
    elif t.name == "MAP":
        key, value = t.children
        text = f"({full_type_string(key)}, {full_type_string(value)}) MAP"
    elif t.is_row:
        fields = ", ".join(f"{full_type_string(m)} {n}" for n, m in t.fields)
        text = f"RecordType:peek_no_expand({fields})"
    else:
        text = message_type(t)
        if t.name in ("CHAR", "VARCHAR"):
            text += ' CHARACTER SET "UTF-16LE"'
    return text if t.nullable else f"{text} NOT NULL"
