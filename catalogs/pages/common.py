"""What every page shares: rendering a page or its partial, pagination and the tree beside it."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from environments.models import Environment

from ..models import Catalog, Database, Function, Table

PAGE_SIZE = 50
TREE_LIMIT = 50


def render_page(
    request: HttpRequest, template: str, context: dict[str, Any], partial: str = "content"
) -> HttpResponse:
    """The whole page, or only its named partial when htmx swaps it in."""
    if request.htmx:
        template = f"{template}#{partial}"
    return render(request, template, context)


def paginate(request: HttpRequest, items: QuerySet, parameter: str = "page") -> Page:
    """One page of ``items`` (two queries, a count and a slice, whatever their number)."""
    return Paginator(items, PAGE_SIZE).get_page(request.GET.get(parameter))


def _count(model: type[Table] | type[Function], **filters: Any) -> Coalesce:
    """The number of a database's objects, as a subquery so that counts do not multiply."""
    counts = (
        model.objects.filter(database=OuterRef("pk"), **filters)
        .order_by()
        .values("database")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counts, output_field=IntegerField()), 0)


def databases_with_counts() -> QuerySet[Database]:
    return Database.objects.annotate(
        table_count=_count(Table, kind=Table.Kind.TABLE),
        view_count=_count(Table, kind=Table.Kind.VIEW),
        function_count=_count(Function),
    )


def database_objects(database: Database) -> dict[str, Any]:
    """The first tables, views and functions of a database for the tree (three queries)."""
    tables = database.tables.order_by("name").only("name", "kind", "status", "database_id")
    return {
        "tables": tables.filter(kind=Table.Kind.TABLE)[:TREE_LIMIT],
        "views": tables.filter(kind=Table.Kind.VIEW)[:TREE_LIMIT],
        "functions": database.functions.order_by("name").only("name", "database_id")[:TREE_LIMIT],
        "limit": TREE_LIMIT,
    }


def tree(
    environment: Environment, catalog: Catalog | None = None, database: Database | None = None
) -> dict[str, Any]:
    """The left-hand tree, opened down to the page's catalog and database."""
    return {
        "environment": environment,
        "catalogs": environment.catalogs.only("name", "catalog_type", "environment_id"),
        "open_catalog": catalog,
        "databases": catalog.databases.only("name", "catalog_id")[:TREE_LIMIT] if catalog else [],
        "open_database": database,
        "objects": database_objects(database) if database else None,
        "limit": TREE_LIMIT,
    }
