"""Prove that snapshots load into real Flink 2.3 (PyFlink), object by object.

Three ways a deployment uses what the dashboard exports, each checked against the dashboard's
own answers for the same objects. Several snapshots can be verified together (one Flink session
each way holds them all), so that a view reading another catalog is checked too.

1. **Catalog API**, as a launcher such as flink-sql-bootstrap does: a ``GenericInMemoryCatalog``
   per snapshot filled with ``createDatabase``, ``createTable`` (a ``Schema`` built from the
   columns: computed, metadata, watermark, primary key), ``createFunction`` and views built with
   their schema, as a ``ResolvedCatalogView`` (Flink 2.3 ignores the schema of a plain
   ``CatalogView`` and derives one from the query whenever it reads the view; its own
   ``CREATE VIEW`` stores a resolved view, whose columns stay as they were). Then
   ``SHOW CREATE TABLE``/``VIEW`` and ``DESCRIBE`` of every object, compared with the
   snapshot's rendering, and ``EXPLAIN`` of a ``SELECT`` from every view that can be planned
   here (:meth:`Loaded.explain_skip` says which cannot, and why).
2. **Catalog store**: the ``<catalog>.yaml`` files registered through
   ``table.catalog-store.kind: file``; each catalog must appear with its options.
3. **Init script**: run statement by statement in a fresh session. The dashboard's language
   layer runs the same statements (:class:`Replay`), and Flink's ``SHOW CREATE`` and
   ``DESCRIBE`` afterwards are compared with the dashboard's answers for those statements: Flink
   expands a definition again when it reads it back as DDL, and not always to the same text
   (``ARRAY[`a`, CAST(1 AS INTEGER)]`` becomes ``ARRAY[`a`, CAST(CAST(1 AS INTEGER) AS
   INTEGER)]``), which the dashboard reproduces.

Needs the ``apache-flink`` package and ``java``; imports no Django.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from sqlglot import exp

from .flinksql import catalog_store as cs
from .flinksql import render, schema
from .flinksql import snapshot_format as sf
from .flinksql import statements as st
from .flinksql import types as ft
from .flinksql.catalog import (
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
    function_name,
    quote_identifier,
)
from .flinksql.dialect import DIALECT
from .flinksql.errors import FlinkSqlError, SqlParseError, ValidationError
from .flinksql.parser import parse_statement
from .flinksql.statements import ColumnKind
from .flinksql.views import Relation, RelationColumn, expand_view

# Connectors in the apache-flink package that can be read from (EXPLAIN needs a source).
SOURCE_CONNECTORS = {"datagen"}
FILESYSTEM_FORMATS = {"csv", "json", "raw"}
# Connectors here that can serve a lookup join (a LookupTableSource): none of PyFlink's.
LOOKUP_CONNECTORS: set[str] = set()


@dataclass
class Check:
    subject: str  # e.g. "table sales.orders"
    what: str  # e.g. "SHOW CREATE TABLE (catalog API)"
    status: str  # ok, FAIL, skip
    detail: str = ""
    catalog: str = ""


@dataclass
class VerifyReport:
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.status != "FAIL" for c in self.checks)

    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.status == "FAIL"]

    def of_catalog(self, catalog: str) -> list[Check]:
        return [c for c in self.checks if c.catalog == catalog]


def flink_available() -> bool:
    if shutil.which("java") is None:
        return False
    try:
        import pyflink.table  # noqa: F401
    except ImportError:
        return False
    return True


# For the JVM PyFlink starts (once per process): no log output, and only the quick JIT
# compiler. A verify plans hundreds of different small queries once each; the optimizing
# compiler's threads cost more than they win on two cores (the goldens' catalogs: 100 s -> 49 s).
JVM_OPTIONS = (
    "-Dlog4j2.rootLogger.level=OFF -Dlog4j.rootLogger=OFF -Dlog4j2.level=OFF",
    "-XX:TieredStopAtLevel=1",
)


def _new_environment(store_folder: str | None = None) -> Any:
    for option in JVM_OPTIONS:
        if option not in os.environ.get("JVM_ARGS", ""):
            os.environ["JVM_ARGS"] = f"{os.environ.get('JVM_ARGS', '')} {option}".strip()
    from pyflink.common import Configuration
    from pyflink.table import EnvironmentSettings, TableEnvironment

    builder = EnvironmentSettings.new_instance().in_streaming_mode()
    if store_folder is not None:
        configuration = Configuration()
        configuration.set_string("table.catalog-store.kind", "file")
        configuration.set_string("table.catalog-store.file.path", store_folder)
        builder = builder.with_configuration(configuration)
    return TableEnvironment.create(builder.build())


def error_message(exc: BaseException) -> str:
    """The last ``...Exception: message`` of a Java stack trace (its root cause)."""
    message = str(exc)
    found = ""
    for line in message.split("\n"):
        if line.startswith("\t"):
            continue
        head, sep, rest = line.removeprefix(": ").removeprefix("Caused by: ").partition(": ")
        if sep and head.endswith(("Exception", "Error")) and " " not in head:
            found = rest
    return found or message.strip().split("\n")[0]


def run(env: Any, statement: str) -> tuple[list[str], list[list[Any]]]:
    """Columns and rows Flink answers; raises with Flink's exception."""
    result = env.execute_sql(statement)
    columns = list(result.get_resolved_schema().get_column_names())
    return columns, rows_of(env, statement, result._j_table_result)


def answer(env: Any, statement: str) -> list[list[Any]]:
    """The rows Flink answers (strings, booleans, None); raises with Flink's exception."""
    return rows_of(env, statement, env._j_tenv.executeSql(statement))


def rows_of(env: Any, statement: str, j_result: Any) -> list[list[Any]]:
    """A result's rows, fetched in one call: PyFlink's row iterator makes a few calls to the JVM
    per row and per field type (half a second for a DESCRIBE of 30 columns); here the JVM writes
    the rows as JSON (Flink's own Jackson, reading each ``Row``'s field array)."""
    from pyflink.java_gateway import get_gateway

    jvm = get_gateway().jvm
    rows = jvm.org.apache.flink.util.CollectionUtil.iteratorToList(j_result.collect())
    try:
        decoded = json.loads(_row_writer(jvm).writeValueAsString(rows))
        values = [row["fieldByPosition"] for row in decoded]
    except (KeyError, TypeError, ValueError):  # a Row without that field: one call a field
        values = [[row.getField(i) for i in range(row.getArity())] for row in rows]
    return [
        [v if v is None or isinstance(v, (str, bool)) else str(v) for v in row] for row in values
    ]


_WRITERS: dict[int, Any] = {}


def _row_writer(jvm: Any) -> Any:
    """A Jackson ``ObjectMapper`` of the JVM that writes objects by their fields."""
    key = id(jvm)
    if key not in _WRITERS:
        jackson = jvm.org.apache.flink.shaded.jackson2.com.fasterxml.jackson
        mapper = jackson.databind.ObjectMapper()
        visibility = jackson.annotation.JsonAutoDetect.Visibility
        accessor = jackson.annotation.PropertyAccessor
        mapper.setVisibility(accessor.ALL, visibility.NONE)
        mapper.setVisibility(accessor.FIELD, visibility.ANY)
        _WRITERS[key] = mapper
    return _WRITERS[key]


def _name(obj: CatalogTable | CatalogView) -> str:
    return f"{obj.identifier.database}.{obj.identifier.name}"


# -- Flink types from the dashboard's ---------------------------------------------------------
_EMPTY_LITERAL = {ft.CHAR: "CharType", ft.VARCHAR: "VarCharType", ft.BINARY: "BinaryType"}
_EMPTY_LITERAL[ft.VARBINARY] = "VarBinaryType"


def _logical_type(jvm: Any, data_type: ft.DataType) -> Any:
    """Flink's ``LogicalType`` of a dashboard type. Parsed from its serializable text, except
    where no text can say it: a time attribute, and a zero-length string type, which only
    ``ofEmptyLiteral()`` builds (Flink's DDL accepts ``CHAR(0)``, its type parser does not)."""
    logical = jvm.org.apache.flink.table.types.logical
    nullable = data_type.nullable
    name = data_type.name
    if data_type.time_attribute:
        kind = getattr(logical.TimestampKind, data_type.time_attribute)
        if name == ft.TIMESTAMP_LTZ:
            return logical.LocalZonedTimestampType(nullable, kind, data_type.precision)
        return logical.TimestampType(nullable, kind, data_type.precision)
    if name in _EMPTY_LITERAL and int(data_type.params[0]) == 0:
        return getattr(logical, _EMPTY_LITERAL[name]).ofEmptyLiteral().copy(nullable)
    try:
        text = data_type.serializable()
    except FlinkSqlError:  # a zero-length string type inside: build the container here
        children = [_logical_type(jvm, c) for c in data_type.children]
        if name == ft.ARRAY:
            return logical.ArrayType(nullable, children[0])
        if name == ft.MULTISET:
            return logical.MultisetType(nullable, children[0])
        if name == ft.MAP:
            return logical.MapType(nullable, children[0], children[1])
        fields = jvm.java.util.ArrayList()
        for field_name, child in zip(data_type.field_names, children, strict=True):
            fields.add(logical.RowType.RowField(field_name, child))
        return logical.RowType(nullable, fields)
    loader = jvm.java.lang.Thread.currentThread().getContextClassLoader()
    return logical.utils.LogicalTypeParser.parse(text, loader)


_DATA_TYPES: dict[tuple[int, ft.DataType], Any] = {}


def _java_data_type(jvm: Any, data_type: ft.DataType) -> Any:
    """Flink's ``DataType`` of a dashboard type; one per type and JVM (tables repeat types)."""
    key = (id(jvm), data_type)
    if key not in _DATA_TYPES:
        conversions = jvm.org.apache.flink.table.types.utils.TypeConversions
        _DATA_TYPES[key] = conversions.fromLogicalToDataType(_logical_type(jvm, data_type))
    return _DATA_TYPES[key]


# -- building the catalogs through Flink's API ------------------------------------------------
def _schema(jvm: Any, table: CatalogTable) -> Any:
    builder = jvm.org.apache.flink.table.api.Schema.newBuilder()
    for column in table.columns:
        if column.kind == ColumnKind.COMPUTED:
            builder.columnByExpression(column.name, column.expression)
        elif column.kind == ColumnKind.METADATA:
            data_type = _java_data_type(jvm, column.data_type)
            if column.metadata_key is not None:
                builder.columnByMetadata(
                    column.name, data_type, column.metadata_key, column.virtual
                )
            else:
                builder.columnByMetadata(column.name, data_type, column.virtual)
        else:
            builder.column(column.name, _java_data_type(jvm, column.data_type))
        if column.comment is not None:
            builder.withComment(column.comment)
    if table.watermark is not None:
        builder.watermark(table.watermark.rowtime_attribute, table.watermark.expression)
    if table.primary_key is not None:
        names = _string_array(jvm, list(table.primary_key.columns))
        builder.primaryKeyNamed(table.primary_key.name, names)
    return builder.build()


def _view(jvm: Any, view: CatalogView) -> Any:
    """A ``ResolvedCatalogView``: the view with its columns, as Flink's own catalog holds a
    view that ``CREATE VIEW`` made."""
    catalog_api = jvm.org.apache.flink.table.catalog
    types = jvm.java.util.ArrayList()
    for column in view.columns:
        types.add(_java_data_type(jvm, column.data_type))
    resolved = catalog_api.ResolvedSchema.physical(
        _java_list(jvm, [c.name for c in view.columns]), types
    )
    unresolved = jvm.org.apache.flink.table.api.Schema.newBuilder()
    origin = catalog_api.CatalogView.of(
        unresolved.fromResolvedSchema(resolved).build(),
        view.comment,
        view.expanded_query,
        view.expanded_query,
        _java_map(jvm, {}),
    )
    return catalog_api.ResolvedCatalogView(origin, resolved)


def _string_array(jvm: Any, items: list[str]) -> Any:
    from pyflink.java_gateway import get_gateway

    array = get_gateway().new_array(jvm.java.lang.String, len(items))
    for i, item in enumerate(items):
        array[i] = item
    return array


def _java_map(jvm: Any, items: dict[str, str]) -> Any:
    result = jvm.java.util.HashMap()
    for key, value in items.items():
        result.put(key, value)
    return result


def _java_list(jvm: Any, items: list[str]) -> Any:
    result = jvm.java.util.ArrayList()
    for item in items:
        result.add(item)
    return result


def build_catalog(jvm: Any, snapshot: sf.Snapshot) -> tuple[Any, list[Check]]:
    """A ``GenericInMemoryCatalog`` holding the snapshot, created object by object."""
    catalog_api = jvm.org.apache.flink.table.catalog
    catalog = catalog_api.GenericInMemoryCatalog(snapshot.catalog_name, snapshot.database_name)
    checks: list[Check] = []

    def attempt(subject: str, action: Callable[[], None]) -> None:
        try:
            action()
        except Exception as exc:
            checks.append(
                Check(
                    subject,
                    "create through the catalog API",
                    "FAIL",
                    error_message(exc),
                    snapshot.catalog_name,
                )
            )

    for database in snapshot.databases:
        attempt(
            f"database {database['name']}",
            lambda d=database: catalog.createDatabase(
                d["name"],
                catalog_api.CatalogDatabaseImpl(_java_map(jvm, d["properties"]), d["comment"]),
                True,
            ),
        )
    for table in snapshot.tables:

        def create_table(t: CatalogTable = table) -> None:
            built = (
                catalog_api.CatalogTable.newBuilder()
                .schema(_schema(jvm, t))
                .comment(t.comment)
                .partitionKeys(_java_list(jvm, t.partition_keys))
                .options(_java_map(jvm, t.options))
                .build()
            )
            path = catalog_api.ObjectPath(t.identifier.database, t.identifier.name)
            catalog.createTable(path, built, False)

        attempt(f"table {_name(table)}", create_table)
    for function, _ in snapshot.functions:

        def create_function(f: Any = function) -> None:
            language = getattr(catalog_api.FunctionLanguage, f.language)
            path = catalog_api.ObjectPath(f.identifier.database, f.identifier.name)
            catalog.createFunction(
                path, catalog_api.CatalogFunctionImpl(f.class_name, language), False
            )

        attempt(
            f"function {function.identifier.database}.{function.identifier.name}", create_function
        )
    for view in snapshot.views:

        def create_view(v: CatalogView = view) -> None:
            path = catalog_api.ObjectPath(v.identifier.database, v.identifier.name)
            catalog.createTable(path, _view(jvm, v), False)

        attempt(f"view {_name(view)}", create_view)
    return catalog, checks


# -- the dashboard's side: what it reads, and the init script run through its language layer --
Definition = CatalogTable | CatalogView


class Objects:
    """Tables, views and functions by name, as the view normalizer reads them
    (a :class:`~.flinksql.views.CatalogReader`)."""

    def __init__(self) -> None:
        self.catalogs: set[str] = set()
        self.databases: set[tuple[str, str]] = set()
        self.relations: dict[ObjectIdentifier, Definition] = {}
        self.functions: dict[tuple[str, str, str], ft.DataType | Literal["unknown"]] = {}
        self.current = ("", "")
        self._resolved: dict[ObjectIdentifier, Relation | FlinkSqlError] = {}
        self._expanding: set[ObjectIdentifier] = set()

    def add(self, definition: Definition) -> None:
        self.relations[definition.identifier] = definition
        self._resolved.clear()

    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        found = self.relations.get(identifier)
        if found is None:
            return None
        cached = self._resolved.get(identifier)
        if isinstance(cached, FlinkSqlError):
            raise cached
        if cached is not None:
            return cached
        if isinstance(found, CatalogView):
            # as in the executor: Flink expands a view it reads again, so reading a view over
            # something gone fails with Flink's own error; the view keeps its stored columns
            if identifier in self._expanding:  # a file may hold what no catalog can
                raise ValidationError(f"View '{identifier}' reads itself.")
            names = [c.name for c in found.columns]
            self._expanding.add(identifier)
            try:
                expand_view(
                    found.expanded_query, self, identifier.catalog, identifier.database, names
                )
            except FlinkSqlError as exc:
                self._resolved[identifier] = exc
                raise
            finally:
                self._expanding.discard(identifier)
        is_table = isinstance(found, CatalogTable)
        columns = found.time_attributed_columns() if is_table else found.columns
        result = Relation(
            identifier,
            tuple(RelationColumn(c.name, c.data_type) for c in columns),
            is_view=not is_table,
            options=dict(found.options) if is_table else None,
        )
        self._resolved[identifier] = result
        return result

    def database_exists(self, catalog: str, database: str) -> bool:
        return (catalog, database) in self.databases

    def function_return_type(self, name: str) -> ft.DataType | None | Literal["unknown"]:
        return self.functions.get((*self.current, function_name(name)))


def _function_return_type(extras: dict[str, Any]) -> ft.DataType | Literal["unknown"]:
    text = extras.get("returnType")
    return ft.parse_type(text, ddl=False) if text else "unknown"


def loaded_objects(snapshots: list[sf.Snapshot]) -> Objects:
    """Everything the snapshots hold, as the catalog API loads it."""
    objects = Objects()
    for snapshot in snapshots:
        objects.catalogs.add(snapshot.catalog_name)
        for database in snapshot.databases:
            objects.databases.add((snapshot.catalog_name, database["name"]))
        for definition in [*snapshot.tables, *snapshot.views]:
            objects.add(definition)
        for function, extras in snapshot.functions:
            key = (function.identifier.catalog, function.identifier.database)
            objects.functions[(*key, function.identifier.name)] = _function_return_type(extras)
    return objects


class Replay:
    """The init script's statements run by the dashboard's language layer (no database): the
    definitions the dashboard would hold after the script, to compare with Flink's."""

    def __init__(self, snapshots: list[sf.Snapshot]) -> None:
        self.objects = Objects()
        self.return_types = {
            (f.identifier.catalog, f.identifier.database, f.identifier.name): extras
            for s in snapshots
            for f, extras in s.functions
        }

    def run(self, sql: str) -> str | None:
        """None when the statement succeeds, else the dashboard's message (Flink's)."""
        try:
            self._run(parse_statement(sql))
        except FlinkSqlError as exc:
            return exc.message
        return None

    def _identifier(self, path: tuple[str, ...]) -> ObjectIdentifier:
        catalog, database = self.objects.current
        return ObjectIdentifier(*([catalog, database][: 3 - len(path)] + list(path)))

    def _run(self, statement: st.Statement) -> None:
        objects = self.objects
        if isinstance(statement, st.CreateCatalog):
            objects.catalogs.add(statement.name)
            default = statement.options.get("default-database", "default")
            objects.databases.add((statement.name, default))
        elif isinstance(statement, st.CreateDatabase):
            path = statement.path
            objects.databases.add(
                (path[0], path[1]) if len(path) == 2 else (objects.current[0], path[0])
            )
        elif isinstance(statement, st.UseCatalog):
            objects.current = (statement.name, objects.current[1])
        elif isinstance(statement, st.UseDatabase):
            objects.current = (objects.current[0], statement.path[-1])
        elif isinstance(statement, st.CreateTable):
            identifier = self._identifier(statement.path)
            objects.add(schema.create_table(identifier, statement, None))
        elif isinstance(statement, st.CreateFunction):
            identifier = self._identifier(statement.path)
            key = (identifier.catalog, identifier.database, function_name(identifier.name))
            objects.functions[key] = _function_return_type(self.return_types.get(key, {}))
        elif isinstance(statement, st.CreateView):
            identifier = self._identifier(statement.path)
            expanded = expand_view(
                statement.query,
                objects,
                *objects.current,
                statement.column_names,
                statement.query_position,
            )
            columns = [Column(c.name, c.data_type) for c in expanded.columns]
            objects.add(
                CatalogView(
                    identifier,
                    columns,
                    statement.query,
                    expanded.expanded_query,
                    statement.comment,
                )
            )
        else:
            raise ValueError(f"an init script does not hold {type(statement).__name__}")


# -- which views can be planned here -----------------------------------------------------------
class Loaded:
    """The objects of the snapshots verified together, and the rules that say which views Flink
    cannot read or plan here whatever the loader does."""

    def __init__(self, snapshots: list[sf.Snapshot]) -> None:
        self.snapshots = snapshots
        self.objects = loaded_objects(snapshots)

    def _reads(self, view: CatalogView) -> Iterator[tuple[ObjectIdentifier, Definition | None]]:
        """Every table and view ``view`` reads, through the views it reads too."""
        pending, seen = [view], set()
        while pending:
            current = pending.pop()
            for identifier in sorted(sf.relations_read(current.expanded_query), key=str):
                if identifier in seen:
                    continue
                seen.add(identifier)
                found = self.objects.relations.get(identifier)
                if isinstance(found, CatalogView):
                    pending.append(found)
                yield identifier, found

    def missing(self, view: CatalogView) -> str | None:
        """What the view reads that none of the snapshots holds."""
        for identifier, found in self._reads(view):
            if found is not None:
                continue
            if identifier.catalog not in self.objects.catalogs:
                return (
                    f"reads {identifier}, of catalog '{identifier.catalog}', whose snapshot is "
                    "not verified with this one"
                )
            return f"reads {identifier}, which is not in the snapshot"
        return None

    def unresolvable(self, view: CatalogView) -> str | None:
        """Why the view's stored query does not read back against the snapshots' objects, as
        the dashboard's parser and validator (which give Flink's messages) find."""
        identifier = view.identifier
        self.objects.current = (identifier.catalog, identifier.database)
        try:
            names = [c.name for c in view.columns]
            expand_view(view.expanded_query, self.objects, *self.objects.current, names)
        except SqlParseError as exc:
            message = _first_line(exc).removeprefix("SQL parse failed. ")
            return f"Flink cannot parse the query it stored for this view: {message}"
        except FlinkSqlError as exc:
            return (
                "its query no longer resolves against what it reads (the dashboard marks such "
                f"a view stale or broken): {_first_line(exc)}"
            )
        return None

    def explain_skip(self, view: CatalogView) -> str | None:
        """None when Flink can plan ``SELECT * FROM view`` here; else why not. Every table the
        view reads must have a source connector of PyFlink's, and a lookup (processing-time
        temporal) join needs a connector that can do lookups, an event-time temporal join a
        versioned table (primary key and watermark)."""
        reason = self.missing(view) or self.unresolvable(view) or self.no_source(view)
        if reason is not None:
            return reason
        for join in self._temporal_joins(view):
            if join is not None:
                return join
        return None

    def no_source(self, view: CatalogView) -> str | None:
        """A table the view reads whose connector PyFlink cannot read from: Flink builds the
        table sources of a view when it creates or plans it."""
        for identifier, found in self._reads(view):
            if isinstance(found, CatalogTable) and not _readable(found):
                connector = found.options.get("connector", "")
                return f"reads {identifier} (connector '{connector}', not in PyFlink)"
        return None

    def _temporal_joins(self, view: CatalogView) -> Iterator[str | None]:
        views = [view] + [f for _, f in self._reads(view) if isinstance(f, CatalogView)]
        for current in views:
            try:
                tree = DIALECT.parse(current.expanded_query)[0]
            except Exception:
                continue
            if tree is None:
                continue
            aliases = {
                t.alias_or_name: self.objects.relations.get(_table_identifier(t))
                for t in tree.find_all(exp.Table)
            }
            for node in tree.find_all(exp.Table):
                version = node.args.get("version")
                found = aliases.get(node.alias_or_name)
                if version is None or not isinstance(found, CatalogTable):
                    continue
                period = version.args.get("expression")
                kind = _time_attribute(aliases, period)
                connector = found.options.get("connector", "")
                if kind == "PROCTIME" and connector not in LOOKUP_CONNECTORS:
                    yield (
                        f"a lookup join reads {found.identifier} (FOR SYSTEM_TIME AS OF a "
                        f"processing-time attribute), and its connector '{connector}' cannot "
                        "do lookups"
                    )
                elif kind == "ROWTIME" and (found.primary_key is None or found.watermark is None):
                    yield (
                        f"an event-time temporal join reads {found.identifier}, which is not a "
                        "versioned table (it needs a primary key and a watermark): Flink "
                        "accepts such a view but cannot plan the join"
                    )


def _table_identifier(node: exp.Table) -> ObjectIdentifier | None:
    parts = [p.name for p in node.parts]
    return ObjectIdentifier(*parts) if len(parts) == 3 else None


def _time_attribute(aliases: dict[str, Definition | None], period: Any) -> str | None:
    if not isinstance(period, exp.Column):
        return None
    found = aliases.get(period.table)
    if isinstance(found, CatalogTable):
        columns = found.time_attributed_columns()
    elif isinstance(found, CatalogView):
        columns = found.columns
    else:
        return None
    for column in columns:
        if column.name == period.name:
            return column.data_type.time_attribute
    return None


def _readable(table: CatalogTable) -> bool:
    connector = table.options.get("connector", "")
    if connector == "filesystem":
        return table.options.get("format") in FILESYSTEM_FORMATS
    return connector in SOURCE_CONNECTORS


def _first_line(exc: FlinkSqlError) -> str:
    return exc.message.split("\n", 1)[0]


# -- comparing --------------------------------------------------------------------------------
def _compare(subject: str, what: str, expected: Any, actual: Any, catalog: str) -> Check:
    if expected == actual:
        return Check(subject, what, "ok", catalog=catalog)

    def text(value: Any) -> list[str]:
        if isinstance(value, str):
            return value.splitlines()
        return [repr(row) for row in value]

    detail = "\n".join(
        difflib.unified_diff(text(expected), text(actual), "dashboard", "Flink", lineterm="")
    )
    return Check(subject, what, "FAIL", detail, catalog)


def _run_compare(
    env: Any,
    subject: str,
    what: str,
    statement: str,
    expected: Callable[[], Any],
    catalog: str,
    scalar: bool = False,
) -> Check:
    """Run ``statement`` in Flink and compare with the dashboard's answer, ``expected()``;
    where the dashboard refuses (as SHOW CREATE TABLE of a ``CHAR(0)`` column), Flink must
    refuse with the same message."""
    try:
        wanted, refusal = expected(), None
    except FlinkSqlError as exc:
        wanted, refusal = None, exc.message
    try:
        rows = answer(env, statement)
    except Exception as exc:
        message = error_message(exc)
        if refusal is not None and same_refusal(message, refusal):
            return Check(subject, what, "ok", f"both refuse: {message}", catalog)
        return Check(subject, what, "FAIL", message, catalog)
    if refusal is not None:
        detail = f"the dashboard refuses ({refusal}), Flink does not"
        return Check(subject, what, "FAIL", detail, catalog)
    actual: Any = rows[0][0] if scalar and rows else [list(row) for row in rows]
    return _compare(subject, what, wanted, actual, catalog)


def check_objects(
    env: Any, definitions: list[Definition], how: str, derived_views: bool
) -> list[Check]:
    """SHOW CREATE and DESCRIBE of every table and view, against the dashboard's rendering."""
    checks = []
    for definition in definitions:
        catalog = definition.identifier.catalog
        subject = f"{'table' if isinstance(definition, CatalogTable) else 'view'} "
        subject += _name(definition)
        quoted = definition.identifier.quoted()
        if isinstance(definition, CatalogTable):
            show = ("SHOW CREATE TABLE", lambda t=definition: render.show_create_table(t))
            describe = ("DESCRIBE", lambda t=definition: render.describe_table(t)[1])
        else:
            show = ("SHOW CREATE VIEW", lambda v=definition: render.show_create_view(v))
            what = "DESCRIBE, columns derived by Flink" if derived_views else "DESCRIBE"
            describe = (what, lambda v=definition: render.describe_view(v)[1])
        checks.append(
            _run_compare(
                env, subject, f"{show[0]} ({how})", f"{show[0]} {quoted}", show[1], catalog, True
            )
        )
        checks.append(
            _run_compare(
                env, subject, f"{describe[0]} ({how})", f"DESCRIBE {quoted}", describe[1], catalog
            )
        )
    return checks


def check_functions(env: Any, snapshot: sf.Snapshot) -> list[Check]:
    """Each function is listed; DESCRIBE FUNCTION loads the class, so it is compared only
    when the code is on the classpath here."""
    checks = []
    listed: dict[str, set[str]] = {}
    catalog = snapshot.catalog_name
    for function, _ in snapshot.functions:
        identifier = function.identifier
        subject = f"function {identifier.database}.{identifier.name}"
        if identifier.database not in listed:
            database = (
                f"{quote_identifier(identifier.catalog)}.{quote_identifier(identifier.database)}"
            )
            try:
                rows = answer(env, f"SHOW USER FUNCTIONS FROM {database}")
                listed[identifier.database] = {str(r[0]) for r in rows}
            except Exception as exc:
                checks.append(
                    Check(subject, "SHOW USER FUNCTIONS", "FAIL", error_message(exc), catalog)
                )
                continue
        if identifier.name not in listed[identifier.database]:
            checks.append(Check(subject, "SHOW USER FUNCTIONS", "FAIL", "not listed", catalog))
            continue
        checks.append(Check(subject, "SHOW USER FUNCTIONS", "ok", catalog=catalog))
        if function.language == "PYTHON":
            # PyFlink would import the named module into this very process to describe it
            detail = "a Python function's module is not imported here"
            checks.append(Check(subject, "DESCRIBE FUNCTION", "skip", detail, catalog))
            continue
        try:
            rows = answer(env, f"DESCRIBE FUNCTION {identifier.quoted()}")
        except Exception as exc:
            detail = f"its code is not available here: {error_message(exc)}"
            checks.append(Check(subject, "DESCRIBE FUNCTION", "skip", detail, catalog))
            continue
        info = {str(row[0]): row[1] for row in rows}
        expected = {"class name": function.class_name, "function language": function.language}
        actual = {k: info.get(k) for k in expected}
        checks.append(_compare(subject, "DESCRIBE FUNCTION", expected, actual, catalog))
    return checks


def _explain(env: Any, view: CatalogView) -> str | None:
    """None when Flink plans ``SELECT * FROM view``, else its message."""
    try:
        env._j_tenv.executeSql(f"EXPLAIN SELECT * FROM {view.identifier.quoted()}")
    except Exception as exc:
        return error_message(exc)
    return None


def check_explain(
    env: Any,
    loaded: Loaded,
    own: Any | None = None,
    own_views: Collection[ObjectIdentifier] = (),
) -> list[Check]:
    """``EXPLAIN`` of every view :meth:`Loaded.explain_skip` does not rule out. Where Flink
    refuses to plan a loaded view, the same view in ``own`` (a session where Flink created it
    from DDL, the init script's) must be refused alike: then the refusal is Flink's, whatever
    loads the view, and the check is skipped with Flink's reason; else it failed."""
    checks = []
    for snapshot in loaded.snapshots:
        for view in snapshot.views:
            subject, catalog = f"view {_name(view)}", snapshot.catalog_name
            reason = loaded.explain_skip(view)
            if reason is not None:
                checks.append(Check(subject, "EXPLAIN SELECT", "skip", reason, catalog))
                continue
            refusal = _explain(env, view)
            if refusal is None:
                checks.append(Check(subject, "EXPLAIN SELECT", "ok", catalog=catalog))
                continue
            if own is not None and view.identifier in own_views and _explain(own, view) == refusal:
                detail = (
                    "Flink refuses to plan this query, also where it created the view itself "
                    f"from DDL: {refusal}"
                )
                checks.append(Check(subject, "EXPLAIN SELECT", "skip", detail, catalog))
                continue
            checks.append(Check(subject, "EXPLAIN SELECT", "FAIL", refusal, catalog))
    return checks


# -- the three ways ---------------------------------------------------------------------------
def load_catalog_api(snapshots: list[sf.Snapshot]) -> tuple[Any, list[Check]]:
    """A session holding every snapshot's catalog, built through the catalog API."""
    from pyflink.java_gateway import get_gateway

    env = _new_environment()
    jvm = get_gateway().jvm
    checks: list[Check] = []
    for snapshot in snapshots:
        catalog, created = build_catalog(jvm, snapshot)
        env._j_tenv.registerCatalog(snapshot.catalog_name, catalog)
        checks += created
    return env, checks


def verify_catalog_api(
    snapshots: list[sf.Snapshot],
    own: Any | None = None,
    own_views: Collection[ObjectIdentifier] = (),
) -> list[Check]:
    env, checks = load_catalog_api(snapshots)
    loaded = Loaded(snapshots)
    for snapshot in snapshots:
        definitions: list[Definition] = [*snapshot.tables, *snapshot.views]
        checks += check_objects(env, definitions, "catalog API", derived_views=False)
        checks += check_functions(env, snapshot)
    checks += check_explain(env, loaded, own, own_views)
    return checks


def verify_catalog_store(snapshots: list[sf.Snapshot]) -> list[Check]:
    """Register the catalogs from a FileCatalogStore folder and read them back."""
    folder = tempfile.mkdtemp(prefix="catalog-store-")
    try:
        expected = {}
        for snapshot in snapshots:
            options = dict(snapshot.catalog_options) or {
                "type": "generic_in_memory",
                "default-database": snapshot.database_name,
            }
            expected[snapshot.catalog_name] = options
            Path(folder, cs.catalog_file_name(snapshot.catalog_name)).write_bytes(
                cs.catalog_store_file(options)
            )
        env = _new_environment(folder)
        try:
            listed = answer(env, "SHOW CATALOGS")
        except Exception as exc:
            message = error_message(exc)
            return [
                Check(f"catalog {name}", "catalog store", "FAIL", message, name)
                for name in expected
            ]
        return [_check_store(env, name, options, listed) for name, options in expected.items()]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _check_store(env: Any, name: str, options: dict[str, str], listed: list[list[Any]]) -> Check:
    subject = f"catalog {name}"
    if [name] not in listed:
        return Check(subject, "catalog store", "FAIL", f"SHOW CATALOGS answered {listed}", name)
    try:
        rows = answer(env, f"DESCRIBE CATALOG EXTENDED {quote_identifier(name)}")
    except Exception as exc:
        return Check(subject, "catalog store", "FAIL", error_message(exc), name)
    found = {
        str(r[0]).removeprefix("option:"): r[1] for r in rows if str(r[0]).startswith("option:")
    }
    found["type"] = next((r[1] for r in rows if r[0] == "type"), None)
    return _compare(
        subject,
        "catalog store (table.catalog-store.kind: file)",
        dict(sorted(options.items())),
        dict(sorted(found.items())),
        name,
    )


@dataclass
class InitScriptRun:
    """A Flink session that ran the init script, what the dashboard holds after the same
    statements, and the checks of the statements themselves."""

    env: Any
    created: list[Definition]  # by Flink and by the dashboard, as the dashboard holds them
    checks: list[Check]


def run_init_script(snapshots: list[sf.Snapshot]) -> InitScriptRun:
    """Run the init script of ``snapshots`` in a fresh Flink session and through the dashboard's
    language layer. Both must accept every statement, except views that a rule says cannot
    load, which are reported skipped with the reason: one whose query cannot load anywhere
    (:meth:`Loaded.missing`, :meth:`Loaded.unresolvable`), which both must refuse with the
    same message, and one that reads what Flink cannot build here (:meth:`Loaded.no_source`,
    or a view skipped before), which Flink must refuse."""
    env = _new_environment()
    loaded = Loaded(snapshots)
    replay = Replay(snapshots)
    checks: list[Check] = []
    created: list[Definition] = []
    skipped: set[ObjectIdentifier] = set()
    for statement in sf.init_statements(snapshots):
        try:
            env._j_tenv.executeSql(statement.sql)
            refusal = None
        except Exception as exc:
            refusal = error_message(exc)
        ours = replay.run(statement.sql)
        if statement.kind not in ("table", "view"):
            if refusal is not None or ours is not None:
                detail = f"Flink: {refusal or 'ok'}\ndashboard: {ours or 'ok'}"
                subject = f"{statement.kind} {statement.name}"
                checks.append(
                    Check(subject, "init script statement", "FAIL", detail, statement.catalog)
                )
            continue
        database, _, name = statement.name.partition(".")
        identifier = ObjectIdentifier(statement.catalog, database, name)
        subject = f"{statement.kind} {statement.name}"
        what = "init script statement"
        if refusal is None and ours is None:
            created.append(replay.objects.relations[identifier])
            checks.append(Check(subject, what, "ok", catalog=statement.catalog))
            continue
        view = loaded.objects.relations.get(identifier)
        if isinstance(view, CatalogView) and refusal is not None:
            # both refuse a view whose query cannot load anywhere; Flink alone one that reads
            # what Flink cannot build here (a connector it lacks, a view it could not create)
            reason = loaded.missing(view) or loaded.unresolvable(view)
            alone = loaded.no_source(view)
            read_skipped = sorted(
                str(r) for r in sf.relations_read(view.expanded_query) if r in skipped
            )
            if alone is None and read_skipped:
                alone = f"reads {', '.join(read_skipped)}, which Flink could not create here"
            if reason is not None and same_refusal(refusal, ours):
                skipped.add(identifier)
                detail = f"{reason}; Flink and the dashboard both refuse it: {_first(refusal)}"
                checks.append(Check(subject, what, "skip", detail, statement.catalog))
                continue
            if reason is None and alone is not None:
                skipped.add(identifier)
                detail = f"{alone}; Flink refuses it: {_first(refusal)}"
                checks.append(Check(subject, what, "skip", detail, statement.catalog))
                continue
        detail = f"Flink: {_first(refusal) if refusal else 'ok'}\ndashboard: "
        detail += _first(ours) if ours else "ok"
        checks.append(Check(subject, what, "FAIL", detail, statement.catalog))
    return InitScriptRun(env, created, checks)


def _first(message: str) -> str:
    return message.split("\n", 1)[0]


def same_refusal(flink: str, ours: str | None) -> bool:
    """Whether Flink's error and the dashboard's are the same: their first lines, a parse
    error's with or without the "SQL parse failed. " that Flink's outer exception adds."""
    if ours is None:
        return False
    prefix = "SQL parse failed. "
    return _first(flink).removeprefix(prefix) == _first(ours).removeprefix(prefix)


def verify(
    snapshots: sf.Snapshot | list[sf.Snapshot], progress: Callable[[str], None] | None = None
) -> VerifyReport:
    """Every check of every snapshot; the snapshots are loaded together, so a view may read
    another of them."""
    say = progress or (lambda _: None)
    chosen = [snapshots] if isinstance(snapshots, sf.Snapshot) else list(snapshots)
    report = VerifyReport()
    say("running the init script in a fresh Flink session")
    init = run_init_script(chosen)
    say("loading the snapshots through Flink's catalog API")
    own_views = {d.identifier for d in init.created if isinstance(d, CatalogView)}
    report.checks += verify_catalog_api(chosen, init.env, own_views)
    say("registering the catalogs from a FileCatalogStore folder")
    report.checks += verify_catalog_store(chosen)
    say("comparing the objects the init script created")
    report.checks += init.checks
    report.checks += check_objects(init.env, init.created, "init script", derived_views=True)
    order = {s.catalog_name: i for i, s in enumerate(chosen)}
    report.checks.sort(key=lambda c: order.get(c.catalog, len(order)))
    return report
