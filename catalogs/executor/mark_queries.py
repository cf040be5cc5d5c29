"""The queries the marks (catalogs.executor.marks) send in every statement that changes a
table or view: views by name or by key, the views reading some names, the dependency rows of
some views. Each shape is compiled once for each number of names or keys
(config.compiled); callers send at most ``CHUNK`` at a time."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, reduce
from operator import or_

from django.db.models import Q, QuerySet

from catalogs import models as m
from catalogs.flinksql.catalog import ObjectIdentifier
from config.compiled import CompiledQuery

# names or keys per query (SQLite allows 999 parameters: three a name)
CHUNK = 200


def _chunks(values: Sequence) -> Iterable[Sequence]:
    for start in range(0, len(values), CHUNK):
        yield values[start : start + CHUNK]


def _views(rows: QuerySet) -> QuerySet:
    return rows.filter(kind=m.Table.Kind.VIEW).select_related("database__catalog")


def any_named(names: Sequence[str], catalog: str, database: str, name: str) -> Q:
    """Rows whose fields ``catalog``, ``database`` and ``name`` hold one of the triples that
    ``names`` lists one after the other."""
    triples = zip(names[::3], names[1::3], names[2::3], strict=True)
    return reduce(or_, (Q(**{catalog: c, database: d, name: n}) for c, d, n in triples))


@cache
def _views_named(count: int) -> CompiledQuery[m.Table]:
    def build(environment: int, *names: str) -> QuerySet:
        named = any_named(names, "database__catalog__name", "database__name", "name")
        rows = m.Table.objects.filter(named, database__catalog__environment_id=environment)
        return _views(rows)

    return CompiledQuery(build, int, *[str] * (3 * count))


@cache
def _readers(count: int) -> CompiledQuery[m.Dependency]:
    def build(environment: int, *names: str) -> QuerySet:
        named = any_named(names, "catalog_name", "database_name", "object_name")
        return m.Dependency.objects.filter(named, environment_id=environment)

    return CompiledQuery(build, int, *[str] * (3 * count))


@cache
def _views_keyed(count: int, locked: bool) -> CompiledQuery[m.Table]:
    def build(*keys: int) -> QuerySet:
        rows = _views(m.Table.objects.filter(pk__in=keys)).order_by("pk")
        return rows.select_for_update(of=("self",)) if locked else rows

    return CompiledQuery(build, *[int] * count)


@cache
def _dependencies_of(count: int) -> CompiledQuery[m.Dependency]:
    return CompiledQuery(
        lambda *keys: m.Dependency.objects.filter(view_id__in=keys), *[int] * count
    )


def _names(identifiers: Sequence[ObjectIdentifier]) -> list[str]:
    return [part for i in identifiers for part in (i.catalog, i.database, i.name)]


def views_named(environment_id: int, identifiers: Iterable[ObjectIdentifier]) -> list[m.Table]:
    """The views (not tables) of ``identifiers``, with their databases and catalogs."""
    targets = list(dict.fromkeys(identifiers))
    return [
        row
        for chunk in _chunks(targets)
        for row in _views_named(len(chunk)).rows(environment_id, *_names(chunk))
    ]


def reader_keys(environment_id: int, identifiers: Iterable[ObjectIdentifier]) -> set[int]:
    """The keys of the views that read one of ``identifiers`` directly."""
    targets = list(dict.fromkeys(identifiers))
    return {
        d.view_id
        for chunk in _chunks(targets)
        for d in _readers(len(chunk)).rows(environment_id, *_names(chunk))
    }


def views_keyed(keys: Iterable[int], locked: bool = False) -> list[m.Table]:
    """The views among the rows of ``keys``, in key order; ``locked``: each row locked until
    the transaction ends, and read after its lock."""
    wanted = sorted(set(keys))
    return [
        row for chunk in _chunks(wanted) for row in _views_keyed(len(chunk), locked).rows(*chunk)
    ]


def dependencies_of(keys: Iterable[int]) -> list[m.Dependency]:
    """The dependency rows of the views of ``keys``."""
    wanted = sorted(set(keys))
    return [d for chunk in _chunks(wanted) for d in _dependencies_of(len(chunk)).rows(*chunk)]
