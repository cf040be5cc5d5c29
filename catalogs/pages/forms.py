"""Forms that change the catalog: each shows the statement it will run, then runs it through
the executor and shows the executor's error beside the field it is about."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from environments.lookup import get_environment
from environments.models import Environment, Role

from .. import forms as f
from ..executor import Executor, Session, StatementResult
from ..flinksql.catalog import ObjectIdentifier, quote_identifier
from ..lookup import get_catalog, get_database, get_function, get_table
from ..models import Dependency, Table
from ..readers import readers_of
from .common import render_page, tree

EDITOR = Role.EDITOR


class _Failed(Exception):
    """Rolls back the statements of one form when a later one fails."""


def run_statements(
    request: HttpRequest, session: Session, built: list[f.Built]
) -> StatementResult | None:
    """Run the form's statements in one transaction; the failing result, or None."""
    executor = Executor(session, request.user, request.session.session_key or "")
    failed: StatementResult | None = None
    try:
        with transaction.atomic():
            for item in built:
                result = executor.execute(item.text)
                if not result.ok:
                    failed = result
                    raise _Failed
    except _Failed:
        pass
    return failed


def _statements(form: f.StatementForm) -> list[f.Built]:
    return form.statements() if hasattr(form, "statements") else [form.statement()]


def _place_error(form: f.StatementForm, built: f.Built, message: str) -> None:
    name = built.field_for(message)
    for column in getattr(getattr(form, "columns", None), "forms", []):
        if name and name.startswith(f"{column.prefix}-"):
            column.add_error(name.removeprefix(f"{column.prefix}-"), message)
            return
    form.add_error(name if name in form.fields else None, message)


def form_page(
    request: HttpRequest,
    form: f.StatementForm,
    template: str,
    context: dict[str, Any],
    success_url: str,
    current: Any = None,
) -> HttpResponse:
    """Preview, check the version, run, and redirect or show the error in place."""
    environment = context["environment"]
    context.update(form=form, tree=tree(environment, context.get("catalog")))
    if request.method == "POST" and request.GET.get("preview") is not None:
        form.is_valid()
        context["statements"] = _statements(form)
        return render(request, f"{template}#statement", context)
    if request.method == "POST" and "add_column" not in request.POST and form.is_valid():
        if current is not None and form.cleaned_data.get("version") != current.version:
            context["stale"] = True
        else:
            built = _statements(form)
            # Unqualified names in a query resolve where the form was opened, as in Flink
            # after USE CATALOG and USE; a drop runs from the environment catalog, since
            # Flink refuses to drop the catalog or database in use.
            catalog, database = context.get("catalog"), context.get("database")
            if context.get("kind"):
                catalog = database = None
            session = Session.start(
                environment, catalog and catalog.name, database and database.name
            )
            failed = run_statements(request, session, built)
            if failed is None:
                messages.success(request, "Done: " + " ".join(b.text for b in built)[:200])
                return redirect(success_url)
            _place_error(form, next(b for b in built if b.text == failed.statement), failed.error)
    context["statements"] = _statements(form)
    return render_page(request, template, context)


def _names(*parts: str) -> str:
    return ".".join(quote_identifier(p) for p in parts)


@login_required
def catalog_create(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, EDITOR)
    form = f.CatalogForm(_posted(request))
    name = form.data.get("name", "")
    success = reverse("catalog", args=[found.name, name]) if name else reverse("home")
    context = {"environment": found, "title": "New catalog"}
    return form_page(request, form, "catalogs/catalog_form.html", context, success)


@login_required
def catalog_alter(request: HttpRequest, environment: str, catalog: str) -> HttpResponse:
    found = get_catalog(request.user, environment, catalog, EDITOR)
    initial = {
        "version": found.version,
        "comment": found.comment or "",
        "options": f.format_options({k: v for k, v in found.options.items() if k != "type"}),
    }
    form = f.CatalogAlterForm(_posted(request), initial=initial, catalog=found)
    context = {"environment": found.environment, "catalog": found, "page_name": "Edit"}
    success = reverse("catalog", args=[found.environment.name, found.name])
    return form_page(request, form, "catalogs/catalog_alter.html", context, success, found)


@login_required
def database_create(request: HttpRequest, environment: str, catalog: str) -> HttpResponse:
    found = get_catalog(request.user, environment, catalog, EDITOR)
    form = f.DatabaseForm(_posted(request), catalog=found.name)
    name = form.data.get("name", "")
    args = [found.environment.name, found.name]
    success = reverse("database", args=[*args, name]) if name else reverse("catalog", args=args)
    context = {"environment": found.environment, "catalog": found, "page_name": "New database"}
    return form_page(request, form, "catalogs/database_form.html", context, success)


@login_required
def table_create(
    request: HttpRequest, environment: str, catalog: str, database: str
) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database, EDITOR)
    data = _with_added_column(request.POST) if request.method == "POST" else None
    form = f.TableForm(data, database=(found.catalog.name, found.name), initial={})
    if data is None:
        form.columns = f.ColumnFormSet(prefix="columns", initial=[{}, {}, {}])
    args = [found.catalog.environment.name, found.catalog.name, found.name]
    name = form.data.get("name", "")
    success = reverse("table", args=[*args, name]) if name else reverse("database", args=args)
    context = _database_context(found, "New table")
    return form_page(request, form, "catalogs/table_form.html", context, success)


def _with_added_column(post: Any) -> Any:
    """The posted data, with one more empty column row when the user asked for it."""
    if "add_column" not in post:
        return post
    data = post.copy()
    data["columns-TOTAL_FORMS"] = str(int(data.get("columns-TOTAL_FORMS", "0") or 0) + 1)
    return data


def _database_context(database: Any, page_name: str) -> dict[str, Any]:
    return {
        "environment": database.catalog.environment,
        "catalog": database.catalog,
        "database": database,
        "page_name": page_name,
    }


def _table_context(table: Table, page_name: str) -> dict[str, Any]:
    return {**_database_context(table.database, page_name), "table": table}


def _object_url(table: Table) -> str:
    database = table.database
    args = [database.catalog.environment.name, database.catalog.name, database.name, table.name]
    return reverse("view" if table.is_view else "table", args=args)


@login_required
def table_alter(
    request: HttpRequest, environment: str, catalog: str, database: str, table: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, table, EDITOR, Table.Kind.TABLE)
    identifier = _names(found.database.catalog.name, found.database.name, found.name)
    initial = {"version": found.version, "options": f.format_options(found.options)}
    form = f.TableOptionsForm(_posted(request), initial=initial, table=found, identifier=identifier)
    context = {**_table_context(found, "Edit options"), "current_url": _object_url(found)}
    return form_page(request, form, "catalogs/table_alter.html", context, _object_url(found), found)


@login_required
def view_create(
    request: HttpRequest, environment: str, catalog: str, database: str
) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database, EDITOR)
    form = f.ViewForm(_posted(request), database=(found.catalog.name, found.name))
    args = [found.catalog.environment.name, found.catalog.name, found.name]
    name = form.data.get("name", "")
    success = reverse("view", args=[*args, name]) if name else reverse("database", args=args)
    context = _database_context(found, "New view")
    return form_page(request, form, "catalogs/view_form.html", context, success)


@login_required
def view_alter(
    request: HttpRequest, environment: str, catalog: str, database: str, view: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, view, EDITOR, Table.Kind.VIEW)
    identifier = _names(found.database.catalog.name, found.database.name, found.name)
    initial = {"version": found.version, "query": found.original_query}
    form = f.ViewQueryForm(_posted(request), initial=initial, identifier=identifier)
    environment_ = found.database.catalog.environment
    readers = readers_of(environment_, _identifier(found)).select_related("database__catalog")
    context = {
        **_table_context(found, "Edit query"),
        "readers": readers[:50],
        "current_url": _object_url(found),
    }
    return form_page(request, form, "catalogs/view_alter.html", context, _object_url(found), found)


@login_required
def function_create(
    request: HttpRequest, environment: str, catalog: str, database: str
) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database, EDITOR)
    form = f.FunctionForm(_posted(request), database=(found.catalog.name, found.name))
    success = reverse(
        "database", args=[found.catalog.environment.name, found.catalog.name, found.name]
    )
    context = _database_context(found, "New function")
    return form_page(request, form, "catalogs/function_form.html", context, success)


def _identifier(table: Table) -> ObjectIdentifier:
    return ObjectIdentifier(table.database.catalog.name, table.database.name, table.name)


# -- drops ---------------------------------------------------------------------------------
def drop_page(
    request: HttpRequest,
    form: f.DropForm,
    context: dict[str, Any],
    readers: QuerySet[Table],
    success_url: str,
    current: Any = None,
) -> HttpResponse:
    """The confirmation lists the views the drop would break; then the drop runs."""
    context["readers"] = readers.select_related("database__catalog")[:50]
    context["reader_count"] = readers.count()
    return form_page(request, form, "catalogs/drop.html", context, success_url, current)


def _views_reading(environment: Environment, catalog: str, database: str | None) -> QuerySet:
    dependencies = Dependency.objects.filter(environment=environment, catalog_name=catalog)
    inside = Table.objects.filter(database__catalog__name=catalog)
    if database is not None:
        dependencies = dependencies.filter(database_name=database)
        inside = inside.filter(database__name=database)
    views = Table.objects.filter(pk__in=dependencies.values("view_id"))
    return views.exclude(pk__in=inside.filter(database__catalog__environment=environment))


@login_required
def catalog_drop(request: HttpRequest, environment: str, catalog: str) -> HttpResponse:
    found = get_catalog(request.user, environment, catalog, EDITOR)
    form = f.DropForm(
        _posted(request),
        initial={"version": found.version},
        keyword="CATALOG",
        identifier=quote_identifier(found.name),
        name=found.name,
        needs_name=True,
    )
    context = {"environment": found.environment, "catalog": found, "page_name": "Drop"}
    context.update(kind="catalog", name=found.name)
    readers = _views_reading(found.environment, found.name, None)
    return drop_page(request, form, context, readers, reverse("home"), found)


@login_required
def database_drop(
    request: HttpRequest, environment: str, catalog: str, database: str
) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database, EDITOR)
    form = f.DropForm(
        _posted(request),
        keyword="DATABASE",
        identifier=_names(found.catalog.name, found.name),
        name=found.name,
        needs_name=False,
    )
    context = {**_database_context(found, "Drop"), "kind": "database", "name": found.name}
    readers = _views_reading(found.catalog.environment, found.catalog.name, found.name)
    success = reverse("catalog", args=[found.catalog.environment.name, found.catalog.name])
    return drop_page(request, form, context, readers, success)


@login_required
def table_drop(
    request: HttpRequest, environment: str, catalog: str, database: str, table: str
) -> HttpResponse:
    return _relation_drop(request, environment, catalog, database, table, Table.Kind.TABLE)


@login_required
def view_drop(
    request: HttpRequest, environment: str, catalog: str, database: str, view: str
) -> HttpResponse:
    return _relation_drop(request, environment, catalog, database, view, Table.Kind.VIEW)


def _relation_drop(
    request: HttpRequest, environment: str, catalog: str, database: str, name: str, kind: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, name, EDITOR, Table.Kind(kind))
    is_kafka = (found.options.get("connector") or "").endswith("kafka")
    form = f.DropForm(
        _posted(request),
        initial={"version": found.version},
        keyword=kind,
        identifier=_identifier(found).quoted(),
        name=found.name,
        needs_name=is_kafka,
    )
    context = {**_table_context(found, "Drop"), "kind": kind.lower(), "name": found.name}
    context["current_url"] = _object_url(found)
    readers = readers_of(found.database.catalog.environment, _identifier(found))
    args = [found.database.catalog.environment.name, found.database.catalog.name]
    success = reverse("database", args=[*args, found.database.name])
    return drop_page(request, form, context, readers, success, found)


@login_required
def function_drop(
    request: HttpRequest, environment: str, catalog: str, database: str, function: str
) -> HttpResponse:
    found = get_function(request.user, environment, catalog, database, function, EDITOR)
    names = (found.database.catalog.name, found.database.name, found.name)
    form = f.DropForm(
        _posted(request),
        keyword="FUNCTION",
        identifier=_names(*names),
        name=found.name,
        needs_name=False,
    )
    context = {**_database_context(found.database, "Drop"), "kind": "function", "name": found.name}
    readers = readers_of(found.database.catalog.environment, ObjectIdentifier(*names))
    success = reverse("database", args=[found.database.catalog.environment.name, *names[:2]])
    return drop_page(request, form, context, readers, success)


def _posted(request: HttpRequest) -> Any:
    """The posted data (even when empty, as a drop with nothing to fill in is), or None."""
    return request.POST if request.method == "POST" else None
