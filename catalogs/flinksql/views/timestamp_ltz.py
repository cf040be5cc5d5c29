"""TO_TIMESTAMP_LTZ where its type or refusal depends on a literal argument's value, which the
function record (its calls keyed by argument types) cannot hold: a literal precision gives the
result that precision, 3 at least, and must lie between 0 and 9; a literal pattern must be one
Java's ``DateTimeFormatter.ofPattern`` takes (..java_patterns); a literal time zone must be
one Java's ``ZoneId.of`` knows, its region IDs recorded from Flink's JVM
(data/java_zone_ids.json, tests/record_zones_oracle.py; golden views_difftest_seed26)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from sqlglot import exp

from .. import builtins
from ..errors import ValidationError
from ..expressions import _is_literal, _strip
from ..java_patterns import NUMBER_CAST, pattern_problem
from ..types import DataType, string_type
from .calls import literal_value

NAME = "TO_TIMESTAMP_LTZ"
_DEFAULT_PRECISION = 3
_MAX_PRECISION = 9


def to_timestamp_ltz_type(
    args: Sequence[exp.Expression], type_of: Callable[[exp.Expression], DataType]
) -> DataType | None:
    """The type of ``TO_TIMESTAMP_LTZ(number, precision)`` of a literal precision, or of
    ``TO_TIMESTAMP_LTZ(string, format, zone)`` of a literal zone; None for another call,
    which the record types."""
    types = [type_of(a) for a in args]
    arguments = [(t, _is_literal(a)) for t, a in zip(types, args, strict=True)]
    if len(args) == 2 and not types[0].is_string:
        value = literal_value(args[1])
        if value is None or value != value.to_integral_value():
            return None
        result = builtins.call_type(NAME, arguments)
        precision = int(value)
        if not 0 <= precision <= _MAX_PRECISION:
            raise ValidationError(
                f"Precision for {NAME} must be between 0 and {_MAX_PRECISION} but was {precision}."
            )
        if result is None or result.name != "TIMESTAMP_LTZ":
            return result
        return replace(result, params=(max(_DEFAULT_PRECISION, precision),))
    pattern = _strip(args[1]) if len(args) >= 2 and types[0].is_string else None
    if isinstance(pattern, exp.Literal) and pattern.is_string:
        check_pattern(pattern.this)
    zone = _strip(args[2]) if len(args) == 3 else None
    if isinstance(zone, exp.Literal) and zone.is_string:
        check_zone(zone.this)
        # a valid zone types as a zone read from a column does
        arguments[2] = (string_type(nullable=types[2].nullable), False)
        return builtins.call_type(NAME, arguments)
    if len(args) in (2, 3) and all(t.is_string for t in types):
        # the string form takes any character strings (Flink's CHARACTER_STRING family): its
        # type does not depend on their kinds and lengths, which the record holds only some of
        # (TO_TIMESTAMP_LTZ('x', c, c) of CHAR(4) columns; seeds 32 and 39)
        strings = [
            (string_type(nullable=t.nullable), literal)
            for t, (_, literal) in zip(types, arguments, strict=True)
        ]
        return builtins.call_type(NAME, strings)
    return None


# Refusals of the string form that depend on its literal pattern's or zone's value, which the
# function record does not key its calls by (it recorded them of its own literals): this
# module checks them of the values written (check_pattern, check_zone).
VALUE_REFUSALS = (
    "Invalid pattern for parsing TIMESTAMP_LTZ: ",
    "Invalid timezone for parsing TIMESTAMP_LTZ: ",
)


def check_pattern(pattern: str) -> None:
    """Refuse a pattern Java's ``DateTimeFormatter.ofPattern`` refuses, as Flink does."""
    problem = pattern_problem(pattern)
    if problem == NUMBER_CAST:  # Java's fault, not an IllegalArgumentException Flink expects
        raise ValidationError(
            f"Unexpected error in type inference logic of function '{NAME}'. This is a bug."
        )
    if problem is not None:
        raise ValidationError(f"{VALUE_REFUSALS[0]}{problem}")


_OFFSET = re.compile(r"[+-](\d{1,2})(:?(\d{2})(:?(\d{2}))?)?$")
_REGION = re.compile(r"[A-Za-z][A-Za-z0-9~/._+-]+")


def check_zone(zone: str) -> None:
    """Refuse a zone Java's ``ZoneId.of`` refuses, with Flink's message."""
    problem = _zone_problem(zone)
    if problem is not None:
        raise ValidationError(f"{VALUE_REFUSALS[1]}{problem}")


def _zone_problem(zone: str) -> str | None:
    if zone == "Z":
        return None
    if len(zone) <= 1 or zone[0] in "+-":
        offset = _offset(zone)
        if offset is not None and offset[0] > 18:
            hours = offset[0]
            return (
                f"Zone offset hours not in valid range: value {hours} is not in the range -18 to 18"
            )
        return None if _valid(offset) else f"Invalid ID for ZoneOffset, invalid format: {zone}"
    if zone in ("UTC", "GMT", "UT"):
        return None
    for prefix in ("UTC", "GMT", "UT"):
        if zone.startswith(prefix) and zone[len(prefix) : len(prefix) + 1] in ("+", "-"):
            if _valid(_offset(zone[len(prefix) :])):
                return None
            return f"Invalid ID for offset-based ZoneId: {zone}"
    if not _REGION.fullmatch(zone):
        return f"Invalid ID for region-based ZoneId, invalid format: {zone}"
    return None if zone in _regions() else f"Unknown time-zone ID: {zone}"


def _offset(text: str) -> tuple[int, int, int] | None:
    """The hours, minutes and seconds of an offset (``+8``, ``-05:30``), read once."""
    match = _OFFSET.match(text)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(3) or 0), int(match.group(5) or 0)


def _valid(offset: tuple[int, int, int] | None) -> bool:
    return offset is not None and offset[0] <= 18 and offset[1] < 60 and offset[2] < 60


_ZONE_IDS = Path(__file__).resolve().parent.parent / "data" / "java_zone_ids.json"


@cache
def _regions() -> frozenset[str]:
    return frozenset(json.loads(_ZONE_IDS.read_text(encoding="utf-8")))
