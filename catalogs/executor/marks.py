"""Broken and stale marks of views, by what Flink 2.3 does when a new statement reads the view.

Reading a view, Flink expands its stored query again against today's catalog, and casts each
column whose type differs to the type the view stored (``tests/goldens/casts_oracle.json``):

- **broken**: Flink fails to plan the read: something the view reads, directly or through
  other views, is gone, a column it reads is gone, or a column has a type the query (or the
  cast to the stored type) cannot accept. The mark names the path and what is missing.
- **stale**: Flink plans it but casts a value to the view's stored type; the mark names each
  column, both types, and whether the cast can lose data (narrowing) or not (widening).

Marks propagate to every view reading a marked view, at any depth, with the path, and clear
exactly when their cause goes away. Views are never dropped for that (Flink keeps them too).

The views a change can mark are found level by level through the indexed dependency rows (a
few queries per level of views, not per view); a view whose read objects are as it recorded
them is not expanded again.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from catalogs import models as m
from catalogs.flinksql.casts import cast_refusal, comparable, loses_data
from catalogs.flinksql.catalog import CatalogTable, CatalogView, ObjectIdentifier
from catalogs.flinksql.errors import FlinkSqlError
from catalogs.flinksql.lineage import columns_read

from . import mark_queries as queries
from . import store
from .handlers.context import Context
from .session import Session


@dataclass(frozen=True)
class Cast:
    """A column Flink casts to the view's stored type."""

    column: str
    now: str  # the type the query yields today
    stored: str  # the type the view stored
    narrowing: bool

    def text(self) -> str:
        kind = (
            "narrowing: values can be cut, overflow or fail to convert"
            if self.narrowing
            else "widening: no value changes"
        )
        return f"{self.column} {self.now} -> {self.stored} ({kind})"


@dataclass(frozen=True)
class Cause:
    """Why a view is marked: the path from it to the object whose change is the reason, what
    is wrong there, the columns concerned, and the casts Flink inserts (stale only)."""

    path: tuple[ObjectIdentifier, ...]
    problem: str
    columns: tuple[str, ...] = ()
    casts: tuple[Cast, ...] = ()

    def text(self) -> str:
        where = " -> ".join(str(p) for p in self.path)
        casts = f"; Flink casts {', '.join(c.text() for c in self.casts)}" if self.casts else ""
        return f"{self.problem}{casts} (path {where})"

    def through(self, view: ObjectIdentifier) -> Cause:
        return Cause((view, *self.path), self.problem, self.columns, self.casts)


@dataclass(frozen=True)
class Mark:
    status: str
    causes: tuple[Cause, ...] = ()

    @property
    def reason(self) -> str:
        if self.status == m.Table.Status.BROKEN:
            head = "Flink cannot plan a read of this view: "
        elif self.status == m.Table.Status.STALE:
            head = "Flink plans a read of this view but casts to its stored types: "
        else:
            return ""
        return head + "; ".join(c.text() for c in self.causes) + "."

    @property
    def columns(self) -> list[str]:
        found: list[str] = []
        for cause in self.causes:
            found += [c for c in cause.columns if c not in found]
            found += [c.column for c in cause.casts if c.column not in found]
        return found


OK = Mark(m.Table.Status.OK)


@dataclass
class MarkChange:
    """A view whose mark a change set: what it was and what it is now."""

    view: ObjectIdentifier
    before: str
    before_reason: str
    mark: Mark


_observers: contextvars.ContextVar[list[list[MarkChange]] | None] = contextvars.ContextVar(
    "mark_observers", default=None
)


@contextmanager
def observed() -> Iterator[list[MarkChange]]:
    """Collect every mark change stored while the block runs (for an impact report)."""
    changes: list[MarkChange] = []
    token = _observers.set([*(_observers.get() or []), changes])
    try:
        yield changes
    finally:
        _observers.reset(token)


# -- what a view reads, recorded when it is defined ---------------------------------------
def dependency_rows(
    ctx: Context, dependencies: Iterable, expanded_query: str
) -> list[m.Dependency]:
    """Rows recording what a view reads, with the type of every column it reads."""
    read = columns_read(expanded_query)
    rows = []
    for dependency in dependencies:
        identifier = dependency.identifier
        columns: dict[str, str] = {}
        if dependency.kind in ("table", "view"):
            relation = ctx.find_relation(identifier)
            if relation is not None:
                names = read.get(identifier, set())
                columns = {k: v for k, v in column_types(relation).items() if k in names}
        rows.append(
            m.Dependency(
                environment=ctx.environment,
                kind=dependency.kind,
                catalog_name=identifier.catalog,
                database_name=identifier.database,
                object_name=identifier.name,
                columns=columns,
            )
        )
    return rows


def column_types(relation: CatalogTable | CatalogView) -> dict[str, str]:
    """Each column's type as a view reading it sees it (time attributes included): what is
    recorded when a view is defined and compared when its marks are recomputed."""
    columns = (
        relation.time_attributed_columns()
        if isinstance(relation, CatalogTable)
        else relation.columns
    )
    return {c.name: c.data_type.summary() for c in columns}


# -- entry points ------------------------------------------------------------------------------
def refresh_readers(ctx: Context, *identifiers: ObjectIdentifier) -> None:
    """Recompute the marks of the views named ``identifiers`` and of every view reading them,
    at any depth."""
    env = ctx.environment
    start = _views_named(env, identifiers)
    readers = _readers(env, identifiers)
    # the readers of ``identifiers`` are known: not looked up again
    _refresh(ctx, {**start, **readers}, read=set(identifiers))


def readers_of_any(ctx: Context, identifiers: Iterable[ObjectIdentifier]) -> list[m.Table]:
    """The views that read one of ``identifiers``, each once."""
    return list(_readers(ctx.environment, identifiers).values())


def refresh_readers_within(ctx: Context, catalog: str, database: str | None = None) -> None:
    """Recompute the marks of every view that reads something in a dropped catalog or
    database, and of the views reading those."""
    dependencies = m.Dependency.objects.filter(environment=ctx.environment, catalog_name=catalog)
    if database is not None:
        dependencies = dependencies.filter(database_name=database)
    view_ids = list(dependencies.values_list("view_id", flat=True).distinct())
    _refresh(ctx, _rows(queries.views_keyed(view_ids)))


def recompute(ctx: Context, views: Iterable[m.Table]) -> None:
    """Compute the marks of ``views`` and of every view reading them, and store those that
    changed."""
    _refresh(ctx, _rows(queries.views_keyed(v.pk for v in views)))


# -- the closure and its computation ------------------------------------------------------------
def _identifier(row: m.Table) -> ObjectIdentifier:
    return ObjectIdentifier(row.database.catalog.name, row.database.name, row.name)


def _rows(rows: Iterable[m.Table]) -> dict[ObjectIdentifier, m.Table]:
    return {_identifier(r): r for r in rows}


def _views_named(env, identifiers: Iterable[ObjectIdentifier]) -> dict[ObjectIdentifier, m.Table]:
    return _rows(queries.views_named(env.pk, identifiers))


def _readers(env, identifiers: Iterable[ObjectIdentifier]) -> dict[ObjectIdentifier, m.Table]:
    """The views reading one of ``identifiers`` directly."""
    view_ids = queries.reader_keys(env.pk, identifiers)
    return _rows(queries.views_keyed(view_ids)) if view_ids else {}


def _downstream(
    env, start: dict[ObjectIdentifier, m.Table], read: Iterable[ObjectIdentifier] = ()
) -> dict[ObjectIdentifier, m.Table]:
    """``start`` and every view reading one of them, at any depth: one round of queries per
    level. The readers of the names in ``read`` are in ``start`` already."""
    closure = dict(start)
    known = set(read)
    frontier = [i for i in start if i not in known]
    while frontier:
        found = _readers(env, frontier)
        frontier = [i for i in found if i not in closure]
        closure.update({i: found[i] for i in frontier})
    return closure


def _locked_closure(
    env, start: dict[ObjectIdentifier, m.Table], read: Iterable[ObjectIdentifier] = ()
) -> dict[ObjectIdentifier, m.Table]:
    """``start`` and the views reading it at any depth, each row locked and read again.

    A concurrent statement may have renamed or dropped one of them since it was read: the lock
    waits for that statement, the rows read again carry its names, and the readers of a new
    name join the closure. Rows are locked in key order, so two statements marking the same
    views do not wait on each other in a circle."""
    rows = _downstream(env, start, read)
    while True:
        locked = _rows(queries.views_keyed((r.pk for r in rows.values()), locked=True))
        if set(locked) <= set(rows):
            return locked
        rows = _downstream(env, locked)


def _dependencies(rows: Iterable[m.Table]) -> dict[int, list[m.Dependency]]:
    result: dict[int, list[m.Dependency]] = {r.pk: [] for r in rows}
    for d in queries.dependencies_of(result):
        result[d.view_id].append(d)
    return result


def dependency_target(d: m.Dependency) -> ObjectIdentifier:
    """What a dependency row names."""
    return ObjectIdentifier(d.catalog_name, d.database_name, d.object_name)


def _refresh(
    ctx: Context, start: dict[ObjectIdentifier, m.Table], read: Iterable[ObjectIdentifier] = ()
) -> None:
    if not start:
        return
    env = ctx.environment
    rows = _locked_closure(env, start, read)
    deps = _dependencies(rows.values())
    # marked views the closure reads: their causes are part of the closure's marks
    frontier = {dependency_target(d) for ds in deps.values() for d in ds} - set(rows)
    while frontier:
        found = {
            i: r for i, r in _views_named(env, frontier).items() if r.status != m.Table.Status.OK
        }
        rows.update(found)
        more = _dependencies(found.values())
        deps.update(more)
        frontier = {dependency_target(d) for ds in more.values() for d in ds} - set(rows)
    computed = _Computation(env, rows, deps, ctx).run()
    observers = _observers.get() or []
    for identifier, mark in computed.items():
        row = rows[identifier]
        reason = mark.reason
        if (mark.status, reason) == (row.status, row.status_reason):
            continue
        # an update, not a save: the view may have been dropped concurrently
        m.Table.objects.filter(pk=row.pk).update(status=mark.status, status_reason=reason)
        for changes in observers:
            changes.append(MarkChange(identifier, row.status, row.status_reason, mark))
        row.status, row.status_reason = mark.status, reason


@dataclass
class _Computation:
    env: object
    rows: dict[ObjectIdentifier, m.Table]
    deps: dict[int, list[m.Dependency]]
    # what the relations are read through (the statement's rows, read after the closure's lock)
    ctx: Context | None = None
    marks: dict[ObjectIdentifier, Mark] = field(default_factory=dict)
    _relations: dict[ObjectIdentifier, CatalogTable | CatalogView | None] = field(
        default_factory=dict
    )
    _functions: dict[ObjectIdentifier, bool] = field(default_factory=dict)

    def run(self) -> dict[ObjectIdentifier, Mark]:
        order, cyclic = self._order()
        for identifier in cyclic:
            chain = Cause((identifier,), "it reads itself through other views")
            self.marks[identifier] = Mark(m.Table.Status.BROKEN, (chain,))
        for identifier in order:
            self.marks[identifier] = self._mark(identifier, self.rows[identifier])
        return self.marks

    def _order(self) -> tuple[list[ObjectIdentifier], list[ObjectIdentifier]]:
        """The views, each after the views it reads (within the set); those in a cycle."""
        reads = {
            i: {dependency_target(d) for d in self.deps[r.pk]} & set(self.rows)
            for i, r in self.rows.items()
        }
        order: list[ObjectIdentifier] = []
        done: set[ObjectIdentifier] = set()
        pending = sorted(self.rows, key=str)
        while pending:
            ready = [i for i in pending if reads[i] <= done]
            if not ready:
                return order, pending
            order += ready
            done.update(ready)
            pending = [i for i in pending if i not in done]
        return order, []

    def _relation(self, identifier: ObjectIdentifier) -> CatalogTable | CatalogView | None:
        if identifier not in self._relations:
            row = (
                store.relation_row(self.env, identifier)  # type: ignore[arg-type]
                if self.ctx is None
                else self.ctx.permanent_row(identifier)
            )
            self._relations[identifier] = (
                None if row is None else store.relation_definition(row, identifier)
            )
        return self._relations[identifier]

    def _function_exists(self, identifier: ObjectIdentifier) -> bool:
        if identifier not in self._functions:
            found = store.function_or_none(self.env, identifier)  # type: ignore[arg-type]
            self._functions[identifier] = found is not None
        return self._functions[identifier]

    def _read_mark(self, identifier: ObjectIdentifier) -> Mark:
        return self.marks.get(identifier, OK)

    def _mark(self, identifier: ObjectIdentifier, row: m.Table) -> Mark:
        deps = self.deps[row.pk]
        broken: list[Cause] = []
        stale: list[Cause] = []
        for d in deps:
            read = self._read_mark(dependency_target(d))
            if read.status == m.Table.Status.BROKEN:
                broken += [c.through(identifier) for c in read.causes]
            elif read.status == m.Table.Status.STALE:
                stale += [c.through(identifier) for c in read.causes]
        if broken:
            return Mark(m.Table.Status.BROKEN, tuple(broken))
        own = self._own(identifier, row, deps)
        if own is not None and own.status == m.Table.Status.BROKEN:
            return own
        if own is not None:
            stale = [*own.causes, *stale]
        return Mark(m.Table.Status.STALE, tuple(stale)) if stale else OK

    def _own(self, identifier: ObjectIdentifier, row: m.Table, deps: list[m.Dependency]):
        """The view's own mark from what it reads directly; None when all of it is as the
        view recorded it."""
        problems: list[str] = []
        columns: list[str] = []
        origin: ObjectIdentifier | None = None
        for d in deps:
            target = dependency_target(d)
            if d.kind == m.Dependency.Kind.FUNCTION:
                if not self._function_exists(target):
                    problems.append(f"function {target} is gone")
                    origin = origin or target
                continue
            relation = self._relation(target)
            if relation is None:
                problems.append(f"{d.kind} {target} is gone")
                origin = origin or target
                continue
            current = column_types(relation)
            for name, was in sorted(d.columns.items()):
                now = current.get(name)
                if now is None:
                    problems.append(f"column {name} of {target} is gone")
                elif now != was:
                    problems.append(f"column {name} of {target} changed from {was} to {now}")
                else:
                    continue
                columns.append(f"{target}.{name}")
                origin = origin or target
        if origin is None:
            return None
        path = (identifier, origin)
        problem = "; ".join(problems)
        view = store.relation_definition(row, identifier)
        try:
            expanded = _expand(self.env, view)
        except (FlinkSqlError, RecursionError) as exc:
            message = exc.message if isinstance(exc, FlinkSqlError) else "too deeply nested"
            cause = Cause(path, f"{problem} (Flink: {message})", tuple(columns))
            return Mark(m.Table.Status.BROKEN, (cause,))
        casts: list[Cast] = []
        for stored, derived in zip(view.columns, expanded.columns, strict=False):
            was, now = stored.data_type, derived.data_type
            if comparable(was) == comparable(now):
                continue
            refusal = cast_refusal(now, was)
            if refusal is not None:
                detail = f"{problem}; column {stored.name} cannot be cast (Flink: {refusal})"
                cause = Cause(path, detail, tuple(columns))
                return Mark(m.Table.Status.BROKEN, (cause,))
            casts.append(Cast(stored.name, now.summary(), was.summary(), loses_data(now, was)))
        if not casts:
            return OK
        return Mark(m.Table.Status.STALE, (Cause(path, problem, tuple(columns), tuple(casts)),))


def _expand(env, view: CatalogView):
    """The view's stored query expanded again against today's catalog, in a session of its
    own (no temporary objects), as a new statement reading the view expands it."""
    from catalogs.flinksql.views import expand_view

    identifier = view.identifier
    session = Session.start(env, identifier.catalog, identifier.database)  # type: ignore[arg-type]
    reader = Context(session).catalog_reader()
    names = [c.name for c in view.columns]
    return expand_view(view.expanded_query, reader, identifier.catalog, identifier.database, names)
