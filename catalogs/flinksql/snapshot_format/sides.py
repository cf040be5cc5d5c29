"""A snapshot document read one array at a time: whole, or streamed from its bytes.

Reading a 279 MB document with ``json.loads`` makes several GB of Python objects. A
:class:`Streamed` side reads the document's bytes again for each pass and parses one array's
entries at a time (``ijson``, its C parser), so what is held is one entry, not the document:
the snapshot page, the diff and whatever else reads a stored snapshot walk its arrays this way.
A :class:`Whole` side answers the same questions of a document already parsed (a file, a test),
so that every rule that reads a snapshot is written once, for sides.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import IO, Any, Protocol

import ijson

from .document import Document
from .reading import SnapshotInvalid

# the kind of a value by the first event ijson's basic parser gives of it
_EVENT_KINDS = {
    "start_map": "object",
    "start_array": "array",
    "string": "string",
    "number": "number",
    "integer": "number",
    "double": "number",
    "boolean": "boolean",
    "null": "null",
}


def _first_line(exc: Exception) -> str:
    """The first line of a parser's message (yajl's are bytes, with a picture of the place)."""
    text = exc.args[0] if exc.args else str(exc)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return str(text).strip().split("\n", 1)[0].rstrip(".")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return {dict: "object", list: "array", str: "string"}.get(type(value), "null")


# the top-level values of a snapshot that are not arrays (scalars and the catalog's options)
HEAD = (
    "version",
    "snapshotId",
    "catalogName",
    "databaseName",
    "flinkVersion",
    "createdAt",
    "catalogComment",
    "catalogOptions",
)


class Side(Protocol):
    """A snapshot document as passes over its arrays."""

    def head(self) -> dict[str, Any]:
        """The document's values of :data:`HEAD` (those it has)."""

    def entries(self, key: str) -> Generator[Any, None, None]:
        """A fresh pass over the entries of the top-level array ``key`` (none when absent); a
        pass closed early stops reading."""

    def kinds(self) -> dict[str, str] | str:
        """The JSON kind ("object", "array", "string", "number", "boolean", "null") of each
        top-level value, or the document's own kind when it is not an object."""


class Whole:
    """A document already parsed."""

    def __init__(self, document: Document) -> None:
        self.document = document

    def head(self) -> dict[str, Any]:
        return {key: self.document[key] for key in HEAD if key in self.document}

    def entries(self, key: str) -> Generator[Any, None, None]:
        value = self.document.get(key)
        yield from value if isinstance(value, list) else []

    def kinds(self) -> dict[str, str] | str:
        if not isinstance(self.document, dict):
            return _kind(self.document)
        return {key: _kind(value) for key, value in self.document.items()}


class Streamed:
    """A document's bytes, opened anew for each pass by ``open`` (a binary file object: a
    gzip stream of a stored snapshot, a file). Numbers are read as ``json.loads`` reads them
    (floats, not decimals), so that entries compare as the whole document's would."""

    def __init__(self, open: Callable[[], IO[bytes]]) -> None:
        self._open = open
        self._head: dict[str, Any] | None = None

    def head(self) -> dict[str, Any]:
        if self._head is None:
            self._head = {}
            for key in HEAD:  # each read stops at its value: the head opens the document
                items = self._items(key)
                try:
                    self._head[key] = next(items)
                except StopIteration:
                    pass
                finally:
                    items.close()
        return self._head

    def entries(self, key: str) -> Generator[Any, None, None]:
        return self._items(f"{key}.item")

    def kinds(self) -> dict[str, str] | str:
        """One pass over every event of the document; :class:`SnapshotInvalid` if it is not
        JSON (UTF-8), so that the passes after it read a document known to be well formed."""
        kinds: dict[str, str] = {}
        depth, key = 0, None
        try:
            with self._open() as stream:
                for event, value in ijson.basic_parse(stream, use_float=True):
                    if depth == 0 and event not in ("start_map", "start_array"):
                        return _EVENT_KINDS[event]
                    if depth == 1 and key is not None:
                        kinds[key], key = _EVENT_KINDS[event], None
                    if depth == 1 and event == "map_key":
                        key = value
                    if event in ("start_map", "start_array"):
                        if depth == 0 and event == "start_array":
                            return "array"
                        depth += 1
                    elif event in ("end_map", "end_array"):
                        depth -= 1
        except (ijson.JSONError, UnicodeDecodeError) as exc:
            message = _first_line(exc)
            if message.endswith("integer overflow"):  # the C parser's bound, said so
                message = "an integer beyond 64 bits (from -2**63 + 1 to 2**63 - 1 are read)"
            raise SnapshotInvalid([f"Not valid JSON: {message}."]) from None
        return kinds

    def _items(self, prefix: str) -> Generator[Any, None, None]:
        with self._open() as stream:
            yield from ijson.items(stream, prefix, use_float=True)
