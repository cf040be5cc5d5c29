"""The operand checks of a CASE, as Calcite's ``SqlCaseOperator`` makes them: every WHEN of a
searched CASE is a condition, not every result is a NULL literal, and its results have a common
type."""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from ..errors import ValidationError
from ..precedence import strip
from ..types import DATETIME_TYPES, DataType
from .casts import check_folded_implicit_cast
from .common_type import least_restrictive_of

# Calcite's refusal of a CASE whose every result is a NULL literal.
ALL_RESULTS_NULL = "ELSE clause or at least one THEN clause must be non-NULL"


def check_case(
    node: exp.Case,
    type_of: Callable[[exp.Expression], DataType],
    write: Callable[[exp.Expression], str],
) -> None:
    """Refuse a CASE whose WHEN is a list (the parser reads a simple CASE's as IN; Calcite's
    validator cannot take a searched CASE's, and names the list as it writes it), or no
    condition (``Expected a boolean type``; NULL is inferred BOOLEAN there), or whose THEN and
    ELSE results have no common type (``Illegal mixing of types in CASE or COALESCE
    statement``). A simple CASE arrives as the searched CASE the parser makes of it."""
    branches = node.args.get("ifs") or []
    for branch in branches:
        condition = branch.this
        if isinstance(condition, exp.Tuple) and condition.meta.get("when_list"):
            for item in condition.expressions:
                type_of(item)  # its names resolved, as the message writes them
            listed = ", ".join(write(item) for item in condition.expressions)
            raise ValidationError(f"class org.apache.calcite.sql.SqlNodeList: {listed}")
        if type_of(condition).name not in ("BOOLEAN", "NULL"):
            raise ValidationError("Expected a boolean type")
    results = [branch.args["true"] for branch in branches]
    default = node.args.get("default")
    if default is not None:
        results.append(default)
    # a missing ELSE is ELSE NULL; a CAST(NULL AS ...) is no NULL literal here
    if all(isinstance(strip(r), exp.Null) for r in results):
        raise ValidationError(ALL_RESULTS_NULL)
    typed_results = [type_of(result) for result in results]
    common = least_restrictive_of(typed_results)
    if common is None and any(t.name != "NULL" for t in typed_results):
        raise ValidationError("Illegal mixing of types in CASE or COALESCE statement")
    # An interval among date-time results is taken by validation (the common type is the
    # date-time) and refused by Flink's planner, which cannot cast it there.
    if common is not None and common.name in DATETIME_TYPES:
        for result in results:
            typed = type_of(result)
            check_folded_implicit_cast(node, result, typed, common)
            if typed.is_interval:
                target = common.with_nullable(any(type_of(r).nullable for r in results))
                raise ValidationError(
                    f"Unsupported cast from '{typed.summary()}' to '{target.summary()}'."
                )
