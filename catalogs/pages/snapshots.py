"""Snapshot pages: the list of an environment's snapshots, a snapshot browsable like a catalog,
its bytes at a stable URL, diffs, import, and the catalog-store and init-script downloads."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST

from environments.access import has_role, role_of
from environments.lookup import RoleNeeded, get_environment
from environments.models import Role
from environments.services import ServiceError

from .. import deployment_files, snapshot_diffs, snapshots
from ..flinksql import snapshot_format as sf
from ..models import Snapshot
from ..secrets import mask_options
from .common import PAGE_SIZE, paginate, requested_page

# how long a snapshot's numbers (of objects by database, its head and first secret placeholders)
# are kept in the cache, in seconds
CONTENTS_KEPT = 24 * 3600
# the breaking changes a diff's page lists; the API and ``snapshot diff`` give all of them
BREAKING_SHOWN = 100


def get_snapshot(user: Any, snapshot_id: str, needed: Role = Role.VIEWER) -> Snapshot:
    """The snapshot, if the user holds a role in its environment (404 otherwise: an outsider
    must not learn that it exists); 403 when the role is too low for the action."""
    snapshot = (
        Snapshot.objects.filter(snapshot_id=snapshot_id)
        .select_related("environment", "created_by")
        .first()
    )
    if snapshot is None or role_of(user, snapshot.environment) is None:
        raise Http404(f"No snapshot {snapshot_id}.")
    if not has_role(user, snapshot.environment, needed):
        raise RoleNeeded(snapshot.environment, needed)
    return snapshot


@login_required
def snapshot_json(request: HttpRequest, snapshot_id: str) -> HttpResponse:
    """The stored bytes, unchanged, forever."""
    snapshot = get_snapshot(request.user, snapshot_id)
    try:
        return snapshots.snapshot_response(snapshot, "application/json; charset=utf-8")
    except ServiceError as exc:
        return HttpResponse(exc.message, status=500, content_type="text/plain")


@login_required
def snapshot_list(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    context = {
        "environment": found,
        "snapshots": Snapshot.objects.filter(environment=found).defer("content"),
        "catalogs": found.catalogs.order_by("name"),
        "can_take": has_role(request.user, found, Role.EDITOR),
        "not_ok": snapshots.views_not_ok(found),
    }
    return render(request, "snapshots/list.html", context)


@login_required
@require_POST
def snapshot_take(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.EDITOR)
    databases = [d for d in request.POST.getlist("database") if d]
    try:
        snapshot, result = snapshots.take_snapshot(
            found,
            request.POST.get("catalog", ""),
            request.user,
            databases or None,
            label=request.POST.get("label", ""),
            note=request.POST.get("note", ""),
            leave_out_broken=request.POST.get("leave_out_broken") == "1",
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("snapshot-list", found.name)
    for secret in result.secrets:
        messages.warning(
            request,
            f"Secret option '{secret['option']}' of {secret['object'] or 'the catalog'} was "
            f"written as ${{{secret['variable']}}}: the deployment must provide it.",
        )
    for warning in result.warnings:
        messages.warning(request, warning)
    if result.left_out:
        messages.warning(request, result.left_out_note())
    return redirect("snapshot", snapshot.snapshot_id)


@login_required
def snapshot_page(request: HttpRequest, snapshot_id: str) -> HttpResponse:
    """The snapshot's content as the catalog pages show a catalog: its databases with their
    numbers of objects, and one database's tables, views and functions a page at a time (every
    database at once when the whole snapshot fits on a page). The stored document is read in
    passes (:func:`sf.contents`), holding one page of objects, whatever the snapshot's size;
    its numbers are kept in the cache, so a later page reads only as far as its objects."""
    snapshot = get_snapshot(request.user, snapshot_id)
    try:
        side = snapshots.stored_side(snapshot)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("snapshot-list", snapshot.environment.name)
    chosen = request.GET.get("database")
    shown: list[tuple[str, Any]] = []
    kept = f"snapshot-contents:{snapshot.snapshot_id}:{snapshot.sha256}"
    known = cache.get(kept)

    def read(database: str | None, start: int, stop: int) -> sf.Contents:
        nonlocal known
        found = sf.contents(side, database, start, stop, known=known)
        if known is None:  # a snapshot never changes: its numbers are read once
            known = found.summary()
            cache.set(kept, known, CONTENTS_KEPT)
        return found

    if chosen is None:
        found = read(None, 0, PAGE_SIZE + 1)
        if found.total() <= PAGE_SIZE:
            databases: dict[str, list[dict[str, Any]]] = {}
            for entry in found.window:
                name = entry.get("database") or found.head.get("databaseName") or ""
                databases.setdefault(name, []).append(_masked(entry))
            shown = [
                (name, paginate(request, databases.get(name, []))) for name in sorted(found.counts)
            ]
    else:
        number = requested_page(request)
        found = read(chosen, (number - 1) * PAGE_SIZE, number * PAGE_SIZE)
        if chosen not in found.counts:
            raise Http404(f"Snapshot {snapshot.snapshot_id} holds no database '{chosen}'.")
        count = found.total(chosen)
        if (served := _page_number(request, count)) != number:  # past the end: the last page
            number = served
            found = read(chosen, (number - 1) * PAGE_SIZE, number * PAGE_SIZE)
        window = _Window(count, (number - 1) * PAGE_SIZE, [_masked(e) for e in found.window])
        shown = [(chosen, Paginator(window, PAGE_SIZE).page(number))]
    context = {
        "environment": snapshot.environment,
        "snapshot": snapshot,
        "document": found.head,
        "secrets": found.secrets,
        "secrets_more": found.secret_count - len(found.secrets),
        "summary": [
            (name, counts, name == chosen) for name, counts in sorted(found.counts.items())
        ],
        "shown": shown,
        "catalog_options": mask_options(found.head.get("catalogOptions") or {}),
        "choices": _comparable(snapshot),
        "can_delete": has_role(request.user, snapshot.environment, Role.ADMIN),
        "can_import": has_role(request.user, snapshot.environment, Role.EDITOR),
    }
    return render(request, "snapshots/snapshot.html", context)


def _masked(entry: dict[str, Any]) -> dict[str, Any]:
    """A table's entry with its secret option values masked; others as they are."""
    if entry["kind"] == "table":
        return {**entry, "options": mask_options(entry.get("options") or {})}
    return entry


def _page_number(request: HttpRequest, count: int) -> int:
    """The page a request asks for, as Django's paginator serves it of ``count`` objects."""
    return Paginator(range(count), PAGE_SIZE).get_page(request.GET.get("page")).number


class _Window:
    """The paginator's list of a database's objects: it knows their number, holds one page."""

    def __init__(self, count: int, start: int, objects: list[dict[str, Any]]) -> None:
        self.length, self.start, self.objects = count, start, objects

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, wanted: slice) -> list[dict[str, Any]]:
        return self.objects[wanted.start - self.start : wanted.stop - self.start]


@login_required
def snapshot_diff(request: HttpRequest, snapshot_id: str) -> HttpResponse:
    """Two sides the user chooses, old → new: ``?old=<id>&new=<id or live>`` (this snapshot
    and ``live``, its catalog as it is now, by default). ``?against=<id or live>`` compares
    this snapshot with another, the one taken first on the old side."""
    snapshot = get_snapshot(request.user, snapshot_id)
    old, new = _sides(request, snapshot)

    def find(snapshot_id: str) -> Snapshot:
        return get_snapshot(request.user, snapshot_id)

    references = [snapshot_diffs.compared_with(snapshot, side, find) for side in (old, new)]
    if None in references:
        raise Http404("Compare with a snapshot id or 'live'.")
    try:
        result = snapshot_diffs.diff(references[0], references[1], request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("snapshot", snapshot.snapshot_id)
    breaking = result.breaking
    context = {
        "environment": snapshot.environment,
        "snapshot": snapshot,
        "diff": result,
        "counts": result.counts(),
        "objects": paginate(request, result.objects),
        "breaking": breaking[:BREAKING_SHOWN],
        "breaking_more": len(breaking) - BREAKING_SHOWN,
        "old": old,
        "new": new,
        "choices": _comparable(snapshot),
    }
    return render(request, "snapshots/diff.html", context)


def _sides(request: HttpRequest, snapshot: Snapshot) -> tuple[str, str]:
    """The old and the new side of a diff, each a snapshot id or ``live``."""
    if "old" in request.GET or "new" in request.GET:
        return request.GET.get("old", snapshot.snapshot_id), request.GET.get("new", "live")
    against = request.GET.get("against", "live")
    if against == "live" or against == snapshot.snapshot_id:
        return snapshot.snapshot_id, against
    other = get_snapshot(request.user, against) if sf.is_snapshot_id(against) else None
    if other is None:
        return snapshot.snapshot_id, against  # compared_with refuses it
    first, then = sorted([snapshot, other], key=lambda s: (s.created_at, s.pk))
    return first.snapshot_id, then.snapshot_id


def _comparable(snapshot: Snapshot) -> list[Snapshot]:
    """The snapshots a diff may take either side from: the newest of the same catalog's, and
    this one."""
    others = list(
        Snapshot.objects.filter(
            environment=snapshot.environment, catalog_name=snapshot.catalog_name
        ).defer("content")[:50]
    )
    if all(other.pk != snapshot.pk for other in others):
        others.append(snapshot)
    return others


@login_required
def snapshot_delete(request: HttpRequest, snapshot_id: str) -> HttpResponse:
    snapshot = get_snapshot(request.user, snapshot_id, Role.ADMIN)
    if request.method != "POST":
        context = {"environment": snapshot.environment, "snapshot": snapshot}
        return render(request, "snapshots/delete.html", context)
    environment = snapshot.environment.name
    snapshots.delete_snapshot(snapshot, request.user)
    messages.success(request, f"Snapshot {snapshot_id} deleted; the history records it.")
    return redirect("snapshot-list", environment)


@login_required
def catalog_store_download(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    try:
        files, _ = deployment_files.catalog_store_files(found)
    except ServiceError as exc:
        return HttpResponse(exc.message, status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(
        deployment_files.catalog_store_zip(files), content_type="application/zip"
    )
    response["Content-Disposition"] = content_disposition_header(
        True, f"{found.name}-catalog-store.zip"
    )
    return response


@login_required
def init_script_download(request: HttpRequest, environment: str, catalog: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    try:
        leave_out = request.GET.get("leave_out_broken") == "1"
        script = deployment_files.init_script(found, [catalog], leave_out_broken=leave_out)
    except ServiceError as exc:
        raise Http404(exc.message) from None
    response = HttpResponse(script, content_type="text/plain; charset=utf-8")
    # Django's helper quotes or percent-encodes the name: no quote or line break in a catalog's
    # name can end the header or add another.
    response["Content-Disposition"] = content_disposition_header(True, f"{catalog}-init.sql")
    return response
