"""Shapes of a few tokens in a row that Calcite's lexer reads otherwise than sqlglot's."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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


def calcite_tokens(raw: list[Token], sql: str) -> list[Token]:
    """sqlglot's tokens of ``sql`` as Calcite's lexer reads them (see the two below)."""
    return _leading_dot_numbers(binary_strings(raw, sql))


def binary_strings(raw: list[Token], sql: str) -> list[Token]:
    """``X'...'`` (or ``x'...'``) as one HEX_STRING token of the characters between its quotes,
    whatever they are, as Calcite's lexer reads it: the name X and a string right after it,
    with nothing between. Tokens already merged (the parser's, from the dialect's ``tokenize``) are
    left as they are."""

    def hex_string(_: list[Token], raw: list[Token], at: int) -> bool:
        name, string = raw[at], raw[at + 1]
        return (
            name.token_type == TokenType.VAR
            and name.text in ("X", "x")
            and string.token_type == TokenType.STRING
            and adjacent(name, string)
            and sql[string.start : string.start + 1] == "'"
        )

    return _merged_pairs(raw, hex_string, lambda a, b: (TokenType.HEX_STRING, b.text, b))


def _leading_dot_numbers(raw: list[Token]) -> list[Token]:
    """``.25`` as one number token after DISTINCT or ALL, as Calcite's lexer reads it: sqlglot
    reads ``SELECT DISTINCT .x`` as the column ``x`` of a table named DISTINCT."""

    def after_quantifier(merged: list[Token], raw: list[Token], at: int) -> bool:
        quantifiers = (TokenType.DISTINCT, TokenType.ALL)
        return point_number(raw, at) and bool(merged) and merged[-1].token_type in quantifiers

    return _merged_pairs(raw, after_quantifier, lambda a, b: (TokenType.NUMBER, "." + b.text, a))


Merge = Callable[[list[Token], list[Token], int], bool]
Joined = Callable[[Token, Token], tuple[TokenType, str, Token]]


def _merged_pairs(raw: list[Token], merges: Merge, joined: Joined) -> list[Token]:
    """``raw`` with each pair of tokens that ``merges`` (given the tokens so far, the raw
    tokens and the first's index) made one: of the type and text ``joined`` gives, placed at
    the line and column of the token it names, from the first's start to the second's end."""
    merged: list[Token] = []
    at = 0
    while at < len(raw):
        first = raw[at]
        if at + 1 < len(raw) and merges(merged, raw, at):
            second = raw[at + 1]
            kind, text, placed = joined(first, second)
            comments = first.comments + second.comments
            merged.append(
                Token(kind, text, placed.line, placed.col, first.start, second.end, comments)
            )
            at += 2
            continue
        merged.append(first)
        at += 1
    return merged
