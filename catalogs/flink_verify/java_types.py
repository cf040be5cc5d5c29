"""The dashboard's types and values as Flink's Java objects (``LogicalType``, ``DataType``,
arrays, lists and maps), built through PyFlink's gateway."""

from __future__ import annotations

from typing import Any

from ..flinksql import types as ft
from ..flinksql.errors import FlinkSqlError
from ..flinksql.member_attributes import member_time_attributes

_EMPTY_LITERAL = {ft.CHAR: "CharType", ft.VARCHAR: "VarCharType", ft.BINARY: "BinaryType"}
_EMPTY_LITERAL[ft.VARBINARY] = "VarBinaryType"


def _logical_type(jvm: Any, data_type: ft.DataType) -> Any:
    """Flink's ``LogicalType`` of a dashboard type. Parsed from its serializable text, except
    where no text can say it: a time attribute (also a member's), and a zero-length string
    type, which only ``ofEmptyLiteral()`` builds (Flink's DDL accepts ``CHAR(0)``, its type
    parser does not)."""
    logical = jvm.org.apache.flink.table.types.logical
    nullable = data_type.nullable
    name = data_type.name
    if data_type.time_attribute:
        kind = getattr(logical.TimestampKind, data_type.time_attribute)
        if name == ft.TIMESTAMP_LTZ:
            return logical.LocalZonedTimestampType(nullable, kind, data_type.precision)
        return logical.TimestampType(nullable, kind, data_type.precision)
    if name in _EMPTY_LITERAL and int(data_type.params[0]) == 0:
        return getattr(logical, _EMPTY_LITERAL[name]).ofEmptyLiteral().copy(nullable)
    text: str | None = None
    if not member_time_attributes(data_type):  # a member's attribute: no text says it
        try:
            text = data_type.serializable()
        except FlinkSqlError:  # a zero-length string type inside
            text = None
    if text is None:  # build the container here
        children = [_logical_type(jvm, c) for c in data_type.children]
        if name == ft.ARRAY:
            return logical.ArrayType(nullable, children[0])
        if name == ft.MULTISET:
            return logical.MultisetType(nullable, children[0])
        if name == ft.MAP:
            return logical.MapType(nullable, children[0], children[1])
        fields = jvm.java.util.ArrayList()
        for field_name, child in zip(data_type.field_names, children, strict=True):
            fields.add(logical.RowType.RowField(field_name, child))
        return logical.RowType(nullable, fields)
    loader = jvm.java.lang.Thread.currentThread().getContextClassLoader()
    return logical.utils.LogicalTypeParser.parse(text, loader)


_DATA_TYPES: dict[tuple[int, ft.DataType], Any] = {}


def java_data_type(jvm: Any, data_type: ft.DataType) -> Any:
    """Flink's ``DataType`` of a dashboard type; one per type and JVM (tables repeat types)."""
    key = (id(jvm), data_type)
    if key not in _DATA_TYPES:
        conversions = jvm.org.apache.flink.table.types.utils.TypeConversions
        _DATA_TYPES[key] = conversions.fromLogicalToDataType(_logical_type(jvm, data_type))
    return _DATA_TYPES[key]


def string_array(jvm: Any, items: list[str]) -> Any:
    from pyflink.java_gateway import get_gateway

    array = get_gateway().new_array(jvm.java.lang.String, len(items))
    for i, item in enumerate(items):
        array[i] = item
    return array


def java_map(jvm: Any, items: dict[str, str]) -> Any:
    result = jvm.java.util.HashMap()
    for key, value in items.items():
        result.put(key, value)
    return result


def java_list(jvm: Any, items: list[str]) -> Any:
    result = jvm.java.util.ArrayList()
    for item in items:
        result.add(item)
    return result
