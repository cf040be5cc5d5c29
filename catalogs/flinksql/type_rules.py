"""Calcite's and Flink's type rules for operands: the result of arithmetic over numbers, the
least restrictive common type of two, and the family an operand type is named by in
Calcite's messages. Shared by the expression typer of computed columns and the view typer."""

from __future__ import annotations

from functools import cache

from sqlglot import exp

from .calcite_names import calcite_qualifier, message_type
from .errors import ValidationError
from .types import DataType, parse_type


@cache
def T(text: str) -> DataType:  # noqa: N802 - a short constructor reads best in the rules
    return parse_type(text, ddl=False)


_INTEGER_PRECISION = {"TINYINT": 3, "SMALLINT": 5, "INT": 10, "BIGINT": 19}
_NUMERIC_ORDER = ["TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL", "FLOAT", "DOUBLE"]


_APPROXIMATE = frozenset(("FLOAT", "DOUBLE"))


def _approximate(a: DataType, b: DataType) -> DataType:
    """Calcite's least restrictive type of two numerics, one of them approximate: of FLOAT and
    DOUBLE (equal in precision in Flink's type system) the first, DOUBLE when the other is a
    DECIMAL, else the approximate one (``FLOAT + INT`` is FLOAT)."""
    if a.name in _APPROXIMATE and b.name in _APPROXIMATE:
        return a
    approximate, exact = (a, b) if a.name in _APPROXIMATE else (b, a)
    return T("DOUBLE") if exact.name == "DECIMAL" else approximate


def _as_decimal(t: DataType) -> tuple[int, int]:
    if t.name == "DECIMAL":
        return t.precision, t.scale
    return _INTEGER_PRECISION[t.name], 0


def _operand_name(t: DataType) -> str:
    """An operand's type as an operator's refusal names it, in capitals (``INTEGER ARRAY``,
    ``TIMESTAMP_WITH_LOCAL_TIME_ZONE(3)``, ``RECORDTYPE:PEEK_NO_EXPAND(INTEGER A)``)."""
    return message_type(t).upper()


def numeric_result(op: type, symbol: str, left: DataType, right: DataType) -> DataType:
    """The type of ``left op right`` for numbers (``symbol``: the operator as Calcite's
    messages write it), or Calcite's refusal of other operands. MOD's own rule
    (``builtin_rules.modulo_type``) takes precedence where it gives a type."""
    roots = {left.name, right.name}
    # MOD takes exact numbers only (Calcite's OperandTypes.EXACT_NUMERIC_EXACT_NUMERIC)
    if not roots <= set(_NUMERIC_ORDER) or (op is exp.Mod and roots & _APPROXIMATE):
        forms = "\n".join(f"'{f}'" for f in _SUPPORTED_FORMS.get(symbol, ()))
        raise ValidationError(
            f"Cannot apply '{symbol}' to arguments of type "
            f"'<{_operand_name(left)}> {symbol} <{_operand_name(right)}>'. "
            f"Supported form(s): {forms}"
        )
    if roots & _APPROXIMATE:
        return _approximate(left, right).with_nullable(True)
    if "DECIMAL" in roots:
        (p1, s1), (p2, s2) = _as_decimal(left), _as_decimal(right)
        if op in (exp.Add, exp.Sub):
            scale = max(s1, s2)
            precision = max(p1 - s1, p2 - s2) + scale + 1
        elif op is exp.Mul:
            precision, scale = p1 + p2 + 1, s1 + s2
        elif op is exp.Div:
            scale = max(6, s1 + p2 + 1)
            precision = p1 - s1 + s2 + scale
        else:
            scale = max(s1, s2)
            precision = min(p1 - s1, p2 - s2) + scale
        precision, scale = adjust_decimal(precision, scale)
        return T(f"DECIMAL({precision}, {scale})")
    widest = max(roots, key=_NUMERIC_ORDER.index)
    return T(widest)


_SUPPORTED_FORMS = {
    "+": (
        "<NUMERIC> + <NUMERIC>",
        "<DATETIME_INTERVAL> + <DATETIME_INTERVAL>",
        "<DATETIME> + <DATETIME_INTERVAL>",
        "<DATETIME_INTERVAL> + <DATETIME>",
    ),
    "-": (
        "<NUMERIC> - <NUMERIC>",
        "<DATETIME_INTERVAL> - <DATETIME_INTERVAL>",
        "<DATETIME> - <DATETIME_INTERVAL>",
    ),
    "*": (
        "<NUMERIC> * <NUMERIC>",
        "<DATETIME_INTERVAL> * <NUMERIC>",
        "<NUMERIC> * <DATETIME_INTERVAL>",
    ),
    "/": ("<NUMERIC> / <NUMERIC>", "<DATETIME_INTERVAL> / <NUMERIC>"),
    "%": ("<EXACT_NUMERIC> % <EXACT_NUMERIC>",),
}


def adjust_decimal(precision: int, scale: int) -> tuple[int, int]:
    """Flink keeps at least 6 fractional digits when a result exceeds DECIMAL(38)."""
    if precision <= 38:
        return precision, scale
    integer_digits = precision - scale
    return 38, max(38 - integer_digits, min(scale, 6))


def common_decimal(integer_digits: int, scale: int) -> tuple[int, int]:
    """The precision and scale of the DECIMAL that holds the most integer digits and the
    largest scale of several (Calcite's least restrictive type, which COALESCE, GREATEST and
    LEAST take): past 38 digits the scale gives way, to none (``DECIMAL(38, 2)`` of
    ``DECIMAL(38, 2)`` and ``DECIMAL(38, 6)``; seeds 27 and 47)."""
    precision = integer_digits + scale
    if precision <= 38:
        return precision, scale
    return 38, max(0, scale - (precision - 38))


def least_restrictive_type(a: DataType, b: DataType) -> DataType:
    if a.is_interval and a.name == b.name:
        return a.with_interval_qualifier(calcite_qualifier(a).combined(calcite_qualifier(b)))
    if a.name == b.name == "CHAR" and a.length == b.length:
        return T(f"CHAR({a.length})")
    if {a.name, b.name} <= {"CHAR", "VARCHAR"}:
        return T(f"VARCHAR({max(a.length, b.length)})")
    if {a.name, b.name} <= {"BINARY", "VARBINARY"} and (a.length != b.length or a.name != b.name):
        return DataType("VARBINARY", (max(a.length or 0, b.length or 0),))
    names = {a.name, b.name}
    if names <= set(_NUMERIC_ORDER) and "DECIMAL" in names and not names & {"FLOAT", "DOUBLE"}:
        (p1, s1), (p2, s2) = _as_decimal(a), _as_decimal(b)
        return DataType("DECIMAL", common_decimal(max(p1 - s1, p2 - s2), max(s1, s2)), True)
    if names <= set(_NUMERIC_ORDER) and names & _APPROXIMATE:
        return _approximate(a, b).with_nullable(True)
    if a.name in _NUMERIC_ORDER and b.name in _NUMERIC_ORDER and a.name != b.name:
        return T(max(a.name, b.name, key=_NUMERIC_ORDER.index))
    if names == {"TIMESTAMP", "TIMESTAMP_LTZ"}:
        precision = max(a.precision or 0, b.precision or 0)
        return DataType("TIMESTAMP_LTZ", (precision,))
    if (
        a.name == b.name
        and a.name in ("TIMESTAMP", "TIMESTAMP_LTZ", "TIME")
        and a.precision != b.precision
    ):
        # The wider fractional precision, as for TIMESTAMP: COALESCE(LOCALTIME, TIME '...456')
        # casts LOCALTIME to TIME(3).
        return DataType(a.name, (max(a.precision or 0, b.precision or 0),))
    return a


def merged_numeric_type(a: DataType, b: DataType) -> DataType:
    """Flink's own common type of two numbers (LogicalTypeMerging, for COALESCE, GREATEST and
    LEAST; goldens/views_coalesce_pairs): DOUBLE of FLOAT and DOUBLE, FLOAT of a DECIMAL and a
    FLOAT after it, else Calcite's least restrictive type."""
    if {a.name, b.name} == {"FLOAT", "DOUBLE"}:
        return T("DOUBLE")
    if a.name == "DECIMAL" and b.name == "FLOAT":
        return T("FLOAT")
    return least_restrictive_type(a, b)


def string_result(*args: DataType) -> DataType:
    return T("STRING").with_nullable(any(a.nullable for a in args))


def operand_family(t: DataType) -> str:
    root = t.name
    if root in _NUMERIC_ORDER:
        return "<NUMERIC>"
    if root in ("CHAR", "VARCHAR"):
        return "<CHARACTER>"
    if root == "BOOLEAN":
        return "<BOOLEAN>"
    if root in ("BINARY", "VARBINARY"):
        return "<BINARY>"
    if root.startswith("TIMESTAMP"):
        return "<TIMESTAMP>"
    if root in ("ARRAY", "MULTISET", "MAP", "ROW"):
        return f"<{message_type(t)}>"
    return f"<{root}>"


_IF_CLASSES = {"BOOLEAN": "BOOLEAN", "DATE": "DATE", "TIME": "TIME"}
_IF_CLASSES.update(TIMESTAMP="TIMESTAMP", TIMESTAMP_LTZ="TIMESTAMP")
# Flink's list of IF's forms, CHARACTER twice as it prints them
_IF_FORMS = (
    "'IF(<ANY_TYPE>, <NUMERIC_TYPE>, <NUMERIC_TYPE>)'",
    *(
        f"'IF(<BOOLEAN>, <{t}>, <{t}>)'"
        for t in ("CHARACTER", "BOOLEAN", "CHARACTER", "BINARY", "DATE", "TIMESTAMP", "TIME")
    ),
)
_IF_WIDENED = (
    lambda t: t.is_numeric,
    lambda t: t.is_string,
    lambda t: t.is_binary,
)


def if_result(condition: DataType, first: DataType, second: DataType) -> DataType:
    """The type of Flink's ``IF(condition, first, second)``, or its refusal (recorded in
    golden ``views_if_function``): a BOOLEAN condition and two numbers, two strings or two
    binaries of their least restrictive type, or two BOOLEANs, DATEs, TIMEs or timestamps
    (TIMESTAMP and TIMESTAMP_LTZ alike) of the first's type; nothing else, intervals and
    collections included."""
    result: DataType | None = None
    if condition.name != "BOOLEAN":
        result = None
    elif any(kind(first) and kind(second) for kind in _IF_WIDENED):
        result = least_restrictive_type(first, second)
    elif _IF_CLASSES.get(first.name, first.name) == _IF_CLASSES.get(second.name, "-"):
        result = first
    if result is None:
        operands = ", ".join(f"<{_operand_name(t)}>" for t in (condition, first, second))
        raise ValidationError(
            f"Cannot apply 'IF' to arguments of type 'IF({operands})'. Supported form(s): "
            + "\n".join(_IF_FORMS)
        )
    nullable = condition.nullable or first.nullable or second.nullable
    return result.with_nullable(nullable)
