"""A function's declared result type in a folder: a ``-- RETURNS <type>`` line before its
CREATE FUNCTION.

Flink's DDL has no clause for a function's result type: Flink loads the class to learn it. The
dashboard runs no JVM, so a view calling a user-defined function is typed from the type
declared on the function (snapshots carry it as ``returnType``). A folder carries it as the
clause other engines write (``RETURNS STRING``), as a line comment directly before the
statement::

    -- RETURNS VARCHAR(2147483647)
    CREATE FUNCTION `shop`.`sales`.`mask_email` AS 'com.example.MaskEmail' LANGUAGE JAVA;

so the file still runs in Flink as it is (the SQL client skips comments), and the folder reads
it back. The export writes the type in Flink's full name (``VARCHAR(2147483647)`` for
``STRING``), so exporting twice gives the same bytes; a hand-written folder may write any type
Flink parses.

The rule, in one place: a ``--`` comment that, stripped, begins with the word ``RETURNS`` in
capitals, between the end of the previous statement and a statement, declares that
statement's result type; the statement must then be a CREATE FUNCTION, with one such line at
most, and the rest of the line a Flink type. Any other comment is a comment.

The artifact a function's code comes from (an upload of the environment: a UDF jar, a Python
file; the dashboard links the function to it, Flink's DDL has no clause for it either) is an
``-- ARTIFACT '<name>' SHA256 '<hex>'`` line in the same place, under the same rule: the
artifact's name as a quoted string, then the sha256 of the file the function runs (the
artifact's latest version when exported). A hand-written folder may leave the ``SHA256`` part
out: then any content of the named artifact will do. Version numbers are not written: each
environment numbers its uploads itself, and the hash says which code it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..catalog import ObjectIdentifier, quote_string
from ..errors import FlinkSqlError
from ..snapshot_format.ddl import PlannedStatement
from ..splitter import split_statements
from ..types import parse_type

_RETURNS = re.compile(r"RETURNS(?:\s+(?P<type>.*))?$")
_ARTIFACT = re.compile(r"ARTIFACT(?:\s+(?P<rest>.*))?$")
_ARTIFACT_CLAUSE = re.compile(
    r"'(?P<name>(?:[^']|'')+)'(?:\s+SHA256\s+'(?P<sha256>[0-9a-f]{64})')?"
)


@dataclass(frozen=True)
class ArtifactPin:
    """The artifact a function's code comes from: its name, and the sha256 of its file
    (None: any)."""

    name: str
    sha256: str | None = None


def artifact_line(pin: ArtifactPin) -> str:
    """The line the export writes before a function's CREATE FUNCTION (after ``RETURNS``)."""
    digest = f" SHA256 '{pin.sha256}'" if pin.sha256 else ""
    return f"-- ARTIFACT {quote_string(pin.name)}{digest}\n"


def returns_line(type_text: str) -> str:
    """The line the export writes before a function's CREATE FUNCTION."""
    return f"-- RETURNS {type_text}\n"


def canonical_type(text: str) -> str:
    """Flink's full name of the type ``text``; :class:`FlinkSqlError` if it is none."""
    return parse_type(text).serializable()


def _line_comments(script: str, start: int, end: int) -> list[tuple[int, str]]:
    """The ``--`` comments of ``script[start:end]`` (only blanks, ``;`` and comments lie
    between two statements), each with its line and its text after ``--``."""
    found = []
    i = start
    while i < end:
        if script.startswith("--", i):
            stop = script.find("\n", i)
            stop = end if stop < 0 or stop > end else stop
            found.append((script.count("\n", 0, i) + 1, script[i + 2 : stop]))
            i = stop
        elif script.startswith("/*", i):
            stop = script.find("*/", i + 2)
            i = end if stop < 0 else stop + 2
        else:
            i += 1
    return found


Lines = list[tuple[int, str]]


def returns_lines(script: str) -> tuple[list[Lines], Lines]:
    """For each statement of ``script`` (as :func:`..splitter.split_statements` gives them),
    the ``RETURNS`` lines before it, each as (line, the type text); then those after the last
    statement, which declare nothing."""
    return _lines(script, _RETURNS)


def artifact_lines(script: str) -> tuple[list[Lines], Lines]:
    """As :func:`returns_lines`, for the ``ARTIFACT`` lines (the text after the word)."""
    return _lines(script, _ARTIFACT)


def _lines(script: str, pattern: re.Pattern[str]) -> tuple[list[Lines], Lines]:
    before: list[Lines] = []
    position = 0
    for text in split_statements(script):
        start = script.find(text, position)
        before.append(_matching(_line_comments(script, position, start), pattern))
        position = start + len(text)
    return before, _matching(_line_comments(script, position, len(script)), pattern)


def _matching(comments: Lines, pattern: re.Pattern[str]) -> Lines:
    found = []
    for line, text in comments:
        match = pattern.match(text.strip())
        if match is not None:
            found.append((line, (match.group(1) or "").strip()))
    return found


def declared_type(lines: list[tuple[int, str]], is_function: bool, where: str) -> str:
    """The canonical type the ``RETURNS`` ``lines`` before one statement declare; raises
    :class:`ValueError` with the message (``where`` is the file) when they cannot."""
    line, text = lines[0]
    if not is_function:
        raise ValueError(
            f"{where}:{line}: a '-- RETURNS <type>' line declares the result type of the "
            "CREATE FUNCTION right after it, and no CREATE FUNCTION follows."
        )
    if len(lines) > 1:
        raise ValueError(
            f"{where}:{lines[1][0]}: a second '-- RETURNS' line for one function (the first "
            f"is at line {line})."
        )
    try:
        return canonical_type(text)
    except FlinkSqlError as exc:
        raise ValueError(
            f"{where}:{line}: '-- RETURNS {text}' declares the function's result type, and "
            f"'{text}' is not a Flink type: {exc.message}"
        ) from None


def declared_artifact(lines: Lines, is_function: bool, where: str) -> ArtifactPin:
    """The artifact the ``ARTIFACT`` ``lines`` before one statement name; raises
    :class:`ValueError` with the message (``where`` is the file) when they cannot."""
    line, text = lines[0]
    if not is_function:
        raise ValueError(
            f"{where}:{line}: an '-- ARTIFACT' line names the artifact of the CREATE FUNCTION "
            "right after it, and no CREATE FUNCTION follows."
        )
    if len(lines) > 1:
        raise ValueError(
            f"{where}:{lines[1][0]}: a second '-- ARTIFACT' line for one function (the first "
            f"is at line {line})."
        )
    match = _ARTIFACT_CLAUSE.fullmatch(text)
    if match is None:
        raise ValueError(
            f"{where}:{line}: write the artifact as -- ARTIFACT '<name>' [SHA256 '<64 lower-case "
            f"hex digits>'], not '-- ARTIFACT {text}'."
        )
    return ArtifactPin(match.group("name").replace("''", "'"), match.group("sha256"))


@dataclass(frozen=True)
class Declaration:
    """A function's declared result type (None: none) and the artifact its code comes from
    (None: none), set by the dashboard after the statement ``after`` (the one creating the
    function) has run; before every statement when ``after`` is None (the function exists)."""

    function: ObjectIdentifier
    result_type: str | None
    after: PlannedStatement | None = None
    artifact: str | None = None

    @property
    def shown(self) -> str:
        """What a plan shows of it, in the folder's words."""
        declared = f"RETURNS {self.result_type}" if self.result_type else "no declared result type"
        if self.artifact is not None:
            declared += f", ARTIFACT {quote_string(self.artifact)}"
        when = "after its CREATE FUNCTION" if self.after else "before the statements"
        return f"{declared} (the dashboard declares it {when})"
