"""What Flink's planner fails on while it converts a query the validator took: Flink refuses
such a view with the text of the Java exception its planner raised, and so does the dashboard,
once the whole query is validated (as Flink converts it only then).

Each rule is Flink's answer, recorded in goldens/views_conversion_failures (#14): nothing here
is a rule of SQL, only of the engine the views run on.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlglot import exp

from ..errors import ILLEGAL_NULL, ValidationError
from ..expressions import _strip, cast_target
from .calls import is_nullif

# Operators over constants: Calcite converts them as calls of literals, which it reduces.
_CONSTANT_OPERATORS = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Neg, exp.Paren)


def check_projections(items: Iterable[exp.Expression]) -> None:
    """Refuse a select item or a GROUP BY expression (each resolved) that Flink's planner
    fails on: a product of a boolean literal cast to a number and an operand that is not a
    constant (``CAST(FALSE AS INT) * k``). Calcite folds the CAST into a numeric literal that
    still holds the boolean, and simplifying the product reads it as a number: Java's
    ``cannot cast false as class java.math.BigDecimal``, or ``value`` for UNKNOWN (a null).
    Flink builds a condition, an ORDER BY key or an aggregate's operand without that
    simplification: ``WHERE CAST(FALSE AS INT) * k = 0`` passes, as does a product of
    constants (``CAST(TRUE AS INT) * 2``) or one under a call (``ABS(CAST(TRUE AS INT) * k)``)."""
    for item in items:
        for product in _products(item):
            pairs = ((product.this, product.expression), (product.expression, product.this))
            for operand, other in pairs:
                value = _boolean_cast_to_number(operand)
                if value is not None and not _constant(other):
                    raise ValidationError(
                        "value"
                        if value == "UNKNOWN"
                        else f"cannot cast {value.lower()} as class java.math.BigDecimal"
                    )


def check_conditions(conditions: Iterable[exp.Expression]) -> None:
    """Refuse a WHERE or HAVING condition Flink's planner fails on: Calcite pushes a NOT down
    into what it negates (SqlToRelConverter.pushDownNotForIn) where that holds an IN or a
    quantified comparison (in a subquery too), into a CASE's results too, and a NOT of a bare
    NULL result (``NOT NULLIF(FALSE, k IN (0, 1))``, NULLIF being CASE WHEN ... THEN NULL)
    fails the validator there: ``Illegal use of 'NULL'``. A NOT over no IN (``NOT NULLIF(FALSE,
    TRUE) AND k IN (1)``), under another call (``NOT COALESCE(NULLIF(...), FALSE)``), in JOIN
    ... ON or in an aggregate's FILTER passes."""
    for condition in conditions:
        _push_down_not(condition)


def _push_down_not(node: exp.Expression) -> None:
    node = _strip(node)
    if not _holds_in(node):
        return
    if isinstance(node, exp.And | exp.Or):
        _push_down_not(node.this)
        _push_down_not(node.expression)
    elif isinstance(node, exp.Not):
        _negate(node.this)


def _negate(node: exp.Expression) -> None:
    """Calcite's NOT pushed into ``node``."""
    node = _strip(node)
    if not _holds_in(node):
        return
    if is_nullif(node):
        raise ValidationError(ILLEGAL_NULL)  # CASE WHEN a = b THEN NULL ELSE a END
    if isinstance(node, exp.Case):
        for branch in node.args.get("ifs") or []:
            result = branch.args.get("true")
            if isinstance(_strip(result), exp.Null):
                raise ValidationError(ILLEGAL_NULL)
            _negate(result)
        default = node.args.get("default")
        if default is not None and not isinstance(_strip(default), exp.Null):
            _negate(default)
    elif isinstance(node, exp.And | exp.Or):
        _negate(node.this)
        _negate(node.expression)
    elif isinstance(node, exp.Not):
        _push_down_not(node.this)


def _holds_in(node: exp.Expression) -> bool:
    return any(isinstance(n, exp.In | exp.Any | exp.All) for n in node.walk())


def _products(node: exp.Expression) -> Iterable[exp.Mul]:
    """The products at the root of ``node``, through parentheses and the products' operands."""
    node = _strip(node)
    if isinstance(node, exp.Mul):
        yield node
        yield from _products(node.this)
        yield from _products(node.expression)


def _boolean_cast_to_number(node: exp.Expression) -> str | None:
    """``TRUE``, ``FALSE`` or ``UNKNOWN`` where ``node`` casts that literal to a number
    (through further CASTs: ``CAST(CAST(FALSE AS INT) AS BIGINT)``)."""
    node = _strip(node)
    if not isinstance(node, exp.Cast) or isinstance(node, exp.TryCast):
        return None
    inner = _strip(node.this)
    if isinstance(inner, exp.Cast) and not isinstance(inner, exp.TryCast):
        return _boolean_cast_to_number(inner)
    if not cast_target(node.to).is_numeric:
        return None
    if isinstance(inner, exp.Boolean):
        return "TRUE" if inner.this else "FALSE"
    if inner.meta.get("literal") and inner.name.upper() == "UNKNOWN":
        return "UNKNOWN"
    return None


def _constant(node: exp.Expression) -> bool:
    """Whether Calcite converts ``node`` to literals and operators over them only."""
    node = _strip(node)
    if isinstance(node, exp.Literal | exp.Boolean | exp.Null) or node.meta.get("literal"):
        return True
    if isinstance(node, exp.Cast) and not isinstance(node, exp.TryCast):
        return _constant(node.this)
    if isinstance(node, _CONSTANT_OPERATORS):
        return all(_constant(child) for child in node.iter_expressions())
    return False
