"""Flink logical data types: parsed from DDL text, normalized, printed the way Flink prints them.

A :class:`DataType` is what Flink 2.3 stores for a column after ``CREATE TABLE``: aliases are
resolved (``STRING`` is ``VARCHAR(2147483647)``, ``INTEGER`` is ``INT``, ``TIMESTAMP WITH LOCAL
TIME ZONE`` is ``TIMESTAMP_LTZ``), default lengths and precisions are filled in, and ROW field
comments are gone (Flink's DDL drops them: ``ROW<a INT 'c'>`` shows as ``ROW<`a` INT>``).

Two printed forms, as Flink's ``LogicalType`` has them:

* :meth:`DataType.serializable` -- ``asSerializableString()``, used by ``SHOW CREATE TABLE``:
  ``VARCHAR(2147483647)``, ``TIMESTAMP(3) WITH LOCAL TIME ZONE``, ``ROW<`a` INT NOT NULL>``;
* :meth:`DataType.summary` -- ``asSummaryString()``, used by ``DESCRIBE``: ``STRING``, ``BYTES``,
  ``TIMESTAMP_LTZ(3)``; ``DESCRIBE`` prints the top-level nullability in its own column, see
  :meth:`DataType.summary_without_nullability`.

Both carry the top-level ``NOT NULL`` of a type that is not nullable, and nested ones always.

What Flink's DDL (``CREATE TABLE t (c <type>)``) does, as recorded from Flink 2.3.0 in
``tests/goldens/types_oracle.json`` (``tests/record_types_oracle.py`` re-records it):

* precisions above the maximum are silently lowered: ``TIME(9)`` is ``TIME(3)``, ``TIMESTAMP(10)``
  and ``TIMESTAMP_LTZ(10)`` are precision 9, ``DECIMAL(39, 0)`` is ``DECIMAL(38, 0)``;
* zero lengths are accepted (``VARCHAR(0)``, ``CHAR(0)``, ``BINARY(0)``, ``VARBINARY(0)``) and
  ``DESCRIBE`` shows them, but ``SHOW CREATE TABLE`` then fails with "Zero-length character
  strings have no serializable string representation." (binary: "Zero-length binary strings
  ..."), which :meth:`DataType.serializable` raises too;
* rejected while parsing (:class:`~.errors.SqlParseError`): INTERVAL types and the NULL type
  ("Incorrect syntax near the keyword 'INTERVAL' at line 1, column 19."), ``TIMESTAMP WITH TIME
  ZONE`` (``Encountered "TIME"``), ``FLOAT(5)``, ``INT(5)``, ``STRING(3)`` (``Encountered "("``),
  a collection suffix inside ``ARRAY<...>`` / ``MULTISET<...>`` (``ARRAY<INT ARRAY>``:
  ``Encountered "ARRAY"``; it is allowed in MAP and ROW members); lengths above 2147483647 are
  a parse error in Flink too ("SQL parse failed. Literal '2147483648' can not be parsed to type
  'java.lang.Integer'", no position) but are raised here, at once, as a ValidationError with
  the root message, as the project's golden tests classify it;
* rejected afterwards (:class:`~.errors.ValidationError`): "Unknown identifier 'FOO'",
  "Type is not supported: REAL" (also ``ANY`` and ``TIME WITH LOCAL TIME ZONE``:
  "Type is not supported: TIME_WITH_LOCAL_TIME_ZONE"), "Decimal precision must be between 1 and
  38 (both inclusive).", "Decimal scale must be between 0 and the precision 5 (both
  inclusive).", "Field names must be unique. Found duplicates: [a, b]";
* ``RAW('class', 'snapshot')`` is parsed but its snapshot is not checked (Flink restores it and
  says "Unable to restore the RAW type of class 'C' with serializer snapshot 'S'." if it cannot).

INTERVAL and NULL types cannot be declared in DDL but Flink's type system has them (a view over
``SELECT INTERVAL '1' DAY`` has a column of type ``INTERVAL SECOND(3)``); ``parse_type(text,
ddl=False)`` reads them in the syntax of Flink's ``LogicalTypeParser``.

In expressions (``CAST(x AS STRING)``) Flink keeps the type as written: ``SHOW CREATE TABLE``
prints a computed column ``c AS CAST(x AS STRING)`` as ``AS CAST(`x` AS STRING)``; that text is
the expression layer's business, not this module's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from sqlglot.tokens import Token, TokenType

from .errors import FlinkSqlError, SqlParseError, ValidationError
from .keywords import is_reserved
from .literals import IntervalQualifier
from .quoting import quote_identifier, quote_string
from .tokens import TokenStream

MAX_LENGTH = 2147483647  # the length of STRING and BYTES, and the largest integer parameter
MAX_DECIMAL_PRECISION = 38
MAX_TIME_PRECISION = 3  # Flink's DDL lowers TIME(p > 3) to TIME(3)
MAX_TIMESTAMP_PRECISION = 9

# Root names of DataType.name.
CHAR = "CHAR"
VARCHAR = "VARCHAR"
BOOLEAN = "BOOLEAN"
BINARY = "BINARY"
VARBINARY = "VARBINARY"
DECIMAL = "DECIMAL"
TINYINT = "TINYINT"
SMALLINT = "SMALLINT"
INT = "INT"
BIGINT = "BIGINT"
FLOAT = "FLOAT"
DOUBLE = "DOUBLE"
DATE = "DATE"
TIME = "TIME"
TIMESTAMP = "TIMESTAMP"
TIMESTAMP_LTZ = "TIMESTAMP_LTZ"
INTERVAL_YEAR_MONTH = "INTERVAL_YEAR_MONTH"
INTERVAL_DAY_TIME = "INTERVAL_DAY_TIME"
ARRAY = "ARRAY"
MULTISET = "MULTISET"
MAP = "MAP"
ROW = "ROW"
RAW = "RAW"
VARIANT = "VARIANT"
BITMAP = "BITMAP"
NULL = "NULL"
# The date and time type roots (Calcite's DATETIME family).
DATETIME_TYPES = frozenset((DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ))

_PARAMETERLESS = {BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, VARIANT, BITMAP}
_INTEGERS = (TINYINT, SMALLINT, INT, BIGINT)
_NUMERIC = (*_INTEGERS, DECIMAL, FLOAT, DOUBLE)

# Interval resolutions (Flink's YearMonthResolution / DayTimeResolution) and their printed forms;
# {p} is the year or day precision, {f} the fractional precision of seconds.
_INTERVAL_FORMATS = {
    "YEAR": "INTERVAL YEAR({p})",
    "YEAR_TO_MONTH": "INTERVAL YEAR({p}) TO MONTH",
    "MONTH": "INTERVAL MONTH",
    "DAY": "INTERVAL DAY({p})",
    "DAY_TO_HOUR": "INTERVAL DAY({p}) TO HOUR",
    "DAY_TO_MINUTE": "INTERVAL DAY({p}) TO MINUTE",
    "DAY_TO_SECOND": "INTERVAL DAY({p}) TO SECOND({f})",
    "HOUR": "INTERVAL HOUR",
    "HOUR_TO_MINUTE": "INTERVAL HOUR TO MINUTE",
    "HOUR_TO_SECOND": "INTERVAL HOUR TO SECOND({f})",
    "MINUTE": "INTERVAL MINUTE",
    "MINUTE_TO_SECOND": "INTERVAL MINUTE TO SECOND({f})",
    "SECOND": "INTERVAL SECOND({f})",
}
_YEAR_MONTH_RESOLUTIONS = ("YEAR", "YEAR_TO_MONTH", "MONTH")
DEFAULT_YEAR_PRECISION = 2
DEFAULT_DAY_PRECISION = 2
DEFAULT_FRACTIONAL_PRECISION = 6

TIME_ATTRIBUTES = ("ROWTIME", "PROCTIME")


@dataclass(frozen=True)
class DataType:
    """One Flink logical type: a root ``name``, its ``params``, nullability and member types.

    ``params`` by root: CHAR/VARCHAR/BINARY/VARBINARY ``(length,)``; DECIMAL ``(precision,
    scale)``; TIME/TIMESTAMP/TIMESTAMP_LTZ ``(precision,)``; RAW ``(class name, serializer
    snapshot)``; INTERVAL_YEAR_MONTH ``(resolution, year precision)``; INTERVAL_DAY_TIME
    ``(resolution, day precision, fractional precision)``; others ``()``. ``children`` are the
    element type of ARRAY/MULTISET, the key and value types of MAP, the field types of ROW (whose
    names are ``field_names``). ``time_attribute`` ("ROWTIME" or "PROCTIME", TIMESTAMP and
    TIMESTAMP_LTZ only) is printed by :meth:`summary` as Flink's DESCRIBE does (``TIMESTAMP(3)
    *ROWTIME*``) and not at all by :meth:`serializable`. ``interval_qualifier`` is the SQL
    interval type Calcite gives an interval expression while it validates (``INTERVAL '1' DAY``
    is ``INTERVAL DAY`` there, INTERVAL SECOND(3) once Flink has it): its messages name it; it
    plays no part in comparing types, and None means what Calcite makes of Flink's logical type
    (``INTERVAL DAY TO SECOND``, ``INTERVAL YEAR TO MONTH``).
    """

    name: str
    params: tuple[int | str, ...] = ()
    nullable: bool = True
    children: tuple[DataType, ...] = ()
    field_names: tuple[str, ...] = ()
    time_attribute: str | None = None
    interval_qualifier: IntervalQualifier | None = field(default=None, compare=False)

    # -- construction ---------------------------------------------------------------------------
    def with_nullable(self, nullable: bool) -> DataType:
        return self if self.nullable == nullable else replace(self, nullable=nullable)

    def with_time_attribute(self, kind: str | None) -> DataType:
        if kind is not None and (kind not in TIME_ATTRIBUTES or not self.is_timestamp):
            raise ValueError(f"{kind} is not a time attribute of {self.summary()}")
        return replace(self, time_attribute=kind)

    def plain(self) -> DataType:
        """This type, nullability and time attribute aside (nullable, no attribute): what two
        types are compared by where only their kind and precision count."""
        return self.with_nullable(True).with_time_attribute(None)

    def with_interval_qualifier(self, qualifier: IntervalQualifier | None) -> DataType:
        return replace(self, interval_qualifier=qualifier if self.is_interval else None)

    # -- predicates and parts -------------------------------------------------------------------
    @property
    def is_string(self) -> bool:
        """CHAR or VARCHAR (STRING)."""
        return self.name in (CHAR, VARCHAR)

    @property
    def is_binary(self) -> bool:
        """BINARY or VARBINARY (BYTES)."""
        return self.name in (BINARY, VARBINARY)

    @property
    def is_integer(self) -> bool:
        return self.name in _INTEGERS

    @property
    def is_numeric(self) -> bool:
        return self.name in _NUMERIC

    @property
    def is_timestamp(self) -> bool:
        """TIMESTAMP or TIMESTAMP_LTZ: the types a rowtime attribute may have."""
        return self.name in (TIMESTAMP, TIMESTAMP_LTZ)

    @property
    def is_interval(self) -> bool:
        return self.name in (INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME)

    @property
    def is_collection(self) -> bool:
        return self.name in (ARRAY, MULTISET, MAP)

    @property
    def is_row(self) -> bool:
        return self.name == ROW

    @property
    def contains_nullable(self) -> bool:
        """Nullable, or a ROW with a field that contains a nullable (Calcite's
        ``containsNullable``: what makes a comparison of rows nullable)."""
        return self.nullable or (self.is_row and any(c.contains_nullable for c in self.children))

    @property
    def length(self) -> int | None:
        """The length of CHAR, VARCHAR, BINARY and VARBINARY."""
        if self.is_string or self.is_binary:
            return int(self.params[0])
        return None

    @property
    def precision(self) -> int | None:
        """The precision of DECIMAL, TIME, TIMESTAMP, TIMESTAMP_LTZ; the year/day precision of an
        INTERVAL."""
        if self.name in (DECIMAL, TIME, TIMESTAMP, TIMESTAMP_LTZ):
            return int(self.params[0])
        if self.is_interval:
            return int(self.params[1])
        return None

    @property
    def scale(self) -> int | None:
        """The scale of DECIMAL."""
        return int(self.params[1]) if self.name == DECIMAL else None

    @property
    def element_type(self) -> DataType | None:
        """The element type of ARRAY and MULTISET."""
        return self.children[0] if self.name in (ARRAY, MULTISET) else None

    @property
    def key_type(self) -> DataType | None:
        return self.children[0] if self.name == MAP else None

    @property
    def value_type(self) -> DataType | None:
        return self.children[1] if self.name == MAP else None

    @property
    def fields(self) -> tuple[tuple[str, DataType], ...]:
        """``(name, type)`` of each field of a ROW."""
        return tuple(zip(self.field_names, self.children, strict=True))

    # -- printing -------------------------------------------------------------------------------
    def serializable(self) -> str:
        """Flink's ``asSerializableString()``: the form of ``SHOW CREATE TABLE``."""
        return self._render(summary=False)

    def summary(self) -> str:
        """Flink's ``asSummaryString()``: the form of ``DESCRIBE``, with top-level NOT NULL."""
        return self._render(summary=True)

    def summary_without_nullability(self) -> str:
        """The ``type`` column of ``DESCRIBE``: the summary of the nullable type."""
        return self.with_nullable(True).summary()

    def __str__(self) -> str:
        return self.summary()

    def _render(self, summary: bool) -> str:
        text = self._body(summary)
        if not self.nullable:
            text += " NOT NULL"
        if summary and self.time_attribute:
            text += f" *{self.time_attribute}*"
        return text

    def _body(self, summary: bool) -> str:
        name, params = self.name, self.params
        if name in (CHAR, VARCHAR, BINARY, VARBINARY):
            length = int(params[0])
            if length == 0 and not summary:
                kind = "character" if name in (CHAR, VARCHAR) else "binary"
                raise ValidationError(
                    f"Zero-length {kind} strings have no serializable string representation."
                )
            if summary and length == MAX_LENGTH and name == VARCHAR:
                return "STRING"
            if summary and length == MAX_LENGTH and name == VARBINARY:
                return "BYTES"
            return f"{name}({length})"
        if name == DECIMAL:
            return f"DECIMAL({params[0]}, {params[1]})"
        if name in (TIME, TIMESTAMP):
            return f"{name}({params[0]})"
        if name == TIMESTAMP_LTZ:
            if summary:
                return f"TIMESTAMP_LTZ({params[0]})"
            return f"TIMESTAMP({params[0]}) WITH LOCAL TIME ZONE"
        if name in (ARRAY, MULTISET):
            return f"{name}<{self.children[0]._render(summary)}>"
        if name == MAP:
            key, value = self.children
            return f"MAP<{key._render(summary)}, {value._render(summary)}>"
        if name == ROW:
            fields = ", ".join(
                f"{quote_identifier(n)} {t._render(summary)}" for n, t in self.fields
            )
            return f"ROW<{fields}>"
        if name == RAW:
            snapshot = "..." if summary else str(params[1])
            return f"RAW({quote_string(str(params[0]))}, {quote_string(snapshot)})"
        if name in (INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME):
            resolution = str(params[0])
            fractional = params[2] if name == INTERVAL_DAY_TIME else 0
            return _INTERVAL_FORMATS[resolution].format(p=params[1], f=fractional)
        return name


# -- constructors -----------------------------------------------------------------------------
def atomic(name: str, *params: int | str, nullable: bool = True) -> DataType:
    """An atomic type from its root name and parameters, e.g. ``atomic(DECIMAL, 10, 2)``."""
    return DataType(name, tuple(params), nullable)


def string_type(nullable: bool = True) -> DataType:
    return DataType(VARCHAR, (MAX_LENGTH,), nullable)


def bytes_type(nullable: bool = True) -> DataType:
    return DataType(VARBINARY, (MAX_LENGTH,), nullable)


def array_of(element: DataType, nullable: bool = True) -> DataType:
    return DataType(ARRAY, (), nullable, (element,))


def multiset_of(element: DataType, nullable: bool = True) -> DataType:
    return DataType(MULTISET, (), nullable, (element,))


def map_of(key: DataType, value: DataType, nullable: bool = True) -> DataType:
    return DataType(MAP, (), nullable, (key, value))


def row_of(fields: Iterable[tuple[str, DataType]], nullable: bool = True) -> DataType:
    pairs = list(fields)
    return DataType(ROW, (), nullable, tuple(t for _, t in pairs), tuple(n for n, _ in pairs))


# -- parsing ----------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def parse_type(text: str, *, ddl: bool = True) -> DataType:
    """The type that is the whole of ``text``, as Flink's DDL reads it.

    Raises :class:`SqlParseError` or :class:`ValidationError` with Flink's message. With
    ``ddl=False`` INTERVAL types and the NULL type are read too (Flink's ``LogicalTypeParser``
    syntax, in which ``serializable()`` of such types is written). Types are immutable, so
    the answers for the same text are cached (stored catalogs repeat a few types a lot).
    """
    stream = TokenStream(text, statement=False)
    problems: list[FlinkSqlError] = []
    result = parse_type_from(stream, ddl=ddl, problems=problems)
    stream.expect_end()
    if problems:
        raise problems[0]
    return result


def parse_type_from(
    stream: TokenStream, *, ddl: bool = True, problems: list[FlinkSqlError] | None = None
) -> DataType:
    """Parse the type at the stream's position, with its ``NOT NULL`` / ``NULL``.

    Stops before whatever follows the type in a column definition (``COMMENT``, ``METADATA``,
    ``PRIMARY KEY``, ``,``, ``)``). Syntax errors are raised at once. Flink reports validation
    errors (unknown type names, bad DECIMAL parameters, duplicate ROW fields, unsupported types)
    only after the whole statement parsed: pass a ``problems`` list to receive them there, in
    Flink's order, and raise the first one once the statement is parsed; without it they are
    raised when the type ends. With problems the returned type may be a placeholder.
    """
    found: list[tuple[int, FlinkSqlError]] = []
    result = _TypeParser(stream, ddl, found).type_with_suffixes(allow_suffix=True)
    # Calcite resolves type names (unknown identifiers) before Flink converts the type.
    ordered = [error for _, error in sorted(found, key=lambda item: item[0])]
    if problems is None:
        if ordered:
            raise ordered[0]
    else:
        problems.extend(ordered)
    return result


# Words Flink rejects as a ROW field name ("Incorrect syntax near the keyword 'X'") besides the
# reserved keywords; recorded from Flink 2.3.0 (ROW<MAP INT>, ROW<KEY INT>, ... are accepted).
_NOT_FIELD_NAME_WORDS = """
ARRAY BIGINT BINARY BITMAP BOOLEAN BYTES CHAR CHARACTER COMMENT CONSTRAINT DATE DAY DEC DECIMAL
DOUBLE FLOAT HOUR INT INTEGER INTERVAL LOCAL MINUTE MONTH MULTISET NOT NULL NUMERIC PRECISION
PRIMARY RAW REAL ROW SECOND SMALLINT STRING STRUCTURED TIME TIMESTAMP TIMESTAMP_LTZ TINYINT TO
UNIQUE VALUE VARBINARY VARCHAR VARIANT VARYING WITH WITHOUT YEAR ANY
"""
_NOT_FIELD_NAMES = frozenset(_NOT_FIELD_NAME_WORDS.split())
# Keywords that cannot start a type in DDL ("Incorrect syntax near the keyword 'X'").
_NOT_TYPE_STARTS = frozenset(
    {"ARRAY", "MULTISET", "RAW", "STRUCTURED", "VALUE", "INTERVAL", "NULL"}
)

_VALIDATE_NAMES = 0  # Calcite's type-name resolution comes first ...
_VALIDATE_TYPES = 1  # ... then Flink's conversion to logical types, innermost first


class _TypeParser:
    def __init__(self, stream: TokenStream, ddl: bool, found: list[tuple[int, FlinkSqlError]]):
        self.s = stream
        self.ddl = ddl
        self.found = found

    # -- helpers ------------------------------------------------------------------------------
    def words_at(self, *words: str) -> int:
        """How many tokens spell ``words`` here (0 if they do not); sqlglot joins some phrases
        (``DOUBLE PRECISION``, ``CHARACTER VARYING``) into one token."""
        i = offset = 0
        while i < len(words):
            tok = self.s.peek(offset)
            if not self.s.is_word(tok):
                return 0
            assert tok is not None
            parts = tuple(tok.text.upper().split())
            if parts != words[i : i + len(parts)]:
                return 0
            i += len(parts)
            offset += 1
        return offset

    def accept(self, *words: str) -> bool:
        count = self.words_at(*words)
        self.s.pos += count
        return count > 0

    def expect(self, *words: str) -> None:
        for word in words:
            if not self.accept(word):
                raise self.s.unexpected()

    def keyword_error(self, tok: Token) -> SqlParseError:
        # Calcite names the keyword only when it is written in upper case.
        if tok.text != tok.text.upper():
            return self.s.unexpected()
        line, column = self.s.position(tok)
        return SqlParseError(f"Incorrect syntax near the keyword '{tok.text}'", line, column)

    def integer(self) -> int:
        tok = self.s.peek()
        if tok is None or tok.token_type != TokenType.NUMBER or not tok.text.isdigit():
            raise self.s.unexpected()
        self.s.pos += 1
        value = int(tok.text)
        if value > MAX_LENGTH:
            raise ValidationError(
                f"Literal '{tok.text}' can not be parsed to type 'java.lang.Integer'"
            )
        return value

    def optional_integer(self, default: int) -> int:
        if not self.s.accept(TokenType.L_PAREN):
            return default
        value = self.integer()
        self.s.expect(TokenType.R_PAREN)
        return value

    def problem(self, phase: int, message: str) -> None:
        self.found.append((phase, ValidationError(message)))

    # -- grammar ------------------------------------------------------------------------------
    def type_with_suffixes(self, allow_suffix: bool) -> DataType:
        """type [NOT NULL | NULL] { (ARRAY | MULTISET) [NOT NULL | NULL] }"""
        result = self.nullability(self.base_type())
        while allow_suffix and self.s.is_word(self.s.peek()):
            if self.accept("ARRAY"):
                result = self.nullability(array_of(result))
            elif self.accept("MULTISET"):
                result = self.nullability(multiset_of(result))
            else:
                break
        return result

    def nullability(self, result: DataType) -> DataType:
        if self.accept("NOT"):
            self.expect("NULL")
            return result.with_nullable(False)
        self.accept("NULL")
        return result

    def base_type(self) -> DataType:
        s = self.s
        tok = s.peek()
        if tok is None:
            raise s.error_at_end()
        if tok.token_type == TokenType.IDENTIFIER:
            return self.user_defined_type()
        if not s.is_word(tok):
            raise s.unexpected()

        if self.accept("CHARACTER", "VARYING") or self.accept("CHAR", "VARYING"):
            return DataType(VARCHAR, (self.optional_integer(MAX_LENGTH),))
        if self.accept("VARCHAR"):
            return DataType(VARCHAR, (self.optional_integer(MAX_LENGTH),))
        if self.accept("CHARACTER") or self.accept("CHAR"):
            return DataType(CHAR, (self.optional_integer(1),))
        if self.accept("STRING"):
            return string_type()
        if self.accept("BINARY", "VARYING") or self.accept("VARBINARY"):
            return DataType(VARBINARY, (self.optional_integer(MAX_LENGTH),))
        if self.accept("BINARY"):
            return DataType(BINARY, (self.optional_integer(1),))
        if self.accept("BYTES"):
            return bytes_type()
        if self.accept("DOUBLE", "PRECISION") or self.accept("DOUBLE"):
            return DataType(DOUBLE)
        if self.accept("INTEGER") or self.accept("INT"):
            return DataType(INT)
        for name in (BOOLEAN, TINYINT, SMALLINT, BIGINT, FLOAT, DATE, VARIANT, BITMAP):
            if self.accept(name):
                return DataType(name)
        if self.accept("DECIMAL") or self.accept("DEC") or self.accept("NUMERIC"):
            return self.decimal()
        if self.accept("TIMESTAMP_LTZ"):
            precision = self.optional_integer(6)
            return DataType(TIMESTAMP_LTZ, (min(precision, MAX_TIMESTAMP_PRECISION),))
        if self.accept("TIMESTAMP"):
            return self.timestamp()
        if self.accept("TIME"):
            return self.time()
        if self.accept("REAL"):
            self.problem(_VALIDATE_TYPES, "Type is not supported: REAL")
            return DataType(FLOAT)
        if self.accept("ANY"):
            self.problem(_VALIDATE_TYPES, "Type is not supported: ANY")
            return DataType(NULL)
        if self.words_at("ARRAY") and self.next_is(TokenType.LT):
            self.accept("ARRAY")
            return array_of(self.element_type())
        if self.words_at("MULTISET") and self.next_is(TokenType.LT):
            self.accept("MULTISET")
            return multiset_of(self.element_type())
        if self.words_at("MAP") and self.next_is(TokenType.LT):
            self.accept("MAP")
            return self.map_type()
        if self.accept("ROW"):
            return self.row_type()
        if self.words_at("RAW") and self.next_is(TokenType.L_PAREN):
            self.accept("RAW")
            return self.raw_type()
        if not self.ddl and self.accept("INTERVAL"):
            return self.interval_type()
        if not self.ddl and self.accept("NULL"):
            return DataType(NULL)
        word = tok.text.upper()
        if word in _NOT_TYPE_STARTS or is_reserved(word):
            raise self.keyword_error(tok)
        return self.user_defined_type()

    def next_is(self, token_type: TokenType) -> bool:
        nxt = self.s.peek(1)
        return nxt is not None and nxt.token_type == token_type

    def element_type(self) -> DataType:
        """``<type>`` of ARRAY and MULTISET; Flink allows no ARRAY/MULTISET suffix in there."""
        self.s.expect(TokenType.LT)
        result = self.type_with_suffixes(allow_suffix=False)
        self.s.expect(TokenType.GT)
        return result

    def user_defined_type(self) -> DataType:
        """A type name Flink looks up (and does not find: user-defined types are not supported)."""
        name = ".".join(self.s.compound_identifier())
        self.problem(_VALIDATE_NAMES, f"Unknown identifier '{name}'")
        return DataType(NULL)

    def decimal(self) -> DataType:
        precision, scale = 10, 0
        if self.s.accept(TokenType.L_PAREN):
            precision = self.integer()
            if self.s.accept(TokenType.COMMA):
                scale = self.integer()
            self.s.expect(TokenType.R_PAREN)
        precision = min(precision, MAX_DECIMAL_PRECISION)
        if precision < 1:
            self.problem(
                _VALIDATE_TYPES,
                f"Decimal precision must be between 1 and {MAX_DECIMAL_PRECISION} "
                "(both inclusive).",
            )
        elif scale > precision:
            self.problem(
                _VALIDATE_TYPES,
                f"Decimal scale must be between 0 and the precision {precision} (both inclusive).",
            )
        return DataType(DECIMAL, (precision, scale))

    def timestamp(self) -> DataType:
        precision = min(self.optional_integer(6), MAX_TIMESTAMP_PRECISION)
        if self.accept("WITHOUT"):
            self.expect("TIME", "ZONE")
        elif self.accept("WITH"):
            self.expect("LOCAL", "TIME", "ZONE")
            return DataType(TIMESTAMP_LTZ, (precision,))
        return DataType(TIMESTAMP, (precision,))

    def time(self) -> DataType:
        precision = min(self.optional_integer(0), MAX_TIME_PRECISION)
        if self.accept("WITHOUT"):
            self.expect("TIME", "ZONE")
        elif self.accept("WITH"):
            self.expect("LOCAL", "TIME", "ZONE")
            self.problem(_VALIDATE_TYPES, "Type is not supported: TIME_WITH_LOCAL_TIME_ZONE")
        return DataType(TIME, (precision,))

    def map_type(self) -> DataType:
        self.s.expect(TokenType.LT)
        key = self.type_with_suffixes(allow_suffix=True)
        self.s.expect(TokenType.COMMA)
        value = self.type_with_suffixes(allow_suffix=True)
        self.s.expect(TokenType.GT)
        return map_of(key, value)

    def row_type(self) -> DataType:
        s = self.s
        if s.accept(TokenType.NEQ):  # ROW<>: sqlglot reads "<>" as one token
            return row_of([])
        if s.accept(TokenType.LT):
            close = TokenType.GT
        elif s.accept(TokenType.L_PAREN):
            close = TokenType.R_PAREN
        else:
            raise s.unexpected()
        fields: list[tuple[str, DataType]] = []
        if not s.accept(close):
            while True:
                name = self.field_name()
                field_type = self.type_with_suffixes(allow_suffix=True)
                if s.at_type(TokenType.STRING):
                    s.string()  # the field's comment: Flink's DDL drops it
                fields.append((name, field_type))
                if s.accept(close):
                    break
                s.expect(TokenType.COMMA)
        names = [n for n, _ in fields]
        duplicates = [n for i, n in enumerate(names) if n in names[:i]]
        if duplicates:
            unique = list(dict.fromkeys(duplicates))
            self.problem(
                _VALIDATE_TYPES,
                f"Field names must be unique. Found duplicates: [{', '.join(unique)}]",
            )
        return row_of(fields)

    def field_name(self) -> str:
        tok = self.s.peek()
        if self.s.is_word(tok):
            assert tok is not None
            word = tok.text.upper()
            if word in _NOT_FIELD_NAMES or is_reserved(word):
                raise self.keyword_error(tok)
        return self.s.identifier()

    def raw_type(self) -> DataType:
        s = self.s
        s.expect(TokenType.L_PAREN)
        class_name = s.string()
        s.expect(TokenType.COMMA)
        snapshot = s.string()
        s.expect(TokenType.R_PAREN)
        return DataType(RAW, (class_name, snapshot))

    def interval_type(self) -> DataType:
        """Flink's LogicalTypeParser syntax: INTERVAL YEAR[(p)] [TO MONTH] | INTERVAL MONTH |
        INTERVAL DAY[(p)] [TO HOUR|MINUTE|SECOND[(f)]] | INTERVAL HOUR [TO MINUTE|SECOND[(f)]]
        | INTERVAL MINUTE [TO SECOND[(f)]] | INTERVAL SECOND[(f)]."""
        if self.accept("YEAR"):
            p = self.optional_integer(DEFAULT_YEAR_PRECISION)
            if self.accept("TO"):
                self.expect("MONTH")
                return self.year_month("YEAR_TO_MONTH", p)
            return self.year_month("YEAR", p)
        if self.accept("MONTH"):
            return self.year_month("MONTH", DEFAULT_YEAR_PRECISION)
        p = DEFAULT_DAY_PRECISION
        f = DEFAULT_FRACTIONAL_PRECISION
        if self.accept("DAY"):
            start = "DAY"
            p = self.optional_integer(DEFAULT_DAY_PRECISION)
            ends = ("HOUR", "MINUTE", "SECOND")
        elif self.accept("HOUR"):
            start, ends = "HOUR", ("MINUTE", "SECOND")
        elif self.accept("MINUTE"):
            start, ends = "MINUTE", ("SECOND",)
        elif self.accept("SECOND"):
            f = self.optional_integer(DEFAULT_FRACTIONAL_PRECISION)
            return self.day_time("SECOND", p, f)
        else:
            raise self.s.unexpected()
        resolution = start
        if self.accept("TO"):
            end = next((e for e in ends if self.accept(e)), None)
            if end is None:
                raise self.s.unexpected()
            if end == "SECOND":
                f = self.optional_integer(DEFAULT_FRACTIONAL_PRECISION)
            resolution = f"{start}_TO_{end}"
        return self.day_time(resolution, p, f)

    def year_month(self, resolution: str, precision: int) -> DataType:
        if not 1 <= precision <= 4:
            self.problem(
                _VALIDATE_TYPES,
                "Year precision of year-month intervals must be between 1 and 4 (both inclusive).",
            )
        return DataType(INTERVAL_YEAR_MONTH, (resolution, precision))

    def day_time(self, resolution: str, precision: int, fractional: int) -> DataType:
        if not 1 <= precision <= 6:
            self.problem(
                _VALIDATE_TYPES,
                "Day precision of day-time intervals must be between 1 and 6 (both inclusive).",
            )
        elif not 0 <= fractional <= 9:
            self.problem(
                _VALIDATE_TYPES,
                "Fractional precision of day-time intervals must be between 0 and 9 (both "
                "inclusive).",
            )
        return DataType(INTERVAL_DAY_TIME, (resolution, precision, fractional))


__all__ = [
    "DataType",
    "array_of",
    "atomic",
    "bytes_type",
    "map_of",
    "multiset_of",
    "parse_type",
    "parse_type_from",
    "row_of",
    "string_type",
]
