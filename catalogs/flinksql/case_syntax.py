"""CASE as Calcite 1.36's parser reads it (its ``CaseExpression`` and ``SqlCase.createSwitched``),
as a mixin of the Flink dialect's parser (:mod:`.dialect`):

    CASE [operand] (WHEN expr [, expr]* THEN expr)+ [ELSE expr] END

- THEN is required after each WHEN's expressions, at least one WHEN is, and END after the last
  branch (sqlglot takes ``CASE WHEN a b END`` as ``WHEN a THEN b``);
- where an expression is wanted (after CASE, WHEN, THEN, ELSE or a list's comma) a reserved
  word is refused as Calcite refuses a word where a name could stand (``Incorrect syntax near
  the keyword 'END'``); where only the next keyword could come, the token met is named;
- a simple CASE is read as the searched CASE Calcite makes of it: each WHEN is its operand
  ``= value``, or ``IN (values)`` for a list, placed at the whole CASE (Calcite's position for
  them), so the comparisons are typed and written as comparisons (golden views_case_syntax);
- a searched CASE's WHEN list is kept as a tuple marked ``when_list``, which validation refuses
  as Flink does (:func:`.views.cases.check_case`).
"""

from __future__ import annotations

from typing import Any, NoReturn

from sqlglot import exp
from sqlglot.tokens import TokenType

from .errors import PositionedParseError
from .keywords import is_reserved, refusal_message


class CaseSyntax:
    """The parser's method for CASE (mixed into ``Flink.Parser``)."""

    def _parse_case(self: Any) -> exp.Expr | None:
        if self._match(TokenType.DOT, advance=False):
            # ``case.x``: not a CASE; sqlglot reads the word again as a name
            self._retreat(self._index - 1)
            return None
        case_token, comments = self._prev, self._prev_comments
        operand = None
        if not self._match(TokenType.WHEN, advance=False):
            operand = _wanted_expression(self)
        branches: list[tuple[list[exp.Expression], exp.Expression]] = []
        while self._match(TokenType.WHEN):
            values = [_wanted_expression(self)]
            while self._match(TokenType.COMMA):
                values.append(_listed_expression(self))
            if not self._match(TokenType.THEN):
                _unexpected(self)
            branches.append((values, _wanted_expression(self)))
        if not branches:
            _unexpected(self)
        default = _wanted_expression(self) if self._match(TokenType.ELSE) else None
        if not self._match(TokenType.END):
            _unexpected(self)
        span = (case_token.start, self._prev.end)
        ifs = [
            exp.If(this=_condition(operand, values, span), true=result)
            for values, result in branches
        ]
        return self.expression(exp.Case(ifs=ifs, default=default), comments=comments)


def _condition(
    operand: exp.Expression | None, values: list[exp.Expression], span: tuple[int, int]
) -> exp.Expression:
    """A branch's condition: a searched CASE's expression (its list, marked), or a simple
    CASE's operand compared with its value or values."""
    if operand is None:
        if len(values) == 1:
            return values[0]
        listed = exp.Tuple(expressions=values)
        listed.meta["when_list"] = True
        return listed
    if len(values) == 1:
        condition: exp.Expression = exp.EQ(this=operand.copy(), expression=values[0])
    else:
        condition = exp.In(this=operand.copy(), expressions=values)
    condition.meta["span"] = span
    return condition


# CASE's own words, which sqlglot would read as a column's name where an expression is wanted
_CASE_WORDS = (TokenType.WHEN, TokenType.THEN, TokenType.ELSE, TokenType.END)


def _expression_here(parser: Any) -> exp.Expression | None:
    """The expression at the current token, or None where none starts (or a CASE word
    stands, which is no name here)."""
    if parser._curr is not None and parser._curr.token_type in _CASE_WORDS:
        return None
    return parser._parse_disjunction()


def _wanted_expression(parser: Any) -> exp.Expression:
    """The expression at the current token, which the grammar requires there."""
    found = _expression_here(parser)
    if found is None:
        token = parser._curr
        if not _at_end(parser) and is_reserved(token.text):
            image = parser.sql[token.start : token.end + 1]
            parser.raise_error(refusal_message([image]), token)
        _unexpected(parser)
    return found


def _listed_expression(parser: Any) -> exp.Expression:
    """An expression after a WHEN list's comma. Calcite's parser looks two tokens ahead there:
    with no expression after it, it names the comma and the token after it."""
    comma = parser._prev
    found = _expression_here(parser)
    if found is not None:
        return found
    after = parser._curr
    if _at_end(parser):  # the end of the text: the caller says what Flink's parser says there
        _unexpected(parser)
    shown = f", {parser.sql[after.start : after.end + 1]}"
    raise PositionedParseError(f'Encountered "{shown}"', comma.start)


def _at_end(parser: Any) -> bool:
    return parser._index >= len(parser._tokens)  # sqlglot's current token is then a stand-in


def _unexpected(parser: Any) -> NoReturn:
    """Refuse the current token, which no rule of CASE takes where it stands."""
    token = parser._curr
    if _at_end(parser):  # the end of the text: the caller says what Flink's parser says there
        parser.raise_error("Expected more after CASE's last token")
    parser.raise_error(f'Encountered "{token.text}"', token)
    raise AssertionError("raise_error raises")  # the dialect's parser raises at once
