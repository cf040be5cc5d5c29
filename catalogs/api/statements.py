"""The Flink SQL statements that the API's resource endpoints run, built from their bodies."""

from __future__ import annotations

from typing import Any

from catalogs.flinksql.catalog import ObjectIdentifier, TableDistribution
from catalogs.flinksql.quoting import quote_identifier, quote_string


def _names(names: list[str]) -> str:
    return ", ".join(quote_identifier(n) for n in names)


def _options(options: dict[str, str]) -> str:
    return ", ".join(f"{quote_string(k)} = {quote_string(v)}" for k, v in options.items())


def _column(column: dict[str, Any]) -> str:
    text = quote_identifier(column["name"])
    if column["kind"] == "computed":
        text += f" AS {column['expression']}"
    else:
        text += f" {column['type']}"
        if not column["nullable"]:
            text += " NOT NULL"
        if column["kind"] == "metadata":
            text += " METADATA"
            if column.get("metadata_key"):
                text += f" FROM {quote_string(column['metadata_key'])}"
            if column["virtual"]:
                text += " VIRTUAL"
    if column.get("comment") is not None:
        text += f" COMMENT {quote_string(column['comment'])}"
    return text


def create_table(identifier: ObjectIdentifier, data: dict[str, Any]) -> str:
    parts = [_column(c) for c in data["columns"]]
    if watermark := data.get("watermark"):
        parts.append(
            f"WATERMARK FOR {quote_identifier(watermark['column'])} AS {watermark['expression']}"
        )
    if data.get("primary_key"):
        parts.append(f"PRIMARY KEY ({_names(data['primary_key'])}) NOT ENFORCED")
    text = f"CREATE TABLE {identifier.quoted()} (\n  " + ",\n  ".join(parts) + "\n)"
    if data.get("comment") is not None:
        text += f"\nCOMMENT {quote_string(data['comment'])}"
    if distribution := data.get("distribution"):
        written = TableDistribution(
            distribution["kind"], tuple(distribution["bucket_keys"]), distribution["bucket_count"]
        )
        text += f"\n{written.written()}"
    if data.get("partition_keys"):
        text += f"\nPARTITIONED BY ({_names(data['partition_keys'])})"
    if data.get("options"):
        text += f"\nWITH (\n  {_options(data['options'])}\n)"
    return text


def alter_table(identifier: ObjectIdentifier, data: dict[str, Any]) -> list[str]:
    statements = []
    if data.get("set_options"):
        statements.append(
            f"ALTER TABLE {identifier.quoted()} SET ({_options(data['set_options'])})"
        )
    if data.get("reset_options"):
        keys = ", ".join(quote_string(k) for k in data["reset_options"])
        statements.append(f"ALTER TABLE {identifier.quoted()} RESET ({keys})")
    return statements


def drop_table(identifier: ObjectIdentifier) -> str:
    return f"DROP TABLE {identifier.quoted()}"


def create_view(identifier: ObjectIdentifier, data: dict[str, Any]) -> str:
    text = f"CREATE VIEW {identifier.quoted()}"
    if data.get("comment") is not None:
        text += f"\nCOMMENT {quote_string(data['comment'])}"
    return text + f"\nAS {data['query']}"


def alter_view(identifier: ObjectIdentifier, query: str) -> str:
    return f"ALTER VIEW {identifier.quoted()} AS {query}"


def drop_view(identifier: ObjectIdentifier) -> str:
    return f"DROP VIEW {identifier.quoted()}"


def create_function(identifier: ObjectIdentifier, data: dict[str, Any]) -> str:
    text = (
        f"CREATE FUNCTION {identifier.quoted()} AS {quote_string(data['class_name'])} "
        f"LANGUAGE {data['language']}"
    )
    if data.get("jars"):
        text += " USING " + ", ".join(f"JAR {quote_string(j)}" for j in data["jars"])
    return text


def drop_function(identifier: ObjectIdentifier) -> str:
    return f"DROP FUNCTION {identifier.quoted()}"


def _model_columns(columns: list[dict[str, Any]]) -> str:
    return ", ".join(_column({**c, "kind": "physical"}) for c in columns)


def create_model(identifier: ObjectIdentifier, data: dict[str, Any]) -> str:
    text = f"CREATE MODEL {identifier.quoted()}"
    if data.get("input_columns"):
        text += f"\nINPUT ({_model_columns(data['input_columns'])})"
    if data.get("output_columns"):
        text += f"\nOUTPUT ({_model_columns(data['output_columns'])})"
    if data.get("comment") is not None:
        text += f"\nCOMMENT {quote_string(data['comment'])}"
    return text + f"\nWITH (\n  {_options(data.get('options') or {})}\n)"


def alter_model(identifier: ObjectIdentifier, data: dict[str, Any]) -> list[str]:
    """ALTER MODEL SET and RESET of ``set_options`` / ``reset_options`` (none when empty)."""
    return [s.replace("ALTER TABLE ", "ALTER MODEL ", 1) for s in alter_table(identifier, data)]


def rename_model(identifier: ObjectIdentifier, new_name: str) -> str:
    return f"ALTER MODEL {identifier.quoted()} RENAME TO {quote_identifier(new_name)}"


def drop_model(identifier: ObjectIdentifier) -> str:
    return f"DROP MODEL {identifier.quoted()}"
