"""Catalog snapshots: the Django side (catalog-store folders and init scripts are
:mod:`catalogs.deployment_files`, comparisons :mod:`catalogs.snapshot_diffs`).

The language lives in :mod:`catalogs.flinksql.snapshot_format`; this module reads the models
(streaming, for catalogs of any size), stores snapshots immutably, and imports through the
executor: an import is a list of Flink SQL statements run in one transaction, rolled back for
a dry run or on any failure.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import secrets as random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TextIO

from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.http import StreamingHttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header

from config import limits
from environments import versions
from environments.access import has_role
from environments.models import Environment, Role
from environments.services import ServiceError

from . import models as m
from . import readers
from .executor import Executor, Session, StatementResult, marks, store
from .executor.impact import Impact, impacts_of
from .flinksql import snapshot_format as sf
from .flinksql.catalog import (
    ObjectIdentifier,
    quote_string,
)
from .flinksql.quoting import quote_in_comment
from .flinksql.secrets import fill_placeholders, placeholder_variables
from .services import set_function_details

Progress = Callable[[str], None]
# objects done of total, called as long work goes on (a background job's progress bar)
Counted = Callable[[int, int], None]
CHUNK = 500
READ_BYTES = 1 << 20  # a stored snapshot is served in pieces of this size


def _silent(_: str) -> None:
    return None


def uncounted(_done: int, _total: int) -> None:
    return None


@dataclass
class ExportResult:
    """What an export wrote besides its bytes."""

    snapshot_id: str
    tables: int = 0
    views: int = 0
    functions: int = 0
    models: int = 0
    secrets: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # the broken views left out on request, and those reading them ("database.view")
    left_out: list[str] = field(default_factory=list)
    left_out_keys: list[tuple[str, str]] = field(default_factory=list)

    def left_out_note(self) -> str:
        """What the export records about the views it left out (empty when none)."""
        if not self.left_out:
            return ""
        return f"Left out {len(self.left_out)} broken view(s): {', '.join(self.left_out)}."


# -- export -----------------------------------------------------------------------------------
def get_catalog(environment: Environment, name: str) -> m.Catalog:
    catalog = store.catalog_or_none(environment, name)
    if catalog is None:
        raise ServiceError(
            f"There is no catalog '{name}' in environment '{environment.name}'.", "not_found"
        )
    return catalog


def _databases(catalog: m.Catalog, names: Iterable[str] | None) -> list[m.Database]:
    rows = list(m.Database.objects.filter(catalog=catalog).order_by("name"))
    if not names:
        return rows
    wanted = list(dict.fromkeys(names))
    by_name = {d.name: d for d in rows}
    missing = [n for n in wanted if n not in by_name]
    if missing:
        raise ServiceError(
            f"Catalog '{catalog.name}' has no database {', '.join(repr(n) for n in missing)}.",
            "not_found",
        )
    return [by_name[n] for n in sorted(wanted)]


def write_snapshot(
    out: TextIO,
    catalog: m.Catalog,
    databases: Iterable[str] | None = None,
    snapshot_id: str | None = None,
    created_at: int | None = None,
    progress: Progress = _silent,
    leave_out_broken: bool = False,
    count: Counted | None = None,
) -> ExportResult:
    """Write the catalog (or some of its databases) as a snapshot to ``out``, streaming: tables
    are read in chunks and written one by one, so memory does not grow with the catalog.

    With ``leave_out_broken``, views marked broken are not written, nor the views of the
    snapshot that read them (directly or through others): a loader would fail on each.
    ``count`` is told the objects read of the total every :data:`CHUNK` objects."""
    snapshot_id = snapshot_id or new_snapshot_id()
    if created_at is None:
        created_at = int(timezone.now().timestamp() * 1000)
    chosen = _databases(catalog, databases)
    result = ExportResult(snapshot_id)
    placeholders = sf.SecretPlaceholders(catalog.name)
    default_database = catalog.options.get("default-database") or (
        chosen[0].name if chosen else "default"
    )
    head = sf.header(
        snapshot_id,
        catalog.name,
        default_database,
        created_at,
        catalog.comment,
        placeholders.options(None, None, dict(catalog.options)),
        [
            sf.database_entry(d.name, d.comment, placeholders.options(d.name, None, d.properties))
            for d in chosen
        ],
    )
    writer = sf.SnapshotWriter(out, head)
    counter = _ObjectCounter(chosen, count)
    columns = Prefetch("columns", queryset=m.Column.objects.order_by("position"))
    tables = (
        m.Table.objects.filter(database__in=chosen, kind=m.Table.Kind.TABLE)
        .select_related("database")
        .prefetch_related(columns)
        .order_by("database__name", "name")
    )
    for row in tables.iterator(chunk_size=CHUNK):
        identifier = ObjectIdentifier(catalog.name, row.database.name, row.name)
        writer.table(sf.table_entry(store.table_definition(row, identifier), placeholders))
        result.tables += 1
        counter.one()
        if result.tables % 10000 == 0:
            progress(f"{result.tables} tables written")
    views = []
    view_rows = (
        m.Table.objects.filter(database__in=chosen, kind=m.Table.Kind.VIEW)
        .select_related("database")
        .prefetch_related(columns, "dependencies")
        .order_by("database__name", "name")
    )
    # (database, view) -> the views of this catalog it reads, and what to warn about it
    reading: dict[tuple[str, str], set[tuple[str, str]]] = {}
    warnings: dict[tuple[str, str], list[str]] = {}
    broken: set[tuple[str, str]] = set()
    chosen_names = {d.name for d in chosen}
    for row in view_rows.iterator(chunk_size=CHUNK):
        counter.one()
        identifier = ObjectIdentifier(catalog.name, row.database.name, row.name)
        key = (identifier.database, identifier.name)
        reading[key] = {
            (d.database_name, d.object_name)
            for d in row.dependencies.all()
            if d.kind == m.Dependency.Kind.VIEW and d.catalog_name == catalog.name
        }
        if leave_out_broken and row.status == m.Table.Status.BROKEN:
            broken.add(key)
            continue
        views.append((key, sf.view_entry(store.view_definition(row, identifier))))
        said = warnings.setdefault(key, [])
        # the reason is a sentence of its own, with its full stop: no ".;" nor ".."
        reason = (row.status_reason or "").rstrip(". ")
        because = f": {reason}" if reason else ""
        if row.status == m.Table.Status.BROKEN:
            said.append(
                f"view {identifier.database}.{identifier.name} is broken{because}; a loader "
                "will fail on it."
            )
        elif row.status != m.Table.Status.OK:
            said.append(f"view {identifier.database}.{identifier.name} is {row.status}{because}.")
        for dependency in row.dependencies.all():
            if (
                dependency.catalog_name != catalog.name
                or dependency.database_name not in chosen_names
            ):
                said.append(
                    f"view {identifier.database}.{identifier.name} reads {dependency}, which is "
                    "not in this snapshot."
                )
    left_out = _readers_within(broken, reading)
    result.left_out_keys = sorted(left_out)
    result.left_out = [f"{database}.{name}" for database, name in result.left_out_keys]
    kept = [entry for key, entry in views if key not in left_out]
    result.warnings += [w for key, _ in views if key not in left_out for w in warnings[key]]
    for entry in sf.order_views(catalog.name, kept):
        writer.view(entry)
        result.views += 1
    functions = (
        m.Function.objects.filter(database__in=chosen)
        .select_related("database", "artifact")
        .order_by("database__name", "name")
    )
    for function in functions.iterator(chunk_size=CHUNK):
        identifier = ObjectIdentifier(catalog.name, function.database.name, function.name)
        definition = store.function_definition(function, identifier)
        artifact = function.artifact.name if function.artifact else None
        writer.udf(sf.udf_entry(definition, function.return_type, artifact))
        result.functions += 1
        counter.one()
    models = m.Model.objects.filter(database__in=chosen).select_related("database")
    for model in models.order_by("database__name", "name").iterator(chunk_size=CHUNK):
        identifier = ObjectIdentifier(catalog.name, model.database.name, model.name)
        writer.model(sf.model_entry(store.model_definition(model, identifier), placeholders))
        result.models += 1
        counter.one()
    writer.close(placeholders.entries)
    counter.finish()
    result.secrets = placeholders.entries
    progress(
        f"snapshot {snapshot_id}: {result.tables} tables, {result.views} views, "
        f"{result.functions} functions, {result.models} models"
    )
    return result


class _ObjectCounter:
    """Tells ``count`` the objects of ``databases`` read so far, of all of them (counted with
    one query per kind, only when there is someone to tell)."""

    def __init__(self, databases: list[m.Database], count: Counted | None) -> None:
        self.count = count or uncounted
        self.done = 0
        self.total = 0
        if count is not None:
            for model in (m.Table, m.Function, m.Model):
                self.total += model.objects.filter(database__in=databases).count()
            count(0, self.total)

    def one(self) -> None:
        self.done += 1
        if self.done % CHUNK == 0:
            self.count(self.done, self.total)

    def finish(self) -> None:
        self.count(self.done, max(self.total, self.done))


Key = tuple[str, str]


def _readers_within(start: set[Key], reading: dict[Key, set[Key]]) -> set[Key]:
    """``start`` and every view of ``reading`` that reads one of them, at any depth."""
    found = set(start)
    grew = True
    while grew:
        grew = False
        for view, reads in reading.items():
            if view not in found and reads & found:
                found.add(view)
                grew = True
    return found


def views_not_ok(environment: Environment, catalog: str | None = None) -> list[m.Table]:
    """The broken and stale views of the environment (or one catalog), at most 200, for the
    export pages' warning (one query)."""
    rows = readers.views_not_ok(environment)
    if catalog is not None:
        rows = rows.filter(database__catalog__name=catalog)
    rows = rows.select_related("database__catalog").only(
        "name", "status", "status_reason", "database__name", "database__catalog__name"
    )
    return list(rows.order_by("database__catalog__name", "database__name", "name")[:200])


def export_bytes(
    catalog: m.Catalog, databases: Iterable[str] | None = None, **kwargs: Any
) -> tuple[bytes, ExportResult]:
    """The snapshot's bytes. They are encoded as they are written, so the document is in memory
    once, as bytes (a snapshot of 100,000 tables is some 250 MB)."""
    buffer = io.BytesIO()
    text = io.TextIOWrapper(buffer, encoding="utf-8", newline="\n")
    result = write_snapshot(text, catalog, databases, **kwargs)
    text.flush()
    text.detach()
    return buffer.getvalue(), result


def live_document(catalog: m.Catalog, databases: Iterable[str] | None = None) -> sf.Document:
    """The catalog as it is now, as a snapshot document (not stored)."""
    data, _ = export_bytes(catalog, databases, snapshot_id="live", created_at=0)
    return json.loads(data)


def live_side(catalog: m.Catalog) -> sf.Streamed:
    """The catalog as it is now, as a snapshot document read in passes: written once, kept
    gzip-compressed (a catalog of 100,000 tables is some 3 MB so), parsed anew by each pass."""
    stored = _Compressed()
    write_snapshot(stored.text, catalog, snapshot_id="live", created_at=0)
    return _side(stored.finish())


def stored_side(snapshot: m.Snapshot) -> sf.Streamed:
    """A stored snapshot's document read in passes, after a pass that checks its sha256."""
    _verified(snapshot, keep=False)
    return _side(snapshot.content)


def _side(content: bytes) -> sf.Streamed:
    return sf.Streamed(lambda: gzip.GzipFile(fileobj=io.BytesIO(content), mode="rb"))


def new_snapshot_id() -> str:
    return sf.new_snapshot_id(timezone.now(), random.token_hex(2))


# -- stored snapshots -------------------------------------------------------------------------
def take_snapshot(
    environment: Environment,
    catalog_name: str,
    user: Any = None,
    databases: Iterable[str] | None = None,
    label: str = "",
    note: str = "",
    progress: Progress = _silent,
    leave_out_broken: bool = False,
    count: Counted | None = None,
) -> tuple[m.Snapshot, ExportResult]:
    """Export and store a snapshot; it is immutable from then on. ``user`` None is the system
    (the command line); a user needs the editor role. ``count``: objects written of total."""
    if user is not None and not has_role(user, environment, Role.EDITOR):
        raise ServiceError(
            f"You need the editor role in environment '{environment.name}' to take a snapshot.",
            "forbidden",
        )
    databases = list(databases) if databases is not None else None
    if any("\x00" in text for text in (catalog_name, label, note, *(databases or []))):
        raise ServiceError(
            "The catalog, databases, label or note hold a NUL character (U+0000), which the "
            "catalog cannot store; no snapshot was taken."
        )
    longest = m.Snapshot._meta.get_field("label").max_length
    if len(label) > longest:
        raise ServiceError(
            f"The label is {len(label)} characters long; a snapshot's label holds at most "
            f"{longest}. No snapshot was taken."
        )
    catalog = get_catalog(environment, catalog_name)
    for _ in range(10):
        snapshot_id = new_snapshot_id()
        if m.Snapshot.objects.filter(snapshot_id=snapshot_id).exists():
            continue
        stored = _Compressed()
        result = write_snapshot(
            stored.text,
            catalog,
            databases,
            snapshot_id=snapshot_id,
            progress=progress,
            leave_out_broken=leave_out_broken,
            count=count,
        )
        content = stored.finish()
        recorded = "\n\n".join(t for t in (note, result.left_out_note()) if t)
        try:
            with transaction.atomic():
                snapshot = m.Snapshot.objects.create(
                    snapshot_id=snapshot_id,
                    environment=environment,
                    catalog_name=catalog.name,
                    content=content,
                    sha256=stored.sha256.hexdigest(),
                    size=stored.size,
                    label=label,
                    note=recorded,
                    created_by=user if getattr(user, "pk", None) else None,
                )
        except IntegrityError:  # the same id taken concurrently
            continue
        return snapshot, result
    raise ServiceError("Could not find a free snapshot id; try again.")


class _Compressed(io.RawIOBase):
    """Where a stored snapshot is written: a text stream whose bytes are hashed, counted and
    gzip-compressed as they come, so the document itself is never held whole."""

    def __init__(self) -> None:
        self.sha256 = hashlib.sha256()
        self.size = 0
        self._buffer = io.BytesIO()
        self._gzip = gzip.GzipFile(fileobj=self._buffer, mode="wb", mtime=0)
        self.text = io.TextIOWrapper(
            io.BufferedWriter(self, READ_BYTES), encoding="utf-8", newline="\n"
        )

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.sha256.update(data)
        self.size += len(data)
        return self._gzip.write(data)

    def finish(self) -> bytes:
        """Flush everything written and answer the compressed bytes."""
        self.text.flush()
        self._gzip.close()
        return self._buffer.getvalue()


def _document_chunks(snapshot: m.Snapshot) -> Iterator[bytes]:
    with gzip.GzipFile(fileobj=io.BytesIO(snapshot.content), mode="rb") as document:
        while chunk := document.read(READ_BYTES):
            yield chunk


def _verified(snapshot: m.Snapshot, keep: bool) -> list[bytes]:
    """One pass over the stored document, checking it against its sha256: served unchanged,
    or not at all. With ``keep`` it answers the document's pieces, otherwise nothing."""
    digest, kept = hashlib.sha256(), []
    try:
        for chunk in _document_chunks(snapshot):
            digest.update(chunk)
            if keep:
                kept.append(chunk)
    except (OSError, EOFError, ValueError):  # not gzip, or cut short
        pass
    if digest.hexdigest() != snapshot.sha256:
        raise ServiceError(f"Snapshot {snapshot.snapshot_id} does not match its sha256.")
    return kept


def snapshot_chunks(snapshot: m.Snapshot) -> Iterator[bytes]:
    """The stored document in pieces, checked first by a pass that keeps nothing."""
    _verified(snapshot, keep=False)
    return _document_chunks(snapshot)


def snapshot_response(snapshot: m.Snapshot, content_type: str) -> StreamingHttpResponse:
    """The stored document as an HTTP answer, streamed, with its sha256 as ETag; immutable."""
    response = StreamingHttpResponse(snapshot_chunks(snapshot), content_type=content_type)
    response["Content-Length"] = str(snapshot.size)
    response["Content-Disposition"] = content_disposition_header(
        False, f"{snapshot.snapshot_id}.json"
    )
    response["ETag"] = f'"{snapshot.sha256}"'
    response["Cache-Control"] = "private, max-age=31536000, immutable"
    return response


def snapshot_bytes(snapshot: m.Snapshot) -> bytes:
    """The stored document, whole (to parse it), checked in the same pass that reads it."""
    return b"".join(_verified(snapshot, keep=True))


def delete_snapshot(snapshot: m.Snapshot, user: Any = None) -> None:
    """Delete a snapshot: environment admins only, and recorded in the history."""
    environment = snapshot.environment
    if user is not None and not has_role(user, environment, Role.ADMIN):
        raise ServiceError(
            f"You need the admin role in environment '{environment.name}' to delete a snapshot.",
            "forbidden",
        )
    with transaction.atomic():
        m.HistoryEntry.objects.create(
            environment=environment,
            user=user if getattr(user, "pk", None) else None,
            statement=(
                f"-- snapshot {snapshot.snapshot_id} of catalog "
                f"{quote_in_comment(snapshot.catalog_name)} deleted "
                f"(sha256 {snapshot.sha256}"
                + (f", label {quote_string(snapshot.label)}" if snapshot.label else "")
                + ")"
            ),
        )
        snapshot.delete()
        versions.changed(environment.pk)


# -- import -----------------------------------------------------------------------------------
@dataclass
class ImportOutcome:
    statement: sf.PlannedStatement
    result: StatementResult | None  # None: not run (an earlier statement failed)

    @property
    def message(self) -> str:
        if self.result is None:
            return "not run"
        if self.result.ok:
            return "ok"
        field_name = " expandedQuery:" if self.unresolved else ""
        return f"{self.statement.kind} {self.statement.name}:{field_name} {self.result.error}"

    @property
    def unresolved(self) -> bool:
        """A view whose query no longer resolves (not one refused for a name taken or a
        permission missing): what ``skip_broken`` leaves out."""
        return (
            self.statement.kind == "view"
            and self.result is not None
            and not self.result.ok
            and self.result.code not in ("conflict", "forbidden")
        )


@dataclass
class ImportReport:
    dry_run: bool
    errors: list[str] = field(default_factory=list)
    outcomes: list[ImportOutcome] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    applied: bool = False
    # what kind of failure ``errors`` are (as a statement's code): forbidden, conflict, invalid
    error_code: str = "invalid"
    # with skip_broken: the views left out because their query no longer resolves, each with
    # why ("database.view: message")
    skipped: list[str] = field(default_factory=list)
    # the views elsewhere whose mark the import sets or clears, transitively (a dry run too)
    impacts: list[Impact] = field(default_factory=list)

    @property
    def code(self) -> str | None:
        """What kind of failure refused the import: ``forbidden`` when a permission is
        missing, whatever else failed; otherwise the first failed statement's kind, or
        ``invalid`` (a malformed document). None when it succeeded."""
        if self.ok:
            return None
        codes = [self.error_code] if self.errors else []
        codes += [o.result.code or "invalid" for o in self.outcomes if o.result and not o.result.ok]
        return "forbidden" if "forbidden" in codes else codes[0] if codes else "invalid"

    # the ``${VARIABLE}`` placeholders the import needs values for (it refused without them)
    missing_variables: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and all(o.result is not None and o.result.ok for o in self.outcomes)

    @property
    def problems(self) -> list[str]:
        """Everything that refused the import, in order: the document's errors, then each
        failed statement's message (what the page summarises at its top)."""
        failed = [o.message for o in self.outcomes if o.result is not None and not o.result.ok]
        return [*self.errors, *failed]

    @property
    def failures(self) -> list[str]:
        return self.errors + [
            o.message for o in self.outcomes if o.result is not None and not o.result.ok
        ]


def import_snapshot(
    environment: Environment,
    catalog_name: str,
    data: bytes | str,
    user: Any = None,
    dry_run: bool = True,
    variables: Mapping[str, str] | None = None,
    skip_broken: bool = False,
    count: Counted | None = None,
) -> ImportReport:
    """Import a snapshot file into ``catalog_name`` (created when missing): all statements in
    one transaction, kept only when every one succeeds and this is not a dry run. Secret
    values exported as ``${VARIABLE}`` placeholders are taken from ``variables``; without a
    value for each, nothing runs and the report names the missing ones. With
    ``skip_broken``, views whose query no longer resolves are left out (``report.skipped``);
    everything else stays all-or-nothing. ``count``: statements run of total."""
    report = ImportReport(dry_run)
    try:
        snapshot = sf.parse_snapshot(data, limits.load_json)
    except sf.SnapshotInvalid as exc:
        report.errors = exc.errors
        return report
    except limits.LimitExceeded as exc:
        report.errors = [exc.message]
        return report
    planned = _plan(environment, catalog_name, snapshot)
    details = {
        sf.short_name(function.identifier): (function.identifier, extras)
        for function, extras in snapshot.functions
        if extras.get("returnType") is not None or extras.get("artifact") is not None
    }

    def after(statement: sf.PlannedStatement) -> str | None:
        found = details.get(statement.name) if statement.kind == "function" else None
        if found is None:
            return None
        identifier, extras = found
        try:
            _set_function_details(environment, catalog_name, identifier, extras, user)
        except ServiceError as exc:
            report.error_code = exc.code
            return exc.message
        return None

    return run_statements(
        environment, planned, user, report, after, variables, skip_broken, count=count
    )


def _set_function_details(
    environment: Environment,
    catalog_name: str,
    identifier: ObjectIdentifier,
    extras: dict[str, Any],
    user: Any,
) -> None:
    """Give an imported function its declared return type and artifact, through the service
    the API uses (so the same role and Use rules apply); a refusal is a :class:`ServiceError`
    naming the function and the field."""
    name = sf.short_name(identifier)
    called = ObjectIdentifier(catalog_name, identifier.database, identifier.name)
    function = store.functions_named(environment, called).first()
    if function is None:
        raise ServiceError(f"function {name}: not found after it was created.")
    for key, argument in (("returnType", "return_type"), ("artifact", "artifact")):
        if extras.get(key) is None:
            continue
        try:
            set_function_details(function, user, **{argument: extras[key]})
        except ServiceError as exc:
            raise ServiceError(f"function {name}: {key}: {exc.message}", exc.code) from None


def _plan(
    environment: Environment, catalog_name: str, snapshot: sf.Snapshot
) -> list[sf.PlannedStatement]:
    exists = store.catalog_or_none(environment, catalog_name) is not None
    return sf.import_statements(snapshot, catalog_name, create_catalog=not exists)


def run_statements(
    environment: Environment,
    planned: list[sf.PlannedStatement],
    user: Any,
    report: ImportReport,
    after: Callable[[sf.PlannedStatement], str | None] | None = None,
    variables: Mapping[str, str] | None = None,
    skip_broken: bool = False,
    count: Counted | None = None,
) -> ImportReport:
    """Run ``planned`` in one transaction; ``after`` runs once a statement succeeded and
    answers a failure message (or None), which fails the import like a failed statement.
    A placeholder is never stored: each takes its value from ``variables``, and without
    one for every placeholder nothing runs (:func:`filled`).

    The statements run as the executor's bulk batches (the same rules, CREATE statements
    written set-wise), which stop at the first failure. A dry run that fails then runs every
    statement on its own instead, so that it reports what each of them would do.

    With ``count`` (statements run of total), the batches are at most :data:`CHUNK`
    statements long, so that it is told as they go; all of them stay one transaction."""
    planned = filled(planned, variables or {}, report)
    if report.missing_variables:
        return report
    executor = Executor(Session.start(environment), user)
    with executor.all_or_nothing(), marks.observed() as changes:
        if skip_broken:
            planned = _without_unresolved(environment, user, planned, report, after)
        ok = _run_in_batches(executor, planned, report, after, count)
        if not ok and report.dry_run:
            report.outcomes, report.errors = [], []
            _run_one_by_one(Executor(Session.start(environment), user), planned, report, after)
        if not ok or report.dry_run:
            transaction.set_rollback(True)
        else:
            report.applied = True
    report.impacts = impacts_of(changes) if report.ok else []
    return report


def filled(
    planned: list[sf.PlannedStatement], variables: Mapping[str, str], report: ImportReport
) -> list[sf.PlannedStatement]:
    """``planned`` with its placeholder option values filled in; a view's query is not an
    option and keeps its literals. Missing values are put on ``report``."""
    options = [p for p in planned if p.kind != "view"]
    needed = placeholder_variables(p.sql for p in options)
    report.missing_variables = [name for name in needed if not variables.get(name)]
    if report.missing_variables:
        names = ", ".join(f"${{{name}}}" for name in report.missing_variables)
        report.errors.append(
            f"The snapshot holds placeholders instead of secret values: {names}. Give a value "
            "for each to import it; nothing was imported."
        )
        return planned
    return [
        p if p.kind == "view" else replace(p, sql=fill_placeholders(p.sql, variables))
        for p in planned
    ]


class _Undo(Exception):
    """Undoes a failed run of batches."""


def _without_unresolved(
    environment: Environment,
    user: Any,
    planned: list[sf.PlannedStatement],
    report: ImportReport,
    after: Callable[[sf.PlannedStatement], str | None] | None,
) -> list[sf.PlannedStatement]:
    """``planned`` without the views whose query does not resolve, found by running every
    statement on its own in a transaction rolled back (a view reading a left-out view fails
    too, so it is left out with it); they are named on ``report.skipped``."""
    trial = ImportReport(dry_run=True)
    try:
        with transaction.atomic():
            _run_one_by_one(Executor(Session.start(environment), user), planned, trial, after)
            raise _Undo
    except _Undo:
        pass
    unresolved = [o for o in trial.outcomes if o.unresolved]
    report.skipped = [f"{o.statement.name}: {o.result.error}" for o in unresolved]  # type: ignore[union-attr]
    left_out = {id(o.statement) for o in unresolved}
    return [p for p in planned if id(p) not in left_out]


def _run_in_batches(
    executor: Executor,
    planned: list[sf.PlannedStatement],
    report: ImportReport,
    after: Callable[[sf.PlannedStatement], str | None] | None,
    count: Counted | None = None,
) -> bool:
    """Run ``planned`` in bulk batches, then ``after`` for each statement of a batch; a batch
    ends after a function, so that ``after`` gives it its details (a return type) before the
    views that may call it are created, and, with ``count``, after :data:`CHUNK` statements.
    True when all succeeded; otherwise nothing stays and the statements after the failure are
    reported as not run."""
    try:
        with transaction.atomic():
            start = 0
            for end, statement in enumerate(planned, 1):
                full = count is not None and end - start >= CHUNK
                after_function = after is not None and statement.kind == "function"
                if end < len(planned) and not (full or after_function):
                    continue
                batch = planned[start:end]
                start = end
                results = executor.execute_bulk([p.sql for p in batch])
                pairs = list(zip(batch, results, strict=False))
                report.outcomes += [ImportOutcome(p, r) for p, r in pairs]
                if len(results) < len(batch) or not all(r.ok for r in results):
                    raise _Undo
                for done in batch if after is not None else []:
                    problem = after(done)
                    if problem is not None:
                        report.errors.append(problem)
                        raise _Undo
                if count is not None:
                    count(end, len(planned))
    except _Undo:
        done = len(report.outcomes)
        report.outcomes += [ImportOutcome(p, None) for p in planned[done:]]
        return False
    return True


def _run_one_by_one(
    executor: Executor,
    planned: list[sf.PlannedStatement],
    report: ImportReport,
    after: Callable[[sf.PlannedStatement], str | None] | None,
) -> None:
    for statement in planned:
        result = executor.execute(statement.sql)
        report.outcomes.append(ImportOutcome(statement, result))
        problem = after(statement) if after is not None and result.ok else None
        if problem is not None:
            report.errors.append(problem)
