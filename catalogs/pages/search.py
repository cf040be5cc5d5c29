"""Search across the names, comments and columns of one environment, as the user types."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef, Q
from django.http import HttpRequest, HttpResponse

from environments.lookup import get_environment

from ..models import Column, Database, Function, Table
from .common import render_page, tree

LIMIT = 25


@login_required
def search(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    query = request.GET.get("q", "").strip()[:200]
    results: dict[str, list] = {}
    if query:
        # One query per kind of object, each capped: the answer's cost does not grow with size.
        named = Q(name__icontains=query) | Q(comment__icontains=query)
        column = Column.objects.filter(table=OuterRef("pk"), name__icontains=query)
        tables = Table.objects.filter(database__catalog__environment=found).filter(
            named | Exists(column)
        )
        results = {
            "catalogs": list(found.catalogs.filter(named)[:LIMIT]),
            "databases": list(
                Database.objects.filter(named, catalog__environment=found).select_related(
                    "catalog"
                )[:LIMIT]
            ),
            "tables": list(
                tables.select_related("database__catalog")
                .annotate(column_match=Exists(column))
                .order_by("name")[:LIMIT]
            ),
            "functions": list(
                Function.objects.filter(
                    Q(name__icontains=query) | Q(class_name__icontains=query),
                    database__catalog__environment=found,
                ).select_related("database__catalog")[:LIMIT]
            ),
        }
    context = {
        "environment": found,
        "query": query,
        "results": results,
        "limit": LIMIT,
        "tree": tree(found),
        "empty": query and not any(results.values()),
    }
    return render_page(request, "catalogs/search.html", context, partial="results")
