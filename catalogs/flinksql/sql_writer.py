"""Calcite's SQL writer for scalar expressions.

``unparse`` writes a parsed, not yet validated, expression in Calcite's spelling: identifiers
in backticks, functions Flink's parser knows in upper case, other functions quoted as written,
one space around binary operators, and Calcite's own spelling of a few constructs
(``TRIM(BOTH ' ' FROM x)``, ``BETWEEN ASYMMETRIC``); a literal as written. A computed column's
or watermark's expression is written so to be read again as a view's select item
(:mod:`.views.computed`), which validates, types and writes it as Flink keeps it. A view's
validated expressions are written by :mod:`.views.writer`, which builds on ``_Writer``.
"""

from __future__ import annotations

import re

from sqlglot import exp
from sqlglot.tokens import TokenType

from . import literals
from .catalog import quote_identifier
from .dialect import UnaryPlus
from .errors import ValidationError
from .json_syntax import JsonFunction
from .precedence import ATOM, BINARY_OPERATORS, PREFIX_CONTEXT, operator_sides, precedence
from .precedence import strip as _strip
from .type_spec import FIELD_NAME, token_roles

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
        parts = ["CASE"]  # a simple CASE is parsed as the searched CASE Calcite makes of it
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

    stream = TokenStream(_cast_type_text(to), statement=False)
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


def interval_unit(node: exp.Interval) -> str:
    """The unit of an interval of one unit, as Flink writes it (``DAYS`` is ``DAY``)."""
    unit = node.unit.name.upper() if node.unit else ""
    return unit[:-1] if unit.endswith("S") and unit != "S" else unit
