"""The lineage picture: tables and views upstream and downstream of an object."""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from environments import page_cache
from environments.models import Environment

from ..lookup import get_table
from ..models import Column, ColumnLineage, Dependency, Model, Table
from ..readers import NAMESPACES
from .common import render_page, tree

# Each level costs one query in each direction: the page's cost is bounded by the depth.
MAX_DEPTH = 6
MAX_NODES = 150

Key = tuple[str, str, str]
# What a node shows of a table or view: the rest of the row is not read.
_NODE_FIELDS = ("name", "kind", "status", "database__name", "database__catalog__name")
_VIEW_FIELDS = tuple(f"view__{field}" for field in _NODE_FIELDS)


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


def lineage_graph(environment: Environment, start: Table, columns: bool = False) -> dict[str, Any]:
    """Nodes and edges (``source`` is read by ``target``) around ``start``, JSON-ready; with
    ``columns``, each node's columns and the column edges among the nodes (``column_edges``:
    ``target_column`` derives from ``source_column`` as ``how`` says, or is empty when the
    view reads the column only in a condition)."""
    nodes: dict[Key, dict[str, Any]] = {}
    edges: dict[tuple[Key, Key], bool] = {}
    _add(nodes, environment, start, current=True)
    upstream = [start] if start.is_view else []
    downstream = [_key(start)]
    for _ in range(MAX_DEPTH):
        if len(nodes) >= MAX_NODES or not (upstream or downstream):
            break
        upstream = _read_by(environment, upstream, nodes, edges)
        downstream = _readers(environment, downstream, nodes, edges)
    pks = {key: node.pop("pk") for key, node in nodes.items()}
    pks = {key: pk for key, pk in pks.items() if pk is not None}
    graph = {
        "nodes": list(nodes.values()),
        "edges": [
            {"source": _id(s), "target": _id(t), "broken": broken}
            for (s, t), broken in edges.items()
        ],
        "truncated": len(nodes) >= MAX_NODES,
    }
    if columns:
        graph["column_edges"] = _with_columns(nodes, pks)
    return graph


def _with_columns(nodes: dict[Key, dict[str, Any]], pks: dict[Key, int]) -> list[dict]:
    """Give each node its columns (one query) and return the column edges among the nodes
    (one query, by the views' keys)."""
    keys = {pk: key for key, pk in pks.items()}
    for node in nodes.values():
        node["columns"] = []
    rows = Column.objects.filter(table_id__in=keys).order_by("table_id", "position")
    for table_id, name in rows.values_list("table_id", "name"):
        nodes[keys[table_id]]["columns"].append(name)
    views = [pk for key, pk in pks.items() if nodes[key]["kind"] == "view"]
    lineage = ColumnLineage.objects.filter(view_id__in=views).order_by("pk")
    found = []
    fields = ("view_id", "view_column", "catalog_name", "database_name", "object_name")
    for view_id, view_column, *source, column, how in lineage.values_list(
        *fields, "column_name", "how"
    ):
        if tuple(source) not in nodes:
            continue
        found.append(
            {
                "source": _id(tuple(source)),
                "source_column": column,
                "target": _id(keys[view_id]),
                "target_column": view_column,
                "how": how,
            }
        )
    return found


def _read_by(environment: Environment, views: list[Table], nodes: dict, edges: dict) -> list[Table]:
    """One level upstream: what ``views`` read; returns the views among them, to go on."""
    if not views:
        return []
    dependencies = list(
        Dependency.objects.filter(view__in=views)
        .exclude(kind=Dependency.Kind.FUNCTION)
        .select_related("view__database__catalog")
        .only("kind", "catalog_name", "database_name", "object_name", *_VIEW_FIELDS)
    )
    keys = {(d.catalog_name, d.database_name, d.object_name) for d in dependencies}
    models = {
        (d.catalog_name, d.database_name, d.object_name)
        for d in dependencies
        if d.kind == Dependency.Kind.MODEL
    }
    _add_models(environment, models - nodes.keys(), nodes)
    rows = _tables_named(environment, keys - nodes.keys())
    following = []
    for key in keys - nodes.keys():
        row = rows.get(key)
        _add(nodes, environment, row, key=key)
        if row is not None and row.is_view:
            following.append(row)
    for d in dependencies:
        key = (d.catalog_name, d.database_name, d.object_name)
        edges[(key, _key(d.view))] = not nodes[key]["exists"]
    return following


def _add_models(environment: Environment, keys: set[Key], nodes: dict) -> None:
    """The models that views call (ML_PREDICT), as nodes of their own kind."""
    if not keys:
        return
    named = reduce(
        or_,
        (Q(database__catalog__name=c, database__name=d, name=n) for c, d, n in keys),
    )
    found = {
        (m.database.catalog.name, m.database.name, m.name)
        for m in Model.objects.filter(named, database__catalog__environment=environment)
        .select_related("database__catalog")
        .only("name", "database__name", "database__catalog__name")
    }
    for key in keys:
        if key in found:
            nodes[key] = _node(key, "model", reverse("model", args=[environment.name, *key]))
        else:
            nodes[key] = _node(key, "missing", None)


def _readers(environment: Environment, keys: list[Key], nodes: dict, edges: dict) -> list[Key]:
    """One level downstream: the views that read ``keys``; returns their keys, to go on."""
    if not keys:
        return []
    named = reduce(or_, (Q(catalog_name=c, database_name=d, object_name=n) for c, d, n in keys))
    dependencies = (
        Dependency.objects.filter(named, environment=environment, kind__in=NAMESPACES["relation"])
        .select_related("view__database__catalog")
        .only("catalog_name", "database_name", "object_name", *_VIEW_FIELDS)
    )
    following = []
    for d in dependencies[:MAX_NODES]:
        view_key = _key(d.view)
        if view_key not in nodes:
            _add(nodes, environment, d.view)
            following.append(view_key)
        source = (d.catalog_name, d.database_name, d.object_name)
        edges[(source, view_key)] = not nodes[source]["exists"]
    return following


def _tables_named(environment: Environment, keys: set[Key]) -> dict[Key, Table]:
    if not keys:
        return {}
    named = reduce(
        or_, (Q(database__catalog__name=c, database__name=d, name=n) for c, d, n in keys)
    )
    rows = Table.objects.filter(named, database__catalog__environment=environment)
    rows = rows.select_related("database__catalog").only(*_NODE_FIELDS)
    return {_key(row): row for row in rows}


def _key(table: Table) -> Key:
    return (table.database.catalog.name, table.database.name, table.name)


def _id(key: Key) -> str:
    return "\x1f".join(key)


def _add(
    nodes: dict,
    environment: Environment,
    row: Table | None,
    key: Key | None = None,
    current: bool = False,
) -> None:
    key = _key(row) if row is not None else key
    assert key is not None
    url = None
    if row is not None:
        name = "view" if row.is_view else "table"
        url = reverse(name, args=[environment.name, *key])
    kind = row.kind.lower() if row is not None else "missing"
    status = row.status if row is not None and row.is_view else "ok"
    nodes[key] = _node(key, kind, url, status, row.pk if row is not None else None, current)


def _node(
    key: Key,
    kind: str,
    url: str | None,
    status: str = "ok",
    pk: int | None = None,
    current: bool = False,
) -> dict:
    """A node of the graph: an object by its key, or a missing one (kind "missing", no url)."""
    return {
        "pk": pk,
        "id": _id(key),
        "label": ".".join(key),
        "kind": kind,
        "status": status,
        "exists": kind != "missing",
        "current": current,
        "url": url,
    }
