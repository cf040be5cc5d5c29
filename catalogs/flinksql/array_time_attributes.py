"""The time attributes Flink keeps through functions of arrays: ``ARRAY_MAX`` and ``ARRAY_MIN``
of an array of rowtime or proctime attributes are one (``ARRAY_MAX(ARRAY[ts])``, and so is
anything computed from it that keeps an operand's attribute), and ``ARRAY_CONCAT``,
``ARRAY_UNION``, ``ARRAY_EXCEPT`` and ``ARRAY_INTERSECT`` keep the attribute of an argument's
elements that are of the result's element type (``ARRAY_CONCAT(ARRAY[ts],
ARRAY[LOCALTIMESTAMP])``, in either order; not where the elements widen: TIMESTAMP(6)).
Recorded from Flink in goldens/views_array_time_attributes (the generated run of seed 51)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .builtin_rules import COMMON_ARRAY_FUNCTIONS
from .types import DataType

_EXTREMES = frozenset({"ARRAY_MAX", "ARRAY_MIN"})


def kept_element_attribute(name: str, types: Sequence[DataType], result: DataType) -> DataType:
    """``result``, the type of a call of built-in ``name`` over arguments of ``types``, with
    the time attribute Flink keeps of an array argument's elements (none of its own)."""
    result = result.with_time_attribute(None) if result.time_attribute else result
    arrays = [t.children[0] for t in types if t.name == "ARRAY" and t.children]
    if name in _EXTREMES and arrays and types[0].name == "ARRAY":
        element = arrays[0]
        if element.time_attribute and element.plain() == result.plain():
            return result.with_time_attribute(element.time_attribute)
    if name in COMMON_ARRAY_FUNCTIONS and result.name == "ARRAY" and result.children:
        common = result.children[0]
        for element in arrays:
            if element.time_attribute and element.plain() == common.plain():
                kept = common.with_time_attribute(element.time_attribute)
                return replace(result, children=(kept,))
    return result
