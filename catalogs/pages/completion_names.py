"""The names the SQL editor completes: an environment's catalogs, databases, tables and views
with their columns, and functions, bounded so that a catalog of 100,000 tables answers in one
small document.

Every catalog and database is named. Tables and views are given database by database, the
database where the editor's statements run first, then the other databases of its catalog,
then the rest, until the bound is reached; a database whose tables were cut, and the answer,
say so (``"complete": false``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count

from environments.models import Environment

from .. import models as m


def completion_names(environment: Environment, at: tuple[str, str], bound: int) -> dict[str, Any]:
    """The environment's names for completion, relations of database ``at`` (catalog,
    database) first, at most ``bound`` relations in all."""
    catalogs = dict(
        m.Catalog.objects.filter(environment=environment).order_by("name").values_list("pk", "name")
    )
    databases = list(
        m.Database.objects.filter(catalog__environment=environment)
        .order_by("name")
        .values_list("pk", "catalog_id", "name")
    )
    counts = dict(
        m.Table.objects.filter(database__catalog__environment=environment)
        .values_list("database_id")
        .annotate(n=Count("pk"))
        .values_list("database_id", "n")
    )
    taken = _taken(databases, catalogs, counts, at, bound)
    relations = _relations(taken, counts)
    functions: dict[int, list[str]] = {}
    for database_id, name in (
        m.Function.objects.filter(database__catalog__environment=environment)
        .order_by("name")
        .values_list("database_id", "name")
    ):
        functions.setdefault(database_id, []).append(name)
    answer = {pk: {"name": name, "databases": []} for pk, name in catalogs.items()}
    for pk, catalog_id, name in databases:
        entry = {
            "name": name,
            "tables": relations.get(pk, []),
            "functions": functions.get(pk, []),
        }
        if taken.get(pk, 0) < counts.get(pk, 0):
            entry["complete"] = False
        answer[catalog_id]["databases"].append(entry)
    complete = all(taken.get(pk, 0) == n for pk, n in counts.items())
    return {"catalogs": list(answer.values()), "complete": complete}


def _taken(
    databases: list[tuple[int, int, str]],
    catalogs: dict[int, str],
    counts: dict[int, int],
    at: tuple[str, str],
    bound: int,
) -> dict[int, int]:
    """How many relations of each database the answer gives, in the order the editor needs
    them: the database ``at``, its catalog's others, then the rest."""

    def priority(database: tuple[int, int, str]) -> tuple[int, str, str]:
        _, catalog_id, name = database
        catalog = catalogs[catalog_id]
        return (0 if (catalog, name) == at else 1 if catalog == at[0] else 2, catalog, name)

    taken: dict[int, int] = {}
    left = bound
    for pk, _, _ in sorted(databases, key=priority):
        count = min(counts.get(pk, 0), left)
        if count:
            taken[pk] = count
            left -= count
    return taken


def _relations(taken: dict[int, int], counts: dict[int, int]) -> dict[int, list[dict[str, Any]]]:
    """The relations (name, kind, columns) of each database: its first ``taken`` by name."""
    tables = m.Table.objects.order_by("name")
    whole = [pk for pk, n in taken.items() if n == counts[pk]]
    chosen = [tables.filter(database_id__in=whole)] if whole else []
    for pk in taken.keys() - set(whole):  # at most one database is cut: where the bound ran out
        chosen.append(tables.filter(pk__in=tables.filter(database_id=pk).values("pk")[: taken[pk]]))
    relations: dict[int, list[dict[str, Any]]] = {}
    for found in chosen:
        columns: dict[int, list[str]] = {}
        for table_id, name in m.Column.objects.filter(table__in=found).values_list(
            "table_id", "name"
        ):  # ordered by table and position
            columns.setdefault(table_id, []).append(name)
        for table_id, database_id, name, kind in found.values_list(
            "pk", "database_id", "name", "kind"
        ):
            entry = {"name": name, "kind": kind, "columns": columns.get(table_id, [])}
            relations.setdefault(database_id, []).append(entry)
    return relations
