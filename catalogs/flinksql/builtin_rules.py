"""The types of built-in calls that Flink's record of its functions cannot express by one of
its rules (:mod:`.builtins`): precision arithmetic (``MOD`` of decimals, ``GREATEST``,
``MAP_UNION``, the array functions' common element type), ``TIMESTAMPADD``'s units, and the calls
of a rowtime attribute. Each rule is checked against the record by ``tests/test_builtins.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .array_elements import ELEMENT_FUNCTIONS, element_call_type
from .calcite_names import calcite_type_name
from .errors import INVALID_INPUT_ARGUMENTS, ValidationError
from .type_rules import common_decimal, least_restrictive_type, merged_numeric_type
from .types import DATETIME_TYPES, DataType, array_of, map_of

Rule = Callable[[Sequence[DataType]], DataType]


def without_time_attribute(t: DataType) -> DataType:
    """``t`` without its time attribute (a rowtime TIMESTAMP(3) is typed as a TIMESTAMP(3))."""
    return t.with_time_attribute(None) if t.time_attribute else t


_FAMILIES = {
    **dict.fromkeys(("CHAR", "VARCHAR"), "character"),
    **dict.fromkeys(("TINYINT", "SMALLINT", "INT", "BIGINT"), "integer"),
    **dict.fromkeys(("FLOAT", "DOUBLE"), "approximate"),
    **dict.fromkeys(("BINARY", "VARBINARY"), "binary"),
    **dict.fromkeys(("TIMESTAMP", "TIMESTAMP_LTZ"), "timestamp"),
}


def type_family(t: DataType) -> str:
    """The family Flink merges or compares ``t`` within (CHAR and VARCHAR are "character")."""
    return _FAMILIES.get(t.name, t.name)


# Units below a day (TIMESTAMPADD of one drops a time attribute, makes a DATE a TIMESTAMP).
SUB_DAY_UNITS = frozenset(["HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND"])


def timestamp_add_type(name: str, unit: str, types: Sequence[DataType]) -> DataType:
    """TIMESTAMPADD(unit, n, t) and TIMESTAMPDIFF(unit, a, b) over their operands' types, as
    Calcite deduces them (recorded in goldens/views_workload_idioms): TIMESTAMPDIFF is an INT;
    TIMESTAMPADD keeps t's type, at least of the unit's precision (MILLISECOND 3, MICROSECOND
    6, TIME 3 at most), a DATE plus an HOUR, MINUTE or SECOND is a TIMESTAMP(6), and a unit
    below a day drops a time attribute; nullable if an operand is."""
    nullable = any(t.nullable for t in types)
    if name == "TIMESTAMPDIFF":
        return DataType("INT", (), nullable)
    target, unit = types[1], unit.upper()
    if target.name not in DATETIME_TYPES and target.name != "NULL":
        shown = ", ".join(f"<{calcite_type_name(t)}>" for t in types)
        raise ValidationError(
            f"Cannot apply 'TIMESTAMPADD' to arguments of type 'TIMESTAMPADD(<INTERVAL {unit}>, "
            f"{shown})'. Supported form(s): 'TIMESTAMPADD(<ANY>, <INTEGER>, <DATETIME>)'"
        )
    fraction = {"MILLISECOND": 3, "MICROSECOND": 6}.get(unit, 0)
    if target.name == "DATE" and unit in SUB_DAY_UNITS:
        if fraction:  # Calcite asks a DATE for a precision
            raise ValidationError("typeName.allowsPrecScale(true, false): DATE")
        return DataType("TIMESTAMP", (6,), nullable)
    if fraction and target.name in ("TIMESTAMP", "TIMESTAMP_LTZ", "TIME"):
        limit = 3 if target.name == "TIME" else 9
        precision = max(int(target.params[0]) if target.params else 0, min(fraction, limit))
        target = DataType(target.name, (precision,), target.nullable)
    if unit in SUB_DAY_UNITS:
        target = target.with_time_attribute(None)
    return target.with_nullable(nullable)


def _current_watermark(types: Sequence[DataType]) -> DataType | None:
    """CURRENT_WATERMARK of a rowtime attribute of any timestamp type is a nullable timestamp
    of that type (the record's one rowtime column is a TIMESTAMP(3): its call answers so)."""
    if len(types) != 1:
        return None
    return without_time_attribute(types[0]).with_nullable(True)


# Functions of a rowtime attribute whose answer the record holds for one rowtime type only.
ROWTIME_RULES: dict[str, Callable[[Sequence[DataType]], DataType | None]] = {
    "CURRENT_WATERMARK": _current_watermark,
}


def _decimal_modulo(types: Sequence[DataType]) -> DataType | None:
    """MOD of DECIMALs (an integer counting as a DECIMAL of its digits): the smaller integral
    part and the larger scale (Flink's ``LogicalTypeMerging.findModuloDecimalType``)."""
    if len(types) != 2 or not any(t.name == "DECIMAL" for t in types):
        return None
    if not all(t.name == "DECIMAL" or t.is_integer for t in types):
        return None
    (p1, s1), (p2, s2) = (_decimal_digits(t) for t in types)
    if s1 == s2 == 0:  # Calcite's deriveDecimalModType: the divisor's type (MOD(d_20_0, i_int))
        return types[1].with_nullable(any(t.nullable for t in types))
    scale = max(s1, s2)
    precision = min(min(p1 - s1, p2 - s2) + scale, 38)
    return DataType("DECIMAL", (precision, scale), any(t.nullable for t in types))


_INTEGER_DIGITS = {"TINYINT": 3, "SMALLINT": 5, "INT": 10, "BIGINT": 19}


def _decimal_digits(t: DataType) -> tuple[int, int]:
    if t.name == "DECIMAL":
        return int(t.params[0]), int(t.params[1])
    return _INTEGER_DIGITS[t.name], 0


def modulo_type(types: Sequence[DataType]) -> DataType | None:
    """MOD and ``%`` (one operator in Calcite, ``ReturnTypes.NULLABLE_MOD``): of DECIMALs as
    :func:`_decimal_modulo`; of two integers, the type of the divisor (``BIGINT % INT`` is INT),
    nullable where either is."""
    decimal = _decimal_modulo(types)
    if decimal is not None or len(types) != 2:
        return decimal
    if all(t.is_integer for t in types):
        return types[1].with_nullable(any(t.nullable for t in types))
    return None


_INTEGER_ORDER = ("TINYINT", "SMALLINT", "INT", "BIGINT")


def _common_part(a: DataType, b: DataType) -> DataType | None:
    """The common type of two keys or values of maps, where it is plain: one type (nullable
    where either is), the longer VARCHAR of two strings, or the wider of two integers; None
    where it takes more rules."""
    nullable = a.nullable or b.nullable
    if a.with_nullable(True) == b.with_nullable(True):
        return a.with_nullable(nullable)
    if a.is_string and b.is_string:
        return DataType("VARCHAR", (max(a.length or 0, b.length or 0),), nullable)
    if a.name in _INTEGER_ORDER and b.name in _INTEGER_ORDER:
        wider = max(a, b, key=lambda t: _INTEGER_ORDER.index(t.name))
        return wider.with_nullable(nullable)
    return None


def map_union_type(types: Sequence[DataType]) -> DataType | None:
    """MAP_UNION of maps: their common type (Flink's ``TypeStrategies.COMMON``: the common key
    and value types), nullable where any map is. The record holds only the call of one map."""
    if len(types) < 2 or any(t.name != "MAP" for t in types):
        return None
    key, value = types[0].children
    for other in types[1:]:
        common_key, common_value = (
            _common_part(key, other.children[0]),
            _common_part(value, other.children[1]),
        )
        if common_key is None or common_value is None:
            return None
        key, value = common_key, common_value
    return map_of(key, value, nullable=any(t.nullable for t in types))


# The families (:func:`type_family`) Flink merges by precision or length
# (LogicalTypeMerging.findCommonType).
_MERGED_FAMILIES = frozenset(["timestamp", "TIME", "character", "binary"])


def common_argument_type(types: Sequence[DataType], nullable: bool) -> DataType | None:
    """The common type of arguments of one family whose precisions or lengths differ, as
    Flink merges them (goldens/views_common_type): the largest precision, a TIMESTAMP_LTZ
    beside a TIMESTAMP, a VARCHAR or VARBINARY of the largest length where lengths or kinds
    differ (``GREATEST(CHAR(3), CHAR(5))`` is VARCHAR(5)); None for other arguments."""
    families = {type_family(t) for t in types}
    if len(families) != 1 or not families <= _MERGED_FAMILIES:
        return None
    result = without_time_attribute(types[0])
    for t in types[1:]:
        result = least_restrictive_type(result, without_time_attribute(t))
    return result.with_nullable(nullable)


# Families GREATEST and LEAST compare with each other beyond their own (goldens/
# views_coalesce_pairs): numbers, and a DATE or TIME with a TIMESTAMP (of that DATE or TIME)
_COMPARED_FAMILIES = (
    frozenset(("integer", "DECIMAL", "approximate")),
    frozenset(("DATE", "TIMESTAMP")),
    frozenset(("TIME", "TIMESTAMP")),
)


def _compared(a: DataType, b: DataType) -> bool:
    if type_family(a) == type_family(b):
        return True
    kinds = {type_family(a), type_family(b)}
    if kinds == {"DATE", "timestamp"} or kinds == {"TIME", "timestamp"}:
        kinds = {a.name, b.name}  # a TIMESTAMP_LTZ compares with neither
    return any(kinds <= families for families in _COMPARED_FAMILIES)


def _greatest_across(types: Sequence[DataType]) -> DataType | None:
    """GREATEST and LEAST of arguments of several families, or Flink's refusal of two it does
    not compare: numbers with an approximate one are FLOAT or DOUBLE as COALESCE makes them
    (FLOAT after a DECIMAL stays FLOAT), a DATE or TIME beside a TIMESTAMP is that DATE or
    TIME."""
    for i, a in enumerate(types):
        for b in types[i + 1 :]:
            if _compared(a, b):
                continue
            if a.name in DATETIME_TYPES and b.name in DATETIME_TYPES:  # of no common type
                raise ValidationError("Could not infer an output type for the given arguments.")
            raise ValidationError(
                "All types in a comparison should support both 'EQUALS' and 'ORDER' comparison"
                f" with each other. Can not compare {a.summary()} with {b.summary()}"
            )
    nullable = any(t.nullable for t in types)
    if len({without_time_attribute(t).with_nullable(True) for t in types}) == 1:
        return without_time_attribute(types[0]).with_nullable(nullable)
    structured = _structured_common(types)
    if structured is not None:
        return structured
    if all(t.is_numeric for t in types):
        result = without_time_attribute(types[0])
        for t in types[1:]:
            result = merged_numeric_type(result, without_time_attribute(t))
        return result.with_nullable(nullable)
    moment = next((t for t in types if t.name in ("DATE", "TIME")), None)
    if moment is not None and any(t.name == "TIMESTAMP" for t in types):
        return without_time_attribute(moment).with_nullable(nullable)
    return None


def _structured_common(types: Sequence[DataType]) -> DataType | None:
    """Arrays, multisets, maps or rows of one shape (rows of as many fields, named as the
    first) as one: member by member, the common type their members merge to (Flink's
    LogicalTypeMerging), nullable where any is (ARRAY_CONCAT of an ARRAY<ROW<INT, CHAR(1)>>
    and an ARRAY<ROW<BIGINT NOT NULL, CHAR(1)>> is of ARRAY<ROW<BIGINT, CHAR(1)>>; golden
    views_converted_types); None for other types, or members of no common type."""
    first = types[0]
    if first.name not in ("ARRAY", "MULTISET", "MAP", "ROW") or any(
        (t.name, len(t.children)) != (first.name, len(first.children)) for t in types
    ):
        return None
    children = []
    for i in range(len(first.children)):
        member = _common_or_none([t.children[i] for t in types])
        if member is None:
            return None
        children.append(member)
    nullable = any(t.nullable for t in types)
    return replace(first, children=tuple(children)).with_nullable(nullable)


def greatest_type(types: Sequence[DataType]) -> DataType | None:
    """GREATEST and LEAST of exact numbers, a DECIMAL among them: the DECIMAL that holds each
    (the most integer digits and the largest scale); of one family of other types, their
    common type (:func:`common_argument_type`); of several families :func:`_greatest_across`;
    nullable if any argument is; None for other arguments, which the record types."""
    exact = all(t.name == "DECIMAL" or t.name in _INTEGER_DIGITS for t in types)
    if not types or not exact or not any(t.name == "DECIMAL" for t in types):
        merged = common_argument_type(types, any(t.nullable for t in types))
        return merged if merged is not None else _greatest_across(types)
    digits = [_decimal_digits(t) for t in types]
    scale = max(s for _, s in digits)
    integer = max(p - s for p, s in digits)
    nullable = any(t.nullable for t in types)
    return DataType("DECIMAL", common_decimal(integer, scale), nullable)


# Functions of arrays of one common type (Flink's commonArrayType input strategy).
COMMON_ARRAY_FUNCTIONS = frozenset(
    {"ARRAY_CONCAT", "ARRAY_UNION", "ARRAY_EXCEPT", "ARRAY_INTERSECT"}
)
_EXACT_NUMBERS = frozenset(("TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL"))


def common_array_type(types: Sequence[DataType]) -> DataType | None:
    """ARRAY_CONCAT, ARRAY_UNION, ARRAY_EXCEPT and ARRAY_INTERSECT of arrays: the array of
    their elements' common type (as GREATEST merges them: goldens/views_array_commons),
    nullable where any array is; None where an argument is no array (the record answers).
    Raises Flink's refusal where the elements have no common type, or where an exact
    number would be cast to the date-time the others are."""
    if not types or any(t.name != "ARRAY" for t in types):
        return None
    elements = [t.children[0] for t in types]
    nullable = any(t.nullable for t in types)
    element = _common_or_none(elements)
    if element is not None:
        return array_of(element, nullable=nullable)
    moments = [e for e in elements if e.name in DATETIME_TYPES]
    if moments and all(e.name in _EXACT_NUMBERS for e in elements if e not in moments):
        moment = _common_or_none(moments)
        if moment is not None:
            at = next(i for i, e in enumerate(elements) if e.name in _EXACT_NUMBERS)
            member = moment.with_nullable(any(e.nullable for e in elements))
            raise ValidationError(
                f"Invalid argument type at position {at}. Data type "
                f"{array_of(member, nullable=nullable).summary()} expected but "
                f"{types[at].summary()} passed."
            )
    shown = ", ".join(t.summary() for t in types)
    raise ValidationError(f"Could not find a common type for arguments: [{shown}]")


def _common_or_none(types: Sequence[DataType]) -> DataType | None:
    """The common type GREATEST gives ``types``, or None where it has none (or refuses)."""
    try:
        return greatest_type(types)
    except ValidationError:
        return None


def array_extreme_type(types: Sequence[DataType]) -> DataType | None:
    """ARRAY_MAX and ARRAY_MIN of an array of rows, maps or arrays: Flink's refusal, they do
    not compare (goldens/views_difftest_seed15); None for other arrays, which the record types."""
    if len(types) != 1 or types[0].name != "ARRAY":
        return None
    element = types[0].children[0]
    if element.name in ("ROW", "MAP", "ARRAY", "MULTISET"):
        raise ValidationError(
            f"Type '{element.summary()}' should support both 'EQUALS' and 'ORDER' comparison"
            " with itself."
        )
    return None


def array_sort_type(types: Sequence[DataType]) -> DataType | None:
    """ARRAY_SORT of an array of rows: Flink's refusal (goldens/views_difftest_seed15)."""
    if types and types[0].name == "ARRAY" and types[0].children[0].name == "ROW":
        raise ValidationError(INVALID_INPUT_ARGUMENTS)
    return None


def elt_type(types: Sequence[DataType]) -> DataType | None:
    """ELT(index, value, ...): the values' common type (ELT(1, 'x', 'yy') is VARCHAR(2)),
    always nullable (the index may be out of range); None for other arguments."""
    if len(types) < 2 or not types[0].is_integer:
        return None
    return common_argument_type(types[1:], nullable=True)


PRECISION_RULES: dict[str, Rule] = {
    "ARRAY_MAX": array_extreme_type,
    "ARRAY_MIN": array_extreme_type,
    "ARRAY_SORT": array_sort_type,
    "ELT": elt_type,
    **dict.fromkeys(sorted(COMMON_ARRAY_FUNCTIONS), common_array_type),
    **{
        name: lambda types, name=name: element_call_type(name, types)
        for name in sorted(ELEMENT_FUNCTIONS)
    },
    "MOD": modulo_type,
    "MAP_UNION": map_union_type,
    "GREATEST": greatest_type,
    "LEAST": greatest_type,
}
