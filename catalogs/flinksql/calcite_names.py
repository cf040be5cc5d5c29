"""How Calcite names a type in its messages: ``INTEGER``, ``VARCHAR(2147483647)``,
``INTEGER ARRAY``, ``INTERVAL DAY TO SECOND``, ``TIMESTAMP(3) *ROWTIME*``."""

from __future__ import annotations

from . import literals
from .types import DataType


def calcite_type_name(t: DataType) -> str:
    """A type as Calcite names it in messages: ``INTEGER``, ``VARCHAR(2147483647)``; a time
    attribute as Flink's time indicator type prints itself (``TIMESTAMP(3) *ROWTIME*``)."""
    if t.time_attribute:
        return t.summary_without_nullability()
    return calcite_text(t.with_nullable(True))


def calcite_text(t: DataType) -> str:
    """The serializable form Calcite's messages use, zero lengths included (``CHAR(0)``)."""
    if t.name in ("CHAR", "VARCHAR", "BINARY", "VARBINARY") and t.length == 0:
        return f"{t.name}(0)"
    if t.is_interval:
        return f"INTERVAL {calcite_qualifier(t).text}"
    text = t.serializable()
    return {"INT": "INTEGER"}.get(text, text)


def message_type(data_type: DataType) -> str:
    """A type as Calcite's messages name it: ``INTEGER``, ``VARCHAR(2147483647)``,
    ``INTEGER ARRAY``, ``(VARCHAR(2147483647), INTEGER) MAP``."""
    name = data_type.name
    if name in ("ARRAY", "MULTISET"):
        return f"{message_type(data_type.children[0])} {name}"
    if name == "MAP":
        key, value = data_type.children
        return f"({message_type(key)}, {message_type(value)}) MAP"
    if name == "ROW":
        fields = ", ".join(
            f"{message_type(t)} {n}"
            for n, t in zip(data_type.field_names, data_type.children, strict=True)
        )
        # A ROW read from a table is a struct Calcite does not expand in messages.
        return f"RecordType:peek_no_expand({fields})"
    if data_type.time_attribute:
        return data_type.summary_without_nullability()
    if name == "TIMESTAMP_LTZ":
        return f"TIMESTAMP_WITH_LOCAL_TIME_ZONE({data_type.precision})"
    if name == "BITMAP" and not data_type.nullable:
        return "BITMAP NOT NULL"  # Flink's BITMAP names its nullability (tables_generated_classes)
    return calcite_text(data_type.with_nullable(True))


def calcite_qualifier(t: DataType) -> literals.IntervalQualifier:
    """The interval qualifier of Calcite's type of an interval: its own, else that of Flink's
    logical type as Flink's type factory gives it to Calcite (DAY TO SECOND, YEAR TO MONTH)."""
    if t.interval_qualifier is not None:
        return t.interval_qualifier
    if t.name == "INTERVAL_YEAR_MONTH":
        return literals.IntervalQualifier("YEAR", "MONTH")
    return literals.IntervalQualifier("DAY", "SECOND")


def sql_type_name(t: DataType) -> str:
    """Calcite's ``SqlTypeName`` of a type: ``INTEGER``, ``TIMESTAMP_WITH_LOCAL_TIME_ZONE``, an
    interval by its kind (``INTERVAL_DAY_SECOND``, ``INTERVAL_YEAR_MONTH``)."""
    if t.is_interval:
        year_month = calcite_qualifier(t).start in ("YEAR", "MONTH")
        return "INTERVAL_YEAR_MONTH" if year_month else "INTERVAL_DAY_SECOND"
    return {"INT": "INTEGER", "TIMESTAMP_LTZ": "TIMESTAMP_WITH_LOCAL_TIME_ZONE"}.get(t.name, t.name)
