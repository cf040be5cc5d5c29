"""Which CAST Flink supports: the explicit casting rules of Flink's ``LogicalTypeCasts``, as a
table from each target type root to the source roots it accepts, checked against Flink 2.3's
recorded answers (tests/goldens/views_checks_operands.json)."""

from __future__ import annotations

from ..errors import ValidationError
from ..types import DataType
from .operands import message_type

_INTEGERS = frozenset(["TINYINT", "SMALLINT", "INT", "BIGINT"])
_EXACT = _INTEGERS | {"DECIMAL"}
_NUMERIC = _EXACT | {"FLOAT", "DOUBLE"}
_CHARACTER = frozenset(["CHAR", "VARCHAR"])
_BINARY = frozenset(["BINARY", "VARBINARY"])
_TIMESTAMPS = frozenset(["TIMESTAMP", "TIMESTAMP_LTZ"])
_DATETIME = _TIMESTAMPS | {"DATE", "TIME"}
_INTERVALS = frozenset(["INTERVAL_YEAR_MONTH", "INTERVAL_DAY_TIME"])
_CONSTRUCTED = frozenset(["ARRAY", "MULTISET", "MAP", "ROW"])
_PREDEFINED = _NUMERIC | _CHARACTER | _BINARY | _DATETIME | _INTERVALS | {"BOOLEAN"}

# Target root -> the source roots an explicit CAST accepts (besides its own root and NULL).
_SOURCES: dict[str, frozenset[str]] = {
    **dict.fromkeys(_CHARACTER, _PREDEFINED | _CONSTRUCTED),
    **dict.fromkeys(_BINARY, _BINARY | _CHARACTER),
    "BOOLEAN": _CHARACTER | _NUMERIC | {"BOOLEAN"},
    # no interval to a number: Calcite refuses CAST(INTERVAL '1' HOUR AS BIGINT) while it
    # validates, before Flink's own rules (views_difftest_found)
    **dict.fromkeys(_INTEGERS, _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"}),
    "DECIMAL": _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"},
    "FLOAT": _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"},
    "DOUBLE": _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"},
    "DATE": _TIMESTAMPS | _CHARACTER | {"DATE"},
    "TIME": _TIMESTAMPS | _CHARACTER | {"TIME"},
    **dict.fromkeys(_TIMESTAMPS, _DATETIME | _CHARACTER | _NUMERIC),
    **dict.fromkeys(_INTERVALS, _EXACT | _CHARACTER),
}


def supports_cast(source: DataType, target: DataType) -> bool:
    """Whether ``CAST(<source> AS <target>)`` is a cast Flink has."""
    if source.name == "NULL" or source.name == target.name and not source.children:
        return True
    if source.name in _CONSTRUCTED or target.name in _CONSTRUCTED:
        if target.name in _CHARACTER or (source.name in _CHARACTER and target.name == "ARRAY"):
            return True  # a string casts to an array too (Flink's string-to-array rule)
        if source.name != target.name or len(source.children) != len(target.children):
            return False
        return all(
            supports_cast(s, t) for s, t in zip(source.children, target.children, strict=True)
        )
    if target.is_interval and source.name in _EXACT:
        # an exact number casts only to an interval of one field (INTERVAL DAY, not DAY TO HOUR)
        qualifier = target.interval_qualifier
        return qualifier is None or qualifier.end is None
    sources = _SOURCES.get(target.name)
    return sources is None or source.name in sources


def check_cast(source: DataType, target: DataType) -> None:
    if not supports_cast(source, target):
        raise ValidationError(
            f"Cast function cannot convert value of type {message_type(source)} "
            f"to type {message_type(target)}"
        )
