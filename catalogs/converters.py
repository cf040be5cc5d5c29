"""URL segments for Flink object names, which may hold any character, '/' included."""

from __future__ import annotations

from urllib.parse import unquote

from config import limits


class NameConverter:
    """Escapes '%' and '/' so that any name fits in one path segment and comes back intact.

    ``reverse()`` percent-encodes what this returns once more, and the server decodes the path
    once before matching, so ``to_python`` sees exactly what ``to_url`` produced.
    """

    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        name = unquote(value)
        if "\x00" in name:
            raise ValueError("no name holds NUL")  # no match: 404 (PostgreSQL refuses NUL)
        return name

    def to_url(self, value: str) -> str:
        return value.replace("%", "%25").replace("/", "%2F")


class IdConverter:
    """A database id: ASCII digits within the databases' 64-bit integers. Django's ``int``
    converter takes any number of digits, which SQLite cannot compare (a server error)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = limits.parse_id(value)
        if number is None:
            raise ValueError(f"{value} is past the largest id")
        return number

    def to_url(self, value: int) -> str:
        return str(value)
