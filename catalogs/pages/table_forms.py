"""The table forms' pages: a new table (column rows, connector templates), the options of a
table, one column's changes, and its watermark and primary key. Each builds statements that
:func:`~catalogs.pages.forms.form_page` previews and runs through the executor."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from config import limits

from .. import forms as f
from ..flinksql.column_kinds import COLUMN_TYPES
from ..flinksql.connectors import CONNECTORS
from ..lookup import get_database, get_table
from ..models import Dependency, Table
from ..readers import readers_of
from .forms import (
    EDITOR,
    _database_context,
    _identifier,
    _names,
    _object_url,
    _posted,
    _readers_context,
    _table_context,
    form_page,
)


@login_required
def table_create(
    request: HttpRequest, environment: str, catalog: str, database: str
) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database, EDITOR)
    data = _with_template(_with_added_column(request.POST)) if request.method == "POST" else None
    form = f.TableForm(data, database=(found.catalog.name, found.name), initial={})
    if data is None:
        form.columns = f.ColumnFormSet(prefix="columns", initial=[{}, {}, {}])
    elif "add_column" in data and form.columns.forms:  # the new row takes the focus
        form.columns.forms[-1].fields["name"].widget.attrs["autofocus"] = True
    args = [found.catalog.environment.name, found.catalog.name, found.name]
    name = form.data.get("name", "")
    success = reverse("table", args=[*args, name]) if name else reverse("database", args=args)
    context = {**_database_context(found, "New table"), "column_types": COLUMN_TYPES}
    context["connectors"] = CONNECTORS.values()
    context["pick_targets"] = PICK_TARGETS
    return form_page(request, form, "catalogs/table_form.html", context, success)


# The fields of a new table that name its columns, and how the picker calls them.
PICK_TARGETS = [
    ("id_primary_key", "primary key"),
    ("id_bucket_keys", "bucket keys"),
    ("id_partition_keys", "partition keys"),
]


def _with_added_column(post: Any) -> Any:
    """The posted data, with one more empty column row when the user asked for it (a count
    that is no number is left as it came, for the formset to refuse)."""
    count = limits.parse_id(post.get("columns-TOTAL_FORMS", "0") or "0")
    if "add_column" not in post or count is None:
        return post
    data = post.copy()
    data["columns-TOTAL_FORMS"] = str(count + 1)
    return data


def _with_template(post: Any) -> Any:
    """The posted data, with the chosen connector's template filled into the options when the
    user asked for it."""
    if "fill_connector" not in post:
        return post
    data = post.copy()
    data["options"] = f.filled_options(
        post.get("options", ""), post.get("connector", ""), post.get("name") or None
    )
    return data


@login_required
def table_alter(
    request: HttpRequest, environment: str, catalog: str, database: str, table: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, table, EDITOR, Table.Kind.TABLE)
    identifier = _names(found.database.catalog.name, found.database.name, found.name)
    initial = {"version": found.version, "options": f.shown_options(found.options)}
    form = f.TableOptionsForm(_posted(request), initial=initial, table=found, identifier=identifier)
    context = {**_table_context(found, "Edit options"), "current_url": _object_url(found)}
    return form_page(request, form, "catalogs/table_alter.html", context, _object_url(found), found)


# -- column changes ------------------------------------------------------------------------
COLUMN_FORMS: dict[str, tuple[type[f.StatementForm], str]] = {
    "add": (f.ColumnAddForm, "Add a column"),
    "modify": (f.ColumnModifyForm, "Modify column"),
    "drop": (f.ColumnDropForm, "Drop column"),
    "rename": (f.ColumnRenameForm, "Rename column"),
}


def _views_reading_column(table: Table, column: str) -> QuerySet[Table]:
    """The views whose definition reads ``column`` of ``table``."""
    environment = table.database.catalog.environment
    dependencies = Dependency.objects.filter(
        environment=environment,
        catalog_name=table.database.catalog.name,
        database_name=table.database.name,
        object_name=table.name,
    )
    view_ids = [d.view_id for d in dependencies.only("view_id", "columns") if column in d.columns]
    return readers_of(environment, _identifier(table), "relation").filter(pk__in=view_ids)


@login_required
def table_column(
    request: HttpRequest,
    environment: str,
    catalog: str,
    database: str,
    table: str,
    action: str,
    column: str | None = None,
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, table, EDITOR, Table.Kind.TABLE)
    form_class, page_name = COLUMN_FORMS[action]
    identifier = _identifier(found).quoted()
    initial: dict[str, Any] = {"version": found.version}
    kwargs: dict[str, Any] = {"identifier": identifier}
    readers: QuerySet[Table] | None = None
    if action == "add":
        kwargs["columns"] = list(found.columns.values_list("name", flat=True))
        initial["kind"] = "physical"
    else:
        existing = get_object_or_404(found.columns, name=column)
        kwargs["column"] = existing.name
        if action == "modify":
            initial.update(
                kind=existing.kind,
                data_type=existing.data_type if existing.kind != "computed" else "",
                not_null=not existing.nullable and existing.kind != "computed",
                expression=existing.expression or "",
                metadata_key=existing.metadata_key or "",
                virtual=existing.is_virtual,
                comment=existing.comment or "",
            )
        readers = _views_reading_column(found, existing.name)
        if action == "drop":
            kwargs["needs_name"] = f.asks_for_name(readers.exists())
    form = form_class(_posted(request), initial=initial, **kwargs)
    context = {**_table_context(found, page_name), "current_url": _object_url(found)}
    context.update(action=action, column=column, column_types=COLUMN_TYPES)
    context["definition"] = action in ("add", "modify")  # the fields follow the column's kind
    context.update(_readers_context(readers))
    return form_page(request, form, "catalogs/column_form.html", context, _object_url(found), found)


# -- watermark and primary key -------------------------------------------------------------
@login_required
def table_keys(
    request: HttpRequest, environment: str, catalog: str, database: str, table: str, part: str
) -> HttpResponse:
    """ALTER TABLE ... ADD / MODIFY / DROP the watermark (``part`` "watermark") or the primary
    key ("primary-key")."""
    found = get_table(request.user, environment, catalog, database, table, EDITOR, Table.Kind.TABLE)
    identifier = _identifier(found).quoted()
    initial: dict[str, Any] = {"version": found.version}
    if part == "watermark":
        initial.update(column=found.watermark_column, expression=found.watermark_expression)
        columns = list(found.columns.values_list("name", flat=True))
        form: f.StatementForm = f.WatermarkForm(
            _posted(request), initial=initial, identifier=identifier, table=found, columns=columns
        )
        page_name = "Watermark"
    else:
        initial.update(
            columns=", ".join(found.primary_key_columns),
            constraint_name=found.primary_key_name or "",
        )
        form = f.PrimaryKeyForm(
            _posted(request), initial=initial, identifier=identifier, table=found
        )
        page_name = "Primary key"
    context = {**_table_context(found, page_name), "current_url": _object_url(found), "part": part}
    return form_page(request, form, "catalogs/table_keys.html", context, _object_url(found), found)
