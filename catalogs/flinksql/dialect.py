"""The Flink SQL dialect for sqlglot: backtick identifiers, single-quoted strings.

Statements are tokenized with this dialect's tokenizer; expressions (computed columns,
watermarks, view queries) are parsed and written back with its parser and generator.
"""

from __future__ import annotations

from functools import lru_cache

from sqlglot import exp, generator, parser, tokens
from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import TokenType

from . import literals
from .call_syntax import parse_exists_of_parenthesized, parse_position, parse_substring
from .case_syntax import CaseSyntax
from .errors import PositionedValidationError, ValidationError
from .json_syntax import parse_json_arrayagg, parse_json_function
from .literal_syntax import DEFER_LITERAL_CHECKS, LiteralSyntax, number_literal
from .match_recognize_syntax import parse_match_recognize
from .more_syntax import MoreSyntax
from .stored_text import READING_STORED_TEXT
from .token_shapes import binary_strings, calcite_tokens
from .type_spec import TYPE_START, token_roles
from .unpivot_syntax import parse_unpivot


class TableArgument(exp.Expression):
    """``TABLE t [PARTITION BY ...]`` as the argument of a table function (window TVFs)."""

    arg_types = {"this": True, "partition_by": False}


class ModelArgument(exp.Expression):
    """``MODEL m`` as the argument of ML_PREDICT (``this``: the model's name, a Table)."""

    arg_types = {"this": True}


class UnaryPlus(exp.Unary):
    """``+ x`` over anything but a numeric literal (which Calcite's parser folds it into)."""


INTERVAL_UNITS = frozenset(
    "YEAR QUARTER MONTH WEEK DAY HOUR MINUTE SECOND".split()
    + "YEARS QUARTERS MONTHS WEEKS DAYS HOURS MINUTES SECONDS".split()
)


def _numeric_operand(node: exp.Expr | None) -> exp.Literal | None:
    """The numeric literal ``node`` is, through any parentheses, or None."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Literal) and not node.is_string and "numeric" in node.meta:
        return node
    return None


def _parse_negation(self: Flink.Parser) -> exp.Expr:
    """Calcite folds a minus applied to a numeric literal into the literal (``- -3`` is 3)."""
    operand = self._parse_unary()
    literal = _numeric_operand(operand)
    if literal is not None:
        folded = number_literal(literal.meta["numeric"].negated())
        # Still a call of the sign to the validator: ORDER BY -1 orders by a constant; but
        # Calcite negates a negative literal into a plain one (ORDER BY - -3 is ordinal 3).
        if literal.meta.get("signed") != "-":
            folded.meta["signed"] = "-"
        return folded
    return self.expression(exp.Neg(this=operand))


def _parse_plus(self: Flink.Parser) -> exp.Expr | None:
    """A plus applied to a numeric literal is dropped; on anything else Calcite keeps it."""
    operand = self._parse_unary()
    literal = _numeric_operand(operand)
    if literal is not None:
        literal.meta.setdefault("signed", "+")
        return literal
    return self.expression(UnaryPlus(this=operand))


def _precisions(node: exp.Expr) -> list[int]:
    if isinstance(node, exp.Anonymous):
        return [int(e.name) for e in node.expressions]
    return []


def _qualifier(ends: list[exp.Expr]) -> literals.IntervalQualifier:
    """The interval qualifier of ``DAY(3) TO SECOND(1)``, ``SECOND(2, 3)``, ``YEAR``."""
    start = literals.singular_unit(ends[0].name)
    start_precisions = _precisions(ends[0])
    leading = start_precisions[0] if start_precisions else None
    fraction = start_precisions[1] if len(start_precisions) > 1 else None
    end = None
    if len(ends) > 1:
        end = literals.singular_unit(ends[1].name)
        end_precisions = _precisions(ends[1])
        fraction = end_precisions[0] if end_precisions else None
    return literals.IntervalQualifier(start, end, leading, fraction)


def _parse_prefix_not(self: Flink.Parser) -> exp.Expr:
    """``NOT x IS UNKNOWN`` stays a NOT of the predicate (``x IS NOT UNKNOWN`` is another)."""
    node = self.expression(exp.Not(this=self._parse_equality()))
    node.meta["prefix"] = True
    return node


_INTERVAL_SPANS = {
    ("YEAR", "MONTH"),
    ("DAY", "HOUR"),
    ("DAY", "MINUTE"),
    ("DAY", "SECOND"),
    ("HOUR", "MINUTE"),
    ("HOUR", "SECOND"),
    ("MINUTE", "SECOND"),
}


_PLAIN_CALLS = ("CHR", "DECODE")


def _build_if(args: list[exp.Expr]) -> exp.Expr:
    """``IF(c, a, b)``; a call of another arity is a plain call, refused by its check."""
    if len(args) in (2, 3):
        return exp.If.from_arg_list(args)
    return exp.Anonymous(this="IF", expressions=args)


def _parse_trim(self: Flink.Parser) -> exp.Expr:
    """TRIM as sqlglot reads it, but ``TRIM(FROM s)``, which Calcite refuses: a FROM needs a
    trim specification or characters before it."""
    if self._curr and self._curr.token_type == TokenType.FROM:
        raise ValidationError("'FROM' without operands preceding it is illegal")
    return self._parse_trim()


def _parse_extract(self: Flink.Parser) -> exp.Expr:
    """``EXTRACT(unit FROM x)``, Calcite's only form (sqlglot also reads ``EXTRACT(unit, x)``)."""
    if not self._curr or self._curr.token_type == TokenType.R_PAREN:
        self.raise_error(f'Encountered "{self._curr.text if self._curr else ""}"', self._curr)
    unit = self._parse_var_or_string(upper=True)
    if not self._match(TokenType.FROM):
        self.raise_error(f'Encountered "{self._curr.text if self._curr else ""}"', self._curr)
    return self.expression(exp.Extract(this=unit, expression=self._parse_bitwise()))


def _refuse_safe_cast(self: Flink.Parser) -> exp.Expr:
    raise ValidationError("This should never be called")


# Calcite's period and multiset operators, which its parser reads and Flink's operator table
# lacks: the operator as Flink's refusal names it, by the words that start it.
_UNKNOWN_OPERATORS = {
    ("CONTAINS",): "CONTAINS",
    ("PRECEDES",): "PRECEDES",
    ("SUCCEEDS",): "SUCCEEDS",
    ("EQUALS",): "EQUALS",
    ("IMMEDIATELY", "PRECEDES"): "IMMEDIATELY PRECEDES",
    ("IMMEDIATELY", "SUCCEEDS"): "IMMEDIATELY SUCCEEDS",
    ("MEMBER", "OF"): "MEMBER OF",
    ("SUBMULTISET", "OF"): "SUBMULTISET OF",
    ("MULTISET", "UNION"): "MULTISET UNION",
    ("MULTISET", "INTERSECT"): "MULTISET INTERSECT",
    ("MULTISET", "EXCEPT"): "MULTISET EXCEPT",
}


def _refuse_unknown_operator(self: Flink.Parser) -> None:
    """``p CONTAINS q``, ``x MEMBER OF m``, ``m MULTISET UNION n`` ...: refused as Flink
    refuses them (``No match found for function signature MULTISET UNION ALL``)."""
    ahead = self._tokens[self._index : self._index + 3]
    if ahead and ahead[0].token_type == TokenType.IDENTIFIER:  # `contains`: a quoted name
        return
    words = tuple(t.text.upper() for t in ahead)
    for start, name in _UNKNOWN_OPERATORS.items():
        if words[: len(start)] == start:
            if name.startswith("MULTISET "):
                quantifier = words[2] if len(words) > 2 else ""
                name += " DISTINCT" if quantifier == "DISTINCT" else " ALL"
            raise ValidationError(f"No match found for function signature {name}")


class Flink(Dialect):
    NORMALIZE_FUNCTIONS = False

    class Tokenizer(tokens.Tokenizer):
        IDENTIFIERS = ["`"]
        # X'...' is read as X and a string, made one token by binary_strings: sqlglot refuses
        # a hex string with other characters while tokenizing, where Calcite's lexer takes any
        # and its parser refuses them only where it reaches the literal; and 0x1F is, as in
        # Calcite, the number 0 and a name.
        HEX_STRINGS: list[str | tuple[str, str]] = []
        UNICODE_STRINGS = [("U&'", "'"), ("u&'", "'")]
        QUOTES = ["'"]
        STRING_ESCAPES = ["'"]
        BYTE_STRINGS = [("E'", "'"), ("e'", "'")]  # C-style escaped strings (.more_syntax)
        BYTE_STRING_ESCAPES = ["'", "\\"]
        IDENTIFIER_ESCAPES = ["`"]
        # sqlglot reads the rest of a "command" (SHOW, SET, ...) as one string; Flink does not.
        COMMANDS: set[TokenType] = set()
        KEYWORDS = {
            # REGEXP is no keyword of Flink's (it is a function, and a name like any other).
            **{
                k: v for k, v in tokens.Tokenizer.KEYWORDS.items() if k not in ("SESSION", "REGEXP")
            },
            "STRING": TokenType.TEXT,
            "BYTES": TokenType.VARBINARY,
            # How Flink writes the type of a TIMESTAMP WITH LOCAL TIME ZONE literal back.
            "TIMESTAMP_WITH_LOCAL_TIME_ZONE": TokenType.TIMESTAMPLTZ,
            "MATCH_RECOGNIZE": TokenType.MATCH_RECOGNIZE,
        }

    class Parser(CaseSyntax, MoreSyntax, LiteralSyntax, parser.Parser):
        # Keep every function call as written (name and arguments): Flink writes unresolved
        # calls back by the name the user typed, and the type rules look names up themselves.
        FUNCTIONS: dict = {}

        def parse(self, raw_tokens: list[tokens.Token], sql: str) -> list[exp.Expr | None]:
            return super().parse(calcite_tokens(raw_tokens, sql), sql)

        def parse_into(
            self, expression_types: exp.IntoType, raw_tokens: list[tokens.Token], sql: str = ""
        ) -> list[exp.Expr | None]:
            merged = calcite_tokens(raw_tokens, sql)
            return super().parse_into(expression_types, merged, sql)

        # Calcite's postfix IS [NOT] NULL / TRUE / UNKNOWN binds looser than any comparison:
        # a > 0 IS UNKNOWN is (a > 0) IS UNKNOWN, k = SOME (q) IS TRUE is (k = SOME (q)) IS TRUE.
        IS_PREDICATE_PRECEDENCE = parser.IsPredicatePrecedence.LOW
        # Calcite's comparisons (=, <>, <, <=, >, >=) share one precedence, left to right:
        # a = b >= c is (a = b) >= c. sqlglot binds <, <=, >, >= tighter than = and <>.
        # A quantified comparison (< ALL (...), = SOME (...)) binds as IN does, tighter.
        EQUALITY = {**parser.Parser.EQUALITY, **parser.Parser.COMPARISON}
        COMPARISON: dict = {}

        def _parse_equality(self, parse_is: bool = True) -> exp.Expr | None:
            # IS [NOT] DISTINCT FROM is one of those comparisons too (not a postfix IS ...)
            this = self._parse_comparison()
            while True:
                if self._match_set(self.EQUALITY):
                    comments = self._prev_comments
                    klass = self.EQUALITY[self._prev.token_type]
                    right = self._parse_comparison()
                    this = self._build_predicate(klass, this, right, comments=comments)
                elif self._match_text_seq("IS", "DISTINCT", "FROM"):
                    this = self.expression(
                        exp.NullSafeNEQ(this=this, expression=self._parse_comparison())
                    )
                elif self._match_text_seq("IS", "NOT", "DISTINCT", "FROM"):
                    this = self.expression(
                        exp.NullSafeEQ(this=this, expression=self._parse_comparison())
                    )
                elif parse_is and self._is_predicate_ahead():
                    index = self._index
                    this = self._parse_comparison(self._parse_range(this, parse_is=True))
                    if self._index == index:
                        break
                else:
                    break
            return this

        def _parse_comparison(self, this: exp.Expr | None = None) -> exp.Expr | None:
            this = this or self._parse_range()
            while (
                self._curr
                and self._curr.token_type in self.EQUALITY
                and self._next
                and self._next.text.upper() in ("ALL", "ANY", "SOME")
            ):
                self._advance()
                comments = self._prev_comments
                klass = self.EQUALITY[self._prev.token_type]
                this = self._build_predicate(klass, this, self._parse_range(), comments=comments)
            return this

        # EXISTS (VALUES 1), k = SOME (VALUES 1, 2): a VALUES query after a subquery predicate.
        SUBQUERY_TOKENS = {*parser.Parser.SUBQUERY_TOKENS, TokenType.VALUES}
        # k = SOME (1, 2) over a list, as sqlglot reads k = ANY (1, 2) (both are exp.Any): the
        # expanded query Flink stores writes ANY as SOME, and reading it back must give the same.
        NO_PAREN_FUNCTION_PARSERS = {
            **parser.Parser.NO_PAREN_FUNCTION_PARSERS,
            "SOME": parser.Parser.NO_PAREN_FUNCTION_PARSERS["ANY"],
        }
        FUNCTION_PARSERS = {
            # CHR(n) and DECODE(bytes, charset) are plain function calls in Flink
            **{k: v for k, v in parser.Parser.FUNCTION_PARSERS.items() if k not in _PLAIN_CALLS},
            **{
                name: (lambda n: lambda self: parse_json_function(self, n))(name)
                for name in ("JSON_VALUE", "JSON_QUERY", "JSON_EXISTS", "JSON_ARRAY")
            },
            "JSON_ARRAYAGG": parse_json_arrayagg,
            "TRIM": _parse_trim,
            "POSITION": parse_position,
            "EXTRACT": _parse_extract,
            "SUBSTRING": parse_substring,
            # Calcite parses SAFE_CAST, and Flink's validator then fails on it with this text.
            "SAFE_CAST": _refuse_safe_cast,
        }

        # MATCH_RECOGNIZE follows a FROM item (``_parse_table``), not a whole query block.
        QUERY_MODIFIER_PARSERS = {
            k: v
            for k, v in parser.Parser.QUERY_MODIFIER_PARSERS.items()
            if k != TokenType.MATCH_RECOGNIZE
        }

        UNARY_PARSERS = {
            **parser.Parser.UNARY_PARSERS,
            TokenType.DASH: _parse_negation,
            TokenType.PLUS: _parse_plus,
            TokenType.NOT: _parse_prefix_not,
        }
        TYPE_LITERAL_PARSERS = {
            **parser.Parser.TYPE_LITERAL_PARSERS,
            exp.DType.DECIMAL: lambda self, this, _: self._typed_decimal(this),
            **{
                kind: (lambda k: lambda self, this, to: self._typed_datetime(this, to, k))(key)
                for kind, key in (
                    (exp.DType.DATE, "DATE"),
                    (exp.DType.TIME, "TIME"),
                    (exp.DType.TIMESTAMP, "TIMESTAMP"),
                    (exp.DType.TIMESTAMPLTZ, "TIMESTAMP"),
                )
            },
        }

        def _parse_table(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            table = super()._parse_table(*args, **kwargs)
            if (
                table is not None
                and self._curr
                and self._curr.token_type == TokenType.MATCH_RECOGNIZE
            ):
                alias = table.args.get("alias")
                if alias is not None and alias.columns:  # t (a, b) MATCH_RECOGNIZE: no
                    self.raise_error("Expecting the end of the FROM item")
                return parse_match_recognize(self, table)
            if table is not None and self._curr and self._curr.token_type == TokenType.UNPIVOT:
                return parse_unpivot(self, table)
            return table

        # UNPIVOT is read by parse_unpivot, after the FROM item and before its alias, as
        # Calcite reads it; never an alias itself (Flink reserves the word).
        TABLE_ALIAS_TOKENS = parser.Parser.TABLE_ALIAS_TOKENS - {TokenType.UNPIVOT}

        def _parse_pivots(self):  # type: ignore[no-untyped-def]
            if self._curr and self._curr.token_type == TokenType.UNPIVOT:
                return None
            return super()._parse_pivots()

        def _parse_atom(self) -> exp.Expr | None:
            if not self._curr:
                return super()._parse_atom()
            start = self._curr.start
            found = self._parse_multiset() or self._parse_literal() or super()._parse_atom()
            return self._literal_span(found, start)

        def _parse_primary(self) -> exp.Expr | None:
            if not self._curr:
                return super()._parse_primary()
            start = self._curr.start
            found = (
                parse_exists_of_parenthesized(self)
                or self._parse_multiset()
                or self._parse_literal()
                or super()._parse_primary()
            )
            return self._literal_span(found, start)

        def _literal_span(self, found: exp.Expr | None, start: int) -> exp.Expr | None:
            """A literal keeps where it stands (see :mod:`.spans`)."""
            if isinstance(found, exp.Literal) and self._prev:
                found.meta.setdefault("span", (start, self._prev.end))
            return found

        def _parse_unary(self) -> exp.Expr | None:
            start = self._curr.start if self._curr else None
            found = super()._parse_unary()
            if isinstance(found, exp.Neg) and start is not None and self._prev:
                found.meta.setdefault("span", (start, self._prev.end))
            return found

        def _parse_multiset(self) -> exp.Expr | None:
            """``MULTISET[a, b]`` and ``MULTISET(query)``: a call of MULTISET whose ``multiset``
            meta says which (``values`` or ``query``)."""
            curr, nxt = self._curr, self._next
            if not curr or not nxt or curr.text.upper() != "MULTISET":
                return self._parse_query_constructor()
            if curr.token_type == TokenType.IDENTIFIER:  # `multiset`, a name
                return None
            if nxt.token_type == TokenType.L_BRACKET:
                self._advance(2)
                if self._curr and self._curr.token_type == TokenType.R_BRACKET:
                    self.raise_error('Encountered "]"', self._curr)
                items = self._parse_csv(self._parse_assignment)
                self._match(TokenType.R_BRACKET, expression=None)
                if self._prev.token_type != TokenType.R_BRACKET:
                    self.raise_error("Expected ]")
                call = exp.Anonymous(this="MULTISET", expressions=items)
                call.meta["multiset"] = "values"
                return self.expression(call)
            if nxt.token_type == TokenType.L_PAREN:
                self._advance(2)
                query = self._query_operand()
                if query is None:
                    self.raise_error("Expected a query in MULTISET (...)")
                return self._query_call("MULTISET", query)
            return None

        def _parse_if(self) -> exp.Expr | None:
            if not self._match(TokenType.L_PAREN):
                return super()._parse_if()
            args = self._parse_csv(self._parse_assignment)
            self._match_r_paren()
            return _build_if(args)

        def _parse_is(self, this: exp.Expr | None) -> exp.Expr | None:
            start = self._index
            words = [t.text.upper() for t in self._tokens[start : start + 3]]  # after IS
            negated = words[:1] == ["NOT"]
            rest = words[1:] if negated else words
            if rest[:2] == ["DISTINCT", "FROM"]:
                # a comparison, read by _parse_equality left to right (x IS NULL IS DISTINCT
                # FROM y = z is ((x IS NULL) IS DISTINCT FROM y) = z), not a postfix IS
                self._retreat(start - 1)
                return None
            for operator in (["A", "SET"], ["EMPTY"]):  # multiset predicates Flink lacks
                if rest[: len(operator)] == operator:
                    name = " ".join(["IS", *(["NOT"] if negated else []), *operator])
                    raise ValidationError(f"No match found for function signature {name}")
            result = super()._parse_is(this)
            words = [t.text.upper() for t in self._tokens[start : self._index]]
            if result is not None and words and words[-1] == "UNKNOWN":
                # the IS just read (NOT over it for IS NOT), never one inside its operand
                # (`x IS NOT NULL IS NOT DISTINCT FROM UNKNOWN` reads the column UNKNOWN)
                predicate = result.this if isinstance(result, exp.Not) else result
                if isinstance(predicate, exp.Is) and isinstance(predicate.expression, exp.Null):
                    predicate.expression.meta["unknown"] = True
            return result

        def _parse_select_query(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            # WITH ... VALUES ...: sqlglot's VALUES takes no WITH; a parenthesized query does.
            if self._curr and self._curr.token_type == TokenType.WITH:
                index = self._index
                cte = self._parse_with()
                ahead = [t.token_type for t in self._tokens[self._index : self._index + 2]]
                values_next = ahead[:1] == [TokenType.VALUES] or ahead == [
                    TokenType.L_PAREN,
                    TokenType.VALUES,
                ]
                if cte is not None and values_next:
                    body = self._parse_statement()
                    while isinstance(body, exp.Subquery) and not body.alias:
                        body = body.this
                    if isinstance(body, exp.Values):
                        return self.expression(exp.Subquery(this=body, with_=cte))
                self._retreat(index)
            return super()._parse_select_query(*args, **kwargs)

        def _parse_interval(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            keyword = self._curr
            result = super()._parse_interval(*args, **kwargs)
            if not isinstance(result, exp.Interval) or result.unit is None:
                return result
            unit = result.unit
            ends = [unit.this, unit.expression] if isinstance(unit, exp.IntervalSpan) else [unit]
            for end in ends:
                if not isinstance(end, exp.Var | exp.Anonymous) or (
                    end.name.upper() not in INTERVAL_UNITS
                ):
                    self.raise_error(f'Encountered "{self._prev.text}"', self._prev)
            qualifier = _qualifier(ends)
            value = result.this
            if isinstance(value, exp.Neg):
                value = value.this
            if isinstance(value, exp.Literal) and value.is_string:
                if value.this == "" and keyword:
                    # Calcite's parser refuses an empty one itself, at the INTERVAL keyword
                    raise PositionedValidationError(
                        f"Illegal INTERVAL literal  {qualifier.text}",
                        keyword.start,
                        keyword.line,
                        keyword.col - len(keyword.text) + 1,
                    )
                if DEFER_LITERAL_CHECKS.get():
                    try:
                        literals.check_interval(value.this, qualifier)
                    except ValidationError as exc:
                        result.meta["interval_error"] = exc
                else:
                    literals.check_interval(value.this, qualifier)
            result.meta["qualifier"] = qualifier
            return result

        LAMBDAS = {
            **parser.Parser.LAMBDAS,
            # Named arguments (``SIZE => INTERVAL '1' MINUTE``) keep their name as written.
            TokenType.FARROW: lambda self, expressions: self.expression(
                exp.Kwarg(
                    this=expressions[0],
                    expression=self._parse_table_argument()
                    or self._parse_model_argument()
                    or self._parse_disjunction(),
                )
            ),
        }

        def _parse_json_object(self, agg: bool = False):  # type: ignore[no-untyped-def]
            # JSON_OBJECT(NULL ON NULL): no key/value pairs, only the NULL behaviour.
            if (
                self._curr
                and self._curr.text.upper() in ("NULL", "ABSENT")
                and self._next
                and self._next.token_type == TokenType.ON
            ):
                handling = self._parse_on_handling("NULL", "NULL", "ABSENT")
                return self.expression(exp.JSONObject(expressions=[], null_handling=handling))
            result = super()._parse_json_object(agg)  # type: ignore[call-overload]
            if any(isinstance(e, exp.FormatJson) for e in result.expressions):
                raise ValidationError("No match found for function signature FORMAT JSON")
            if not agg:
                return result
            # JSON_OBJECTAGG(KEY k VALUE v [NULL | ABSENT ON NULL]): a call of two arguments
            # whose ``on_null`` meta holds the clause (the default, NULL, is written back).
            pairs = result.expressions
            if len(pairs) != 1 or not isinstance(pairs[0], exp.JSONKeyValue):
                self.raise_error("Expected KEY k VALUE v in JSON_OBJECTAGG")
            call = exp.Anonymous(
                this="JSON_OBJECTAGG", expressions=[pairs[0].this, pairs[0].expression]
            )
            handling = result.args.get("null_handling") or "NULL ON NULL"
            call.meta["on_null"] = handling.split()[0].upper()
            return self.expression(call)

        def _parse_range(self, this=None, parse_is=False):  # type: ignore[no-untyped-def]
            result = super()._parse_range(this, parse_is)
            if self._curr and result is not None:
                _refuse_unknown_operator(self)
            return result

        def _parse_statement(self) -> exp.Expr | None:
            if self._curr and self._curr.token_type == TokenType.VALUES:
                values = self._parse_derived_table_values()
                return self._parse_query_modifiers(self._parse_set_operations(values))
            return super()._parse_statement()

        def _parse_in(self, this: exp.Expr | None, alias: bool = False) -> exp.In:
            # k IN (VALUES 1, 2): a query, as Calcite reads it (sqlglot reads a list of one item).
            if (
                self._curr
                and self._curr.token_type == TokenType.L_PAREN
                and self._next
                and self._next.token_type == TokenType.VALUES
            ):
                self._advance()
                values = self._parse_derived_table_values()
                query = self._parse_query_modifiers(self._parse_set_operations(values))
                result = self.expression(exp.In(this=this, query=exp.Subquery(this=query)))
                self._match_r_paren(result)
                return result
            return super()._parse_in(this, alias)

        def _parse_value(self, values: bool = True) -> exp.Tuple | None:
            # VALUES ROW(1, 'a'), ROW(2, 'b'): the way Calcite writes VALUES rows back; and
            # VALUES (ROW(1, 'a')): in Calcite's grammar the row itself, nothing after it
            if self._is_row_keyword(self._index):
                self._advance()
            elif (
                self._curr
                and self._curr.token_type == TokenType.L_PAREN
                and self._is_row_keyword(self._index + 1)
            ):
                self._advance(2)
                row = super()._parse_value(values)
                if not self._match(TokenType.R_PAREN):
                    self.raise_error("Expecting )")
                return row
            return super()._parse_value(values)

        def _is_row_keyword(self, index: int) -> bool:
            """Whether the token at ``index`` is ROW followed by a parenthesis."""
            tokens = self._tokens
            return (
                index + 1 < len(tokens)
                and tokens[index].text.upper() == "ROW"
                and tokens[index + 1].token_type == TokenType.L_PAREN
            )

        def _parse_lambda(self, alias: bool = False) -> exp.Expr | None:
            argument = self._parse_table_argument() or self._parse_model_argument()
            if argument is not None:
                return argument
            result = super()._parse_lambda(alias)
            # (subquery) PARTITION BY k: how Calcite writes a partitioned table argument, also
            # as a named one (DATA => (subquery) PARTITION BY k)
            named = isinstance(result, exp.Kwarg)
            value = result.expression if named else result
            if isinstance(value, exp.Subquery | exp.Paren) and (
                self._match(TokenType.PARTITION_BY) or self._match_text_seq("PARTITION", "BY")
            ):
                argument = self.expression(
                    TableArgument(this=value, partition_by=self._parse_partition_keys())
                )
                if not named:
                    return argument
                result.set("expression", argument)
            return result

        def _parse_model_argument(self) -> ModelArgument | None:
            """``MODEL m`` as a function argument (ML_PREDICT's), also as Flink stores a named
            one: ``MODEL => (MODEL m)``."""
            wrapped = bool(self._curr) and self._curr.token_type == TokenType.L_PAREN
            at = self._index + (1 if wrapped else 0)
            ahead = self._tokens[at : at + 2]
            if not (
                len(ahead) == 2
                and ahead[0].text.upper() == "MODEL"
                and ahead[1].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
            ):
                return None
            self._advance(2 if wrapped else 1)
            argument = self.expression(ModelArgument(this=self._parse_table_parts()))
            if wrapped:
                self._match_r_paren()
            return argument

        def _parse_partition_keys(self) -> list:
            if self._curr and self._curr.token_type == TokenType.L_PAREN:
                return self._parse_wrapped_csv(self._parse_column)
            return [self._parse_column()]

        def _parse_table_argument(self) -> TableArgument | None:
            """``TABLE t`` as a function argument, as window table functions take it."""
            nxt = self._next
            if (
                self._curr
                and self._curr.token_type == TokenType.TABLE
                and nxt
                and nxt.token_type == TokenType.L_PAREN
            ):
                # TABLE (subquery) as an argument: Flink's parser wants TABLE <name>.
                self.raise_error('Encountered "("', nxt)
            if not (
                self._curr
                and self._curr.token_type == TokenType.TABLE
                and nxt
                and nxt.token_type != TokenType.L_PAREN
            ):
                return None
            self._advance()
            table = self._parse_table_parts()
            partition = None
            if self._match(TokenType.PARTITION_BY) or self._match_text_seq("PARTITION", "BY"):
                partition = self._parse_partition_keys()
            return self.expression(TableArgument(this=table, partition_by=partition))

        def _parse_function(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            start = self._index
            result = super()._parse_function(*args, **kwargs)
            self._refuse_json_aggregate_clauses(result, start)
            if isinstance(result, exp.Anonymous) and len(result.expressions) == 1:
                result = self._aggregate_clauses(result, start)
            holder = result
            # f(...) FILTER (...) OVER (...), ARRAY_AGG(x ORDER BY k) IGNORE NULLS
            while isinstance(holder, exp.Window | exp.Filter | exp.IgnoreNulls | exp.RespectNulls):
                call = holder.this
                if isinstance(call, exp.Anonymous) and len(call.expressions) == 1:
                    holder.set("this", self._aggregate_clauses(call, start))
                    break
                holder = call
            if result is not None and self._prev and start < len(self._tokens):
                # from the call's name to its closing parenthesis, where Calcite places it
                result.meta.setdefault("span", (self._tokens[start].start, self._prev.end))
            niladic = (exp.CurrentTimestamp, exp.CurrentDate, exp.CurrentTime)
            if isinstance(result, niladic) and self._prev:
                # Calcite names the column of CURRENT_TIMESTAMP as the user spelled it.
                result.meta["written"] = self._prev.text
            return result

        def _refuse_json_aggregate_clauses(self, result: exp.Expr | None, start: int) -> None:
            """JSON_ARRAYAGG and JSON_OBJECTAGG take no OVER and no FILTER in Calcite's grammar
            (its productions for them end with their WITHIN GROUP)."""
            call = result.this if isinstance(result, exp.Window | exp.Filter) else None
            if isinstance(call, exp.Filter | exp.WithinGroup):
                call = call.this
            if not (
                isinstance(call, exp.Anonymous)
                and call.name.upper() in ("JSON_ARRAYAGG", "JSON_OBJECTAGG")
            ):
                return
            for token in self._tokens[start : self._index]:
                if token.token_type in (TokenType.OVER, TokenType.FILTER):
                    self.raise_error(
                        f"Incorrect syntax near the keyword '{token.text.upper()}'", token
                    )

        def _aggregate_clauses(self, call: exp.Anonymous, start: int) -> exp.Expr:
            """``ARRAY_AGG(x [RESPECT | IGNORE NULLS] [ORDER BY k])``, the one call Calcite's
            grammar takes these clauses in: its ORDER BY goes to the call's ``order``, its null
            treatment around the call (as Calcite writes it, ``ARRAY_AGG(x) IGNORE NULLS``)."""
            argument = call.expressions[0]
            order = None
            if isinstance(argument, exp.Order) and argument.this is not None:
                order, argument = argument, argument.this
            treatment = None
            if isinstance(argument, exp.IgnoreNulls | exp.RespectNulls):
                treatment, argument = type(argument), argument.this
            if order is None and treatment is None:
                return call
            if call.name.upper() != "ARRAY_AGG":
                words = ("ORDER",) if treatment is None else ("IGNORE", "RESPECT")
                for token in self._tokens[start : self._index]:
                    if token.text.upper() in words:
                        self.raise_error(f'Encountered "{token.text}"', token)
            call.set("expressions", [argument])
            if order is not None:
                order.set("this", None)
                call.set("order", order)
            return treatment(this=call) if treatment is not None else call

        def _parse_interval_span(self, this, parse_function_unit=True):  # type: ignore[no-untyped-def]
            start = self._index
            interval = super()._parse_interval_span(this, parse_function_unit)
            unit = interval.args.get("unit")
            if (
                isinstance(unit, exp.IntervalSpan)
                and (
                    unit.this.name.upper(),
                    unit.expression.name.upper(),
                )
                not in _INTERVAL_SPANS
            ):
                # Calcite's interval qualifier takes only these spans: in FLOOR(ts + INTERVAL
                # '1' HOUR TO DAY) the TO belongs to FLOOR.
                self._retreat(start)
                self.INTERVAL_SPANS = False
                try:
                    interval = super()._parse_interval_span(this, parse_function_unit)
                finally:
                    del self.INTERVAL_SPANS
            return interval

        def _parse_window(self, this, alias=False):  # type: ignore[no-untyped-def]
            start = self._index
            window = super()._parse_window(this, alias)
            if isinstance(window, exp.Window) and not alias:
                # OVER (w) is not OVER w: Calcite writes the parentheses it was given back.
                tokens = self._tokens[start : self._index]
                for token, following in zip(tokens, tokens[1:], strict=False):
                    if token.token_type in self.WINDOW_BEFORE_PAREN_TOKENS:
                        if following.token_type == TokenType.L_PAREN:
                            window.meta["parenthesised"] = True
                        break
            return window

        def _parse_ordered(self, parse_method=None) -> exp.Ordered | None:
            ordered = super()._parse_ordered(parse_method)
            if ordered is not None and self._prev:
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
            first, start = self._curr, self._index
            last = None
            depth = 0
            while self._curr:
                kind = self._curr.token_type
                if depth == 0 and self._curr.text.upper() == "FORMAT":
                    self.raise_error('Encountered "FORMAT"', self._curr)  # CAST(x AS t FORMAT f)
                if kind in (TokenType.L_PAREN, TokenType.LT):
                    depth += 1
                elif kind in (TokenType.R_PAREN, TokenType.GT):
                    if depth == 0 and kind == TokenType.R_PAREN:
                        break
                    depth -= 1
                last = self._curr
                self._advance()
            if not first or not last:
                self.raise_error("Expected a type after AS")
            null = _null_type_token(self._tokens[start : self._index])
            if null is not None and not READING_STORED_TEXT.get():
                self.raise_error("Incorrect syntax near the keyword 'NULL'", null)
            to = exp.DataType(
                this=exp.DataType.Type.USERDEFINED, kind=self.sql[first.start : last.end + 1]
            )
            return self.expression(
                exp.TryCast(this=this, to=to) if safe else exp.Cast(this=this, to=to)
            )

    class Generator(generator.Generator):
        pass


DIALECT = Flink()


def _null_type_token(tokens: list[tokens.Token]) -> tokens.Token | None:
    """The NULL keyword where a CAST's target has a type (``CAST(x AS NULL)``, ``ROW(`a`
    NULL)``, ``ARRAY<NULL>``), or None: Flink's parser has no NULL type, though Flink writes
    one back in the casts of a constructor of NULL fields (goldens/views_constructor_inference);
    ``NOT NULL`` and a field's ``NULL`` after its type are nullability."""
    for token, role in zip(tokens, token_roles(tokens), strict=True):
        if role == TYPE_START and token.token_type == TokenType.NULL:
            return token
    return None


def tokenize(text: str) -> list[tokens.Token]:
    """Tokens of ``text``; comments are dropped by the tokenizer. A view's query is read
    token by token by several checks before it is parsed: its tokens are made once and
    shared, so a caller reads them and never changes one (the parser, which does, makes
    its own)."""
    return list(_tokens_of(text))


@lru_cache(maxsize=512)
def _tokens_of(text: str) -> tuple[tokens.Token, ...]:
    return tuple(binary_strings(DIALECT.tokenize(text), text))


__all__ = ["DIALECT", "Flink", "TokenType", "UnaryPlus", "exp", "tokenize"]
