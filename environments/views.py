"""Pages of an environment: describe, create, rename, delete, roles, artifacts and history."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from catalogs.models import HistoryChange, HistoryEntry
from catalogs.pages.common import page_slice, render_page, tree, url_maker
from catalogs.secrets import mask_ddl

from . import forms, page_cache, services
from .access import allowed, may_manage_users, role_of
from .lookup import get_environment, url_name
from .models import Artifact, Environment, Role

HISTORY_PAGE_SIZE = 25  # statements of many lines each


def _back(environment_name: str, page: str = "environment") -> HttpResponseRedirect:
    return redirect(reverse(page, args=[environment_name]))


@login_required
def environment_create(request: HttpRequest) -> HttpResponse:
    if not request.user.is_superuser:
        raise PermissionDenied("Only superusers create environments.")
    form = forms.EnvironmentForm(request.POST or None)
    if form.is_valid():
        try:
            created = services.add_environment(**form.cleaned_data)
        except services.ServiceError as exc:
            form.add_error("name", exc.message)
        else:
            return _back(created.name)
    return render_page(request, "environments/create.html", {"form": form})


@login_required
@page_cache.kept_page
def environment(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    role = role_of(request.user, found)
    context = {
        "environment": found,
        "role": role,
        "may": allowed(role),
        "catalogs": found.catalogs.all(),
        "tree": tree(found),
    }
    return render_page(request, "environments/environment.html", context)


@login_required
def environment_settings(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.ADMIN)
    initial = {"name": found.name, "description": found.description}
    form = forms.EnvironmentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            changed = services.update_environment(
                found, data["name"], data["description"], request.user
            )
        except services.ServiceError as exc:
            form.add_error("name", exc.message)
        else:
            messages.success(request, "Saved.")
            return _back(changed.name)
    return _settings_page(request, found, form=form)


def _settings_page(
    request: HttpRequest,
    found: Environment,
    form: forms.EnvironmentForm | None = None,
    approvals: forms.ApprovalRulesForm | None = None,
) -> HttpResponse:
    initial = {"name": found.name, "description": found.description}
    rules = {
        "required_approvals": found.required_approvals,
        "allow_self_approval": found.allow_self_approval,
    }
    context = {
        "environment": found,
        "form": form or forms.EnvironmentForm(initial=initial),
        "approvals": approvals or forms.ApprovalRulesForm(initial=rules),
        "rules": services.approval_rules_text(found),
        "delete_form": forms.DeleteEnvironmentForm(environment_name=found.name),
        "may_manage_users": may_manage_users(request.user),
    }
    return render_page(request, "environments/settings.html", context)


@login_required
@require_POST
def approval_rules(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.ADMIN)
    form = forms.ApprovalRulesForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            said = services.set_approval_rules(
                found, data["required_approvals"], data["allow_self_approval"]
            )
        except services.ServiceError as exc:
            form.add_error("required_approvals", exc.message)
        else:
            messages.success(request, said)
            return _back(found.name, "environment-settings")
    return _settings_page(request, found, approvals=form)


@login_required
@require_POST
def environment_delete(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.ADMIN)
    form = forms.DeleteEnvironmentForm(request.POST, environment_name=found.name)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors["confirm"]))
        return _back(found.name, "environment-settings")
    try:
        services.delete_environment(found)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return _back(found.name, "environment-settings")
    messages.success(request, f"Environment '{found.name}' was deleted.")
    return redirect("home")


@login_required
def roles(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.ADMIN)
    form = forms.GrantRoleForm(request.POST or None)
    if form.is_valid():
        user, role = form.cleaned_data["user"], form.cleaned_data["role"]
        try:
            services.grant_role(found, user, role)
        except services.ServiceError as exc:
            form.add_error("user", exc.message)
        else:
            messages.success(
                request, f"{user.get_username()} is now {Role(role).value} in {found.name}."
            )
            return _back(found.name, "environment-roles")
    memberships = found.memberships.select_related("user").order_by("user__username")
    context = {
        "environment": found,
        "form": form,
        "memberships": memberships,
        "roles": Role.choices,
    }
    return render_page(request, "environments/roles.html", context)


@login_required
@require_POST
def role_revoke(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.ADMIN)
    form = forms.UserForm(request.POST)
    try:
        if not form.is_valid():
            raise services.ServiceError("Name the user whose role to revoke.")
        user = services.find_user(form.cleaned_data["user"])
        services.revoke_role(found, user)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{user.get_username()} holds no role in {found.name} now.")
    return _back(found.name, "environment-roles")


@login_required
def artifacts(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.ADMIN)
    form = forms.UploadArtifactForm(request.POST or None, request.FILES or None)
    if form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            version = services.upload_artifact(
                found, form.cleaned_data["name"], upload.name, upload.read(), request.user
            )
        except services.ServiceError as exc:
            form.add_error("file", exc.message)
        else:
            messages.success(request, f"Uploaded {version} (sha256 {version.sha256}).")
            return _back(found.name, "environment-artifacts")
    listed = found.artifacts.prefetch_related("versions__uploaded_by", "users")
    use_form = forms.UseForm(environment=found)
    context = {"environment": found, "form": form, "artifacts": listed, "use_form": use_form}
    return render_page(request, "environments/artifacts.html", context)


@login_required
@require_POST
def artifact_use(request: HttpRequest, environment: str, artifact: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.ADMIN)
    target = get_object_or_404(Artifact, environment=found, name=url_name(artifact))
    form = forms.UseForm(request.POST, environment=found)
    try:
        if not form.is_valid():
            raise services.ServiceError(" ".join(form.errors.get("user", ["Pick a member."])))
        user = form.cleaned_data["user"]
        if form.cleaned_data["grant"]:
            services.grant_use(target, user)
            said = f"{user.get_username()} may now use {target.name}."
        else:
            services.revoke_use(target, user)
            said = f"{user.get_username()} may no longer use {target.name}."
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, said)
    return _back(found.name, "environment-artifacts")


@login_required
@page_cache.kept_page
def history(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    # Newest first, a page at a time without counting them all (history only grows).
    entries = page_slice(request, found.history.listed(), size=HISTORY_PAGE_SIZE)
    _link_changes(found.name, entries)
    return render_page(
        request, "environments/history.html", {"environment": found, "entries": entries}
    )


def _link_changes(environment: str, entries: Iterable[HistoryEntry]) -> None:
    """Give each entry its time as the page shows it (``when``, in the current time zone)
    and each change its label (``label``) and, for an object, the address of the object's
    history (``url``); each catalog, database and kind's addresses share one ``reverse``.
    Made here once, not by the template's lookups and filters (most of the page's time)."""
    makers: dict[tuple[str, str, str], Callable[[str], str]] = {}
    for entry in entries:
        entry.when = timezone.localtime(entry.created_at).strftime("%Y-%m-%d %H:%M:%S")
        for change in entry.change_list:
            names = [change.catalog_name, change.database_name, change.object_name]
            change.label = f"{change.kind} {'.'.join(n for n in names if n)}"
            if change.object_name:
                place = (change.kind, change.catalog_name, change.database_name)
                if place not in makers:
                    makers[place] = url_maker("object-history", environment, *place)
                change.url = makers[place](change.object_name)


@login_required
def object_history(
    request: HttpRequest, environment: str, kind: str, catalog: str, database: str, name: str
) -> HttpResponse:
    found = get_environment(request.user, environment)
    changes = list(
        HistoryChange.objects.filter(
            entry__environment=found,
            kind=kind,
            catalog_name=url_name(catalog),
            database_name=url_name(database),
            object_name=url_name(name),
        )
        .select_related("entry__user")
        .order_by("-entry__created_at", "-entry_id")
    )
    by_entry = {str(change.entry_id): change for change in changes}
    start, end = by_entry.get(request.GET.get("from", "")), by_entry.get(request.GET.get("to", ""))
    diff = None
    if start and end:
        diff = "".join(
            difflib.unified_diff(
                mask_ddl(start.after).splitlines(keepends=True),
                mask_ddl(end.after).splitlines(keepends=True),
                fromfile=f"entry {start.entry_id}",
                tofile=f"entry {end.entry_id}",
            )
        )
    context = {
        "environment": found,
        "kind": kind,
        "name": f"{catalog}.{database}.{name}",
        "changes": changes,
        "diff": diff,
    }
    return render_page(request, "environments/object_history.html", context)
