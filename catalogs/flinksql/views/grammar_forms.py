"""The types of the grammar's forms that :mod:`..more_syntax` reads (a JDBC function call,
``TRANSLATE(x USING name)``, ``AGG(x) WITHIN DISTINCT (k)``), and Flink's refusals of a time
unit as an argument of DATE_TRUNC, TIMESTAMP_TRUNC and TIMESTAMP_DIFF, of ILIKE and RLIKE and of
SELECT STREAM."""

from __future__ import annotations

import struct
from collections.abc import Callable
from decimal import Decimal

from sqlglot import exp

from ..calcite_names import calcite_type_name
from ..errors import ValidationError
from ..expressions import _family
from ..more_syntax import JdbcCall, TranslateUsing, WithinDistinct
from ..types import DataType
from .calls import UNIT_ARGUMENTS, is_aggregate

TypeOf = Callable[[exp.Expression], DataType]

# Calcite parses a time unit there (an interval qualifier); Flink's operator table has these
# functions with no signature taking one (recorded in goldens/views_grammar_walk.json).
_SIGNATURES = {
    "DATE_TRUNC": "DATE_TRUNC(<DATE>, <DATETIME_INTERVAL>)",
    "TIMESTAMP_TRUNC": "TIMESTAMP_TRUNC(<TIMESTAMP>, <DATETIME_INTERVAL>)",
    "TIMESTAMP_DIFF": "TIMESTAMP_DIFF(<TIMESTAMP>, <TIMESTAMP>, <ANY>)",
}
_YEAR_MONTH_UNITS = frozenset(["YEAR", "QUARTER", "MONTH"])


def grammar_form_type(node: exp.Expression, type_of: TypeOf) -> DataType | None:
    """The type of one of these forms, or None for any other node."""
    if isinstance(node, exp.ILike | exp.RegexpLike):  # Calcite's library operators
        word = "ILIKE" if isinstance(node, exp.ILike) else "RLIKE"
        raise ValidationError(f"No match found for function signature {word}")
    if isinstance(node, JdbcCall):
        return type_of(node.this)  # the call it stands for
    if isinstance(node, TranslateUsing):
        operand = type_of(node.this)
        if operand.name not in ("CHAR", "VARCHAR"):
            raise ValidationError(
                "The dashboard takes TRANSLATE (... USING ...) of a character string only, "
                f"not of {calcite_type_name(operand)}"
            )
        return operand  # Calcite's ARG0
    if isinstance(node, WithinDistinct):
        if not is_aggregate(node.this):
            raise ValidationError("WITHIN DISTINCT must be applied to an aggregate function")
        for key in node.expressions:
            type_of(key)
        return type_of(node.this)
    if (
        isinstance(node, exp.Anonymous)
        and node.name.upper() in _SIGNATURES
        and any(isinstance(a, exp.Var) for a in node.expressions)
    ):
        refuse_unit_argument(node, type_of)
    return None


def refuse_unit_argument(node: exp.Anonymous, type_of: TypeOf) -> None:
    """``DATE_TRUNC(d, MONTH)`` and its kin, refused with Flink's message."""
    families = []
    for argument in node.expressions:
        if isinstance(argument, exp.Var):
            year_month = argument.name.upper() in _YEAR_MONTH_UNITS
            families.append("<INTERVAL_YEAR_MONTH>" if year_month else "<INTERVAL_DAY_TIME>")
        else:
            families.append(_family(type_of(argument)))
    name = node.name.upper()
    raise ValidationError(
        f"No match found for function signature {name}({', '.join(families)}).\n"
        f"Supported signatures are:\n'{_SIGNATURES[name]}'"
    )


def sample_text(sample: exp.TableSample) -> str | None:
    """``TABLESAMPLE BERNOULLI(p) [REPEATABLE(seed)]`` (or SYSTEM) after a table, as Calcite
    writes it: the percentage as the float it keeps (a hundredth, times 100 again); None for
    0 and 100, which Calcite reads as no sampling at all."""
    method = sample.args.get("method")
    size = sample.args.get("size")
    others = {k for k, v in sample.args.items() if v and k not in ("method", "size", "seed")}
    if (
        others
        or method is None
        or method.name.upper() not in ("BERNOULLI", "SYSTEM")
        or not isinstance(size, exp.Literal)
        or size.is_string
    ):
        raise ValidationError(
            "The dashboard takes TABLESAMPLE BERNOULLI(percentage) or SYSTEM(percentage) only"
        )
    rate = Decimal(size.this)
    if not 0 <= rate <= 100:
        raise ValidationError("TABLESAMPLE percentage must be between 0 and 100, inclusive")
    fraction = _float32(float(rate / 100))
    if not 0.0 < fraction < 1.0:
        return None
    text = f"TABLESAMPLE {method.name.upper()}({_java_float(_float32(fraction * _float32(100)))})"
    seed = sample.args.get("seed")
    if seed is not None:
        text += f" REPEATABLE({int(Decimal(seed.this))})"
    return text


def _float32(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


def _java_float(value: float) -> str:
    """Java's ``Float.toString``: the shortest digits that read back to the same float,
    positional from 10^-3 to 10^7 (``50.0``), else as ``1.0E-4``."""
    for digits in range(1, 10):
        shortest = float(f"{value:.{digits}g}")
        if _float32(shortest) == value:
            break
    if value == 0 or 1e-3 <= abs(value) < 1e7:
        return repr(shortest)
    mantissa, exponent = f"{shortest:.{digits - 1}e}".split("e")
    return f"{mantissa if '.' in mantissa else mantissa + '.0'}E{int(exponent)}"


def refuse_stream(from_: exp.From | None) -> None:
    """``SELECT STREAM``: Flink's tables are no streams Calcite can convert (its first FROM
    table is named, as written)."""
    first = from_.this if from_ is not None else None
    if isinstance(first, exp.Table) and not first.args.get("joins"):
        raise ValidationError(f"Cannot convert table '{first.name}' to stream")
    raise ValidationError("The dashboard cannot validate SELECT STREAM over this FROM clause")


__all__ = [
    "UNIT_ARGUMENTS",
    "grammar_form_type",
    "refuse_stream",
    "refuse_unit_argument",
    "sample_text",
]
