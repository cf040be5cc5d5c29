"""URL segments for Flink object names, which may hold any character, '/' included."""

from __future__ import annotations

from urllib.parse import unquote


class NameConverter:
    """Escapes '%' and '/' so that any name fits in one path segment and comes back intact.

    ``reverse()`` percent-encodes what this returns once more, and the server decodes the path
    once before matching, so ``to_python`` sees exactly what ``to_url`` produced.
    """

    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        return unquote(value)

    def to_url(self, value: str) -> str:
        return value.replace("%", "%25").replace("/", "%2F")
