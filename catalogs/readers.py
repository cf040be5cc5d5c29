"""What reads an object or a column: one indexed query on the dependency or the column
lineage table, for pages and the API."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from environments.models import Environment

from .flinksql.catalog import ObjectIdentifier
from .models import ColumnLineage, Dependency, Table


def views_not_ok(environment: Environment) -> QuerySet[Table]:
    """The broken and stale views of ``environment``, from their partial index
    (``view_not_ok``): few among many tables, whatever the size of the catalog."""
    return Table.objects.filter(
        database__catalog__environment=environment, kind=Table.Kind.VIEW
    ).exclude(status=Table.Status.OK)


# The dependency kinds of a name in each of Flink's namespaces: tables and views share one
# (a view read as a table stays a reader when it is replaced by a view), functions and models
# have their own, so a table, a function and a model of one name each have their readers.
NAMESPACES: dict[str, tuple[str, ...]] = {
    "relation": (Dependency.Kind.TABLE, Dependency.Kind.VIEW),
    "function": (Dependency.Kind.FUNCTION,),
    "model": (Dependency.Kind.MODEL,),
}


def readers_of(
    environment: Environment, identifier: ObjectIdentifier, namespace: str
) -> QuerySet[Table]:
    """The views that read ``identifier`` in ``environment`` as a name of ``namespace``
    (``relation``, ``function`` or ``model``: :data:`NAMESPACES`)."""
    return (
        Table.objects.filter(
            dependencies__environment=environment,
            dependencies__catalog_name=identifier.catalog,
            dependencies__database_name=identifier.database,
            dependencies__object_name=identifier.name,
            dependencies__kind__in=NAMESPACES[namespace],
        )
        .distinct()
        .order_by("name")
    )


# how far and how wide the transitive readers of a column are followed (each level: one query)
MAX_COLUMN_DEPTH = 12
MAX_COLUMN_READERS = 500


@dataclass(frozen=True)
class ColumnReader:
    """View ``view`` reads ``column`` of ``source``: ``view_column`` derives from it as
    ``how`` says (empty for a read in a condition); ``depth`` 1 reads the asked column."""

    view: ObjectIdentifier
    view_column: str
    source: ObjectIdentifier
    column: str
    how: str
    depth: int
    status: str


def _column_rows(environment: Environment, identifier: ObjectIdentifier) -> QuerySet:
    return ColumnLineage.objects.filter(
        environment=environment,
        catalog_name=identifier.catalog,
        database_name=identifier.database,
        object_name=identifier.name,
    )


def column_reader_counts(environment: Environment, identifier: ObjectIdentifier) -> dict[str, int]:
    """For each column of ``identifier`` that a view reads, how many views read it (one
    indexed query)."""
    rows = _column_rows(environment, identifier).values("column_name")
    rows = rows.annotate(views=Count("view_id", distinct=True)).order_by("column_name")
    return {row["column_name"]: row["views"] for row in rows}


def column_readers(
    environment: Environment, identifier: ObjectIdentifier, column: str
) -> tuple[list[ColumnReader], bool]:
    """Every view column that derives from ``column`` of ``identifier``, at any depth, and
    every view reading it in a condition; True when the list was cut. One indexed query a
    level (per 200 columns)."""
    found: list[ColumnReader] = []
    frontier = [(identifier, column)]
    seen = set(frontier)
    for depth in range(1, MAX_COLUMN_DEPTH + 1):
        following = []
        for start in range(0, len(frontier), 200):
            named = Q()
            for source, name in frontier[start : start + 200]:
                named |= Q(
                    catalog_name=source.catalog,
                    database_name=source.database,
                    object_name=source.name,
                    column_name=name,
                )
            rows = (
                ColumnLineage.objects.filter(named, environment=environment)
                .select_related("view__database__catalog")
                .only(
                    "view_column",
                    "catalog_name",
                    "database_name",
                    "object_name",
                    "column_name",
                    "how",
                    "view__name",
                    "view__status",
                    "view__database__name",
                    "view__database__catalog__name",
                )
                .order_by("pk")
            )
            for row in rows:
                view = ObjectIdentifier(
                    row.view.database.catalog.name, row.view.database.name, row.view.name
                )
                source = ObjectIdentifier(row.catalog_name, row.database_name, row.object_name)
                found.append(
                    ColumnReader(
                        view,
                        row.view_column,
                        source,
                        row.column_name,
                        row.how,
                        depth,
                        row.view.status,
                    )
                )
                if len(found) >= MAX_COLUMN_READERS:
                    return found, True
                if row.view_column and (view, row.view_column) not in seen:
                    seen.add((view, row.view_column))
                    following.append((view, row.view_column))
        if not following:
            return found, False
        frontier = following
    return found, True
