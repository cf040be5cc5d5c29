"""What reads one column of a table or view, at any depth: the views whose columns derive
from it, and those reading it in a condition."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from environments import page_cache

from ..flinksql.catalog import ObjectIdentifier
from ..lookup import get_table
from ..models import Column, Table
from ..readers import column_readers
from .common import render_page, tree


@login_required
@page_cache.kept_page
def column_readers_page(
    request: HttpRequest,
    environment: str,
    catalog: str,
    database: str,
    column: str,
    kind: str,
    table: str = "",
    view: str = "",
) -> HttpResponse:
    found = get_table(
        request.user, environment, catalog, database, table or view, kind=Table.Kind(kind)
    )
    names = found.database.catalog, found.database
    identifier = ObjectIdentifier(names[0].name, names[1].name, found.name)
    env = names[0].environment
    exists = Column.objects.filter(table=found, name=column).exists()
    readers, cut = column_readers(env, identifier, column)
    rows = [
        {
            "reader": r,
            "url": reverse("view", args=[env.name, r.view.catalog, r.view.database, r.view.name]),
        }
        for r in readers
    ]
    context = {
        "table": found,
        "database": found.database,
        "catalog": found.database.catalog,
        "column": column,
        "exists": exists,
        "rows": rows,
        "views": len({r.view for r in readers}),
        "cut": cut,
        "page_name": f"Readers of {column}",
        "tree": tree(env, found.database.catalog, found.database),
    }
    return render_page(request, "catalogs/column_readers.html", context)
