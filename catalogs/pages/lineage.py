"""The lineage picture: tables and views upstream and downstream of an object."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from environments import page_cache

from ..lineage import lineage_graph
from ..lookup import get_table
from ..models import Table
from .common import render_page, tree


@login_required
@page_cache.kept_page
def lineage(
    request: HttpRequest,
    environment: str,
    catalog: str,
    database: str,
    kind: str,
    table: str = "",
    view: str = "",
) -> HttpResponse:
    name = table or view
    found = get_table(request.user, environment, catalog, database, name, kind=Table.Kind(kind))
    graph = lineage_graph(found.database.catalog.environment, found, columns=True)
    by_id = {node["id"]: node for node in graph["nodes"]}
    edge_rows = [
        {"source": by_id[e["source"]], "target": by_id[e["target"]], "broken": e["broken"]}
        for e in graph["edges"]
    ]
    context = {
        "table": found,
        "database": found.database,
        "catalog": found.database.catalog,
        "graph": graph,
        "edge_rows": edge_rows,
        "page_name": "Lineage",
        "tree": tree(found.database.catalog.environment, found.database.catalog, found.database),
    }
    return render_page(request, "catalogs/lineage.html", context)
