"""The snapshot import page: a stored snapshot or a file, a dry run first (the primary action),
then the import itself, all or nothing.

A browser cannot put a chosen file back into a file field, so a file sent for a dry run is
held for an hour in the shared cache (``CACHES["default"]``: Redis when there are several app
servers) under a random token that the page sends back; the import reads it from there and
lets it go. The token is the user's and the environment's only.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from config import limits
from environments.access import visible_environments
from environments.lookup import get_environment
from environments.models import Environment, Role

from .. import snapshots
from ..models import Snapshot
from .folder import posted_variables
from .snapshots import get_snapshot

HELD_SECONDS = 3600
STORED_CHOICES = 100  # the newest snapshots offered in the list


@dataclass
class Source:
    """What the import reads, and how the page names it."""

    data: bytes
    label: str
    held: str = ""  # the token of a file held since a dry run
    snapshot_id: str = ""
    file_name: str = ""

    def held_file(self) -> dict[str, Any] | None:
        """The held file's name, size and token, for the page to show and send back."""
        if not self.held:
            return None
        return {"name": self.file_name, "size": len(self.data), "token": self.held}


class SourceError(Exception):
    """Nothing to import: the message says what to choose."""


@login_required
def snapshot_import(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment, Role.EDITOR)
    post = request.POST
    context: dict[str, Any] = {
        "environment": found,
        "catalog": post.get("catalog", "").strip(),
        "stored": _stored_choices(request.user),
        # ?snapshot=<id>: the stored snapshot chosen from its page
        "chosen": post.get("snapshot") or request.GET.get("snapshot", ""),
        "skip_broken": post.get("skip_broken") == "1",
    }
    context["source"] = post.get("source") or ("stored" if context["chosen"] else "file")
    if request.method == "POST":
        source = None
        try:
            source = _source(request, found, context["source"])
            if not context["catalog"]:
                raise SourceError("Name the catalog to import the snapshot into.")
        except SourceError as exc:
            context["source_error"] = str(exc)
            # a file just sent stays held, as after a dry run
            token = post.get("held", "")
            context["held"] = source.held_file() if source else _held_file(request, found, token)
            return render(request, "snapshots/import.html", context, status=400)
        report = snapshots.import_snapshot(
            found,
            context["catalog"],
            source.data,
            request.user,
            dry_run=post.get("apply") != "1",
            variables=posted_variables(request),
            skip_broken=context["skip_broken"],
        )
        if report.applied and source.held:
            caches["default"].delete(_held_key(request, found, source.held))
        context |= {
            "report": report,
            "source_label": source.label,
            "variables": report.missing_variables or sorted(posted_variables(request)),
            "held": None if report.applied else source.held_file(),
        }
    refused = "report" in context and context["report"].code == "forbidden"
    return render(request, "snapshots/import.html", context, status=403 if refused else 200)


def _source(request: HttpRequest, environment: Environment, kind: str) -> Source:
    """The bytes to import: the stored snapshot chosen, a new file, or the file held since the
    dry run."""
    if kind == "stored":
        snapshot_id = request.POST.get("snapshot", "")
        if not snapshot_id:
            raise SourceError("Choose a stored snapshot to import, or choose a file instead.")
        try:
            snapshot = get_snapshot(request.user, snapshot_id)
        except Http404:
            raise SourceError(f"No snapshot {snapshot_id}.") from None
        data = snapshots.snapshot_bytes(snapshot)
        return Source(data, f"snapshot {snapshot_id}", snapshot_id=snapshot_id)
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > limits.UPLOAD_BYTES:
            raise SourceError(
                f"The file is {upload.size} bytes; the dashboard imports files of at most "
                f"{limits.UPLOAD_BYTES} bytes."
            )
        data = upload.read()
        token = secrets.token_urlsafe(18)
        held = (upload.name, data)
        caches["default"].set(_held_key(request, environment, token), held, HELD_SECONDS)
        return Source(data, f"file {upload.name}", token, file_name=upload.name)
    token = request.POST.get("held", "")
    kept = caches["default"].get(_held_key(request, environment, token)) if token else None
    if kept is not None:
        name, data = kept
        return Source(data, f"file {name}", token, file_name=name)
    if token:
        raise SourceError(
            "The file of the dry run is no longer kept (files are kept for an hour): choose "
            "it again."
        )
    raise SourceError("Choose a snapshot file to import, or a stored snapshot.")


def _held_key(request: HttpRequest, environment: Environment, token: str) -> str:
    return f"snapshot-import:{request.user.pk}:{environment.pk}:{token}"


def _held_file(request: HttpRequest, environment: Environment, token: str) -> dict | None:
    """The file held under ``token``, as :meth:`Source.held_file` shows it."""
    kept = caches["default"].get(_held_key(request, environment, token)) if token else None
    if kept is None:
        return None
    name, data = kept
    return Source(data, "", token, file_name=name).held_file()


def _stored_choices(user: Any) -> list[Snapshot]:
    """The newest snapshots of every environment the user reads (one query)."""
    return list(
        Snapshot.objects.filter(environment__in=visible_environments(user))
        .select_related("environment")
        .defer("content")
        .order_by("-created_at", "-pk")[:STORED_CHOICES]
    )
