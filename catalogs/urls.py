from django.urls import path, register_converter

from .converters import NameConverter
from .pages import (
    browse,
    column_readers,
    console,
    console_scripts,
    downloads,
    forms,
    lineage,
    model_pages,
    search,
    sql_editor,
    table_forms,
    type_check,
)

register_converter(NameConverter, "name")

ENV = "env/<name:environment>"
CATALOG = f"{ENV}/catalogs/<name:catalog>"
DATABASE = f"{CATALOG}/databases/<name:database>"
TABLE = f"{DATABASE}/tables/<name:table>"
VIEW = f"{DATABASE}/views/<name:view>"
MODEL = f"{DATABASE}/models/<name:model>"

urlpatterns = [
    path("", browse.home, name="home"),
    path("downloads/", downloads.downloads, name="downloads"),
    path("downloads/<str:file_name>", downloads.download, name="download"),
    path(f"{ENV}/search", search.search, name="search"),
    path(f"{ENV}/console", console.console, name="console"),
    path(f"{ENV}/console/scripts", console_scripts.script_save, name="console-script-save"),
    path(
        f"{ENV}/console/scripts/<int:script>/rename",
        console_scripts.script_rename,
        name="console-script-rename",
    ),
    path(
        f"{ENV}/console/scripts/<int:script>/delete",
        console_scripts.script_delete,
        name="console-script-delete",
    ),
    path("types/check", type_check.type_check, name="type-check"),
    path("sql-editor/language", sql_editor.language, name="sql-editor-language"),
    path(f"{ENV}/sql-editor/completions", sql_editor.completions, name="sql-editor-completions"),
    path(f"{ENV}/sql-editor/format", sql_editor.format_sql, name="sql-editor-format"),
    path(f"{ENV}/tree/catalogs/<name:catalog>", browse.tree_node, name="tree-catalog"),
    path(
        f"{ENV}/tree/catalogs/<name:catalog>/databases/<name:database>",
        browse.tree_node,
        name="tree-database",
    ),
    path(f"{ENV}/new-catalog", forms.catalog_create, name="catalog-create"),
    path(CATALOG, browse.catalog, name="catalog"),
    path(f"{CATALOG}/edit", forms.catalog_alter, name="catalog-alter"),
    path(f"{CATALOG}/drop", forms.catalog_drop, name="catalog-drop"),
    path(f"{CATALOG}/new-database", forms.database_create, name="database-create"),
    path(DATABASE, browse.database, name="database"),
    path(f"{DATABASE}/drop", forms.database_drop, name="database-drop"),
    path(f"{DATABASE}/edit", forms.database_alter, name="database-alter"),
    path(f"{DATABASE}/new-table", table_forms.table_create, name="table-create"),
    path(f"{DATABASE}/new-view", forms.view_create, name="view-create"),
    path(f"{DATABASE}/new-function", forms.function_create, name="function-create"),
    path(f"{DATABASE}/functions/<name:function>/drop", forms.function_drop, name="function-drop"),
    path(f"{DATABASE}/functions/<name:function>/edit", forms.function_alter, name="function-alter"),
    path(f"{DATABASE}/new-model", model_pages.model_create, name="model-create"),
    path(MODEL, model_pages.model, name="model"),
    path(f"{MODEL}/edit", model_pages.model_alter, name="model-alter"),
    path(f"{MODEL}/rename", model_pages.model_rename, name="model-rename"),
    path(f"{MODEL}/drop", model_pages.model_drop, name="model-drop"),
    path(TABLE, browse.table, name="table"),
    path(f"{TABLE}/edit", table_forms.table_alter, name="table-alter"),
    path(f"{TABLE}/drop", forms.table_drop, name="table-drop"),
    path(f"{TABLE}/rename", forms.table_rename, name="table-rename"),
    path(
        f"{TABLE}/watermark", table_forms.table_keys, {"part": "watermark"}, name="table-watermark"
    ),
    path(
        f"{TABLE}/primary-key",
        table_forms.table_keys,
        {"part": "primary-key"},
        name="table-primary-key",
    ),
    path(
        f"{TABLE}/columns/add", table_forms.table_column, {"action": "add"}, name="table-column-add"
    ),
    path(
        f"{TABLE}/columns/<name:column>/modify",
        table_forms.table_column,
        {"action": "modify"},
        name="table-column-modify",
    ),
    path(
        f"{TABLE}/columns/<name:column>/drop",
        table_forms.table_column,
        {"action": "drop"},
        name="table-column-drop",
    ),
    path(
        f"{TABLE}/columns/<name:column>/rename",
        table_forms.table_column,
        {"action": "rename"},
        name="table-column-rename",
    ),
    path(
        f"{TABLE}/lineage",
        lineage.lineage,
        {"kind": "TABLE"},
        name="table-lineage",
    ),
    path(
        f"{TABLE}/columns/<name:column>/readers",
        column_readers.column_readers_page,
        {"kind": "TABLE"},
        name="table-column-readers",
    ),
    path(VIEW, browse.view, name="view"),
    path(f"{VIEW}/edit", forms.view_alter, name="view-alter"),
    path(f"{VIEW}/drop", forms.view_drop, name="view-drop"),
    path(f"{VIEW}/rename", forms.view_rename, name="view-rename"),
    path(f"{VIEW}/lineage", lineage.lineage, {"kind": "VIEW"}, name="view-lineage"),
    path(
        f"{VIEW}/columns/<name:column>/readers",
        column_readers.column_readers_page,
        {"kind": "VIEW"},
        name="view-column-readers",
    ),
]
