"""Broken and stale marks of views, kept up to date as the objects they read change.

A view is **broken** when a table, view or function it reads no longer exists, and **stale**
when a column it reads is gone or has another type than when the view was last defined.
Views are never dropped for that (Flink keeps them too); creating the object again or
``ALTER VIEW ... AS`` clears the mark.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from catalogs import models as m
from catalogs.flinksql.catalog import CatalogTable, CatalogView, ObjectIdentifier
from catalogs.flinksql.lineage import columns_read

from . import store
from .handlers.context import Context


def dependency_rows(
    ctx: Context, dependencies: Iterable, expanded_query: str
) -> list[m.Dependency]:
    """Rows recording what a view reads, with the type of every column it reads."""
    read = columns_read(expanded_query)
    rows = []
    for dependency in dependencies:
        identifier = dependency.identifier
        columns: dict[str, str] = {}
        if dependency.kind != "function":
            relation = ctx.find_relation(identifier)
            if relation is not None:
                names = read.get(identifier, set())
                columns = {k: v for k, v in column_types(relation).items() if k in names}
        rows.append(
            m.Dependency(
                environment=ctx.environment,
                kind=dependency.kind,
                catalog_name=identifier.catalog,
                database_name=identifier.database,
                object_name=identifier.name,
                columns=columns,
            )
        )
    return rows


def column_types(relation: CatalogTable | CatalogView) -> dict[str, str]:
    """Each column's type as a view reading it sees it (time attributes included): what is
    recorded when a view is defined and compared when its marks are recomputed."""
    columns = (
        relation.time_attributed_columns()
        if isinstance(relation, CatalogTable)
        else relation.columns
    )
    return {c.name: c.data_type.summary() for c in columns}


def refresh_readers(ctx: Context, *identifiers: ObjectIdentifier) -> None:
    """Recompute the marks of every view that reads one of ``identifiers``."""
    recompute(ctx, readers_of_any(ctx, identifiers))


def readers_of_any(ctx: Context, identifiers: Iterable[ObjectIdentifier]) -> list[m.Table]:
    """The views that read one of ``identifiers``, each once (one indexed query per 200
    names, and one for the views)."""
    targets = list(dict.fromkeys(identifiers))
    view_ids: set[int] = set()
    for start in range(0, len(targets), 200):
        named = Q()
        for identifier in targets[start : start + 200]:
            named |= Q(
                catalog_name=identifier.catalog,
                database_name=identifier.database,
                object_name=identifier.name,
            )
        found = m.Dependency.objects.filter(named, environment=ctx.environment)
        view_ids.update(found.values_list("view_id", flat=True))
    if not view_ids:
        return []
    return list(m.Table.objects.filter(pk__in=sorted(view_ids)).order_by("pk"))


def refresh_readers_within(ctx: Context, catalog: str, database: str | None = None) -> None:
    """Recompute the marks of every view that reads something in a dropped catalog or
    database."""
    dependencies = m.Dependency.objects.filter(environment=ctx.environment, catalog_name=catalog)
    if database is not None:
        dependencies = dependencies.filter(database_name=database)
    view_ids = dependencies.values_list("view_id", flat=True).distinct()
    recompute(ctx, m.Table.objects.filter(pk__in=list(view_ids)))


def recompute(ctx: Context, views: Iterable[m.Table]) -> None:
    """Compute the marks of ``views`` from what they read now, and store those that changed."""
    for view in views:
        status, reason = _status(ctx, view)
        if (status, reason) != (view.status, view.status_reason):
            # an update, not a save: the view may have been dropped concurrently
            m.Table.objects.filter(pk=view.pk).update(status=status, status_reason=reason)


def _status(ctx: Context, view: m.Table) -> tuple[str, str]:
    missing: list[str] = []
    changed: list[str] = []
    for dependency in view.dependencies.all():
        identifier = ObjectIdentifier(
            dependency.catalog_name, dependency.database_name, dependency.object_name
        )
        if dependency.kind == m.Dependency.Kind.FUNCTION:
            if not _function_exists(ctx, identifier):
                missing.append(f"function {identifier}")
            continue
        relation = ctx.find_relation(identifier, temporary=False)
        if relation is None:
            missing.append(f"{dependency.kind} {identifier}")
            continue
        current = column_types(relation)
        for name, was in sorted(dependency.columns.items()):
            now = current.get(name)
            if now is None:
                changed.append(f"column {name} of {identifier} is gone (was {was})")
            elif now != was:
                changed.append(f"column {name} of {identifier} changed from {was} to {now}")
    if missing:
        return m.Table.Status.BROKEN, "Reads what no longer exists: " + "; ".join(missing) + "."
    if changed:
        return m.Table.Status.STALE, "Reads changed columns: " + "; ".join(changed) + "."
    return m.Table.Status.OK, ""


def _function_exists(ctx: Context, identifier: ObjectIdentifier) -> bool:
    return store.functions_named(ctx.environment, identifier).exists()
