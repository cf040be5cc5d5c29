"""The common type of two types, as Calcite's least-restrictive rule gives it for Flink (set
operations, VALUES rows, USING columns, CASE branches)."""

from __future__ import annotations

from sqlglot import exp

from ..calcite_names import calcite_type_name
from ..type_rules import T, least_restrictive_type
from ..types import DataType


def least_restrictive(a: DataType, b: DataType) -> DataType | None:
    """The common type of two columns of a set operation, or None if they have none."""
    nullable = a.nullable or b.nullable
    if a.name == "NULL":
        return b.with_nullable(True)
    if b.name == "NULL":
        return a.with_nullable(True)
    string_like = {"CHAR", "VARCHAR"}
    if (a.name in string_like) != (b.name in string_like):
        return None
    moments = ("TIMESTAMP", "DATE", "TIME")
    if a.is_integer and b.name in moments or b.is_integer and a.name in moments:
        # Flink's type factory widens an integer and a TIMESTAMP, DATE or TIME to the latter.
        stamp = a if a.name in moments else b
        return stamp.with_nullable(nullable).with_time_attribute(None)
    if a.is_numeric != b.is_numeric:
        return None
    result = least_restrictive_type(a.with_nullable(True), b.with_nullable(True))
    time_attribute = a.time_attribute if a.time_attribute == b.time_attribute else None
    return result.with_nullable(nullable).with_time_attribute(time_attribute)


def set_column_type(left: DataType, right: DataType, common: DataType) -> DataType:
    """A set operation's column: the common type, a time attribute of the left branch kept
    when the right one is a timestamp of the same type (a plain one or a time attribute of
    its own), nullability aside (Flink takes the left row type); a TIMESTAMP(0) on the right
    makes a new type, with no attribute."""
    plain_left = left.with_nullable(True).with_time_attribute(None)
    plain_right = right.with_nullable(True).with_time_attribute(None)
    same = plain_left == plain_right and plain_left == common.with_nullable(True)
    if left.time_attribute and right.is_timestamp and same:
        return common.with_time_attribute(left.time_attribute)
    return common


def coalesced_type(a: DataType, b: DataType) -> DataType:
    """The common type of two COALESCE operands (Flink's own rule, not Calcite's): DOUBLE of
    FLOAT and DOUBLE, and collections of the common, nullable if either is, element type."""
    if {a.name, b.name} == {"FLOAT", "DOUBLE"}:
        return T("DOUBLE")
    if a.name == b.name and a.name in ("ARRAY", "MULTISET") and a.children != b.children:
        (x,), (y,) = a.children, b.children
        element = coalesced_type(x, y).with_nullable(x.nullable or y.nullable)
        return DataType(a.name, (), True, (element,))
    return least_restrictive_type(a, b)


def needs_cast(source: DataType, target: DataType) -> bool:
    """Whether Flink casts an operand of ``source`` type to the common ``target`` type."""
    if source.is_string and target.is_string:
        return False
    if source.is_binary and target.is_binary:
        return False
    plain = source.with_nullable(True).with_time_attribute(None)
    return plain != target.with_nullable(True).with_time_attribute(None)


def concat_type(a: DataType, b: DataType) -> DataType:
    """``a || b``: CHAR if both are CHAR, else VARCHAR, of the summed length."""
    nullable = a.nullable or b.nullable
    if a.is_binary and b.is_binary:
        length = min((a.length or 0) + (b.length or 0), 2147483647)
        name = "BINARY" if a.name == b.name == "BINARY" else "VARBINARY"
        return DataType(name, (length,), nullable)
    if a.name == b.name == "ARRAY":
        return a.with_nullable(nullable)  # <EQUIVALENT_TYPE> || <EQUIVALENT_TYPE>
    if not (a.is_string and b.is_string):
        return T("STRING").with_nullable(nullable)
    length = min((a.length or 0) + (b.length or 0), 2147483647)
    name = "CHAR" if a.name == b.name == "CHAR" else "VARCHAR"
    return DataType(name, (length,), nullable)


def coerce_operands(
    operands: list[exp.Expression], types: list[DataType], common: DataType
) -> None:
    """Write each operand of another type than ``common`` cast to it, as Flink writes the
    implicit casts of a call that coerces its arguments to their common type
    (``MAP_UNION(CAST(`t`.`m` AS MAP< VARCHAR(2147483647) CHARACTER SET `UTF-16LE`, BIGINT >),
    `t`.`mb`)``; golden views_difftest_seed8_classes)."""
    for operand, data_type in zip(operands, types, strict=True):
        if _needs_deep_cast(data_type, common):
            operand.meta["coerce_to"] = cast_type_text(common)


def _needs_deep_cast(source: DataType, target: DataType) -> bool:
    """:func:`needs_cast` of the members of collections too (a map of VARCHAR(3) keys is no
    cast from a map of STRING keys)."""
    if source.children and source.name == target.name:
        if len(source.children) != len(target.children):
            return True
        pairs = zip(source.children, target.children, strict=True)
        return any(_needs_deep_cast(a, b) for a, b in pairs)
    return needs_cast(source, target)


def cast_type_text(data_type: DataType) -> str:
    """A type as Calcite writes the target of an implicit cast: a character string with its
    character set, a map as ``MAP< key, value >``."""
    if data_type.is_string:
        return f"{calcite_type_name(data_type)} CHARACTER SET `UTF-16LE`"
    if data_type.name == "MAP":
        key, value = (cast_type_text(t) for t in data_type.children)
        return f"MAP< {key}, {value} >"
    return calcite_type_name(data_type)
