"""Catalog snapshots in the flink-sql-bootstrap JSON format (pure: no Django).

A snapshot is ``{"version": 1, "snapshotId", "catalogName", "databaseName", "flinkVersion",
"createdAt", ..., "tables": [...], "views": [...], "udfs": [...]}``. The bootstrap loader ignores
unknown fields, so the dashboard writes a few more that make a snapshot complete and loadable
with schemas: every view's ``columns``, the catalog's ``catalogComment``/``catalogOptions``, the
``databases`` with their comments, each function's ``jars``/``returnType``/``artifact``, and
``secrets`` (the option values replaced by ``${VARIABLE}`` placeholders).

Writing is streamed (:class:`SnapshotWriter`), one object at a time, and gives exactly the bytes
of ``json.dumps(document, indent=2, ensure_ascii=False) + "\\n"``: the same catalog always gives
the same bytes, apart from ``snapshotId`` and ``createdAt``.

Reading (:func:`parse_snapshot`) validates everything a loader would trip over and names the
object and the field of each problem; :func:`import_statements` turns a snapshot into the Flink
SQL statements that re-create it, in dependency order (also the init script for the SQL client).
"""

from __future__ import annotations

import difflib
import heapq
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TextIO

from . import render
from .catalog import (
    CatalogFunction,
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
    PrimaryKey,
    Watermark,
    function_identifier,
    function_name,
    quote_identifier,
    quote_string,
)
from .errors import FlinkSqlError
from .lineage import columns_read
from .quoting import quote_in_comment
from .secrets import MASK, is_secret
from .statements import ColumnKind
from .types import DataType, parse_type

FORMAT_VERSION = 1
FLINK_VERSION = "2.3.0"
SNAPSHOT_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$")
LANGUAGES = ("JAVA", "SCALA", "PYTHON")

Document = dict[str, Any]


def new_snapshot_id(now: datetime, suffix: str) -> str:
    """``YYYYMMDD-HHMMSS-<4 hex>``."""
    if not re.fullmatch(r"[0-9a-f]{4}", suffix):
        raise ValueError(f"snapshot id suffix must be 4 hex digits, not {suffix!r}")
    return f"{now:%Y%m%d-%H%M%S}-{suffix}"


def is_snapshot_id(text: str) -> bool:
    return bool(SNAPSHOT_ID.match(text))


# -- secrets ----------------------------------------------------------------------------------
class SecretPlaceholders:
    """Replaces secret option values with ``${VARIABLE}`` and remembers which.

    The variable is named after where the option lives, e.g. ``properties.sasl.jaas.config`` of
    table ``shop.sales.orders`` becomes ``SHOP_SALES_ORDERS_PROPERTIES_SASL_JAAS_CONFIG``; a name
    that two options would share gets ``_2``, ``_3``.
    """

    def __init__(self, catalog: str) -> None:
        self.catalog = catalog
        self.entries: list[dict[str, str | None]] = []
        self._used: set[str] = set()

    def options(
        self, database: str | None, name: str | None, options: dict[str, str]
    ) -> dict[str, str]:
        """The options sorted by key, secret values replaced unless secrets are included."""
        result = {}
        for key in sorted(options):
            value = options[key]
            if is_secret(key) and _is_placeholder(value):
                # already a placeholder (a snapshot imported earlier): listed again, unchanged
                variable = value[2:-1]
                self._used.add(variable)
                self.entries.append(
                    {"variable": variable, "database": database, "object": name, "option": key}
                )
            elif is_secret(key):
                variable = self._variable([self.catalog, database, name, key])
                self.entries.append(
                    {"variable": variable, "database": database, "object": name, "option": key}
                )
                value = "${" + variable + "}"
            result[key] = value
        return result

    def _variable(self, parts: list[str | None]) -> str:
        text = "_".join(p for p in parts if p)
        base = re.sub(r"[^A-Z0-9]+", "_", text.upper()).strip("_") or "SECRET"
        if base[0].isdigit():
            base = "_" + base
        variable, count = base, 1
        while variable in self._used:
            count += 1
            variable = f"{base}_{count}"
        self._used.add(variable)
        return variable


def _is_placeholder(value: str) -> bool:
    return bool(re.fullmatch(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}", value))


# -- objects to JSON entries ------------------------------------------------------------------
def _type_text(data_type: DataType) -> str:
    try:
        return data_type.with_nullable(True).serializable()
    except FlinkSqlError:  # zero-length strings have no serializable form
        return data_type.summary_without_nullability()


def column_entry(column: Column) -> dict[str, Any]:
    computed = column.kind == ColumnKind.COMPUTED
    metadata = column.kind == ColumnKind.METADATA
    return {
        "name": column.name,
        "type": _type_text(column.data_type),
        "nullable": column.data_type.nullable,
        "comment": column.comment,
        "isComputed": computed,
        "computedExpr": column.expression if computed else None,
        "isMetadata": metadata,
        "metadataKey": column.metadata_key if metadata else None,
        "virtual": column.virtual if metadata else False,
    }


def table_entry(table: CatalogTable, secrets: SecretPlaceholders) -> dict[str, Any]:
    identifier = table.identifier
    watermark = None
    if table.watermark is not None:
        watermark = {
            "rowtimeColumn": table.watermark.rowtime_attribute,
            "expression": table.watermark.expression,
        }
    primary_key = None
    if table.primary_key is not None:
        primary_key = {
            "constraintName": table.primary_key.name,
            "columnNames": list(table.primary_key.columns),
            "enforced": False,
        }
    return {
        "database": identifier.database,
        "name": identifier.name,
        "comment": table.comment,
        "columns": [column_entry(c) for c in table.columns],
        "watermark": watermark,
        "primaryKey": primary_key,
        "partitionKeys": list(table.partition_keys),
        "options": secrets.options(identifier.database, identifier.name, table.options),
    }


def view_entry(view: CatalogView) -> dict[str, Any]:
    return {
        "database": view.identifier.database,
        "name": view.identifier.name,
        "comment": view.comment,
        "expandedQuery": view.expanded_query,
        "columns": [
            {
                "name": c.name,
                "type": _type_text(c.data_type),
                "nullable": c.data_type.nullable,
                "timeAttribute": c.data_type.time_attribute,
            }
            for c in view.columns
        ],
    }


def udf_entry(
    function: CatalogFunction, return_type: str | None = None, artifact: str | None = None
) -> dict[str, Any]:
    """A function. Flink's catalog does not know a function's kind, so ``kind`` stays null;
    ``jarRef`` is its first jar, else the artifact holding its code."""
    jar_ref = function.jars[0] if function.jars else artifact
    return {
        "database": function.identifier.database,
        "name": function.identifier.name,
        "kind": None,
        "className": function.class_name,
        "description": None,
        "functionLanguage": function.language,
        "jarRef": jar_ref,
        "jars": list(function.jars),
        "returnType": return_type,
        "artifact": artifact,
    }


def database_entry(name: str, comment: str | None, properties: dict[str, str]) -> dict[str, Any]:
    return {"name": name, "comment": comment, "properties": dict(sorted(properties.items()))}


def header(
    snapshot_id: str,
    catalog_name: str,
    database_name: str,
    created_at: int,
    catalog_comment: str | None,
    catalog_options: dict[str, str],
    databases: list[dict[str, Any]],
) -> Document:
    return {
        "version": FORMAT_VERSION,
        "snapshotId": snapshot_id,
        "catalogName": catalog_name,
        "databaseName": database_name,
        "flinkVersion": FLINK_VERSION,
        "createdAt": created_at,
        "catalogComment": catalog_comment,
        "catalogOptions": catalog_options,
        "databases": databases,
    }


# -- writing ----------------------------------------------------------------------------------
def dumps(document: Document) -> str:
    """The snapshot text of a whole document (what :class:`SnapshotWriter` streams)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _nested(value: Any, level: int) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * level)


class SnapshotWriter:
    """Writes a snapshot to ``out`` one object at a time: tables, then views, then functions."""

    SECTIONS = ("tables", "views", "udfs")

    def __init__(self, out: TextIO, head: Document) -> None:
        self.out = out
        out.write("{\n")
        for key, value in head.items():
            out.write(f"  {json.dumps(key)}: {_nested(value, 1)},\n")
        self._section = -1
        self._count = 0

    def _enter(self, index: int) -> None:
        if index < self._section:
            raise ValueError(f"{self.SECTIONS[index]} must be written before later sections")
        while self._section < index:
            self._close_section()
            self._section += 1
            self.out.write(f'  "{self.SECTIONS[self._section]}": [')
            self._count = 0

    def _close_section(self) -> None:
        if self._section < 0:
            return
        self.out.write("\n  ],\n" if self._count else "],\n")

    def _item(self, index: int, entry: dict[str, Any]) -> None:
        self._enter(index)
        self.out.write(",\n    " if self._count else "\n    ")
        self.out.write(_nested(entry, 2))
        self._count += 1

    def table(self, entry: dict[str, Any]) -> None:
        self._item(0, entry)

    def view(self, entry: dict[str, Any]) -> None:
        self._item(1, entry)

    def udf(self, entry: dict[str, Any]) -> None:
        self._item(2, entry)

    def close(self, secrets: list[dict[str, str | None]]) -> None:
        self._enter(2)
        self._close_section()
        self.out.write(f'  "secrets": {_nested(secrets, 1)}\n}}\n')


# -- view order -------------------------------------------------------------------------------
def reads(catalog: str, expanded_query: str) -> set[tuple[str, str]]:
    """``(database, name)`` of the tables and views of ``catalog`` a view query reads."""
    return {(i.database, i.name) for i in relations_read(expanded_query) if i.catalog == catalog}


def order_views(catalog: str, views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Views by (database, name), each after the views of the snapshot it reads."""
    by_key = {(v["database"], v["name"]): v for v in views}
    needs = {
        key: {r for r in reads(catalog, v.get("expandedQuery") or "") if r in by_key and r != key}
        for key, v in by_key.items()
    }
    readers: dict[tuple[str, str], list[tuple[str, str]]] = {key: [] for key in by_key}
    for key, targets in needs.items():
        for target in targets:
            readers[target].append(key)
    waiting = {key: len(targets) for key, targets in needs.items()}
    ready = [key for key, count in waiting.items() if count == 0]
    heapq.heapify(ready)
    ordered = []
    while ready:
        key = heapq.heappop(ready)
        ordered.append(by_key[key])
        for reader in readers[key]:
            waiting[reader] -= 1
            if waiting[reader] == 0:
                heapq.heappush(ready, reader)
    done = {(v["database"], v["name"]) for v in ordered}
    # a cycle cannot be stored by the executor; if one is there, keep the rest in name order
    ordered += [by_key[key] for key in sorted(by_key) if key not in done]
    return ordered


# -- reading ----------------------------------------------------------------------------------
class SnapshotInvalid(ValueError):
    """A snapshot that cannot be loaded; ``errors`` name the object and the field of each."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass
class Snapshot:
    """A validated snapshot: the document and the catalog objects it describes."""

    document: Document
    catalog_name: str
    database_name: str
    databases: list[dict[str, Any]]
    tables: list[CatalogTable]
    views: list[CatalogView]
    functions: list[tuple[CatalogFunction, dict[str, Any]]]
    catalog_comment: str | None = None
    catalog_options: dict[str, str] = field(default_factory=dict)

    @property
    def snapshot_id(self) -> str:
        return str(self.document.get("snapshotId") or "")


def parse_snapshot(data: bytes | str, load: Callable[[str], Any] = json.loads) -> Snapshot:
    """Read and validate a snapshot file; :class:`SnapshotInvalid` lists every problem.
    ``load`` reads the JSON text (the dashboard's bounds its nesting)."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        document = load(text)
    except UnicodeDecodeError:
        raise SnapshotInvalid(["The file is not UTF-8 text."]) from None
    except json.JSONDecodeError as exc:
        raise SnapshotInvalid(
            [f"Not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."]
        ) from None
    return validate(document)


def validate(document: Any) -> Snapshot:
    errors: list[str] = []
    if not isinstance(document, dict):
        raise SnapshotInvalid(["A snapshot is a JSON object, not " + _kind(document) + "."])
    if document.get("version") != FORMAT_VERSION:
        errors.append(f"version: expected {FORMAT_VERSION}, found {document.get('version')!r}.")
    catalog = document.get("catalogName")
    if not isinstance(catalog, str) or not catalog:
        errors.append("catalogName: missing or not a non-empty string.")
        catalog = ""
    default_database = document.get("databaseName")
    if not isinstance(default_database, str) or not default_database:
        errors.append("databaseName: missing or not a non-empty string.")
        default_database = ""
    for key in ("tables", "views", "udfs"):
        if key not in document:
            errors.append(f"{key}: missing; a snapshot always has the arrays tables, views, udfs.")
        elif not isinstance(document[key], list):
            errors.append(f"{key}: must be an array, not {_kind(document[key])}.")
    if errors:
        raise SnapshotInvalid(errors)
    catalog_options = _string_map(document.get("catalogOptions") or {}, "catalogOptions", errors)
    catalog_comment = _optional_string(document.get("catalogComment"), "catalogComment", errors)
    databases = _databases(document, default_database, errors)
    names: dict[tuple[str, str], str] = {}
    tables = [
        t
        for i, entry in enumerate(document["tables"])
        if (t := _table(catalog, default_database, i, entry, names, errors)) is not None
    ]
    views = [
        v
        for i, entry in enumerate(document["views"])
        if (v := _view(catalog, default_database, i, entry, names, errors)) is not None
    ]
    function_names: dict[tuple[str, str], str] = {}
    functions = [
        f
        for i, entry in enumerate(document["udfs"])
        if (f := _function(catalog, default_database, i, entry, function_names, errors)) is not None
    ]
    known = {d["name"] for d in databases}
    for obj in [*tables, *views, *(f for f, _ in functions)]:
        if obj.identifier.database not in known:
            known.add(obj.identifier.database)
            databases.append(database_entry(obj.identifier.database, None, {}))
    if errors:
        raise SnapshotInvalid(errors)
    return Snapshot(
        document,
        catalog,
        default_database,
        databases,
        tables,
        views,
        functions,
        catalog_comment,
        catalog_options,
    )


def _kind(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}.get(
        type(value), "null" if value is None else "a number"
    )


def _optional_string(value: Any, where: str, errors: list[str]) -> str | None:
    if value is not None and not isinstance(value, str):
        errors.append(f"{where}: must be a string or null, not {_kind(value)}.")
        return None
    return value


def _string_map(value: Any, where: str, errors: list[str]) -> dict[str, str]:
    if not isinstance(value, dict):
        errors.append(f"{where}: must be an object of string values, not {_kind(value)}.")
        return {}
    result = {}
    for key, item in value.items():
        if not isinstance(item, str):
            errors.append(f"{where}: value of '{key}' must be a string, not {_kind(item)}.")
        else:
            result[key] = item
    return result


def _databases(document: Document, default: str, errors: list[str]) -> list[dict[str, Any]]:
    entries = document.get("databases")
    if entries is None:
        return [database_entry(default, None, {})]
    if not isinstance(entries, list):
        errors.append(f"databases: must be an array, not {_kind(entries)}.")
        return []
    result: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        where = f"databases[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            errors.append(f"{where}: must be an object with a string 'name'.")
            continue
        name = entry["name"]
        where = f"{where} ({name})"
        if name in seen:
            errors.append(f"{where}: name: duplicate database name '{name}'.")
            continue
        seen.add(name)
        comment = _optional_string(entry.get("comment"), f"{where}: comment", errors)
        properties = _string_map(entry.get("properties") or {}, f"{where}: properties", errors)
        result.append(database_entry(name, comment, properties))
    return result


def _object_name(
    kind: str, index: int, entry: Any, default: str, errors: list[str]
) -> tuple[str, str, str] | None:
    """(database, name, where) of an entry, or None after recording why not."""
    where = f"{kind}[{index}]"
    if not isinstance(entry, dict):
        errors.append(f"{where}: must be an object, not {_kind(entry)}.")
        return None
    name = entry.get("name")
    database = entry.get("database")
    if database is None:
        database = default
    if not isinstance(name, str) or not name:
        errors.append(f"{where}: name: missing or not a non-empty string.")
        return None
    if not isinstance(database, str) or not database:
        errors.append(f"{where} ({name}): database: not a non-empty string.")
        return None
    return database, name, f"{where} ({database}.{name})"


def _claim(
    names: dict[tuple[str, str], str],
    key: tuple[str, str],
    where: str,
    errors: list[str],
    what: str = "table or view",
) -> bool:
    if key in names:
        errors.append(
            f"{where}: name: duplicate {what} name '{key[0]}.{key[1]}' (also {names[key]})."
        )
        return False
    names[key] = where.split(" ")[0]
    return True


def _type(text: Any, where: str, errors: list[str], ddl: bool = True) -> DataType | None:
    """The type of a column; ``ddl=False`` for types Flink derives (of computed columns and
    view columns), which may be INTERVAL or NULL types that no DDL can declare."""
    if not isinstance(text, str) or not text.strip():
        errors.append(f"{where}: type: missing or not a string.")
        return None
    try:
        return parse_type(text, ddl=ddl)
    except FlinkSqlError as exc:
        errors.append(f"{where}: type: '{text}' is not a Flink type: {exc.message}")
        return None


def _table(
    catalog: str,
    default: str,
    index: int,
    entry: Any,
    names: dict[tuple[str, str], str],
    errors: list[str],
) -> CatalogTable | None:
    found = _object_name("tables", index, entry, default, errors)
    if found is None:
        return None
    database, name, where = found
    count = len(errors)
    _claim(names, (database, name), where, errors)
    raw_columns = entry.get("columns")
    if not isinstance(raw_columns, list):  # empty is fine: Flink creates a table without columns
        errors.append(f"{where}: columns: must be an array.")
        raw_columns = []
    columns: list[Column] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_columns):
        column = _column(raw, f"{where}: columns[{i}]", seen, errors)
        if column is not None:
            columns.append(column)
    watermark = None
    raw_watermark = entry.get("watermark")
    if raw_watermark is not None:
        if not isinstance(raw_watermark, dict):
            errors.append(f"{where}: watermark: must be an object or null.")
        else:
            rowtime = raw_watermark.get("rowtimeColumn")
            expression = raw_watermark.get("expression")
            if rowtime not in seen:
                errors.append(
                    f"{where}: watermark.rowtimeColumn: '{rowtime}' is not a column of the table."
                )
            if not isinstance(expression, str) or not expression.strip():
                errors.append(f"{where}: watermark.expression: missing or not a string.")
            else:
                watermark = Watermark(str(rowtime), expression)
    primary_key = None
    raw_key = entry.get("primaryKey")
    if raw_key is not None:
        key_columns = raw_key.get("columnNames") if isinstance(raw_key, dict) else None
        if not isinstance(key_columns, list) or not key_columns:
            errors.append(f"{where}: primaryKey.columnNames: must be a non-empty array.")
        else:
            for column_name in key_columns:
                if column_name not in seen:
                    errors.append(
                        f"{where}: primaryKey.columnNames: '{column_name}' is not a column of "
                        "the table."
                    )
            constraint = raw_key.get("constraintName") or "PK_" + "_".join(map(str, key_columns))
            primary_key = PrimaryKey(str(constraint), tuple(str(c) for c in key_columns))
            if raw_key.get("enforced"):
                errors.append(
                    f"{where}: primaryKey.enforced: Flink supports only NOT ENFORCED primary keys."
                )
    partition_keys = entry.get("partitionKeys") or []
    if not isinstance(partition_keys, list):
        errors.append(f"{where}: partitionKeys: must be an array.")
        partition_keys = []
    for key in partition_keys:
        if key not in seen:
            errors.append(f"{where}: partitionKeys: '{key}' is not a column of the table.")
    comment = _optional_string(entry.get("comment"), f"{where}: comment", errors)
    options = _string_map(entry.get("options") or {}, f"{where}: options", errors)
    if len(errors) > count:
        return None
    if primary_key is not None:  # a primary key's columns are NOT NULL
        columns = [
            Column(
                c.name,
                c.data_type.with_nullable(False),
                c.kind,
                c.comment,
                c.expression,
                c.metadata_key,
                c.virtual,
            )
            if c.name in primary_key.columns
            else c
            for c in columns
        ]
    return CatalogTable(
        ObjectIdentifier(catalog, database, name),
        columns,
        watermark,
        primary_key,
        [str(k) for k in partition_keys],
        comment,
        options,
    )


def _column(raw: Any, where: str, seen: set[str], errors: list[str]) -> Column | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
        errors.append(f"{where}: must be an object with a non-empty string 'name'.")
        return None
    name = raw["name"]
    where = f"{where} ({name})"
    if name in seen:
        errors.append(f"{where}: name: duplicate column name '{name}'.")
        return None
    seen.add(name)
    comment = _optional_string(raw.get("comment"), f"{where}: comment", errors)
    nullable = raw.get("nullable", True)
    if not isinstance(nullable, bool):
        errors.append(f"{where}: nullable: must be true or false.")
        nullable = True
    if raw.get("isComputed"):
        expression = raw.get("computedExpr")
        if not isinstance(expression, str) or not expression.strip():
            errors.append(f"{where}: computedExpr: a computed column needs its expression.")
            return None
        data_type = _derived_type(raw.get("type"))
        return Column(
            name,
            (data_type or parse_type("STRING")).with_nullable(nullable),
            ColumnKind.COMPUTED,
            comment,
            expression,
        )
    data_type = _type(raw.get("type"), where, errors)
    if data_type is None:
        return None
    data_type = data_type.with_nullable(nullable and data_type.nullable)
    if raw.get("isMetadata"):
        key = raw.get("metadataKey")
        if key is not None and not isinstance(key, str):
            errors.append(f"{where}: metadataKey: must be a string or null.")
            return None
        return Column(
            name, data_type, ColumnKind.METADATA, comment, None, key, bool(raw.get("virtual"))
        )
    return Column(name, data_type, ColumnKind.PHYSICAL, comment)


def _derived_type(text: Any) -> DataType | None:
    """A computed column's type as written, or None: Flink derives it again from the
    expression, so a loader does not need it."""
    if not isinstance(text, str):
        return None
    try:
        return parse_type(text, ddl=False)
    except FlinkSqlError:
        return None


def _view(
    catalog: str,
    default: str,
    index: int,
    entry: Any,
    names: dict[tuple[str, str], str],
    errors: list[str],
) -> CatalogView | None:
    found = _object_name("views", index, entry, default, errors)
    if found is None:
        return None
    database, name, where = found
    count = len(errors)
    _claim(names, (database, name), where, errors)
    query = entry.get("expandedQuery")
    if not isinstance(query, str) or not query.strip():
        errors.append(f"{where}: expandedQuery: missing or not a string.")
    comment = _optional_string(entry.get("comment"), f"{where}: comment", errors)
    columns: list[Column] = []
    raw_columns = entry.get("columns")
    if raw_columns is not None and not isinstance(raw_columns, list):
        errors.append(f"{where}: columns: must be an array.")
        raw_columns = None
    seen: set[str] = set()
    for i, raw in enumerate(raw_columns or []):
        column_where = f"{where}: columns[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            errors.append(f"{column_where}: must be an object with a string 'name'.")
            continue
        column_where += f" ({raw['name']})"
        if raw["name"] in seen:
            errors.append(f"{column_where}: name: duplicate column name '{raw['name']}'.")
            continue
        seen.add(raw["name"])
        data_type = _type(raw.get("type"), column_where, errors, ddl=False)
        if data_type is None:
            continue
        nullable = raw.get("nullable", True) is not False
        data_type = data_type.with_nullable(nullable)
        time_attribute = raw.get("timeAttribute")
        if time_attribute is not None:
            try:
                data_type = data_type.with_time_attribute(time_attribute)
            except ValueError as exc:
                errors.append(f"{column_where}: timeAttribute: {exc}.")
                continue
        columns.append(Column(raw["name"], data_type))
    if len(errors) > count:
        return None
    return CatalogView(
        ObjectIdentifier(catalog, database, name), columns, str(query), str(query), comment
    )


def _function(
    catalog: str,
    default: str,
    index: int,
    entry: Any,
    names: dict[tuple[str, str], str],
    errors: list[str],
) -> tuple[CatalogFunction, dict[str, Any]] | None:
    found = _object_name("udfs", index, entry, default, errors)
    if found is None:
        return None
    database, name, where = found
    count = len(errors)
    _claim(names, (database, function_name(name)), where, errors, "function")
    class_name = entry.get("className")
    if not isinstance(class_name, str) or not class_name.strip():
        errors.append(f"{where}: className: missing or not a string.")
    language = entry.get("functionLanguage") or "JAVA"
    if not isinstance(language, str) or language.upper() not in LANGUAGES:
        errors.append(f"{where}: functionLanguage: '{language}' is not one of JAVA, SCALA, PYTHON.")
        language = "JAVA"
    jars = entry.get("jars")
    if jars is None:
        jar_ref = entry.get("jarRef")
        jars = (
            [jar_ref] if isinstance(jar_ref, str) and jar_ref and not entry.get("artifact") else []
        )
    if not isinstance(jars, list) or not all(isinstance(j, str) for j in jars):
        errors.append(f"{where}: jars: must be an array of strings.")
        jars = []
    if language.upper() == "PYTHON" and jars:
        errors.append(f"{where}: jarRef: a PYTHON function cannot be loaded from a jar.")
    extras = {
        "returnType": entry.get("returnType"),
        "artifact": entry.get("artifact"),
    }
    if extras["returnType"] is not None:
        _type(extras["returnType"], f"{where}: returnType", errors)
    if len(errors) > count:
        return None
    identifier = function_identifier(catalog, database, name)
    return CatalogFunction(identifier, str(class_name), language.upper(), list(jars)), extras


# -- statements -------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlannedStatement:
    """One statement of an import or an init script, and the snapshot object it creates."""

    kind: str  # catalog, database, table, function, use, view
    name: str  # what it creates, e.g. sales.orders
    sql: str
    catalog: str = ""  # the catalog it creates the object in


def retarget(query: str, old: str, new: str) -> str:
    """A view query with the fully qualified names of catalog ``old`` moved to ``new``."""
    if old == new:
        return query
    return query.replace(quote_identifier(old) + ".", quote_identifier(new) + ".")


def import_statements(
    snapshot: Snapshot, catalog: str, create_catalog: bool, views: bool = True
) -> list[PlannedStatement]:
    """The statements that create the snapshot's objects in ``catalog``, in dependency order:
    the catalog, databases, tables, functions, then (unless ``views`` is false) views after
    what they read."""
    planned: list[PlannedStatement] = []
    if create_catalog:
        # the catalog's own options, as they were; a snapshot without them (written by
        # another tool) gets an in-memory catalog whose default database is the snapshot's
        options = dict(snapshot.catalog_options) or {
            "type": "generic_in_memory",
            "default-database": snapshot.database_name,
        }
        text = f"CREATE CATALOG {quote_identifier(catalog)}\n"
        if snapshot.catalog_comment is not None:
            text += f"COMMENT {quote_string(snapshot.catalog_comment)}\n"
        text += _with(options)
        planned.append(PlannedStatement("catalog", catalog, text.rstrip("\n"), catalog))
    for database in snapshot.databases:
        text = render.create_database(
            catalog, database["name"], database["comment"], database["properties"]
        ).replace("CREATE DATABASE ", "CREATE DATABASE IF NOT EXISTS ", 1)
        planned.append(PlannedStatement("database", database["name"], text.rstrip("\n"), catalog))
    for table in snapshot.tables:
        moved = _moved_table(table, catalog)
        planned.append(
            PlannedStatement(
                "table", _short(table.identifier), create_table_statement(moved), catalog
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
                _short(function.identifier),
                render.create_function(moved_function).rstrip("\n"),
                catalog,
            )
        )
    if views:
        planned += _view_statements([(snapshot, v, catalog) for v in snapshot.views])
    return planned


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
    readers: list[list[int]] = [[] for _ in entries]
    waiting = []
    for i, (_, view) in enumerate(entries):
        needed = {index[r] for r in relations_read(view.expanded_query) if r in index} - {i}
        waiting.append(len(needed))
        for target in needed:
            readers[target].append(i)
    ready = [i for i, count in enumerate(waiting) if count == 0]
    heapq.heapify(ready)
    ordered: list[int] = []
    while ready:
        i = heapq.heappop(ready)
        ordered.append(i)
        for reader in readers[i]:
            waiting[reader] -= 1
            if waiting[reader] == 0:
                heapq.heappush(ready, reader)
    done = set(ordered)
    ordered += [i for i in range(len(entries)) if i not in done]  # a cycle: keep the rest
    return [entries[i] for i in ordered]


def relations_read(expanded_query: str) -> set[ObjectIdentifier]:
    """The fully qualified tables and views a view query reads, in any catalog."""
    try:
        return set(columns_read(expanded_query))
    except Exception:  # an unparsable query reads nothing we can name; the loader says why
        return set()


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
                _short(view.identifier),
                _create_view(view, catalog, snapshot.catalog_name),
                catalog,
            )
        )
    return planned


def _short(identifier: ObjectIdentifier) -> str:
    return f"{identifier.database}.{identifier.name}"


def _with(options: dict[str, str]) -> str:
    lines = [f"  {quote_string(k)} = {quote_string(options[k])}" for k in sorted(options)]
    return "WITH (\n" + ",\n".join(lines) + "\n)\n"


def _moved_table(table: CatalogTable, catalog: str) -> CatalogTable:
    identifier = ObjectIdentifier(catalog, table.identifier.database, table.identifier.name)
    return CatalogTable(
        identifier,
        table.columns,
        table.watermark,
        table.primary_key,
        table.partition_keys,
        table.comment,
        table.options,
    )


def create_table_statement(table: CatalogTable) -> str:
    """``CREATE TABLE`` that re-creates ``table`` exactly. It is SHOW CREATE TABLE's text
    except where Flink cannot read that text back or loses something: an empty comment is kept
    (``COMMENT ''``), a zero-length string type is written as declared (``CHAR(0)``, which
    SHOW CREATE TABLE cannot print), and a table without columns has no parentheses (Flink
    rejects ``()``)."""
    lines = [_column_clause(c) for c in table.columns] + render.constraint_lines(table)
    text = f"CREATE TABLE {table.identifier.quoted()}"
    if lines:
        text += " (\n" + ",\n".join(f"  {line}" for line in lines) + "\n)"
    text += "\n"
    if table.comment is not None:
        text += f"COMMENT {quote_string(table.comment)}\n"
    if table.partition_keys:
        text += f"PARTITIONED BY ({', '.join(quote_identifier(k) for k in table.partition_keys)})\n"
    if table.options:
        text += _with(table.options)
    return text.rstrip("\n")


def _column_clause(column: Column) -> str:
    text = quote_identifier(column.name)
    if column.kind == ColumnKind.COMPUTED:
        text += f" AS {column.expression}"
    else:
        text += f" {_type_text(column.data_type)}"
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


def _create_view(view: CatalogView, catalog: str, old_catalog: str) -> str:
    identifier = ObjectIdentifier(catalog, view.identifier.database, view.identifier.name)
    text = f"CREATE VIEW {identifier.quoted()}"
    if view.columns:
        text += " (" + ", ".join(quote_identifier(c.name) for c in view.columns) + ")"
    text += "\n"
    if view.comment is not None:
        text += f"COMMENT {quote_string(view.comment)}\n"
    return text + "AS " + retarget(view.expanded_query, old_catalog, catalog)


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


# -- diff -------------------------------------------------------------------------------------
@dataclass
class ObjectDiff:
    kind: str  # database, table, view, udf
    database: str
    name: str
    change: str  # added, removed, changed
    columns_added: list[str] = field(default_factory=list)
    columns_removed: list[str] = field(default_factory=list)
    columns_retyped: list[tuple[str, str, str]] = field(default_factory=list)
    options: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    other: list[str] = field(default_factory=list)
    query_diff: list[str] = field(default_factory=list)
    breaking: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.database}.{self.name}" if self.name else self.database


@dataclass
class SnapshotDiff:
    old_label: str
    new_label: str
    objects: list[ObjectDiff]

    @property
    def breaking(self) -> list[str]:
        return [message for o in self.objects for message in o.breaking]

    def counts(self) -> dict[str, int]:
        result = {"added": 0, "removed": 0, "changed": 0}
        for o in self.objects:
            result[o.change] += 1
        return result

    def as_json(self) -> dict[str, Any]:
        return {
            "old": self.old_label,
            "new": self.new_label,
            "counts": self.counts(),
            "breaking": self.breaking,
            "objects": [o.__dict__ for o in self.objects],
        }


def _column_signature(column: dict[str, Any]) -> str:
    text = str(column.get("type"))
    if column.get("nullable") is False:
        text += " NOT NULL"
    return text


def _entries(document: Document, key: str) -> dict[tuple[str, str], dict[str, Any]]:
    default = document.get("databaseName") or ""
    result = {}
    for entry in document.get(key) or []:
        if isinstance(entry, dict):
            name = str(entry.get("name"))
            result[(str(entry.get("database") or default), name)] = entry
    return result


def _masked(key: str, value: str | None) -> str | None:
    if value is None or not is_secret(key) or _is_placeholder(value):
        return value
    return MASK


def diff_documents(
    old: Document, new: Document, old_label: str = "", new_label: str = ""
) -> SnapshotDiff:
    """What changed from ``old`` to ``new``: objects added, removed and changed, and the changes
    that break running jobs (a column removed or retyped, or a relation removed, that a view
    reads)."""
    objects: list[ObjectDiff] = []
    old_dbs = {d.get("name"): d for d in old.get("databases") or [] if isinstance(d, dict)}
    new_dbs = {d.get("name"): d for d in new.get("databases") or [] if isinstance(d, dict)}
    if old_dbs or new_dbs:
        for name in sorted(set(old_dbs) | set(new_dbs), key=str):
            if name not in new_dbs:
                objects.append(ObjectDiff("database", str(name), "", "removed"))
            elif name not in old_dbs:
                objects.append(ObjectDiff("database", str(name), "", "added"))
            elif old_dbs[name] != new_dbs[name]:
                objects.append(
                    ObjectDiff("database", str(name), "", "changed", other=["comment/properties"])
                )
    readers = _readers(old)
    for target, views in _readers(new).items():
        for view, columns in views.items():
            readers.setdefault(target, {}).setdefault(view, set()).update(columns)
    for kind, key in (("table", "tables"), ("view", "views"), ("udf", "udfs")):
        before, after = _entries(old, key), _entries(new, key)
        for ident in sorted(set(before) | set(after)):
            a, b = before.get(ident), after.get(ident)
            if b is None:
                diff = ObjectDiff(kind, ident[0], ident[1], "removed")
                for reader in readers.get(ident, {}):
                    if reader != ident:
                        diff.breaking.append(
                            f"{kind} {ident[0]}.{ident[1]} was removed; view "
                            f"{reader[0]}.{reader[1]} reads it."
                        )
                objects.append(diff)
            elif a is None:
                objects.append(ObjectDiff(kind, ident[0], ident[1], "added"))
            else:
                diff = _changed(kind, ident, a, b, readers.get(ident, {}))
                if diff is not None:
                    objects.append(diff)
    return SnapshotDiff(old_label, new_label, objects)


def _readers(document: Document) -> dict[tuple[str, str], dict[tuple[str, str], set[str]]]:
    """For each table or view, the views of ``document`` that read it and which columns."""
    catalog = document.get("catalogName") or ""
    result: dict[tuple[str, str], dict[tuple[str, str], set[str]]] = {}
    for key, view in _entries(document, "views").items():
        try:
            read = columns_read(view.get("expandedQuery") or "")
        except Exception:
            continue
        for identifier, columns in read.items():
            if identifier.catalog == catalog:
                target = (identifier.database, identifier.name)
                result.setdefault(target, {}).setdefault(key, set()).update(columns)
    return result


def _changed(
    kind: str,
    ident: tuple[str, str],
    a: dict[str, Any],
    b: dict[str, Any],
    readers: dict[tuple[str, str], set[str]],
) -> ObjectDiff | None:
    if a == b:
        return None
    diff = ObjectDiff(kind, ident[0], ident[1], "changed")
    if kind in ("table", "view"):
        old_columns = {c.get("name"): c for c in a.get("columns") or [] if isinstance(c, dict)}
        new_columns = {c.get("name"): c for c in b.get("columns") or [] if isinstance(c, dict)}
        diff.columns_removed = [str(n) for n in old_columns if n not in new_columns]
        diff.columns_added = [str(n) for n in new_columns if n not in old_columns]
        for name, column in old_columns.items():
            if name in new_columns:
                before, after = _column_signature(column), _column_signature(new_columns[name])
                if before != after:
                    diff.columns_retyped.append((str(name), before, after))
                elif column != new_columns[name]:
                    diff.other.append(f"column {name}")
        if [c for c in old_columns if c in new_columns] != [
            c for c in new_columns if c in old_columns
        ]:
            diff.other.append("column order")
        affected = set(diff.columns_removed) | {c for c, _, _ in diff.columns_retyped}
        for reader, columns in sorted(readers.items()):
            hit = sorted(affected & columns)
            if hit and reader != ident:
                verb = "removed or retyped"
                diff.breaking.append(
                    f"{kind} {ident[0]}.{ident[1]}: column(s) {', '.join(hit)} {verb}; view "
                    f"{reader[0]}.{reader[1]} reads them."
                )
    if kind == "table":
        old_options, new_options = a.get("options") or {}, b.get("options") or {}
        for key in sorted(set(old_options) | set(new_options)):
            if old_options.get(key) != new_options.get(key):
                diff.options.append(
                    (
                        key,
                        _masked(key, old_options.get(key)),
                        _masked(key, new_options.get(key)),
                    )
                )
        for key, label in (
            ("watermark", "watermark"),
            ("primaryKey", "primary key"),
            ("partitionKeys", "partition keys"),
            ("comment", "comment"),
        ):
            if a.get(key) != b.get(key):
                diff.other.append(label)
    elif kind == "view":
        if a.get("expandedQuery") != b.get("expandedQuery"):
            diff.query_diff = list(
                difflib.unified_diff(
                    (a.get("expandedQuery") or "").splitlines(),
                    (b.get("expandedQuery") or "").splitlines(),
                    "before",
                    "after",
                    lineterm="",
                )
            )
        if a.get("comment") != b.get("comment"):
            diff.other.append("comment")
    else:
        for key in ("className", "functionLanguage", "jarRef", "jars", "returnType", "artifact"):
            if a.get(key) != b.get(key):
                diff.other.append(f"{key}: {a.get(key)!r} -> {b.get(key)!r}")
    return diff


def without_volatile(document: Document) -> Document:
    """The document without ``snapshotId`` and ``createdAt``, for comparisons."""
    return {k: v for k, v in document.items() if k not in ("snapshotId", "createdAt")}


def iter_objects(snapshot: Snapshot) -> Iterator[tuple[str, str]]:
    """``(kind, database.name)`` of every object, in snapshot order."""
    for table in snapshot.tables:
        yield "table", _short(table.identifier)
    for view in snapshot.views:
        yield "view", _short(view.identifier)
    for function, _ in snapshot.functions:
        yield "function", _short(function.identifier)
