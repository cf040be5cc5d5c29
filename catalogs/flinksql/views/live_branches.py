"""Whether Calcite's simplifier surely keeps an expression of a CASE's results.

Flink converts a view's query with Calcite's ``RexSimplify``, which drops the branches of a
CASE whose condition it folds to FALSE or NULL, and every branch after one it folds to TRUE,
before it evaluates what they hold: ``CASE WHEN b THEN ts WHEN FALSE THEN 2 END`` never casts
the 2 (golden views_folded_implicit_casts). What the simplifier folds is only partly known
here, so a branch counts as kept only where every condition before it, and its own, is either
a literal (``TRUE``, ``FALSE``, ``NULL``, ``UNKNOWN``, ``NOT`` and ``AND``/``OR`` of them) or a
condition over a column that the literals around it do not decide; a condition of constants
alone (``1 = 0``) or an ``IS`` test (``id IS NULL`` of a NOT NULL column folds) leaves it
unknown, and the branch does not count as kept.
"""

from __future__ import annotations

from enum import Enum

from sqlglot import exp

from ..precedence import strip


class Truth(Enum):
    TRUE = "true"
    FALSE = "false"
    NULL = "null"
    OPEN = "open"  # decided by a column's value as the query runs: kept
    UNSURE = "unsure"  # a condition the simplifier may fold


def truth(condition: exp.Expression) -> Truth:
    """What Calcite's simplifier makes of a CASE's ``condition``, as far as known here."""
    node = strip(condition)
    if isinstance(node, exp.Boolean):
        return Truth.TRUE if node.this else Truth.FALSE
    if isinstance(node, exp.Null) or _is_unknown(node):
        return Truth.NULL
    if isinstance(node, exp.Not):
        inner = truth(node.this)
        flipped = {Truth.TRUE: Truth.FALSE, Truth.FALSE: Truth.TRUE}
        return flipped.get(inner, inner)
    if isinstance(node, exp.And | exp.Or):
        parts = {truth(node.this), truth(node.expression)}
        absorbing = Truth.FALSE if isinstance(node, exp.And) else Truth.TRUE
        neutral = Truth.TRUE if isinstance(node, exp.And) else Truth.FALSE
        for value in (absorbing, Truth.UNSURE, Truth.OPEN, Truth.NULL):
            if value in parts:
                return value
        return neutral
    if isinstance(node, exp.Is) or node.find(exp.Is) is not None:
        return Truth.UNSURE
    if not any(not _is_unknown(column) for column in node.find_all(exp.Column)):
        return Truth.UNSURE
    return Truth.OPEN


def _is_unknown(node: exp.Expression) -> bool:
    return bool(node.meta.get("unknown")) or (
        isinstance(node, exp.Column)
        and not node.table
        and not node.this.args.get("quoted")
        and node.name.upper() == "UNKNOWN"
    )


def surely_kept(node: exp.Expression) -> bool:
    """Whether every CASE ``node`` is a result (or inside one) of, up to its query, keeps
    the branch that holds it."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, exp.Query | exp.Subquery):
        if isinstance(parent, exp.If) and isinstance(parent.parent, exp.Case):
            branch: exp.If | None = parent
            case = parent.parent
            held = child is parent.args.get("true")
        else:
            branch, case = None, parent
            held = isinstance(parent, exp.Case) and child is parent.args.get("default")
        if held and isinstance(case, exp.Case) and not _branch_kept(case, branch):
            return False
        child, parent = parent, parent.parent
    return True


def _branch_kept(case: exp.Case, branch: exp.If | None) -> bool:
    """Whether the simplifier surely keeps ``branch`` of ``case`` (None: its ELSE)."""
    for when in case.args.get("ifs") or []:
        value = truth(when.this)  # a simple CASE's WHEN v arrives as x = v (case_syntax)
        if value is Truth.UNSURE:
            return False
        if when is branch:
            return value in (Truth.TRUE, Truth.OPEN)
        if value is Truth.TRUE:
            return False  # every later branch, and the ELSE, is dropped
    return branch is None
