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


class Whole:
    """A document already parsed."""

    def __init__(self, document: Document) -> None:
        self.document = document

    def head(self) -> dict[str, Any]:
        return {key: self.document[key] for key in HEAD if key in self.document}

    def entries(self, key: str) -> Generator[Any, None, None]:
        value = self.document.get(key)
        yield from value if isinstance(value, list) else []


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

    def _items(self, prefix: str) -> Generator[Any, None, None]:
        with self._open() as stream:
            yield from ijson.items(stream, prefix, use_float=True)
