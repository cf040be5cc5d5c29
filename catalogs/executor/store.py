"""Reading and writing the persistent catalog: models in, catalog objects out, and back."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.db.models import Prefetch, QuerySet

from catalogs import models as m
from catalogs.flinksql.catalog import (
    CatalogDescriptor,
    CatalogFunction,
    CatalogModel,
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
    PrimaryKey,
    Watermark,
    function_identifier,
)
from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.member_attributes import member_time_attributes, with_member_time_attributes
from catalogs.flinksql.schema import with_time_attributes
from catalogs.flinksql.statements import ColumnKind
from catalogs.flinksql.types import DataType, parse_type
from config.compiled import CompiledQuery
from environments.models import Environment

# The shapes every statement reads, compiled once (config.compiled).
_CATALOG = CompiledQuery(
    lambda environment, name: m.Catalog.objects.filter(environment_id=environment, name=name)[:1],
    int,
    str,
)
_DATABASE = CompiledQuery(
    lambda catalog, name: m.Database.objects.filter(catalog_id=catalog, name=name)[:1], int, str
)


def _table_named(for_update: bool) -> CompiledQuery[m.Table]:
    """The table or view of a database by its name; ``for_update`` locks the row."""

    def build(database: int, name: str) -> QuerySet:
        rows = m.Table.objects.filter(database_id=database, name=name)
        return (rows.select_for_update(of=("self",)) if for_update else rows)[:1]

    return CompiledQuery(build, int, str)


_TABLE, _LOCKED_TABLE = _table_named(False), _table_named(True)
_COLUMNS = CompiledQuery(
    lambda table: m.Column.objects.filter(table_id=table).order_by("position"), int
)
_FUNCTION = CompiledQuery(lambda *named: _functions(*named)[:1], int, str, str, str)


def catalog_or_none(environment: Environment, name: str) -> m.Catalog | None:
    return _CATALOG.first(environment.pk, name)


MISSING_CATALOG = "A catalog with name [{name}] does not exist."


def get_catalog(environment: Environment, name: str, message: str = MISSING_CATALOG) -> m.Catalog:
    """The catalog, or Flink's error; Flink words it differently for each statement."""
    return found_catalog(catalog_or_none(environment, name), name, message)


def found_catalog(
    catalog: m.Catalog | None, name: str, message: str = MISSING_CATALOG
) -> m.Catalog:
    """``catalog``, looked up by ``name``; Flink's error when there is none."""
    if catalog is None:
        raise ValidationError(message.format(name=name))
    return catalog


def normalize(catalog: m.Catalog, name: str) -> str:
    """The name as the catalog stores it (the Hive Metastore keeps lower case)."""
    return name.lower() if catalog.lower_cases_names else name


def database_or_none(catalog: m.Catalog, name: str) -> m.Database | None:
    return _DATABASE.first(catalog.pk, normalize(catalog, name))


# names per query when looking up many at once (SQLite allows 999 parameters)
NAMES_PER_QUERY = 400


def databases_named(catalog: m.Catalog, names: Iterable[str]) -> dict[str, m.Database]:
    """The stored databases of ``catalog`` among ``names`` (as the catalog stores names)."""
    wanted = sorted(set(names))
    found: dict[str, m.Database] = {}
    for start in range(0, len(wanted), NAMES_PER_QUERY):
        chunk = wanted[start : start + NAMES_PER_QUERY]
        found.update((d.name, d) for d in catalog.databases.filter(name__in=chunk))
    return found


def taken_names(
    environment: Environment, catalog: str, names: Iterable[tuple[str, str]]
) -> set[tuple[str, str]]:
    """Which of the (database, name) pairs of ``catalog`` name a stored table or view."""
    taken: set[tuple[str, str]] = set()
    for chunk, rows in _rows_named(environment, catalog, names):
        taken.update(set(rows.values_list("database__name", "name")) & chunk)
    return taken


def relation_rows(
    environment: Environment, catalog: str, names: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], m.Table]:
    """The stored tables and views of ``catalog`` that the (database, name) pairs name
    exactly, with their database, catalog and columns, as :func:`relation_row` reads one."""
    found: dict[tuple[str, str], m.Table] = {}
    for chunk, rows in _rows_named(environment, catalog, names):
        for row in rows.select_related("database__catalog").prefetch_related(_columns()):
            key = (row.database.name, row.name)
            if key in chunk:
                found[key] = row
    return found


def _rows_named(
    environment: Environment, catalog: str, names: Iterable[tuple[str, str]]
) -> Iterator[tuple[set[tuple[str, str]], QuerySet[m.Table]]]:
    """Chunks of the pairs, each with a query for (a few more than) the rows they name."""
    wanted = sorted(set(names))
    for start in range(0, len(wanted), NAMES_PER_QUERY):
        chunk = wanted[start : start + NAMES_PER_QUERY]
        rows = m.Table.objects.filter(
            database__catalog__environment=environment,
            database__catalog__name=catalog,
            database__name__in={d for d, _ in chunk},
            name__in={n for _, n in chunk},
        )
        yield set(chunk), rows


def get_database(catalog: m.Catalog, name: str) -> m.Database:
    database = database_or_none(catalog, name)
    if database is None:
        raise ValidationError(
            f"A database with name [{name}] does not exist in the catalog: [{catalog.name}]."
        )
    return database


def _columns() -> Prefetch:
    """A table's or view's columns, in their order."""
    return Prefetch("columns", queryset=m.Column.objects.order_by("position"))


def table_or_none(database: m.Database, name: str) -> m.Table | None:
    return with_columns(_TABLE.first(database.pk, normalize(database.catalog, name)))


def table_in(database: m.Database, name: str, for_update: bool = False) -> m.Table | None:
    """The table or view ``name`` (exactly) of ``database``, with its columns, its database
    the one given; ``for_update`` locks it as :func:`relation_row` does."""
    row = with_columns((_LOCKED_TABLE if for_update else _TABLE).first(database.pk, name))
    if row is not None:
        row.database = database
    return row


def with_columns(row: m.Table | None) -> m.Table | None:
    """``row`` with its columns read, in their order, as ``prefetch_related`` keeps them."""
    if row is None:
        return None
    columns = _COLUMNS.rows(row.pk)
    for column in columns:
        m.Column.table.field.set_cached_value(column, row)
    kept = row.columns.all()
    kept._result_cache, kept._prefetch_done = columns, True
    row._prefetched_objects_cache = {"columns": kept}
    return row


def relation_row(
    environment: Environment, identifier: ObjectIdentifier, for_update: bool = False
) -> m.Table | None:
    """The table or view ``identifier`` names, with its database and catalog, in one query
    (and one more for its columns). Hive catalogs keep names in lower case. ``for_update``
    locks the row until the transaction ends, so concurrent changes to it queue up."""
    place = (environment.pk, identifier.catalog)
    exact, lowered = _LOCKED_RELATIONS if for_update else _RELATIONS
    row = exact.first(*place, identifier.database, identifier.name)
    if row is None:
        row = lowered.first(*place, identifier.database.lower(), identifier.name.lower())
    return with_columns(row)


def _relations(for_update: bool) -> tuple[CompiledQuery[m.Table], CompiledQuery[m.Table]]:
    """The compiled queries of :func:`relation_row`: by the exact names, and by the names in
    lower case in a Hive catalog."""

    def named(lower_cased: bool) -> CompiledQuery[m.Table]:
        def build(environment: int, catalog: str, database: str, name: str) -> QuerySet:
            rows = m.Table.objects.filter(
                database__catalog__environment_id=environment,
                database__catalog__name=catalog,
                database__name=database,
                name=name,
            ).select_related("database__catalog")
            if lower_cased:
                rows = rows.filter(database__catalog__catalog_type="hive")
            if for_update:
                rows = rows.select_for_update(of=("self",))
            return rows[:1]

        return CompiledQuery(build, int, str, str, str)

    return named(False), named(True)


_RELATIONS, _LOCKED_RELATIONS = _relations(False), _relations(True)


def descriptor(catalog: m.Catalog) -> CatalogDescriptor:
    return CatalogDescriptor(catalog.name, dict(catalog.options), catalog.comment)


def relation_definition(
    row: m.Table, identifier: ObjectIdentifier, rows: Iterable[m.Column] | None = None
) -> CatalogTable | CatalogView:
    """The table or view as stored; ``rows`` are its column rows when they are not saved yet."""
    if row.is_view:
        return view_definition(row, identifier, rows)
    return table_definition(row, identifier, rows)


def table_definition(
    table: m.Table, identifier: ObjectIdentifier, rows: Iterable[m.Column] | None = None
) -> CatalogTable:
    """The table as stored; ``rows`` are its column rows when they are not saved yet."""
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
        for c in (table.columns.all() if rows is None else rows)
    ]
    columns = with_time_attributes(columns)
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
        distribution=table.distribution,
    )


def write_table(database: m.Database, table: CatalogTable, existing: m.Table | None) -> m.Table:
    """Create or overwrite the rows of ``table``; an overwrite bumps the version."""
    row = table_row(database, table, existing)
    row.save()
    if existing is not None:
        row.columns.all().delete()
    m.Column.objects.bulk_create(table_columns(row, table))
    return row


def table_row(database: m.Database, table: CatalogTable, existing: m.Table | None) -> m.Table:
    """The row of ``table``, not saved yet: ``existing`` updated (its version bumped), or new."""
    row = existing or m.Table(database=database, kind=m.Table.Kind.TABLE)
    row.name = table.identifier.name
    row.comment = table.comment
    row.options = dict(table.options)
    row.partition_keys = list(table.partition_keys)
    distribution = table.distribution
    row.distribution_kind = distribution.kind if distribution else None
    row.bucket_keys = list(distribution.bucket_keys) if distribution else []
    row.bucket_count = distribution.bucket_count if distribution else None
    row.primary_key_name = table.primary_key.name if table.primary_key else None
    row.primary_key_columns = list(table.primary_key.columns) if table.primary_key else []
    row.watermark_column = table.watermark.rowtime_attribute if table.watermark else None
    row.watermark_expression = table.watermark.expression if table.watermark else None
    if existing is not None:
        row.version += 1
    return row


def table_columns(row: m.Table, table: CatalogTable) -> list[m.Column]:
    """The column rows of ``table``, not saved yet."""
    return [
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


def _stored_type(data_type: DataType) -> str:
    """The column's type as text that parses back; zero-length strings have no serializable
    form in Flink, so they are kept in their summary form."""
    try:
        return data_type.with_nullable(True).serializable()
    except ValidationError:
        return data_type.summary_without_nullability()


def functions_named(environment: Environment, identifier: ObjectIdentifier) -> QuerySet[m.Function]:
    """The stored function ``identifier`` names (none or one), its name compared as Flink
    compares it (:func:`function_identifier`)."""
    return _functions(environment.pk, *_function_place(identifier))


def function_or_none(environment: Environment, identifier: ObjectIdentifier) -> m.Function | None:
    """The one row of :func:`functions_named`, read by a compiled query."""
    return _FUNCTION.first(environment.pk, *_function_place(identifier))


def _function_place(identifier: ObjectIdentifier) -> tuple[str, str, str]:
    """The catalog, database and name a function is stored under, compared as Flink
    compares them (:func:`function_identifier`)."""
    found = function_identifier(identifier.catalog, identifier.database, identifier.name)
    return found.catalog, found.database, found.name


def _functions(environment: int, catalog: str, database: str, name: str) -> QuerySet[m.Function]:
    return m.Function.objects.filter(
        database__catalog__environment_id=environment,
        database__catalog__name=catalog,
        database__name=database,
        name=name,
    )


def function_definition(function: m.Function, identifier: ObjectIdentifier) -> CatalogFunction:
    return CatalogFunction(identifier, function.class_name, function.language, list(function.jars))


def view_definition(
    view: m.Table, identifier: ObjectIdentifier, rows: Iterable[m.Column] | None = None
) -> CatalogView:
    """The view as stored; ``rows`` are its column rows when they are not saved yet."""
    columns = [
        Column(
            name=c.name,
            data_type=with_member_time_attributes(
                parse_type(c.data_type, ddl=False), c.member_time_attributes
            )
            .with_nullable(c.nullable)
            .with_time_attribute(c.time_attribute),
        )
        for c in (view.columns.all() if rows is None else rows)
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
    lineage: list[m.ColumnLineage],
) -> m.Table:
    """Create or replace the view's rows, its columns, what it reads and its column
    lineage."""
    row = view_row(database, view, existing)
    row.save()
    if existing is not None:
        row.columns.all().delete()
        row.dependencies.all().delete()
        row.column_lineage.all().delete()
    m.Column.objects.bulk_create(view_columns(row, view))
    for dependency in dependencies:
        dependency.view = row
    m.Dependency.objects.bulk_create(dependencies)
    for source in lineage:
        source.view = row
    m.ColumnLineage.objects.bulk_create(lineage)
    return row


def view_row(database: m.Database, view: CatalogView, existing: m.Table | None) -> m.Table:
    """The row of ``view``, not saved yet: ``existing`` updated (its version bumped), or new."""
    row = existing or m.Table(database=database, kind=m.Table.Kind.VIEW)
    row.name = view.identifier.name
    row.comment = view.comment
    row.original_query = view.original_query
    row.expanded_query = view.expanded_query
    row.status, row.status_reason = m.Table.Status.OK, ""
    if existing is not None:
        row.version += 1
    return row


def view_columns(row: m.Table, view: CatalogView) -> list[m.Column]:
    """The column rows of ``view``, not saved yet."""
    return [
        m.Column(
            table=row,
            position=i,
            name=c.name,
            data_type=_stored_type(c.data_type),
            nullable=c.data_type.nullable,
            time_attribute=c.data_type.time_attribute,
            member_time_attributes=[
                [list(path), kind] for path, kind in member_time_attributes(c.data_type)
            ],
        )
        for i, c in enumerate(view.columns)
    ]


def model_or_none(database: m.Database, name: str) -> m.Model | None:
    return database.models.filter(name=normalize(database.catalog, name)).first()


def secret_holder(
    environment: Environment, kind: str, names: tuple[str, ...]
) -> m.Catalog | m.Database | m.Table | m.Model | None:
    """The row keeping the options of the catalog, database, table or model (``kind``)
    named by ``names`` (its catalog, database and object), or None."""
    catalog = catalog_or_none(environment, names[0])
    if catalog is None or kind == "catalog":
        return catalog
    database = database_or_none(catalog, names[1])
    if database is None or kind == "database":
        return database
    if kind == "model":
        return model_or_none(database, names[2])
    tables = database.tables.filter(kind=m.Table.Kind.TABLE)
    return tables.filter(name=normalize(catalog, names[2])).first()


def model_definition(model: m.Model, identifier: ObjectIdentifier) -> CatalogModel:
    """The model as stored."""
    return CatalogModel(
        identifier=identifier,
        input_columns=[_model_column(c) for c in model.input_columns],
        output_columns=[_model_column(c) for c in model.output_columns],
        comment=model.comment,
        options=dict(model.options),
    )


def _model_column(stored: dict) -> Column:
    data_type = parse_type(stored["type"], ddl=False).with_nullable(stored["nullable"])
    return Column(name=stored["name"], data_type=data_type, comment=stored.get("comment"))


def model_columns(columns: Iterable[Column]) -> list[dict]:
    """A model's columns as its row keeps them."""
    return [
        {
            "name": c.name,
            "type": _stored_type(c.data_type),
            "nullable": c.data_type.nullable,
            "comment": c.comment,
        }
        for c in columns
    ]


def write_model(database: m.Database, model: CatalogModel, existing: m.Model | None) -> m.Model:
    """Create or overwrite the row of ``model``; an overwrite bumps the version."""
    row = existing or m.Model(database=database)
    row.name = model.identifier.name
    row.comment = model.comment
    row.options = dict(model.options)
    row.input_columns = model_columns(model.input_columns)
    row.output_columns = model_columns(model.output_columns)
    if existing is not None:
        row.version += 1
    row.save()
    return row
