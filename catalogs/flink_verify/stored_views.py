"""Stored views derived again by Flink: each view created in Flink from the query as written
(its original query), in its own catalog and database as current, after the views it reads;
then Flink's ``SHOW CREATE VIEW`` and ``DESCRIBE`` compared with what the dashboard stored.

The catalogs are built through Flink's catalog API (:func:`.catalog_api.build_catalog`) with
their databases, tables and Java functions, but without views: Flink makes each view itself.
Two things cannot be had here, and a view that needs them is reported as not checked, with the
reason, rather than refused:

- A connector that the apache-flink package lacks (``kafka``, ``jdbc``): Flink builds the table
  source of every table a view reads when it creates the view. Such a table is built with the
  ``datagen`` connector instead (a stand-in: a view's text and columns do not depend on the
  connector), unless it has metadata columns, which only its own connector can declare.
- A function's code: a Java function whose class is not on the classpath here, and any Python
  function (Flink would import its module into this process), which is not created at all.

Flink's ``SHOW CREATE VIEW`` lists the view's column names; the stored original query does not
keep the column list a ``CREATE VIEW v (a, b)`` named them with. When the names Flink derives
differ from the stored ones, or Flink refuses the query's own names (two alike), the view is
created again with the stored names as its list.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..flinksql import snapshot_format as sf
from ..flinksql.catalog import (
    CatalogFunction,
    CatalogTable,
    CatalogView,
    ObjectIdentifier,
    function_name,
    quote_identifier,
    quote_string,
)
from ..flinksql.statements import ColumnKind
from .catalog_api import build_catalog
from .checks import check_objects, first_line_of, short_name
from .loadable import Loaded, readable
from .session import answer, error_message, new_environment

OK, DIFFERS, REFUSED, NOT_CHECKED = "ok", "differs", "refused", "not checked"
STAND_IN = {"connector": "datagen"}


@dataclass
class ViewCheck:
    """What Flink made of one stored view: ``result`` is ``ok``, ``differs`` (``detail`` holds
    the differences, the dashboard's lines against Flink's), ``refused`` (Flink's message) or
    ``not checked`` (why it cannot be checked here, and Flink's message)."""

    identifier: ObjectIdentifier
    result: str
    detail: str = ""


def stand_in(table: CatalogTable) -> CatalogTable | None:
    """The table as it is built here: itself when PyFlink can read it, else with the
    ``datagen`` connector; None when no connector here can declare its metadata columns."""
    if readable(table):
        return table
    if any(c.kind == ColumnKind.METADATA for c in table.columns):
        return None
    return replace(table, options=dict(STAND_IN))


def check_stored_views(
    snapshots: list[sf.Snapshot],
    calls: Mapping[ObjectIdentifier, Collection[ObjectIdentifier]],
    progress: Callable[[str], None] | None = None,
    count: Callable[[int, int], None] | None = None,
) -> list[ViewCheck]:
    """Every view of ``snapshots`` (which hold the stored original queries) created in one Flink
    session holding all of them; ``calls`` names the functions each view calls. ``count`` is
    told the views checked of all of them, after each."""
    from pyflink.java_gateway import get_gateway

    say = progress or (lambda _: None)
    env = new_environment()
    jvm = get_gateway().jvm
    absent: dict[ObjectIdentifier, str] = {}  # what Flink does not hold here, and why
    functions: dict[ObjectIdentifier, CatalogFunction] = {}
    for snapshot in snapshots:
        tables = []
        for table in snapshot.tables:
            built = stand_in(table)
            if built is None:
                connector = table.options.get("connector", "")
                absent[table.identifier] = (
                    f"its connector '{connector}' is not in PyFlink, and it has metadata columns"
                )
            else:
                tables.append(built)
        java = [(f, extras) for f, extras in snapshot.functions if f.language != "PYTHON"]
        for function, _ in snapshot.functions:
            functions[_function_key(function.identifier)] = function
        content = replace(snapshot, tables=tables, functions=java, views=[])
        catalog, failures = build_catalog(jvm, content)
        env._j_tenv.registerCatalog(snapshot.catalog_name, catalog)
        for table in snapshot.tables:
            for failure in failures:
                if failure.subject == f"table {short_name(table)}":
                    absent[table.identifier] = f"Flink could not create it: {failure.detail}"
    checker = _Checker(env, Loaded(snapshots), absent, functions, calls)
    ordered = sf.views_in_order(snapshots)
    say(f"creating {len(ordered)} views in Flink from their stored queries")
    told = count or (lambda _done, _total: None)
    told(0, len(ordered))
    results = []
    for _, view in ordered:
        results.append(checker.check(view))
        told(len(results), len(ordered))
    return results


def _function_key(identifier: ObjectIdentifier) -> ObjectIdentifier:
    return ObjectIdentifier(identifier.catalog, identifier.database, function_name(identifier.name))


class _Checker:
    def __init__(
        self,
        env: Any,
        loaded: Loaded,
        absent: dict[ObjectIdentifier, str],
        functions: dict[ObjectIdentifier, CatalogFunction],
        calls: Mapping[ObjectIdentifier, Collection[ObjectIdentifier]],
    ) -> None:
        self.env = env
        self.loaded = loaded
        self.absent = absent
        self.functions = functions
        self.calls = calls
        self._loadable: dict[ObjectIdentifier, str | None] = {}
        self._readable: dict[ObjectIdentifier, str | None] = {}

    def check(self, view: CatalogView) -> ViewCheck:
        identifier = view.identifier
        tenv = self.env._j_tenv
        try:
            tenv.useCatalog(identifier.catalog)
            tenv.useDatabase(identifier.database)
            self._create(view, None)
        except Exception as exc:
            refusal = error_message(exc)
            if view.columns and self._created_with_names(view):
                return self._compare(view)
            reason = self._not_here(view) or self.loaded.no_provider(view, refusal)
            if reason is not None:
                self.absent[identifier] = "Flink could not create it here"
                detail = f"{reason}; Flink refuses it here: {first_line_of(refusal)}"
                return ViewCheck(identifier, NOT_CHECKED, detail)
            self.absent[identifier] = "Flink refuses it"
            return ViewCheck(identifier, REFUSED, refusal)
        stored = [c.name for c in view.columns]
        derived = [str(row[0]) for row in answer(self.env, f"DESCRIBE {identifier.quoted()}")]
        if derived != stored and len(derived) == len(stored):
            try:
                answer(self.env, f"DROP VIEW {identifier.quoted()}")
                self._create(view, stored)
            except Exception as exc:
                self.absent[identifier] = "Flink refuses it"
                detail = f"with the stored column names: {error_message(exc)}"
                return ViewCheck(identifier, REFUSED, detail)
        return self._compare(view)

    def _created_with_names(self, view: CatalogView) -> bool:
        """Whether Flink creates the view with its stored column names as the list (a query
        whose own names repeat needs them)."""
        try:
            self._create(view, [c.name for c in view.columns])
        except Exception:
            return False
        return True

    def _compare(self, view: CatalogView) -> ViewCheck:
        identifier = view.identifier
        checks = check_objects(self.env, [view], "created from the stored query", True)
        failed = [c for c in checks if c.status != "ok"]
        if not failed:
            return ViewCheck(identifier, OK)
        detail = "\n".join(f"{c.what}:\n{c.detail}" for c in failed)
        return ViewCheck(identifier, DIFFERS, detail)

    def _create(self, view: CatalogView, names: list[str] | None) -> None:
        statement = f"CREATE VIEW {view.identifier.quoted()}"
        if names is not None:
            statement += f" ({', '.join(quote_identifier(n) for n in names)})"
        if view.comment:
            statement += f" COMMENT {quote_string(view.comment)}"
        self.env._j_tenv.executeSql(f"{statement} AS\n{view.original_query}")

    def _not_here(self, view: CatalogView) -> str | None:
        """Why Flink cannot create the view here whatever its query: it reads what is not held
        here or cannot read (a stand-in's connector refusing its types, say), or calls a
        function whose code is not here."""
        for identifier, found in self.loaded.reads(view):
            if identifier in self.absent:
                return f"reads {identifier}, which is not checked here: {self.absent[identifier]}"
            if isinstance(found, CatalogTable):
                refusal = self._unreadable(found)
                if refusal is not None:
                    return f"reads {identifier}, {refusal}"
        for called in sorted(self.calls.get(view.identifier, ()), key=str):
            reason = self._function_missing(_function_key(called))
            if reason is not None:
                return f"calls {called}, {reason}"
        return None

    def _unreadable(self, table: CatalogTable) -> str | None:
        """None when Flink reads the table here (it builds its source), else why not."""
        if table.identifier not in self._readable:
            try:
                self.env._j_tenv.sqlQuery(f"SELECT * FROM {table.identifier.quoted()}")
                self._readable[table.identifier] = None
            except Exception as exc:
                reason = error_message(exc)
                if not readable(table):
                    connector = table.options.get("connector", "")
                    reason = (
                        f"whose connector '{connector}' is not in PyFlink, and which Flink "
                        f"cannot read with the 'datagen' connector either: {reason}"
                    )
                self._readable[table.identifier] = reason
        return self._readable[table.identifier]

    def _function_missing(self, key: ObjectIdentifier) -> str | None:
        if key not in self._loadable:
            function = self.functions.get(key)
            if function is None:
                self._loadable[key] = None
            elif function.language == "PYTHON":
                self._loadable[key] = "a Python function, whose module is not imported here"
            else:
                try:
                    answer(self.env, f"DESCRIBE FUNCTION {function.identifier.quoted()}")
                    self._loadable[key] = None
                except Exception as exc:
                    self._loadable[key] = f"whose code is not available here: {error_message(exc)}"
        return self._loadable[key]
