"""Literals as Calcite's parser reads them (the parser's methods, mixed into ``Flink.Parser``):
numbers, character strings with their character set and continuations on following lines,
binary strings, and DECIMAL/DATE/TIME/TIMESTAMP '...' checked against Flink's formats (the
values themselves: :mod:`.literals`)."""

from __future__ import annotations

from contextvars import ContextVar

from sqlglot import exp, tokens
from sqlglot.tokens import TokenType

from . import literals
from .errors import ValidationError
from .token_shapes import point_number

# Whether the parser leaves a literal's value unchecked, its error kept in the literal's meta:
# an interval's ("interval_error"), which Calcite checks while it validates, after a clause's
# types (views.checks.check_literal_values), and a DATE, TIME or TIMESTAMP literal's
# ("literal_error"), which it checks where it validates the literal, in its place among the
# query's expressions (views.casts.check_cast_call). A view's query defers them; elsewhere the
# parser refuses them at once.
DEFER_LITERAL_CHECKS: ContextVar[bool] = ContextVar("DEFER_LITERAL_CHECKS", default=False)


def number_literal(numeric: literals.Numeric) -> exp.Literal:
    """A numeric literal node that keeps its value as read (``meta["numeric"]``)."""
    node = exp.Literal(this=numeric.text, is_string=False)
    node.meta["numeric"] = numeric
    return node


class LiteralSyntax:
    """The parser's methods for literals (mixed into ``Flink.Parser``)."""

    def _parse_literal(self) -> exp.Expr | None:
        """A literal as Calcite's parser reads it (see :mod:`.literals`), or None."""
        curr, nxt = self._curr, self._next
        if curr is None:
            return None
        kind = curr.token_type
        if kind == TokenType.NUMBER:
            self._advance()
            return number_literal(literals.read_number(curr.text))
        if nxt is not None and point_number((curr, nxt), 0):
            self._advance(2)
            return number_literal(literals.read_number("." + nxt.text))
        if kind == TokenType.STRING:
            self._advance()
            return self._string_literal(curr, None)
        if kind == TokenType.UNICODE_STRING:
            self._advance()
            escape = "\\"
            if self._match_text_seq("UESCAPE"):
                escape_token = self._curr
                if escape_token is None or escape_token.token_type != TokenType.STRING:
                    self.raise_error("Expected a string after UESCAPE")
                self._advance()
                escape = escape_token.text
            value = literals.unescape_unicode(curr.text, escape)
            return self._string_literal(curr, "UTF16", value)
        if kind == TokenType.HEX_STRING:
            self._advance()
            return self._binary_literal(curr)
        if curr.text.startswith("_") and kind != TokenType.IDENTIFIER:
            prefix = literals.CHARSET_PREFIX.match(self.sql, curr.start)
            if prefix is not None:
                quote = prefix.end() - 1
                while self._curr and self._curr.start < quote:
                    self._advance()
                string = self._curr
                if string is not None and string.token_type == TokenType.STRING:
                    self._advance()
                    charset = literals.check_charset(prefix.group(1))
                    return self._string_literal(string, charset)
        return self._parse_more_literal()

    def _continuations(self, first: tokens.Token) -> list[str]:
        """The string fragments continuing a literal on the following lines."""
        parts = []
        last = first
        while self._curr and self._curr.token_type == TokenType.STRING:
            between = self.sql[last.end + 1 : self._curr.start]
            if "\n" not in between and "\r" not in between:
                raise ValidationError("String literal continued on same line")
            last = self._curr
            parts.append(last.text)
            self._advance()
        return parts

    def _string_literal(
        self, token: tokens.Token, charset: str | None, value: str | None = None
    ) -> exp.Literal:
        first = token.text if value is None else value
        parts = [first, *self._continuations(token)]
        node = exp.Literal(this="".join(parts), is_string=True)
        if charset is not None:
            node.meta["charset"] = charset
        if len(parts) > 1:
            node.meta["parts"] = parts
        return node

    def _binary_literal(self, token: tokens.Token) -> exp.HexString:
        parts = [token.text, *self._continuations(token)]
        for part in parts:
            literals.check_hexits(part)
        node = exp.HexString(this="".join(parts))
        if len(parts) > 1:
            node.meta["parts"] = parts
        return node

    def _typed_decimal(self, this: exp.Expr) -> exp.Expr:
        if not (isinstance(this, exp.Literal) and this.is_string):
            return self.expression(exp.Cast(this=this, to=exp.DType.DECIMAL.into_expr()))
        return number_literal(literals.read_decimal_string(this.this))

    def _typed_datetime(self, this: exp.Expr, to: exp.DataType, keyword: str) -> exp.Expr:
        """DATE/TIME/TIMESTAMP '...': checked against Flink's format, written in it."""
        before = self._tokens[self._index - 2] if self._index >= 2 else None
        if before is not None and before.text.upper() == "TIMESTAMP_LTZ":
            self.raise_error('Encountered "TIMESTAMP_LTZ"', before)
        local = to.this == exp.DType.TIMESTAMPLTZ
        node = self.expression(exp.Cast(this=this, to=to))
        if isinstance(this, exp.Literal) and this.is_string:
            node.meta["keyword"] = "TIMESTAMP_WITH_LOCAL_TIME_ZONE" if local else keyword
            try:
                node.meta["datetime"] = literals.read_datetime(keyword, this.this, local)
            except ValidationError as exc:
                if not DEFER_LITERAL_CHECKS.get():
                    raise
                node.meta["literal_error"] = exc
        return node
