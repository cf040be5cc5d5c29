"""A snapshot's catalog built through Flink's catalog API, as a launcher such as
flink-sql-bootstrap builds it: ``createDatabase``, ``createTable`` (a ``Schema`` built from the
columns), ``createFunction``, ``createModel`` and views as ``ResolvedCatalogView``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..flinksql import snapshot_format as sf
from ..flinksql.catalog import CatalogModel, CatalogTable, CatalogView, Column, TableDistribution
from ..flinksql.statements import ColumnKind
from .checks import Check, short_name
from .java_types import java_data_type, java_list, java_map, string_array
from .session import error_message, new_environment


def _schema(jvm: Any, table: CatalogTable) -> Any:
    builder = jvm.org.apache.flink.table.api.Schema.newBuilder()
    for column in table.columns:
        if column.kind == ColumnKind.COMPUTED:
            builder.columnByExpression(column.name, column.expression)
        elif column.kind == ColumnKind.METADATA:
            data_type = java_data_type(jvm, column.data_type)
            if column.metadata_key is not None:
                builder.columnByMetadata(
                    column.name, data_type, column.metadata_key, column.virtual
                )
            else:
                builder.columnByMetadata(column.name, data_type, column.virtual)
        else:
            builder.column(column.name, java_data_type(jvm, column.data_type))
        if column.comment is not None:
            builder.withComment(column.comment)
    if table.watermark is not None:
        builder.watermark(table.watermark.rowtime_attribute, table.watermark.expression)
    if table.primary_key is not None:
        names = string_array(jvm, list(table.primary_key.columns))
        builder.primaryKeyNamed(table.primary_key.name, names)
    return builder.build()


def _columns_schema(jvm: Any, columns: list[Column]) -> Any:
    """A model's input or output columns as a ``Schema``."""
    builder = jvm.org.apache.flink.table.api.Schema.newBuilder()
    for column in columns:
        builder.column(column.name, java_data_type(jvm, column.data_type))
        if column.comment is not None:
            builder.withComment(column.comment)
    return builder.build()


def _view(jvm: Any, view: CatalogView) -> Any:
    """A ``ResolvedCatalogView``: the view with its columns, as Flink's own catalog holds a
    view that ``CREATE VIEW`` made."""
    catalog_api = jvm.org.apache.flink.table.catalog
    types = jvm.java.util.ArrayList()
    for column in view.columns:
        types.add(java_data_type(jvm, column.data_type))
    resolved = catalog_api.ResolvedSchema.physical(
        java_list(jvm, [c.name for c in view.columns]), types
    )
    unresolved = jvm.org.apache.flink.table.api.Schema.newBuilder()
    origin = catalog_api.CatalogView.of(
        unresolved.fromResolvedSchema(resolved).build(),
        view.comment,
        view.expanded_query,
        view.expanded_query,
        java_map(jvm, {}),
    )
    return catalog_api.ResolvedCatalogView(origin, resolved)


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
                catalog_api.CatalogDatabaseImpl(java_map(jvm, d["properties"]), d["comment"]),
                True,
            ),
        )
    for table in snapshot.tables:

        def create_table(t: CatalogTable = table) -> None:
            built = (
                catalog_api.CatalogTable.newBuilder()
                .schema(_schema(jvm, t))
                .comment(t.comment)
                .partitionKeys(java_list(jvm, t.partition_keys))
                .distribution(_distribution(jvm, catalog_api, t.distribution))
                .options(java_map(jvm, t.options))
                .build()
            )
            path = catalog_api.ObjectPath(t.identifier.database, t.identifier.name)
            catalog.createTable(path, built, False)

        attempt(f"table {short_name(table)}", create_table)
    for function, _ in snapshot.functions:

        def create_function(f: Any = function) -> None:
            language = getattr(catalog_api.FunctionLanguage, f.language)
            path = catalog_api.ObjectPath(f.identifier.database, f.identifier.name)
            catalog.createFunction(
                path, catalog_api.CatalogFunctionImpl(f.class_name, language), False
            )

        attempt(f"function {short_name(function)}", create_function)
    for model in snapshot.models:

        def create_model(mo: CatalogModel = model) -> None:
            path = catalog_api.ObjectPath(mo.identifier.database, mo.identifier.name)
            built = catalog_api.CatalogModel.of(
                _columns_schema(jvm, mo.input_columns),
                _columns_schema(jvm, mo.output_columns),
                java_map(jvm, mo.options),
                mo.comment,
            )
            catalog.createModel(path, built, False)

        attempt(f"model {short_name(model)}", create_model)
    for view in snapshot.views:

        def create_view(v: CatalogView = view) -> None:
            path = catalog_api.ObjectPath(v.identifier.database, v.identifier.name)
            catalog.createTable(path, _view(jvm, v), False)

        attempt(f"view {short_name(view)}", create_view)
    return catalog, checks


def load_catalog_api(snapshots: list[sf.Snapshot]) -> tuple[Any, list[Check]]:
    """A session holding every snapshot's catalog, built through the catalog API."""
    from pyflink.java_gateway import get_gateway

    env = new_environment()
    jvm = get_gateway().jvm
    checks: list[Check] = []
    for snapshot in snapshots:
        catalog, created = build_catalog(jvm, snapshot)
        env._j_tenv.registerCatalog(snapshot.catalog_name, catalog)
        checks += created
    return env, checks


def _distribution(jvm: Any, catalog_api: Any, distribution: TableDistribution | None) -> Any:
    """Flink's ``TableDistribution`` of ``distribution`` (None: Java's null, no distribution)."""
    if distribution is None:
        return None
    of = {
        "HASH": catalog_api.TableDistribution.ofHash,
        "RANGE": catalog_api.TableDistribution.ofRange,
        "UNKNOWN": catalog_api.TableDistribution.ofUnknown,
    }[distribution.kind]
    return of(java_list(jvm, list(distribution.bucket_keys)), distribution.bucket_count)
