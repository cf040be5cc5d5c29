"""What a snapshot holds, database by database, read in passes (:mod:`.sides`): the numbers of
objects of each database and one window of objects, never the whole document."""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, field, replace
from typing import Any

from .sides import Side

KINDS = (("tables", "table"), ("views", "view"), ("udfs", "function"))


@dataclass
class Contents:
    """The head of a snapshot, each database's numbers of tables, views and functions (the
    document's databases first, in its order, then those only its objects name), the objects
    of the window asked for, each with its ``kind``, and the first secret placeholders."""

    head: dict[str, Any]
    counts: dict[str, dict[str, int]]
    window: list[dict[str, Any]] = field(default_factory=list)
    secrets: list[dict[str, Any]] = field(default_factory=list)
    secret_count: int = 0

    def summary(self) -> Contents:
        """These contents without their window: what every page of the snapshot shows, to be
        kept (:func:`contents` takes it back as ``known``)."""
        return replace(self, window=[])

    def total(self, database: str | None = None) -> int:
        """Objects of ``database``, or of the whole snapshot."""
        chosen = self.counts.values() if database is None else [self.counts.get(database, {})]
        return sum(sum(counts.values()) for counts in chosen)


def _zero() -> dict[str, int]:
    return {kind: 0 for _, kind in KINDS}


def contents(
    side: Side,
    database: str | None,
    start: int,
    stop: int,
    secrets_kept: int = 100,
    known: Contents | None = None,
) -> Contents:
    """The snapshot's numbers, and the objects at positions ``start`` to ``stop`` (excluded):
    of ``database`` (its tables, then views, then functions), or of the whole snapshot in that
    order when ``database`` is None. With the ``known`` summary of an earlier read, only the
    arrays the window reaches are read, each up to the window's last object."""
    if known is not None:
        return _window(side, database, start, stop, known)
    head = side.head()
    default = head.get("databaseName") or ""
    counts: dict[str, dict[str, int]] = {}
    for entry in side.entries("databases"):
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            counts.setdefault(entry["name"], _zero())
    found = Contents(head, counts)
    seen = 0
    for key, kind in KINDS:
        for entry in side.entries(key):
            if not isinstance(entry, dict):
                continue
            name = entry.get("database") or default
            numbers = counts.setdefault(name, _zero())
            if database is None:
                position = seen
            elif name == database:
                position = sum(numbers.values())
            else:
                position = -1
            numbers[kind] += 1
            seen += 1
            if start <= position < stop:
                found.window.append({**entry, "kind": kind})
    for secret in side.entries("secrets"):
        found.secret_count += 1
        if found.secret_count <= secrets_kept and isinstance(secret, dict):
            found.secrets.append(secret)
    return found


def _window(side: Side, database: str | None, start: int, stop: int, known: Contents) -> Contents:
    found = replace(known, window=[])
    default = known.head.get("databaseName") or ""
    chosen = known.counts.values() if database is None else [known.counts.get(database, _zero())]
    offset = 0  # the position of the kind's first object
    for key, kind in KINDS:
        number = sum(counts[kind] for counts in chosen)
        low, high = max(start, offset), min(stop, offset + number)
        position = offset
        if low < high:
            with closing(side.entries(key)) as entries:
                for entry in entries:
                    if not isinstance(entry, dict) or (
                        database is not None and (entry.get("database") or default) != database
                    ):
                        continue
                    if position >= low:
                        found.window.append({**entry, "kind": kind})
                    position += 1
                    if position >= high:
                        break
        offset += number
    return found
