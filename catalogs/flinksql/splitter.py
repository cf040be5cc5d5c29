"""Split a script into statements the way Flink's SQL client does.

Semicolons inside 'strings' (also C-style E'strings', where a backslash escapes a quote),
`identifiers`, -- line comments and /* block comments */ do not end a statement. Comments
before a statement are not part of its text.
"""

from __future__ import annotations


def split_statements(script: str) -> list[str]:
    """The statements of ``script``, stripped, without their terminating semicolons."""
    statements: list[str] = []
    start = None  # index of the first character of the current statement
    i, n = 0, len(script)
    while i < n:
        ch = script[i]
        if ch == "-" and script.startswith("--", i):
            end = script.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if ch == "/" and script.startswith("/*", i):
            end = script.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if ch == ";":
            if start is not None:
                statements.append(script[start:i].strip())
                start = None
            i += 1
            continue
        if not ch.isspace() and start is None:
            start = i
        if ch in "eE" and script.startswith("'", i + 1) and not _in_word(script, i):
            i = _skip_quoted(script, i + 1, "'", backslash=True)
            continue
        if ch in "'`":
            i = _skip_quoted(script, i, ch)
            continue
        i += 1
    if start is not None and script[start:].strip():
        statements.append(script[start:].strip())
    return statements


def _in_word(script: str, i: int) -> bool:
    """Whether ``script[i]`` continues a name (``name'x'`` is no C-style string)."""
    return i > 0 and (script[i - 1].isalnum() or script[i - 1] in "_$")


def _skip_quoted(script: str, i: int, quote: str, backslash: bool = False) -> int:
    """Index just past the quoted text starting at ``i``; a doubled quote is an escaped one,
    and with ``backslash`` any character after a backslash."""
    i += 1
    n = len(script)
    while i < n:
        if backslash and script[i] == "\\":
            i += 2
            continue
        if script[i] == quote:
            if i + 1 < n and script[i + 1] == quote:
                i += 2
                continue
            return i + 1
        i += 1
    return n


def located_statements(script: str) -> list[tuple[str, int, int]]:
    """Each statement of ``script`` (as :func:`split_statements` gives it) with the line and
    column of the script where it starts, counted from 1."""
    found, position = [], 0
    for text in split_statements(script):
        start = script.find(text, position)
        position = start + len(text)
        line_start = script.rfind("\n", 0, start) + 1
        found.append((text, script.count("\n", 0, start) + 1, start - line_start + 1))
    return found
