"""Shapes of a few tokens in a row that Calcite's lexer reads otherwise than sqlglot's."""

from __future__ import annotations

from collections.abc import Sequence

from sqlglot.tokens import Token, TokenType


def adjacent(first: Token, second: Token | None) -> bool:
    """Whether ``second`` starts right where ``first`` ends, nothing between them."""
    return second is not None and second.start == first.end + 1


def point_number(tokens: Sequence[Token], index: int) -> bool:
    """Whether a number written from its point (``.25``) starts at ``index``: one number to
    Calcite, a dot and a number to sqlglot."""
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return (
        tokens[index].token_type == TokenType.DOT
        and following is not None
        and following.token_type == TokenType.NUMBER
        and adjacent(tokens[index], following)
    )
