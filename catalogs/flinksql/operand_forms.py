"""Calcite's "Cannot apply" refusals of a built-in function's call: the forms its message
lists (``'LPAD(<CHARACTER>, <INTEGER>, <CHARACTER>)'``), the type families they name, and
whether argument types fit one of them.

The record of built-in functions answers the calls it holds; a call over other type roots is
typed by a rule of the recorded ones. Where a function's recorded answers agree with its
forms, so that the forms tell Flink's answers apart, a call whose arguments fit none of them
is refused as Calcite refuses it (``LPAD('x', 5, TRUE)``: views difftest seed 40's probes)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .calcite_names import message_type
from .types import DATETIME_TYPES, DataType

CANNOT_APPLY = re.compile(
    r"Cannot apply '([^']+)' to arguments of type '\1\(.*\)'\. Supported form\(s\): (.*)",
    re.DOTALL,
)
_FORM = re.compile(r"'[^'(]+\(([^')]*)\)'")

_EXACT = frozenset(["TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL"])
_INTEGER = frozenset(["TINYINT", "SMALLINT", "INT", "BIGINT"])
_APPROXIMATE = frozenset(["FLOAT", "DOUBLE"])
_CHARACTER = frozenset(["CHAR", "VARCHAR"])
_BINARY = frozenset(["BINARY", "VARBINARY"])
_INTERVAL = frozenset(["INTERVAL_YEAR_MONTH", "INTERVAL_DAY_TIME"])

# Calcite's type families, by the name its messages give them: the type roots of each
FAMILIES: dict[str, frozenset[str]] = {
    "NUMERIC": _EXACT | _APPROXIMATE,
    "EXACT_NUMERIC": _EXACT,
    "APPROXIMATE_NUMERIC": _APPROXIMATE,
    "INTEGER": _INTEGER,
    "CHARACTER": _CHARACTER,
    "STRING": _CHARACTER | _BINARY,
    "BINARY": _BINARY,
    "BOOLEAN": frozenset(["BOOLEAN"]),
    "DATE": frozenset(["DATE"]),
    "TIME": frozenset(["TIME"]),
    "TIMESTAMP": frozenset(["TIMESTAMP", "TIMESTAMP_LTZ"]),
    "DATETIME": DATETIME_TYPES,
    "DATETIME_INTERVAL": _INTERVAL,
}

Answer = tuple[Sequence[DataType], bool, str | None]  # argument types, taken, message


def written(symbol: str, types: Sequence[DataType], supported: str) -> str:
    """Calcite's message for a call of ``symbol`` over ``types`` that fits none of
    ``supported``."""
    shown = ", ".join(f"<{message_type(t)}>" for t in types)
    return (
        f"Cannot apply '{symbol}' to arguments of type '{symbol}({shown})'. "
        f"Supported form(s): {supported}"
    )


def own_forms(types: Sequence[DataType], message: str | None) -> tuple[str, str] | None:
    """The function's symbol and the forms ``message`` lists, where it is the "Cannot apply"
    message of a call over ``types`` itself; else None."""
    match = CANNOT_APPLY.fullmatch(str(message))
    if match is None:
        return None
    symbol, supported = match.groups()
    return (symbol, supported) if message == written(symbol, types, supported) else None


def _fits(types: Sequence[DataType], forms: Sequence[Sequence[str]]) -> bool | None:
    """Whether ``types`` fit one of ``forms`` (of as many operands); None where a family or
    a type (an untyped NULL) leaves it open."""
    if not any(len(form) == len(types) for form in forms):
        return None  # the listed forms do not say (CONCAT's lists one operand of many)
    answer: bool | None = False
    for form in forms:
        if len(form) != len(types):
            continue
        fits: bool | None = True
        for family, t in zip(form, types, strict=True):
            roots = FAMILIES.get(family)
            if roots is None or t.name == "NULL":
                fits = None  # open, unless a later operand fits no family
            elif t.name not in roots:
                fits = False
                break
        if fits:
            return True
        if fits is None:
            answer = None
    return answer


def _operands(inner: str) -> list[str]:
    """The families of a form's operands: ``<CHARACTER>, <INTEGER>``; ``<DATE> TO
    <TIME_UNIT>`` (CEIL's other syntax) is two; none between the parentheses is none."""
    if not inner.strip():
        return []
    return [f.strip().strip("<>") for f in re.split(r",| TO ", inner)]


@dataclass(frozen=True)
class Forms:
    """A function's operand forms as its refusals list them: the symbol Calcite names it by,
    the list as written, each form's families."""

    symbol: str
    supported: str
    families: tuple[tuple[str, ...], ...]

    def refusal(self, types: Sequence[DataType]) -> str | None:
        """Calcite's refusal of a call over ``types`` that fits none of the forms."""
        return written(self.symbol, types, self.supported) if self._fits(types) is False else None

    def _fits(self, types: Sequence[DataType]) -> bool | None:
        return _fits(types, self.families)


def borne_out(answers: Iterable[Answer]) -> Forms | None:
    """The forms a function's recorded refusals list, where its recorded ``answers`` bear
    them out: every call taken fits one, every call refused with the forms fits none, and there
    are both; else None."""
    recorded = list(answers)
    listed = {own_forms(t, m) for t, taken, m in recorded if not taken} - {None}
    if len(listed) != 1:
        return None
    ((symbol, supported),) = listed
    families = tuple(tuple(_operands(inner)) for inner in _FORM.findall(supported))
    if not families or any(not all(f) for f in families):
        return None
    forms = Forms(symbol, supported, families)
    taken = refused = 0
    for arguments, was_taken, message in recorded:
        fits = forms._fits(arguments)
        if was_taken:
            if fits is False:
                return None  # a call the forms would refuse was taken
            taken += fits is True
        elif own_forms(arguments, message) is not None:
            if fits is True:
                return None  # a call the forms would take was refused
            refused += fits is False
    return forms if taken and refused else None
