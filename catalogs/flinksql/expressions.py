"""Scalar expressions: Calcite's SQL writer and the typer the view typer builds on.

``unparse`` writes a parsed, not yet validated, expression in Calcite's spelling: identifiers
in backticks, functions Flink's parser knows in upper case, other functions quoted as written,
one space around binary operators, and Calcite's own spelling of a few constructs
(``TRIM(BOTH ' ' FROM x)``, ``BETWEEN ASYMMETRIC``); a literal as written. A computed column's
or watermark's expression is written so to be read again as a view's select item
(:mod:`.views.computed`), which validates, types and writes it as Flink keeps it. ``_Typer``
resolves a column's names as Flink's scope of columns does, and is the base of
:class:`.views.typer.ViewTyper`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from sqlglot import exp
from sqlglot.tokens import TokenType

from . import builtin_rules, builtins, literals
from .calcite_names import calcite_type_name
from .catalog import quote_identifier
from .dialect import UnaryPlus
from .errors import ValidationError, unknown_function_type
from .json_syntax import JsonFunction
from .literal_checks import DEFER_RANGE_CHECKS, in_filter_condition, numeric_of
from .precedence import ATOM, BINARY_OPERATORS, PREFIX_CONTEXT, operator_sides, precedence
from .precedence import strip as _strip
from .row_fields import field_of
from .type_rules import (
    T,
    if_result,
    least_restrictive_type,
    numeric_result,
    operand_family,
    string_result,
)
from .type_spec import FIELD_NAME, token_roles
from .types import DataType, parse_type

# Functions Flink's parser resolves itself (Calcite's standard table and Flink's own legacy
# table): Calcite writes them by their upper-case name. Anything else stays an unresolved
# function call, written as a quoted identifier exactly as the user spelled it.
PARSER_FUNCTIONS = frozenset(
    """
    ABS ACOS ASIN ATAN ATAN2 AVG BIN CARDINALITY CEIL CEILING CHAR_LENGTH CHARACTER_LENGTH CHR
    COALESCE COLLECT CONCAT CONCAT_WS COS COSH COT COUNT CURRENT_DATE CURRENT_TIME
    CURRENT_TIMESTAMP DATE_FORMAT DATEDIFF DEGREES E ELEMENT EXP FIRST_VALUE FLOOR FROM_BASE64
    FROM_UNIXTIME HASH_CODE HEX IF INITCAP INSTR IS_ALPHA IS_DECIMAL IS_DIGIT JSON_EXISTS
    JSON_OBJECT JSON_QUERY JSON_VALUE LAST_VALUE LEFT LN LOCALTIME LOCALTIMESTAMP LOCATE LOG
    LOG10 LOG2 LOWER LPAD LTRIM MAX MD5 MIN MOD NOW NULLIF OVERLAY PI POSITION POWER PROCTIME
    RADIANS RAND RAND_INTEGER REGEXP REGEXP_EXTRACT REGEXP_REPLACE REPEAT REPLACE REVERSE RIGHT
    ROUND RPAD RTRIM SHA1 SHA2 SHA224 SHA256 SHA384 SHA512 SIGN SIN SINH SPLIT_INDEX SQRT
    STDDEV_POP STDDEV_SAMP STR_TO_MAP SUBSTR SUBSTRING SUM TAN TANH TO_BASE64 TO_DATE
    TO_TIMESTAMP TRUNCATE UNIX_TIMESTAMP UPPER UUID VAR_POP VAR_SAMP
    """.split()
)

NILADIC_NODES = (exp.CurrentTimestamp, exp.CurrentDate, exp.CurrentTime)


def unparse(node: exp.Expression) -> str:
    """The expression as Flink writes it in SHOW CREATE TABLE and DESCRIBE."""
    return _Writer().write(node)


class _Writer:
    # The precedences Calcite writes the node at hand with, on its left and on its right
    # (SqlNode.unparse's leftPrec and rightPrec): 0 where nothing binds it, as a function's
    # argument; an operator's operand is written with the operator's (see _operand).
    _context: tuple[int, int] = (0, 0)

    def write(self, node: exp.Expression) -> str:
        """``node`` where nothing binds it, or as the operand of a prefix operator where it is
        marked so (``node.meta["prefix_operand"]``, a MATCH_RECOGNIZE measure under FINAL)."""
        prefix = node.meta.get("prefix_operand") if node.meta else False
        return self._write_in(node, PREFIX_CONTEXT if prefix else (0, 0))

    def _write_in(self, node: exp.Expression, context: tuple[int, int]) -> str:
        saved, self._context = self._context, context
        try:
            coerce_to = node.meta.get("coerce_to") if node.meta else None
            if coerce_to is not None:
                return f"CAST({self._write(node)} AS {coerce_to})"
            return self._write(node)
        finally:
            self._context = saved

    def _write(self, node: exp.Expression) -> str:
        node = _strip(node)
        kept = node.meta.get("literal_text") if node.meta else None
        if kept is not None:  # a computed column's literal, as written (views.computed)
            return kept
        method = getattr(self, f"_{type(node).__name__.lower()}", None)
        if method is not None:
            return method(node)
        for kind, (op, _) in BINARY_OPERATORS.items():
            if type(node) is kind:
                return self._binary(node, op)
        raise ValidationError(f"Unsupported expression: {node.sql()}")

    def _binds_loosest(self, node: exp.Expression) -> bool:
        """Whether ``node`` binds looser than every operator, so that any operator encloses it
        (none here; a view's OVER, FILTER and AS do: views.writer)."""
        return False

    def _operand(self, node: exp.Expression, parent_prec: int, right: bool = False) -> str:
        if self._binds_loosest(node):
            return f"({self.write(node)})"
        prec = precedence(node)
        left_context, right_context = self._context
        # Calcite writes a left operand with the context's left precedence and the operator's;
        # a right one with the operator's (one more, as it binds to the left) and the context's
        context = (parent_prec + 1, right_context) if right else (left_context, parent_prec)
        text = self._write_in(node, context)
        if prec < parent_prec or (right and prec == parent_prec and prec != ATOM):
            return f"({text})"
        return text

    def _inherited(self, node: exp.Expression) -> str:
        """An operand of TRIM, OVERLAY or POSITION, which Calcite writes with its call's own
        context (SqlTrimFunction.unparse passes on its leftPrec and rightPrec): enclosed where
        that context binds tighter than the operand, as in ``'z' || TRIM(BOTH ' ' FROM (s ||
        'x'))`` or under a measure's FINAL; bare as a function's argument."""
        text = self._write_in(node, self._context)
        left, right = self._context
        node_left, node_right = operator_sides(node)
        if left > node_left or (right != 0 and node_right <= right):
            return f"({text})"
        return text

    def _binary(self, node: exp.Expression, op: str) -> str:
        prec = precedence(node)
        left = self._operand(node.this, prec)
        right = self._operand(node.expression, prec, right=True)
        return f"{left} {op} {right}"

    def _column(self, node: exp.Column) -> str:
        return ".".join(quote_identifier(p.name) for p in node.parts)

    def _identifier(self, node: exp.Identifier) -> str:
        return quote_identifier(node.name)

    def _literal(self, node: exp.Literal) -> str:
        if not node.is_string:
            return node.this.upper()
        charset = node.meta.get("charset")
        parts = node.meta.get("parts")
        if parts is None:
            return literals.quote_string_literal(node.this, charset)
        # A literal continued on following lines: one fragment a line, the first with the
        # character set, the others without (Calcite's literal chain).
        written = [literals.quote_string_literal(parts[0], charset)]
        written += [literals.quote_string_literal(p, None) for p in parts[1:]]
        return "\n".join(written)

    def _boolean(self, node: exp.Boolean) -> str:
        return "TRUE" if node.this else "FALSE"

    def _null(self, node: exp.Null) -> str:
        return "UNKNOWN" if node.meta.get("unknown") else "NULL"

    def _neg(self, node: exp.Neg) -> str:
        return f"- {self._prefix_operand(node.this)}"

    def _unaryplus(self, node: UnaryPlus) -> str:
        return f"+ {self._prefix_operand(node.this)}"

    def _prefix_operand(self, node: exp.Expression) -> str:
        """The operand of a prefix minus or plus, written with the operator's own precedences
        (SqlPrefixOperator's, :data:`PREFIX_CONTEXT`) and enclosed where they bind tighter than
        the operand (Calcite's SqlCall.unparse): a prefix operand, an operator of lower
        precedence, a literal chain; and what the operand passes its context on to sees it
        (``- POSITION('a' IN ('x'\n'y'))``; golden views_prefix_operands)."""
        left, right = operator_sides(node)
        if self._binds_loosest(node) or left < PREFIX_CONTEXT[0] or right <= PREFIX_CONTEXT[1]:
            return f"({self._write_in(node, (0, 0))})"
        return self._write_in(node, PREFIX_CONTEXT)

    def _not(self, node: exp.Not) -> str:
        inner = node.this
        if node.meta.get("prefix"):
            # NOT x IN (...), NOT x LIKE ...: Calcite keeps the prefix NOT as written
            return f"NOT {self._operand(node.this, 26, right=True)}"
        if isinstance(inner, exp.Is):
            return f"{self._is_operand(inner.this)} IS NOT {self.write(inner.expression)}"
        if isinstance(inner, exp.Like):
            return self._like(inner, negated=True)
        if isinstance(inner, exp.In):
            return self._in(inner, negated=True)
        if isinstance(inner, exp.Between):
            return self._between(inner, negated=True)
        return f"NOT {self._operand(node.this, 26, right=True)}"

    def _is(self, node: exp.Is) -> str:
        return f"{self._is_operand(node.this)} IS {self.write(node.expression)}"

    def _is_operand(self, node: exp.Expression) -> str:
        """The operand of a postfix IS: enclosed when it binds no tighter (NOT, AND, another
        IS), bare when it is a comparison, IN, LIKE, BETWEEN or tighter."""
        return self._operand(node, 28, right=True)

    def _like(self, node: exp.Like, negated: bool = False) -> str:
        keyword = "NOT LIKE" if negated or node.args.get("negate") else "LIKE"
        return f"{self._operand(node.this, 32)} {keyword} {self._operand(node.expression, 33)}"

    def _escape(self, node: exp.Escape) -> str:
        return f"{self.write(node.this)} ESCAPE {self.write(node.expression)}"

    def _similarto(self, node: exp.SimilarTo, negated: bool = False) -> str:
        keyword = "NOT SIMILAR TO" if negated or node.args.get("negate") else "SIMILAR TO"
        return f"{self._operand(node.this, 32)} {keyword} {self._operand(node.expression, 33)}"

    def _between(self, node: exp.Between, negated: bool = False) -> str:
        keyword = "NOT BETWEEN" if negated else "BETWEEN"
        # as it was read: ASYMMETRIC unless SYMMETRIC was written (tables_generated_classes)
        keyword += " SYMMETRIC" if node.args.get("symmetric") else " ASYMMETRIC"
        low = self._between_low(node.args["low"])
        high = self._operand(node.args["high"], 33)
        return f"{self._operand(node.this, 32)} {keyword} {low} AND {high}"

    def _between_low(self, low: exp.Expression) -> str:
        return self._operand(low, 33)

    def _in(self, node: exp.In, negated: bool = False) -> str:
        items = ", ".join(self.write(e) for e in node.expressions)
        keyword = "NOT IN" if negated else "IN"
        return f"{self._operand(node.this, 32)} {keyword} ({items})"

    def _interval(self, node: exp.Interval) -> str:
        qualifier = node.meta.get("qualifier")
        if qualifier is not None:
            value = node.this
            if isinstance(value, exp.Neg):
                return f"INTERVAL -{self.write(value.this)} {qualifier.text}"
            return f"INTERVAL {self.write(value)} {qualifier.text}"
        return f"INTERVAL {self.write(node.this)} {interval_unit(node)}"

    def _cast(self, node: exp.Cast) -> str:
        return self._cast_like(node, "CAST")

    def _trycast(self, node: exp.TryCast) -> str:
        return self._cast_like(node, "TRY_CAST")

    def _cast_like(self, node: exp.Cast, keyword: str) -> str:
        to = node.to
        if node.meta.get("datetime") is not None:
            # A computed column keeps the literal's text as written.
            return f"{node.meta['keyword']} {self.write(node.this)}"
        if isinstance(node.this, exp.Literal) and node.this.is_string and _is_typed_literal(node):
            return f"{to.sql().upper()} {self.write(node.this)}"
        return f"{keyword}({self.write(node.this)} AS {_cast_type_name(to)})"

    def _anonymous(self, node: exp.Anonymous) -> str:
        name = node.name
        if name.upper() in ("TIMESTAMPADD", "TIMESTAMPDIFF") and len(node.expressions) == 3:
            unit, *operands = node.expressions  # a time unit, written as a keyword
            written = ", ".join(self.write(a) for a in operands)
            return f"{name.upper()}({unit.name.upper()}, {written})"
        args = ", ".join(self.write(a) for a in node.expressions)
        if name.upper() in PARSER_FUNCTIONS:
            return f"{name.upper()}({args})"
        return f"{quote_identifier(name)}({args})"

    def _substring(self, node: exp.Substring) -> str:
        args = [node.this, node.args.get("start"), node.args.get("length")]
        return "SUBSTRING(" + ", ".join(self.write(a) for a in args if a is not None) + ")"

    def _trim(self, node: exp.Trim) -> str:
        position = (node.args.get("position") or "BOTH").upper()
        chars = node.expression
        chars_text = self._inherited(chars) if chars is not None else "' '"
        return f"TRIM({position} {chars_text} FROM {self._inherited(node.this)})"

    def _currenttimestamp(self, node: exp.Expression) -> str:
        return "CURRENT_TIMESTAMP"

    def _currentdate(self, node: exp.Expression) -> str:
        return "CURRENT_DATE"

    def _currenttime(self, node: exp.Expression) -> str:
        return "CURRENT_TIME"

    def _if(self, node: exp.If) -> str:
        args = [node.this, node.args.get("true"), node.args.get("false")]
        return "IF(" + ", ".join(self.write(a) for a in args if a is not None) + ")"

    def _case(self, node: exp.Case) -> str:
        parts = ["CASE"]
        if node.this is not None:
            parts.append(self.write(node.this))
        for branch in node.args.get("ifs") or []:
            parts.append(f"WHEN {self.write(branch.this)} THEN {self.write(branch.args['true'])}")
        default = node.args.get("default")
        parts.append(f"ELSE {self.write(default) if default is not None else 'NULL'}")
        parts.append("END")
        return " ".join(parts)

    def _array(self, node: exp.Array) -> str:
        return "ARRAY[" + ", ".join(self.write(e) for e in node.expressions) + "]"

    def _bracket(self, node: exp.Bracket) -> str:
        if is_map_constructor(node):
            return "MAP[" + ", ".join(self.write(e) for e in node.expressions) + "]"
        index = ", ".join(self.write(e) for e in node.expressions)
        return f"{self._operand(node.this, ATOM)}[{index}]"

    def _dot(self, node: exp.Dot) -> str:
        return f"{self._operand(node.this, ATOM)}.{quote_identifier(node.expression.name)}"

    def _extract(self, node: exp.Extract) -> str:
        return f"EXTRACT({node.this.name.upper()} FROM {self.write(node.expression)})"

    def _strposition(self, node: exp.StrPosition) -> str:
        text = f"POSITION({self._inherited(node.args['substr'])} IN {self._inherited(node.this)}"
        start = node.args.get("position")
        return text + (f" FROM {self._inherited(start)})" if start is not None else ")")

    def _ceil(self, node: exp.Ceil) -> str:
        return self._round_to(node, "CEIL")

    def _floor(self, node: exp.Floor) -> str:
        return self._round_to(node, "FLOOR")

    def _overlay(self, node: exp.Overlay) -> str:
        text = f"OVERLAY({self._inherited(node.this)} PLACING {self._inherited(node.expression)}"
        text += f" FROM {self._inherited(node.args['from_'])}"
        if node.args.get("for_") is not None:
            text += f" FOR {self._inherited(node.args['for_'])}"
        return text + ")"

    def _hexstring(self, node: exp.HexString) -> str:
        parts = node.meta.get("parts") or [node.this]
        return "X" + "\n".join(f"'{p.upper()}'" for p in parts)

    def _json(self, node: exp.JSON) -> str:
        kind = node.this
        text = kind.name if isinstance(kind, exp.Expression) else kind
        return f"JSON {str(text).upper() if text else 'VALUE'}"

    def _jsonobject(self, node: exp.JSONObject) -> str:
        items = [
            f"KEY {self.write(kv.this)} VALUE {self.write(kv.expression)}"
            for kv in node.expressions
        ]
        handling = node.args.get("null_handling") or "NULL ON NULL"
        return "JSON_OBJECT(" + ", ".join(items) + (" " if items else "") + f"{handling})"

    def _jsonfunction(self, node: JsonFunction) -> str:
        """SQL/JSON functions with the clauses Calcite fills in when they are left out."""
        name = node.name
        text = ", ".join(self.write(a) for a in node.expressions)
        clauses = []
        returning = node.args.get("returning")
        if returning:
            to = exp.DataType(this=exp.DataType.Type.USERDEFINED, kind=returning)
            clauses.append(f"RETURNING {_cast_type_name(to)}")
        on_empty, on_error = node.args.get("on_empty"), node.args.get("on_error")
        if name == "JSON_QUERY":
            # Calcite spells the wrapper in full: WITH [UNCONDITIONAL] [ARRAY] is WITH
            # UNCONDITIONAL ARRAY, WITH CONDITIONAL [ARRAY] is WITH CONDITIONAL ARRAY.
            words = (node.args.get("wrapper") or "WITHOUT").split()
            if words[0] == "WITHOUT":
                wrapper = "WITHOUT ARRAY"
            elif "CONDITIONAL" in words:
                wrapper = "WITH CONDITIONAL ARRAY"
            else:
                wrapper = "WITH UNCONDITIONAL ARRAY"
            clauses.append(f"{wrapper} WRAPPER")
            on_empty, on_error = on_empty or "NULL", on_error or "NULL"
        for behaviour, target, default in (
            (on_empty, "EMPTY", node.args.get("empty_default")),
            (on_error, "ERROR", node.args.get("error_default")),
        ):
            if behaviour == "DEFAULT" and default is not None:
                clauses.append(f"DEFAULT {self.write(default)} ON {target}")
            elif behaviour:
                clauses.append(f"{behaviour} ON {target}")
        if name == "JSON_ARRAY" and node.expressions:
            clauses.append(f"{node.args.get('on_null') or 'ABSENT'} ON NULL")
        tail = " ".join(clauses)
        return f"{name}({text}{' ' if text and tail else ''}{tail})"

    def _round_to(self, node: exp.Expression, name: str) -> str:
        unit = node.args.get("to")
        if unit is not None:
            # Calcite writes the operand with a function's precedence on both sides: any call or
            # operator (LOCALTIMESTAMP among them) is enclosed, a column or literal is not, nor
            # a CASE (NULLIF's too), which is written whole whatever the precedence.
            operand = self.write(node.this)
            bare = _strip(node.this)
            literal = isinstance(bare, exp.Literal) or "datetime" in bare.meta  # TIMESTAMP '…'
            case = isinstance(bare, exp.Case) or (
                isinstance(bare, exp.Anonymous) and bare.name.upper() == "NULLIF"
            )
            if not (
                literal
                or case
                or node.meta.get("bare_operand")  # a column's FLOOR(LOCALTIME TO HOUR)
                or bare.meta.get("name_in_having")
                or isinstance(bare, exp.Column | exp.Dot)
            ):
                operand = f"({operand})"
            return f"{name}({operand} TO {unit.name.upper()})"
        return f"{name}({self.write(node.this)})"


def is_map_constructor(node: exp.Bracket) -> bool:
    """``MAP[k, v]``, not an item of a column named ``map`` (which a view resolved and typed)."""
    return (
        isinstance(node.this, exp.Column)
        and node.this.name.upper() == "MAP"
        and "flink_type" not in node.this.meta
    )


def _is_typed_literal(node: exp.Cast) -> bool:
    """``DATE '...'`` arrives from sqlglot as a cast of a string to a built-in type."""
    return node.to.this != exp.DataType.Type.USERDEFINED


def _cast_type_text(to: exp.DataType) -> str:
    """The type of a CAST as written (for Flink's type parser)."""
    if to.this == exp.DataType.Type.USERDEFINED:
        return to.args["kind"]
    return to.sql()


_CHARACTER_SET = re.compile(r"\s+CHARACTER\s+SET\s+(`[^`]*`|\"[^\"]*\"|\w+)", re.IGNORECASE)


def _cast_type_for_parser(to: exp.DataType) -> str:
    """The CAST type without Calcite's ``CHARACTER SET`` clauses, which Flink's types lack."""
    text = _cast_type_text(to)
    return _CHARACTER_SET.sub("", text) if "CHARACTER" in text.upper() else text


def _cast_type_name(to: exp.DataType) -> str:
    """A CAST target as Calcite writes a type spec: upper-case names, ``INT`` as ``INTEGER``,
    ``ARRAY< INTEGER >`` with spaces inside angle brackets, the field names of a ROW quoted as
    written (``ROW< `a` INTEGER >``)."""
    from .tokens import TokenStream

    stream = TokenStream(_cast_type_text(to))
    out = ""
    for tok, role in zip(stream.tokens, token_roles(stream.tokens), strict=True):
        raw = stream.text[tok.start : tok.end + 1]
        kind = tok.token_type
        space = "" if out.endswith((" ", "(")) or not out else " "
        if kind in (TokenType.L_PAREN, TokenType.LT):
            out = out.rstrip() + ("(" if kind == TokenType.L_PAREN else "< ")
        elif kind in (TokenType.R_PAREN, TokenType.GT):
            out = out.rstrip() + (raw if kind == TokenType.R_PAREN else " >")
        elif kind == TokenType.COMMA:
            out = out.rstrip() + ", "
        elif role == FIELD_NAME and (kind == TokenType.IDENTIFIER or stream.is_word(tok)):
            out += space + (raw if kind == TokenType.IDENTIFIER else quote_identifier(raw))
        elif kind == TokenType.IDENTIFIER:
            out += space + raw
        elif raw.upper() == "NULL" and not out.endswith("NOT"):
            continue  # a field's or an element's NULL (nullable) is not written: Calcite's default
        else:
            word = raw.upper() if stream.is_word(tok) else raw
            word = _SPEC_NAMES.get(word, word)
            out += space + word
    return out.strip()


_SPEC_NAMES = {"INT": "INTEGER", "DEC": "DECIMAL"}


# -- type derivation ---------------------------------------------------------------------

# Finds a user-defined function by the name written in an expression: its qualified name,
# or None when no catalog or temporary function has that name.
FunctionLookup = Callable[[str], "str | None"]
_user_functions: ContextVar[FunctionLookup | None] = ContextVar("user_functions", default=None)


@contextmanager
def user_functions(lookup: FunctionLookup) -> Iterator[None]:
    """Resolve function names against the session's functions while the block runs."""
    token = _user_functions.set(lookup)
    try:
        yield
    finally:
        _user_functions.reset(token)


class _Typer:
    def __init__(self, scope: Mapping[str, DataType]) -> None:
        self.scope = scope

    def type_of(self, node: exp.Expression) -> DataType:
        node = _strip(node)
        if isinstance(node, exp.Column):
            parts = [p.name for p in node.parts]
            if parts[0] not in self.scope:
                shown = parts[0]  # as named, quoted or not ("Unknown identifier 'a b'")
                raise ValidationError(f"Unknown identifier '{shown}'")
            data_type = self.scope[parts[0]]
            for name in parts[1:]:
                data_type = field_of(data_type, name, identifier=True)
            return data_type
        if isinstance(node, exp.Dot) and isinstance(node.expression, exp.Identifier):
            return field_of(
                self.type_of(node.this), node.expression.name, identifier=_is_chain(node.this)
            )
        if isinstance(node, exp.Bracket) and not is_map_constructor(node):
            return self._item(node)
        if isinstance(node, exp.Literal):
            return literal_type(node)
        if isinstance(node, exp.Boolean):
            return T("BOOLEAN NOT NULL")
        if isinstance(node, exp.HexString):
            return DataType("BINARY", (len(node.this) // 2,), nullable=False)
        if isinstance(node, UnaryPlus):
            return self.type_of(node.this)
        if isinstance(node, JsonFunction):
            return self._json_function(node)
        if isinstance(node, exp.JSONObject):
            for kv in node.expressions:
                key = self.type_of(kv.this)
                if key.nullable:
                    raise ValidationError(
                        f"Argument to function '{_message_text(kv.this)}' must not be NULL"
                    )
                self.type_of(kv.expression)
            return T("STRING NOT NULL")
        if isinstance(node, exp.Floor | exp.Ceil):
            return self._floor_ceil(node)
        if isinstance(node, exp.Null):
            return T("NULL")
        if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Div | exp.Mod):
            return self._arithmetic(node)
        if isinstance(node, exp.Neg):
            return self.type_of(node.this)
        if isinstance(node, exp.EQ | exp.NEQ | exp.GT | exp.GTE | exp.LT | exp.LTE):
            return self._boolean_of(node.this, node.expression)
        if isinstance(node, exp.And | exp.Or):
            return self._boolean_of(node.this, node.expression)
        if isinstance(node, exp.Like):
            return self._boolean_of(node.this, node.expression)
        if isinstance(node, exp.Between):
            return self._boolean_of(node.this, node.args["low"], node.args["high"])
        if isinstance(node, exp.In):
            return self._boolean_of(node.this, *node.expressions)
        if isinstance(node, exp.Not):
            inner = _strip(node.this)
            if isinstance(inner, exp.Is):
                return self._is(inner)
            return self._boolean_of(node.this)
        if isinstance(node, exp.Is):
            return self._is(node)
        if isinstance(node, exp.NullSafeEQ | exp.NullSafeNEQ):
            self._boolean_of(node.this, node.expression)
            return T("BOOLEAN NOT NULL")
        if isinstance(node, exp.DPipe):
            return string_result(self.type_of(node.this), self.type_of(node.expression))
        if isinstance(node, exp.Cast):
            return self._cast(node, safe=isinstance(node, exp.TryCast))
        if isinstance(node, exp.Interval):
            if is_interval_literal(node):
                return _interval_literal_type(node)
            value = _unsigned(_strip(node.this))
            # INTERVAL qty DAY: as nullable as its value
            return _interval_literal_type(node).with_nullable(self.type_of(value).nullable)
        if isinstance(node, exp.CurrentTimestamp):
            return T("TIMESTAMP_LTZ(3) NOT NULL")
        if isinstance(node, exp.CurrentDate):
            return T("DATE NOT NULL")
        if isinstance(node, exp.Substring | exp.Trim):
            parts = ("this", "start", "length", "expression")  # TRIM's characters: expression
            args = [a for a in (node.args.get(p) for p in parts) if a]
            nullable = any([self.type_of(a).nullable for a in args])
            # Flink's SUBSTRING answers NULL past the end: always nullable
            nullable = nullable or isinstance(node, exp.Substring)
            source = self.type_of(node.this)
            if source.is_string:
                # Calcite keeps the length: SUBSTRING/TRIM of CHAR(3) is VARCHAR(3).
                return DataType("VARCHAR", (source.length,), nullable)
            return T("STRING").with_nullable(nullable)
        if isinstance(node, exp.Overlay):
            parts = [node.this, node.expression, node.args.get("from_"), node.args.get("for_")]
            types = [self.type_of(a) for a in parts if a is not None]
            nullable = any(t.nullable for t in types)
            length = min((types[0].length or 0) + (types[1].length or 0), 2147483647)
            if types[0].name in ("BINARY", "VARBINARY"):  # whatever is placed: its bytes
                return DataType("VARBINARY", (length,), nullable)
            if types[0].is_string and types[1].is_string:
                return DataType("VARCHAR", (length,), nullable)
            return T("STRING").with_nullable(nullable)
        if isinstance(node, exp.Anonymous):
            return self._function(node)
        if isinstance(node, exp.Array):
            return self._array(node)
        if isinstance(node, exp.Bracket) and is_map_constructor(node):
            keys, values = node.expressions[0::2], node.expressions[1::2]
            key, value = self._common_strict(keys), self._common_strict(values)
            self._coerce_items(keys, key)
            self._coerce_items(values, value)
            return DataType("MAP", children=(key, value), nullable=False)
        if isinstance(node, exp.If):
            return self._if([node.this, node.args["true"], node.args.get("false")])
        if isinstance(node, exp.Case):
            types = [self._branch_type(b) for b in node.args.get("ifs") or []]
            default = node.args.get("default")
            types.append(self.type_of(default if default is not None else exp.Null()))
            return self._case_result(types)
        raise ValidationError(f"Cannot derive the type of the expression: {unparse(node)}")

    def _is(self, node: exp.Is) -> DataType:
        operand = self.type_of(node.this)
        value = node.expression
        parent = node.parent  # x IS NOT TRUE is the infix NOT over IS (NOT (x IS TRUE) is not)
        negated = isinstance(parent, exp.Not) and not parent.meta.get("prefix")
        truth = isinstance(value, exp.Boolean)
        tests_truth = truth or value.meta.get("unknown")  # IS [NOT] TRUE/FALSE/UNKNOWN
        if tests_truth and operand.name == "NULL":
            raise ValidationError("Illegal use of 'NULL'")  # NULL IS NULL is taken
        if tests_truth and operand.name != "BOOLEAN":
            word = ("TRUE" if value.this else "FALSE") if truth else "UNKNOWN"
            op = f"IS NOT {word}" if negated else f"IS {word}"
            raise ValidationError(
                f"Cannot apply '{op}' to arguments of type '<{calcite_type_name(operand)}> {op}'."
                f" Supported form(s): '<BOOLEAN> {op}'"
            )
        return T("BOOLEAN NOT NULL")

    def _item(self, node: exp.Bracket) -> DataType:
        """``arr[i]`` and ``m[k]``: an element or value, nullable as an absent one is NULL."""
        container = self.type_of(node.this)
        if container.name in ("ARRAY", "MULTISET"):
            return container.children[0].with_nullable(True)
        if container.name == "MAP":
            return container.children[1].with_nullable(True)
        raise ValidationError(f"Cannot apply 'ITEM' to {container.summary()}")

    def _json_function(self, node: JsonFunction) -> DataType:
        for arg in node.expressions:
            self.type_of(arg)
        for key in ("empty_default", "error_default"):
            if node.args.get(key) is not None:
                self.type_of(node.args[key])
        name = node.name
        if name == "JSON_ARRAY":
            return T("STRING NOT NULL")
        if name == "JSON_EXISTS":
            return T("BOOLEAN")
        returning = node.args.get("returning")
        if returning:
            return parse_type(returning, ddl=False).with_nullable(True)
        return T("STRING")

    def _floor_ceil(self, node: exp.Expression) -> DataType:
        """FLOOR/CEIL keep the argument's type; a DECIMAL loses its scale."""
        arg = self.type_of(node.this)
        if node.args.get("to") is not None:
            return arg
        if arg.name == "DECIMAL":
            return DataType("DECIMAL", (arg.precision, 0), arg.nullable)
        return arg.with_time_attribute(None)

    def _common_strict(self, operands: list[exp.Expression]) -> DataType:
        """The least restrictive type of ``operands``, nullable if any of them is."""
        return self._common(*operands)

    def _array(self, node: exp.Array) -> DataType:
        """ARRAY[...]: elements whose type differs from the common one are cast to it (Calcite
        writes that cast back into the stored expression)."""
        element = self._common_strict(list(node.expressions))
        self._coerce_items(node.expressions, element)
        return DataType("ARRAY", children=(element,), nullable=False)

    def _coerce_items(self, items: list[exp.Expression], element: DataType) -> None:
        """Mark the items of a constructor whose type is not ``element`` (nullability too)
        with the cast Calcite writes back (to the type, without a time attribute)."""
        target = calcite_type_name(element.with_time_attribute(None))
        for item in items:
            if self.type_of(item) != element:
                item.meta["coerce_to"] = target

    def _boolean_of(self, *operands: exp.Expression) -> DataType:
        # Every operand is typed (and so checked), not only those before the first nullable;
        # a row of a nullable field makes its comparison nullable.
        nullable = any([self.type_of(o).contains_nullable for o in operands])
        return T("BOOLEAN").with_nullable(nullable)

    def _branch_type(self, branch: exp.If) -> DataType:
        """A searched CASE's result: NOT NULL where its condition tests it (``WHEN x IS NOT
        NULL THEN x``, as Calcite's CASE type inference reads it; goldens/views_jdbc_functions
        records it through {fn IFNULL})."""
        result = branch.args["true"]
        data_type = self.type_of(result)
        test = _strip(branch.this)
        if (
            isinstance(test, exp.Not)
            and not test.meta.get("prefix")  # IS NOT NULL, not NOT (x IS NULL)
            and isinstance(test.this, exp.Is)
            and isinstance(test.this.expression, exp.Null)
            and _strip(test.this.this) == _strip(result)
        ):
            return data_type.with_nullable(False)
        return data_type

    def _common(self, *operands: exp.Expression) -> DataType:
        return self._common_types([self.type_of(o) for o in operands])

    def _if(self, operands: list[exp.Expression | None]) -> DataType:
        """Flink's ``IF(condition, first, second)``: three operands, none an untyped NULL."""
        given = [o for o in operands if o is not None]
        if len(given) != 3:
            raise ValidationError(
                "Invalid number of arguments to function 'IF'. Was expecting 3 arguments"
            )
        types = [self.type_of(o) for o in given]
        if any(t.name == "NULL" for t in types):
            raise ValidationError("Illegal use of 'NULL'")
        return if_result(*types)

    def _case_result(self, types: list[DataType]) -> DataType:
        """The type of a CASE of results of ``types``."""
        return self._common_types(types)

    def _common_types(self, types: list[DataType]) -> DataType:
        known = [t for t in types if t.name != "NULL"]
        if not known:
            return T("NULL")
        result = known[0]
        for other in known[1:]:
            result = least_restrictive_type(result, other)
        return result.with_nullable(any(t.nullable for t in types))

    def _arithmetic(self, node: exp.Expression) -> DataType:
        left, right = self.type_of(node.this), self.type_of(node.expression)
        nullable = left.nullable or right.nullable
        datetime = ("DATE", "TIME", "TIMESTAMP", "TIMESTAMP_LTZ")
        additive = op_is(node, exp.Add, exp.Sub)
        if right.is_interval and left.name in datetime and additive:
            return left.with_nullable(nullable)  # <DATETIME> +- <INTERVAL>
        if left.is_interval and right.name == left.name and additive:
            return least_restrictive_type(left, right).with_nullable(nullable)
        if left.is_interval and right.name in datetime and op_is(node, exp.Add):
            return right.with_nullable(nullable)  # <DATETIME_INTERVAL> + <DATETIME>
        if left.is_interval and right.is_numeric and op_is(node, exp.Mul, exp.Div):
            return left.with_nullable(nullable)
        if left.is_numeric and right.is_interval and op_is(node, exp.Mul):
            return right.with_nullable(nullable)
        result = numeric_result(type(node), BINARY_OPERATORS[type(node)][0], left, right)
        modulo = builtin_rules.modulo_type([left, right]) if op_is(node, exp.Mod) else None
        return (modulo or result).with_nullable(nullable)  # ``%`` is MOD in Calcite

    def _cast(self, node: exp.Cast, safe: bool) -> DataType:
        value = node.meta.get("datetime")
        if value is not None:
            return _datetime_type(node.meta["keyword"], value)
        if isinstance(node.this, exp.Literal) and node.this.is_string and _is_typed_literal(node):
            return _typed_literal_type(node.to.sql().upper(), node.this.this)
        source = self.type_of(node.this)
        return cast_target(node.to).with_nullable(True if safe else source.nullable)

    def _function(self, node: exp.Anonymous) -> DataType:
        name = node.name.upper()
        if name in ("TIMESTAMPADD", "TIMESTAMPDIFF") and len(node.expressions) == 3:
            unit, *operands = node.expressions  # the unit is a time unit, no column
            types = [self.type_of(a) for a in operands]
            return builtin_rules.timestamp_add_type(name, unit.name, types)
        if name == "IF":
            return self._if(list(node.expressions))
        args = [self.type_of(a) for a in node.expressions]
        lookup = _user_functions.get()
        qualified = lookup(node.name) if lookup is not None else None
        if qualified is not None:
            # Flink instantiates the class to learn its result type; the dashboard has no JVM.
            raise unknown_function_type(qualified)
        arguments = [(t, _is_literal(a)) for t, a in zip(args, node.expressions, strict=True)]
        # Flink's record of its built-in functions types every call (data/functions_oracle.json);
        # a call by a path (db.f) names a catalog function, never a built-in one
        recorded = builtins.call_type(name, arguments) if "." not in name else None
        if recorded is None:
            families = ", ".join(operand_family(a) for a in args)
            called = node.name.split(".")[-1]  # Flink names the function, not its path
            raise ValidationError(f"No match found for function signature {called}({families})")
        return recorded


def _is_literal(node: exp.Expression) -> bool:
    """A number or character literal, signed or not (a call may need one where a column of
    the same type is refused)."""
    node = _strip(node)
    if isinstance(node, exp.Neg):
        node = _strip(node.this)
    return isinstance(node, exp.Literal)


def op_is(node: exp.Expression, *kinds: type) -> bool:
    return type(node) in kinds


# Calcite's own collection spec (``BIGINT ARRAY``, as Flink writes an implicit cast), not
# Flink's ``ARRAY<BIGINT>``.
_POSTFIX_COLLECTION = re.compile(r"\b(ARRAY|MULTISET)\s*$", re.IGNORECASE)


def _spec_members(data_type: DataType) -> DataType:
    """A collection of Calcite's spec: its elements NOT NULL, as Calcite derives them
    (``COALESCE(CAST(a AS BIGINT ARRAY), ...)`` is ``ARRAY<BIGINT NOT NULL>``;
    golden views_collection_casts)."""
    if data_type.name not in ("ARRAY", "MULTISET"):
        return data_type
    (element,) = data_type.children
    return replace(data_type, children=(_spec_members(element).with_nullable(False),))


def cast_target(to: exp.DataType) -> DataType:
    """The type a CAST gives. Flink keeps every interval as one of its two SQL interval types
    (the types of interval literals): CAST(x AS INTERVAL DAY) is INTERVAL SECOND(3), and
    INTERVAL DAY while Calcite validates."""
    written = _cast_type_for_parser(to)
    words = written.split(None, 1)
    qualifier = None
    if words[0].upper() == "INTERVAL" and len(words) == 2:
        try:
            qualifier = literals.read_qualifier(words[1])
        except ValueError:
            qualifier = None
    if qualifier is None:
        parsed = parse_type(written, ddl=False)
        return _spec_members(parsed) if _POSTFIX_COLLECTION.search(written) else parsed
    # Calcite's qualifier (also SECOND(3, 2), MINUTE(4) TO SECOND, which Flink's type syntax
    # lacks): Flink converts a day-time one to its INTERVAL SECOND(3) unless the leading
    # precision exceeds 3 (FlinkTypeFactory.toLogicalType)
    leading = qualifier.start_precision or 2
    if not qualifier.year_month and leading > 3:
        raise ValidationError(f"DAY_INTERVAL_TYPES precision is not supported: {leading}")
    return _interval_type(qualifier)


def _unsigned(value: exp.Expression) -> exp.Expression:
    return _strip(value.this) if isinstance(value, exp.Neg) else value


def is_interval_literal(node: exp.Interval) -> bool:
    """``INTERVAL '1' DAY`` (signed or not), not ``INTERVAL qty DAY`` of an expression."""
    return isinstance(_unsigned(_strip(node.this)), exp.Literal)


def interval_unit(node: exp.Interval) -> str:
    """The unit of an interval of one unit, as Flink writes it (``DAYS`` is ``DAY``)."""
    unit = node.unit.name.upper() if node.unit else ""
    return unit[:-1] if unit.endswith("S") and unit != "S" else unit


def _interval_type(qualifier: literals.IntervalQualifier) -> DataType:
    """The type of an interval of ``qualifier``: INTERVAL MONTH or INTERVAL SECOND(3) in Flink,
    the qualifier's own in Calcite's messages."""
    name = "INTERVAL MONTH" if qualifier.year_month else "INTERVAL SECOND(3)"
    return T(name).with_interval_qualifier(qualifier)


def _interval_literal_type(node: exp.Interval) -> DataType:
    qualifier = node.meta.get("qualifier")
    if qualifier is None:
        unit = node.unit
        first = unit.this if isinstance(unit, exp.IntervalSpan) else unit
        start = literals.singular_unit(first.name) if first is not None else "SECOND"
        qualifier = literals.IntervalQualifier(start)
    return _interval_type(qualifier).with_nullable(False)


def _typed_literal_type(keyword: str, text: str) -> DataType:
    """DATE '...', TIME '...', TIMESTAMP '...': the precision is the literal's own digits."""
    fraction = text.split(".", 1)[1] if "." in text else ""
    if keyword == "DATE":
        return T("DATE NOT NULL")
    return T(f"{keyword}({len(fraction.strip())}) NOT NULL")


def _datetime_type(keyword: str, value: literals.DateTime) -> DataType:
    """A DATE/TIME/TIMESTAMP literal's type: its precision is its fractional digits (at most
    3 for TIME, 9 for the timestamps)."""
    if value.keyword == "DATE":
        return T("DATE NOT NULL")
    if value.keyword == "TIME":
        return T(f"TIME({min(value.fraction_digits, 3)}) NOT NULL")
    name = "TIMESTAMP_LTZ" if keyword == "TIMESTAMP_WITH_LOCAL_TIME_ZONE" else "TIMESTAMP"
    return T(f"{name}({min(value.fraction_digits, 9)}) NOT NULL")


def literal_type(node: exp.Literal) -> DataType:
    """A numeric or character literal's type, refused where Calcite refuses its value."""
    text = node.this
    if node.is_string:
        return T(f"CHAR({literals.char_length(text)}) NOT NULL")
    try:
        derived = numeric_of(node).type_text(checked=not in_filter_condition(node))
    except ValidationError:  # out of range: a BIGINT until its check, where that is deferred
        if not DEFER_RANGE_CHECKS.get():
            raise
        derived = "BIGINT"
    return T(f"{derived} NOT NULL")


def _is_chain(node: exp.Expression) -> bool:
    """Whether ``node`` is a chain of names (``p.r.h``), not an expression read by field."""
    while isinstance(node, exp.Dot):
        node = node.this
    return isinstance(node, exp.Column)


def _message_text(node: exp.Expression) -> str:
    """An operand as Calcite names it in a message (``orders.day_str``)."""
    text = node.meta.get("flink_text") if node.meta else None
    if text:
        return text.replace("`", "")
    return node.sql()
