"""Calls whose syntax Calcite's grammar (Flink's parser) reads otherwise than sqlglot does:
SUBSTRING has at most three arguments, EXISTS takes a query, also one that starts with a
parenthesized query (``EXISTS ((SELECT ...) UNION (SELECT ...) LIMIT 1)``), and POSITION's
needle is an atomic row expression (``POSITION(s || 'a' IN t)`` fails at ``||``)."""

from __future__ import annotations

from typing import Any

from sqlglot import exp
from sqlglot.tokens import TokenType

from .errors import ValidationError
from .stored_text import READING_STORED_TEXT


def parse_substring(parser: Any) -> exp.Expr:
    """``SUBSTRING(s, start [, length])`` (and sqlglot's FROM/FOR form): Calcite's grammar has
    no fourth argument and fails at the comma before it; sqlglot would drop it."""
    depth, commas = 0, 0
    for token in parser._tokens[parser._index :]:
        if token.token_type in (TokenType.L_PAREN, TokenType.L_BRACKET):
            depth += 1
        elif token.token_type in (TokenType.R_PAREN, TokenType.R_BRACKET):
            if depth == 0:
                break
            depth -= 1
        elif token.token_type == TokenType.COMMA and depth == 0:
            commas += 1
            if commas == 3:
                parser.raise_error('Encountered ","', token)
    return parser._parse_substring()


def parse_exists_of_parenthesized(parser: Any) -> exp.Expr | None:
    """``EXISTS (`` not followed by a query's first word: Calcite reads a query that starts
    with a parenthesized one as it does in IN (...), where sqlglot would read a call of a
    function EXISTS, and refuses what is no query (``not a query: 1``). None where the
    parser is not at such an EXISTS."""
    tokens, index = parser._tokens, parser._index
    if index + 2 >= len(tokens) or tokens[index].token_type != TokenType.EXISTS:
        return None
    if tokens[index + 1].token_type != TokenType.L_PAREN:
        return None
    if tokens[index + 2].token_type in parser.SUBQUERY_TOKENS:
        return None  # EXISTS (SELECT ...), sqlglot's own
    parser._advance()
    query = parser._parse_paren()
    if not isinstance(query, exp.Subquery):
        raise ValidationError(f"not a query: {calcite_text(query, parser.dialect)}")
    return parser.expression(exp.Exists(this=query))


def calcite_text(node: exp.Expr | None, dialect: Any) -> str:
    """An expression as Calcite's SqlNode prints it in a message: a name unquoted (``t.q``),
    anything else with its names in backticks (``UPPER(`t`.`s`)``), a row as ``ROW(1, 2)``."""
    while isinstance(node, exp.Paren):
        node = node.this
    if node is None:
        return ""
    if isinstance(node, exp.Column):
        return ".".join(part.name for part in node.parts)
    if isinstance(node, exp.Tuple):
        return "ROW(" + ", ".join(calcite_text(e, dialect) for e in node.expressions) + ")"
    return node.sql(dialect=dialect, identify=True)


def parse_position(self: Any) -> exp.Expr:
    """``POSITION(needle IN haystack [FROM start])``, Calcite's form of it: its needle is an
    atomic row expression (a literal, a name, a call, a CASE, a constructor), no operator."""
    start = self._index
    result = self._parse_position()
    if isinstance(result, exp.StrPosition):
        _check_atomic_row_expression(self, start)
        if self._match(TokenType.FROM):
            result.set("position", self._parse_bitwise())
    return result


# Tokens that end Calcite's AtomicRowExpression where they follow it: its operators and item
# access (the parser then expects IN and fails on them).
_AFTER_ATOMIC = frozenset(
    {
        TokenType.DPIPE,
        TokenType.PLUS,
        TokenType.DASH,
        TokenType.STAR,
        TokenType.SLASH,
        TokenType.MOD,
        TokenType.PERCENT,
        TokenType.EQ,
        TokenType.NEQ,
        TokenType.LT,
        TokenType.GT,
        TokenType.LTE,
        TokenType.GTE,
        TokenType.L_BRACKET,
        TokenType.IS,
        TokenType.LIKE,
        TokenType.SIMILAR_TO,
        TokenType.BETWEEN,
        TokenType.AND,
        TokenType.OR,
        TokenType.NOT,
    }
)
_OPENING = {TokenType.L_PAREN: TokenType.R_PAREN, TokenType.L_BRACKET: TokenType.R_BRACKET}


def _check_atomic_row_expression(self: Any, start: int) -> None:
    """Refuse, with Calcite's parse error, an expression from token ``start`` up to the next
    IN at its level that is no atomic row expression (POSITION's needle)."""
    tokens = self._tokens
    first = tokens[start]
    if first.token_type in (TokenType.ROW, TokenType.NOT):
        self.raise_error(f"Incorrect syntax near the keyword '{first.text.upper()}'", first)
    if first.token_type == TokenType.L_PAREN:
        if READING_STORED_TEXT.get():
            return  # Flink writes a literal chain so under a prefix minus, then refuses it
        self.raise_error('Encountered "("', first)
    at = start
    if first.token_type in (TokenType.DASH, TokenType.PLUS):
        after = tokens[start + 1] if start + 1 < len(tokens) else None
        if after is None or after.token_type != TokenType.NUMBER:
            shown = f"{first.text} {after.text}" if after is not None else first.text
            self.raise_error(f'Encountered "{shown}"', first)
        at = start + 2
    closing: list[TokenType] = []
    previous = None
    for token in tokens[at:]:
        kind = token.token_type
        if not closing and kind == TokenType.IN:
            return
        if not closing and kind in (TokenType.COMMA, TokenType.R_PAREN):
            # the call's end, or a second argument, where Calcite's grammar wants IN
            self.raise_error(f'Encountered "{token.text}"', token)
        if not closing and kind in _AFTER_ATOMIC:
            constructor = previous is not None and previous.token_type in (
                TokenType.ARRAY,
                TokenType.MAP,
            )
            if not (kind == TokenType.L_BRACKET and constructor):
                self.raise_error(f'Encountered "{token.text}"', token)
        if kind in _OPENING or kind == TokenType.CASE:
            closing.append(_OPENING.get(kind, TokenType.END))
        elif closing and kind == closing[-1]:
            closing.pop()
        previous = token
