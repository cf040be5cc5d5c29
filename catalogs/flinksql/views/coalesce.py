"""COALESCE and IFNULL as Flink types them: Flink's own type merging (LogicalTypeMerging), not
Calcite's least restrictive type, recorded pair by pair in goldens/views_coalesce_pairs and
views_common_type."""

from __future__ import annotations

import itertools

from sqlglot import exp

from ..errors import ILLEGAL_NULL, INVALID_INPUT_ARGUMENTS, ValidationError
from ..type_rules import least_restrictive_type, merged_numeric_type
from ..types import DATETIME_TYPES, DataType
from .common_type import coerce_operands, needs_deep_cast


def coalesce_result(name: str, args: list[exp.Expression], types: list[DataType]) -> DataType:
    """The type of ``name`` (COALESCE or IFNULL) of ``args`` of ``types``, without the time
    attribute Flink may keep; each argument Flink casts is marked with the cast, and a call
    Flink refuses raises its message."""
    known = [t for t in types if t.name != "NULL"]
    if not known:
        raise ValidationError(ILLEGAL_NULL)
    first = types[0].with_time_attribute(None)
    for a, b in itertools.combinations(known, 2):  # Flink merges them all at once
        if not coalescible(a, b) and not (a.is_interval or b.is_interval):
            raise ValidationError(INVALID_INPUT_ARGUMENTS)  # no common type at all
    common = known[0].with_time_attribute(None)
    for other in known[1:]:
        common = coalesce_step(name, common, other, all(t.nullable for t in types))
    common = common.with_nullable(True)
    if _null_member(common):  # COALESCE(ROW(1, NULL), ROW(2, NULL)): a field of no type
        raise ValidationError(ILLEGAL_NULL)
    _refuse_number_as_moment(common, types)
    typed = [(arg, t) for arg, t in zip(args, types, strict=True) if t.name != "NULL"]
    try:
        coerce_operands([arg for arg, _ in typed], [t for _, t in typed], common)
    except ValidationError as exc:  # no type spec of an interval, here inside a row
        raise ValidationError(
            f"Unexpected error in type inference logic of function '{name}'. This is a bug."
        ) from exc
    if name == "IFNULL" and not first.nullable and not needs_deep_cast(first, common):
        # IFNULL of a NOT NULL value that needs no cast is that value; one cast to a wider
        # number, a DECIMAL of other digits, a time of a larger precision or a row of other
        # field types is of the common type (views_common_type, views_constructor_inference)
        return first
    return common.with_nullable(all(t.nullable for t in types))


def _null_member(data_type: DataType) -> bool:
    return any(c.name == "NULL" or _null_member(c) for c in data_type.children)


def _refuse_number_as_moment(common: DataType, types: list[DataType]) -> None:
    """Flink's refusal of an implicit cast of a number or an interval to a date-time (their
    common type), also as the elements of arrays (``COALESCE(arr, ARRAY[ts])``: ``Data type
    ARRAY<TIMESTAMP(3)> expected but ARRAY<INT> passed``)."""
    found = _number_as_moment(common, types)
    if found is None:
        return
    position, expected = found
    raise ValidationError(
        f"Invalid argument type at position {position}. Data type "
        f"{expected.summary()} expected but {types[position].summary()} passed."
    )


def _number_as_moment(common: DataType, types: list[DataType]) -> tuple[int, DataType] | None:
    """The first operand that is a number or an interval where the common type is a
    date-time (or a collection holding such members), with the type Flink expected there."""
    if common.name in ("ARRAY", "MULTISET", "MAP"):
        if any(t.name not in (common.name, "NULL") for t in types):
            return None
        for place, merged in enumerate(common.children):  # an element, a key or a value
            members = [t.children[place] if t.name == common.name else t for t in types]
            found = _number_as_moment(merged, members)
            if found is not None:
                position, member = found
                passed = types[position]
                children = list(passed.children)
                children[place] = member.with_nullable(merged.nullable)  # the merged member's
                return position, DataType(passed.name, (), passed.nullable, tuple(children))
        return None
    known = [t for t in types if t.name != "NULL"]
    moment = (
        common
        if common.name in DATETIME_TYPES
        else next((t for t in known if t.name in DATETIME_TYPES), None)
    )
    number = next(((i, t) for i, t in enumerate(types) if t.is_numeric or t.is_interval), None)
    if moment is None or number is None:
        return None
    if moment.name == "TIME" and number[1].is_numeric:  # no common type at all
        raise ValidationError(INVALID_INPUT_ARGUMENTS)
    position, t = number
    # Flink's merged date-time keeps a time attribute every date-time operand has
    attributes = {m.time_attribute for m in known if m.name in DATETIME_TYPES}
    attribute = attributes.pop() if len(attributes) == 1 else None
    return position, moment.with_nullable(t.nullable).with_time_attribute(attribute)


def _coalesce_kind(t: DataType) -> str:
    if t.is_integer or t.name == "DECIMAL":
        return "EXACT"
    if t.is_string or t.is_binary or t.is_interval:
        return "CHAR" if t.is_string else "BINARY" if t.is_binary else "INTERVAL"
    return t.name


_MOMENTS = ("DATE", "TIME", "TIMESTAMP", "TIMESTAMP_LTZ")
# The kinds COALESCE finds a common type of (Flink's LogicalTypeMerging, recorded in golden
# views_coalesce_pairs): of one kind, two numbers, a DATE or TIME with a TIMESTAMP (not a
# TIMESTAMP_LTZ), the two timestamps, and an exact number or an interval with a date-time
# (whose implicit cast Flink then refuses: :func:`coalesce_result`).
_COALESCED_KINDS = {
    frozenset(("EXACT", "FLOAT")),
    frozenset(("EXACT", "DOUBLE")),
    frozenset(("FLOAT", "DOUBLE")),
    frozenset(("DATE", "TIMESTAMP")),
    frozenset(("TIME", "TIMESTAMP")),
    frozenset(("TIMESTAMP", "TIMESTAMP_LTZ")),
    *(frozenset((kind, moment)) for kind in ("EXACT", "INTERVAL") for moment in _MOMENTS),
}


def coalescible(a: DataType, b: DataType) -> bool:
    """Whether COALESCE finds a common type of ``a`` and ``b`` (else: Invalid input
    arguments)."""
    if a.name == "NULL" or b.name == "NULL":
        return True  # a NULL field of a row (ROW(1, NULL)) takes the other's type
    kinds = frozenset((_coalesce_kind(a), _coalesce_kind(b)))
    if len(kinds) == 1 and (a.children or b.children):
        # collections: of members with common types (ARRAY<CHAR(1)> and ARRAY<INT>: none);
        # rows: of as many fields, too
        if len(a.children) != len(b.children):
            return False
        return all(coalescible(x, y) for x, y in zip(a.children, b.children, strict=True))
    return len(kinds) == 1 or kinds in _COALESCED_KINDS


def coalesce_step(name: str, common: DataType, other: DataType, nullable: bool) -> DataType:
    """The common type of COALESCE's (or IFNULL's, ``name``) operands so far and the next
    one, or Flink's refusal: ``Invalid input arguments.`` for types of no common one; an exact
    number then an interval meets a bug of Flink's type inference, an interval then an exact
    number takes the number's type, which the planner cannot cast it to if it is a DECIMAL
    (``nullable``: whether every operand is)."""
    exact = other.is_integer or other.name == "DECIMAL"
    if (common.is_integer or common.name == "DECIMAL") and other.is_interval:
        raise ValidationError(
            f"Unexpected error in type inference logic of function '{name}'. This is a bug."
        )
    if common.is_interval and exact:
        if other.name == "DECIMAL":
            target = other.with_nullable(nullable)
            raise ValidationError(
                f"Unsupported cast from '{common.summary()}' to '{target.summary()}'."
            )
        return other
    if not coalescible(common, other):
        raise ValidationError(INVALID_INPUT_ARGUMENTS)  # no common type at all
    return coalesced_type(common, other.with_time_attribute(None))


def coalesced_type(a: DataType, b: DataType) -> DataType:
    """The common type of two COALESCE operands (Flink's own rule, not Calcite's): DOUBLE of
    FLOAT and DOUBLE, FLOAT of a DECIMAL and a FLOAT after it, the DATE or TIME of one and a
    timestamp, and collections and rows of the common, nullable if either is, member types (a
    MAP's key and value; a NULL field takes the other row's field type)."""
    if a.is_numeric and b.is_numeric:
        return merged_numeric_type(a, b)
    for moment in ("DATE", "TIME"):
        if {a.name, b.name} == {moment, "TIMESTAMP"}:
            return a if a.name == moment else b
    if a.name == "NULL" or b.name == "NULL":  # a NULL field of a row: the other's type
        return (b if a.name == "NULL" else a).with_nullable(True)
    kinds = ("ARRAY", "MULTISET", "MAP", "ROW")
    if a.name == b.name and a.name in kinds and a.children != b.children:
        members = tuple(
            coalesced_type(x, y).with_nullable(x.nullable or y.nullable)
            for x, y in zip(a.children, b.children, strict=True)
        )
        return DataType(a.name, (), True, members, a.field_names)
    return least_restrictive_type(a, b)
