"""The lineage graph: tables, views and models upstream and downstream of an object.

Each level costs one query in each direction, so a graph's cost is bounded by its depth.
Every query has a fixed shape for a given number of keys or names, compiled once
(:class:`config.compiled.CompiledValues`) and sent with the level's values; the number is
rounded up to a power of two (the last value repeated), so a few shapes serve every graph.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

from config.compiled import CompiledValues
from environments.models import Environment

from .executor.mark_queries import CHUNK, any_named
from .models import Column, ColumnLineage, Dependency, Model, Table
from .readers import NAMESPACES

MAX_DEPTH = 6
MAX_NODES = 150

Key = tuple[str, str, str]
# a table or view as a node reads it: (key, catalog, database, name, kind, status)
Relation = tuple[int, str, str, str, str, str]
_RELATION = ("pk", "database__catalog__name", "database__name", "name", "kind", "status")
_READER = tuple(f"view__{field}" for field in _RELATION)
_NAMES = ("database__catalog__name", "database__name", "name")
_DEPENDENCY_NAMES = ("catalog_name", "database_name", "object_name")


def lineage_graph(environment: Environment, start: Table, columns: bool = False) -> dict[str, Any]:
    """Nodes and edges (``source`` is read by ``target``) around ``start``, JSON-ready; with
    ``columns``, each node's columns and the column edges among the nodes (``column_edges``:
    ``target_column`` derives from ``source_column`` as ``how`` says, or is empty when the
    view reads the column only in a condition)."""
    nodes: dict[Key, dict[str, Any]] = {}
    edges: dict[tuple[Key, Key], bool] = {}
    catalog = start.database.catalog
    first = (start.pk, catalog.name, start.database.name, start.name, start.kind, start.status)
    _add(nodes, environment, first, current=True)
    upstream = [first] if start.is_view else []
    downstream = [_key(first)]
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
    """Give each node its columns and return the column edges among the nodes (a query each,
    by the nodes' keys)."""
    keys = {pk: key for key, pk in pks.items()}
    for node in nodes.values():
        node["columns"] = []
    rows = _rows(_columns_of, (), [(pk,) for pk in sorted(keys)])
    for table_id, _position, name in sorted(rows):
        nodes[keys[table_id]]["columns"].append(name)
    views = [(pk,) for key, pk in sorted(pks.items()) if nodes[key]["kind"] == "view"]
    found = []
    for _pk, view_id, view_column, *source, column, how in sorted(
        _rows(_column_lineage_of, (), views)
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


def _read_by(
    environment: Environment, views: list[Relation], nodes: dict, edges: dict
) -> list[Relation]:
    """One level upstream: what ``views`` read; returns the views among them, to go on."""
    if not views:
        return []
    view_keys = {view[0]: _key(view) for view in views}
    dependencies = _rows(_reads_of, (), [(pk,) for pk in view_keys])
    keys = {tuple(d[2:]) for d in dependencies}
    models = {tuple(d[2:]) for d in dependencies if d[1] == Dependency.Kind.MODEL}
    _add_models(environment, models - nodes.keys(), nodes)
    wanted = keys - nodes.keys()
    rows = {_key(row): row for row in _rows(_relations_named, (environment.pk,), sorted(wanted))}
    following = []
    for key in sorted(wanted):
        row = rows.get(key)
        _add(nodes, environment, row, key=key)
        if row is not None and row[4] == Table.Kind.VIEW:
            following.append(row)
    for view_id, _kind, *source in dependencies:
        key = tuple(source)
        edges[(key, view_keys[view_id])] = not nodes[key]["exists"]
    return following


def _add_models(environment: Environment, keys: set[Key], nodes: dict) -> None:
    """The models that views call (ML_PREDICT), as nodes of their own kind."""
    if not keys:
        return
    found = set(_rows(_models_named, (environment.pk,), sorted(keys)))
    for key in keys:
        if key in found:
            nodes[key] = _node(key, "model", reverse("model", args=[environment.name, *key]))
        else:
            nodes[key] = _node(key, "missing", None)


def _readers(environment: Environment, keys: list[Key], nodes: dict, edges: dict) -> list[Key]:
    """One level downstream: the views that read ``keys``; returns their keys, to go on."""
    if not keys:
        return []
    following = []
    found = _rows(_readers_of, (environment.pk,), keys)
    for *source, view_id, catalog, database, name, kind, status in found[:MAX_NODES]:
        view = (view_id, catalog, database, name, kind, status)
        view_key = _key(view)
        if view_key not in nodes:
            _add(nodes, environment, view)
            following.append(view_key)
        source_key = tuple(source)
        edges[(source_key, view_key)] = not nodes[source_key]["exists"]
    return following


# -- the queries ------------------------------------------------------------------------------
def _rows(
    shape: Callable[[int], CompiledValues], leading: tuple, items: Sequence[tuple]
) -> list[tuple]:
    """The rows of ``shape``'s query for ``items`` (each a tuple of values), after the
    ``leading`` values, sent ``CHUNK`` items at a time."""
    found: list[tuple] = []
    items = list(dict.fromkeys(items))
    for start in range(0, len(items), CHUNK):
        chunk = items[start : start + CHUNK]
        count = 1 << (len(chunk) - 1).bit_length()  # a power of two: few shapes
        chunk = chunk + [chunk[-1]] * (count - len(chunk))
        found.extend(shape(count).rows(*leading, *(value for item in chunk for value in item)))
    return found


@cache
def _objects_named(model: type, fields: tuple[str, ...], count: int) -> CompiledValues:
    """``fields`` of the tables, views (``model`` Table) or models of ``count`` names in an
    environment."""

    def build(environment: int, *names: str) -> QuerySet:
        named = any_named(names, *_NAMES)
        rows = model.objects.filter(named, database__catalog__environment_id=environment)
        return rows.values_list(*fields)

    return CompiledValues(build, int, *[str] * (3 * count))


_relations_named = partial(_objects_named, Table, _RELATION)
_models_named = partial(_objects_named, Model, _NAMES)


@cache
def _reads_of(count: int) -> CompiledValues:
    def build(*views: int) -> QuerySet:
        rows = Dependency.objects.filter(view_id__in=views).exclude(kind=Dependency.Kind.FUNCTION)
        return rows.order_by("pk").values_list("view_id", "kind", *_DEPENDENCY_NAMES)

    return CompiledValues(build, *[int] * count)


@cache
def _readers_of(count: int) -> CompiledValues:
    def build(environment: int, *names: str) -> QuerySet:
        named = any_named(names, *_DEPENDENCY_NAMES)
        rows = Dependency.objects.filter(
            named, environment_id=environment, kind__in=NAMESPACES["relation"]
        )
        return rows.order_by("pk").values_list(*_DEPENDENCY_NAMES, *_READER)[:MAX_NODES]

    return CompiledValues(build, int, *[str] * (3 * count))


@cache
def _columns_of(count: int) -> CompiledValues:
    def build(*tables: int) -> QuerySet:
        rows = Column.objects.filter(table_id__in=tables)
        return rows.values_list("table_id", "position", "name")

    return CompiledValues(build, *[int] * count)


@cache
def _column_lineage_of(count: int) -> CompiledValues:
    def build(*views: int) -> QuerySet:
        rows = ColumnLineage.objects.filter(view_id__in=views)
        fields = ("pk", "view_id", "view_column", *_DEPENDENCY_NAMES, "column_name", "how")
        return rows.values_list(*fields)

    return CompiledValues(build, *[int] * count)


# -- the nodes --------------------------------------------------------------------------------
def _key(relation: Relation) -> Key:
    return relation[1:4]


def _id(key: Key) -> str:
    return "\x1f".join(key)


def _add(
    nodes: dict,
    environment: Environment,
    row: Relation | None,
    key: Key | None = None,
    current: bool = False,
) -> None:
    if row is None:
        assert key is not None
        nodes[key] = _node(key, "missing", None)
        return
    pk, *_names, kind, status = row
    key = _key(row)
    is_view = kind == Table.Kind.VIEW
    url = reverse("view" if is_view else "table", args=[environment.name, *key])
    nodes[key] = _node(key, kind.lower(), url, status if is_view else "ok", pk, current)


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
