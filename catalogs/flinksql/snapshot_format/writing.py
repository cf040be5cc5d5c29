"""Writing a snapshot: secret values as placeholders, objects as JSON entries, the document
streamed one object at a time, views in the order they read each other."""

from __future__ import annotations

import json
import re
from typing import Any, TextIO

from ..catalog import (
    CatalogFunction,
    CatalogModel,
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
)
from ..distribution import TableDistribution
from ..errors import FlinkSqlError
from ..lineage import columns_read
from ..member_attributes import member_time_attributes
from ..ordering import dependency_order
from ..secrets import is_secret
from ..statements import ColumnKind
from ..types import DataType
from .document import FLINK_VERSION, FORMAT_VERSION, MEMBER_TIME_ATTRIBUTES, Document


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
            if is_secret(key) and is_placeholder(value):
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


def is_placeholder(value: str) -> bool:
    return bool(re.fullmatch(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}", value))


# -- objects to JSON entries ------------------------------------------------------------------
def type_text(data_type: DataType) -> str:
    try:
        return data_type.with_nullable(True).serializable()
    except FlinkSqlError:  # zero-length strings have no serializable form
        return data_type.summary_without_nullability()


def column_entry(column: Column) -> dict[str, Any]:
    computed = column.kind == ColumnKind.COMPUTED
    metadata = column.kind == ColumnKind.METADATA
    return {
        "name": column.name,
        "type": type_text(column.data_type),
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
    entry: dict[str, Any] = {
        "database": identifier.database,
        "name": identifier.name,
        "comment": table.comment,
        "columns": [column_entry(c) for c in table.columns],
        "watermark": watermark,
        "primaryKey": primary_key,
        "partitionKeys": list(table.partition_keys),
        "options": secrets.options(identifier.database, identifier.name, table.options),
    }
    if table.distribution is not None:
        # written only where there is one, so a snapshot without reads as it always did
        entry["distribution"] = distribution_entry(table.distribution)
    return entry


def distribution_entry(distribution: TableDistribution) -> dict[str, Any]:
    """``{"kind": "HASH", "bucketKeys": ["a"], "bucketCount": 4}``: Flink's
    ``TableDistribution``; ``bucketCount`` is null when the statement wrote none."""
    return {
        "kind": distribution.kind,
        "bucketKeys": list(distribution.bucket_keys),
        "bucketCount": distribution.bucket_count,
    }


def view_entry(view: CatalogView) -> dict[str, Any]:
    return {
        "database": view.identifier.database,
        "name": view.identifier.name,
        "comment": view.comment,
        "expandedQuery": view.expanded_query,
        "columns": [view_column_entry(c) for c in view.columns],
    }


def view_column_entry(column: Column) -> dict[str, Any]:
    """A view column. The time attributes inside its type, which the type's text cannot say,
    are written only where there are some (``memberTimeAttributes``: ``[{"path": [0],
    "timeAttribute": "ROWTIME"}]``), so a snapshot without them reads as it always did."""
    entry: dict[str, Any] = {
        "name": column.name,
        "type": type_text(column.data_type),
        "nullable": column.data_type.nullable,
        "timeAttribute": column.data_type.time_attribute,
    }
    members = member_time_attributes(column.data_type)
    if members:
        entry[MEMBER_TIME_ATTRIBUTES] = [
            {"path": list(path), "timeAttribute": kind} for path, kind in members
        ]
    return entry


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


def model_entry(model: CatalogModel, secrets: SecretPlaceholders) -> dict[str, Any]:
    """A model (an extra ``models`` array the bootstrap loader ignores): its columns as a
    table's, its options with secret values replaced by placeholders."""
    identifier = model.identifier
    return {
        "database": identifier.database,
        "name": identifier.name,
        "comment": model.comment,
        "inputColumns": [column_entry(c) for c in model.input_columns],
        "outputColumns": [column_entry(c) for c in model.output_columns],
        "options": secrets.options(identifier.database, identifier.name, model.options),
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
    """Writes a snapshot to ``out`` one object at a time: tables, then views, then functions,
    then models."""

    SECTIONS = ("tables", "views", "udfs", "models")

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

    def model(self, entry: dict[str, Any]) -> None:
        self._item(3, entry)

    def close(self, secrets: list[dict[str, str | None]]) -> None:
        self._enter(3)
        self._close_section()
        self.out.write(f'  "secrets": {_nested(secrets, 1)}\n}}\n')


# -- view order -------------------------------------------------------------------------------
def reads(catalog: str, expanded_query: str) -> set[tuple[str, str]]:
    """``(database, name)`` of the tables and views of ``catalog`` a view query reads."""
    return {(i.database, i.name) for i in relations_read(expanded_query) if i.catalog == catalog}


def order_views(catalog: str, views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Views by (database, name), each after the views of the snapshot it reads."""
    by_key = {(v["database"], v["name"]): v for v in views}

    def needs(key: tuple[str, str]) -> set[tuple[str, str]]:
        return reads(catalog, by_key[key].get("expandedQuery") or "")

    # a cycle cannot be stored by the executor; if one is there, the rest stay in name order
    ordered = [by_key[key] for key in dependency_order(sorted(by_key), needs)]
    return ordered


def relations_read(expanded_query: str) -> set[ObjectIdentifier]:
    """The fully qualified tables and views a view query reads, in any catalog."""
    try:
        return set(columns_read(expanded_query))
    except Exception:  # an unparsable query reads nothing we can name; the loader says why
        return set()
