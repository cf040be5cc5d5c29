"""The Flink SQL dialect for sqlglot: backtick identifiers, single-quoted strings.

Statements are tokenized with this dialect's tokenizer; expressions (computed columns,
watermarks, view queries) are parsed and written back with its parser and generator.
"""

from __future__ import annotations

from sqlglot import exp, generator, parser, tokens
from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import TokenType


class TableArgument(exp.Expression):
    """``TABLE t [PARTITION BY ...]`` as the argument of a table function (window TVFs)."""

    arg_types = {"this": True, "partition_by": False}


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
            **{k: v for k, v in tokens.Tokenizer.KEYWORDS.items() if k != "SESSION"},
            "STRING": TokenType.TEXT,
            "BYTES": TokenType.VARBINARY,
        }

    class Parser(parser.Parser):
        # Keep every function call as written (name and arguments): Flink writes unresolved
        # calls back by the name the user typed, and the type rules look names up themselves.
        FUNCTIONS: dict = {}

        LAMBDAS = {
            **parser.Parser.LAMBDAS,
            # Named arguments (``SIZE => INTERVAL '1' MINUTE``) keep their name as written.
            TokenType.FARROW: lambda self, expressions: self.expression(
                exp.Kwarg(
                    this=expressions[0],
                    expression=self._parse_table_argument() or self._parse_disjunction(),
                )
            ),
        }

        def _parse_lambda(self, alias: bool = False) -> exp.Expr | None:
            return self._parse_table_argument() or super()._parse_lambda(alias)

        def _parse_table_argument(self) -> TableArgument | None:
            """``TABLE t`` as a function argument, as window table functions take it."""
            nxt = self._next
            if not (
                self._curr is not None
                and self._curr.token_type == TokenType.TABLE
                and nxt is not None
                and nxt.token_type != TokenType.L_PAREN
            ):
                return None
            self._advance()
            table = self._parse_table_parts()
            partition = None
            if self._match(TokenType.PARTITION_BY) or self._match_text_seq("PARTITION", "BY"):
                partition = self._parse_wrapped_csv(self._parse_column, optional=True)
            return self.expression(TableArgument(this=table, partition_by=partition))

        def _parse_function(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            result = super()._parse_function(*args, **kwargs)
            niladic = (exp.CurrentTimestamp, exp.CurrentDate, exp.CurrentTime)
            if isinstance(result, niladic) and self._prev is not None:
                # Calcite names the column of CURRENT_TIMESTAMP as the user spelled it.
                result.meta["written"] = self._prev.text
            return result

        def _parse_ordered(self, parse_method=None) -> exp.Ordered | None:
            ordered = super()._parse_ordered(parse_method)
            if ordered is not None and self._prev is not None:
                before = self._tokens[self._index - 2] if self._index >= 2 else None
                if (
                    self._prev.text.upper() in ("FIRST", "LAST")
                    and before is not None
                    and before.text.upper() == "NULLS"
                ):
                    ordered.meta["explicit_nulls"] = self._prev.text.upper()
            return ordered

        def _parse_cast(self, strict: bool, safe: bool | None = None) -> exp.Expr:
            """CAST(x AS <Flink type>): the type is kept as written, for Flink's type parser."""
            this = self._parse_assignment()
            if not self._match(TokenType.ALIAS):
                self.raise_error("Expected AS after CAST")
            first = self._curr
            last = None
            depth = 0
            while self._curr is not None:
                kind = self._curr.token_type
                if kind in (TokenType.L_PAREN, TokenType.LT):
                    depth += 1
                elif kind in (TokenType.R_PAREN, TokenType.GT):
                    if depth == 0 and kind == TokenType.R_PAREN:
                        break
                    depth -= 1
                last = self._curr
                self._advance()
            if first is None or last is None:
                self.raise_error("Expected a type after AS")
            to = exp.DataType(
                this=exp.DataType.Type.USERDEFINED, kind=self.sql[first.start : last.end + 1]
            )
            return self.expression(
                exp.TryCast(this=this, to=to) if safe else exp.Cast(this=this, to=to)
            )

    class Generator(generator.Generator):
        pass


DIALECT = Flink()


def tokenize(text: str) -> list[tokens.Token]:
    """Tokens of ``text``; comments are dropped by the tokenizer."""
    return DIALECT.tokenize(text)


__all__ = ["DIALECT", "Flink", "TokenType", "exp", "tokenize"]
