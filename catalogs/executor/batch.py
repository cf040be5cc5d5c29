"""A unit of work for a run of CREATE DATABASE / TABLE / VIEW statements.

The handlers run unchanged in a :class:`BatchContext`: it answers their lookups from what the
run has created so far and from stored rows it looked up once, and keeps their writes (rows,
columns, dependencies, history, views whose marks to recompute) until :meth:`flush` writes them
all with a few bulk inserts. The rules, their messages and what gets stored are the handlers';
only the number of queries differs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from catalogs import models as m
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import CatalogTable, CatalogView, ObjectIdentifier, function_name
from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.views import Relation, relations_named

from . import marks, store
from .handlers.context import Context
from .reader import SessionCatalogReader

# rows per INSERT (PostgreSQL allows 65,535 parameters a query; SQLite is capped by Django)
ROWS_PER_INSERT = 1000

Definition = CatalogTable | CatalogView


@dataclass
class _Created:
    """A table or view the run created, as it will be stored."""

    row: m.Table
    columns: list[m.Column]
    definition: Definition  # read back from the rows, as a later statement would read it
    dependencies: list[m.Dependency]
    lineage: list[m.ColumnLineage]


@dataclass
class _Stored:
    row: m.Table | None
    definition: Definition | None


class FlushFailed(Exception):
    """Writing the run failed; ``position`` is the statement to blame."""

    def __init__(self, position: int, cause: Exception) -> None:
        super().__init__(str(cause))
        self.position = position
        self.cause = cause


@dataclass
class BatchContext(Context):
    # the statement being run, counted from 0 (set by the caller; blamed for what fails later)
    position: int = 0
    _catalogs: dict[str, m.Catalog | None] = field(default_factory=dict)
    _databases: dict[tuple[str, str], m.Database | None] = field(default_factory=dict)
    _stored: dict[ObjectIdentifier, _Stored] = field(default_factory=dict)
    _functions: dict[str, str | None] = field(default_factory=dict)
    _new_databases: list[m.Database] = field(default_factory=list)
    _created: dict[ObjectIdentifier, _Created] = field(default_factory=dict)
    _history: list[tuple[m.HistoryEntry, list[m.HistoryChange]]] = field(default_factory=list)
    _to_lock: dict[ObjectIdentifier, int] = field(default_factory=dict)
    _to_refresh: list[ObjectIdentifier] = field(default_factory=list)
    # created views that read a stored view with a mark: theirs is computed once written
    _to_mark: list[ObjectIdentifier] = field(default_factory=list)
    _reader: SessionCatalogReader | None = None

    def look_up_created(self, statements: Iterable[st.Statement]) -> None:
        """Find out together which of the names ``statements`` create are taken, so that
        running them needs no query for it."""
        databases: dict[str, set[str]] = {}
        relations: dict[str, set[tuple[str, str]]] = {}
        for s in statements:
            if isinstance(s, st.CreateDatabase):
                catalog, name = self.session.resolve_database(s.path)
                databases.setdefault(catalog, set()).add(name)
            elif isinstance(s, st.CreateTable | st.CreateView) and not s.temporary:
                identifier = self.identifier(s.path)
                databases.setdefault(identifier.catalog, set()).add(identifier.database)
                pair = (identifier.database, identifier.name)
                relations.setdefault(identifier.catalog, set()).add(pair)
        for catalog_name, names in databases.items():
            catalog = self.catalog_or_none(catalog_name)
            if catalog is None:
                continue
            stored_names = {store.normalize(catalog, n) for n in names}
            found = store.databases_named(catalog, stored_names)
            for name in stored_names:
                self._databases[(catalog.name, name)] = found.get(name)
        for catalog_name, pairs in relations.items():
            taken = store.taken_names(self.environment, catalog_name, pairs)
            for database, name in pairs - taken:
                identifier = ObjectIdentifier(catalog_name, database, name)
                self._stored[identifier] = _Stored(None, None)

    def look_up_read(self, statements: Iterable[st.Statement]) -> None:
        """Look up together the stored tables and views that the views of ``statements`` read,
        and what those views read in turn, so that validating them needs no query for it."""
        session = self.session
        names = [
            _resolve(parts, session.current_catalog, session.current_database)
            for s in statements
            if isinstance(s, st.CreateView)
            for parts in relations_named(s.query)
        ]
        while names:
            # a stored view is expanded again when read (from its own catalog and database)
            names = [
                _resolve(parts, view.identifier.catalog, view.identifier.database)
                for view in self._look_up_stored(names)
                for parts in relations_named(view.expanded_query)
            ]

    def _look_up_stored(self, names: Iterable[ObjectIdentifier | None]) -> list[CatalogView]:
        """Look up the stored relations of ``names`` not known yet; the views among them."""
        wanted: dict[str, set[tuple[str, str]]] = {}
        for identifier in names:
            if identifier is None or identifier in self._stored or identifier in self._created:
                continue
            wanted.setdefault(identifier.catalog, set()).add((identifier.database, identifier.name))
        views = []
        for catalog_name, pairs in wanted.items():
            found = store.relation_rows(self.environment, catalog_name, pairs)
            catalog = self.catalog_or_none(catalog_name)
            # a Hive catalog finds a name in lower case too: leave a miss to _stored_relation
            misses_are_final = catalog is None or not catalog.lower_cases_names
            for pair in pairs:
                identifier = ObjectIdentifier(catalog_name, *pair)
                row = found.get(pair)
                if row is not None:
                    definition = store.relation_definition(row, identifier)
                    self._stored[identifier] = _Stored(row, definition)
                    if isinstance(definition, CatalogView):
                        views.append(definition)
                elif misses_are_final:
                    self._stored[identifier] = _Stored(None, None)
        return views

    # -- lookups: what the run created, else what is stored (looked up once) ----------------

    def catalog_or_none(self, name: str) -> m.Catalog | None:
        if name not in self._catalogs:
            self._catalogs[name] = super().catalog_or_none(name)
        return self._catalogs[name]

    def database_or_none(self, catalog: m.Catalog, name: str) -> m.Database | None:
        key = (catalog.name, store.normalize(catalog, name))
        if key not in self._databases:
            database = super().database_or_none(catalog, name)
            if database is not None:
                database.catalog = catalog
            self._databases[key] = database
        return self._databases[key]

    def relation_row_in(self, database: m.Database, name: str) -> m.Table | None:
        catalog = database.catalog
        identifier = ObjectIdentifier(catalog.name, database.name, store.normalize(catalog, name))
        created = self._created.get(identifier)
        return created.row if created is not None else self._stored_relation(identifier).row

    def permanent_relation(self, identifier: ObjectIdentifier) -> Definition | None:
        created = self._created_as(identifier)
        if created is not None:
            return created
        return self._stored_relation(identifier).definition

    def function_name(self, name: str) -> str | None:
        key = function_name(name)
        if key not in self._functions:
            self._functions[key] = super().function_name(name)
        return self._functions[key]

    def catalog_reader(self) -> SessionCatalogReader:
        if self._reader is None:
            self._reader = _RememberingReader(self)
        return self._reader

    def _created_as(self, identifier: ObjectIdentifier) -> Definition | None:
        """What the run created under that name; Hive catalogs match it in lower case too,
        as :func:`store.relation_row` does."""
        created = self._created.get(identifier)
        if created is not None:
            return created.definition
        catalog = self.catalog_or_none(identifier.catalog)
        if catalog is None or not catalog.lower_cases_names:
            return None
        lowered = ObjectIdentifier(
            identifier.catalog, identifier.database.lower(), identifier.name.lower()
        )
        created = self._created.get(lowered)
        if created is None:
            return None
        return dataclasses.replace(created.definition, identifier=identifier)

    def _stored_relation(self, identifier: ObjectIdentifier) -> _Stored:
        found = self._stored.get(identifier)
        if found is None:
            row = self.permanent_row(identifier)
            definition = None if row is None else store.relation_definition(row, identifier)
            found = self._stored[identifier] = _Stored(row, definition)
        return found

    # -- writes: kept until flush() -------------------------------------------------------

    def insert_database(self, database: m.Database) -> bool:
        self._new_databases.append(database)
        self._databases[(database.catalog.name, database.name)] = database
        return True

    def insert_table(self, database: m.Database, table: CatalogTable) -> bool:
        row = store.table_row(database, table, None)
        columns = store.table_columns(row, table)
        self._create(row, columns, table.identifier, [], [])
        return True

    def write_view(
        self,
        database: m.Database,
        view: CatalogView,
        existing: m.Table | None,
        dependencies: list[m.Dependency],
        lineage: list[m.ColumnLineage],
    ) -> bool:
        # A batch only creates: OR REPLACE runs through the statement path (bulk.BATCHED).
        assert existing is None, "a batch does not replace views"
        row = store.view_row(database, view, None)
        columns = store.view_columns(row, view)
        if any(self._marked(marks.dependency_target(d)) for d in dependencies):
            self._to_mark.append(view.identifier)
        for source in [*dependencies, *lineage]:
            source.view = row
        self._create(row, columns, view.identifier, dependencies, lineage)
        return True

    def _create(
        self,
        row: m.Table,
        columns: list[m.Column],
        identifier: ObjectIdentifier,
        dependencies: list[m.Dependency],
        lineage: list[m.ColumnLineage],
    ) -> None:
        definition = store.relation_definition(row, identifier, columns)
        self._created[identifier] = _Created(row, columns, definition, dependencies, lineage)

    def lock_relations(self, identifiers: Iterable[ObjectIdentifier]) -> None:
        for identifier in identifiers:
            if identifier in self.session.temporary_tables:
                continue
            if self._created_as(identifier) is not None:
                continue
            if self._stored_relation(identifier).row is None:
                raise ValidationError(f"Object '{identifier.name}' not found")
            self._to_lock.setdefault(identifier, self.position)

    def refresh_readers(self, *identifiers: ObjectIdentifier) -> None:
        self._to_refresh.extend(identifiers)

    def save_history(self, entry: m.HistoryEntry, changes: list[m.HistoryChange]) -> None:
        self._history.append((entry, changes))

    # -- flush ----------------------------------------------------------------------------

    def flush(self) -> None:
        """Write everything the run created; raises :class:`FlushFailed`."""
        try:
            self._lock()
            readers = marks.readers_of_any(self, self._to_refresh)
            self._insert()
        except FlushFailed:
            raise
        except Exception as exc:  # blamed on the run's last statement
            raise FlushFailed(self.position, exc) from exc
        # the views that read a name the run created, from the state it leaves
        marks.recompute(Context(self.session, self.user), readers)
        # a view created over a stale view is stale too, and so is every view over it
        if self._to_mark:
            marks.refresh_readers(Context(self.session, self.user), *self._to_mark)

    def _marked(self, identifier: ObjectIdentifier) -> bool:
        """Whether a stored relation (not one the run created) carries a mark."""
        stored = self._stored.get(identifier)
        row = stored.row if stored is not None else None
        return row is not None and row.status != m.Table.Status.OK

    def _lock(self) -> None:
        """Lock the stored relations the run's views read, in a fixed order, as the statement
        path does for each view; one dropped meanwhile fails the first view that read it."""
        order = sorted(self._to_lock, key=lambda i: (i.catalog, i.database, i.name))
        for start in range(0, len(order), store.NAMES_PER_QUERY):
            chunk = order[start : start + store.NAMES_PER_QUERY]
            wanted = {self._stored[i].row.pk: i for i in chunk}  # type: ignore[union-attr]
            locked = set(
                m.Table.objects.select_for_update(of=("self",))
                .filter(pk__in=wanted)
                .order_by("database__catalog__name", "database__name", "name")
                .values_list("pk", flat=True)
            )
            gone = [i for pk, i in wanted.items() if pk not in locked]
            if gone:
                first = min(gone, key=lambda i: self._to_lock[i])
                error = ValidationError(f"Object '{first.name}' not found")
                raise FlushFailed(self._to_lock[first], error)

    def _insert(self) -> None:
        created = list(self._created.values())
        for row in [*self._new_databases, *(c.row for c in created)]:
            row.keep_secret_fingerprints()  # bulk_create does not save() each row
        m.Database.objects.bulk_create(self._new_databases, batch_size=ROWS_PER_INSERT)
        m.Table.objects.bulk_create([c.row for c in created], batch_size=ROWS_PER_INSERT)
        m.Column.objects.bulk_create(
            [column for c in created for column in c.columns], batch_size=ROWS_PER_INSERT
        )
        m.Dependency.objects.bulk_create(
            [d for c in created for d in c.dependencies], batch_size=ROWS_PER_INSERT
        )
        m.ColumnLineage.objects.bulk_create(
            [s for c in created for s in c.lineage], batch_size=ROWS_PER_INSERT
        )
        entries = [entry for entry, _ in self._history]
        m.HistoryEntry.objects.bulk_create(entries, batch_size=ROWS_PER_INSERT)
        for entry, changes in self._history:
            for change in changes:
                change.entry = entry
        m.HistoryChange.objects.bulk_create(
            [change for _, changes in self._history for change in changes],
            batch_size=ROWS_PER_INSERT,
        )


def _resolve(parts: tuple[str, ...], catalog: str, database: str) -> ObjectIdentifier | None:
    """A name as a query writes it, completed as the view validator completes it."""
    if not 1 <= len(parts) <= 3:
        return None
    return ObjectIdentifier(*((catalog, database)[: 3 - len(parts)] + parts))


class _RememberingReader(SessionCatalogReader):
    """Remembers each relation it could read: while a run of CREATE statements lasts nothing
    it read can be dropped or changed, so a view read again need not be expanded again."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._read: dict[ObjectIdentifier, Relation] = {}

    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        known = self._read.get(identifier)
        if known is None:
            known = super().relation(identifier)
            if known is not None:
                self._read[identifier] = known
        return known
