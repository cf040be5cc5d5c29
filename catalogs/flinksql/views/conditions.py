"""The rule on a WHERE, HAVING or ON clause: it must be a condition, as Calcite's validator
says."""

from __future__ import annotations

from sqlglot import exp

from ..errors import ValidationError
from ..expressions import _strip
from ..types import DataType


def check_condition(clause: str, node: exp.Expression, data_type: DataType) -> None:
    """Refuse a ``clause`` (WHERE, HAVING, a join's ON) whose expression ``node`` is no condition.

    Calcite types a HAVING clause before it turns a bare scalar subquery into a value, so
    ``HAVING (SELECT bool ...)`` is a record there, never a condition (WHERE takes it)."""
    bare_query = clause == "HAVING" and isinstance(_strip(node), exp.Subquery | exp.Select)
    if bare_query or data_type.name not in ("BOOLEAN", "NULL"):
        raise ValidationError(f"{clause} clause must be a condition")
