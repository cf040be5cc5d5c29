"""Browsing pages: environments, catalogs, databases and tables, read-only for now."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Count, IntegerField, OuterRef, Prefetch, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from environments.access import visible_environments

from .executor import Executor, Session, StatementResult
from .flinksql.catalog import ObjectIdentifier
from .lookup import get_catalog, get_database, get_table
from .models import Catalog, Database, Function, Table
from .readers import readers_of
from .secrets import mask_ddl, mask_options
from .tableau import cell_text


def render_page(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    """The whole page, or only its ``content`` partial when htmx swaps it in."""
    if request.htmx:
        template = f"{template}#content"
    return render(request, template, context)


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


@login_required
def home(request: HttpRequest) -> HttpResponse:
    # Three queries, however many catalogs there are.
    catalogs = Catalog.objects.prefetch_related(Prefetch("databases", databases_with_counts()))
    environments = visible_environments(request.user).prefetch_related(
        Prefetch("catalogs", catalogs)
    )
    return render_page(request, "catalogs/home.html", {"environments": environments})


@login_required
def catalog(request: HttpRequest, environment: str, catalog: str) -> HttpResponse:
    found = get_catalog(request.user, environment, catalog)
    context = {
        "catalog": found,
        "options": mask_options(found.options),
        "databases": databases_with_counts().filter(catalog=found),
    }
    return render_page(request, "catalogs/catalog.html", context)


@login_required
def database(request: HttpRequest, environment: str, catalog: str, database: str) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database)
    tables = found.tables.order_by("name")
    context = {
        "database": found,
        "catalog": found.catalog,
        "tables": tables.filter(kind=Table.Kind.TABLE),
        "views": tables.filter(kind=Table.Kind.VIEW),
        "functions": found.functions.order_by("name"),
    }
    return render_page(request, "catalogs/database.html", context)


@login_required
def table(
    request: HttpRequest, environment: str, catalog: str, database: str, table: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, table)
    identifier = ObjectIdentifier(found.database.catalog.name, found.database.name, found.name)
    executor = Executor(Session.start(found.database.catalog.environment), request.user)
    # Flink's own texts, from the same executor that every change goes through.
    describe = executor.execute(f"DESCRIBE {identifier.quoted()}")
    kind = "VIEW" if found.is_view else "TABLE"
    show_create = executor.execute(f"SHOW CREATE {kind} {identifier.quoted()}")
    context = {
        "table": found,
        "database": found.database,
        "catalog": found.database.catalog,
        "options": mask_options(found.options),
        "describe": _rows_as_text(describe),
        "show_create": mask_ddl(show_create.rows[0][0]) if show_create.ok else None,
        "show_create_error": show_create.error,
        "reads": found.dependencies.all() if found.is_view else [],
        "readers": readers_of(found.database.catalog.environment, identifier).select_related(
            "database__catalog"
        ),
    }
    return render_page(request, "catalogs/table.html", context)


def _rows_as_text(result: StatementResult) -> StatementResult:
    """The result with every cell as Flink prints it (TRUE, FALSE, empty for NULL)."""
    if result.ok and result.rows is not None:
        result.rows = [[cell_text(value) for value in row] for row in result.rows]
    return result
