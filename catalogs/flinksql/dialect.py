"""The Flink SQL dialect for sqlglot: backtick identifiers, single-quoted strings.

Statements are tokenized with this dialect's tokenizer; expressions (computed columns,
watermarks, view queries) are parsed and written back with its parser and generator.
"""

from __future__ import annotations

from sqlglot import exp, generator, parser, tokens
from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import TokenType


class Flink(Dialect):
    NORMALIZE_FUNCTIONS = False

    class Tokenizer(tokens.Tokenizer):
        IDENTIFIERS = ["`"]
        QUOTES = ["'"]
        STRING_ESCAPES = ["'"]
        IDENTIFIER_ESCAPES = ["`"]
        # sqlglot reads the rest of a "command" (SHOW, SET, ...) as one string; Flink does not.
        COMMANDS: set[TokenType] = set()
        KEYWORDS = {
            **tokens.Tokenizer.KEYWORDS,
            "STRING": TokenType.TEXT,
            "BYTES": TokenType.VARBINARY,
        }

    class Parser(parser.Parser):
        pass

    class Generator(generator.Generator):
        pass


DIALECT = Flink()


def tokenize(text: str) -> list[tokens.Token]:
    """Tokens of ``text``; comments are dropped by the tokenizer."""
    return DIALECT.tokenize(text)


__all__ = ["DIALECT", "Flink", "TokenType", "exp", "tokenize"]
