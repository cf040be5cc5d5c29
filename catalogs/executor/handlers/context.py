"""What every handler needs: the session, the user, and lookups that raise Flink's errors."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, connection, transaction

from catalogs import models as m
from catalogs.executor import store
from catalogs.executor.identity import (
    CATALOG,
    DATABASE,
    FUNCTION,
    RELATION,
    IdentityMap,
    kept_rows,
)
from catalogs.executor.session import Session
from catalogs.flinksql.catalog import (
    CatalogTable,
    CatalogView,
    ObjectIdentifier,
    called_function,
)
from catalogs.flinksql.errors import AlreadyExists, ValidationError

if TYPE_CHECKING:
    from catalogs.executor.reader import SessionCatalogReader

Result = tuple[list[str], list[list[Any]]]
OK: Result = (["result"], [["OK"]])


def already_exists(identifier: ObjectIdentifier) -> AlreadyExists:
    """Tables and views share one set of names, and this one message."""
    return AlreadyExists(
        f"Table (or view) {identifier.database}.{identifier.name} already exists in "
        f"Catalog {identifier.catalog}."
    )


@dataclass
class Context:
    session: Session
    user: Any = None
    # the rows this statement has read (set while the executor runs one statement: see
    # catalogs.executor.identity); None reads every time
    rows: IdentityMap | None = field(default=None, repr=False, compare=False)

    @property
    def environment(self):
        return self.session.environment

    @contextmanager
    def keeping_rows(self, shared: IdentityMap | None = None) -> Iterator[None]:
        """Read each catalog, database and relation row once while the block runs (one
        statement, inside its transaction), unless a write may have changed it; with
        ``shared``, keep them there (an identity map that already watches the connection)."""
        with nullcontext(shared) if shared is not None else kept_rows() as rows:
            self.rows = rows
            try:
                yield
            finally:
                self.rows = None

    # Lookups and writes go through these methods, so a batch (catalogs.executor.batch) can
    # answer them from what it has created so far and write set-wise at its end.

    def catalog_or_none(self, name: str) -> m.Catalog | None:
        if self.rows is None:
            return store.catalog_or_none(self.environment, name)
        return self.rows.get((CATALOG, name), lambda: store.catalog_or_none(self.environment, name))

    def catalog(self, name: str, message: str = store.MISSING_CATALOG) -> m.Catalog:
        """The catalog, or Flink's error; Flink words it differently for each statement."""
        return store.found_catalog(self.catalog_or_none(name), name, message)

    def database_or_none(self, catalog: m.Catalog, name: str) -> m.Database | None:
        def load() -> m.Database | None:
            database = store.database_or_none(catalog, name)
            if database is not None:
                database.catalog = catalog  # read already: not again through the key
            return database

        if self.rows is None:
            return load()
        return self.rows.get((DATABASE, catalog.pk, store.normalize(catalog, name)), load)

    def database(self, catalog_name: str, database_name: str) -> m.Database:
        return store.get_database(self.catalog(catalog_name), database_name)

    def relation_row_in(self, database: m.Database, name: str) -> m.Table | None:
        """The stored table or view ``name`` of ``database``."""

        if self.rows is None:
            row = store.table_or_none(database, name)
            if row is not None:
                row.database = database
            return row
        # the same row as the name resolved (one read for both)
        catalog = database.catalog
        name = store.normalize(catalog, name)
        return self.permanent_row(ObjectIdentifier(catalog.name, database.name, name))

    def insert_database(self, database: m.Database) -> bool:
        """Save a new database; False when a concurrent statement took its name."""
        return _inserted(database.save)

    def insert_table(self, database: m.Database, table: CatalogTable) -> bool:
        """Save a new table; False when a concurrent statement took its name."""
        return _inserted(lambda: store.write_table(database, table, None))

    def write_view(
        self,
        database: m.Database,
        view: CatalogView,
        existing: m.Table | None,
        dependencies: list[m.Dependency],
        lineage: list[m.ColumnLineage],
    ) -> bool:
        """Save a new view or replace ``existing``, with what it reads and its column
        lineage; False when a concurrent statement took its name."""
        # no savepoint: the caller fails the statement at once when it was not written
        return _inserted(
            lambda: store.write_view(database, view, existing, dependencies, lineage),
            savepoint=False,
        )

    def lock_relations(self, identifiers: Iterable[ObjectIdentifier]) -> None:
        """Lock the stored tables and views of ``identifiers`` (in a fixed order) until the
        transaction ends; one that is gone fails the statement."""
        for identifier in sorted(identifiers, key=lambda i: (i.catalog, i.database, i.name)):
            if identifier in self.session.temporary_tables:
                continue
            if self.permanent_row(identifier, for_update=True) is None:
                raise ValidationError(f"Object '{identifier.name}' not found")

    def refresh_readers(self, *identifiers: ObjectIdentifier) -> None:
        """Recompute the marks of the views that read ``identifiers``."""
        from catalogs.executor import marks  # marks reads through a Context

        marks.refresh_readers(self, *identifiers)

    def save_history(self, entry: m.HistoryEntry, changes: list[m.HistoryChange]) -> None:
        """Keep a history entry and the changes it made."""
        entry.save()
        for change in changes:
            change.entry = entry
        m.HistoryChange.objects.bulk_create(changes)

    def catalog_reader(self) -> SessionCatalogReader:
        """What the view normalizer reads the catalog through."""
        from catalogs.executor.reader import SessionCatalogReader

        return SessionCatalogReader(self)

    def identifier(self, path: tuple[str, ...]) -> ObjectIdentifier:
        """The fully qualified name, in the case the catalog stores names."""
        identifier = self.session.resolve(path)
        catalog = self.catalog_or_none(identifier.catalog)
        if catalog is not None and catalog.lower_cases_names:
            return ObjectIdentifier(
                identifier.catalog, identifier.database.lower(), identifier.name.lower()
            )
        return identifier

    def writable(self, catalog: m.Catalog) -> m.Catalog:
        if catalog.is_read_only:
            raise ValidationError(
                f"Catalog '{catalog.name}' is a {catalog.catalog_type} catalog, which is "
                "read-only: Flink's JDBC catalog implements only reading, so it cannot store "
                "this change."
            )
        return catalog

    def permanent_table(self, identifier: ObjectIdentifier) -> tuple[m.Database, m.Table | None]:
        """The database of ``identifier`` (which must exist) and the table or view in it."""
        database = self.database(identifier.catalog, identifier.database)
        return database, store.table_or_none(database, identifier.name)

    def function_name(self, name: str) -> str | None:
        """The qualified name of the user-defined function an expression calls by ``name``."""
        session = self.session
        identifier = called_function(session.current_catalog, session.current_database, name)
        for key in session.temporary_functions if "." not in name else ():
            if key.name == identifier.name and key.catalog in ("", session.current_catalog):
                return key.name if key.catalog == "" else str(key)
        if self.stored_function(identifier) is not None:
            return str(identifier)
        return None

    def stored_function(self, identifier: ObjectIdentifier) -> m.Function | None:
        """The stored function ``identifier`` names: a view's query asks for each call, so
        the statement reads it once."""

        def load() -> m.Function | None:
            return store.function_or_none(self.environment, identifier)

        if self.rows is None:
            return load()
        return self.rows.get((FUNCTION, identifier), load)

    def find_table(self, identifier: ObjectIdentifier) -> CatalogTable | None:
        relation = self.find_relation(identifier)
        return relation if isinstance(relation, CatalogTable) else None

    def find_relation(
        self, identifier: ObjectIdentifier, temporary: bool = True
    ) -> CatalogTable | CatalogView | None:
        """The table or view of that name; a temporary one shadows a permanent one."""
        if temporary:
            found = self.session.temporary_tables.get(identifier)
            if found is not None:
                return found
        return self.permanent_relation(identifier)

    def permanent_relation(self, identifier: ObjectIdentifier) -> CatalogTable | CatalogView | None:
        """The stored table or view of that name."""
        row = self.permanent_row(identifier)
        return None if row is None else store.relation_definition(row, identifier)

    def listed_database(self, path: tuple[str, ...] | None) -> m.Database:
        """The database ``SHOW TABLES`` / ``SHOW VIEWS [FROM path]`` lists."""
        session = self.session
        if path is None:
            catalog_name, database_name = session.current_catalog, session.current_database
        else:
            catalog_name, database_name = session.resolve_database(path)
        catalog = self.catalog(catalog_name, "Catalog {name} does not exist")
        database = store.database_or_none(catalog, database_name)
        if database is None:
            raise ValidationError(f"Database '{catalog_name}'.'{database_name}' doesn't exist.")
        return database

    def temporary_names(self, database: m.Database, kind: type = object) -> list[ObjectIdentifier]:
        """The session's temporary tables or views (of ``kind``) in ``database``."""
        place = (database.catalog.name, database.name)
        return [
            identifier
            for identifier, found in self.session.temporary_tables.items()
            if (identifier.catalog, identifier.database) == place and isinstance(found, kind)
        ]

    def rename(self, row: m.Table, identifier: ObjectIdentifier, new_name: str) -> None:
        """Rename a stored table or view within its database; the views that read either
        name are marked again."""
        target = ObjectIdentifier(identifier.catalog, identifier.database, new_name)
        if store.table_or_none(row.database, new_name) is not None:
            raise already_exists(target)
        row.name = new_name
        row.version += 1
        if not _inserted(row.save, savepoint=False):
            raise already_exists(target)
        self.refresh_readers(identifier, target)

    def permanent_row(
        self, identifier: ObjectIdentifier, for_update: bool = False
    ) -> m.Table | None:
        """The stored table or view of that name (one query, plus one for its columns).
        A locked row is always read again, and then kept. A database without row locks
        (SQLite, whose statement holds the whole file from BEGIN IMMEDIATE) has nothing to
        read again: what the statement read is what it would lock."""
        for_update = for_update and connection.features.has_select_for_update
        if self.rows is None:
            return store.relation_row(self.environment, identifier, for_update)
        catalog = self.catalog_or_none(identifier.catalog)
        if catalog is None:
            return None
        # a database row read already: the table row by its key (a simpler query than the
        # joins of relation_row); Hive catalogs match names in lower case too, as store does
        unread = object()
        database = (
            unread
            if catalog.lower_cases_names
            else self.rows.peek((DATABASE, catalog.pk, identifier.database), unread)
        )
        if database is None:
            return None

        def load() -> m.Table | None:
            if database is unread:
                return store.relation_row(self.environment, identifier, for_update)
            return store.table_in(database, identifier.name, for_update)

        key = (RELATION, identifier)
        if not for_update:
            return self.rows.get(key, load)
        row = load()
        self.rows.put(key, row)
        return row


def _inserted(write: Callable[[], object], savepoint: bool = True) -> bool:
    """Run ``write`` in a savepoint; False when it broke a unique name (a concurrent
    statement created the same name first). Without the ``savepoint``, a caller told False
    must fail the statement at once: on PostgreSQL its transaction is aborted."""
    try:
        with transaction.atomic(savepoint=savepoint):
            write()
    except IntegrityError:
        return False
    return True
