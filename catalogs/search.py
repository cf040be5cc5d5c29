"""Finding an environment's objects by name as the user types: prefix matches first, then
names, comments, column names and column comments that contain the text. Each table or view
says what of it matched: its name, its comment, or which of its columns (by name or comment).

Every query is capped and served by an index, so an answer costs the same in a catalog of
100,000 tables as in one of ten (migrations 0005 and 0012 make the indexes):

- a prefix is a range of lower-cased names in byte order (``LOWER(name) COLLATE "C"`` on
  PostgreSQL, SQLite's default ``BINARY``), read in order up to the cap;
- a substring of three characters or more is found by pg_trgm's GIN indexes on PostgreSQL
  (upper-cased names, comments, column names and column comments); SQLite scans, which it
  does quickly at the sizes it serves. Substring matches come in no particular order from the
  database: the first ones found are shown, sorted, after the prefix matches.

Shorter texts match prefixes of names only: one or two characters say too little to search
inside every comment and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Q, QuerySet, Value
from django.db.models.functions import Collate, Concat, Lower

from environments.models import Environment

from .models import Catalog, Column, Database, Function, Model, Table

LIMIT = 25
COLUMNS_SHOWN = 3  # matching columns named for each table; the others are counted
SUBSTRING_MIN = 3  # pg_trgm needs a trigram
LAST_CHARACTER = "\U0010ffff"


@dataclass
class Found:
    """One object found: a catalog, database, table, view, function or model, by its names."""

    kind: str
    catalog: str
    database: str
    name: str
    detail: str | None = None  # the comment; a function's class
    columns: list[ColumnMatch] = field(default_factory=list)  # a table's columns that match
    more_columns: int = 0  # matching columns of the table beyond those in ``columns``
    url: str = ""  # its page, which the door that shows it knows

    @property
    def column_match(self) -> bool:
        return bool(self.columns)


@dataclass
class ColumnMatch:
    """A column of a found table or view that contains the text in its name or its comment."""

    name: str
    by_comment: bool  # its comment holds the text, its name does not
    comment: str | None = None


def find(environment: Environment, text: str, limit: int = LIMIT) -> dict[str, list[Found]]:
    """At most ``limit`` catalogs, databases, tables and views, functions and models matching
    ``text`` (NUL characters removed)."""
    text = text.replace("\x00", "")
    if not text:
        return {}
    inside = len(text) >= SUBSTRING_MIN
    found = _small_lists(environment, text, inside, limit)
    return {
        "catalogs": found["catalog"],
        "databases": found["database"],
        "tables": _tables(environment, text, inside, limit),
        "functions": found["function"],
        "models": found["model"],
    }


def _small_lists(
    environment: Environment, text: str, inside: bool, limit: int
) -> dict[str, list[Found]]:
    """Catalogs, databases, functions and models, few next to tables: one query finds each kind's
    first matches, names that start with the text first. Matched as Django's ``icontains``
    does (upper-cased, the wildcards of LIKE escaped); read in full, without a trigram index.
    """
    like = connection.ops.prep_for_like_query(text)  # as icontains escapes it
    starts, contains = f"{like}%", f"%{like}%"
    catalogs, databases = Catalog._meta.db_table, Database._meta.db_table
    with_catalog = f"JOIN {catalogs} c ON c.id = d.catalog_id"
    functions = f"{Function._meta.db_table} f JOIN {databases} d ON d.id = f.database_id"
    models = f"{Model._meta.db_table} m JOIN {databases} d ON d.id = m.database_id"
    kinds = [  # kind, its name, its detail, its catalog's and database's names, its rows
        ("catalog", "c.name", "c.comment", "''", "''", f"{catalogs} c"),
        ("database", "d.name", "d.comment", "c.name", "''", f"{databases} d {with_catalog}"),
        ("function", "f.name", "f.class_name", "c.name", "d.name", f"{functions} {with_catalog}"),
        ("model", "m.name", "m.comment", "c.name", "d.name", f"{models} {with_catalog}"),
    ]
    sql, params = [], []
    for kind, name, detail, catalog, database, rows in kinds:
        matches = f"{_like(name)} OR {_like(detail)}" if inside else _like(name)
        sql.append(
            f"SELECT * FROM (SELECT '{kind}' AS kind, {catalog} AS catalog_name, "
            f"{database} AS database_name, {name} AS name, {detail} AS detail, "
            f"CASE WHEN {_like(name)} THEN 0 ELSE 1 END AS rank FROM {rows} "
            f"WHERE c.environment_id = %s AND ({matches}) ORDER BY rank, {name} LIMIT %s) AS {kind}"
        )
        params += [starts, environment.pk, *([contains] * 2 if inside else [starts]), limit]
    found: dict[str, list[Found]] = {kind: [] for kind, *_ in kinds}
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(sql), params)
        rows = sorted(cursor.fetchall(), key=lambda row: (row[5], row[3]))
    for kind, catalog, database, name, detail, _ in rows:
        found[kind].append(Found(kind, catalog, database, name, detail))
    return found


def _like(column: str) -> str:
    return f"UPPER({column}) LIKE UPPER(%s) ESCAPE '\\'"


_SHOWN = ("pk", "kind", "database__catalog__name", "database__name", "name", "comment")


def _tables(environment: Environment, text: str, inside: bool, limit: int) -> list[Found]:
    """Tables and views: the first names in order that start with ``text``, then others whose
    name, comment, or a column's name or comment contains it (one to five queries, each
    capped), each with the columns that matched."""
    start = Lower(Value(text))
    rows = list(
        Table.objects.filter(database__catalog__environment=environment)
        .alias(key=_lower_name())
        .filter(key__gte=start, key__lt=Concat(start, Value(LAST_CHARACTER)))
        .order_by("key")
        .values_list(*_SHOWN)[:limit]
    )
    if inside and len(rows) < limit:  # else only names that start with the text show
        named = Table.objects.filter(Q(name__icontains=text) | Q(comment__icontains=text))
        ids = _table_ids(named, "pk", environment, limit + len(rows))
        ids += _table_ids(_matching_columns(text), "table_id", environment, limit * 4)
        prefixed = {row[0] for row in rows}
        others = [pk for pk in dict.fromkeys(ids) if pk not in prefixed][: limit - len(rows)]
        if others:
            more = Table.objects.filter(pk__in=others).values_list(*_SHOWN)
            rows += sorted(more, key=lambda row: row[4])  # after the prefixed, by name
    found = {pk: Found(kind.lower(), *names) for pk, kind, *names in rows}
    if inside and found:
        _add_columns(found, text)
    return list(found.values())


def _matching_columns(text: str) -> QuerySet:
    return Column.objects.filter(Q(name__icontains=text) | Q(comment__icontains=text))


def _add_columns(found: dict[int, Found], text: str) -> None:
    """Name the first ``COLUMNS_SHOWN`` matching columns of each found table, in their order,
    and count the others (one query of at most ``COLUMNS_SHOWN`` rows a table, written out:
    Django spends several times the database's time building its window functions)."""
    contains = f"%{connection.ops.prep_for_like_query(text)}%"
    places = ", ".join(["%s"] * len(found))
    sql = (
        "SELECT table_id, name, comment, matching FROM ("
        "SELECT c.table_id, c.name, c.comment, c.position, "
        "ROW_NUMBER() OVER (PARTITION BY c.table_id ORDER BY c.position) AS place, "
        "COUNT(*) OVER (PARTITION BY c.table_id) AS matching "
        f"FROM {Column._meta.db_table} c WHERE c.table_id IN ({places}) "
        f"AND ({_like('c.name')} OR {_like('c.comment')})"
        ") AS matched WHERE place <= %s ORDER BY table_id, position"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*found, contains, contains, COLUMNS_SHOWN])
        columns = cursor.fetchall()
    folded = text.casefold()
    for table_id, name, comment, matching in columns:
        item = found[table_id]
        by_comment = folded not in name.casefold()
        item.columns.append(ColumnMatch(name, by_comment, comment if by_comment else None))
        item.more_columns = matching - len(item.columns)


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
