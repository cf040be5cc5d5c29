"""The operand checks of a CASE, as Calcite's ``SqlCaseOperator`` makes them: every WHEN of a
searched CASE is a condition, and its results have a common type."""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from ..errors import ValidationError
from ..types import DataType
from .common_type import least_restrictive


def check_case(node: exp.Case, type_of: Callable[[exp.Expression], DataType]) -> None:
    """Refuse a CASE whose WHEN (of a searched CASE) is no condition (``Expected a boolean
    type``; NULL is inferred BOOLEAN there) or whose THEN and ELSE results have no common type
    (``Illegal mixing of types in CASE or COALESCE statement``)."""
    branches = node.args.get("ifs") or []
    if node.this is None:
        for branch in branches:
            if type_of(branch.this).name not in ("BOOLEAN", "NULL"):
                raise ValidationError("Expected a boolean type")
    results = [branch.args["true"] for branch in branches]
    default = node.args.get("default")
    if default is not None:
        results.append(default)
    common: DataType | None = None
    for result in results:
        typed = type_of(result)
        if typed.name == "NULL":
            continue
        common = typed if common is None else least_restrictive(common, typed)
        if common is None:
            raise ValidationError("Illegal mixing of types in CASE or COALESCE statement")
