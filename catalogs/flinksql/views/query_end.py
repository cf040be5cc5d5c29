"""A view's query that ends where Flink's parser wants more: the error it gives at the end of
input, which depends on what the query's last tokens are.

JavaCC names the tokens its failed lookahead read, from the first of them: after a binary
operator, a dot, ``IS``, ``IN`` or a join's keyword it is ``Encountered "> <EOF>"`` at the
operator; after a comma of a list it looks ahead in (GROUP BY, ORDER BY, FROM, VALUES, an
ARRAY's items, a window's PARTITION BY) ``Encountered ", <EOF>"``; where its grammar consumed
the last token and wants another, ``Encountered "<EOF>"`` at the last character. A BETWEEN
without its AND is ``BETWEEN operator has no terminating AND``. Calcite words a refused
reserved word that could have been a name ``Incorrect syntax near the keyword '...'``.

These texts are recorded from Flink in tests/goldens/views_query_end.sql.
"""

from __future__ import annotations

from sqlglot.tokens import Token, TokenType

from ..dialect import tokenize
from ..errors import FlinkSqlError, SqlParseError, ValidationError
from .reserved import text_position

# operators whose right operand the parser looks for with a lookahead of two tokens
_LOOKAHEAD_SYMBOLS = frozenset({"=", "<>", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "||"})
_LOOKAHEAD_WORDS = frozenset({"IS", "IN", "NOT", "MEMBER", "SIMILAR", "MULTISET", "SUBMULTISET"})
_JOIN_WORDS = frozenset({"LEFT", "RIGHT", "FULL", "INNER", "NATURAL"})
# words after which an operand or a clause must follow (Calcite names the keyword)
_NEAR_KEYWORD = frozenset({"LIKE", "AND", "OR", "BETWEEN", "OVERLAPS", "JOIN", "TO", "BOTH"})
_NEAR_KEYWORD |= frozenset({"LEADING", "TRAILING"})
_TYPED_LITERALS = frozenset({"DATE", "TIME", "TIMESTAMP", "INTERVAL"})
# words a query cannot end with: the parser wants more after them
_NOT_LAST = frozenset(
    {
        "AS",
        "SELECT",
        "DISTINCT",
        "ALL",
        "FROM",
        "WHERE",
        "GROUP",
        "ORDER",
        "HAVING",
        "ON",
        "USING",
        "CROSS",
        "OVER",
        "FILTER",
        "TABLE",
        "EXISTS",
        "UNION",
        "EXCEPT",
        "INTERSECT",
        "OFFSET",
        "LIMIT",
        "FETCH",
        "WITH",
        "CASE",
        "WHEN",
        "THEN",
        "ELSE",
        "OUTER",
        "LATERAL",
        "UNNEST",
        "PARTITION",
        "VALUES",
        "FOR",
        "SYSTEM_TIME",
        "OF",
        "WITHIN",
        "NEXT",
    }
)
# reserved words, except NULLS (a name elsewhere), which is a keyword only in ORDER BY; the words
# of a window's frame are found by _open_frame
_FRAMES = frozenset({"ROWS", "RANGE"})
_GROUPING_CALLS = frozenset({"ROLLUP", "CUBE", "SETS"})
# clauses whose lists the parser continues after a comma with a lookahead
_LOOKAHEAD_LISTS = frozenset({"GROUP", "ORDER", "FROM", "VALUES", "PARTITION"})
_LIST_CLAUSES = _LOOKAHEAD_LISTS | {"SELECT", "WHERE", "HAVING", "ON", "USING", "DEFINE"}
_LIST_CLAUSES |= {"MEASURES"}
# words after NOT or IS that the parser consumed before it wanted more
_AFTER_NOT_OR_IS = frozenset({"IN", "LIKE", "NOT", "DISTINCT", "BETWEEN", "SIMILAR"})


def query_end_error(text: str, position: tuple[int, int]) -> FlinkSqlError | None:
    """The error Flink gives for ``text`` (a view's query starting at ``position`` in the
    statement) because of how it ends, or None where it may end so."""
    found = [t for t in tokenize(text) if t.token_type != TokenType.SEMICOLON]
    if not found:
        return None
    last = found[-1]
    word = _word(text, last)
    before = found[-2] if len(found) > 1 else None

    def at(token: Token, image: str) -> SqlParseError:
        return SqlParseError(f'Encountered "{image}"', *text_position(text, token.start, position))

    eof = end_of_input(text, position)
    interval = before is not None and _word(text, before) == "INTERVAL"
    if last.token_type == TokenType.STRING and interval:  # the interval's unit is missing
        return eof
    before_word = _word(text, before) if before is not None else ""
    if _open_frame(text, found) or _open_fetch(text, found):
        return eof
    if word == "INTERVAL" and before_word in ("+", "-"):
        return at(before, f"{_source(text, before)} INTERVAL <EOF>")
    if word in _AFTER_NOT_OR_IS and before_word in ("NOT", "IS"):
        if word == "DISTINCT" and before_word == "IS":
            return at(last, f"{_source(text, last)} <EOF>")
        return eof
    if word in _TYPED_LITERALS or word == "BETWEEN":  # the literal's text, the operand wanted
        return _near_keyword(text, last, position)
    if _open_between(text, found):
        return ValidationError("BETWEEN operator has no terminating AND")
    if word in ("+", "-") and before_word in _LOOKAHEAD_SYMBOLS:  # a sign after an operator
        return at(before, f"{_source(text, before)} {_source(text, last)} <EOF>")
    if word == "(" and before_word in ("FROM", "JOIN"):
        return at(last, "( <EOF>")
    if len(_source(text, last).split()) > 1:  # SIMILAR TO, read as one token
        return eof
    if word == "IN" and _innermost_call(text, found) == "POSITION":
        return eof
    if word == "." or (word in _LOOKAHEAD_SYMBOLS and _ends_operand(text, before)):
        return at(last, f"{_source(text, last)} <EOF>")
    if word in _LOOKAHEAD_WORDS and _ends_operand(text, before):
        if word == "IS" and _clause(text, found) == "SELECT":
            return _near_keyword(text, last, position)
        return at(last, f"{_source(text, last)} <EOF>")
    if word in _JOIN_WORDS and _ends_operand(text, before):
        return at(last, f"{_source(text, last)} <EOF>")
    if word == "OUTER" and before_word in _JOIN_WORDS:
        return at(before, f"{_source(text, before)} {_source(text, last)} <EOF>")
    if word == "ESCAPE" and len(found) > 2 and _word(text, found[-3]) == "LIKE":
        return _near_keyword(text, last, position)
    if word in ("ESCAPE", "COLLATE") and _ends_operand(text, before):
        return at(last, _source(text, last))
    if word in _NEAR_KEYWORD:
        return _near_keyword(text, last, position)
    if word == ",":
        in_list = _clause(text, found) in _LOOKAHEAD_LISTS
        if in_list or _innermost_bracket(text, found) == "[":
            return at(last, ", <EOF>")
        if _innermost_call(text, found) in _GROUPING_CALLS:
            return at(last, ", <EOF>")
        return eof
    if word == "ALL" and before_word == "LIMIT":  # LIMIT ALL ends a query
        return None
    if word == "NULLS" and _clause(text, found) == "ORDER":
        return eof
    if word in _NOT_LAST or word in ("(", "[") or _innermost_bracket(text, found) is not None:
        return eof
    if _word(text, found[0]) == "WITH" and _ends_with_cte(text, found):  # and no query
        return eof
    return None


def _word(text: str, token: Token) -> str:
    """The token's word in upper case; of GROUP BY, ORDER BY, PARTITION BY (one token) the
    first."""
    words = _source(text, token).upper().split()
    return words[0] if words else ""


def _source(text: str, token: Token) -> str:
    if token.token_type in (TokenType.STRING, TokenType.IDENTIFIER):
        return "'"  # never one of the words above
    return text[token.start : token.end + 1]


_OPERAND_ENDS = (
    TokenType.VAR,
    TokenType.IDENTIFIER,
    TokenType.NUMBER,
    TokenType.STRING,
    TokenType.R_PAREN,
    TokenType.R_BRACKET,
)


def _ends_operand(text: str, token: Token | None) -> bool:
    """Whether ``token`` can end an operand (a name, a literal, a closing bracket)."""
    return token is not None and token.token_type in _OPERAND_ENDS


def _near_keyword(text: str, token: Token, position: tuple[int, int]) -> SqlParseError:
    line, column = text_position(text, token.start, position)
    word = _source(text, token)
    return SqlParseError(
        f"Incorrect syntax near the keyword '{word}' at line {line}, column {column}."
    )


def _depth_tokens(found: list[Token]) -> list[tuple[int, Token]]:
    """Each token with the number of brackets open before it."""
    depth = 0
    out = []
    for token in found:
        if token.token_type in (TokenType.R_PAREN, TokenType.R_BRACKET):
            depth -= 1
        out.append((depth, token))
        if token.token_type in (TokenType.L_PAREN, TokenType.L_BRACKET):
            depth += 1
    return out


def _clause(text: str, found: list[Token]) -> str | None:
    """The clause keyword the last token belongs to, at its own bracket depth."""
    marked = _depth_tokens(found)
    depth = marked[-1][0]
    for level, token in reversed(marked[:-1]):
        if level < depth:
            return None  # the bracket the last token stands in
        if level == depth and _word(text, token) in _LIST_CLAUSES:
            return _word(text, token)
    return None


def _innermost_open(found: list[Token]) -> int | None:
    """The index of the innermost bracket still open at the end, if one is."""
    stack: list[int] = []
    for index, token in enumerate(found):
        if token.token_type in (TokenType.L_PAREN, TokenType.L_BRACKET):
            stack.append(index)
        elif token.token_type in (TokenType.R_PAREN, TokenType.R_BRACKET) and stack:
            stack.pop()
    return stack[-1] if stack else None


def _innermost_bracket(text: str, found: list[Token]) -> str | None:
    """The innermost bracket still open at the end: ``(`` or ``[``."""
    index = _innermost_open(found)
    return None if index is None else _source(text, found[index])


def _innermost_call(text: str, found: list[Token]) -> str | None:
    """The word before the innermost bracket still open at the end (a function's name)."""
    index = _innermost_open(found)
    return None if not index else _word(text, found[index - 1])


def last_tokens_start(text: str, count: int) -> int:
    """Where the last ``count`` tokens of ``text`` start."""
    found = tokenize(text)
    return found[-count].start if len(found) >= count else 0


def _ends_with_cte(text: str, found: list[Token]) -> bool:
    """Whether the last token closes a common table expression's query (``name AS (...)``)."""
    if found[-1].token_type != TokenType.R_PAREN:
        return False
    depth = 0
    for index in range(len(found) - 1, -1, -1):
        kind = found[index].token_type
        depth += kind == TokenType.R_PAREN
        depth -= kind == TokenType.L_PAREN
        if depth == 0:
            return index > 0 and _word(text, found[index - 1]) == "AS"
    return False


def _open_frame(text: str, found: list[Token]) -> bool:
    """Whether the query ends in a window's frame (ROWS or RANGE) before its closing bracket."""
    marked = _depth_tokens(found)
    depth = marked[-1][0]
    if depth == 0:  # a frame stands in a window's brackets (OFFSET 5 ROWS ends a query)
        return False
    for level, token in reversed(marked):
        if level < depth:
            return False
        if level == depth and _word(text, token) in _FRAMES:
            return True
    return False


def _open_fetch(text: str, found: list[Token]) -> bool:
    """Whether a FETCH at the top level still waits for its ONLY."""
    words = [_word(text, t) for level, t in _depth_tokens(found) if level == 0]
    return "FETCH" in words and words[-1] != "ONLY"


def _open_between(text: str, found: list[Token]) -> bool:
    """Whether a BETWEEN at the last token's depth still waits for its AND."""
    marked = _depth_tokens(found)
    depth = marked[-1][0]
    waiting = 0
    for level, token in marked:
        if level != depth:
            continue
        word = _word(text, token)
        if word == "BETWEEN":  # a frame's BETWEEN: the query ended in the frame, told before
            waiting += 1
        elif word == "AND" and waiting and token is not found[-1]:
            waiting -= 1
    return waiting > 0


def end_of_input(text: str, position: tuple[int, int]) -> SqlParseError:
    """Flink's parser meeting the end of ``text``, which it places at the last character."""
    line, column = text_position(text, len(text.rstrip()) - 1, position)
    return SqlParseError('Encountered "<EOF>"', line, column)
