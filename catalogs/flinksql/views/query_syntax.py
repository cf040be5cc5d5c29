"""A view's query read as Calcite's parser reads it: the tree, or the error Flink's parser
gives, placed in the whole statement; and what Flink's parser refuses that sqlglot reads (a
non-query, an empty select list, an empty IN list, an ordered body of a parenthesized query)."""

from __future__ import annotations

from contextvars import ContextVar
from functools import lru_cache

from sqlglot import exp
from sqlglot.errors import ParseError as SqlglotParseError
from sqlglot.tokens import TokenType

from ..dialect import DEFER_LITERAL_CHECKS, DIALECT, tokenize
from ..errors import PositionedParseError, PositionedValidationError, SqlParseError, token_image
from ..json_syntax import refuse_query_arguments
from ..match_recognize_syntax import MatchRecognizeItem
from ..spans import mark_spans
from ..unpivot_syntax import UnpivotItem
from .match_recognize import check_navigation_offsets
from .query_end import end_of_input, last_tokens_start, query_end_error
from .reserved import (
    check_reserved_names,
    empty_select_list,
    reserved_select_item,
    text_offset,
    text_position,
)

# Off while the text before an unterminated quote is read for an earlier error: that text's
# end is not the statement's (parser._first_error)
CHECK_QUERY_END: ContextVar[bool] = ContextVar("check_query_end", default=True)


def _about_token(err: dict) -> bool:
    """Whether sqlglot's error is about the token it names (out of place), rather than about
    what it wanted after it; a closing bracket wants nothing after it."""
    description = err.get("description") or ""
    if description == "Invalid expression / Unexpected token":
        return True
    return description.startswith(('Encountered "', "Incorrect syntax near")) or err.get(
        "highlight"
    ) in (")", "]")


def placed_parse_error(
    exc: SqlglotParseError, text: str, position: tuple[int, int]
) -> SqlParseError:
    """The parser's refusal of ``text`` as Flink words it, placed in the whole statement, where
    ``text`` starts at ``position``: at the first column of the token it could not take."""
    err = exc.errors[0] if exc.errors else {}
    highlight = err.get("highlight") or text
    line, column = err.get("line"), err.get("col")
    description = err.get("description") or ""
    if line is not None and column is not None:
        # sqlglot places a token at its last character; a token may span lines (a string)
        end = text_offset(text, line, column)
        if end + 1 >= len(text.rstrip()) and not _about_token(err):
            # the parser wanted more after the last token: Flink's meets the end of input
            return end_of_input(text, position)
        start = max(0, end - len(highlight) + 1)
        line, column = text_position(text, start, position)
    if not description.startswith("Incorrect syntax near the keyword"):
        description = f'Encountered "{token_image(highlight)}"'
    return SqlParseError(description, line, column)


def parse_query(query: str, query_position: tuple[int, int]) -> exp.Expression:
    """A view's query as a tree, or the error Flink's parser gives for it (placed in the whole
    statement, whose query starts at ``query_position``)."""
    try:
        node = _parse(query)
    except (PositionedValidationError, PositionedParseError) as exc:
        raise exc.placed(*text_position(query, exc.offset, query_position)) from None
    except SqlglotParseError as exc:
        err = exc.errors[0] if exc.errors else {}
        line, column = err.get("line"), err.get("col")
        offset = text_offset(query, line, column)
        reserved = reserved_select_item(query, offset, query_position)
        if reserved is not None:
            raise reserved from None
        # near the end: the query may end too soon
        if offset >= last_tokens_start(query, 3) and CHECK_QUERY_END.get():
            ending = query_end_error(query, query_position)
            if ending is not None:
                raise ending from None
        raise placed_parse_error(exc, query, query_position) from None
    except IndexError:  # sqlglot ran out of tokens inside a construct
        ending = query_end_error(query, query_position) if CHECK_QUERY_END.get() else None
        raise ending or end_of_input(query, query_position) from None
    if node is None:
        raise SqlParseError("Empty query.")
    # sqlglot takes more endings than Calcite: the end of input is the parser's error, unless
    # the checks of its grammar below find one before it
    ending = query_end_error(query, query_position) if CHECK_QUERY_END.get() else None
    try:
        _qualified_calls(node)
        _check_empty_in_list(query, query_position)
        _check_parenthesized_bodies(query, query_position)
        check_navigation_offsets(query, query_position)
        _check_syntax(node, query, query_position)
    except SqlParseError as earlier:
        last = text_position(query, last_tokens_start(query, 1), query_position)
        if ending is None or _before(earlier, last):
            raise
        raise ending from None
    except Exception:
        if ending is None:
            raise
        raise ending from None
    if ending is not None:
        raise ending
    mark_spans(node)
    return node


def _before(error: SqlParseError, place: tuple[int, int]) -> bool:
    """Whether ``error`` stands before ``place`` (line, column) in the statement."""
    return (
        error.line is not None and error.column is not None and (error.line, error.column) < place
    )


def _qualified_calls(node: exp.Expression) -> None:
    """``db.f(x)`` and ``cat.db.f(x)`` call a catalog function by its path (Flink writes every
    catalog function's call so): one call node, named by the path, as ``f(x)`` is."""
    for dot in list(node.find_all(exp.Dot)):
        call = dot.expression
        parts = _path_parts(dot.this)
        if isinstance(call, exp.Anonymous) and parts is not None and len(parts) <= 2:
            named = exp.Anonymous(this=".".join([*parts, call.name]), expressions=call.expressions)
            named.meta.update(call.meta)
            dot.replace(named)


def _path_parts(node: exp.Expression) -> list[str] | None:
    """The names of a dotted path of plain identifiers, or None."""
    if isinstance(node, exp.Identifier):
        return [node.name]
    if isinstance(node, exp.Column) and not node.args.get("table"):
        return [node.name]
    if isinstance(node, exp.Dot):
        left, right = _path_parts(node.this), _path_parts(node.expression)
        return None if left is None or right is None else [*left, *right]
    return None


_QUERY_NODES = (exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Values, exp.Subquery)


def _check_syntax(node: exp.Expression, text: str, base: tuple[int, int]) -> None:
    """What Flink's parser rejects but sqlglot reads: a non-query, an empty select list, a
    reserved word as an unquoted name."""
    if not isinstance(node, _QUERY_NODES):
        offset = len(text) - len(text.lstrip())
        word = text[offset:].split(None, 1)[0].upper() if text.strip() else ""
        line, column = text_position(text, offset, base)
        raise SqlParseError(f"Incorrect syntax near the keyword '{word}'", line, column)
    for select in node.find_all(exp.Select):
        if not select.expressions:
            raise empty_select_list(text, base)
    upper = text.upper()  # two more walks of the tree, only where the text can need them
    if "JSON" in upper:
        refuse_query_arguments(node)
    for unpivot in node.find_all(UnpivotItem) if "UNPIVOT" in upper else ():
        keyword = unpivot.meta.get("alias_before")  # as Flink stores it, and cannot read it
        if keyword is not None:
            line, column = text_position(text, keyword.start, base)
            raise SqlParseError(f'Encountered "{keyword.text}"', line, column)
    for alias in node.find_all(exp.Alias):
        if isinstance(alias.parent, MatchRecognizeItem):
            continue  # MEASURES x AS m, DEFINE A AS cond
        if not isinstance(alias.parent, exp.Select) or alias.arg_key != "expressions":
            # ``f(x AS y)``: Calcite's parser has no alias there (Flink writes one back for the
            # columns of a USING join's star, and then cannot read its own view again).
            ident = alias.args.get("alias")
            start = ident.meta.get("start") if isinstance(ident, exp.Identifier) else None
            if start is not None:
                before = text[:start].rstrip()
                if before.upper().endswith("AS"):
                    line, column = text_position(text, len(before) - 2, base)
                    raise SqlParseError('Encountered "AS"', line, column)
                # ``(1 x)``: the name itself is where the parser stops
                name = tokenize(text[start:])[0]
                line, column = text_position(text, start, base)
                image = token_image(text[start : start + name.end + 1])
                raise SqlParseError(f'Encountered "{image}"', line, column)
            raise SqlParseError('Encountered "AS"')
    for aliases in node.find_all(exp.Aliases):
        # ``x AS (a, b)``: Calcite's select list takes one name after AS, not a list
        first = aliases.expressions[0] if aliases.expressions else None
        start = first.meta.get("start") if first is not None else None
        if start is not None and text.rfind("(", 0, start) != -1:
            line, column = text_position(text, text.rfind("(", 0, start), base)
            raise SqlParseError('Encountered "("', line, column)
        raise SqlParseError('Encountered "("')
    check_reserved_names(node, text, base)


def _check_empty_in_list(text: str, base: tuple[int, int]) -> None:
    """``x IN ()``: Calcite's parser wants an expression after the parenthesis (sqlglot reads
    an empty list, which nothing could write back)."""
    if "(" not in text:
        return
    tokens = tokenize(text)
    for before, opening, closing in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if (
            before.token_type == TokenType.IN
            and opening.token_type == TokenType.L_PAREN
            and closing.token_type == TokenType.R_PAREN
        ):
            line, column = text_position(text, closing.start, base)
            raise SqlParseError('Encountered ")"', line, column)


_BODY_OPENERS = (TokenType.ALIAS, TokenType.FROM, TokenType.JOIN)
_SET_OPERATORS = (TokenType.UNION, TokenType.EXCEPT, TokenType.INTERSECT)
_ORDERING = (TokenType.ORDER_BY, TokenType.LIMIT, TokenType.OFFSET, TokenType.FETCH)


def _check_parenthesized_bodies(text: str, base: tuple[int, int]) -> None:
    """A WITH item's query or a derived table that starts with a parenthesized query takes no
    ORDER BY, LIMIT, OFFSET or FETCH of its own in Calcite's parser (``WITH c AS ((SELECT ...)
    UNION (SELECT ...) FETCH ...)``): after a set operation it wants another operator
    (``Encountered "FETCH"``), after the query alone a table reference (``Incorrect syntax near
    the keyword 'FETCH'``). The view's own query and subqueries in expressions take them."""
    if "((" not in text.replace(" ", "").replace("\n", ""):
        return
    tokens = tokenize(text)
    opened: list[bool] = []  # per open parenthesis: whether it encloses such a body
    set_operation: list[bool] = []
    for index, token in enumerate(tokens):
        kind = token.token_type
        if kind == TokenType.L_PAREN:
            before = tokens[index - 1].token_type if index else None
            after = tokens[index + 1].token_type if index + 1 < len(tokens) else None
            opened.append(before in _BODY_OPENERS and after == TokenType.L_PAREN)
            set_operation.append(False)
        elif kind == TokenType.R_PAREN and opened:
            opened.pop()
            set_operation.pop()
        elif opened and opened[-1] and kind in _SET_OPERATORS:
            set_operation[-1] = True
        elif opened and opened[-1] and kind in _ORDERING:
            word = token.text.split()[0].upper()
            line, column = text_position(text, token.start, base)
            if set_operation[-1]:
                raise SqlParseError(f'Encountered "{word}"', line, column)
            raise SqlParseError(f"Incorrect syntax near the keyword '{word}'", line, column)


@lru_cache(maxsize=512)
def _parsed(query: str) -> exp.Expression | None:
    deferred = DEFER_LITERAL_CHECKS.set(True)
    try:
        return DIALECT.parse(query)[0]
    finally:
        DEFER_LITERAL_CHECKS.reset(deferred)


def _parse(query: str) -> exp.Expression | None:
    """The query's tree: parsed once per text (a stored view is read again by every query over
    it), copied because validation annotates the tree."""
    node = _parsed(query)
    return node.copy() if node is not None else None
