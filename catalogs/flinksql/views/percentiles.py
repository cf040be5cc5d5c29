"""Flink's PERCENTILE aggregate and Calcite's PERCENTILE_CONT / PERCENTILE_DISC called without
WITHIN GROUP: their operand checks and types, which the record of built-in functions cannot
give (it holds only refused calls of PERCENTILE: its recorder had no percentage in [0, 1]).
Checked against tests/goldens/views_call_forms.json."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlglot import exp

from ..errors import INVALID_INPUT_ARGUMENTS, ValidationError
from ..expressions import _strip
from ..type_rules import T, operand_family
from ..types import DataType
from .calls import literal_value
from .operands import in_family


def _in_range(node: exp.Expression) -> bool:
    """A literal percentage (or each literal of an ARRAY of them) is within [0, 1]."""
    node = _strip(node)
    items = node.expressions if isinstance(node, exp.Array) else [node]
    for item in items:
        value = literal_value(item)
        if value is not None and not 0 <= value <= 1:
            return False
    return True


def percentile_type(
    args: Sequence[exp.Expression], type_of: Callable[[exp.Expression], DataType]
) -> DataType | None:
    """``PERCENTILE(expr <NUMERIC>, percentage <NUMERIC NOT NULL> | ARRAY<NUMERIC NOT NULL>
    NOT NULL [, frequency <INTEGER_NUMERIC>])``: DOUBLE, or ARRAY<DOUBLE> for an array of
    percentages, both nullable; the percentage is cast to DOUBLE (DOUBLE ARRAY) as Flink writes
    it. None for another number of arguments (the record answers those)."""
    if len(args) not in (2, 3):
        return None
    types = [type_of(a) for a in args]
    value, percentage = types[0], types[1]
    written = _strip(args[1])
    if isinstance(written, exp.Cast) and percentage.name == "ARRAY":
        # Flink stores CAST(ARRAY[...] AS DOUBLE ARRAY): the elements keep the nullability of
        # the array cast (read back, the view is the same view)
        source = type_of(written.this)
        if source.name == "ARRAY" and not source.children[0].nullable:
            percentage = DataType(
                "ARRAY", (), percentage.nullable, (percentage.children[0].with_nullable(False),)
            )
    scalar = in_family(percentage, "NUMERIC") and not percentage.nullable
    array = (
        percentage.name == "ARRAY"
        and not percentage.nullable
        and in_family(percentage.children[0], "NUMERIC")
        and not percentage.children[0].nullable
    )
    valid = in_family(value, "NUMERIC") and (scalar or array) and _in_range(args[1])
    if len(args) == 3:
        valid = valid and in_family(types[2], "INTEGER")
    if not valid:
        raise ValidationError(INVALID_INPUT_ARGUMENTS)
    if scalar and percentage.name != "DOUBLE":
        args[1].meta["coerce_to"] = "DOUBLE"
    if array and percentage.children[0].name != "DOUBLE":
        args[1].meta["coerce_to"] = "DOUBLE ARRAY"
    if array:
        return DataType("ARRAY", (), True, (T("DOUBLE"),))
    return T("DOUBLE")


def refuse_without_within_group(name: str, args: Sequence[DataType]) -> None:
    """PERCENTILE_CONT(0.5) without WITHIN GROUP: Calcite knows no such call."""
    families = ", ".join(operand_family(a) for a in args)
    raise ValidationError(
        f"No match found for function signature {name}({families}).\n"
        f"Supported signatures are:\n'{name}(<NUMERIC>)'"
    )
