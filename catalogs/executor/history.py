"""The history of changes: each statement that changed the catalog, with the definition of
every object it touched before and after."""

from __future__ import annotations

from dataclasses import dataclass

from catalogs import models as m
from catalogs.flinksql import render
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import CatalogTable, ObjectIdentifier, function_identifier
from catalogs.flinksql.errors import FlinkSqlError

from . import store
from .handlers.context import Context

Kind = m.HistoryChange.Kind

_CATALOG = (
    st.CreateCatalog,
    st.AlterCatalogSet,
    st.AlterCatalogReset,
    st.AlterCatalogComment,
    st.DropCatalog,
)
_DATABASE = (st.CreateDatabase, st.AlterDatabase, st.DropDatabase)
_TABLE = (
    st.CreateTable,
    st.AlterTableAdd,
    st.AlterTableModify,
    st.AlterTableDropColumns,
    st.AlterTableDropPrimaryKey,
    st.AlterTableDropConstraint,
    st.AlterTableDropWatermark,
    st.AlterTableRenameColumn,
    st.AlterTableRename,
    st.AlterTableSet,
    st.AlterTableReset,
    st.AlterTableDistribution,
    st.DropTable,
)
_VIEW = (st.CreateView, st.AlterViewAs, st.AlterViewRename, st.DropView)
_FUNCTION = (st.CreateFunction, st.AlterFunction, st.DropFunction)
_MODEL = (
    st.CreateModel,
    st.AlterModelSet,
    st.AlterModelReset,
    st.AlterModelRename,
    st.DropModel,
)
CHANGING = _CATALOG + _DATABASE + _TABLE + _VIEW + _FUNCTION + _MODEL


@dataclass(frozen=True)
class Touched:
    kind: str
    identifier: ObjectIdentifier  # a catalog is (name, "", ""), a database (catalog, name, "")


def touched(ctx: Context, statement: st.Statement) -> list[Touched]:
    """The persistent objects ``statement`` may change (temporary ones are session state)."""
    if getattr(statement, "temporary", False):
        return []
    if isinstance(statement, _CATALOG):
        return [Touched(Kind.CATALOG, ObjectIdentifier(statement.name, "", ""))]
    if isinstance(statement, _DATABASE):
        catalog, database = ctx.session.resolve_database(statement.path)
        return [Touched(Kind.DATABASE, ObjectIdentifier(catalog, database, ""))]
    kind = (
        Kind.TABLE
        if isinstance(statement, _TABLE)
        else Kind.VIEW
        if isinstance(statement, _VIEW)
        else Kind.FUNCTION
        if isinstance(statement, _FUNCTION)
        else Kind.MODEL
        if isinstance(statement, _MODEL)
        else None
    )
    if kind is None:
        return []
    identifier = ctx.identifier(statement.path)
    if kind == Kind.FUNCTION:
        identifier = function_identifier(identifier.catalog, identifier.database, identifier.name)
    result = [Touched(kind, identifier)]
    new_path = getattr(statement, "new_path", None)
    if new_path is not None:
        # a rename keeps the database (Flink) and takes the last part of the new name
        renamed = ObjectIdentifier(identifier.catalog, identifier.database, new_path[-1])
        result.append(Touched(kind, renamed))
    return result


def definition(ctx: Context, item: Touched) -> str:
    """The object's definition text now, or "" when it does not exist."""
    identifier = item.identifier
    catalog = ctx.catalog_or_none(identifier.catalog)
    if item.kind == Kind.CATALOG:
        return render.show_create_catalog(store.descriptor(catalog)) if catalog else ""
    database = catalog and ctx.database_or_none(catalog, identifier.database)
    if not database:
        return ""
    if item.kind == Kind.DATABASE:
        return render.create_database(
            identifier.catalog, database.name, database.comment, database.properties
        )
    if item.kind == Kind.FUNCTION:
        function = database.functions.filter(name=identifier.name).first()
        return (
            render.create_function(store.function_definition(function, identifier))
            if function
            else ""
        )
    if item.kind == Kind.MODEL:
        model = store.model_or_none(database, identifier.name)
        return render.show_create_model(store.model_definition(model, identifier)) if model else ""
    relation = ctx.find_relation(identifier, temporary=False)
    if relation is None:
        return ""
    try:
        if isinstance(relation, CatalogTable):
            return render.show_create_table(relation)
        return render.show_create_view(relation)
    except FlinkSqlError as exc:  # e.g. VARCHAR(0), which Flink cannot print either
        return f"-- SHOW CREATE fails: {exc.message}\n"


def record(
    ctx: Context,
    statement: st.Statement,
    before: dict[Touched, str],
    origin: str = "",
) -> m.HistoryEntry | None:
    """Keep ``statement`` in the history if it changed any of the objects it touches, with
    where it came from (``HistoryEntry.origin``)."""
    changes = []
    for item, was in before.items():
        now = definition(ctx, item)
        if now != was:
            identifier = item.identifier
            changes.append(
                m.HistoryChange(
                    kind=item.kind,
                    catalog_name=identifier.catalog,
                    database_name=identifier.database,
                    object_name=identifier.name,
                    before=was,
                    after=now,
                )
            )
    if not changes:
        return None
    user = ctx.user if getattr(ctx.user, "pk", None) else None
    entry = m.HistoryEntry(
        environment=ctx.environment, user=user, origin=origin, statement=statement.text
    )
    ctx.save_history(entry, changes)
    return entry
