"""Calcite's period predicate ``(start, end) OVERLAPS (start, end)``, which Flink writes
``PERIOD (s, e) OVERLAPS PERIOD (s, e)``: its operand checks and its type (recorded in
tests/goldens/views_call_forms.json)."""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from ..calcite_names import message_type
from ..errors import ValidationError
from ..expressions import _strip
from ..type_rules import T
from ..types import DataType
from .operands import in_family

_FORMS = "\n".join(
    ["'<DATETIME> OVERLAPS <DATETIME>'"] * 2 + ["'<DATETIME> OVERLAPS <INTERVAL>'"] * 2
)


def period_bounds(node: exp.Expression) -> list[exp.Expression]:
    """The expressions of one side of OVERLAPS: a row ``(s, e)`` or ``PERIOD (s, e)``."""
    node = _strip(node)
    if isinstance(node, exp.Tuple) or (
        isinstance(node, exp.Anonymous) and node.name.upper() in ("PERIOD", "ROW")
    ):
        return list(node.expressions)
    return [node]


def _record(types: list[DataType]) -> str:
    fields = []
    for i, t in enumerate(types):
        fields.append(f"{message_type(t)} EXPR${i}")  # a time attribute's mark included
    return f"<RECORDTYPE:PEEK_NO_EXPAND({', '.join(fields)})>"


def _is_period(types: list[DataType]) -> bool:
    """Calcite's PeriodOperandTypeChecker: two fields, a datetime then a datetime of the same
    type name or an interval."""
    if len(types) != 2 or not in_family(types[0], "DATETIME"):
        return False
    start, end = types
    return end.name == start.name or in_family(end, "DATETIME_INTERVAL")


def overlaps_type(node: exp.Overlaps, type_of: Callable[[exp.Expression], DataType]) -> DataType:
    """BOOLEAN, NOT NULL only when all four bounds are; refused as Calcite refuses it."""
    left = [type_of(e) for e in period_bounds(node.this)]
    right = [type_of(e) for e in period_bounds(node.expression)]
    if not (_is_period(left) and _is_period(right) and left[0].name == right[0].name):
        raise ValidationError(
            f"Cannot apply 'OVERLAPS' to arguments of type '{_record(left)} OVERLAPS "
            f"{_record(right)}'. Supported form(s): {_FORMS}"
        )
    return T("BOOLEAN").with_nullable(any(t.nullable for t in (*left, *right)))
