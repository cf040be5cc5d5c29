"""Prove that a snapshot loads into real Flink 2.3 (PyFlink), object by object.

Three ways a deployment uses what the dashboard exports, each checked against the dashboard's own
rendering of the same objects:

1. **Catalog API**, as a launcher such as flink-sql-bootstrap does: a ``GenericInMemoryCatalog``
   filled with ``createDatabase``, ``createTable`` (a ``Schema`` built from the columns: computed,
   metadata, watermark, primary key), ``createFunction`` and views built as ``CatalogView`` with
   their schema; then ``SHOW CREATE TABLE``/``VIEW`` and ``DESCRIBE`` of every object, and
   ``EXPLAIN`` of a ``SELECT`` from every view whose sources Flink has connectors for here.
2. **Catalog store**: the ``<catalog>.yaml`` file registered through
   ``table.catalog-store.kind: file``; the catalog must appear with its options.
3. **Init script**: run in a fresh session; ``SHOW CREATE`` and ``DESCRIBE`` compared again, this
   time with Flink deriving each view's columns from its query.

Needs the ``apache-flink`` package and ``java``; imports no Django.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .flinksql import catalog_store as cs
from .flinksql import render
from .flinksql import snapshot_format as sf
from .flinksql.catalog import CatalogTable, CatalogView, quote_identifier
from .flinksql.splitter import split_statements
from .flinksql.statements import ColumnKind

# Connectors in the apache-flink package that can be read from (EXPLAIN needs a source).
SOURCE_CONNECTORS = {"datagen"}
FILESYSTEM_FORMATS = {"csv", "json", "raw"}


@dataclass
class Check:
    subject: str  # e.g. "table sales.orders"
    what: str  # e.g. "SHOW CREATE TABLE (catalog API)"
    status: str  # ok, FAIL, skip
    detail: str = ""


@dataclass
class VerifyReport:
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.status != "FAIL" for c in self.checks)

    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.status == "FAIL"]


def flink_available() -> bool:
    if shutil.which("java") is None:
        return False
    try:
        import pyflink.table  # noqa: F401
    except ImportError:
        return False
    return True


def _new_environment(store_folder: str | None = None) -> Any:
    quiet = "-Dlog4j2.rootLogger.level=OFF -Dlog4j.rootLogger=OFF -Dlog4j2.level=OFF"
    if quiet not in os.environ.get("JVM_ARGS", ""):
        os.environ["JVM_ARGS"] = f"{os.environ.get('JVM_ARGS', '')} {quiet}".strip()
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
        head, sep, rest = line.removeprefix("Caused by: ").partition(": ")
        if sep and head.endswith(("Exception", "Error")) and " " not in head:
            found = rest
    return found or message.strip().split("\n")[0]


def run(env: Any, statement: str) -> tuple[list[str], list[list[Any]]]:
    """Columns and rows Flink answers; raises with Flink's exception."""
    result = env.execute_sql(statement)
    columns = list(result.get_resolved_schema().get_column_names())
    with result.collect() as rows:
        values = [
            [v if v is None or isinstance(v, (str, bool)) else str(v) for v in row] for row in rows
        ]
    return columns, values


# -- building the catalog through Flink's API -------------------------------------------------
def _data_type(jvm: Any, text: str, nullable: bool, time_attribute: str | None = None) -> Any:
    types = jvm.org.apache.flink.table.types
    if time_attribute:
        logical = types.logical
        parsed = sf.parse_type(text)
        kind = getattr(logical.TimestampKind, time_attribute)
        if parsed.name == "TIMESTAMP_LTZ":
            lt = logical.LocalZonedTimestampType(nullable, kind, parsed.precision)
        else:
            lt = logical.TimestampType(nullable, kind, parsed.precision)
        return types.utils.TypeConversions.fromLogicalToDataType(lt)
    data_type = jvm.org.apache.flink.table.api.DataTypes.of(text)
    return data_type if nullable else data_type.notNull()


def _schema(jvm: Any, table: CatalogTable) -> Any:
    builder = jvm.org.apache.flink.table.api.Schema.newBuilder()
    for column in table.columns:
        entry = sf.column_entry(column)
        if column.kind == ColumnKind.COMPUTED:
            builder.columnByExpression(column.name, column.expression)
        elif column.kind == ColumnKind.METADATA:
            data_type = _data_type(jvm, entry["type"], entry["nullable"])
            if column.metadata_key is not None:
                builder.columnByMetadata(
                    column.name, data_type, column.metadata_key, column.virtual
                )
            else:
                builder.columnByMetadata(column.name, data_type, column.virtual)
        else:
            builder.column(column.name, _data_type(jvm, entry["type"], entry["nullable"]))
        if column.comment is not None:
            builder.withComment(column.comment)
    if table.watermark is not None:
        builder.watermark(table.watermark.rowtime_attribute, table.watermark.expression)
    if table.primary_key is not None:
        names = _string_array(jvm, list(table.primary_key.columns))
        builder.primaryKeyNamed(table.primary_key.name, names)
    return builder.build()


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
                Check(subject, "create through the catalog API", "FAIL", error_message(exc))
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
            builder = jvm.org.apache.flink.table.api.Schema.newBuilder()
            for column in v.columns:
                entry = sf.view_entry(v)["columns"][v.columns.index(column)]
                builder.column(
                    column.name,
                    _data_type(jvm, entry["type"], entry["nullable"], entry["timeAttribute"]),
                )
            built = catalog_api.CatalogView.of(
                builder.build(),
                v.comment,
                v.expanded_query,
                v.expanded_query,
                _java_map(jvm, {}),
            )
            path = catalog_api.ObjectPath(v.identifier.database, v.identifier.name)
            catalog.createTable(path, built, False)

        attempt(f"view {_name(view)}", create_view)
    return catalog, checks


def _name(obj: CatalogTable | CatalogView) -> str:
    return f"{obj.identifier.database}.{obj.identifier.name}"


# -- comparing --------------------------------------------------------------------------------
def _compare(subject: str, what: str, expected: Any, actual: Any) -> Check:
    if expected == actual:
        return Check(subject, what, "ok")
    import difflib

    def text(value: Any) -> list[str]:
        if isinstance(value, str):
            return value.splitlines()
        return [repr(row) for row in value]

    detail = "\n".join(
        difflib.unified_diff(text(expected), text(actual), "dashboard", "Flink", lineterm="")
    )
    return Check(subject, what, "FAIL", detail)


def _describe_rows(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def check_objects(env: Any, snapshot: sf.Snapshot, how: str, derived_views: bool) -> list[Check]:
    """SHOW CREATE and DESCRIBE of every table and view, against the dashboard's rendering."""
    checks = []
    for table in snapshot.tables:
        subject = f"table {_name(table)}"
        checks.append(
            _run_compare(
                env,
                subject,
                f"SHOW CREATE TABLE ({how})",
                f"SHOW CREATE TABLE {table.identifier.quoted()}",
                render.show_create_table(table),
                scalar=True,
            )
        )
        columns, rows = render.describe_table(table)
        checks.append(
            _run_compare(
                env, subject, f"DESCRIBE ({how})", f"DESCRIBE {table.identifier.quoted()}", rows
            )
        )
    for view in snapshot.views:
        subject = f"view {_name(view)}"
        checks.append(
            _run_compare(
                env,
                subject,
                f"SHOW CREATE VIEW ({how})",
                f"SHOW CREATE VIEW {view.identifier.quoted()}",
                render.show_create_view(view),
                scalar=True,
            )
        )
        _, rows = render.describe_view(view)
        what = "DESCRIBE, columns derived by Flink" if derived_views else "DESCRIBE"
        checks.append(
            _run_compare(
                env, subject, f"{what} ({how})", f"DESCRIBE {view.identifier.quoted()}", rows
            )
        )
    return checks


def _run_compare(
    env: Any, subject: str, what: str, statement: str, expected: Any, scalar: bool = False
) -> Check:
    try:
        _, rows = run(env, statement)
    except Exception as exc:
        return Check(subject, what, "FAIL", error_message(exc))
    actual: Any = rows[0][0] if scalar and rows else _describe_rows(rows)
    return _compare(subject, what, expected, actual)


def explainable(snapshot: sf.Snapshot, view: CatalogView) -> str | None:
    """None when every table the view reads (through other views too) has a connector Flink
    can read here; else why not."""
    tables = {(t.identifier.database, t.identifier.name): t for t in snapshot.tables}
    views = {(v.identifier.database, v.identifier.name): v for v in snapshot.views}
    pending = [view]
    seen: set[tuple[str, str]] = set()
    while pending:
        current = pending.pop()
        for key in sf.reads(snapshot.catalog_name, current.expanded_query):
            if key in seen:
                continue
            seen.add(key)
            if key in views:
                pending.append(views[key])
            elif key in tables:
                options = tables[key].options
                connector = options.get("connector", "")
                readable = connector in SOURCE_CONNECTORS or (
                    connector == "filesystem" and options.get("format") in FILESYSTEM_FORMATS
                )
                if not readable:
                    return f"reads {key[0]}.{key[1]} (connector '{connector}', not in PyFlink)"
            else:
                return f"reads {key[0]}.{key[1]}, which is not in the snapshot"
    return None


def check_explain(env: Any, snapshot: sf.Snapshot) -> list[Check]:
    checks = []
    for view in snapshot.views:
        subject = f"view {_name(view)}"
        reason = explainable(snapshot, view)
        if reason is not None:
            checks.append(Check(subject, "EXPLAIN SELECT", "skip", reason))
            continue
        try:
            run(env, f"EXPLAIN SELECT * FROM {view.identifier.quoted()}")
            checks.append(Check(subject, "EXPLAIN SELECT", "ok"))
        except Exception as exc:
            checks.append(Check(subject, "EXPLAIN SELECT", "FAIL", error_message(exc)))
    return checks


# -- the three checks -------------------------------------------------------------------------
def verify_catalog_api(snapshot: sf.Snapshot) -> list[Check]:
    from pyflink.java_gateway import get_gateway

    env = _new_environment()
    jvm = get_gateway().jvm
    catalog, checks = build_catalog(jvm, snapshot)
    env._j_tenv.registerCatalog(snapshot.catalog_name, catalog)
    checks += check_objects(env, snapshot, "catalog API", derived_views=False)
    checks += check_functions(env, snapshot)
    checks += check_explain(env, snapshot)
    return checks


def check_functions(env: Any, snapshot: sf.Snapshot) -> list[Check]:
    """Each function is listed; DESCRIBE FUNCTION loads the class, so it is compared only
    when the code is on the classpath here."""
    checks = []
    listed: dict[str, set[str]] = {}
    for function, _ in snapshot.functions:
        identifier = function.identifier
        subject = f"function {identifier.database}.{identifier.name}"
        if identifier.database not in listed:
            database = (
                f"{quote_identifier(identifier.catalog)}.{quote_identifier(identifier.database)}"
            )
            try:
                _, rows = run(env, f"SHOW USER FUNCTIONS FROM {database}")
                listed[identifier.database] = {str(r[0]) for r in rows}
            except Exception as exc:
                checks.append(Check(subject, "SHOW USER FUNCTIONS", "FAIL", error_message(exc)))
                continue
        if identifier.name not in listed[identifier.database]:
            checks.append(Check(subject, "SHOW USER FUNCTIONS", "FAIL", "not listed"))
            continue
        checks.append(Check(subject, "SHOW USER FUNCTIONS", "ok"))
        try:
            _, rows = run(env, f"DESCRIBE FUNCTION {identifier.quoted()}")
        except Exception as exc:
            checks.append(
                Check(
                    subject,
                    "DESCRIBE FUNCTION",
                    "skip",
                    f"its code is not available here: {error_message(exc)}",
                )
            )
            continue
        info = {str(row[0]): row[1] for row in rows}
        expected = {"class name": function.class_name, "function language": function.language}
        actual = {k: info.get(k) for k in expected}
        checks.append(_compare(subject, "DESCRIBE FUNCTION", expected, actual))
    return checks


def verify_catalog_store(snapshot: sf.Snapshot) -> list[Check]:
    """Register the snapshot's catalog from a FileCatalogStore folder and read it back."""
    folder = tempfile.mkdtemp(prefix="catalog-store-")
    subject = f"catalog {snapshot.catalog_name}"
    try:
        options = dict(snapshot.catalog_options) or {
            "type": "generic_in_memory",
            "default-database": snapshot.database_name,
        }
        Path(folder, cs.catalog_file_name(snapshot.catalog_name)).write_bytes(
            cs.catalog_store_file(options)
        )
        env = _new_environment(folder)
        try:
            _, rows = run(env, "SHOW CATALOGS")
            if [snapshot.catalog_name] not in rows:
                return [Check(subject, "catalog store", "FAIL", f"SHOW CATALOGS answered {rows}")]
            _, rows = run(
                env, f"DESCRIBE CATALOG EXTENDED {quote_identifier(snapshot.catalog_name)}"
            )
        except Exception as exc:
            return [Check(subject, "catalog store", "FAIL", error_message(exc))]
        found = {
            str(r[0]).removeprefix("option:"): r[1] for r in rows if str(r[0]).startswith("option:")
        }
        found["type"] = next((r[1] for r in rows if r[0] == "type"), None)
        return [
            _compare(
                subject,
                "catalog store (table.catalog-store.kind: file)",
                dict(sorted(options.items())),
                dict(sorted(found.items())),
            )
        ]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def verify_init_script(snapshot: sf.Snapshot) -> list[Check]:
    """Run the init script in a fresh session and compare what Flink then shows."""
    env = _new_environment()
    checks = []
    script = sf.init_script([snapshot])
    planned = sf.import_statements(snapshot, snapshot.catalog_name, create_catalog=True)
    statements = split_statements(script)
    failed_objects = set()
    for statement, plan in zip(statements, planned, strict=False):
        try:
            run(env, statement)
        except Exception as exc:
            message = error_message(exc)
            status = "FAIL"
            if plan.kind == "function" or "factory" in message.lower():
                status = "skip"  # code or connector jars are not part of PyFlink
            elif plan.kind == "view" and _reads_failed(snapshot, plan.name, failed_objects):
                status = "skip"
                message = f"reads an object that could not be created here ({message})"
            failed_objects.add(plan.name)
            checks.append(
                Check(f"{plan.kind} {plan.name}", "init script statement", status, message)
            )
    subset = sf.Snapshot(
        snapshot.document,
        snapshot.catalog_name,
        snapshot.database_name,
        snapshot.databases,
        [t for t in snapshot.tables if _name(t) not in failed_objects],
        [v for v in snapshot.views if _name(v) not in failed_objects],
        [],
    )
    checks += check_objects(env, subset, "init script", derived_views=True)
    return checks


def _reads_failed(snapshot: sf.Snapshot, name: str, failed: set[str]) -> bool:
    view = next((v for v in snapshot.views if _name(v) == name), None)
    if view is None:
        return False
    return any(
        f"{d}.{n}" in failed for d, n in sf.reads(snapshot.catalog_name, view.expanded_query)
    )


def verify(snapshot: sf.Snapshot, progress: Callable[[str], None] | None = None) -> VerifyReport:
    say = progress or (lambda _: None)
    report = VerifyReport()
    say("loading the snapshot through Flink's catalog API")
    report.checks += verify_catalog_api(snapshot)
    say("registering the catalog from a FileCatalogStore folder")
    report.checks += verify_catalog_store(snapshot)
    say("running the init script in a fresh Flink session")
    report.checks += verify_init_script(snapshot)
    return report
