"""A cursor over the tokens of one statement, for the hand-written statement parser."""

from __future__ import annotations

from sqlglot.errors import TokenError
from sqlglot.tokens import Token, TokenType

from .dialect import tokenize
from .errors import SqlParseError, line_and_column, token_image
from .keywords import is_reserved

_NOT_WORDS = {
    TokenType.IDENTIFIER,
    TokenType.STRING,
    TokenType.NUMBER,
    # E'...', U&'...', X'...': literals, whose text may hold spaces (_split_multi_word)
    TokenType.BYTE_STRING,
    TokenType.UNICODE_STRING,
    TokenType.HEX_STRING,
}


def identifiers(text: str) -> list[str]:
    """The names written in ``text``, quoted or not (keywords, literals and numbers aside)."""
    try:
        return list(names_in(tokenize(text)))
    except TokenError:
        return []


def names_in(found: list[Token]) -> tuple[str, ...]:
    """The names among tokens, quoted or not (keywords, literals and numbers aside)."""
    return tuple(t.text for t in found if t.token_type in (TokenType.IDENTIFIER, TokenType.VAR))


class TokenStream:
    """Tokens of ``text`` with a position; keywords are matched by their upper-case text."""

    def __init__(self, text: str, statement: bool = True) -> None:
        """``statement``: ``text`` is read by Flink's SQL lexer, whose backquoted names hold no
        line break (not a type string, which Flink's own type parser reads)."""
        self.text = text
        try:
            found = tokenize(text)
        except TokenError:
            raise _unterminated(text) from None
        for tok in found if statement else ():  # a backquoted name holds no line break
            if tok.token_type == TokenType.IDENTIFIER and ("\n" in tok.text or "\r" in tok.text):
                closed = _last_doubled(text, tok.start)  # the longest name Flink can close
                raise UnendedName(text, tok.start if closed is None else closed + 1)
        self.names = names_in(found)
        self.tokens: list[Token] = _split_multi_word(found)
        self.pos = 0
        _check_nesting(self.tokens)
        for tok in self.tokens:
            if tok.token_type == TokenType.IDENTIFIER and tok.text == "":
                line, column = self.position(tok)
                after = tok.end + 1
                nxt = text[after] if after < len(text) else "<EOF>"
                raise SqlParseError(
                    f"Lexical error at line {line}, column {column + 2}.  "
                    f'Encountered: "{nxt}" ({ord(nxt) if len(nxt) == 1 else 0}), after : "``"'
                )

    # -- looking -------------------------------------------------------------------------
    def peek(self, offset: int = 0) -> Token | None:
        i = self.pos + offset
        return self.tokens[i] if i < len(self.tokens) else None

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    def is_word(self, token: Token | None, word: str | None = None) -> bool:
        if token is None or token.token_type in _NOT_WORDS:
            return False
        text = token.text.upper()
        if not (text[:1].isalpha() or text[:1] == "_"):
            return False
        return word is None or text == word

    def at_keyword(self, *words: str) -> bool:
        return all(self.is_word(self.peek(i), w) for i, w in enumerate(words))

    def at_type(self, token_type: TokenType) -> bool:
        tok = self.peek()
        return tok is not None and tok.token_type == token_type

    # -- consuming -----------------------------------------------------------------------
    def advance(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise self.error_at_end()
        self.pos += 1
        return tok

    def accept_keyword(self, *words: str) -> bool:
        if self.at_keyword(*words):
            self.pos += len(words)
            return True
        return False

    def expect_keyword(self, *words: str) -> None:
        for word in words:
            if not self.accept_keyword(word):
                raise self.unexpected()

    def accept(self, token_type: TokenType) -> Token | None:
        if self.at_type(token_type):
            return self.advance()
        return None

    def expect(self, token_type: TokenType) -> Token:
        tok = self.accept(token_type)
        if tok is None:
            raise self.unexpected()
        return tok

    def identifier(self) -> str:
        """A `quoted` identifier or an unquoted word that is not reserved."""
        tok = self.peek()
        if tok is None:
            raise self.error_at_end()
        if tok.token_type == TokenType.IDENTIFIER:
            self.pos += 1
            return tok.text
        if self.is_word(tok) and not is_reserved(tok.text):
            self.pos += 1
            return tok.text
        raise self.unexpected()

    def compound_identifier(self) -> list[str]:
        parts = [self.identifier()]
        while (dot := self.peek()) is not None and self.accept(TokenType.DOT):
            following = self.peek()
            if following is not None and self.is_word(following) and is_reserved(following.text):
                # Flink's parser takes "." <reserved word> as one wrong choice, at the dot
                line, column = self.position(dot)
                raise SqlParseError(f'Encountered ". {self.image(following)}"', line, column)
            parts.append(self.identifier())
        return parts

    def string(self) -> str:
        tok = self.peek()
        if tok is None or tok.token_type != TokenType.STRING:
            raise self.unexpected()
        self.pos += 1
        return tok.text

    def expect_end(self) -> None:
        if not self.at_end():
            raise self.unexpected()

    # -- positions and errors ------------------------------------------------------------
    def position(self, token: Token) -> tuple[int, int]:
        """1-based line and column of the first character of ``token``."""
        # quoted tokens exclude the opening quote from ``start`` in some sqlglot versions
        return self.offset_position(token.start)

    def offset_position(self, offset: int) -> tuple[int, int]:
        """1-based line and column of the character at ``offset`` of the statement."""
        return line_and_column(self.text, offset)

    def source(self, first: Token, last: Token) -> str:
        """The statement's own text from ``first`` to ``last``, quotes included."""
        end = last.end + 1
        if last.token_type in (TokenType.STRING, TokenType.IDENTIFIER):
            while end < len(self.text) and self.text[end - 1] not in "'`":
                end += 1
        return self.text[first.start : end]

    def unexpected(self) -> SqlParseError:
        tok = self.peek()
        if tok is None:
            return self.error_at_end()
        line, column = self.position(tok)
        return SqlParseError(f'Encountered "{self.image(tok)}"', line, column)

    def image(self, tok: Token) -> str:
        """The token's text as Flink's parser quotes it in messages."""
        return token_image(self.text[tok.start : tok.end + 1])

    def error_at_end(self) -> SqlParseError:
        """Flink places the end of input at the statement's last character."""
        end = len(self.text.rstrip())
        line, column = line_and_column(self.text, end - 1) if end else (1, 1)
        return SqlParseError('Encountered "<EOF>"', line, column)


MAX_NESTING = 100


def _check_nesting(tokens: list[Token]) -> None:
    """Refuse absurdly deep nesting up front, before any recursive parsing."""
    depth = deepest = 0
    for tok in tokens:
        if tok.token_type in (TokenType.L_PAREN, TokenType.L_BRACKET, TokenType.LT):
            depth += 1
            deepest = max(deepest, depth)
        elif tok.token_type in (TokenType.R_PAREN, TokenType.R_BRACKET, TokenType.GT):
            depth = max(depth - 1, 0)
    if deepest > MAX_NESTING:
        raise SqlParseError(
            f"The statement nests parentheses, brackets or angle brackets {deepest} levels "
            f"deep; the dashboard accepts at most {MAX_NESTING}."
        )


def _unterminated(text: str) -> SqlParseError:
    """The quote Flink's lexer cannot close, reported at its opening character (a backquoted
    name: :class:`UnendedName`). The lexer takes the longest quoted token it can close: a
    quote left open after a doubled quote (``'a''b``) closes at the doubled quote's first
    character, and the second opens the quote left unterminated."""
    i = 0
    while i < len(text):
        if text[i] not in "'`":
            i += 1
            continue
        closing = _closing(text, i)
        if closing is None:
            closing = _last_doubled(text, i)
            if closing is None:
                return UnterminatedQuote(text, i) if text[i] == "'" else UnendedName(text, i)
        i = closing + 1
    return SqlParseError("Lexical error in the statement.")


def _closing(text: str, opened: int) -> int | None:
    """The quote closing the one opened at ``opened`` (a doubled quote is one character of
    the token), or None."""
    quote, i = text[opened], opened + 1
    while i < len(text):
        if text[i] == quote:
            if text[i + 1 : i + 2] != quote:
                return i
            i += 1
        elif quote == "`" and text[i] in "\r\n":
            return None
        i += 1
    return None


def _last_doubled(text: str, opened: int) -> int | None:
    """Where the longest quoted token opened at ``opened`` and never closed ends: the first
    character of its last doubled quote (None: it has none)."""
    quote, end, i = text[opened], None, opened + 1
    while (found := text.find(quote, i)) >= 0 and text[found + 1 : found + 2] == quote:
        if quote == "`" and any(c in text[i:found] for c in "\r\n"):
            break
        end, i = found, found + 2
    return end


class UnterminatedQuote(SqlParseError):
    """A quote (``'`` or a backtick) opened at ``offset`` and never closed: Flink's parser
    reports it there, unless the statement broke its grammar earlier."""

    def __init__(self, text: str, offset: int) -> None:
        image = "\\'" if text[offset] == "'" else "`"
        self.quote_position = line_and_column(text, offset)
        super().__init__(f'Encountered "{image}"', *self.quote_position)
        self.offset = offset
        self.quote = text[offset]
        # In an expression, after a binary operator, the parser looks two tokens ahead and
        # names both, from the operator on.
        self.after_operator: SqlParseError | None = None
        before = text[:offset].rstrip()
        operator = next((op for op in _BINARY_SYMBOLS if before.endswith(op)), None)
        if operator is not None and image != "`":
            start = len(before) - len(operator)
            self.after_operator = SqlParseError(
                f'Encountered "{operator} {image}"', *line_and_column(text, start)
            )


class UnendedName(UnterminatedQuote):
    """A backquoted name Flink's lexer cannot end: it meets a line break, which such a name
    cannot hold, or the end of the statement first (``Lexical error at line 1, column 48.
    Encountered: <EOF> after : "`ab FROM t"``: the place after the last character)."""

    def __init__(self, text: str, offset: int) -> None:
        breaks = [b for b in (text.find("\n", offset), text.find("\r", offset)) if b >= 0]
        at = min(breaks) if breaks else len(text)
        if at < len(text):
            place, met = line_and_column(text, at), f'"{token_image(text[at])}" ({ord(text[at])}),'
        else:
            place, met = line_and_column(text, len(text)), "<EOF>"
        SqlParseError.__init__(
            self,
            f"Lexical error at line {place[0]}, column {place[1]}.  Encountered: {met} "
            f'after : "{token_image(text[offset:at])}"',
        )
        self.quote_position = line_and_column(text, offset)
        self.offset = offset
        self.quote = "`"
        self.after_operator = None


# longest first: "<=" before "<"
_BINARY_SYMBOLS = ("<>", "<=", ">=", "!=", "||", "=", "<", ">", "+", "-", "*", "/", "%")


def _split_multi_word(tokens: list[Token]) -> list[Token]:
    """sqlglot reads some keyword pairs (PRIMARY KEY, PARTITIONED BY) as one token; split them."""
    result: list[Token] = []
    for tok in tokens:
        if tok.token_type in _NOT_WORDS or not any(ch.isspace() for ch in tok.text):
            result.append(tok)
            continue
        raw = tok.text
        offset = 0
        for word in raw.split():
            index = raw.index(word, offset)
            start = tok.start + index
            result.append(
                Token(TokenType.VAR, word, tok.line, tok.col, start, start + len(word) - 1)
            )
            offset = index + len(word)
    return result
