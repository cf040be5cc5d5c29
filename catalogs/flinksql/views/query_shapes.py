"""The shape of a query expression: whether it carries its own ORDER BY/LIMIT/OFFSET, where
Calcite encloses it in parentheses, and what sqlglot's tree of it holds under parentheses (a
VALUES operand, a WITH)."""

from __future__ import annotations

from sqlglot import exp

# Calcite's precedences of the set operators (left, right): left-associative, INTERSECT binding
# tighter than UNION and EXCEPT. ORDER BY, OFFSET and FETCH bind loosest of all (0).
SET_OPERATOR_PRECEDENCE = {"UNION": (12, 13), "EXCEPT": (12, 13), "INTERSECT": (14, 15)}
# The precedence a WITH writes its body with: a SELECT with ORDER BY/OFFSET/FETCH is enclosed.
WITH_BODY = (100, 100)
TOP = (0, 0)


def set_operation_needs_parentheses(keyword: str, context: tuple[int, int]) -> bool:
    """Calcite's SqlCall.unparse: a set operation is enclosed where its context binds tighter
    (a left precedence above its own, a right one at least its own)."""
    left, right = SET_OPERATOR_PRECEDENCE[keyword.split()[0]]
    return context[0] > left or (right <= context[1] and context[1] != 0)


def ordered_select_needs_parentheses(context: tuple[int, int]) -> bool:
    """Calcite's SqlSelect.unparse: a SELECT with ORDER BY, OFFSET or FETCH is enclosed wherever
    anything binds around it (their precedence is 0)."""
    return context[0] > 0 or context[1] > 0


def _values_operand(node: exp.Expression) -> exp.Expression:
    """The VALUES of a set operand: sqlglot reads ``... UNION VALUES (1)`` as ``SELECT * FROM
    (VALUES (1)) AS _values``, with an alias it made up (no position in the text)."""
    if not isinstance(node, exp.Select) or len(node.expressions) != 1:
        return node
    from_ = node.args.get("from_")
    values = from_.this if from_ is not None else None
    alias = values.args.get("alias") if isinstance(values, exp.Values) else None
    if (
        alias is None
        or not isinstance(node.expressions[0], exp.Star)
        or alias.name != "_values"
        or alias.columns
        or "start" in alias.this.meta
        or any(node.args.get(k) for k in node.args if k not in ("expressions", "from_"))
    ):
        return node
    return values


def _is_ordered(node: exp.Expression) -> bool:
    """Whether a query carries ORDER BY, OFFSET or FETCH/LIMIT of its own."""
    return any(node.args.get(key) is not None for key in ("order", "limit", "offset"))


def _sort_kept(node: exp.Select) -> bool:
    """Whether a subquery's ORDER BY is planned (Calcite's SqlToRelConverter drops it unless
    the block has FETCH or an OFFSET other than 0)."""
    offset = node.args.get("offset")
    zero = offset is None or offset.expression.sql() == "0"
    return node.args.get("limit") is not None or not zero


def _is_ordered_set_operation(node: exp.Expression) -> bool:
    return isinstance(node, exp.Union | exp.Intersect | exp.Except) and _is_ordered(node)


def _strip_unnamed(node: exp.Expression) -> exp.Expression:
    """``node`` without its unnamed parentheses (subqueries without an alias)."""
    while isinstance(node, exp.Subquery) and not node.alias:
        node = node.this
    return node


def _read_as_select_over(node: exp.Expression) -> bool:
    """Whether Calcite reads ``node`` as ``SELECT * FROM (node) ORDER BY ...``: a set operation
    with ORDER BY, OFFSET or FETCH of its own, or unnamed parentheses with them around anything
    but a plain SELECT (whose clauses go into that SELECT instead)."""
    if _is_ordered_set_operation(node):
        return True
    if not isinstance(node, exp.Subquery) or node.alias or not _is_ordered(node):
        return False
    bare = _strip_unnamed(node.this)
    return not isinstance(bare, exp.Select) or bare.args.get("with_") is not None


def _with_inside(node: exp.Expression) -> exp.Expression:
    """``((WITH c AS (...) (SELECT ...)))``, as Flink stores a scalar subquery's WITH: the WITH
    under the parentheses, whose names the body reads."""
    inner = node
    while isinstance(inner, exp.Subquery) and not inner.alias and not _is_ordered(inner):
        inner = inner.this
    return inner if inner is not node and inner.args.get("with_") is not None else node


def limit_is_all(count: exp.Expression | None) -> bool:
    """``LIMIT ALL``'s count, which sqlglot reads as a column named ALL."""
    return (
        isinstance(count, exp.Column)
        and not count.table
        and isinstance(count.this, exp.Identifier)
        and not count.this.quoted
        and count.name.upper() == "ALL"
    )
