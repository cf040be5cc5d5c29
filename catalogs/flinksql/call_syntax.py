"""Calls whose syntax Calcite's grammar (Flink's parser) reads otherwise than sqlglot does:
SUBSTRING has at most three arguments, and EXISTS takes a query, also one that starts with a
parenthesized query (``EXISTS ((SELECT ...) UNION (SELECT ...) LIMIT 1)``)."""

from __future__ import annotations

from typing import Any

from sqlglot import exp
from sqlglot.tokens import TokenType

from .errors import ValidationError


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
