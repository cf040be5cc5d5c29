"""Forms that change the catalog: each shows the statement it will run, then runs it through
the executor and shows the executor's error beside the field it is about."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from changes import proposing
from environments.access import NEEDED
from environments.lookup import get_environment
from environments.models import Artifact, Environment
from environments.services import ServiceError

from .. import forms as f
from ..executor import Executor, Session, StatementResult
from ..executor.impact import ImpactReport, impact_of, may_mark
from ..flinksql.catalog import ObjectIdentifier, quote_identifier
from ..flinksql.errors import Forbidden
from ..lookup import get_catalog, get_database, get_function, get_table
from ..models import Dependency, Function, Table
from ..readers import readers_of
from ..secrets import mask_ddl
from ..services import set_function_details
from .common import render_page, shortened, tree
from .origin import console_origin

EDITOR = NEEDED["change"]
FORBIDDEN = Forbidden.code  # a refusal for a missing permission answers 403
# Buttons that only show the form again (one more column row, another catalog type's fields).
REDRAW = ("add_column", "choose_type", "fill_connector")


class _Failed(Exception):
    """Rolls back the statements of one form when a later one fails."""


@dataclass
class Problem:
    """What a step after the statements refused: the field it is about, why, and what kind
    of refusal it is (as a statement's code)."""

    field: str | None
    error: str
    code: str = "invalid"


AfterRun = Callable[[], "Problem | None"]


def run_statements(
    request: HttpRequest, session: Session, built: list[f.Built], after: AfterRun | None = None
) -> StatementResult | Problem | None:
    """Run the form's statements in one transaction; the failing result, or None.

    ``after`` runs in the same transaction once they all ran; a problem it returns rolls
    everything back and is the failure."""
    executor = Executor(session, request.user, console_origin(request))
    failed: StatementResult | Problem | None = None
    try:
        with executor.all_or_nothing():
            for item in built:
                result = executor.execute(item.text)
                if not result.ok:
                    failed = result
                    raise _Failed
            failed = after() if after is not None else None
            if failed is not None:
                raise _Failed
    except _Failed:
        pass
    return failed


def _statements(form: f.StatementForm) -> list[f.Built]:
    return form.statements() if hasattr(form, "statements") else [form.statement()]


def _place_error(form: f.StatementForm, built: f.Built, message: str) -> None:
    marked = built.marker_for(message)
    if marked is not None and marked[0] in form.fields:  # the SQL editor marks the range
        widget = form.fields[marked[0]].widget
        widget.attrs["data-markers"] = json.dumps([marked[1]])
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
    after: AfterRun | None = None,
) -> HttpResponse:
    """Preview, check the version, run (or add to a change request), and redirect or show
    the error in place."""
    environment = context["environment"]
    context.update(form=form, tree=tree(environment, context.get("catalog")))
    context.setdefault("open_requests", proposing.open_requests(environment))
    if request.method == "POST" and request.GET.get("preview") is not None:
        form.is_valid()
        context["statements"] = _statements(form)
        context["impact"] = _impact(request, environment, context, context["statements"])
        context["problems"] = form.problems() if hasattr(form, "problems") else []
        context["warnings"] = form.warnings() if hasattr(form, "warnings") else []
        return render(request, f"{template}#statement", context)
    redraw = any(name in request.POST for name in REDRAW)
    refused = False
    if request.method == "POST" and not redraw and form.is_valid():
        if current is not None and form.cleaned_data.get("version") != current.version:
            context["stale"] = True
        elif "to_request" in request.POST:
            added, refused = _add_to_request(request, form, environment)
            if added is not None:
                return redirect(added)
        else:
            built = _statements(form)
            session = _session(environment, context)
            failed = run_statements(request, session, built, after)
            if failed is None:
                done = mask_ddl(" ".join(b.text for b in built))
                messages.success(request, shortened("Done: " + done))
                return redirect(success_url)
            refused = failed.code == FORBIDDEN
            if isinstance(failed, Problem):
                form.add_error(failed.field, failed.error)
            else:
                failing = next(b for b in built if b.text == failed.text)
                _place_error(form, failing, failed.error or "")
    context["statements"] = _statements(form)
    context["impact"] = _impact(request, environment, context, context["statements"])
    context["warnings"] = form.warnings() if hasattr(form, "warnings") else []
    response = render_page(request, template, context)
    response.status_code = 403 if refused else 200  # a missing permission, shown in place
    return response


def _session(environment: Environment, context: dict[str, Any]) -> Session:
    """Where the form's statements run: unqualified names in a query resolve where the form
    was opened, as in Flink after USE CATALOG and USE; a drop runs from the environment
    catalog, since Flink refuses to drop the catalog or database in use."""
    catalog, database = context.get("catalog"), context.get("database")
    if context.get("kind"):
        catalog = database = None
    return Session.start(environment, catalog and catalog.name, database and database.name)


def _impact(
    request: HttpRequest, environment: Environment, context: dict[str, Any], built: list
) -> ImpactReport | None:
    """What the shown statements would mark, transitively (None when they would not run or
    change nothing yet)."""
    texts = [b.text for b in built if b.text]
    if not texts or not request.user.is_authenticated or not may_mark(texts):
        return None
    report = impact_of(_session(environment, context), request.user, texts)
    return report if report.ok else None


def _add_to_request(
    request: HttpRequest, form: f.StatementForm, environment: Environment
) -> tuple[str | None, bool]:
    """Append the form's statements to the chosen open request, or open a new one titled from
    them; the request's page, or None with the reason on the form (and whether a permission
    is missing)."""
    statements = [b.text for b in _statements(form)]
    if not statements:
        form.add_error(None, "Nothing to add: the form changes nothing yet.")
        return None, False
    chosen = request.POST.get("change_request", "")
    try:
        change_request = proposing.propose(environment, request.user, statements, chosen)
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return None, exc.code == FORBIDDEN
    messages.success(request, f"Added to change request #{change_request.pk}.")
    return reverse("change-request", args=[environment.name, change_request.pk]), False


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
        "options": f.shown_options({k: v for k, v in found.options.items() if k != "type"}),
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
def database_alter(
    request: HttpRequest, environment: str, catalog: str, database: str
) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database, EDITOR)
    form = f.DatabaseAlterForm(_posted(request), catalog=found.catalog.name, database=found.name)
    success = reverse(
        "database", args=[found.catalog.environment.name, found.catalog.name, found.name]
    )
    context = _database_context(found, "Set properties")
    return form_page(request, form, "catalogs/database_alter.html", context, success)


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
    readers = readers_of(environment_, _identifier(found), "relation").select_related(
        "database__catalog"
    )
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
    context.update(kind="catalog", name=found.name, removes=found.contents())
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
    readers = readers_of(found.database.catalog.environment, _identifier(found), "relation")
    form = f.DropForm(
        _posted(request),
        initial={"version": found.version},
        keyword=kind,
        identifier=_identifier(found).quoted(),
        name=found.name,
        needs_name=f.asks_for_name(readers.exists(), elsewhere=is_kafka),
    )
    context = {**_table_context(found, "Drop"), "kind": kind.lower(), "name": found.name}
    context["current_url"] = _object_url(found)
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
    readers = readers_of(found.database.catalog.environment, ObjectIdentifier(*names), "function")
    success = reverse("database", args=[found.database.catalog.environment.name, *names[:2]])
    return drop_page(request, form, context, readers, success)


def _posted(request: HttpRequest) -> Any:
    """The posted data (even when empty, as a drop with nothing to fill in is), or None."""
    return request.POST if request.method == "POST" else None


def _readers_context(readers: QuerySet[Table] | None) -> dict[str, Any]:
    if readers is None:
        return {"readers": [], "reader_count": 0}
    return {
        "readers": readers.select_related("database__catalog")[:50],
        "reader_count": readers.count(),
    }


# -- renames -------------------------------------------------------------------------------
@login_required
def table_rename(
    request: HttpRequest, environment: str, catalog: str, database: str, table: str
) -> HttpResponse:
    return _relation_rename(request, environment, catalog, database, table, Table.Kind.TABLE)


@login_required
def view_rename(
    request: HttpRequest, environment: str, catalog: str, database: str, view: str
) -> HttpResponse:
    return _relation_rename(request, environment, catalog, database, view, Table.Kind.VIEW)


def _relation_rename(
    request: HttpRequest, environment: str, catalog: str, database: str, name: str, kind: str
) -> HttpResponse:
    found = get_table(request.user, environment, catalog, database, name, EDITOR, Table.Kind(kind))
    form = f.RenameForm(
        _posted(request),
        initial={"version": found.version, "new_name": found.name},
        identifier=_identifier(found).quoted(),
        keyword=kind,
        database=(found.database.catalog.name, found.database.name),
    )
    context = {**_table_context(found, "Rename"), "kind": kind.lower(), "name": found.name}
    context["current_url"] = _object_url(found)
    context.update(
        _readers_context(
            readers_of(found.database.catalog.environment, _identifier(found), "relation")
        )
    )
    args = [found.database.catalog.environment.name, found.database.catalog.name]
    new_name = form.data.get("new_name", "")
    success = (
        reverse("view" if found.is_view else "table", args=[*args, found.database.name, new_name])
        if new_name
        else reverse("database", args=[*args, found.database.name])
    )
    return form_page(request, form, "catalogs/rename_form.html", context, success, found)


# -- functions -----------------------------------------------------------------------------
@login_required
def function_alter(
    request: HttpRequest, environment: str, catalog: str, database: str, function: str
) -> HttpResponse:
    found = get_function(request.user, environment, catalog, database, function, EDITOR)
    environment_ = found.database.catalog.environment
    names = (found.database.catalog.name, found.database.name, found.name)
    initial = {
        "class_name": found.class_name,
        "language": found.language,
        "jars": ", ".join(found.jars),
        "return_type": found.return_type or "",
        "artifact": found.artifact.name if found.artifact else "",
    }
    artifacts = list(
        Artifact.objects.filter(environment=environment_).values_list("name", flat=True)
    )
    form = f.FunctionAlterForm(
        _posted(request), initial=initial, identifier=_names(*names), artifacts=artifacts
    )

    def save_details() -> Problem | None:
        data = form.cleaned_data
        try:
            set_function_details(
                Function.objects.get(database=found.database, name=found.name),
                request.user,
                return_type=data.get("return_type") or None,
                artifact=data.get("artifact") or None,
            )
        except ServiceError as exc:
            about = "return_type" if "type" in exc.message.lower() else "artifact"
            return Problem(about, exc.message, exc.code)
        return None

    context = {**_database_context(found.database, "Edit function"), "function": found}
    success = reverse("database", args=[environment_.name, *names[:2]])
    return form_page(
        request, form, "catalogs/function_alter.html", context, success, after=save_details
    )
