"""How Flink reads a character string as a DATE: ``DateTimeUtils.parseDate``, the rule of
``CAST(s AS DATE)`` at run time and when Calcite folds a cast of a literal as it converts the
query. Only the year is kept here; the one rule that needs it is Calcite's: a folded date of
year 0, which Flink reads, is no ``DateString`` ("Year out of range: [0]")."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]+")
_INT_MAX = 2**31 - 1
_MONTHS_OF_31 = frozenset([1, 3, 5, 7, 8, 10, 12])


def parsed_date_year(text: str) -> int | None:
    """The year of the date Flink reads ``text`` as, None where it reads none: the text before
    its first space (unless that is its first character), as ``y``, ``y-m`` or ``y-m-d`` of
    unsigned integers with Java's ``trim`` around each, of a year 0 to 9999 and a day its month
    has (February 29 in leap years)."""
    space = text.find(" ")
    if space > 0:
        text = text[:space]
    parts = [_java_trim(part) for part in text.split("-", 2)]
    if not all(_DIGITS.fullmatch(part) and int(part) <= _INT_MAX for part in parts):
        return None
    year, month, day = (*(int(p) for p in parts), 1, 1)[:3]
    return year if _legal(year, month, day) else None


def _java_trim(text: str) -> str:
    """Java's ``String.trim``: every character up to U+0020 off both ends."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


def _legal(year: int, month: int, day: int) -> bool:
    if not (0 <= year <= 9999 and 1 <= month <= 12 and 1 <= day <= 31):
        return False
    if month == 2 and day > 28:
        leap = year % 400 == 0 or (year % 4 == 0 and year % 100 != 0)
        return leap and day == 29
    return day < 31 or month in _MONTHS_OF_31
