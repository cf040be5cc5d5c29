"""Search across the names, comments and columns of one environment, as the user types."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from environments.lookup import get_environment

from ..search import LIMIT, SUBSTRING_MIN, find
from .common import render_page, tree


@login_required
def search(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    query = request.GET.get("q", "").replace("\x00", "").strip()[:200]
    results = find(found, query) if query else {}
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
