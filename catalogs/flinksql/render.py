"""What Flink prints for SHOW CREATE and DESCRIBE, from resolved catalog objects."""

from __future__ import annotations

from collections.abc import Callable

from . import literals
from .catalog import (
    CatalogDescriptor,
    CatalogFunction,
    CatalogModel,
    CatalogTable,
    CatalogView,
    Column,
    quote_identifier,
    quote_string,
)
from .statements import ColumnKind

Row = list[str | bool | None]

DESCRIBE_COLUMNS = ["name", "type", "null", "key", "extras", "watermark"]


def _options_block(options: dict[str, str]) -> str:
    lines = [f"  {quote_string(k)} = {quote_string(options[k])}" for k in sorted(options)]
    return "WITH (\n" + ",\n".join(lines) + "\n)\n"


def _column_line(column: Column) -> str:
    # SHOW CREATE writes a column's type, then the same clause DESCRIBE shows as its extras
    text = quote_identifier(column.name)
    if column.kind != ColumnKind.COMPUTED:
        text += f" {column.data_type.serializable()}"
    extras = _extras(column)
    if extras is not None:
        text += f" {extras}"
    if column.comment:  # Flink leaves an empty comment out of SHOW CREATE TABLE
        text += f" COMMENT {quote_string(column.comment)}"
    return text


def constraint_lines(
    table: CatalogTable, expression: Callable[[str], str] | None = None
) -> list[str]:
    """The WATERMARK and PRIMARY KEY lines that follow the columns of a CREATE TABLE, the
    watermark's expression as kept, or as ``expression`` spells the kept text."""
    lines = []
    if table.watermark is not None:
        wm = table.watermark
        text = wm.expression if expression is None else expression(wm.expression)
        lines.append(f"WATERMARK FOR {quote_identifier(wm.rowtime_attribute)} AS {text}")
    if table.primary_key is not None:
        pk = table.primary_key
        cols = ", ".join(quote_identifier(c) for c in pk.columns)
        lines.append(f"CONSTRAINT {quote_identifier(pk.name)} PRIMARY KEY ({cols}) NOT ENFORCED")
    return lines


def _shown_watermark(text: str) -> str:
    """SHOW CREATE TABLE writes a watermark's non-ASCII strings ``_UTF16'ä'`` (``DESCRIBE``
    keeps ``u&'\\00e4'``)."""
    return literals.respell_strings(text, "UTF16")


def show_create_table(table: CatalogTable) -> str:
    """The text of ``SHOW CREATE TABLE``, trailing newline included."""
    lines = [_column_line(c) for c in table.columns] + constraint_lines(table, _shown_watermark)
    keyword = "CREATE TEMPORARY TABLE" if table.temporary else "CREATE TABLE"
    text = f"{keyword} {table.identifier.quoted()} (\n"
    text += ",\n".join(f"  {line}" for line in lines) + "\n)\n"
    if table.comment:
        text += f"COMMENT {quote_string(table.comment)}\n"
    if table.distribution is not None:
        text += f"{table.distribution.sql()}\n"
    if table.partition_keys:
        keys = ", ".join(quote_identifier(k) for k in table.partition_keys)
        text += f"PARTITIONED BY ({keys})\n"
    if table.options:
        text += _options_block(table.options)
    return text


def describe_table(table: CatalogTable) -> tuple[list[str], list[Row]]:
    """Column names and rows of ``DESCRIBE``."""
    pk_columns = table.primary_key.columns if table.primary_key else ()
    key = f"PRI({', '.join(pk_columns)})" if pk_columns else None
    rowtime = table.watermark.rowtime_attribute if table.watermark else None
    with_comment = any(c.comment is not None for c in table.columns)
    rows: list[Row] = []
    for column in table.time_attributed_columns():
        row: Row = [
            column.name,
            column.data_type.summary_without_nullability(),
            column.data_type.nullable,
            key if column.name in pk_columns else None,
            _extras(column),
            table.watermark.expression if column.name == rowtime and table.watermark else None,
        ]
        if with_comment:
            row.append(column.comment)
        rows.append(row)
    columns = DESCRIBE_COLUMNS + (["comment"] if with_comment else [])
    return columns, rows


def _extras(column: Column) -> str | None:
    """``AS <expr>`` of a computed column, ``METADATA [FROM 'k'] [VIRTUAL]`` of a metadata one."""
    if column.kind == ColumnKind.COMPUTED:
        return f"AS {column.expression}"
    if column.kind == ColumnKind.METADATA:
        text = "METADATA"
        if column.metadata_key is not None:
            text += f" FROM {quote_string(column.metadata_key)}"
        if column.virtual:
            text += " VIRTUAL"
        return text
    return None


def show_create_view(view: CatalogView) -> str:
    """The text of ``SHOW CREATE VIEW``: the column names, the comment, the expanded query."""
    keyword = "CREATE TEMPORARY VIEW" if view.temporary else "CREATE VIEW"
    names = ",\n".join(f"  {quote_identifier(c.name)}" for c in view.columns)
    text = f"{keyword} {view.identifier.quoted()} (\n{names}\n)\n"
    if view.comment:
        text += f"COMMENT {quote_string(view.comment)}\n"
    return text + f"AS {view.expanded_query}\n"


def describe_view(view: CatalogView) -> tuple[list[str], list[Row]]:
    """``DESCRIBE`` of a view: the derived column types, time attributes included."""
    rows: list[Row] = [
        [c.name, c.data_type.summary_without_nullability(), c.data_type.nullable, None, None, None]
        for c in view.columns
    ]
    return list(DESCRIBE_COLUMNS), rows


def show_create_catalog(catalog: CatalogDescriptor) -> str:
    text = f"CREATE CATALOG {quote_identifier(catalog.name)}\n"
    if catalog.comment is not None:
        text += f"COMMENT {quote_string(catalog.comment)}\n"
    return text + _options_block(catalog.options)


def describe_catalog(catalog: CatalogDescriptor, extended: bool) -> tuple[list[str], list[Row]]:
    rows: list[Row] = [
        ["name", catalog.name],
        ["type", catalog.catalog_type],
        ["comment", catalog.comment],
    ]
    if extended:
        rows += [
            [f"option:{k}", catalog.options[k]] for k in sorted(catalog.options) if k != "type"
        ]
    return ["info name", "info value"], rows


def create_database(
    catalog: str, name: str, comment: str | None, properties: dict[str, str]
) -> str:
    """A database's definition as a CREATE DATABASE statement. Flink has no SHOW CREATE
    DATABASE; this is the dashboard's own rendering, in the style of SHOW CREATE CATALOG."""
    text = f"CREATE DATABASE {quote_identifier(catalog)}.{quote_identifier(name)}\n"
    if comment is not None:
        text += f"COMMENT {quote_string(comment)}\n"
    if properties:
        text += _options_block(properties)
    return text


def create_function(function: CatalogFunction) -> str:
    """A function's definition as a CREATE FUNCTION statement (the dashboard's rendering)."""
    keyword = "CREATE TEMPORARY FUNCTION" if function.temporary else "CREATE FUNCTION"
    text = (
        f"{keyword} {function.identifier.quoted()} AS {quote_string(function.class_name)} "
        f"LANGUAGE {function.language}"
    )
    if function.jars:
        text += " USING " + ", ".join(f"JAR {quote_string(j)}" for j in function.jars)
    return text + "\n"


def _model_columns(columns: list[Column]) -> str:
    parts = []
    for column in columns:
        text = f"{quote_identifier(column.name)} {column.data_type.serializable()}"
        if column.comment:
            text += f" COMMENT {quote_string(column.comment)}"
        parts.append(text)
    return ", ".join(parts)


def show_create_model(model: CatalogModel) -> str:
    """The text of ``SHOW CREATE MODEL``, trailing newline included."""
    keyword = "CREATE TEMPORARY MODEL" if model.temporary else "CREATE MODEL"
    text = f"{keyword} {model.identifier.quoted()}\n"
    if model.input_columns:
        text += f"INPUT ({_model_columns(model.input_columns)})\n"
    if model.output_columns:
        text += f"OUTPUT ({_model_columns(model.output_columns)})\n"
    if model.comment:
        text += f"COMMENT {quote_string(model.comment)}\n"
    return text + _options_block(model.options) if model.options else text


def describe_model(model: CatalogModel) -> tuple[list[str], list[Row]]:
    """``DESCRIBE MODEL``: the input columns, then the output columns; a ``comment`` column
    only when some column has a comment."""
    columns = [(c, True) for c in model.input_columns]
    columns += [(c, False) for c in model.output_columns]
    with_comment = any(c.comment is not None for c, _ in columns)
    rows: list[Row] = []
    for column, is_input in columns:
        row: Row = [
            column.name,
            column.data_type.summary_without_nullability(),
            column.data_type.nullable,
            is_input,
        ]
        if with_comment:
            row.append(column.comment)
        rows.append(row)
    names = ["name", "type", "null", "is input"] + (["comment"] if with_comment else [])
    return names, rows
