"""The Flink SQL statements that re-create snapshots, in dependency order: an import into a
catalog, and the init script for the SQL client."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .. import render
from ..catalog import (
    CatalogFunction,
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
    quote_identifier,
    quote_string,
)
from ..literals import respell_strings
from ..ordering import dependency_order
from ..quoting import quote_in_comment
from ..statements import ColumnKind
from ..views.calls import NILADIC
from .document import FLINK_VERSION
from .reading import Snapshot
from .writing import relations_read, type_text


@dataclass(frozen=True)
class PlannedStatement:
    """One statement of an import or an init script, and the snapshot object it creates."""

    kind: str  # catalog, database, table, function, model, use, view
    name: str  # what it creates, e.g. sales.orders (short_name of a table's, view's ...)
    sql: str
    catalog: str = ""  # the catalog it creates the object in
    # the table, view, function or model it creates, in that catalog
    identifier: ObjectIdentifier | None = None


# A quoted string or name (left as it is), or ``AS`` and a niladic function's name unquoted
# where a select item's alias ends (a comma, a parenthesis, a line's or the text's end, FROM),
# not a MATCH_RECOGNIZE condition (DEFINE B AS LOCALTIMESTAMP IS NOT NULL).
_NILADIC_ALIAS = re.compile(
    r"('(?:[^']|'')*'|`(?:[^`]|``)*`|\"(?:[^\"]|\"\")*\")"
    r"|\bAS (CURRENT_DATE|CURRENT_TIMESTAMP|CURRENT_TIME|LOCALTIMESTAMP|LOCALTIME)"
    r"(?=[ \t]*(?:[,)\n]|$)|\s+FROM\b)"
)


def runnable_query(query: str) -> str:
    """A stored expanded query as a statement can run it again: Flink writes the alias it
    gives a niladic function's column unquoted (``SELECT LOCALTIME AS LOCALTIME``), which its
    own parser then refuses ("Incorrect syntax near the keyword 'LOCALTIME'"); back-quoted it
    is the same view, and Flink stores it so, unchanged when expanded again
    (``tests/goldens/views_niladic_aliases.sql``)."""
    return _NILADIC_ALIAS.sub(lambda m: m.group(1) or f"AS `{m.group(2)}`", query)


def retarget(query: str, old: str, new: str) -> str:
    """A view query with the fully qualified names of catalog ``old`` moved to ``new``."""
    if old == new:
        return query
    return query.replace(quote_identifier(old) + ".", quote_identifier(new) + ".")


def import_statements(
    snapshot: Snapshot, catalog: str, create_catalog: bool, views: bool = True
) -> list[PlannedStatement]:
    """The statements that create the snapshot's objects in ``catalog``, in dependency order:
    the catalog, databases, tables, functions, models, then (unless ``views`` is false) views
    after what they read (a view may call a model through ``ML_PREDICT``)."""
    planned: list[PlannedStatement] = []
    if create_catalog:
        # the catalog's own options, as they were; a snapshot without them (written by
        # another tool) gets an in-memory catalog whose default database is the snapshot's
        options = dict(snapshot.catalog_options) or {
            "type": "generic_in_memory",
            "default-database": snapshot.database_name,
        }
        text = create_catalog_statement(catalog, snapshot.catalog_comment, options)
        planned.append(PlannedStatement("catalog", catalog, text, catalog))
    for database in snapshot.databases:
        text = render.create_database(
            catalog, database["name"], database["comment"], database["properties"]
        ).replace("CREATE DATABASE ", "CREATE DATABASE IF NOT EXISTS ", 1)
        planned.append(PlannedStatement("database", database["name"], text.rstrip("\n"), catalog))
    for table in snapshot.tables:
        moved = _moved_table(table, catalog)
        planned.append(
            PlannedStatement(
                "table",
                short_name(table.identifier),
                create_table_statement(moved),
                catalog,
                moved.identifier,
            )
        )
    for function, _ in snapshot.functions:
        moved_function = CatalogFunction(
            ObjectIdentifier(catalog, function.identifier.database, function.identifier.name),
            function.class_name,
            function.language,
            function.jars,
        )
        planned.append(
            PlannedStatement(
                "function",
                short_name(function.identifier),
                render.create_function(moved_function).rstrip("\n"),
                catalog,
                moved_function.identifier,
            )
        )
    for model in snapshot.models:
        place = ObjectIdentifier(catalog, model.identifier.database, model.identifier.name)
        moved_model = replace(model, identifier=place)
        planned.append(
            PlannedStatement(
                "model",
                short_name(model.identifier),
                render.show_create_model(moved_model).rstrip("\n"),
                catalog,
                place,
            )
        )
    if views:
        planned += _view_statements([(snapshot, v, catalog) for v in snapshot.views])
    return planned


def create_catalog_statement(name: str, comment: str | None, options: dict[str, str]) -> str:
    """``CREATE CATALOG`` with the catalog's comment and options (sorted by key)."""
    text = f"CREATE CATALOG {quote_identifier(name)}\n"
    if comment is not None:
        text += f"COMMENT {quote_string(comment)}\n"
    return (text + _with(options)).rstrip("\n")


def init_statements(snapshots: list[Snapshot]) -> list[PlannedStatement]:
    """The statements of an init script for several catalogs: each catalog with its databases,
    tables and functions, then the views of them all, each after what it reads (a view may read
    another catalog's objects)."""
    planned: list[PlannedStatement] = []
    for snapshot in snapshots:
        planned += import_statements(snapshot, snapshot.catalog_name, True, views=False)
    views = [(s, v, s.catalog_name) for s, v in views_in_order(snapshots)]
    return planned + _view_statements(views)


def views_in_order(snapshots: list[Snapshot]) -> list[tuple[Snapshot, CatalogView]]:
    """The views of all ``snapshots``, each after the views it reads, in whichever catalog;
    otherwise in snapshot order (so one snapshot keeps its own order)."""
    entries = [(s, v) for s in snapshots for v in s.views]
    index = {v.identifier: i for i, (_, v) in enumerate(entries)}

    def needs(i: int) -> Iterable[int]:
        return (index[r] for r in relations_read(entries[i][1].expanded_query) if r in index)

    ordered = dependency_order(range(len(entries)), needs)
    return [entries[i] for i in ordered]


def _view_statements(views: list[tuple[Snapshot, CatalogView, str]]) -> list[PlannedStatement]:
    """``CREATE VIEW`` of each (snapshot, view, target catalog), in the given order."""
    planned: list[PlannedStatement] = []
    current: tuple[str, str] | None = None
    for snapshot, view, catalog in views:
        # a view's query may call functions by their short names, resolved in its database
        if (catalog, view.identifier.database) != current:
            current = (catalog, view.identifier.database)
            database = view.identifier.database
            for sql in (
                f"USE CATALOG {quote_identifier(catalog)}",
                f"USE {quote_identifier(database)}",
            ):
                planned.append(PlannedStatement("use", database, sql, catalog))
        planned.append(
            PlannedStatement(
                "view",
                short_name(view.identifier),
                _create_view(view, catalog, snapshot.catalog_name),
                catalog,
                ObjectIdentifier(catalog, view.identifier.database, view.identifier.name),
            )
        )
    return planned


def short_name(identifier: ObjectIdentifier) -> str:
    """``database.name`` as reports and diffs name an object, a part quoted (as an identifier)
    where it is empty or holds a dot, a backtick, a space or another unprintable character, so
    that no two objects of a catalog share one (database ``a.b`` with ``c``, database ``a``
    with ``b.c``)."""

    def part(name: str) -> str:
        plain = name and name.isprintable() and not any(c in name for c in ". `")
        return name if plain else quote_identifier(name)

    return f"{part(identifier.database)}.{part(identifier.name)}"


def _with(options: dict[str, str]) -> str:
    lines = [f"  {quote_string(k)} = {quote_string(options[k])}" for k in sorted(options)]
    return "WITH (\n" + ",\n".join(lines) + "\n)\n"


def _moved_table(table: CatalogTable, catalog: str) -> CatalogTable:
    identifier = ObjectIdentifier(catalog, table.identifier.database, table.identifier.name)
    return replace(table, identifier=identifier)


def create_table_statement(table: CatalogTable) -> str:
    """``CREATE TABLE`` that re-creates ``table`` exactly. It is SHOW CREATE TABLE's text
    except where Flink cannot read that text back or loses something: an empty comment is kept
    (``COMMENT ''``), a zero-length string type is written as declared (``CHAR(0)``, which
    SHOW CREATE TABLE cannot print), a table without columns has no parentheses (Flink
    rejects ``()``), and a computed column's or the watermark's expression is written as
    :func:`recreating_expression` writes it."""
    lines = [column_clause(c) for c in table.columns] + render.constraint_lines(
        table, recreating_expression
    )
    text = f"CREATE TABLE {table.identifier.quoted()}"
    if lines:
        text += " (\n" + ",\n".join(f"  {line}" for line in lines) + "\n)"
    text += "\n"
    if table.comment is not None:
        text += f"COMMENT {quote_string(table.comment)}\n"
    if table.distribution is not None:
        text += f"{table.distribution.sql()}\n"
    if table.partition_keys:
        text += f"PARTITIONED BY ({', '.join(quote_identifier(k) for k in table.partition_keys)})\n"
    if table.options:
        text += _with(table.options)
    return text.rstrip("\n")


# Flink keeps FLOOR(LOCALTIMESTAMP() TO DAY) as FLOOR((LOCALTIMESTAMP) TO DAY), which it
# reads again as FLOOR(LOCALTIMESTAMP TO DAY)
_ENCLOSED_NILADIC = re.compile(rf"\b(FLOOR|CEIL)\(\(({'|'.join(NILADIC)})\) TO ")


def recreating_expression(text: str) -> str:
    """A computed column's or watermark's kept text as DDL that Flink keeps as it is: a string
    of characters outside printable ASCII plain (``'ä'``: Flink keeps it ``u&'\\00e4'``, but
    keeps ``u&'\\00e4'`` read again as ``_UTF16'ä'``), and FLOOR or CEIL of an enclosed niladic
    call with its parentheses (``FLOOR(LOCALTIMESTAMP() TO DAY)``)."""
    return respell_strings(text, None, lambda run: _ENCLOSED_NILADIC.sub(r"\1(\2() TO ", run))


def column_clause(column: Column) -> str:
    """A column as CREATE TABLE (and ALTER TABLE ADD/MODIFY) declares it."""
    text = quote_identifier(column.name)
    if column.kind == ColumnKind.COMPUTED:
        text += f" AS {recreating_expression(column.expression or '')}"
    else:
        text += f" {type_text(column.data_type)}"
        if not column.data_type.nullable:
            text += " NOT NULL"
    if column.kind == ColumnKind.METADATA:
        text += " METADATA"
        if column.metadata_key is not None:
            text += f" FROM {quote_string(column.metadata_key)}"
        if column.virtual:
            text += " VIRTUAL"
    if column.comment is not None:
        text += f" COMMENT {quote_string(column.comment)}"
    return text


def create_view_statement(view: CatalogView) -> str:
    """``CREATE VIEW`` that re-creates ``view`` where it is: its column names, its comment
    and its expanded query (names resolved as the view stores them)."""
    return _create_view(view, view.identifier.catalog, view.identifier.catalog)


def _create_view(view: CatalogView, catalog: str, old_catalog: str) -> str:
    identifier = ObjectIdentifier(catalog, view.identifier.database, view.identifier.name)
    text = f"CREATE VIEW {identifier.quoted()}"
    if view.columns:
        text += " (" + ", ".join(quote_identifier(c.name) for c in view.columns) + ")"
    text += "\n"
    if view.comment is not None:
        text += f"COMMENT {quote_string(view.comment)}\n"
    return text + "AS " + runnable_query(retarget(view.expanded_query, old_catalog, catalog))


def init_script(snapshots: Iterable[Snapshot], secrets: list[dict[str, Any]] | None = None) -> str:
    """A script for ``sql-client.sh -i init.sql`` that re-creates the catalogs."""
    lines = [
        "-- Flink SQL init script written by the catalog dashboard (Flink " + FLINK_VERSION + ").",
        "-- Run it with: sql-client.sh -i init.sql",
    ]
    if secrets:
        lines.append("-- Replace these placeholders before running it (secret option values):")
        lines += [f"--   ${{{s['variable']}}}" for s in secrets]
    text = "\n".join(lines) + "\n"
    snapshots = list(snapshots)
    in_views = False
    for statement in init_statements(snapshots):
        if statement.kind == "catalog":
            text += f"\n-- catalog {quote_in_comment(statement.catalog)}\n"
        elif statement.kind == "use" and not in_views:
            in_views = True
            if len(snapshots) > 1:
                text += "\n-- the views of every catalog, each after what it reads\n"
        text += statement.sql + ";\n\n" if statement.kind != "use" else statement.sql + ";\n"
    return text
