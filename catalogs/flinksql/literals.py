"""Literals as Calcite's parser reads them and as its writer spells them back.

One definition of each rule Flink's parser (Calcite's ``SqlLiteral``, ``SqlParserUtil``) applies
to a literal: an exact numeric keeps every digit written for its precision (``0.5`` is
DECIMAL(2, 1)) and is written as Java's ``BigDecimal.toString`` (``007`` as ``7``); an
approximate numeric is written in Calcite's scientific notation (``10e1`` as ``1.0E2``); a
minus applied to a numeric literal is folded into it; a character string without a character
set is written ``u&'\\00c4'`` when it holds a character outside printable ASCII, one with a
character set ``_UTF16'ä'``; DATE/TIME/TIMESTAMP literals are checked against Flink's formats and
written in them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from .errors import ParserActionError, ValidationError, utf16_units

_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


# -- numeric literals --------------------------------------------------------------------


@dataclass(frozen=True)
class Numeric:
    """A numeric literal as Calcite's ``SqlNumericLiteral`` holds it."""

    value: Decimal
    precision: int
    scale: int
    exact: bool

    def negated(self) -> Numeric:
        value = -self.value
        if value == 0:
            value = value.copy_abs()  # Java's BigDecimal has no negative zero
        return Numeric(value, self.precision, self.scale, self.exact)

    @property
    def text(self) -> str:
        """The literal as Calcite writes it."""
        if self.exact:
            return format(self.value, "f")  # Java's BigDecimal.toPlainString
        return _scientific(self.value)

    def type_text(self, checked: bool = True) -> str:
        """The type Flink derives (without nullability); refuses an unscaled value outside
        BIGINT as Calcite's validator does where it ``checked`` the literal (everywhere but in
        an aggregate's FILTER condition: there the value is a DECIMAL of its digits)."""
        if not self.exact:
            return "DOUBLE"
        sign, digits, exponent = self.value.as_tuple()
        unscaled = int("".join(map(str, digits)) or "0") * (-1 if sign else 1)
        if isinstance(exponent, int) and exponent > 0:
            unscaled *= 10**exponent
        if not _LONG_MIN <= unscaled <= _LONG_MAX:
            if not checked:
                return f"DECIMAL({self.precision}, {self.scale})"
            # The message shows Java's BigDecimal.toString, which Python's str() matches.
            raise ValidationError(f"Numeric literal '{self.value}' out of range")
        if self.scale == 0:
            return "INT" if _INT_MIN <= self.value <= _INT_MAX else "BIGINT"
        return f"DECIMAL({self.precision}, {self.scale})"


def read_number(text: str) -> Numeric:
    """A numeric literal from its source text (``007``, ``.25``, ``1.``, ``1.5E-3``)."""
    if "e" in text.lower():
        value = Decimal(text)
        return Numeric(value, 0, 0, exact=False)
    dot = text.find(".")
    if dot < 0:
        return Numeric(Decimal(text), len(text), 0, exact=True)
    if dot == len(text) - 1:
        return Numeric(Decimal(text[:-1]), len(text) - 1, 0, exact=True)
    return Numeric(Decimal(text), len(text) - 1, len(text) - dot - 1, exact=True)


def read_decimal_string(text: str) -> Numeric:
    """``DECIMAL '...'``: the string read as a number, then as the literal Java writes it."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise ValidationError(f"Literal '{text}' can not be parsed to type 'DECIMAL'") from None
    if not value.is_finite():
        raise ValidationError(f"Literal '{text}' can not be parsed to type 'DECIMAL'")
    # Calcite reads the text Java writes for the value, its sign counted among the digits.
    return read_number(format(value, "f"))


def _scientific(value: Decimal) -> str:
    """Calcite's ``Util.toScientificNotation`` of an approximate literal's value."""
    sign, digits, exponent = value.as_tuple()
    unscaled = "".join(map(str, digits)) or "0"
    scale = -exponent if isinstance(exponent, int) else 0
    e = len(unscaled) - scale - 1
    if scale == 0:
        unscaled = unscaled.rstrip("0") or "0"
    text = ("-" if sign else "") + unscaled[0]
    if len(unscaled) > 1:
        text += "." + unscaled[1:]
    return f"{text}E{e}"


# -- character strings -------------------------------------------------------------------

# Calcite's SqlUtil.translateCharacterSetName: the character sets a literal may name.
CHARACTER_SETS = frozenset(
    "BIG5 LATIN1 UTF8 UTF16 UTF-16 GB2312 GBK UTF-16BE UTF-16LE ISO-8859-1 UTF-8".split()
)
CHARSET_PREFIX = re.compile(r"_([A-Za-z0-9][A-Za-z0-9:.\-_]*)'")


def check_charset(name: str) -> str:
    """The character set of a ``_NAME'...'`` literal, in upper case, or Flink's refusal."""
    upper = name.upper()
    if upper not in CHARACTER_SETS:
        raise ValidationError(f"Unknown character set '{upper}'")
    return upper


def unescape_unicode(text: str, escape: str = "\\") -> str:
    """The value of ``U&'...'`` (Calcite's ``SqlLiteral.unescapeUnicode``): the escape
    character followed by four hexits is that UTF-16 unit, doubled it is itself."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c != escape:
            out.append(c)
            i += 1
            continue
        if i + 1 < n and text[i + 1] == escape:
            out.append(escape)
            i += 2
            continue
        hexits = text[i + 1 : i + 5]
        if i + 4 >= n or not re.fullmatch(r"[+-]?[0-9A-Fa-f]+", hexits) or len(hexits) != 4:
            raise ValidationError(
                f"Unicode escape sequence starting at character {i} is not exactly four hex digits"
            )
        out.append(chr(int(hexits, 16) & 0xFFFF))
        i += 5
    return _join_surrogates("".join(out))


def respell_strings(
    text: str, charset: str | None, unquoted: Callable[[str], str] | None = None
) -> str:
    """``text`` (an expression as the writer spells it) with each ``u&'...'`` literal spelled
    with its characters as they are: ``_UTF16'ä'`` (``charset`` UTF16), how ``SHOW CREATE
    TABLE`` writes a watermark's expression where ``DESCRIBE`` keeps ``u&'\\00e4'``; or
    ``'ä'`` (no ``charset``), which Flink reads back as ``u&'\\00e4'`` (it reads
    ``u&'\\00e4'`` itself as ``_UTF16'ä'``). Names in backquotes and other strings are left
    alone; ``unquoted`` rewrites each run of text between them."""
    prefix = f"_{charset}" if charset is not None else ""
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        text_run = "".join(run)
        out.append(unquoted(text_run) if unquoted is not None else text_run)
        run.clear()

    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "`'":
            end = _quoted_end(text, i, c)
            flush()
            out.append(text[i:end])
            i = end
        elif text.startswith("u&'", i) and not _in_word(text, i):
            end = _quoted_end(text, i + 2, "'")
            value = unescape_unicode(text[i + 3 : end - 1].replace("''", "'"))
            flush()
            out.append(prefix + "'" + value.replace("'", "''") + "'")
            i = end
        else:
            run.append(c)
            i += 1
    flush()
    return "".join(out)


def _in_word(text: str, i: int) -> bool:
    return i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")


def _quoted_end(text: str, start: int, quote: str) -> int:
    """The index after the quoted text starting at ``start`` (a doubled quote is one)."""
    i = start + 1
    while i < len(text):
        if text[i] == quote:
            if text.startswith(quote * 2, i):
                i += 2
                continue
            return i + 1
        i += 1
    return len(text)


def _join_surrogates(text: str) -> str:
    return text.encode("utf-16", "surrogatepass").decode("utf-16")


def char_length(value: str) -> int:
    """The length of a string as Java counts it (UTF-16 units)."""
    return len(value.encode("utf-16-le", "surrogatepass")) // 2


def _is_plain(c: str) -> bool:
    return c == "\n" or c == "\r" or 32 <= ord(c) < 128


def quote_string_literal(value: str, charset: str | None) -> str:
    """A character string literal as Calcite's dialect writes it: ``_CHARSET'...'`` when it
    names a character set, ``u&'...'`` with ``\\xxxx`` escapes when it holds a character
    outside printable ASCII, ``'...'`` otherwise (quotes doubled, line breaks as ``\\n``)."""
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    if charset is None and not all(_is_plain(c) for c in value):
        out = ["u&'"]
        for code in utf16_units(value):
            c = chr(code)
            if code < 32 and c != "\n" or code >= 128:
                out.append(f"\\{code:04x}")
            elif c in "'\\":
                out.append(c * 2)
            else:
                out.append(c)
        out.append("'")
        return "".join(out)
    prefix = f"_{charset}" if charset is not None else ""
    return prefix + "'" + value.replace("'", "''") + "'"


# -- binary strings ----------------------------------------------------------------------


def check_hexits(hexits: str) -> None:
    """Calcite's checks of an ``X'...'`` literal's digits, which its parser makes where it
    reads the literal."""
    if not re.fullmatch(r"[0-9A-Fa-f]*", hexits):
        raise ParserActionError(
            "Binary literal string must contain only characters '0' - '9', 'A' - 'F'"
        )
    if len(hexits) % 2:
        raise ParserActionError("Binary literal string must contain an even number of hexits")


# -- date and time literals --------------------------------------------------------------

_DATE = r"(\d{1,4})-(\d{1,2})-(\d{1,2})"
_TIME = r"(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d*))?"
_FORMATS = {
    "DATE": ("yyyy-MM-dd", re.compile(_DATE)),
    "TIME": ("HH:mm:ss", re.compile(_TIME)),
    "TIMESTAMP": ("yyyy-MM-dd HH:mm:ss", re.compile(_DATE + " " + _TIME)),
}
_TIMESTAMP_DATE_ONLY = re.compile(_DATE)


@dataclass(frozen=True)
class DateTime:
    """A DATE, TIME or TIMESTAMP literal: its keyword, its text as written back, its
    fractional digits."""

    keyword: str
    text: str
    fraction_digits: int


def read_datetime(keyword: str, text: str, local_zone: bool = False) -> DateTime:
    """A DATE/TIME/TIMESTAMP literal checked against Flink's format, its text normalised as
    Calcite writes it (``DATE '2024-1-5'`` as ``DATE '2024-01-05'``)."""
    pattern, regex = _FORMATS[keyword]
    label = "TIMESTAMP" if keyword == "TIMESTAMP" else keyword
    if local_zone:
        label = "TIMESTAMP WITH LOCAL TIME ZONE"
    illegal = ValidationError(f"Illegal {label} literal '{text}': not in format '{pattern}'")
    stripped = text.strip()
    match = regex.fullmatch(stripped)
    if match is None and keyword == "TIMESTAMP" and _TIMESTAMP_DATE_ONLY.fullmatch(stripped):
        match = regex.fullmatch(stripped + " 00:00:00")
    if match is None:
        raise illegal
    parts = match.groups()
    written = []
    if keyword in ("DATE", "TIMESTAMP"):
        year, month, day = (int(p) for p in parts[:3])
        try:
            date(year, month, day)
        except ValueError:
            raise illegal from None
        written.append(f"{year:04d}-{month:02d}-{day:02d}")
        parts = parts[3:]
    fraction = ""
    if keyword in ("TIME", "TIMESTAMP"):
        hour, minute, second = (int(p) for p in parts[:3])
        if hour > 23 or minute > 59 or second > 59:
            raise illegal
        fraction = parts[3] or ""
        clock = f"{hour:02d}:{minute:02d}:{second:02d}"
        if fraction:
            clock += "." + fraction
        written.append(clock)
    return DateTime(keyword, " ".join(written), len(fraction))


# -- interval literals -------------------------------------------------------------------

_UNIT_ORDER = ("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND")
_FRACTION = r"(?:\.(\d{1,9}))?"
_INTERVAL_FORMATS = {
    ("YEAR", None): r"(\d+)",
    ("QUARTER", None): r"(\d+)",
    ("MONTH", None): r"(\d+)",
    ("WEEK", None): r"(\d+)",
    ("YEAR", "MONTH"): r"(\d+)-(\d{1,2})",
    ("DAY", None): r"(\d+)",
    ("DAY", "HOUR"): r"(\d+) (\d{1,2})",
    ("DAY", "MINUTE"): r"(\d+) (\d{1,2}):(\d{1,2})",
    ("DAY", "SECOND"): r"(\d+) (\d{1,2}):(\d{1,2}):(\d{1,2})" + _FRACTION,
    ("HOUR", None): r"(\d+)",
    ("HOUR", "MINUTE"): r"(\d+):(\d{1,2})",
    ("HOUR", "SECOND"): r"(\d+):(\d{1,2}):(\d{1,2})" + _FRACTION,
    ("MINUTE", None): r"(\d+)",
    ("MINUTE", "SECOND"): r"(\d+):(\d{1,2})" + _FRACTION,
    ("SECOND", None): r"(\d+)" + _FRACTION,
}
# The largest value of each field after the leading one.
_FIELD_LIMITS = {"MONTH": 11, "HOUR": 23, "MINUTE": 59, "SECOND": 59}


@dataclass(frozen=True)
class IntervalQualifier:
    """``DAY(3) TO SECOND(1)``: the units of an interval literal and the precisions written."""

    start: str
    end: str | None = None
    start_precision: int | None = None
    fraction_precision: int | None = None

    @property
    def text(self) -> str:
        start = self.start
        if self.end is None and self.start == "SECOND" and self.fraction_precision is not None:
            return f"SECOND({self.start_precision or 2}, {self.fraction_precision})"
        if self.start_precision is not None:
            start += f"({self.start_precision})"
        if self.end is None:
            return start
        end = self.end
        if self.end == "SECOND" and self.fraction_precision is not None:
            end += f"({self.fraction_precision})"
        return f"{start} TO {end}"

    @property
    def year_month(self) -> bool:
        return self.start in ("YEAR", "QUARTER", "MONTH")

    def combined(self, other: IntervalQualifier) -> IntervalQualifier:
        """Calcite's common interval type of two of one kind (``IntervalSqlType.combine``):
        from the earlier start unit to the later end unit, the start precision of the earlier
        start (the larger of equal starts), the larger fractional precision; a precision left
        unwritten stays unwritten unless the other's is the larger."""
        mine, theirs = _UNIT_ORDER.index(self.start), _UNIT_ORDER.index(other.start)
        start, precision = self.start, self.start_precision
        end = self.end
        if mine > theirs:
            start, end, precision = other.start, self.end or self.start, other.start_precision
        elif mine == theirs:
            precision = _larger_precision(self.start_precision, other.start_precision, 2)
        elif end is None or _UNIT_ORDER.index(end) < theirs:
            end = other.start
        if other.end is not None and (
            end is None or _UNIT_ORDER.index(end) < _UNIT_ORDER.index(other.end)
        ):
            end = other.end
        fraction = _larger_precision(self.fraction_precision, other.fraction_precision, 6)
        if end == start:
            end = None
        return IntervalQualifier(start, end, precision, fraction)


def _larger_precision(a: int | None, b: int | None, default: int) -> int | None:
    """The larger of two precisions, None (unwritten, ``default``) where the larger is."""
    first, second = default if a is None else a, default if b is None else b
    if first != second:
        return a if first > second else b
    return None if a is None and b is None else first


_QUALIFIER_END = r"([A-Z]+)(?:\((\d+)(?:,\s*(\d+))?\))?"


def read_qualifier(text: str) -> IntervalQualifier:
    """The qualifier of an interval type as written after ``INTERVAL``: ``DAY(3) TO SECOND(1)``,
    ``SECOND(2, 1)``, ``YEAR``."""
    match = re.fullmatch(rf"{_QUALIFIER_END}(?:\s+TO\s+{_QUALIFIER_END})?", text.strip().upper())
    if match is None:
        raise ValueError(f"not an interval qualifier: {text}")
    start, leading, fraction, end, end_fraction = match.groups()[:5]
    return IntervalQualifier(
        singular_unit(start),
        singular_unit(end) if end else None,
        int(leading) if leading else None,
        int(end_fraction) if end_fraction else int(fraction) if fraction else None,
    )


def singular_unit(name: str) -> str:
    upper = name.upper()
    return upper[:-1] if upper.endswith("S") and upper[:-1] in _UNIT_ORDER else upper


def check_interval(value: str, qualifier: IntervalQualifier) -> None:
    """Calcite's checks of an interval literal's string against its qualifier."""
    written = f"INTERVAL {qualifier.text}"
    illegal = ValidationError(f"Illegal interval literal format '{value}' for {written}")
    regex = _INTERVAL_FORMATS.get((qualifier.start, qualifier.end))
    if regex is None:
        raise illegal
    text = value.strip()
    if text[:1] in "+-":
        text = text[1:]
    match = re.fullmatch(regex, text)
    if match is None:
        raise illegal
    fields = [g for g in match.groups()]
    leading = int(fields[0])
    precision = qualifier.start_precision or 2
    if leading >= 10**precision:
        raise ValidationError(
            f"Interval field value {leading:,} exceeds precision of "
            f"{qualifier.start}({precision}) field"
        )
    units = _UNIT_ORDER[_UNIT_ORDER.index(qualifier.start) + 1 :]
    later = [u for u in units if u not in ("QUARTER", "WEEK")]
    if qualifier.end is not None:
        later = later[: later.index(qualifier.end) + 1]
        for unit, field in zip(later, fields[1:], strict=False):
            if field is not None and int(field) > _FIELD_LIMITS[unit]:
                raise illegal
