"""Quoting of names and strings, as Flink writes them."""

from __future__ import annotations


def quote_identifier(name: str) -> str:
    """`name`, with backticks inside doubled."""
    return "`" + name.replace("`", "``") + "`"


def quote_string(value: str) -> str:
    """'value', with single quotes inside doubled."""
    return "'" + value.replace("'", "''") + "'"


def quote_in_comment(name: str) -> str:
    """`name` quoted for a ``--`` comment line: as an identifier, and with every character that
    could end the line (or hide in it) written as ``\\uXXXX``, so no name can start a statement."""
    return "".join(
        f"\\u{ord(ch):04x}" if ch < " " or ch in "\x7f\x85\u2028\u2029" else ch
        for ch in quote_identifier(name)
    )
