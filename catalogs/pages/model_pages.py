"""A model's page, and the forms that create, change, rename and drop models. Each form
builds a Flink SQL statement (CREATE / ALTER / DROP MODEL) that the executor runs."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from environments import page_cache
from environments.models import Role

from .. import forms as f
from ..executor import StatementResult, store
from ..flinksql import render
from ..flinksql.catalog import ObjectIdentifier
from ..forms import models as mf
from ..lookup import get_database, get_model
from ..models import HistoryChange
from ..models import Model as CatalogModel
from ..readers import readers_of
from ..secrets import mask_ddl, mask_options
from .browse import HISTORY_LIMIT, _diff, _rows_as_text
from .common import render_page, tree
from .forms import EDITOR, _database_context, _posted, drop_page, form_page

# the views calling a model that its page lists
READERS_SHOWN = 50


def _identifier(model: CatalogModel) -> ObjectIdentifier:
    return ObjectIdentifier(model.database.catalog.name, model.database.name, model.name)


def _url(model: CatalogModel) -> str:
    database = model.database
    args = [database.catalog.environment.name, database.catalog.name, database.name, model.name]
    return reverse("model", args=args)


def _database_url(model: CatalogModel) -> str:
    database = model.database
    return reverse(
        "database", args=[database.catalog.environment.name, database.catalog.name, database.name]
    )


def _context(model: CatalogModel, page_name: str) -> dict[str, Any]:
    return {**_database_context(model.database, page_name), "model": model}


def model_history(model: CatalogModel) -> list[dict[str, Any]]:
    """The latest changes of a model, each with a diff of its definition."""
    changes = (
        HistoryChange.objects.filter(
            entry__environment=model.database.catalog.environment,
            kind=HistoryChange.Kind.MODEL,
            catalog_name=model.database.catalog.name,
            database_name=model.database.name,
            object_name=model.name,
        )
        .select_related("entry__user")
        .order_by("-entry__created_at", "-pk")[:HISTORY_LIMIT]
    )
    return [{"change": change, "diff": _diff(change)} for change in changes]


@login_required
@page_cache.kept_page
def model(
    request: HttpRequest, environment: str, catalog: str, database: str, model: str
) -> HttpResponse:
    found = get_model(request.user, environment, catalog, database, model, Role.VIEWER)
    identifier = _identifier(found)
    definition = store.model_definition(found, identifier)
    columns, rows = render.describe_model(definition)
    describe = StatementResult(f"DESCRIBE MODEL {identifier.quoted()}", True, columns, rows)
    context = {
        **_context(found, ""),
        "page_name": None,
        "options": mask_options(found.options),
        "describe": _rows_as_text(describe),
        "show_create": mask_ddl(render.show_create_model(definition)),
        "history": model_history(found),
        "readers": readers_of(
            found.database.catalog.environment, identifier, "model"
        ).select_related("database__catalog")[:READERS_SHOWN],
        "tree": tree(found.database.catalog.environment, found.database.catalog, found.database),
    }
    return render_page(request, "catalogs/model.html", context)


@login_required
def model_create(
    request: HttpRequest, environment: str, catalog: str, database: str
) -> HttpResponse:
    found = get_database(request.user, environment, catalog, database, EDITOR)
    form = mf.ModelForm(_posted(request), database=(found.catalog.name, found.name))
    success = reverse(
        "database", args=[found.catalog.environment.name, found.catalog.name, found.name]
    )
    context = _database_context(found, "New model")
    return form_page(request, form, "catalogs/model_form.html", context, success)


@login_required
def model_alter(
    request: HttpRequest, environment: str, catalog: str, database: str, model: str
) -> HttpResponse:
    found = get_model(request.user, environment, catalog, database, model, EDITOR)
    initial = {"version": found.version, "options": f.shown_options(found.options)}
    form = mf.ModelOptionsForm(
        _posted(request), initial=initial, table=found, identifier=_identifier(found).quoted()
    )
    context = _context(found, "Edit options")
    return form_page(request, form, "catalogs/model_alter.html", context, _url(found), found)


@login_required
def model_rename(
    request: HttpRequest, environment: str, catalog: str, database: str, model: str
) -> HttpResponse:
    found = get_model(request.user, environment, catalog, database, model, EDITOR)
    form = f.RenameForm(
        _posted(request),
        initial={"version": found.version, "new_name": found.name},
        identifier=_identifier(found).quoted(),
        keyword="MODEL",
        database=(found.database.catalog.name, found.database.name),
    )
    context = {**_context(found, "Rename"), "kind": "model", "name": found.name}
    context["current_url"] = _url(found)
    new_name = form.data.get("new_name") if form.is_bound else None
    database = found.database
    place = [database.catalog.environment.name, database.catalog.name, database.name]
    success = reverse("model", args=[*place, new_name]) if new_name else _database_url(found)
    return form_page(request, form, "catalogs/rename_form.html", context, success, found)


@login_required
def model_drop(
    request: HttpRequest, environment: str, catalog: str, database: str, model: str
) -> HttpResponse:
    found = get_model(request.user, environment, catalog, database, model, EDITOR)
    form = f.DropForm(
        _posted(request),
        initial={"version": found.version},
        keyword="MODEL",
        identifier=_identifier(found).quoted(),
        name=found.name,
        needs_name=False,
    )
    context = {**_context(found, "Drop"), "kind": "model", "name": found.name}
    context["current_url"] = _url(found)
    # the views calling it (ML_PREDICT), which dropping it breaks
    readers = readers_of(found.database.catalog.environment, _identifier(found), "model")
    return drop_page(request, form, context, readers, _database_url(found), found)
