"""The differences between two snapshot documents, and what they break."""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..lineage import columns_read
from ..secrets import MASK, is_secret
from .ddl import short_name
from .document import Document
from .reading import Snapshot
from .sides import Side, Whole
from .writing import is_placeholder


@dataclass
class ObjectDiff:
    kind: str  # database, table, view, udf
    database: str
    name: str
    change: str  # added, removed, changed
    columns_added: list[str] = field(default_factory=list)
    columns_removed: list[str] = field(default_factory=list)
    columns_retyped: list[tuple[str, str, str]] = field(default_factory=list)
    options: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    other: list[str] = field(default_factory=list)
    query_diff: list[str] = field(default_factory=list)
    breaking: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.database}.{self.name}" if self.name else self.database


@dataclass
class SnapshotDiff:
    old_label: str
    new_label: str
    objects: list[ObjectDiff]

    @property
    def breaking(self) -> list[str]:
        return [message for o in self.objects for message in o.breaking]

    def counts(self) -> dict[str, int]:
        result = {"added": 0, "removed": 0, "changed": 0}
        for o in self.objects:
            result[o.change] += 1
        return result

    def as_json(self) -> dict[str, Any]:
        return {
            "old": self.old_label,
            "new": self.new_label,
            "counts": self.counts(),
            "breaking": self.breaking,
            "objects": [o.__dict__ for o in self.objects],
        }


def _column_signature(column: dict[str, Any]) -> str:
    text = str(column.get("type"))
    if column.get("nullable") is False:
        text += " NOT NULL"
    return text


def _ident(entry: Any, default: str) -> tuple[str, str] | None:
    """(database, name) of an array's entry; None for an entry that is not an object."""
    if not isinstance(entry, dict):
        return None
    return (str(entry.get("database") or default), str(entry.get("name")))


def _default_database(side: Side) -> str:
    return str(side.head().get("databaseName") or "")


def _digests(
    side: Side, key: str, each: Callable[[tuple[str, str], dict[str, Any]], None] | None = None
) -> dict[tuple[str, str], bytes]:
    """Each object's digest of its whole entry (the last one of a name counts, as a
    dictionary keeps it): two entries with one digest are equal. ``each`` is told every entry
    on the way (the same pass)."""
    default, result = _default_database(side), {}
    for entry in side.entries(key):
        if (ident := _ident(entry, default)) is not None:
            text = json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
            result[ident] = hashlib.blake2b(text.encode(), digest_size=16).digest()
            if each is not None:
                each(ident, entry)
    return result


def _entries(side: Side, key: str, wanted: set[tuple[str, str]]) -> dict[tuple[str, str], Any]:
    """The entries of the objects ``wanted`` (the last one of a name), one pass."""
    default, result = _default_database(side), {}
    for entry in side.entries(key):
        if (ident := _ident(entry, default)) in wanted:
            result[ident] = entry
    return result


def _masked(key: str, value: str | None) -> str | None:
    if value is None or not is_secret(key) or is_placeholder(value):
        return value
    return MASK


KINDS = (("table", "tables"), ("view", "views"), ("udf", "udfs"))
# how many changed objects have their two entries read at once: a diff holds this many entries
# of each side, not the documents, whatever their size (more changes take more passes)
BATCH = 1000


def diff_documents(
    old: Document, new: Document, old_label: str = "", new_label: str = ""
) -> SnapshotDiff:
    """What changed from ``old`` to ``new`` (two documents already parsed): :func:`diff_sides`."""
    return diff_sides(Whole(old), Whole(new), old_label, new_label)


def diff_sides(old: Side, new: Side, old_label: str = "", new_label: str = "") -> SnapshotDiff:
    """What changed from ``old`` to ``new``: objects added, removed and changed, and the changes
    that break running jobs (a column removed or retyped, or a relation removed, that a view
    reads). Read in passes over each side's arrays: digests of every object and the views'
    reads first, then the entries of the changed ones, :data:`BATCH` at a time."""
    objects: list[ObjectDiff] = _database_diffs(old, new)
    digests: list[dict[str, dict[tuple[str, str], bytes]]] = []
    readers: dict[tuple[str, str], dict[tuple[str, str], set[str]]] = {}
    for side in (old, new):
        reads = _Reads()
        digests.append(
            {key: _digests(side, key, reads if key == "views" else None) for _, key in KINDS}
        )
        for target, views in reads.readers(side.head().get("catalogName") or "").items():
            for view, columns in views.items():
                readers.setdefault(target, {}).setdefault(view, set()).update(columns)
    for kind, key in KINDS:
        before, after = digests[0].pop(key), digests[1].pop(key)
        found: dict[tuple[str, str], ObjectDiff] = {}
        changed = []
        for ident in sorted(set(before) | set(after)):
            a, b = before.get(ident), after.get(ident)
            if b is None:
                diff = ObjectDiff(kind, ident[0], ident[1], "removed")
                for reader in readers.get(ident, {}):
                    if reader != ident:
                        diff.breaking.append(
                            f"{kind} {ident[0]}.{ident[1]} was removed; view "
                            f"{reader[0]}.{reader[1]} reads it."
                        )
                found[ident] = diff
            elif a is None:
                found[ident] = ObjectDiff(kind, ident[0], ident[1], "added")
            elif a != b:
                changed.append(ident)
        del before, after
        for start in range(0, len(changed), BATCH):
            wanted = set(changed[start : start + BATCH])
            olds, news = _entries(old, key, wanted), _entries(new, key, wanted)
            for ident in wanted:
                diff = _changed(kind, ident, olds[ident], news[ident], readers.get(ident, {}))
                if diff is not None:
                    found[ident] = diff
        objects += [found[ident] for ident in sorted(found)]
    return SnapshotDiff(old_label, new_label, objects)


def _database_diffs(old: Side, new: Side) -> list[ObjectDiff]:
    objects = []
    old_dbs = {d.get("name"): d for d in old.entries("databases") if isinstance(d, dict)}
    new_dbs = {d.get("name"): d for d in new.entries("databases") if isinstance(d, dict)}
    for name in sorted(set(old_dbs) | set(new_dbs), key=str):
        if name not in new_dbs:
            objects.append(ObjectDiff("database", str(name), "", "removed"))
        elif name not in old_dbs:
            objects.append(ObjectDiff("database", str(name), "", "added"))
        elif old_dbs[name] != new_dbs[name]:
            objects.append(
                ObjectDiff("database", str(name), "", "changed", other=["comment/properties"])
            )
    return objects


class _Reads:
    """The columns each view of one side reads, told its views one at a time."""

    def __init__(self) -> None:
        self.by_view: dict[tuple[str, str], dict[Any, set[str]]] = {}

    def __call__(self, view: tuple[str, str], entry: dict[str, Any]) -> None:
        try:
            self.by_view[view] = columns_read(entry.get("expandedQuery") or "")
        except Exception:
            self.by_view.pop(view, None)  # the last entry of a name counts

    def readers(self, catalog: str) -> dict[tuple[str, str], dict[tuple[str, str], set[str]]]:
        """For each table or view of ``catalog``, the views that read it and which columns."""
        result: dict[tuple[str, str], dict[tuple[str, str], set[str]]] = {}
        for view, read in self.by_view.items():
            for identifier, columns in read.items():
                if identifier.catalog == catalog:
                    target = (identifier.database, identifier.name)
                    result.setdefault(target, {}).setdefault(view, set()).update(columns)
        return result


def _changed(
    kind: str,
    ident: tuple[str, str],
    a: dict[str, Any],
    b: dict[str, Any],
    readers: dict[tuple[str, str], set[str]],
) -> ObjectDiff | None:
    if a == b:
        return None
    diff = ObjectDiff(kind, ident[0], ident[1], "changed")
    if kind in ("table", "view"):
        old_columns = {c.get("name"): c for c in a.get("columns") or [] if isinstance(c, dict)}
        new_columns = {c.get("name"): c for c in b.get("columns") or [] if isinstance(c, dict)}
        diff.columns_removed = [str(n) for n in old_columns if n not in new_columns]
        diff.columns_added = [str(n) for n in new_columns if n not in old_columns]
        for name, column in old_columns.items():
            if name in new_columns:
                before, after = _column_signature(column), _column_signature(new_columns[name])
                if before != after:
                    diff.columns_retyped.append((str(name), before, after))
                elif column != new_columns[name]:
                    diff.other.append(f"column {name}")
        if [c for c in old_columns if c in new_columns] != [
            c for c in new_columns if c in old_columns
        ]:
            diff.other.append("column order")
        affected = set(diff.columns_removed) | {c for c, _, _ in diff.columns_retyped}
        for reader, columns in sorted(readers.items()):
            hit = sorted(affected & columns)
            if hit and reader != ident:
                verb = "removed or retyped"
                diff.breaking.append(
                    f"{kind} {ident[0]}.{ident[1]}: column(s) {', '.join(hit)} {verb}; view "
                    f"{reader[0]}.{reader[1]} reads them."
                )
    if kind == "table":
        old_options, new_options = a.get("options") or {}, b.get("options") or {}
        for key in sorted(set(old_options) | set(new_options)):
            if old_options.get(key) != new_options.get(key):
                diff.options.append(
                    (
                        key,
                        _masked(key, old_options.get(key)),
                        _masked(key, new_options.get(key)),
                    )
                )
        for key, label in (
            ("watermark", "watermark"),
            ("primaryKey", "primary key"),
            ("partitionKeys", "partition keys"),
            ("distribution", "distribution"),
            ("comment", "comment"),
        ):
            if a.get(key) != b.get(key):
                diff.other.append(label)
    elif kind == "view":
        if a.get("expandedQuery") != b.get("expandedQuery"):
            diff.query_diff = list(
                difflib.unified_diff(
                    (a.get("expandedQuery") or "").splitlines(),
                    (b.get("expandedQuery") or "").splitlines(),
                    "before",
                    "after",
                    lineterm="",
                )
            )
        if a.get("comment") != b.get("comment"):
            diff.other.append("comment")
    else:
        for key in ("className", "functionLanguage", "jarRef", "jars", "returnType", "artifact"):
            if a.get(key) != b.get(key):
                diff.other.append(f"{key}: {a.get(key)!r} -> {b.get(key)!r}")
    return diff


def without_volatile(document: Document) -> Document:
    """The document without ``snapshotId`` and ``createdAt``, for comparisons."""
    return {k: v for k, v in document.items() if k not in ("snapshotId", "createdAt")}


def iter_objects(snapshot: Snapshot) -> Iterator[tuple[str, str]]:
    """``(kind, database.name)`` of every object, in snapshot order."""
    for table in snapshot.tables:
        yield "table", short_name(table.identifier)
    for view in snapshot.views:
        yield "view", short_name(view.identifier)
    for function, _ in snapshot.functions:
        yield "function", short_name(function.identifier)
