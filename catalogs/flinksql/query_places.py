"""Where Calcite's parser takes no query: an expression read in its ``ACCEPT_NON_QUERY``
context (the first item of ARRAY[...] and MAP[...], an argument of a SQL/JSON function) may
not start with a query or EXISTS. The context reaches the term the expression starts with,
through parentheses, prefix operators and the left operands of infix and postfix ones; the
right operands, and a function's arguments, are read where a query may stand (``ARRAY[b AND
EXISTS (...)]``, ``ARRAY[CAST(EXISTS (...) AS INT)]`` are taken; golden
views_constructor_first_item)."""

from __future__ import annotations

from sqlglot import exp

# a query as parsed; views wrap one in their own node too (views.calls.QueryExpr)
QUERIES: tuple[type[exp.Expression], ...] = (
    exp.Subquery,
    exp.Select,
    exp.Union,
    exp.Intersect,
    exp.Except,
    exp.Exists,
)
_LEFT_FIRST = (exp.Paren, exp.Not, exp.Neg, exp.Binary, exp.Is, exp.In, exp.Between, exp.Bracket)


def leads_with_query(
    node: exp.Expression, queries: tuple[type[exp.Expression], ...] = QUERIES
) -> bool:
    """Whether ``node`` starts with a query or EXISTS (of ``queries``), as Calcite's parser
    reads it. An item access ``x[1]`` starts with ``x``; ``MAP[...]`` with the word MAP."""
    while not isinstance(node, queries):
        if not isinstance(node, _LEFT_FIRST):
            return False
        node = node.this
    return True
