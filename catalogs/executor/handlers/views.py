"""CREATE / ALTER / DROP VIEW, SHOW VIEWS, SHOW CREATE VIEW, DESCRIBE of a view.

Flink's rules, plus the documented rules of the views seed where Flink is silent or odd:
``OR REPLACE`` with ``IF NOT EXISTS`` is rejected, a view may not read itself, view DDL in a
Kafka catalog is rejected, and a rename cannot move a view to another database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catalogs import models as m
from catalogs.executor import marks, permissions
from catalogs.executor.column_lineage import lineage_rows
from catalogs.flinksql import render
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import CatalogView, Column, ObjectIdentifier
from catalogs.flinksql.errors import AlreadyExists, ValidationError
from catalogs.flinksql.patterns import filter_names

from .context import OK, Context, Result, already_exists

if TYPE_CHECKING:
    from catalogs.flinksql.views import ExpandedView


def _check_view_ddl_allowed(ctx: Context, identifier: ObjectIdentifier) -> m.Catalog | None:
    catalog = ctx.catalog_or_none(identifier.catalog)
    if catalog is None:
        return None
    if catalog.catalog_type == "kafka":
        raise ValidationError(f"View DDL is not supported on Kafka catalog '{catalog.name}'")
    return ctx.writable(catalog)


def _expand(
    ctx: Context,
    query: str,
    column_names: list[str] | None,
    position: tuple[int, int] = (1, 1),
) -> ExpandedView:
    from catalogs.flinksql.views import expand_view

    session = ctx.session
    return expand_view(
        query,
        ctx.catalog_reader(),
        session.current_catalog,
        session.current_database,
        column_names,
        position,
    )


def _check_use_permission(ctx: Context, expanded: ExpandedView) -> None:
    """A view that calls a user-defined function needs Use on the function's artifact."""
    for dependency in expanded.dependencies:
        if dependency.kind == "function":
            permissions.require_function_use(
                ctx.environment, ctx.user, dependency.identifier, "Calling"
            )


def _definition(
    identifier: ObjectIdentifier,
    query: str,
    expanded: ExpandedView,
    comment: str | None,
    temporary: bool = False,
) -> CatalogView:
    columns = [Column(c.name, c.data_type) for c in expanded.columns]
    return CatalogView(identifier, columns, query, expanded.expanded_query, comment, temporary)


def _check_cycle(ctx: Context, identifier: ObjectIdentifier, expanded: ExpandedView) -> None:
    """Reject a definition through which the view would read itself."""
    start = [d.identifier for d in expanded.dependencies if d.kind == "view"]
    # depth-first over what the read views read, following stored dependencies
    stack: list[tuple[ObjectIdentifier, list[ObjectIdentifier]]] = [
        (target, [identifier, target]) for target in start
    ]
    seen: set[ObjectIdentifier] = set()
    while stack:
        current, path = stack.pop()
        if current == identifier:
            chain = " -> ".join(str(p) for p in path)
            raise ValidationError(
                f"View '{identifier}' would read from itself ({chain}). A view cannot refer "
                "to itself, directly or through other views."
            )
        if current in seen:
            continue
        seen.add(current)
        row = ctx.permanent_row(current)
        if row is None or not row.is_view:
            continue
        for dependency in row.dependencies.filter(kind=m.Dependency.Kind.VIEW):
            target = ObjectIdentifier(
                dependency.catalog_name, dependency.database_name, dependency.object_name
            )
            stack.append((target, [*path, target]))


def _save(
    ctx: Context,
    database: m.Database,
    view: CatalogView,
    expanded: ExpandedView,
    existing: m.Table | None,
) -> None:
    # Lock what the view reads until it is saved: a concurrent DROP then waits and, once it
    # runs, marks this view broken.
    ctx.lock_relations(d.identifier for d in expanded.dependencies if d.kind in ("table", "view"))
    rows = marks.dependency_rows(ctx, expanded.dependencies, expanded.expanded_query)
    lineage = lineage_rows(ctx.environment, view)
    if not ctx.write_view(database, view, existing, rows, lineage):
        raise already_exists(view.identifier)
    ctx.refresh_readers(view.identifier)


def create_view(ctx: Context, s: st.CreateView) -> Result:
    if s.or_replace and s.if_not_exists:
        raise ValidationError(
            "CREATE OR REPLACE VIEW cannot be combined with IF NOT EXISTS: choose whether an "
            "existing view is replaced or kept."
        )
    identifier = ctx.identifier(s.path)
    if s.temporary:
        if identifier in ctx.session.temporary_tables:
            if s.if_not_exists:
                return OK
            raise AlreadyExists(f"Temporary table '{identifier.quoted()}' already exists")
        expanded = _expand(ctx, s.query, s.column_names, s.query_position)
        _check_use_permission(ctx, expanded)
        view = _definition(identifier, s.query, expanded, s.comment, temporary=True)
        ctx.session.temporary_tables[identifier] = view
        return OK
    _check_view_ddl_allowed(ctx, identifier)
    catalog = ctx.catalog(identifier.catalog, "Catalog {name} does not exist.")
    database = ctx.database_or_none(catalog, identifier.database)
    if database is None:
        raise ValidationError(
            f"Database {identifier.database} does not exist in Catalog {catalog.name}."
        )
    existing = ctx.relation_row_in(database, identifier.name)
    if existing is not None:
        if s.if_not_exists:
            return OK
        if not (s.or_replace and existing.is_view):
            raise already_exists(identifier)
    expanded = _expand(ctx, s.query, s.column_names, s.query_position)
    _check_use_permission(ctx, expanded)
    if existing is not None:
        _check_cycle(ctx, identifier, expanded)
    view = _definition(identifier, s.query, expanded, s.comment)
    _save(ctx, database, view, expanded, existing)
    return OK


def _permanent_view(ctx: Context, path: tuple[str, ...]) -> tuple[ObjectIdentifier, m.Table]:
    identifier = ctx.identifier(path)
    _check_view_ddl_allowed(ctx, identifier)
    row = ctx.permanent_row(identifier, for_update=True)
    if row is not None and not row.is_view:
        raise ValidationError("ALTER VIEW for a table is not allowed")
    if row is None or identifier in ctx.session.temporary_tables:
        raise ValidationError(f"View {identifier.quoted()} doesn't exist or is a temporary view.")
    return identifier, row


def alter_view_as(ctx: Context, s: st.AlterViewAs) -> Result:
    identifier, row = _permanent_view(ctx, s.path)
    expanded = _expand(ctx, s.query, None, s.query_position)
    _check_use_permission(ctx, expanded)
    _check_cycle(ctx, identifier, expanded)
    view = _definition(identifier, s.query, expanded, row.comment)
    _save(ctx, row.database, view, expanded, row)
    return OK


def alter_view_rename(ctx: Context, s: st.AlterViewRename) -> Result:
    identifier, row = _permanent_view(ctx, s.path)
    target = ctx.identifier(s.new_path)
    if (target.catalog, target.database) != (identifier.catalog, identifier.database):
        raise ValidationError(
            f"ALTER VIEW ... RENAME TO cannot move view '{identifier}' to another database or "
            f"catalog ('{target}'). To move a view, create it in the target database with the "
            "same query and drop the original."
        )
    ctx.rename(row, identifier, target.name)
    return OK


def drop_view(ctx: Context, s: st.DropView) -> Result:
    identifier = ctx.identifier(s.path)
    temporaries = ctx.session.temporary_tables
    if s.temporary:
        if not isinstance(temporaries.get(identifier), CatalogView):
            if s.if_exists:
                return OK
            raise ValidationError(
                f"Temporary table or view with identifier '{identifier}' does not exist."
            )
        del temporaries[identifier]
        return OK
    if isinstance(temporaries.get(identifier), CatalogView):
        raise ValidationError(
            f"Temporary view with identifier '{identifier.quoted()}' exists. "
            "Drop it first before removing the permanent view."
        )
    _check_view_ddl_allowed(ctx, identifier)
    row = ctx.permanent_row(identifier, for_update=True)
    if row is None or not row.is_view:
        if s.if_exists:
            return OK
        raise ValidationError(f"View with identifier '{identifier}' does not exist.")
    row.delete()
    ctx.refresh_readers(identifier)
    return OK


def show_views(ctx: Context, s: st.ShowViews) -> Result:
    database = ctx.listed_database(s.database)
    names = set(database.tables.filter(kind=m.Table.Kind.VIEW).values_list("name", flat=True))
    names |= {i.name for i in ctx.temporary_names(database, CatalogView)}
    return ["view name"], [[n] for n in filter_names(list(names), s.like)]


def show_create_view(ctx: Context, s: st.ShowCreateView) -> Result:
    identifier = ctx.identifier(s.path)
    relation = ctx.find_relation(identifier)
    if relation is None:
        raise ValidationError(
            "Could not execute SHOW CREATE VIEW. "
            f"View with identifier {identifier.quoted()} does not exist."
        )
    if not isinstance(relation, CatalogView):
        raise ValidationError(
            f"SHOW CREATE VIEW is only supported for views, but {identifier.quoted()} is a "
            "table. Please use SHOW CREATE TABLE instead."
        )
    return ["result"], [[render.show_create_view(relation)]]


HANDLERS = {
    st.CreateView: create_view,
    st.AlterViewAs: alter_view_as,
    st.AlterViewRename: alter_view_rename,
    st.DropView: drop_view,
    st.ShowViews: show_views,
    st.ShowCreateView: show_create_view,
}
