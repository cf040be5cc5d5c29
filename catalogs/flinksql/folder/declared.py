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
"""

from __future__ import annotations

import re

from ..errors import FlinkSqlError
from ..splitter import split_statements
from ..types import parse_type

_RETURNS = re.compile(r"RETURNS(?:\s+(?P<type>.*))?$")


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


def returns_lines(script: str) -> tuple[list[list[tuple[int, str]]], list[tuple[int, str]]]:
    """For each statement of ``script`` (as :func:`..splitter.split_statements` gives them),
    the ``RETURNS`` lines before it, each as (line, the type text); then those after the last
    statement, which declare nothing."""
    before: list[list[tuple[int, str]]] = []
    position = 0
    for text in split_statements(script):
        start = script.find(text, position)
        before.append(_returns(_line_comments(script, position, start)))
        position = start + len(text)
    return before, _returns(_line_comments(script, position, len(script)))


def _returns(comments: list[tuple[int, str]]) -> list[tuple[int, str]]:
    found = []
    for line, text in comments:
        match = _RETURNS.match(text.strip())
        if match is not None:
            found.append((line, (match.group("type") or "").strip()))
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
