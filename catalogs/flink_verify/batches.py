"""``snapshot verify`` of documents of any size, a bounded batch of objects at a time.

:func:`~.verify.verify` holds every object of the snapshots it checks, in Python and in three
Flink sessions: about 20 KB an object, 2 GB for a catalog of 100,000 tables. Here the documents
are read as sides (:class:`~..flinksql.snapshot_format.Streamed`: one array's entry at a time)
and verified in batches, each by :func:`~.verify.verify` itself, so every check is defined once:

1. A first pass validates each document a window of entries at a time (a table's or view's
   name is claimed once in the whole document, as :func:`~..flinksql.snapshot_format.validate`
   claims it) and keeps, of each view, only the relations its query reads.
2. A batch is a window of one catalog's tables, or of its views: as many as keep the views and
   everything they read, at any depth and in any catalog, within ``batch_objects`` (one view
   at least).
3. Each batch is verified with what its views read and, for every catalog of the run, the
   catalog's databases, functions and models; the checks kept are those of the batch's own
   tables and views, and, in the first batch only, those of the catalogs, their databases,
   functions and models. A relation a view reads is thus loaded again in the batch of the view,
   but checked in its own.

A run that fits in one batch is exactly :func:`~.verify.verify`'s; across batches the checks
are the same, in batch order, and the Flink sessions are new for each batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from ..flinksql import snapshot_format as sf
from ..flinksql.catalog import ObjectIdentifier
from .checks import Check
from .verify import verify

BATCH_OBJECTS = 2_000
# a document's arrays besides the tables and views, read whole (a few entries each)
SMALL_ARRAYS = ("databases", "udfs", "models")
# a value of each JSON kind, so that validate() names a value of the wrong kind as it would
_PLACEHOLDERS: dict[str, Any] = {
    "object": {},
    "array": [],
    "string": "",
    "number": 0,
    "boolean": False,
    "null": None,
}


@dataclass
class Document:
    """One document of the run: its head, its small arrays and what each view reads."""

    side: sf.Side
    head: dict[str, Any]
    small: dict[str, Any]  # SMALL_ARRAYS as found
    catalog: str = ""
    default: str = ""
    tables: int = 0
    views: list[ObjectIdentifier] = field(default_factory=list)  # in document order
    reads: dict[ObjectIdentifier, frozenset[ObjectIdentifier]] = field(default_factory=dict)

    def identifier(self, entry: Any) -> ObjectIdentifier:
        return ObjectIdentifier(self.catalog, entry.get("database") or self.default, entry["name"])

    def sub_document(self, tables: list[Any], views: list[Any]) -> dict[str, Any]:
        return {**self.head, **self.small, "tables": tables, "views": views}


@dataclass
class Segment:
    """Positions of one document's entries in its array ``kind`` ("tables" or "views")."""

    document: int
    kind: str
    start: int
    stop: int


@dataclass
class Batch:
    """The segments of entries a batch checks, and every relation their views read, at any
    depth (the batch's own among them)."""

    segments: list[Segment] = field(default_factory=list)
    reads: set[ObjectIdentifier] = field(default_factory=set)
    size: int = 0  # objects loaded: the own tables, the views and what they read

    def add(self, document: int, kind: str, position: int, count: int) -> None:
        last = self.segments[-1] if self.segments else None
        if last and (last.document, last.kind, last.stop) == (document, kind, position):
            last.stop += count
        else:
            self.segments.append(Segment(document, kind, position, position + count))


def read_documents(sides: list[sf.Side], window: int = BATCH_OBJECTS) -> list[Document]:
    """Each side validated a window at a time; :class:`~..flinksql.snapshot_format.SnapshotInvalid`
    lists the problems found: those of a document's head and small arrays first (its tables and
    views are read once they are mended), else those of every window, each naming its entry as a
    whole document's reading names it."""
    documents, errors = [], []
    for side in sides:
        document, found = _read_document(side, window)
        documents.append(document)
        errors += found
    if errors:
        raise sf.SnapshotInvalid(errors)
    return documents


def catalogs_twice(documents: list[Document]) -> list[str]:
    """The catalogs two of ``documents`` hold: they cannot be verified together."""
    names = [d.catalog for d in documents]
    return sorted({n for n in names if names.count(n) > 1})


def _read_document(side: sf.Side, window: int) -> tuple[Document, list[str]]:
    kinds = side.kinds()
    if isinstance(kinds, str):  # not an object: validate() says so
        return Document(side, {}, {}), _errors(_PLACEHOLDERS.get(kinds, []))
    head = side.head()
    small: dict[str, Any] = {}
    for key in (*SMALL_ARRAYS, "tables", "views"):
        kind = kinds.get(key)
        if kind == "array":
            small[key] = list(side.entries(key)) if key in SMALL_ARRAYS else []
        elif kind is not None:
            small[key] = _PLACEHOLDERS.get(kind)
    errors = _errors({**head, **small})
    small.pop("tables", None)
    small.pop("views", None)
    document = Document(side, head, small)
    if errors:
        return document, errors
    document.catalog, document.default = head["catalogName"], head["databaseName"]
    names: dict[tuple[str, str], str] = {}
    for key in ("tables", "views"):
        for start, entries in _windows(side.entries(key), window):
            sub = {**head, "tables": [], "views": [], "udfs": [], key: entries}
            try:
                checked = sf.validate(sub, names, {key: start})
            except sf.SnapshotInvalid as exc:
                errors += exc.errors
                continue
            document.tables += len(checked.tables)
            for view in checked.views:
                document.views.append(view.identifier)
                document.reads[view.identifier] = frozenset(sf.relations_read(view.expanded_query))
    return document, errors


def _errors(value: Any) -> list[str]:
    try:
        sf.validate(value)
    except sf.SnapshotInvalid as exc:
        return exc.errors
    return []


def _windows(entries: Iterator[Any], size: int) -> Iterator[tuple[int, list[Any]]]:
    start = 0
    while chunk := list(islice(entries, size)):
        yield start, chunk
        start += len(chunk)


def plan(documents: list[Document], batch_objects: int = BATCH_OBJECTS) -> list[Batch]:
    """The documents' tables, then their views, packed into batches of at most
    ``batch_objects`` objects loaded: a view counts with what it reads that the batch does not
    load yet; a view that reads more than ``batch_objects`` has a batch of its own. One batch
    at least."""
    if batch_objects < 1:
        raise ValueError(f"a batch holds at least one object, not {batch_objects}")
    reads = {i: r for d in documents for i, r in d.reads.items()}
    batches = [Batch()]

    def room(wanted: int) -> Batch:
        if batches[-1].size and batches[-1].size + wanted > batch_objects:
            batches.append(Batch())
        return batches[-1]

    for number, document in enumerate(documents):
        position = 0
        while position < document.tables:
            batch = room(1)
            take = min(batch_objects - batch.size, document.tables - position)
            batch.add(number, "tables", position, take)
            batch.size += take
            position += take
    for number, document in enumerate(documents):
        for position, view in enumerate(document.views):
            loaded = _closure(view, reads) | {view}
            batch = room(len(loaded - batches[-1].reads))
            batch.add(number, "views", position, 1)
            batch.size += len(loaded - batch.reads)
            batch.reads |= loaded
    return batches


def _closure(
    view: ObjectIdentifier, reads: dict[ObjectIdentifier, frozenset[ObjectIdentifier]]
) -> set[ObjectIdentifier]:
    """What ``view`` reads, through the views it reads too."""
    found: set[ObjectIdentifier] = set()
    pending = [view]
    while pending:
        for identifier in reads.get(pending.pop(), ()):
            if identifier not in found and identifier != view:
                found.add(identifier)
                pending.append(identifier)
    return found


def verify_in_batches(
    documents: list[Document],
    on_check: Callable[[Check], None],
    batch_objects: int = BATCH_OBJECTS,
    progress: Callable[[str], None] | None = None,
    count: Callable[[int, int], None] | None = None,
) -> None:
    """Every check of every document, handed to ``on_check`` batch by batch. ``count`` is told
    the tables and views whose batch is done, of all (in one batch, verify's own steps: each
    statement of the init script, then each later way)."""
    say = progress or (lambda _: None)
    batches = plan(documents, batch_objects)
    total = sum(d.tables + len(d.views) for d in documents)
    done = 0
    # one pass over each array of own entries: a segment starts where the one before it stopped
    passes: dict[tuple[int, str], Iterator[Any]] = {}
    for number, batch in enumerate(batches):
        contents: list[dict[str, Positioned]] = [{"tables": [], "views": []} for _ in documents]
        subjects: set[tuple[str, str]] = set()
        for segment in batch.segments:
            document = documents[segment.document]
            key = (segment.document, segment.kind)
            if key not in passes:
                passes[key] = document.side.entries(segment.kind)
            own = islice(passes[key], segment.stop - segment.start)
            for position, entry in enumerate(own, segment.start):
                contents[segment.document][segment.kind].append((position, entry))
                subjects.add((document.catalog, _subject(segment.kind, document, entry)))
        own_identifiers = {
            documents[n].identifier(entry)
            for n, found in enumerate(contents)
            for entries in found.values()
            for _, entry in entries
        }
        for n, found in enumerate(_picked(documents, batch.reads - own_identifiers)):
            for kind, entries in found.items():
                contents[n][kind] += entries
        snapshots = [
            sf.validate(d.sub_document(_ordered(c["tables"]), _ordered(c["views"])))
            for d, c in zip(documents, contents, strict=True)
        ]
        objects = len(own_identifiers)
        if len(batches) > 1:
            say(
                f"batch {number + 1} of {len(batches)}: {objects} tables and views, with "
                f"{len(batch.reads - own_identifiers)} more that their views read"
            )
        if len(batches) == 1:  # all at once: verify's own steps
            report = verify(snapshots, progress=say, count=count)
        else:
            report = verify(snapshots)
        for check in report.checks:
            if _kept(check, number, subjects):
                on_check(check)
        done += objects
        if count is not None and len(batches) > 1:
            count(done, total)


Positioned = list[tuple[int, Any]]


def _picked(
    documents: list[Document], wanted: set[ObjectIdentifier]
) -> list[dict[str, Positioned]]:
    """Each document's entries (by array, with their positions) whose objects are ``wanted``."""
    picked: list[dict[str, Positioned]] = []
    for document in documents:
        found: dict[str, Positioned] = {"tables": [], "views": []}
        if any(i.catalog == document.catalog for i in wanted):
            for key, entries in found.items():
                for position, entry in enumerate(document.side.entries(key)):
                    if document.identifier(entry) in wanted:
                        entries.append((position, entry))
        picked.append(found)
    return picked


def _ordered(entries: Positioned) -> list[Any]:
    return [entry for _, entry in sorted(entries, key=lambda pair: pair[0])]


def _subject(kind: str, document: Document, entry: Any) -> str:
    """The subject of an object's checks (as :func:`sf.short_name` names it)."""
    name = sf.short_name(document.identifier(entry))
    return f"{'table' if kind == 'tables' else 'view'} {name}"


def _kept(check: Check, batch: int, own: set[tuple[str, str]]) -> bool:
    """A table's or view's check in the batch of the object; any other in the first batch."""
    if check.subject.startswith(("table ", "view ")):
        return (check.catalog, check.subject) in own
    return batch == 0
