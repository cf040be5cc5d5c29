"""Reading and writing the persistent catalog: models in, catalog objects out, and back."""

from __future__ import annotations

from django.db.models import Prefetch

from catalogs import models as m
from catalogs.flinksql.catalog import (
    CatalogDescriptor,
    CatalogFunction,
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
    PrimaryKey,
    Watermark,
)
from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.statements import ColumnKind
from catalogs.flinksql.types import DataType, parse_type
from environments.models import Environment


def catalog_or_none(environment: Environment, name: str) -> m.Catalog | None:
    return m.Catalog.objects.filter(environment=environment, name=name).first()


def get_catalog(
    environment: Environment,
    name: str,
    message: str = "A catalog with name [{name}] does not exist.",
) -> m.Catalog:
    """The catalog, or Flink's error; Flink words it differently for each statement."""
    catalog = catalog_or_none(environment, name)
    if catalog is None:
        raise ValidationError(message.format(name=name))
    return catalog


def normalize(catalog: m.Catalog, name: str) -> str:
    """The name as the catalog stores it (the Hive Metastore keeps lower case)."""
    return name.lower() if catalog.lower_cases_names else name


def database_or_none(catalog: m.Catalog, name: str) -> m.Database | None:
    return m.Database.objects.filter(catalog=catalog, name=normalize(catalog, name)).first()


def get_database(catalog: m.Catalog, name: str) -> m.Database:
    database = database_or_none(catalog, name)
    if database is None:
        raise ValidationError(
            f"A database with name [{name}] does not exist in the catalog: [{catalog.name}]."
        )
    return database


def table_or_none(database: m.Database, name: str) -> m.Table | None:
    columns = Prefetch("columns", queryset=m.Column.objects.order_by("position"))
    return (
        m.Table.objects.filter(database=database, name=normalize(database.catalog, name))
        .prefetch_related(columns)
        .first()
    )


def relation_row(
    environment: Environment, identifier: ObjectIdentifier, for_update: bool = False
) -> m.Table | None:
    """The table or view ``identifier`` names, with its database and catalog, in one query
    (and one more for its columns). Hive catalogs keep names in lower case. ``for_update``
    locks the row until the transaction ends, so concurrent changes to it queue up."""
    columns = Prefetch("columns", queryset=m.Column.objects.order_by("position"))
    rows = (
        m.Table.objects.filter(
            database__catalog__environment=environment,
            database__catalog__name=identifier.catalog,
        )
        .select_related("database__catalog")
        .prefetch_related(columns)
    )
    if for_update:
        rows = rows.select_for_update(of=("self",))
    exact = rows.filter(database__name=identifier.database, name=identifier.name)
    row = exact.first()
    if row is None:
        lowered = rows.filter(
            database__catalog__catalog_type="hive",
            database__name=identifier.database.lower(),
            name=identifier.name.lower(),
        )
        row = lowered.first()
    return row


def descriptor(catalog: m.Catalog) -> CatalogDescriptor:
    return CatalogDescriptor(catalog.name, dict(catalog.options), catalog.comment)


def table_definition(table: m.Table, identifier: ObjectIdentifier) -> CatalogTable:
    columns = [
        Column(
            name=c.name,
            data_type=parse_type(c.data_type, ddl=False).with_nullable(c.nullable),
            kind=ColumnKind(c.kind),
            comment=c.comment,
            expression=c.expression,
            metadata_key=c.metadata_key,
            virtual=c.is_virtual,
        )
        for c in table.columns.all()
    ]
    watermark = None
    if table.watermark_column:
        watermark = Watermark(table.watermark_column, table.watermark_expression or "")
    primary_key = None
    if table.primary_key_name:
        primary_key = PrimaryKey(table.primary_key_name, tuple(table.primary_key_columns))
    return CatalogTable(
        identifier=identifier,
        columns=columns,
        watermark=watermark,
        primary_key=primary_key,
        partition_keys=list(table.partition_keys),
        comment=table.comment,
        options=dict(table.options),
    )


def write_table(database: m.Database, table: CatalogTable, existing: m.Table | None) -> m.Table:
    """Create or overwrite the rows of ``table``; an overwrite bumps the version."""
    row = existing or m.Table(database=database, kind=m.Table.Kind.TABLE)
    row.name = table.identifier.name
    row.comment = table.comment
    row.options = dict(table.options)
    row.partition_keys = list(table.partition_keys)
    row.primary_key_name = table.primary_key.name if table.primary_key else None
    row.primary_key_columns = list(table.primary_key.columns) if table.primary_key else []
    row.watermark_column = table.watermark.rowtime_attribute if table.watermark else None
    row.watermark_expression = table.watermark.expression if table.watermark else None
    if existing is not None:
        row.version += 1
    row.save()
    if existing is not None:
        row.columns.all().delete()
    m.Column.objects.bulk_create(
        [
            m.Column(
                table=row,
                position=i,
                name=c.name,
                kind=c.kind.value,
                data_type=_stored_type(c.data_type),
                nullable=c.data_type.nullable,
                comment=c.comment,
                expression=c.expression,
                metadata_key=c.metadata_key,
                is_virtual=c.virtual,
            )
            for i, c in enumerate(table.columns)
        ]
    )
    return row


def _stored_type(data_type: DataType) -> str:
    """The column's type as text that parses back; zero-length strings have no serializable
    form in Flink, so they are kept in their summary form."""
    try:
        return data_type.with_nullable(True).serializable()
    except ValidationError:
        return data_type.summary_without_nullability()


def function_definition(function: m.Function, identifier: ObjectIdentifier) -> CatalogFunction:
    return CatalogFunction(identifier, function.class_name, function.language, list(function.jars))


def view_definition(view: m.Table, identifier: ObjectIdentifier) -> CatalogView:
    columns = [
        Column(
            name=c.name,
            data_type=parse_type(c.data_type, ddl=False)
            .with_nullable(c.nullable)
            .with_time_attribute(c.time_attribute),
        )
        for c in view.columns.all()
    ]
    return CatalogView(
        identifier=identifier,
        columns=columns,
        original_query=view.original_query or "",
        expanded_query=view.expanded_query or "",
        comment=view.comment,
    )


def write_view(
    database: m.Database,
    view: CatalogView,
    existing: m.Table | None,
    dependencies: list[m.Dependency],
) -> m.Table:
    """Create or replace the view's rows, its columns and what it reads."""
    row = existing or m.Table(database=database, kind=m.Table.Kind.VIEW)
    row.name = view.identifier.name
    row.comment = view.comment
    row.original_query = view.original_query
    row.expanded_query = view.expanded_query
    row.status, row.status_reason = m.Table.Status.OK, ""
    if existing is not None:
        row.version += 1
    row.save()
    if existing is not None:
        row.columns.all().delete()
        row.dependencies.all().delete()
    m.Column.objects.bulk_create(
        [
            m.Column(
                table=row,
                position=i,
                name=c.name,
                data_type=_stored_type(c.data_type),
                nullable=c.data_type.nullable,
                time_attribute=c.data_type.time_attribute,
            )
            for i, c in enumerate(view.columns)
        ]
    )
    for dependency in dependencies:
        dependency.view = row
    m.Dependency.objects.bulk_create(dependencies)
    return row
