"""What every page shares: rendering a page or its partial, pagination and the tree beside it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from django.core.cache import caches
from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe

from config import limits
from environments import page_cache
from environments.models import Environment

from ..converters import NameConverter
from ..models import Catalog, Database, Function, Model, Table

PAGE_SIZE = 50
TREE_LIMIT = 25  # a sidebar, not the list: "All databases…" and "All objects…" link to that


def render_page(
    request: HttpRequest, template: str, context: dict[str, Any], partial: str = "content"
) -> HttpResponse:
    """The whole page, or only its named partial when htmx swaps it in."""
    if request.htmx:
        template = f"{template}#{partial}"
    return render(request, template, page_cache.marks(request, context))


def redirect_to(request: HttpRequest, url: str) -> HttpResponse:
    """To ``url``: a redirect, or for an htmx request (whose answer replaces a part of the
    page) htmx's whole-page one."""
    if getattr(request, "htmx", False):
        return HttpResponse(status=204, headers={"HX-Redirect": url})
    return HttpResponseRedirect(url)


def shortened(text: str, width: int = 200) -> str:
    """``text`` cut to at most ``width`` characters at a word's end, with "…" when cut (a
    banner never ends mid-word; one word longer than the banner is cut where it must be)."""
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > width // 2 else cut).rstrip() + "…"


def paginate(
    request: HttpRequest, items: QuerySet, parameter: str = "page", count: int | None = None
) -> Page:
    """One page of ``items`` (two queries, a count and a slice, whatever their number; one
    when the caller knows the ``count``, none when it knows there are none)."""
    paginator = Paginator([] if count == 0 else items, PAGE_SIZE)
    if count is not None:
        paginator.count = count  # a cached property: the paginator asks no more
    return paginator.get_page(request.GET.get(parameter))


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


def requested_page(request: HttpRequest, parameter: str = "page") -> int:
    """The page number a request asks for before the items are counted: one when it names
    none, or none that could be (not a number, or a million or more)."""
    number = limits.parse_id(request.GET.get(parameter, "")) or 1
    return number if number < 1_000_000 else 1


def page_slice(
    request: HttpRequest, items: QuerySet, parameter: str = "page", size: int = PAGE_SIZE
) -> Slice:
    """One page of ``items`` without counting them all: for lists that only grow (history)."""
    number = requested_page(request, parameter)
    start = (number - 1) * size
    rows = list(items[start : start + size + 1])
    return Slice(rows[:size], number, has_next=len(rows) > size)


def count_objects(databases: Iterable[Database]) -> None:
    """Set ``table_count``, ``view_count``, ``function_count`` and ``model_count`` on each of
    ``databases``.

    One grouped query over indexes, for the databases a page shows, not for all of them.
    """
    by_id = {database.pk: database for database in databases}
    for database in by_id.values():
        database.table_count = database.view_count = database.function_count = 0
        database.model_count = 0
    if not by_id:
        return
    ids = ", ".join(["%s"] * len(by_id))
    attribute = {
        Table.Kind.TABLE: "table_count",
        Table.Kind.VIEW: "view_count",
        "model": "model_count",
    }
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT database_id, kind, COUNT(*) FROM {Table._meta.db_table} "
            f"WHERE database_id IN ({ids}) GROUP BY database_id, kind "
            f"UNION ALL SELECT database_id, 'function', COUNT(*) FROM {Function._meta.db_table} "
            f"WHERE database_id IN ({ids}) GROUP BY database_id "
            f"UNION ALL SELECT database_id, 'model', COUNT(*) FROM {Model._meta.db_table} "
            f"WHERE database_id IN ({ids}) GROUP BY database_id",
            [*by_id, *by_id, *by_id],
        )
        for database_id, kind, n in cursor.fetchall():
            setattr(by_id[database_id], attribute.get(kind, "function_count"), n)


def url_maker(name: str, *parents: str, suffix: str = "") -> Callable[[str], str]:
    """``reverse(name, args=[*parents, last])`` for any ``last``, at the cost of one reverse.

    For lists of many links; ``last`` is the URL's last name (followed by ``suffix``, such as
    ``/drop``), encoded as ``reverse`` encodes it (the name converter's escapes, then
    percent-encoding).
    """
    url = reverse(name, args=[*parents, "-"])
    if not url.endswith(f"/-{suffix}"):
        raise ValueError(f"URL '{name}' does not end with the name it is given and {suffix!r}.")
    prefix, converter = url[: len(url) - len(suffix) - 1], NameConverter()
    safe = RFC3986_SUBDELIMS + "/~:@"
    return lambda last: prefix + quote(converter.to_url(last), safe=safe) + suffix


def _link(rows: list[dict[str, Any]], url: Callable[[str], str], key: str = "url") -> None:
    for row in rows:
        row[key] = url(row["name"])


def _tree_rows(
    environment: Environment, catalog: Catalog | None, database: Database | None
) -> dict[str, list[dict[str, Any]]]:
    """The rows the tree shows, in one query: the environment's catalogs, and the first
    ``TREE_LIMIT`` + 1 databases of ``catalog`` and tables, views, functions and models of
    ``database``, each list in name order (with their status for views).

    Every page shows the tree: one round trip instead of five, without the ORM's cost of
    building five statements.
    """
    parts = [("catalogs", Catalog, "''", "environment_id = %s", [environment.pk])]
    if catalog is not None:
        parts.append(("databases", Database, "''", "catalog_id = %s", [catalog.pk]))
    if database is not None:
        tables, views = ([database.pk, kind] for kind in (Table.Kind.TABLE, Table.Kind.VIEW))
        parts += [
            ("tables", Table, "''", "database_id = %s AND kind = %s", tables),
            ("views", Table, "status", "database_id = %s AND kind = %s", views),
            ("functions", Function, "''", "database_id = %s", [database.pk]),
            ("models", Model, "''", "database_id = %s", [database.pk]),
        ]
    sql, params = [], []
    for list_name, model, status, where, values in parts:
        limit = "" if list_name == "catalogs" else f" LIMIT {TREE_LIMIT + 1}"
        sql.append(
            f"SELECT * FROM (SELECT '{list_name}' AS list, id, name, {status} AS status, "
            f"ROW_NUMBER() OVER (ORDER BY name) AS position FROM {model._meta.db_table} "
            f"WHERE {where} ORDER BY name{limit}) AS {list_name}"
        )
        params += values
    rows: dict[str, list[dict[str, Any]]] = {list_name: [] for list_name, *_ in parts}
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(sql), params)
        for list_name, pk, name, status, _ in sorted(cursor.fetchall(), key=_by_position):
            rows[list_name].append({"pk": pk, "name": name, "status": status})
    return rows


def _by_position(row: tuple) -> tuple[str, int]:
    return row[0], row[4]


def _first(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], bool]:
    """The first ``TREE_LIMIT`` rows, and whether there are more."""
    return rows[:TREE_LIMIT], len(rows) > TREE_LIMIT


def tree(
    environment: Environment, catalog: Catalog | None = None, database: Database | None = None
) -> dict[str, Any]:
    """The left-hand tree, opened down to the page's catalog and database (one query).

    At most ``TREE_LIMIT`` databases and objects of each kind, with a link to the full list;
    the page's own database is always among them. Links are built once per list.
    """
    rows = _tree_rows(environment, catalog, database)
    catalogs = rows["catalogs"]
    _link(catalogs, url_maker("catalog", environment.name))
    _link(catalogs, url_maker("tree-catalog", environment.name), "node_url")
    databases, more_databases = _first(rows.get("databases", []))
    if catalog is not None:
        if database is not None and all(row["pk"] != database.pk for row in databases):
            databases.append({"pk": database.pk, "name": database.name})
        _link(databases, url_maker("database", environment.name, catalog.name))
        _link(databases, url_maker("tree-database", environment.name, catalog.name), "node_url")
    objects = None
    if catalog is not None and database is not None:
        objects = {"more": False}
        for key, url in _TREE_KINDS:
            objects[key], more = _first(rows[key])
            objects["more"] = objects["more"] or more
            if url:
                _link(objects[key], url_maker(url, environment.name, catalog.name, database.name))
    return {
        "environment": environment,
        "catalogs": catalogs,
        "open_catalog": catalog,
        "databases": databases,
        "more_databases": more_databases,
        "open_database": database,
        "objects": objects,
        "limit": TREE_LIMIT,
    }


# What the tree lists in an open database, with the page each item links to (functions have
# none); the kept HTML is keyed by the same list, so a kind cannot be shown but left out of it.
_TREE_KINDS = (("tables", "table"), ("views", "view"), ("functions", None), ("models", "model"))


def sidebar_html(tree: dict[str, Any], on_object_page: bool) -> SafeString:
    """The tree beside a page (``catalogs/_tree.html``), rendered once for what it shows.

    The key is everything the HTML is made of (the names and states the tree's query read,
    the open catalog and database), so an answer is never stale: a change to the catalog
    changes the rows and so the key. Rendering it costs more than the query. Kept in the
    process's ``fragments`` cache.
    """
    named = repr(_sidebar_key(tree, on_object_page))
    key = "sidebar:" + hashlib.sha256(named.encode()).hexdigest()
    html = caches["fragments"].get(key)
    if html is None:
        html = render_to_string("catalogs/_tree.html", {"tree": tree, "table": on_object_page})
        caches["fragments"].set(key, html)
    return mark_safe(html)  # rendered by the template, which escapes


def _sidebar_key(tree: dict[str, Any], on_object_page: bool) -> tuple:
    def rows(items: list[dict[str, Any]]) -> tuple:
        return tuple((row["pk"], row["name"], row.get("status")) for row in items)

    def named(obj: Any) -> tuple | None:
        return None if obj is None else (obj.pk, obj.name)

    objects = tree["objects"] or {}
    return (
        named(tree["environment"]),
        named(tree["open_catalog"]),
        named(tree["open_database"]),
        on_object_page,
        rows(tree["catalogs"]),
        rows(tree["databases"]),
        tree["more_databases"],
        *(rows(objects.get(kind, [])) for kind, _ in _TREE_KINDS),
        objects.get("more"),
    )
