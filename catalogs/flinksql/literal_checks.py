"""Where Calcite checks a numeric literal's value: out of a BIGINT's range, or of more digits
than a DECIMAL holds, it is refused where the validator checks the literal, which is not in an
aggregate's FILTER condition, and in a view's select list only once the whole list is typed."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

from sqlglot import exp

from . import literals
from .errors import ValidationError

T_ = TypeVar("T_")

# Whether a numeric literal out of range is typed BIGINT, its refusal left to
# :func:`literal_range_error`'s caller: Calcite derives the types of a clause first (a
# literal of more digits than a BIGINT's is a BIGINT there) and checks its literals after (a
# view's query: views.checks.check_literal_values); elsewhere typing refuses it at once.
DEFER_RANGE_CHECKS: ContextVar[bool] = ContextVar("DEFER_RANGE_CHECKS", default=False)


def range_checks_deferred(method: Callable[..., T_]) -> Callable[..., T_]:
    """``method``, its numeric literals out of range typed BIGINT (:data:`DEFER_RANGE_CHECKS`)."""

    @wraps(method)
    def deferring(*args: Any, **kwargs: Any) -> T_:
        token = DEFER_RANGE_CHECKS.set(True)
        try:
            return method(*args, **kwargs)
        finally:
            DEFER_RANGE_CHECKS.reset(token)

    return deferring


def literal_range_error(node: exp.Expression) -> ValidationError | None:
    """Calcite's refusal of a numeric literal's value (out of a BIGINT's range, or of more
    digits than a DECIMAL holds), where its validator checks it (not in an aggregate's FILTER
    condition); None for any other node."""
    if not isinstance(node, exp.Literal) or node.is_string or in_filter_condition(node):
        return None
    try:
        numeric_of(node).type_text(checked=True)
    except ValidationError as exc:
        return exc
    return None


def numeric_of(node: exp.Literal) -> literals.Numeric:
    text = node.this
    numeric = node.meta.get("numeric") or literals.read_number(text.lstrip("-"))
    if "numeric" not in node.meta and text.startswith("-"):
        numeric = numeric.negated()
    return numeric


def in_filter_condition(node: exp.Expression) -> bool:
    """Whether ``node`` stands in an aggregate's FILTER (WHERE ...) condition, where Calcite's
    validator does not check a literal's range (golden views_literal_range)."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, exp.Select | exp.Subquery):
        if isinstance(parent, exp.Filter) and child is parent.args.get("expression"):
            return True
        child, parent = parent, parent.parent
    return False
