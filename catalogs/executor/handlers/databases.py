"""CREATE / ALTER / DROP / USE / SHOW DATABASE."""

from __future__ import annotations

from catalogs import models as m
from catalogs.executor import marks, permissions, store
from catalogs.flinksql import statements as st
from catalogs.flinksql.errors import AlreadyExists, ValidationError
from catalogs.flinksql.patterns import filter_names

from .context import OK, Context, Result

MISSING_CATALOG = "Catalog {name} does not exist"


def create_database(ctx: Context, s: st.CreateDatabase) -> Result:
    catalog_name, name = ctx.session.resolve_database(s.path)
    catalog = ctx.writable(ctx.catalog(catalog_name, MISSING_CATALOG))
    name = store.normalize(catalog, name)
    database = m.Database(catalog=catalog, name=name, comment=s.comment, properties=s.properties)
    if ctx.database_or_none(catalog, name) is None and ctx.insert_database(database):
        return OK
    if s.if_not_exists:
        return OK
    raise AlreadyExists(f"Database {name} already exists in Catalog {catalog.name}.")


def alter_database(ctx: Context, s: st.AlterDatabase) -> Result:
    catalog_name, name = ctx.session.resolve_database(s.path)
    catalog = ctx.writable(ctx.catalog(catalog_name, "Catalog {name} not exists"))
    database = store.database_or_none(catalog, name)
    if database is None:
        raise ValidationError(f"Database {name} does not exist in Catalog {catalog.name}.")
    database.properties = {**database.properties, **s.properties}
    database.save()
    return OK


def drop_database(ctx: Context, s: st.DropDatabase) -> Result:
    catalog_name, name = ctx.session.resolve_database(s.path)
    catalog = ctx.catalog(catalog_name, MISSING_CATALOG + ".")
    database = store.database_or_none(catalog, name)
    if database is None:
        if s.if_exists:
            return OK
        raise ValidationError(f"Database {name} does not exist in Catalog {catalog.name}.")
    ctx.writable(catalog)
    session = ctx.session
    if catalog.name == session.current_catalog and database.name == session.current_database:
        raise ValidationError("Cannot drop a database which is currently in use.")
    if catalog.is_environment_catalog and database.name == "default":
        raise ValidationError(
            f"Database default of the environment catalog {catalog.name} cannot be dropped."
        )
    held = (database.tables, database.functions, database.models)
    if not s.cascade and any(objects.exists() for objects in held):
        raise ValidationError(f"Database {database.name} in catalog {catalog.name} is not empty.")
    permissions.require_drop_use(ctx.user, database.functions.all())
    database.delete()
    marks.refresh_readers_within(ctx, catalog.name, database.name)
    return OK


def show_databases(ctx: Context, s: st.ShowDatabases) -> Result:
    catalog = ctx.catalog(s.catalog or ctx.session.current_catalog, MISSING_CATALOG)
    names = list(catalog.databases.values_list("name", flat=True))
    return ["database name"], [[n] for n in filter_names(names, s.like)]


def show_current_database(ctx: Context, s: st.ShowCurrentDatabase) -> Result:
    return ["current database name"], [[ctx.session.current_database]]


def use_database(ctx: Context, s: st.UseDatabase) -> Result:
    catalog_name, name = ctx.session.resolve_database(s.path)
    database = ctx.database(catalog_name, name)
    ctx.session.current_catalog = catalog_name
    ctx.session.current_database = database.name
    return OK


HANDLERS = {
    st.CreateDatabase: create_database,
    st.AlterDatabase: alter_database,
    st.DropDatabase: drop_database,
    st.ShowDatabases: show_databases,
    st.ShowCurrentDatabase: show_current_database,
    st.UseDatabase: use_database,
}
