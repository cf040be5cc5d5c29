"""MATCH_RECOGNIZE after a FROM item, as Flink's parser (Calcite's) reads it: PARTITION BY,
ORDER BY, MEASURES (each optionally FINAL or RUNNING), ONE ROW / ALL ROWS PER MATCH,
AFTER MATCH SKIP, PATTERN (:mod:`.match_pattern`) with WITHIN, SUBSET and DEFINE, then the
alias. Also reads the clause as Flink stores it (``*`.`col``, ``FINAL (RUNNING ...)``).
FINAL and RUNNING inside an expression are calls of one operand (``FINAL(LAST(x))``)."""

from __future__ import annotations

from typing import Any

from sqlglot import exp
from sqlglot.tokens import Token, TokenType

from .match_pattern import PatternSyntaxError, PatternToken, parse_pattern
from .token_shapes import point_number


class MatchRecognizeItem(exp.Expression):
    """``<this> MATCH_RECOGNIZE (...) [AS alias]``. ``measures`` are aliases, each with a meta
    ``frame`` (``FINAL``/``RUNNING`` as written, or None) and ``inner_frame`` (the stored
    ``FINAL (RUNNING x)``); ``after`` is a Var (``PAST LAST ROW``, ``TO NEXT ROW``,
    ``TO FIRST``, ``TO LAST``) with the variable in meta ``variable``; the pattern is in meta
    ``pattern``; ``subset`` holds Tuples of (name, names...)."""

    arg_types = {
        "this": True,
        "partition_by": False,
        "order": False,
        "measures": False,
        "rows": False,
        "after": False,
        "within": False,
        "subset": False,
        "define": False,
        "alias": False,
    }


FRAMES = ("FINAL", "RUNNING")
_LITERAL_WORDS = ("UNKNOWN", "TRUE", "FALSE", "NULL")
# Niladic functions of one token, an operand as a name is (FINAL (RUNNING LOCALTIMESTAMP ...),
# as Flink stores a measure: views_difftest_seed26)
_NILADIC_TOKENS = (
    TokenType.LOCALTIMESTAMP,
    TokenType.LOCALTIME,
    TokenType.CURRENT_DATE,
    TokenType.CURRENT_TIME,
    TokenType.CURRENT_TIMESTAMP,
    TokenType.CURRENT_USER,
)

_PUNCTUATION = {
    TokenType.L_PAREN: "(",
    TokenType.R_PAREN: ")",
    TokenType.PIPE: "|",
    TokenType.CARET: "^",
    TokenType.STAR: "*",
    TokenType.PLUS: "+",
    TokenType.PLACEHOLDER: "?",
    TokenType.DQMARK: "??",
    TokenType.L_BRACE: "{",
    TokenType.R_BRACE: "}",
    TokenType.COMMA: ",",
    TokenType.DASH: "-",
    TokenType.NUMBER: "number",
}


def parse_match_recognize(parser: Any, this: exp.Expression) -> exp.Expression:
    """The MATCH_RECOGNIZE clause after ``this`` (the parser stands on the keyword)."""
    alias = this.args.get("alias")
    if (
        alias is not None
        and parser._index >= 2
        and parser._tokens[parser._index - 2].token_type != (TokenType.ALIAS)
    ):  # t m MATCH_RECOGNIZE: Calcite takes the input's alias with AS only
        parser.raise_error('Encountered "MATCH_RECOGNIZE"')
    parser._match(TokenType.MATCH_RECOGNIZE)
    if not parser._match(TokenType.L_PAREN):
        parser.raise_error("Expecting (")
    _star_qualifiers(parser)
    _frames_as_calls(parser)
    node = MatchRecognizeItem(this=this)
    partition_at = parser._curr
    node.set("partition_by", parser._parse_partition_by() or None)
    if node.args.get("partition_by") is None and parser._curr is not partition_at:
        parser.raise_error("Expecting an expression")  # PARTITION BY with no key
    node.set("order", parser._parse_order())
    if parser._match_text_seq("MEASURES"):
        node.set("measures", parser._parse_csv(lambda: _measure(parser)))
    if parser._match_text_seq("ONE", "ROW", "PER", "MATCH"):
        node.set("rows", exp.var("ONE ROW PER MATCH"))
    elif parser._match_text_seq("ALL", "ROWS", "PER", "MATCH"):
        node.set("rows", exp.var("ALL ROWS PER MATCH"))
    if parser._match_text_seq("AFTER", "MATCH", "SKIP"):
        node.set("after", _after(parser))
    if not parser._match_text_seq("PATTERN"):
        parser.raise_error("Expecting PATTERN")
    node.meta["pattern"] = _pattern(parser)
    if parser._match_text_seq("WITHIN"):
        if not parser._curr or parser._curr.token_type != TokenType.INTERVAL:
            parser.raise_error("Expecting INTERVAL")
        node.set("within", parser._parse_interval())
    if parser._match_text_seq("SUBSET"):
        node.set("subset", parser._parse_csv(lambda: _subset(parser)))
    if not parser._match_text_seq("DEFINE"):
        parser.raise_error("Expecting DEFINE")
    node.set("define", parser._parse_csv(lambda: _definition(parser)))
    if not parser._match(TokenType.R_PAREN):
        parser.raise_error("Expecting )")
    node.set("alias", parser._parse_table_alias())
    return node


def _star_qualifiers(parser: Any) -> None:
    """``*`.`col`` (how Flink writes a column of the input): the star read as a name. And
    ``CLASSIFIER(x)``, which Calcite's grammar refuses at ``x``."""
    depth, index = 1, parser._index
    tokens = parser._tokens
    while index < len(tokens) and depth:
        token = tokens[index]
        if token.token_type == TokenType.L_PAREN:
            depth += 1
        elif token.token_type == TokenType.R_PAREN:
            depth -= 1
        elif (
            token.token_type == TokenType.STAR
            and index + 1 < len(tokens)
            and tokens[index + 1].token_type == TokenType.DOT
            and not point_number(tokens, index + 1)  # 123.456 * .25 multiplies
        ):
            token.token_type = TokenType.IDENTIFIER
        elif (
            token.text.upper() == "CLASSIFIER"
            and index + 2 < len(tokens)
            and tokens[index + 1].token_type == TokenType.L_PAREN
            and tokens[index + 2].token_type != TokenType.R_PAREN
        ):
            parser.raise_error("CLASSIFIER takes no argument", tokens[index + 2])
        index += 1


def _frames_as_calls(parser: Any) -> None:
    """FINAL and RUNNING are prefix operators of Calcite's, binding to the operand right after
    them (``FINAL LAST(x) - 1`` is ``(FINAL LAST(x)) - 1``): each is made a call of one
    operand, ``FINAL(LAST(x))``, by parentheses put around that operand (a name, or a call)."""
    tokens = parser._tokens
    index, depth = parser._index, 1
    while index < len(tokens) and depth:
        token = tokens[index]
        depth += {TokenType.L_PAREN: 1, TokenType.R_PAREN: -1}.get(token.token_type, 0)
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if token.token_type == TokenType.VAR and token.text.upper() in FRAMES:
            _refuse_prefix_operand(parser, tokens, index)
        if (
            token.token_type == TokenType.VAR
            and token.text.upper() in FRAMES
            and following is not None
            and _names_or_calls(tokens, index + 1)
        ):
            end = _operand_end(tokens, index + 1)
            tokens.insert(end + 1, _punctuation(TokenType.R_PAREN, ")", tokens[end]))
            tokens.insert(index + 1, _punctuation(TokenType.L_PAREN, "(", token))
            parser._tokens_size = len(tokens)  # sqlglot's parser reads up to its count
        index += 1


def _refuse_prefix_operand(parser: Any, tokens: list[Any], index: int) -> None:
    """Calcite's grammar takes no prefix operator right after FINAL or RUNNING: ``NOT`` and
    ``EXISTS`` fail at the keyword (after RUNNING, a reserved word, at RUNNING itself), a sign
    before anything but a number at the sign (``FINAL -1`` is a literal)."""
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if following is None:
        return
    if following.token_type in (TokenType.NOT, TokenType.EXISTS):
        culprit = tokens[index] if tokens[index].text.upper() == "RUNNING" else following
        parser.raise_error(f"Incorrect syntax near the keyword '{culprit.text.upper()}'", culprit)
    if following.token_type in (TokenType.DASH, TokenType.PLUS):
        after = tokens[index + 2] if index + 2 < len(tokens) else None
        if after is None or after.token_type != TokenType.NUMBER:
            parser.raise_error(f'Encountered "{following.text}"', following)


def _names_or_calls(tokens: list[Any], index: int) -> bool:
    """Whether a name, a call, a literal or a CASE ... END starts at ``index`` (a parenthesis
    does not: a FINAL or RUNNING before one applies to what it encloses)."""
    token = tokens[index]
    if token.token_type == TokenType.CASE:
        return True  # FINAL CASE ... END + 1 is (FINAL CASE ... END) + 1 (golden views_mr_frames)
    if token.token_type in (TokenType.DASH, TokenType.PLUS) and index + 1 < len(tokens):
        return _names_or_calls(tokens, index + 1)  # RUNNING -1, as Flink writes it
    if token.token_type == TokenType.L_PAREN:
        return False
    if token.token_type in (
        TokenType.VAR,
        TokenType.IDENTIFIER,
        TokenType.STRING,
        TokenType.UNICODE_STRING,
        TokenType.NUMBER,
        *_NILADIC_TOKENS,
    ):
        return True
    if token.text.upper() in _LITERAL_WORDS or _typed_literal(tokens, index):
        return True
    return index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.L_PAREN


def _operand_end(tokens: list[Any], index: int) -> int:
    """The last token of the (signed) name, call, literal or CASE ... END starting at
    ``index``."""
    while tokens[index].token_type in (TokenType.DASH, TokenType.PLUS) and index + 1 < len(tokens):
        index += 1
    if tokens[index].token_type == TokenType.CASE:
        depth = 0
        for end in range(index, len(tokens)):
            depth += {TokenType.CASE: 1, TokenType.END: -1}.get(tokens[end].token_type, 0)
            if depth == 0:
                return end
        return len(tokens) - 1
    if (
        tokens[index].text.startswith("_")
        and index + 1 < len(tokens)
        and tokens[index + 1].token_type == TokenType.STRING
        and tokens[index + 1].start <= tokens[index].end + 2
    ):
        return index + 1  # a string with its character set, _UTF16'x'
    if _typed_literal(tokens, index):
        return index + 1  # TIMESTAMP '...'
    if tokens[index].token_type == TokenType.STRING:
        while index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.STRING:
            index += 1  # a literal continued on the next lines: 'x'\n'y'
        return index
    while index + 2 < len(tokens) and tokens[index + 1].token_type == TokenType.DOT:
        index += 2
    if index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.L_PAREN:
        depth, index = 0, index + 1
        while index < len(tokens):
            depth += {TokenType.L_PAREN: 1, TokenType.R_PAREN: -1}.get(tokens[index].token_type, 0)
            if depth == 0:
                break
            index += 1
    return min(index, len(tokens) - 1)


def _typed_literal(tokens: list[Any], index: int) -> bool:
    """``DATE '...'``, ``TIME '...'`` or ``TIMESTAMP '...'`` at ``index``: FINAL and RUNNING
    bind to it as to any operand (``FINAL TIMESTAMP '...' + INTERVAL ...``)."""
    return (
        tokens[index].text.upper() in ("DATE", "TIME", "TIMESTAMP")
        and index + 1 < len(tokens)
        and tokens[index + 1].token_type == TokenType.STRING
    )


def _punctuation(kind: TokenType, text: str, at: Any) -> Token:
    return Token(kind, text, at.line, at.col, at.start, at.end)


def _frame_of(node: exp.Expression) -> tuple[str | None, exp.Expression]:
    """``FINAL(x)`` (FINAL x as :func:`_frames_as_calls` made it): ("FINAL", x)."""
    if (
        isinstance(node, exp.Anonymous)
        and node.name.upper() in FRAMES
        and len(node.expressions) == 1
    ):
        inner = node.expressions[0]
        return node.name.upper(), inner.this if isinstance(inner, exp.Paren) else inner
    return None, node


def _measure(parser: Any) -> exp.Expression:
    inner_frame = None
    if (
        parser._curr
        and parser._curr.text.upper() in FRAMES
        and parser._next
        and parser._next.token_type != TokenType.L_PAREN
    ):  # FINAL 'x', FINAL -1, FINAL CASE ... END: of the whole measure
        parser._advance()
        frame, value = parser._prev.text.upper(), parser._parse_assignment()
    else:
        frame, value = _frame_of(parser._parse_assignment())
        if frame is not None:
            inner_frame, value = _frame_of(value)
    # Calcite's MEASURES take a name after AS, always
    if not parser._match(TokenType.ALIAS):
        parser.raise_error("Expecting AS")
    name = parser._parse_id_var(any_token=False)
    if name is None:
        parser.raise_error("Expecting a name")
    node = exp.Alias(this=value, alias=name)
    node.meta["frame"] = frame
    node.meta["inner_frame"] = inner_frame
    return node


def _after(parser: Any) -> exp.Expression:
    if parser._match_text_seq("PAST", "LAST", "ROW"):
        return exp.var("PAST LAST ROW")
    if parser._match_text_seq("TO", "NEXT", "ROW"):
        return exp.var("TO NEXT ROW")
    if not parser._match_text_seq("TO"):
        parser.raise_error("Expecting TO")
    kind = "TO LAST"
    if parser._match_texts(("FIRST", "LAST")):
        kind = f"TO {parser._prev.text.upper()}"
    variable = parser._parse_id_var(any_token=False)
    if variable is None:
        parser.raise_error("Expecting a pattern variable")
    after = exp.var(kind)
    after.meta["variable"] = variable.name
    return after


def _pattern(parser: Any) -> Any:
    if not parser._match(TokenType.L_PAREN):
        parser.raise_error("Expecting (")
    depth, collected = 1, []
    while parser._curr:
        token = parser._curr
        if token.token_type == TokenType.L_PAREN:
            depth += 1
        elif token.token_type == TokenType.R_PAREN:
            depth -= 1
            if depth == 0:
                break
        collected.append(token)
        parser._advance()
    if not parser._curr:
        parser.raise_error("Expecting )")
    parser._advance()
    pattern_tokens = []
    for token in collected:
        if token.token_type in (TokenType.VAR, TokenType.IDENTIFIER) or (
            token.text.isidentifier() and token.token_type not in _PUNCTUATION
        ):
            kind = "$" if token.text == "$" else "name"
            pattern_tokens.append(PatternToken(kind, token.text, token.start))
        elif token.token_type in _PUNCTUATION:
            pattern_tokens.append(
                PatternToken(_PUNCTUATION[token.token_type], token.text, token.start)
            )
        elif token.text == "$":
            pattern_tokens.append(PatternToken("$", "$", token.start))
        else:
            parser.raise_error("Unexpected token in PATTERN", token)
    try:
        return parse_pattern(pattern_tokens)
    except PatternSyntaxError as exc:
        at = next((t for t in collected if exc.token and t.start == exc.token.start), None)
        parser.raise_error("Unexpected token in PATTERN", at or parser._prev)
        return None


def _subset(parser: Any) -> exp.Expression:
    name = parser._parse_id_var(any_token=False)
    if name is None or not parser._match(TokenType.EQ):
        parser.raise_error("Expecting =")
    members = parser._parse_wrapped_csv(lambda: parser._parse_id_var(any_token=False))
    return exp.Tuple(expressions=[name, *members])


def _definition(parser: Any) -> exp.Expression:
    name = parser._parse_id_var(any_token=False)
    if name is None or not parser._match(TokenType.ALIAS):
        parser.raise_error("Expecting AS")
    return exp.Alias(this=parser._parse_assignment(), alias=name)
