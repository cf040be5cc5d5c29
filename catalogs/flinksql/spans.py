"""Where in a query an expression stands, as Calcite's parser positions it: the span an
error about the expression is reported at (``From line 1, column 27 to line 1, column 40``).

The dialect's parser marks calls (from their name to their closing parenthesis), CASE, literals
and signed operands with the offsets of their first and last character (``meta["span"]``);
an operator's span runs from its first operand's start to its last operand's end, and
parentheses around an operand are not part of it (Calcite's tree keeps none).
:func:`mark_spans` writes every node's span into its meta once the query is parsed, so that
nodes the validation puts in the place of others leave their parents' spans as they were.
"""

from __future__ import annotations

from sqlglot import exp

Span = tuple[int, int]  # offsets in the query of the first and the last character

# What a call's or an operator's refusal says: Calcite reports these at the expression's span.
RANGED_MESSAGES = (
    "Cannot apply '",
    "Invalid number of arguments to function ",
    "No match found for function signature ",
    "Cast function cannot convert value of type ",
    "Illegal mixing of types in CASE or COALESCE statement",
)


def span_of(node: exp.Expression) -> Span | None:
    """The span of ``node`` (None where a part of it has no known position)."""
    while isinstance(node, exp.Paren):
        node = node.this
    known = node.meta.get("span")
    if known is not None:
        return known
    if isinstance(node, exp.Identifier) and "start" in node.meta:
        return node.meta["start"], node.meta["end"]
    if isinstance(node, exp.Column):
        return _union([span_of(part) for part in node.parts])
    if isinstance(node, exp.Binary):
        return _union([span_of(node.this), span_of(node.expression)])
    return None


def _union(spans: list[Span | None]) -> Span | None:
    if not spans or any(span is None for span in spans):
        return None
    return spans[0][0], spans[-1][1]  # type: ignore[index]


def mark_spans(tree: exp.Expression) -> None:
    """Keep every node's span in its meta."""
    for node in tree.walk():
        span = span_of(node)
        if span is not None:
            node.meta["span"] = span
