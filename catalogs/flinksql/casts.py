"""Casts Flink 2.3 inserts when a view's query no longer yields the types the view stored.

Reading a view, Flink expands its stored query again and casts each column whose type differs
to the stored type (``CAST($0):INTEGER``; a BOOLEAN read as a number becomes a ``CASE``). Where
that cast is not supported, planning fails. ``tests/goldens/casts_oracle.json`` records what
Flink did for every pair of a set of types (``tests/record_casts_oracle.py``); this module is
the rule those recordings check.
"""

from __future__ import annotations

from dataclasses import replace

from .types import (
    ARRAY,
    BINARY,
    BOOLEAN,
    DATE,
    DATETIME_TYPES,
    DECIMAL,
    DOUBLE,
    FLOAT,
    INT,
    MAP,
    MULTISET,
    ROW,
    TIME,
    TIMESTAMP,
    TIMESTAMP_LTZ,
    VARBINARY,
    DataType,
)

_INTEGER_RANK = {"TINYINT": 1, "SMALLINT": 2, "INTEGER": 3, "INT": 3, "BIGINT": 4}
_INTEGER_DIGITS = {"TINYINT": 3, "SMALLINT": 5, "INTEGER": 10, "INT": 10, "BIGINT": 19}


def comparable(data_type: DataType) -> DataType:
    """The type as a cast compares it: a time attribute is not part of it."""
    return replace(data_type, time_attribute=None) if data_type.time_attribute else data_type


def cast_refusal(source: DataType, target: DataType) -> str | None:
    """Flink's message refusing to cast ``source`` to ``target``, or None when it casts."""
    if comparable(source).with_nullable(True) == comparable(target).with_nullable(True):
        return None
    if target.is_string:
        return None  # every type Flink has casts to a character string
    if source.is_string:
        if target.is_collection or target.name == MULTISET or target.is_row:
            return _unsupported(source, target)
        return None
    if _is_number(source):
        if _is_number(target):
            return None
        if target.name == DATE and source.name == INT:
            return (
                f"Only legacy cast behaviour supports cast from '{_short(source)}' to "
                f"'{_short(target)}'."
            )
        if target.name in (TIMESTAMP, TIMESTAMP_LTZ) and source.name != BOOLEAN:
            return _numeric_to_timestamp(target)
        return _unsupported(source, target)
    if source.name in (TIMESTAMP, TIMESTAMP_LTZ) and _is_number(target):
        if target.name == BOOLEAN:
            return _unsupported(source, target)
        if source.name == TIMESTAMP:
            return (
                "The cast from TIMESTAMP type to NUMERIC type is not allowed. It's recommended "
                "to use UNIX_TIMESTAMP(CAST(timestamp_col AS STRING)) instead."
            )
        return "The cast from TIMESTAMP_LTZ type to NUMERIC type is not allowed."
    if source.name in DATETIME_TYPES and target.name in DATETIME_TYPES:
        if {source.name, target.name} == {DATE, TIME}:
            return _unsupported(source, target)
        return None
    if source.is_binary and target.is_binary:
        return None
    if source.name == target.name and source.name in (ARRAY, MULTISET, MAP):
        for part, into in zip(source.children, target.children, strict=True):
            if cast_refusal(part, into) is not None:
                return _unsupported(source, target)
        return None
    if source.is_row and target.is_row and len(source.children) == len(target.children):
        for part, into in zip(source.children, target.children, strict=True):
            if cast_refusal(part, into) is not None:
                return _unsupported(source, target)
        return None
    return _unsupported(source, target)


def loses_data(source: DataType, target: DataType) -> bool:
    """Whether casting ``source`` values to ``target`` can change, cut or fail on a value
    (narrowing), rather than keep every value as it is (widening)."""
    source, target = comparable(source), comparable(target)
    if source.nullable and not target.nullable:
        return True  # a NULL has no NOT NULL value
    source, target = source.with_nullable(True), target.with_nullable(True)
    if source == target:
        return False
    if source.name in _INTEGER_RANK and target.name in _INTEGER_RANK:
        return _INTEGER_RANK[source.name] > _INTEGER_RANK[target.name]
    if source.name in _INTEGER_RANK and target.name == DECIMAL:
        precision, scale = int(target.params[0]), int(target.params[1])
        return precision - scale < _INTEGER_DIGITS[source.name]
    if source.name == DECIMAL and target.name == DECIMAL:
        (p, s), (q, t) = (int(x) for x in source.params), (int(x) for x in target.params)
        return t < s or q - t < p - s
    if source.name == FLOAT and target.name == DOUBLE:
        return False
    if source.is_string and target.is_string:
        return (source.name, target.name) == ("VARCHAR", "CHAR") or target.length < source.length
    if source.name in (BINARY, VARBINARY) and target.name == VARBINARY:
        return target.length < source.length
    if source.name == target.name and source.name in (TIME, TIMESTAMP, TIMESTAMP_LTZ):
        return int(target.params[0]) < int(source.params[0])
    if source.name == target.name and source.name in (ARRAY, MULTISET, MAP, ROW):
        if len(source.children) != len(target.children):
            return True
        return any(loses_data(a, b) for a, b in zip(source.children, target.children, strict=True))
    return True


def _is_number(data_type: DataType) -> bool:
    return data_type.is_numeric or data_type.name == BOOLEAN


def _short(data_type: DataType) -> str:
    return data_type.summary()


def _unsupported(source: DataType, target: DataType) -> str:
    return f"Unsupported cast from '{source.summary()}' to '{target.summary()}'."


def _numeric_to_timestamp(target: DataType) -> str:
    if target.name == TIMESTAMP:
        return (
            "The cast from NUMERIC type to TIMESTAMP type is not allowed. It's recommended to "
            "use TO_TIMESTAMP(FROM_UNIXTIME(numeric_col)) instead, note the numeric is in "
            "seconds."
        )
    return (
        "The cast from NUMERIC type to TIMESTAMP_LTZ type is not allowed. It's recommended to "
        "use TO_TIMESTAMP_LTZ(numeric_col, precision) instead."
    )
