"""Pieces of Flink's query grammar (Calcite 1.36's Parser.jj) that sqlglot's parser does not
read, as a mixin of the Flink dialect's parser (:mod:`.dialect`):

- ``SELECT ALL``: the select is marked (meta ``all``), as Calcite keeps the keyword; ``SELECT
  STREAM`` too (meta ``stream``), which Flink then refuses;
- C-style escaped strings, ``E'a\\tb'``: Calcite unescapes them and gives them the character
  set UTF16 (``_UTF16'a<tab>b'``);
- JDBC escapes: ``{d '...'}``, ``{t '...'}`` and ``{ts '...'}`` are the DATE, TIME and
  TIMESTAMP literals; ``{fn name(args)}`` a JDBC function call (:class:`JdbcCall`);
- an aggregate's ``WITHIN DISTINCT (keys)`` (:class:`WithinDistinct`);
- the query constructors ``ARRAY(query)`` and ``MAP(query)``;
- ``TRANSLATE(x USING name)`` and ``CONVERT(x USING name)`` (:class:`TranslateUsing`);
- a window's ``ALLOW PARTIAL`` (Calcite's default, which it does not write) and
  ``DISALLOW PARTIAL`` (meta ``partial`` of the window).
"""

from __future__ import annotations

import re
from typing import Any

from sqlglot import exp
from sqlglot.tokens import Token, TokenType

from .errors import SqlParseError, ValidationError
from .keywords import refusal_message

# Calcite's escapes in a C-style string (SqlParserUtil.replaceEscapedChars): the named ones,
# octal \ooo, \xhh, \uhhhh and \Uhhhhhhhh; a backslash before anything else is dropped.
_C_ESCAPE = re.compile(
    r"\\(?:([bfnrt\\'\"])|([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))",
    re.DOTALL,
)
_NAMED_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_JDBC_LITERALS = {"D": "DATE", "T": "TIME", "TS": "TIMESTAMP"}
_BABEL_AGGREGATES = frozenset(["ARRAY_CONCAT_AGG", "GROUP_CONCAT", "STRING_AGG"])
# The JDBC functions Calcite's lookup table (SqlJdbcFunctionCall) maps to one function of the
# same arguments, by that function's name; the others are refused (_parse_more_literal).
# Calcite's JDBC lookup table as Flink 2.3 answers it (golden views_jdbc_functions): the
# functions a JDBC name stands for, typed as that function and written {fn NAME(args) } ...
JDBC_FUNCTIONS = {
    **{
        name: name
        for name in """ABS ACOS ASIN ATAN ATAN2 COS COT DEGREES EXP FLOOR LOG10 MOD PI POWER
        RADIANS RAND ROUND SIGN SIN SQRT TAN TRUNCATE ASCII CONCAT LOCATE LTRIM RTRIM REPEAT
        REPLACE""".split()
    },
    "CEILING": "CEIL",
    "LOG": "LN",
    "LCASE": "LOWER",
    "UCASE": "UPPER",
    "LENGTH": "CHAR_LENGTH",
}
# ... the JDBC functions of Calcite's own library, under no name Flink lists: their types
# (without nullability) and whether they are nullable as an argument is ("any"), always or
# never ...
JDBC_TYPES: dict[str, tuple[str, str]] = {
    "DAYNAME": ("VARCHAR(2000)", "never"),
    "MONTHNAME": ("VARCHAR(2000)", "never"),
    "DATABASE": ("VARCHAR(2000)", "never"),
    "USER": ("VARCHAR(2000)", "never"),
    "CURDATE": ("DATE", "never"),
    "CURTIME": ("TIME(0)", "never"),
    "NOW": ("TIMESTAMP(0)", "never"),
    "SPACE": ("STRING", "any"),
    "INSERT": ("STRING", "any"),
    "SUBSTRING": ("STRING", "any"),
    "LEFT": ("STRING", "any"),
    "RIGHT": ("STRING", "any"),
    "CHAR": ("CHAR(1)", "always"),
    "SOUNDEX": ("VARCHAR(4)", "any"),
    "DIFFERENCE": ("INT", "any"),
    "CBRT": ("DOUBLE", "any"),
}
# Flink reads these too, with arguments of their own (SQL_TSI_DAY, SQL_VARCHAR) the dashboard
# does not write back yet: refused with what to write instead.
_JDBC_UNREAD = frozenset(["TIMESTAMPADD", "TIMESTAMPDIFF", "CONVERT"])
# ... and those Calcite reads as EXTRACT, written so: the unit each stands for.
JDBC_EXTRACTS = {
    "YEAR": "YEAR",
    "QUARTER": "QUARTER",
    "MONTH": "MONTH",
    "WEEK": "WEEK",
    "HOUR": "HOUR",
    "MINUTE": "MINUTE",
    "SECOND": "SECOND",
    "DAYOFMONTH": "DAY",
    "DAYOFWEEK": "DOW",
    "DAYOFYEAR": "DOY",
}


class _Written(exp.Expression):
    """A form sqlglot's generators do not know: its ``sql()`` is the text it was read from
    (meta ``written``), for the messages that quote an expression they cannot take."""

    def sql(self, dialect: Any = None, **opts: Any) -> str:
        return self.meta.get("written") or type(self).__name__


class WithinDistinct(_Written):
    """``AGG(x) WITHIN DISTINCT (k, ...)``: the aggregate over rows distinct in the keys."""

    arg_types = {"this": True, "expressions": True}

    def sql(self, dialect: Any = None, **opts: Any) -> str:
        keys = ", ".join(k.sql(dialect, **opts) for k in self.expressions)
        return f"{self.this.sql(dialect, **opts)} WITHIN DISTINCT ({keys})"


class TranslateUsing(_Written):
    """``TRANSLATE(x USING name)``, also spelled ``CONVERT(x USING name)``: ``this`` is x,
    ``charset`` the name as written (an Identifier)."""

    arg_types = {"this": True, "charset": True}


class JdbcCall(_Written):
    """``{fn NAME(args)}``: ``this`` is the call it stands for (Calcite's JDBC lookup table),
    ``name`` the JDBC name as written back (upper case)."""

    arg_types = {"this": True, "name": True}


def unescape_c_string(body: str) -> str:
    """The value of a C-style string's body (between its quotes, ``''`` already one quote)."""

    def replace(match: re.Match[str]) -> str:
        named, octal, hexits, unit, point, other = match.groups()
        if named is not None:
            return _NAMED_ESCAPES.get(named, named)
        if octal is not None:
            return chr(int(octal, 8))
        for digits in (hexits, unit, point):
            if digits is not None:
                return chr(int(digits, 16))
        return other

    return _C_ESCAPE.sub(replace, body)


def _character_literal(parser: Any, token: Token | None) -> bool:
    """A plain character literal (``'x'``, not ``N'x'`` or ``_UTF16'x'``)."""
    return (
        token is not None
        and token.token_type == TokenType.STRING
        and parser.sql[token.start : token.start + 1] == "'"
    )


class MoreSyntax:
    """The parser's methods for the constructs above (mixed into ``Flink.Parser``)."""

    # the markers of the window being parsed (its ALLOW / DISALLOW PARTIAL), innermost last
    _partials: list[str | None]

    def _parse_projections(self):  # type: ignore[no-untyped-def]
        # Each select item keeps where it starts: Calcite's messages place an item there
        # (after its opening parentheses, which Calcite's tree does not keep).
        before = self._tokens[self._index - 2] if self._index >= 2 else None
        select_all = (
            self._prev
            and self._prev.token_type == TokenType.ALL
            and before is not None
            and before.token_type in (TokenType.SELECT, TokenType.HINT)
        )

        curr, nxt = self._curr, self._next
        stream = (
            curr
            and curr.token_type == TokenType.VAR
            and curr.text.upper() == "STREAM"
            and self._prev
            and self._prev.token_type in (TokenType.SELECT, TokenType.HINT)
            and nxt
            and nxt.token_type not in (TokenType.FROM, TokenType.COMMA, TokenType.DOT)
            and nxt.token_type not in (TokenType.ALIAS, TokenType.R_PAREN)
        )
        if stream:  # SELECT STREAM ...: Calcite's streaming query (meta ``stream``)
            self._advance()

        def item() -> exp.Expr | None:
            index = self._index
            while index < len(self._tokens) - 1 and (
                self._tokens[index].token_type == TokenType.L_PAREN
            ):
                index += 1
            start = self._tokens[index].start if index < len(self._tokens) else None
            value = self._parse_assignment()
            alias_at = self._next if self._match(TokenType.ALIAS, advance=False) else self._curr
            if _character_literal(self, alias_at):  # Calcite's conformance takes no 'alias'
                raise SqlParseError("Expecting alias, found character literal")
            parsed = self._parse_alias(value)
            if parsed is not None and start is not None:
                parsed.meta["item_start"] = start
            return parsed

        items = self._parse_csv(item)
        # sqlglot builds the Select right after its projections (see expression())
        self._select_all = select_all
        self._select_stream = stream
        return items, None

    def expression(self, instance: Any, token: Token | None = None, comments: Any = None) -> Any:
        if isinstance(instance, exp.Select) and getattr(self, "_select_all", False):
            instance.meta["all"] = True
            self._select_all = False
        if isinstance(instance, exp.Select) and getattr(self, "_select_stream", False):
            instance.meta["stream"] = True
            self._select_stream = False
        return super().expression(instance, token, comments)  # type: ignore[misc]

    def _parse_more_literal(self) -> exp.Expr | None:
        """A C-style string or a JDBC escape at the current token, or None."""
        curr = self._curr
        if not curr:
            return None
        if curr.token_type == TokenType.BYTE_STRING:
            self._advance()
            raw = self.sql[curr.start : curr.end + 1]
            body = raw[2:-1].replace("''", "'")
            node = exp.Literal(this=unescape_c_string(body), is_string=True)
            node.meta["charset"] = "UTF16"
            return node
        if curr.token_type != TokenType.L_BRACE or not self._next:
            return None
        word = self._next.text.upper()
        if word in _JDBC_LITERALS:
            string = self._tokens[self._index + 2] if self._index + 2 < len(self._tokens) else None
            if string is None or string.token_type != TokenType.STRING:
                return None
            self._advance(3)
            keyword = _JDBC_LITERALS[word]
            value = exp.Literal(this=string.text, is_string=True)
            node = self._typed_datetime(value, exp.DataType.build(keyword), keyword)
            self._match_brace(string)
            return node
        if word == "FN":
            self._advance(2)
            name = self._curr
            nxt = self._next
            if name and name.text.upper() == "DATABASE" and nxt:
                # a keyword to sqlglot: {fn DATABASE()} takes no arguments
                self._advance(2)
                if nxt.token_type != TokenType.L_PAREN or not self._match(TokenType.R_PAREN):
                    self.raise_error("Expected DATABASE()", name)
                call = exp.Anonymous(this="DATABASE", expressions=[])
            else:
                call = self._parse_function(anonymous=True)
            if not isinstance(call, exp.Anonymous) or not name:
                self.raise_error("Expected a function call after {fn", name)
            self._match_brace(name)
            written = call.name.upper()
            operands = list(call.expressions)
            if written in JDBC_EXTRACTS and len(operands) == 1:
                unit = exp.var(JDBC_EXTRACTS[written])
                return self._written(exp.Extract(this=unit, expression=operands[0]), curr)
            if written == "IFNULL" and len(operands) == 2:  # Calcite's CASE for it
                value, other = operands
                test = exp.Not(this=exp.Is(this=value.copy(), expression=exp.Null()))
                branch = exp.If(this=test, true=value)
                return self._written(exp.Case(ifs=[branch], default=other), curr)
            if written in _JDBC_UNREAD:
                raise ValidationError(
                    f"The dashboard cannot read the JDBC function {{fn {written}}} yet; "
                    "call the function it stands for instead."
                )
            if written not in JDBC_FUNCTIONS and written not in JDBC_TYPES:
                raise ValidationError(f"Function '{{fn {written}}}' is not defined")
            call.set("this", JDBC_FUNCTIONS.get(written, written))
            return self._written(JdbcCall(this=call, name=written), curr)
        return None

    def _parse_function(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        curr, nxt = self._curr, self._next
        if (
            curr
            and nxt
            and curr.token_type != TokenType.IDENTIFIER
            and curr.text.upper() in _BABEL_AGGREGATES
            and nxt.token_type == TokenType.L_PAREN
        ):
            # keywords of Calcite's parser whose calls only its Babel dialect reads
            self.raise_error(refusal_message([curr.text]), curr)
        if (
            curr
            and nxt
            and curr.token_type != TokenType.IDENTIFIER
            and curr.text.upper() in ("TRANSLATE", "CONVERT")
            and nxt.token_type == TokenType.L_PAREN
        ):
            start = self._index
            self._advance(2)
            this = self._parse_assignment()
            if this is not None and self._match(TokenType.USING):
                charset = self._parse_id_var(any_token=False)
                if charset is None or not self._match(TokenType.R_PAREN):
                    self.raise_error("Expected a character set name and ) after USING")
                return self._written(TranslateUsing(this=this, charset=charset), curr)
            self._retreat(start)
        return super()._parse_function(*args, **kwargs)  # type: ignore[misc]

    def _parse_table_alias(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        # t EXTEND (c INT) and t (c INT): Calcite's extended columns, which Flink's validator
        # fails on for any table (it finds none to extend)
        curr, nxt = self._curr, self._next
        after = self._tokens[self._index + 2] if self._index + 2 < len(self._tokens) else None
        third = self._tokens[self._index + 3] if self._index + 3 < len(self._tokens) else None
        extend = (
            curr
            and curr.token_type == TokenType.VAR
            and curr.text.upper() == "EXTEND"
            and nxt
            and nxt.token_type == TokenType.L_PAREN
        )
        bare = (
            curr
            and curr.token_type == TokenType.L_PAREN
            and nxt
            and nxt.token_type in (TokenType.VAR, TokenType.IDENTIFIER)
            and after
            and after.token_type not in (TokenType.COMMA, TokenType.R_PAREN, TokenType.DOT)
            and third is not None
            and third.token_type in (TokenType.COMMA, TokenType.R_PAREN, TokenType.L_PAREN)
            and self._prev
            and self._prev.token_type in (TokenType.VAR, TokenType.IDENTIFIER)
        )
        if extend or bare:
            raise ValidationError("Cannot extend null")
        named = nxt if curr is not None and curr.token_type == TokenType.ALIAS else curr
        if named is not None and named.token_type in (TokenType.STRING, TokenType.NATIONAL_STRING):
            self.raise_error(f'Encountered "{named.text}"', named)  # a FROM item's 'alias'
        return super()._parse_table_alias(*args, **kwargs)  # type: ignore[misc]

    def _parse_number(self):  # type: ignore[no-untyped-def]
        # TABLESAMPLE ... REPEATABLE(-2): Calcite's seed is a signed integer
        before = self._tokens[self._index - 2] if self._index >= 2 else None
        if (
            self._curr
            and self._curr.token_type == TokenType.DASH
            and self._next
            and self._next.token_type == TokenType.NUMBER
            and before is not None
            and before.text.upper() == "REPEATABLE"
        ):
            self._advance(2)
            return exp.Literal.number("-" + self._prev.text)
        return super()._parse_number()  # type: ignore[misc]

    def _parse_query_constructor(self) -> exp.Expr | None:
        """``ARRAY(query)`` or ``MAP(query)``: a call of ARRAY or MAP with the meta ``multiset``
        ``query``, as ``MULTISET(query)`` is (:mod:`.dialect`); ``UNIQUE (query)``, ``CURSOR
        (query)`` and ``NEW type(...)`` refused as Flink refuses them; None at anything else."""
        curr, nxt = self._curr, self._next
        if curr is None or nxt is None or curr.token_type == TokenType.IDENTIFIER:
            return None
        word = curr.text.upper()
        if word == "NEW" and nxt.token_type in (TokenType.VAR, TokenType.IDENTIFIER):
            after = self._tokens[self._index + 2] if self._index + 2 < len(self._tokens) else None
            if after is not None and after.token_type == TokenType.L_PAREN:
                # NEW udt(args), Calcite's constructor of a structured type: Flink knows none
                self._advance(2)
                self._parse_wrapped_csv(self._parse_assignment)
                raise ValidationError(f"Unknown datatype name '{nxt.text}'")
        if word not in ("ARRAY", "MAP", "UNIQUE", "CURSOR") or nxt.token_type != TokenType.L_PAREN:
            return None
        start = self._index
        self._advance(2)
        query = self._query_operand()
        if query is None:
            self._retreat(start)
            return None
        if word in ("UNIQUE", "CURSOR"):  # Calcite reads them; Flink's operator table lacks them
            raise ValidationError(f"No match found for function signature {word}")
        return self._query_call(word, query)

    def _query_operand(self) -> exp.Expression | None:
        """After ``NAME (``: the query (in parentheses of its own or not) up to the closing
        parenthesis, which it takes; None where what stands there is no query so closed."""
        query = self._parse_select() or self._parse_assignment()
        inner = query
        while isinstance(inner, exp.Paren | exp.Subquery) and not inner.alias:
            inner = inner.this
        if not isinstance(inner, exp.Query) or not self._match(TokenType.R_PAREN):
            return None
        return query

    def _query_call(self, name: str, query: exp.Expression) -> exp.Expr:
        """A call of ``name`` on ``query`` (``MULTISET``, ``ARRAY``, ...), its meta
        ``multiset`` ``query``."""
        call = exp.Anonymous(this=name, expressions=[query])
        call.meta["multiset"] = "query"
        return self.expression(call)

    def _written(self, node: _Written, first: Token | None) -> Any:
        """``node``, read from ``first`` to the previous token, with that text."""
        if first is not None and self._prev:
            node.meta["written"] = self.sql[first.start : self._prev.end + 1]
        return self.expression(node)

    def _match_brace(self, before: Token) -> None:
        if not self._match(TokenType.R_BRACE):
            self.raise_error('Encountered "' + (self._curr.text if self._curr else "") + '"')

    def _parse_window(self, this, alias=False):  # type: ignore[no-untyped-def]
        if not hasattr(self, "_partials"):
            self._partials = []
        self._partials.append(None)
        if (
            not alias
            and self._curr
            and self._curr.text.upper() == "WITHIN"
            and self._next
            and self._next.token_type == TokenType.DISTINCT
        ):
            self._advance(2)
            keys = self._parse_wrapped_csv(self._parse_assignment)
            this = self.expression(WithinDistinct(this=this, expressions=keys))
        try:
            window = super()._parse_window(this, alias)  # type: ignore[misc]
        finally:
            partial = self._partials.pop()
        if partial is not None and isinstance(window, exp.Window):
            window.meta["partial"] = partial
        return window

    def _parse_partition_and_order(self):  # type: ignore[no-untyped-def]
        result = super()._parse_partition_and_order()  # type: ignore[misc]
        self._parse_partial()
        return result

    def _parse_window_spec(self):  # type: ignore[no-untyped-def]
        bound = super()._parse_window_spec()  # type: ignore[misc]
        if not (self._curr and self._curr.token_type == TokenType.AND):
            self._parse_partial()
        return bound

    def _parse_partial(self) -> None:
        if not self._curr or not getattr(self, "_partials", None):
            return
        word = self._curr.text.upper()
        if word in ("ALLOW", "DISALLOW") and self._next and self._next.text.upper() == "PARTIAL":
            self._advance(2)
            self._partials[-1] = word


__all__ = [
    "JDBC_FUNCTIONS",
    "JdbcCall",
    "MoreSyntax",
    "TranslateUsing",
    "WithinDistinct",
    "unescape_c_string",
]
