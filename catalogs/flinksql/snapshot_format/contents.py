"""What a snapshot holds, database by database, read in passes (:mod:`.sides`): the numbers of
objects of each database and one window of objects, never the whole document."""

from __future__ import annotations

from dataclasses import dataclass, field
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

    def total(self, database: str | None = None) -> int:
        """Objects of ``database``, or of the whole snapshot."""
        chosen = self.counts.values() if database is None else [self.counts.get(database, {})]
        return sum(sum(counts.values()) for counts in chosen)


def _zero() -> dict[str, int]:
    return {kind: 0 for _, kind in KINDS}


def contents(
    side: Side, database: str | None, start: int, stop: int, secrets_kept: int = 100
) -> Contents:
    """The snapshot's numbers, and the objects at positions ``start`` to ``stop`` (excluded):
    of ``database`` (its tables, then views, then functions), or of the whole snapshot in that
    order when ``database`` is None."""
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
