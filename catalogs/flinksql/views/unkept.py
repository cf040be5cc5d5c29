"""What a view's query may hold that the dashboard cannot keep: refused, never dropped.

The parser reads some constructs of Flink's grammar that the writer does not write back. A view
holding one would be stored without it, and would then mean something else (TABLESAMPLE after a
subquery samples), so such a view is refused with what it holds. PIVOT is refused as Flink
fails on it. Found by walking Flink's grammar (tests/grammar_walk.py); QUALIFY, query and table
hints, GROUP BY DISTINCT, a table's TABLESAMPLE and TRANSLATE/CONVERT ... USING are kept now
(views.query, views.hints, views.grammar_forms).

Flink itself refuses some spellings under its SQL conformance (MINUS, APPLY, ``LIMIT a, b``):
those are refused with Flink's own words, before the parser reads them otherwise.
"""

from __future__ import annotations

from sqlglot import exp
from sqlglot.tokens import Token, TokenType

from ..dialect import tokenize
from ..errors import ValidationError
from .hints import hint_text

# Flink's refusals under its conformance (Calcite's RESOURCE messages), by the tokens that
# spell the construct.
NOT_ALLOWED = "is not allowed under the current SQL conformance level"


def refuse_by_text(query: str) -> None:
    """Refuse the spellings Flink's conformance refuses, with Flink's message."""
    words = {"MINUS", "APPLY", "LIMIT"}
    if not any(word in query.upper() for word in words):
        return
    tokens = tokenize(query)
    for at, token in enumerate(tokens):
        word = token.text.upper()
        after_as = at > 0 and tokens[at - 1].token_type == TokenType.ALIAS
        if word == "MINUS" and not after_as and _next_starts_a_query(tokens, at):
            raise ValidationError(f"MINUS {NOT_ALLOWED}")
        if word == "APPLY" and at and tokens[at - 1].text.upper() in ("CROSS", "OUTER"):
            raise ValidationError(f"APPLY operator {NOT_ALLOWED}")
        if (
            token.token_type == TokenType.LIMIT
            and at + 2 < len(tokens)
            and tokens[at + 2].token_type == TokenType.COMMA
        ):
            raise ValidationError(f"'LIMIT start, count' {NOT_ALLOWED}")


def _next_starts_a_query(tokens: list[Token], at: int) -> bool:
    following = tokens[at + 1] if at + 1 < len(tokens) else None
    return following is not None and following.token_type in (
        TokenType.SELECT,
        TokenType.L_PAREN,
        TokenType.VALUES,
    )


# Flink 2.3 fails on every PIVOT its parser reads, in Calcite's validator (goldens
# views_grammar_walk, views_unpivot).
PIVOT_FAILS = (
    "Flink cannot validate PIVOT: its validator fails on every PIVOT (Cannot invoke "
    '"org.apache.calcite.sql.validate.SqlValidator.getTypeFactory()" because "validator" is '
    "null). Write the query without it."
)


def refuse_unkept(node: exp.Expression) -> None:
    """Refuse a query holding what its stored text would lose, naming it, or a PIVOT."""
    for found in node.walk():
        if isinstance(found, exp.Pivot):
            raise ValidationError(PIVOT_FAILS)
        construct = _unkept(found)
        if construct is not None:
            raise ValidationError(_unkept_message(construct))


def _unkept_message(construct: str) -> str:
    return (
        f"The dashboard cannot keep {construct} in a view's stored text yet, so the view "
        "would lose it. Write the query without it."
    )


def _plain_table(node: exp.Expression | None) -> bool:
    return isinstance(node, exp.Table) and isinstance(node.this, exp.Identifier)


def _unkept(node: exp.Expression) -> str | None:
    if isinstance(node, exp.Hint) and hint_text(node) is None:
        return "a query hint (SELECT /*+ ... */)"
    if isinstance(node, exp.TableSample) and not _plain_table(node.parent):
        return "TABLESAMPLE"  # kept after a table (views.from_clause), not after a subquery
    return None
