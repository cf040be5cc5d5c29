"""Search across the names, comments and columns of one environment, as the user types."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from config import limits
from environments import page_cache
from environments.lookup import get_environment

from ..search import LIMIT, SUBSTRING_MIN, Found, find
from .common import render_page, tree, url_maker


@login_required
@page_cache.kept_page
def search(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    query = request.GET.get("q", "").strip()
    if len(query) > limits.SEARCH_CHARACTERS:
        return HttpResponse(
            f"The search text is {len(query)} characters; the dashboard searches for at most "
            f"{limits.SEARCH_CHARACTERS} (LIMIT_SEARCH_CHARACTERS).",
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    results = find(found, query) if query else {}
    _link(found.name, results)
    context = {
        "environment": found,
        "query": query,
        "results": results,
        "limit": LIMIT,
        "substring_min": SUBSTRING_MIN,
        "prefix_only": 0 < len(query) < SUBSTRING_MIN,
        "tree": tree(found),
        "empty": query and not any(results.values()),
    }
    return render_page(request, "catalogs/search.html", context, partial="results")


def _link(environment: str, results: dict[str, list[Found]]) -> None:
    """Give each result its page's address (``url``): a function's is on its database's page.
    The addresses in one database (or catalog) share one ``reverse``."""
    makers: dict[tuple[str, ...], Callable[[str], str]] = {}

    def url(name: str, *parents: str) -> str:
        if parents not in makers:
            makers[parents] = url_maker(*parents)
        return makers[parents](name)

    for item in (item for items in results.values() for item in items):
        if item.kind == "catalog":
            item.url = url(item.name, "catalog", environment)
        elif item.kind == "database":
            item.url = url(item.name, "database", environment, item.catalog)
        elif item.kind == "function":
            page = url(item.database, "database", environment, item.catalog)
            item.url = f"{page}#function-{quote(item.name)}"
        else:
            item.url = url(item.name, item.kind, environment, item.catalog, item.database)
