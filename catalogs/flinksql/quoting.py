"""Quoting of names and strings, as Flink writes them."""

from __future__ import annotations


def quote_identifier(name: str) -> str:
    """`name`, with backticks inside doubled."""
    return "`" + name.replace("`", "``") + "`"


def quote_string(value: str) -> str:
    """'value', with single quotes inside doubled."""
    return "'" + value.replace("'", "''") + "'"
