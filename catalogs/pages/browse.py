"""Browsing: home, the tree, and the catalog, database, table and view pages."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Page
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from catalogs.diffs import diff_lines
from config.compiled import CompiledQuery
from environments import page_cache
from environments.access import visible_environments

from ..executor import StatementResult, store
from ..flinksql import render
from ..flinksql.catalog import ObjectIdentifier
from ..flinksql.errors import FlinkSqlError
from ..lookup import get_catalog, get_database, get_table
from ..models import Catalog, Database, Dependency, HistoryChange, Table, ViewCheck
from ..readers import column_reader_counts, readers_of
from ..secrets import mask_ddl, mask_options
from ..tableau import cell_text
from .common import count_objects, paginate, render_page, tree, url_maker

HISTORY_LIMIT = 10
HOME_DATABASES = 10

# What a table's or view's page reads, compiled once (config.compiled): building these
# queries cost the page more than the database takes to answer them.
_HISTORY = CompiledQuery(
    lambda environment, catalog, database, name: (
        HistoryChange.objects.filter(
            entry__environment_id=environment,
            kind__in=[HistoryChange.Kind.TABLE, HistoryChange.Kind.VIEW],
            catalog_name=catalog,
            database_name=database,
            object_name=name,
        )
        .select_related("entry__user")
        .order_by("-entry__created_at", "-pk")[:HISTORY_LIMIT]
    ),
    int,
    str,
    str,
    str,
)
_READS = CompiledQuery(lambda view: Dependency.objects.filter(view_id=view), int)
_FLINK_CHECK = CompiledQuery(lambda view: ViewCheck.objects.filter(view_id=view)[:1], int)


@login_required
@page_cache.kept_page
def home(request: HttpRequest) -> HttpResponse:
    # Five queries, however many catalogs and databases there are: each catalog shows its
    # first databases with their counts, and links to the catalog page for the others.
    first_databases = Database.objects.order_by("name")[:HOME_DATABASES]
    catalogs = Catalog.objects.annotate(database_count=Count("databases")).prefetch_related(
        Prefetch("databases", first_databases, to_attr="first_databases")
    )
    environments = list(
        visible_environments(request.user).prefetch_related(Prefetch("catalogs", catalogs))
    )
    count_objects(
        database
        for environment in environments
        for catalog in environment.catalogs.all()
        for database in catalog.first_databases
    )
    # the header and the tree beside the list are the first environment's, as on a page outside
    # any environment (environments.navigation)
    first = environments[0] if environments else None
    context = {"environments": environments, "environment": first, "tree": first and tree(first)}
    return render_page(request, "catalogs/home.html", context)


@login_required
@page_cache.kept_page
def tree_node(
    request: HttpRequest, environment: str, catalog: str, database: str | None = None
) -> HttpResponse:
    """The children of one node of the tree: a catalog's databases or a database's objects."""
    if database is None:
        found_catalog = get_catalog(request.user, environment, catalog)
        found_database = None
    else:
        found_database = get_database(request.user, environment, catalog, database)
        found_catalog = found_database.catalog
    context = {
        "catalog": found_catalog,
        "database": found_database,
        "tree": tree(found_catalog.environment, found_catalog, found_database),
    }
    return render_page(request, "catalogs/tree.html", context, partial="node")


@login_required
@page_cache.kept_page
def catalog(request: HttpRequest, environment: str, catalog: str) -> HttpResponse:
    found = get_catalog(request.user, environment, catalog)
    # Flink's text, rendered as the executor renders SHOW CREATE CATALOG.
    show_create = render.show_create_catalog(store.descriptor(found))
    context = {
        "catalog": found,
        "options": mask_options(found.options),
        "databases": _listed(paginate(request, found.databases.order_by("name")), found),
        "show_create": mask_ddl(show_create),
        "tree": tree(found.environment, found),
    }
    return render_page(request, "catalogs/catalog.html", context)


@login_required
@page_cache.kept_page
def database(request: HttpRequest, environment: str, catalog: str, database: str) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database)
    count_objects([found])  # the three lists' counts in one query
    names = (found.catalog.environment.name, found.catalog.name, found.name)
    rows = found.tables.order_by("name").values_list("name", "comment", "status")
    tables = paginate(request, rows.filter(kind=Table.Kind.TABLE), "tables", found.table_count)
    views = paginate(request, rows.filter(kind=Table.Kind.VIEW), "views", found.view_count)
    functions = found.functions.order_by("name")
    context = {
        "database": found,
        "catalog": found.catalog,
        "tables": _named(tables, "table", names),
        "views": _named(views, "view", names),
        "functions": paginate(request, functions, "functions", found.function_count),
        "models": _linked(
            paginate(request, found.models.order_by("name"), "models", found.model_count),
            "model",
            names,
        ),
        "tree": tree(found.catalog.environment, found.catalog, found),
    }
    return render_page(request, "catalogs/database.html", context)


@login_required
@page_cache.kept_page
def table(
    request: HttpRequest, environment: str, catalog: str, database: str, table: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, table)
    if found.is_view:  # views have their own address; old links still arrive
        return redirect("view", environment, catalog, database, table)
    return _relation_page(request, found, "catalogs/table.html")


@login_required
@page_cache.kept_page
def view(
    request: HttpRequest, environment: str, catalog: str, database: str, view: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, view, kind=Table.Kind.VIEW)
    return _relation_page(request, found, "catalogs/view.html")


def _linked(page: Page, url_name: str, parents: tuple[str, ...]) -> Page:
    """A page of tables or views, each with its address (``url``)."""
    page.object_list = list(page.object_list)
    url = url_maker(url_name, *parents)
    for item in page.object_list:
        item.url = url(item.name)
    return page


@dataclass(frozen=True)
class _Named:
    """A table or view as a database's page lists it: no more of its row than shown."""

    name: str
    comment: str | None
    status: str
    url: str


def _named(page: Page, url_name: str, parents: tuple[str, ...]) -> Page:
    """A page of (name, comment, status) rows of tables or views, each with its address."""
    url = url_maker(url_name, *parents)
    page.object_list = [
        _Named(n, comment, status, url(n)) for n, comment, status in page.object_list
    ]
    return page


def _listed(page: Page, catalog: Catalog) -> Page:
    """A page of a catalog's databases, with their addresses and numbers of objects."""
    _linked(page, "database", (catalog.environment.name, catalog.name))
    count_objects(page.object_list)
    return page


def _relation_page(request: HttpRequest, found: Table, template: str) -> HttpResponse:
    catalog, environment = found.database.catalog, found.database.catalog.environment
    identifier = ObjectIdentifier(catalog.name, found.database.name, found.name)
    store.with_columns(found)
    if not found.is_view:
        _link_columns(found, (environment.name, catalog.name, found.database.name, found.name))
    describe, show_create = _flink_texts(found, identifier)
    context = {
        "table": found,
        "database": found.database,
        "catalog": catalog,
        "options": mask_options(found.options),
        "describe": _rows_as_text(describe),
        "show_create": _text(show_create),
        "show_create_error": show_create.error,
        "reads": _READS.rows(found.pk) if found.is_view else [],
        "readers": readers_of(environment, identifier, "relation")
        .select_related("database__catalog")
        .only("name", "status", "database__name", "database__catalog__name")[:50],
        "column_readers": _column_readers(found, identifier),
        "history": object_history(found),
        "flink_check": _FLINK_CHECK.first(found.pk) if found.is_view else None,
        "tree": tree(environment, catalog, found.database),
    }
    return render_page(request, template, context)


def _column_readers(found: Table, identifier: ObjectIdentifier) -> list[dict]:
    """Each column, with how many views read it and the address of its transitive readers."""
    counts = column_reader_counts(found.database.catalog.environment, identifier)
    kind = "view" if found.is_view else "table"
    url = url_maker(
        f"{kind}-column-readers",
        found.database.catalog.environment.name,
        identifier.catalog,
        identifier.database,
        identifier.name,
        suffix="/readers",
    )
    return [
        {"name": c.name, "views": counts.get(c.name, 0), "url": url(c.name)}
        for c in found.columns.all()
    ]


def _link_columns(table: Table, names: tuple[str, ...]) -> None:
    """Each column's change links (``modify_url``, ``rename_url``, ``drop_url``)."""
    for action in ("modify", "rename", "drop"):
        url = url_maker(f"table-column-{action}", *names, suffix=f"/{action}")
        for column in table.columns.all():
            setattr(column, f"{action}_url", url(column.name))


def _flink_texts(
    found: Table, identifier: ObjectIdentifier
) -> tuple[StatementResult, StatementResult]:
    """Flink's DESCRIBE and SHOW CREATE of a table or view, rendered by the functions that
    render the executor's answers to those statements, from the row the page read."""
    kind = "VIEW" if found.is_view else "TABLE"
    describe = f"DESCRIBE {identifier.quoted()}"
    show_create = f"SHOW CREATE {kind} {identifier.quoted()}"
    try:
        if found.is_view:
            view = store.view_definition(found, identifier)
            columns, rows = render.describe_view(view)
            text = render.show_create_view(view)
        else:
            table = store.table_definition(found, identifier)
            columns, rows = render.describe_table(table)
            text = render.show_create_table(table)
    except FlinkSqlError as exc:  # a stored type Flink no longer reads, say
        failed = StatementResult(describe, False, error=exc.message)
        return failed, StatementResult(show_create, False, error=exc.message)
    return (
        StatementResult(describe, True, columns, rows),
        StatementResult(show_create, True, ["result"], [[text]]),
    )


def object_history(found: Table) -> list[dict[str, Any]]:
    """The latest changes of a table or view, each with a diff of its definition."""
    database = found.database
    changes = _HISTORY.rows(
        database.catalog.environment_id, database.catalog.name, database.name, found.name
    )
    return [{"change": change, "diff": _diff(change)} for change in changes]


def _diff(change: HistoryChange) -> list[tuple[str, str]]:
    """Lines of a unified diff, each with its kind: added, removed, context or header."""
    lines = difflib.unified_diff(
        mask_ddl(change.before).splitlines(), mask_ddl(change.after).splitlines(), lineterm="", n=2
    )
    return diff_lines(lines)[2:]


def _text(result: StatementResult) -> str | None:
    return mask_ddl(str(result.rows[0][0])) if result.ok and result.rows else None


def _rows_as_text(result: StatementResult) -> StatementResult:
    """The result with every cell as Flink prints it (TRUE, FALSE, empty for NULL)."""
    if result.ok and result.rows is not None:
        result.rows = [[cell_text(value) for value in row] for row in result.rows]
    return result
