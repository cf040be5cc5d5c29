"""CREATE / ALTER / DROP / SHOW / DESCRIBE TABLE."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from catalogs import models as m
from catalogs.executor import store
from catalogs.flinksql import render, schema
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import CatalogTable, CatalogView, ObjectIdentifier
from catalogs.flinksql.errors import AlreadyExists, ValidationError
from catalogs.flinksql.patterns import filter_names

from .context import OK, Context, Result, already_exists


def create_table(ctx: Context, s: st.CreateTable) -> Result:
    identifier = ctx.identifier(s.path)
    source = None
    if s.like is not None:
        source_id = ctx.identifier(s.like.source)
        source = ctx.find_table(source_id)
        if source is None:
            position = s.like.position
            where = f", at line {position.line}, column {position.column}" if position else ""
            raise ValidationError(
                f"Source table '{source_id.quoted()}' of the LIKE clause not found in the "
                f"catalog{where}"
            )
    if s.temporary:
        if identifier in ctx.session.temporary_tables:
            if s.if_not_exists:
                return OK
            raise AlreadyExists(f"Temporary table '{identifier.quoted()}' already exists")
        ctx.session.temporary_tables[identifier] = schema.create_table(identifier, s, source)
        return OK
    catalog = ctx.catalog(identifier.catalog, "Catalog {name} does not exist.")
    ctx.writable(catalog)
    database = ctx.database_or_none(catalog, identifier.database)
    if database is None:
        raise ValidationError(
            f"Database {identifier.database} does not exist in Catalog {catalog.name}."
        )
    if ctx.relation_row_in(database, identifier.name) is None:
        table = schema.create_table(identifier, s, source)
        if ctx.insert_table(database, table):
            ctx.refresh_readers(identifier)
            return OK
    if s.if_not_exists:
        return OK
    raise already_exists(identifier)


def _not_found(identifier: ObjectIdentifier) -> ValidationError:
    return ValidationError(f"Table {identifier.quoted()} doesn't exist or is a temporary table.")


def _permanent_table(ctx: Context, s) -> tuple[ObjectIdentifier, m.Table] | None:
    """The stored table ``s.path`` names; None when it is missing and ``IF EXISTS`` was
    written. Temporary tables cannot be altered, views not with ALTER TABLE."""
    identifier = ctx.identifier(s.path)
    row = None
    if identifier not in ctx.session.temporary_tables:
        row = ctx.permanent_row(identifier, for_update=True)
    if row is not None and row.is_view:
        raise ValidationError("ALTER TABLE for a view is not allowed")
    if row is None:
        if s.if_exists:
            return None
        raise _not_found(identifier)
    ctx.writable(row.database.catalog)
    return identifier, row


def _alter(ctx: Context, s, change: Callable[[CatalogTable], CatalogTable]) -> Result:
    """Apply ``change`` to the permanent table ``s.path``."""
    found = _permanent_table(ctx, s)
    if found is None:
        return OK
    identifier, row = found
    table = change(store.table_definition(row, identifier))
    store.write_table(row.database, table, row)
    ctx.refresh_readers(identifier)
    return OK


def alter_add(ctx: Context, s: st.AlterTableAdd) -> Result:
    return _alter(ctx, s, lambda t: schema.alter_add(t, s.change))


def alter_modify(ctx: Context, s: st.AlterTableModify) -> Result:
    return _alter(ctx, s, lambda t: schema.alter_modify(t, s.change))


def alter_drop_columns(ctx: Context, s: st.AlterTableDropColumns) -> Result:
    return _alter(ctx, s, lambda t: schema.alter_drop_columns(t, s.columns))


def alter_drop_primary_key(ctx: Context, s: st.AlterTableDropPrimaryKey) -> Result:
    return _alter(ctx, s, schema.alter_drop_primary_key)


def alter_drop_constraint(ctx: Context, s: st.AlterTableDropConstraint) -> Result:
    return _alter(ctx, s, lambda t: schema.alter_drop_constraint(t, s.constraint))


def alter_drop_watermark(ctx: Context, s: st.AlterTableDropWatermark) -> Result:
    return _alter(ctx, s, schema.alter_drop_watermark)


def alter_rename_column(ctx: Context, s: st.AlterTableRenameColumn) -> Result:
    return _alter(ctx, s, lambda t: schema.alter_rename_column(t, s.old_name, s.new_name))


def alter_set(ctx: Context, s: st.AlterTableSet) -> Result:
    return _alter(ctx, s, lambda t: schema.alter_set_options(t, s.options))


def alter_distribution(ctx: Context, s: st.AlterTableDistribution) -> Result:
    # Flink 2.3 passes over a missing table under IF EXISTS only when dropping the
    # distribution; adding or modifying one fails as without it (tables_distribution)
    skips_missing = s.if_exists and s.change == st.DistributionChange.DROP
    return _alter(
        ctx,
        replace(s, if_exists=skips_missing),
        lambda t: schema.alter_distribution(t, s.change, s.distribution),
    )


def alter_reset(ctx: Context, s: st.AlterTableReset) -> Result:
    return _alter(ctx, s, lambda t: schema.alter_reset_options(t, s.keys))


def alter_rename(ctx: Context, s: st.AlterTableRename) -> Result:
    found = _permanent_table(ctx, s)
    if found is None:
        return OK
    identifier, row = found
    # As in Flink, the table stays in its database and takes the last part of the new name.
    ctx.rename(row, identifier, store.normalize(row.database.catalog, s.new_path[-1]))
    return OK


def drop_table(ctx: Context, s: st.DropTable) -> Result:
    identifier = ctx.identifier(s.path)
    temporaries = ctx.session.temporary_tables
    if s.temporary:
        if temporaries.pop(identifier, None) is None and not s.if_exists:
            raise ValidationError(
                f"Temporary table or view with identifier '{identifier}' does not exist."
            )
        return OK
    if identifier in temporaries:
        raise ValidationError(
            f"Temporary table with identifier '{identifier.quoted()}' exists. "
            "Drop it first before removing the permanent table."
        )
    row = ctx.permanent_row(identifier, for_update=True)
    if row is None or row.is_view:
        if s.if_exists:
            return OK
        raise ValidationError(f"Table with identifier '{identifier}' does not exist.")
    ctx.writable(row.database.catalog)
    row.delete()
    ctx.refresh_readers(identifier)
    return OK


def show_tables(ctx: Context, s: st.ShowTables) -> Result:
    database = ctx.listed_database(s.database)
    names = set(database.tables.values_list("name", flat=True))
    names |= {i.name for i in ctx.temporary_names(database)}
    return ["table name"], [[n] for n in filter_names(list(names), s.like)]


def show_create_table(ctx: Context, s: st.ShowCreateTable) -> Result:
    identifier = ctx.identifier(s.path)
    table = ctx.find_relation(identifier)
    if isinstance(table, CatalogView):
        raise ValidationError(
            f"SHOW CREATE TABLE is only supported for tables, but {identifier.quoted()} is a "
            "view. Please use SHOW CREATE VIEW instead."
        )
    if table is None:
        raise ValidationError(
            "Could not execute SHOW CREATE TABLE. "
            f"Table with identifier {identifier.quoted()} does not exist."
        )
    return ["result"], [[render.show_create_table(table)]]


def _described(ctx: Context, path: tuple[str, ...]) -> Result:
    identifier = ctx.identifier(path)
    relation = ctx.find_relation(identifier)
    if relation is None:
        raise ValidationError(f"Tables or views with the identifier '{identifier}' doesn't exist.")
    if isinstance(relation, CatalogView):
        return render.describe_view(relation)
    return render.describe_table(relation)


def describe_table(ctx: Context, s: st.DescribeTable) -> Result:
    return _described(ctx, s.path)


def show_columns(ctx: Context, s: st.ShowColumns) -> Result:
    columns, rows = _described(ctx, s.path)
    keep = set(filter_names([str(row[0]) for row in rows], s.like))
    return columns, [row for row in rows if row[0] in keep]


HANDLERS = {
    st.CreateTable: create_table,
    st.AlterTableAdd: alter_add,
    st.AlterTableModify: alter_modify,
    st.AlterTableDropColumns: alter_drop_columns,
    st.AlterTableDropPrimaryKey: alter_drop_primary_key,
    st.AlterTableDropConstraint: alter_drop_constraint,
    st.AlterTableDropWatermark: alter_drop_watermark,
    st.AlterTableRenameColumn: alter_rename_column,
    st.AlterTableRename: alter_rename,
    st.AlterTableSet: alter_set,
    st.AlterTableReset: alter_reset,
    st.AlterTableDistribution: alter_distribution,
    st.DropTable: drop_table,
    st.ShowTables: show_tables,
    st.ShowCreateTable: show_create_table,
    st.DescribeTable: describe_table,
    st.ShowColumns: show_columns,
}
