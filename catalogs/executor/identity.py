"""The catalog rows one statement has read, so that it reads each of them once.

A statement asks for the same catalog, database and relation rows several times: to resolve
a name, to check a rule, for the history's definition before and after, to lock what a view
reads. An :class:`IdentityMap` keeps what was read while the statement's transaction runs
and is dropped with it; it never outlives the statement, so nothing it holds is seen by
another statement, another request or another server. One exception: a change request's
preview keeps one map across its statements and the definitions before and after (its
transaction is rolled back, so nothing it read outlives the preview either).

It watches every query of the connection and forgets what a query may have changed:

* a write to ``catalogs_catalog`` or ``catalogs_database`` (or any write or statement it
  cannot read, a rollback to a savepoint included): everything;
* a new ``catalogs_table`` row: the names known to be absent (the new row may bear one);
* new ``catalogs_column`` rows: the relation rows they belong to (read off the query's
  parameters; all relation rows when they cannot be read);
* any other write to ``catalogs_table`` or ``catalogs_column``: the relation rows (a
  relation row holds its columns, its database and its catalog);
* a write to ``catalogs_function``: the function rows;
* a ``SELECT … FOR UPDATE``: the relation rows too, so that a row read after a lock is read
  again and carries what a concurrent statement committed before the lock was granted
  (marks rely on that; see ``marks._locked_closure``).

Writes to other tables (history, dependencies, column lineage, versions) change none of the
rows it keeps.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection

# what a key of each kind of row starts with
CATALOG, DATABASE, RELATION, FUNCTION = "catalog", "database", "relation", "function"

_WRITE = re.compile(r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
_LOCKING = re.compile(r"\sFOR\s+(?:NO\s+KEY\s+)?(?:UPDATE|SHARE)\b", re.IGNORECASE)
_HARMLESS = ("SAVEPOINT", "RELEASE SAVEPOINT", "BEGIN")
_RELATION_TABLES = frozenset({"catalogs_table", "catalogs_column"})
_CATALOG_TABLES = frozenset({"catalogs_catalog", "catalogs_database"})
_FUNCTION_TABLES = frozenset({"catalogs_function"})
_MISSING = object()


class IdentityMap:
    """Rows by key, for one statement: ``(kind, …)`` tuples to a model instance or None
    (known to be absent)."""

    def __init__(self) -> None:
        self._rows: dict[tuple, Any] = {}

    def get(self, key: tuple, load: Callable[[], Any]) -> Any:
        """The row kept under ``key``, or what ``load`` reads (then kept)."""
        found = self._rows.get(key, _MISSING)
        if found is _MISSING:
            found = load()
            self._rows[key] = found
        return found

    def peek(self, key: tuple, default: Any = None) -> Any:
        """The row kept under ``key`` (None: known to be absent), else ``default``."""
        return self._rows.get(key, default)

    def put(self, key: tuple, row: Any) -> None:
        self._rows[key] = row

    def forget(self, kind: str | None = None) -> None:
        """Forget the rows of ``kind``, or all of them."""
        if kind is None:
            self._rows.clear()
        else:
            self._rows = {k: v for k, v in self._rows.items() if k[0] != kind}

    def forget_absent(self, kind: str) -> None:
        """Forget that rows of ``kind`` are absent."""
        self._rows = {k: v for k, v in self._rows.items() if k[0] != kind or v is not None}

    def forget_keyed(self, kind: str, keys: set) -> None:
        """Forget the rows of ``kind`` whose primary key is one of ``keys``."""
        self._rows = {
            k: v
            for k, v in self._rows.items()
            if k[0] != kind or getattr(v, "pk", None) not in keys
        }

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        """A database execute wrapper: forgets what the query may change, before it runs."""
        self.seen(sql, params, many)
        return execute(sql, params, many, context)

    def seen(self, sql: str, params: Any = None, many: bool = False) -> None:
        head = sql.lstrip()[:20].upper()
        if head.startswith("SELECT"):
            if _LOCKING.search(sql):
                self.forget(RELATION)
            return
        if head.startswith(_HARMLESS):
            return
        write = _WRITE.match(sql)
        if write is None:
            self.forget()  # a rollback to a savepoint, or SQL this does not read
            return
        table = write.group(1).lower()
        if table in _CATALOG_TABLES:
            self.forget()
        elif table == "catalogs_table" and head.startswith("INSERT"):
            self.forget_absent(RELATION)
        elif table == "catalogs_column" and head.startswith("INSERT"):
            owners = None if many else _column_owners(sql, params)
            if owners is None:
                self.forget(RELATION)
            else:
                self.forget_keyed(RELATION, owners)
        elif table in _RELATION_TABLES:
            self.forget(RELATION)
        elif table in _FUNCTION_TABLES:
            self.forget(FUNCTION)


_INSERTED_COLUMNS = re.compile(r'\s*INSERT\s+INTO\s+"?\w+"?\s*\(([^)]*)\)\s*(VALUES|SELECT)', re.I)


def _column_owners(sql: str, params: Any) -> set | None:
    """The ``table_id`` of each row an ``INSERT INTO catalogs_column`` writes: from the
    parameters of its VALUES rows, or of PostgreSQL's UNNEST arrays; None when unsure."""
    found = _INSERTED_COLUMNS.match(sql)
    if found is None or not isinstance(params, (list, tuple)):
        return None
    names = [n.strip().strip('"').lower() for n in found.group(1).split(",")]
    if "table_id" not in names:
        return None
    at, width = names.index("table_id"), len(names)
    if found.group(2).upper() == "VALUES":
        if not params or len(params) % width or sql.count("%s") != len(params):
            return None
        return set(params[at::width])
    if len(params) != width or not isinstance(params[at], (list, tuple)):
        return None
    return set(params[at])


@contextmanager
def kept_rows() -> Iterator[IdentityMap]:
    """An identity map that watches the default connection until the block ends."""
    rows = IdentityMap()
    with connection.execute_wrapper(rows):
        yield rows
