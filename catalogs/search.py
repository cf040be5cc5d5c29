"""Finding an environment's objects by name as the user types: prefix matches first, then
names, comments and columns that contain the text.

Every query is capped and served by an index, so an answer costs the same in a catalog of
100,000 tables as in one of ten (migration 0005 makes the indexes):

- a prefix is a range of lower-cased names in byte order (``LOWER(name) COLLATE "C"`` on
  PostgreSQL, SQLite's default ``BINARY``), read in order up to the cap;
- a substring of three characters or more is found by pg_trgm's GIN indexes on PostgreSQL
  (upper-cased names, comments and column names); SQLite scans, which it does quickly at the
  sizes it serves. Substring matches come in no particular order from the database: the
  first ones found are shown, sorted, after the prefix matches.

Shorter texts match prefixes of names only: one or two characters say too little to search
inside every comment and column.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Case, Exists, IntegerField, OuterRef, Q, QuerySet, Value, When
from django.db.models.functions import Collate, Concat, Lower

from environments.models import Environment

from .models import Catalog, Column, Database, Function, Table

LIMIT = 25
SUBSTRING_MIN = 3  # pg_trgm needs a trigram
LAST_CHARACTER = "\U0010ffff"


def find(environment: Environment, text: str, limit: int = LIMIT) -> dict[str, list[Any]]:
    """At most ``limit`` catalogs, databases, tables and views, and functions matching ``text``
    (NUL characters removed). Tables and views with a matching column have ``column_match``."""
    text = text.replace("\x00", "")
    if not text:
        return {}
    inside = len(text) >= SUBSTRING_MIN
    catalogs = Catalog.objects.filter(environment=environment)
    databases = Database.objects.filter(catalog__environment=environment)
    functions = Function.objects.filter(database__catalog__environment=environment)
    return {
        "catalogs": _ranked(catalogs, text, inside, "comment", limit),
        "databases": _ranked(databases.select_related("catalog"), text, inside, "comment", limit),
        "tables": _tables(environment, text, inside, limit),
        "functions": _ranked(
            functions.select_related("database__catalog"), text, inside, "class_name", limit
        ),
    }


def _ranked(items: QuerySet, text: str, inside: bool, other: str, limit: int) -> list[Any]:
    """Small lists (catalogs, databases, functions): one query, prefix matches first."""
    prefix = Q(name__istartswith=text)
    matches = prefix | Q(name__icontains=text) | Q(**{f"{other}__icontains": text})
    ranked = items.filter(matches if inside else prefix).annotate(
        rank=Case(When(prefix, then=Value(0)), default=Value(1), output_field=IntegerField())
    )
    return list(ranked.order_by("rank", "name")[:limit])


def _tables(environment: Environment, text: str, inside: bool, limit: int) -> list[Table]:
    """Tables and views: the first names in order that start with ``text``, then others whose
    name, comment or a column contains it (two to four queries, each capped)."""
    start = Lower(Value(text))
    prefixed = list(
        Table.objects.filter(database__catalog__environment=environment)
        .alias(key=_lower_name())
        .filter(key__gte=start, key__lt=Concat(start, Value(LAST_CHARACTER)))
        .order_by("key")
        .values_list("pk", flat=True)[:limit]
    )
    ids = list(prefixed)
    if inside and len(prefixed) < limit:  # else only names that start with the text show
        named = Table.objects.filter(Q(name__icontains=text) | Q(comment__icontains=text))
        ids += _table_ids(named, "pk", environment, limit + len(prefixed))
        with_column = Column.objects.filter(name__icontains=text)
        ids += _table_ids(with_column, "table_id", environment, limit * 4)
    column = Column.objects.filter(table=OuterRef("pk"), name__icontains=text)
    tables = (
        Table.objects.filter(pk__in=list(dict.fromkeys(ids))[:limit])
        .select_related("database__catalog")
        .only("name", "kind", "comment", "status", "database__name", "database__catalog__name")
        .annotate(column_match=Exists(column) if inside else Value(False))
    )
    rank = {pk: position for position, pk in enumerate(prefixed)}
    return sorted(tables, key=lambda table: (rank.get(table.pk, limit), table.name))


def _table_ids(matches: QuerySet, field: str, environment: Environment, limit: int) -> list[int]:
    """Up to ``limit`` ids of tables of ``environment`` found in ``field`` of ``matches``, in
    no particular order.

    On PostgreSQL the match is planned as if all of it were wanted (a materialized CTE), so
    the planner reads the trigram index instead of scanning the table in the hope of finding
    ``limit`` rows early, which reads the whole table when few rows match; the environment's
    tables are then picked from the matches one by one, up to ``limit``.
    """
    ids = matches.order_by().values_list(field, flat=True)
    if connection.vendor != "postgresql":
        tables = Table.objects.filter(pk__in=ids, database__catalog__environment=environment)
        return list(tables.values_list("pk", flat=True)[:limit])
    sql, params = ids.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH matches (id) AS MATERIALIZED ({sql}) "
            "SELECT matches.id FROM matches "
            "JOIN catalogs_table t ON t.id = matches.id "
            "JOIN catalogs_database d ON d.id = t.database_id "
            "JOIN catalogs_catalog c ON c.id = d.catalog_id "
            "WHERE c.environment_id = %s LIMIT %s",
            [*params, environment.pk, limit],
        )
        return [row[0] for row in cursor.fetchall()]


def _lower_name() -> Collate | Lower:
    """The name as the prefix index holds it: lower-cased, compared byte by byte."""
    if connection.vendor == "postgresql":
        return Collate(Lower("name"), "C")
    return Lower("name")  # SQLite compares bytes (BINARY) unless told otherwise
