"""Reading a snapshot: :func:`parse_snapshot` validates everything a loader would trip over and
names the object and the field of each problem."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..catalog import (
    CatalogFunction,
    CatalogModel,
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
    PrimaryKey,
    Watermark,
    function_identifier,
    function_name,
)
from ..distribution import KINDS, TableDistribution
from ..errors import FlinkSqlError
from ..member_attributes import with_member_time_attributes
from ..schema import with_time_attributes
from ..statements import ColumnKind
from ..types import DataType, parse_type
from .document import FORMAT_VERSION, LANGUAGES, MEMBER_TIME_ATTRIBUTES, Document
from .writing import database_entry


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
    models: list[CatalogModel] = field(default_factory=list)

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


def validate(
    document: Any,
    names: dict[tuple[str, str], str] | None = None,
    first: Mapping[str, int] | None = None,
) -> Snapshot:
    """The snapshot ``document`` describes, or :class:`SnapshotInvalid` listing every problem.
    A document read in windows (:mod:`catalogs.flink_verify.batches`) is validated a window at
    a time: ``names`` then holds the tables' and views' names claimed by the windows before
    (a name is claimed once in the whole document) and ``first`` the position of each array's
    first entry in the whole document, so that every problem names its entry as a whole
    document's reading would."""
    errors: list[str] = []
    start = first or {}
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
    names = {} if names is None else names
    tables = [
        t
        for i, entry in enumerate(document["tables"], start.get("tables", 0))
        if (t := _table(catalog, default_database, i, entry, names, errors)) is not None
    ]
    views = [
        v
        for i, entry in enumerate(document["views"], start.get("views", 0))
        if (v := _view(catalog, default_database, i, entry, names, errors)) is not None
    ]
    function_names: dict[tuple[str, str], str] = {}
    functions = [
        f
        for i, entry in enumerate(document["udfs"])
        if (f := _function(catalog, default_database, i, entry, function_names, errors)) is not None
    ]
    models = _models(catalog, default_database, document.get("models"), errors)
    known = {d["name"] for d in databases}
    for obj in [*tables, *views, *(f for f, _ in functions), *models]:
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
        models,
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
    distribution = _distribution(
        entry.get("distribution"), columns, f"{where}: distribution", errors
    )
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
        with_time_attributes(columns),
        watermark,
        primary_key,
        [str(k) for k in partition_keys],
        comment,
        options,
        distribution=distribution,
    )


def _distribution(
    raw: Any, columns: list[Column], where: str, errors: list[str]
) -> TableDistribution | None:
    """A table's ``distribution`` (absent or null when it has none), checked as Flink checks
    one: its keys name physical columns, its count is at least 1."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        errors.append(f"{where}: must be an object or null.")
        return None
    kind = raw.get("kind")
    if kind not in KINDS:
        errors.append(f"{where}.kind: must be one of {', '.join(KINDS)}.")
    keys = raw.get("bucketKeys")
    if keys is None:
        keys = []
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        errors.append(f"{where}.bucketKeys: must be an array of column names.")
        keys = []
    physical = {c.name for c in columns if c.kind == ColumnKind.PHYSICAL}
    for key in keys:
        if key not in physical:
            errors.append(f"{where}.bucketKeys: '{key}' is not a physical column of the table.")
    count = raw.get("bucketCount")
    if count is not None and (type(count) is not int or not 1 <= count <= 2**31 - 1):
        errors.append(f"{where}.bucketCount: must be null or a whole number from 1 to 2147483647.")
    if not keys and count is None:
        errors.append(f"{where}: names neither bucket keys nor a bucket count.")
    return TableDistribution(str(kind), tuple(keys), count)


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
        data_type = _with_members(data_type, raw.get(MEMBER_TIME_ATTRIBUTES), column_where, errors)
        if data_type is None:
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


def _models(catalog: str, default: str, entries: Any, errors: list[str]) -> list[CatalogModel]:
    """The optional ``models`` array (absent in snapshots of other tools, or older ones)."""
    if entries is None:
        return []
    if not isinstance(entries, list):
        errors.append(f"models: must be an array, not {_kind(entries)}.")
        return []
    names: dict[tuple[str, str], str] = {}
    models = []
    for index, entry in enumerate(entries):
        found = _object_name("models", index, entry, default, errors)
        if found is None:
            continue
        database, name, where = found
        count = len(errors)
        _claim(names, (database, name), where, errors, "model")
        sides = []
        for key in ("inputColumns", "outputColumns"):
            raw = entry.get(key) or []
            if not isinstance(raw, list):
                errors.append(f"{where}: {key}: must be an array.")
                raw = []
            seen: set[str] = set()
            columns = [_column(c, f"{where}: {key}[{i}]", seen, errors) for i, c in enumerate(raw)]
            if any(c is not None and c.kind != ColumnKind.PHYSICAL for c in columns):
                errors.append(f"{where}: {key}: a model has only physical columns.")
            sides.append([c for c in columns if c is not None])
        if bool(sides[0]) != bool(sides[1]):
            errors.append(f"{where}: a model has both input and output columns, or neither.")
        options = _string_map(entry.get("options") or {}, f"{where}: options", errors)
        if not options:
            errors.append(f"{where}: options: a model needs at least one option (its provider).")
        comment = _optional_string(entry.get("comment"), f"{where}: comment", errors)
        if len(errors) == count:
            identifier = ObjectIdentifier(catalog, database, name)
            models.append(CatalogModel(identifier, sides[0], sides[1], comment, options))
    return models


def _with_members(data_type: DataType, raw: Any, where: str, errors: list[str]) -> DataType | None:
    """``data_type`` with the time attributes a view column keeps inside it, or None with the
    error that names what is wrong with them."""
    if raw is None:
        return data_type
    where = f"{where}: {MEMBER_TIME_ATTRIBUTES}"
    if not isinstance(raw, list) or not all(
        isinstance(m, dict) and isinstance(m.get("path"), list) for m in raw
    ):
        errors.append(f'{where}: must be an array of {{"path": [...], "timeAttribute": ...}}.')
        return None
    try:
        return with_member_time_attributes(
            data_type, [(m["path"], m.get("timeAttribute")) for m in raw]
        )
    except ValueError as exc:
        errors.append(f"{where}: {exc}.")
        return None
