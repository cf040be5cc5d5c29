"""Errors raised by the Flink SQL language layer and the executor."""

from __future__ import annotations


class FlinkSqlError(Exception):
    """A statement failed; ``message`` is the text a user sees (Flink's own where Flink has one).

    ``code`` says what kind of failure it is, for doors that map failures to HTTP statuses.
    """

    code = "invalid"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SqlParseError(FlinkSqlError):
    """The text is not a statement of the Flink SQL dialect."""

    code = "parse"

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        if line is not None:
            message = f"SQL parse failed. {message} at line {line}, column {column}."
        else:
            message = f"SQL parse failed. {message}"
        super().__init__(message)
        self.line = line
        self.column = column


class PositionedParseError(SqlParseError):
    """A parse error raised inside the expression parser, which knows only the ``offset`` of
    the token it names in the text it parses; a caller that parsed part of a statement places
    it in the whole (:meth:`placed`)."""

    def __init__(self, what: str, offset: int) -> None:
        super().__init__(what)
        self.what = what
        self.offset = offset

    def placed(self, line: int, column: int) -> SqlParseError:
        return SqlParseError(self.what, line, column)


# Flink's refusal of arguments its type inference does not take (COALESCE of no common type,
# PERCENTILE out of range, an array's element of another type, ...)
INVALID_INPUT_ARGUMENTS = "Invalid input arguments."
# Calcite's refusal of a NULL literal that nothing gives a type to.
ILLEGAL_NULL = "Illegal use of 'NULL'"
# Flink's parser refuses != in any expression (a view's query, a computed column's)
BANG_EQUAL = "Bang equal '!=' is not allowed under the current SQL conformance level"


_JAVACC_ESCAPES = {
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
    '"': '\\"',
    "'": "\\'",
    "\\": "\\\\",
}


def utf16_units(text: str) -> list[int]:
    """The UTF-16 code units of ``text``, which Java's strings are made of (an emoji is two)."""
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


def line_and_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of the character at ``offset`` of ``text``, as Flink's parser
    counts them: a column in UTF-16 units."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, len(utf16_units(text[line_start:offset])) + 1


def token_image(text: str) -> str:
    """A token's text as Flink's parser shows it in ``Encountered "..."``: JavaCC's
    ``add_escapes`` (``'it''s'`` is shown ``\\'it\\'\\'s\\'``, a line break ``\\n``, a
    character outside printable ASCII ``\\u00e9``, a UTF-16 unit at a time)."""
    out = []
    for ch in text:
        if ch in _JAVACC_ESCAPES:
            out.append(_JAVACC_ESCAPES[ch])
        elif ch == "\0":
            continue
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.extend(f"\\u{unit:04x}" for unit in utf16_units(ch))
    return "".join(out)


def illegal_query() -> SqlParseError:
    """Calcite's parser where a query stands in a place that takes none (an argument of a
    SQL/JSON function, an ARRAY constructor's element, PARTITION BY, a MEASURES item)."""
    return SqlParseError("Query expression encountered in illegal context")


class ValidationError(FlinkSqlError):
    """The statement is well formed but breaks a rule of Flink or of the dashboard.

    ``range`` is the part of the statement it is about, where Calcite names one (first and
    last line and column, inclusive): a statement's answer puts it before the message, as
    Flink's context exception does (:func:`statement_message`); ``message`` stays the root
    cause's text, which marks and reports that are about no statement keep."""

    def __init__(
        self, message: str, range: tuple[tuple[int, int], tuple[int, int]] | None = None
    ) -> None:
        super().__init__(message)
        self.range = range


def statement_message(error: FlinkSqlError) -> str:
    """What a statement that raised ``error`` answers: Flink's message, with the range
    Calcite puts before it (``From line 1, column 26 to line 1, column 30: ...``) if any."""
    found = getattr(error, "range", None)
    if found is None:
        return error.message
    (line, column), (end_line, end_column) = found
    return (
        f"From line {line}, column {column} to line {end_line}, column {end_column}: "
        f"{error.message}"
    )


class PositionedValidationError(ValidationError):
    """A refusal Calcite's parser words ``<what>; at line L, column C``: ``offset`` is where in
    the parsed text, so a caller that parsed part of a statement can say where in the whole."""

    def __init__(self, what: str, offset: int, line: int, column: int) -> None:
        super().__init__(f"{what}; at line {line}, column {column}")
        self.what = what
        self.offset = offset

    def placed(self, line: int, column: int) -> ValidationError:
        return ValidationError(f"{self.what}; at line {line}, column {column}")


class ParserActionError(ValidationError):
    """A refusal Calcite's parser makes as it reads a token in its place (an ``X'...'`` of
    other characters than hexits), so in the order of the text, before any error after it."""


class AlreadyExists(ValidationError):
    """An object of that name exists already."""

    code = "conflict"


class Forbidden(FlinkSqlError):
    """The user may not run this statement (role, or Use permission on an artifact)."""

    code = "forbidden"


def unknown_function_type(identifier: object) -> ValidationError:
    """A view calls a user-defined function whose result type the dashboard cannot know.

    Flink instantiates the function's class to learn it, and says ``Cannot instantiate
    user-defined function`` when it cannot; the dashboard has no JVM to load the class. Its
    explanation follows on a line of its own (the comparisons with Flink's messages stop at
    the first tab-indented line, where a Java stack trace would start).
    """
    return ValidationError(
        f"Cannot instantiate user-defined function '{identifier}'.\n\tThe dashboard cannot "
        "load the function's class to learn its result type (it runs no JVM): declare the "
        "function's result type to call it in a view."
    )
