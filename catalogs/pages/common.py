"""What every page shares: rendering a page or its partial, pagination and the tree beside it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from django.core.paginator import Page, Paginator
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import RFC3986_SUBDELIMS

from environments.models import Environment

from ..converters import NameConverter
from ..models import Catalog, Database, Function, Table

PAGE_SIZE = 50
TREE_LIMIT = 25  # a sidebar, not the list: "All databases…" and "All objects…" link to that


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


@dataclass
class Slice:
    """One page of a list too long to count: the page's items and whether others follow.

    Answers the pager's questions like a Django ``Page``, without ``paginator``: the page is
    one query (its items and one more, to know whether a next page exists).
    """

    object_list: list[Any]
    number: int
    has_next: bool

    def __iter__(self) -> Any:
        return iter(self.object_list)

    def __len__(self) -> int:
        return len(self.object_list)

    def has_previous(self) -> bool:
        return self.number > 1

    def has_other_pages(self) -> bool:
        return self.has_next or self.has_previous()

    def next_page_number(self) -> int:
        return self.number + 1

    def previous_page_number(self) -> int:
        return self.number - 1


def page_slice(request: HttpRequest, items: QuerySet, parameter: str = "page") -> Slice:
    """One page of ``items`` without counting them all: for lists that only grow (history)."""
    raw = request.GET.get(parameter, "")
    number = int(raw) if raw.isdigit() and 0 < int(raw) < 1_000_000 else 1
    start = (number - 1) * PAGE_SIZE
    rows = list(items[start : start + PAGE_SIZE + 1])
    return Slice(rows[:PAGE_SIZE], number, has_next=len(rows) > PAGE_SIZE)


def count_objects(databases: Iterable[Database]) -> None:
    """Set ``table_count``, ``view_count`` and ``function_count`` on each of ``databases``.

    One query for the databases a page shows (each count read from an index), not for all.
    """
    by_id = {database.pk: database for database in databases}
    if not by_id:
        return
    counted = (
        Database.objects.filter(pk__in=list(by_id))
        .annotate(
            table_count=_count(Table, kind=Table.Kind.TABLE),
            view_count=_count(Table, kind=Table.Kind.VIEW),
            function_count=_count(Function),
        )
        .values_list("pk", "table_count", "view_count", "function_count")
    )
    for pk, tables, views, functions in counted:
        found = by_id[pk]
        found.table_count, found.view_count, found.function_count = tables, views, functions


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


def url_maker(name: str, *parents: str) -> Callable[[str], str]:
    """``reverse(name, args=[*parents, last])`` for any ``last``, at the cost of one reverse.

    For lists of hundreds of links; the URL's last part is a name, encoded as ``reverse``
    encodes it (the name converter's escapes, then percent-encoding).
    """
    prefix = reverse(name, args=[*parents, "-"])
    if not prefix.endswith("/-"):
        raise ValueError(f"URL '{name}' does not end with the name it is given.")
    prefix, converter = prefix[:-1], NameConverter()
    safe = RFC3986_SUBDELIMS + "/~:@"
    return lambda last: prefix + quote(converter.to_url(last), safe=safe)


def _first(items: QuerySet, *fields: str) -> tuple[list[dict[str, Any]], bool]:
    """The first ``TREE_LIMIT`` rows (``pk``, ``name`` and ``fields``), and whether there are
    more (one query). Rows, not model instances: the tree shows hundreds of them."""
    rows = list(items.values("pk", "name", *fields)[: TREE_LIMIT + 1])
    return rows[:TREE_LIMIT], len(rows) > TREE_LIMIT


def _link(rows: list[dict[str, Any]], url: Callable[[str], str], key: str = "url") -> None:
    for row in rows:
        row[key] = url(row["name"])


def _objects(environment: str, catalog: str, database: Database) -> dict[str, Any]:
    """The first tables, views and functions of a database for the tree (three queries)."""
    tables = database.tables.order_by("name")
    found: dict[str, Any] = {"more": False}
    for key, rows, url in [
        ("tables", _first(tables.filter(kind=Table.Kind.TABLE)), "table"),
        ("views", _first(tables.filter(kind=Table.Kind.VIEW), "status"), "view"),
        ("functions", _first(database.functions.order_by("name")), None),
    ]:
        found[key], more = rows
        found["more"] = found["more"] or more
        if url:
            _link(found[key], url_maker(url, environment, catalog, database.name))
    return found


def tree(
    environment: Environment, catalog: Catalog | None = None, database: Database | None = None
) -> dict[str, Any]:
    """The left-hand tree, opened down to the page's catalog and database.

    At most ``TREE_LIMIT`` databases and objects of each kind, with a link to the full list;
    the page's own database is always among them. Links are built once per list.
    """
    catalogs = list(environment.catalogs.values("pk", "name", "catalog_type"))
    _link(catalogs, url_maker("catalog", environment.name))
    _link(catalogs, url_maker("tree-catalog", environment.name), "node_url")
    databases: list[dict[str, Any]] = []
    more_databases = False
    if catalog is not None:
        databases, more_databases = _first(catalog.databases.order_by("name"))
        if database is not None and all(row["pk"] != database.pk for row in databases):
            databases.append({"pk": database.pk, "name": database.name})
        _link(databases, url_maker("database", environment.name, catalog.name))
        _link(databases, url_maker("tree-database", environment.name, catalog.name), "node_url")
    return {
        "environment": environment,
        "catalogs": catalogs,
        "open_catalog": catalog,
        "databases": databases,
        "more_databases": more_databases,
        "open_database": database,
        "objects": _objects(environment.name, catalog.name, database)
        if catalog and database
        else None,
        "limit": TREE_LIMIT,
    }
