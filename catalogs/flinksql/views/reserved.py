"""Reserved words in a view's query, refused where Flink's parser refuses them.

sqlglot reads many of Flink's reserved words as plain names (``SELECT datetime FROM t``); Flink's
parser does not. Which words it refuses where, and how its ``Encountered "..."`` message reads, is
Flink's recorded answer (``..keywords``): a column name (``select``), the name after a qualifier
(``qualified``, ``t.month``: the message starts at the dot), a select alias (``alias``) and a
table alias (``table_alias``).
"""

from __future__ import annotations

from sqlglot import exp
from sqlglot.tokens import Token, TokenType

from ..dialect import tokenize
from ..errors import SqlParseError, ValidationError, line_and_column
from ..keywords import Refusal, refusal, refusal_message
from ..spans import RANGED_MESSAGES, span_of
from .calls import is_unit_argument


def check_reserved_names(node: exp.Expression, text: str, base: tuple[int, int]) -> None:
    """Raise Flink's parse error for the first unquoted reserved word of ``node`` used as a
    name. ``text`` is the query's text and ``base`` the line and column where it starts."""
    found = _token_refusals(text, len(text))
    for column in node.find_all(exp.Column):
        ident = column.this
        if _unquoted(ident) and not column.table and not is_unit_argument(column):
            shape = refusal("select", ident.name)
            if shape is not None:
                found.append((ident.meta["start"], shape))
    for alias in node.find_all(exp.Alias, exp.TableAlias):
        ident = alias.args.get("alias") if isinstance(alias, exp.Alias) else alias.this
        if _unquoted(ident):
            position = "alias" if isinstance(alias, exp.Alias) else "table_alias"
            shape = refusal(position, ident.name)
            if shape is not None:
                found.append((ident.meta["start"], shape))
    if found:
        start, shape = min(found, key=lambda item: item[0])
        raise _encountered(text, start, shape, base)


def reserved_select_item(text: str, before: int, base: tuple[int, int]) -> SqlParseError | None:
    """Flink's error for a query sqlglot cannot read at offset ``before`` because a reserved
    word before it stands as a name (``SELECT and FROM t``, ``t.select``), or None."""
    found = _token_refusals(text, before)
    if not found:
        return None
    start, shape = min(found, key=lambda item: item[0])
    return _encountered(text, start, shape, base)


def _token_refusals(text: str, before: int) -> list[tuple[int, Refusal]]:
    """The reserved words up to offset ``before`` that the tokens alone show to be names: after
    a dot (``t.month``), and a lone select item (``SELECT and FROM``, ``SELECT a, year FROM``)."""
    tokens = tokenize(text)
    found: list[tuple[int, Refusal]] = []
    for index in range(1, len(tokens)):
        tok = tokens[index]
        if tok.start > before:
            break
        if tok.token_type in (TokenType.IDENTIFIER, TokenType.STRING) or not _is_word(tok.text):
            continue
        previous = tokens[index - 1]
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        # a lone item: after SELECT or a comma, before FROM, a comma or the end (tokens, not
        # texts: a quoted `select` or an empty string '' is neither)
        lone = previous.token_type in (TokenType.SELECT, TokenType.COMMA) and (
            following is None or following.token_type in (TokenType.FROM, TokenType.COMMA)
        )
        if previous.token_type == TokenType.DOT:
            shape = refusal("qualified", tok.text)
        elif lone:
            shape = refusal("select", tok.text)
        else:
            continue
        if shape is not None:
            found.append((tok.start, shape))
    return found


def _is_word(text: str) -> bool:
    return text.replace("_", "a").isalnum() and not text[0].isdigit()


def empty_select_list(text: str, base: tuple[int, int]) -> SqlParseError:
    """``SELECT FROM t``, ``SELECT ALL FROM t``: Flink's error names the FROM, where it is."""
    tokens = tokenize(text)
    for index, tok in enumerate(tokens):
        if tok.text.upper() != "SELECT":
            continue
        after = index + 1
        while after < len(tokens) and tokens[after].text.upper() in ("ALL", "DISTINCT"):
            after += 1
        if after < len(tokens) and tokens[after].text.upper() == "FROM":
            line, column = text_position(text, tokens[after].start, base)
            return SqlParseError("Incorrect syntax near the keyword 'FROM'", line, column)
    return SqlParseError("Incorrect syntax near the keyword 'FROM'")


def _unquoted(ident: object) -> bool:
    return isinstance(ident, exp.Identifier) and not ident.quoted and "start" in ident.meta


def _encountered(text: str, start: int, shape: Refusal, base: tuple[int, int]) -> SqlParseError:
    tokens: list[Token] = tokenize(text)
    index = next(i for i, tok in enumerate(tokens) if tok.start >= start) + shape.start
    shown = tokens[index : index + shape.tokens]
    images = [text[tok.start : tok.end + 1] for tok in shown]
    if len(images) < shape.tokens:
        images.append("<EOF>")
    line, column = text_position(text, shown[0].start, base)
    return SqlParseError(refusal_message(images), line, column)


def text_offset(text: str, line: int | None, column: int | None) -> int:
    """The offset in ``text`` of a 1-based line and column (its end when unknown)."""
    if line is None or column is None:
        return len(text)
    lines = text.split("\n")
    return sum(len(lines[i]) + 1 for i in range(min(line - 1, len(lines)))) + column - 1


def text_position(text: str, offset: int, base: tuple[int, int]) -> tuple[int, int]:
    """The line and column of ``offset`` in ``text``, counted as Flink does from ``base``."""
    line, column = line_and_column(text, offset)
    if line == 1:
        return base[0], base[1] + column - 1
    return base[0] + line - 1, column


def placed(
    message: str, names: list[exp.Identifier], text: str, base: tuple[int, int]
) -> ValidationError:
    """A validation error about ``names`` (of ``text``, which starts at ``base`` of its
    statement), with the range Calcite gives it: from the first name to the last."""
    start = names[0].meta.get("start") if names else None
    end = names[-1].meta.get("end") if names else None
    if start is None or end is None:
        return ValidationError(message)
    return ValidationError(
        message, (text_position(text, start, base), text_position(text, end, base))
    )


def spanned(
    exc: ValidationError, node: exp.Expression, text: str, base: tuple[int, int]
) -> ValidationError:
    """A refusal of the call or operator ``node`` (of ``text``, which starts at ``base`` of its
    statement), at the span Calcite reports it at; a refusal that has its place keeps it, so
    the innermost expression refused is the one named."""
    span = span_of(node)
    if exc.range is not None or span is None or not exc.message.startswith(RANGED_MESSAGES):
        return exc
    start, end = text_position(text, span[0], base), text_position(text, span[1], base)
    return ValidationError(exc.message, (start, end))
