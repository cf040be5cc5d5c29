"""Definitions as code in the browser: "Export as folder" (a zip of one file per object) and
"Plan from folder" (upload a zip; the plan, its impact, and a change request made of it).
Every rule lives in :mod:`catalogs.folder`."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header

from config import limits
from environments.access import has_role
from environments.lookup import get_environment
from environments.models import Role
from environments.services import ServiceError

from .. import folder

# the form's field with the value of placeholder ${NAME}: "variable-NAME" (as the import's)
VARIABLE_FIELD = "variable-"


def posted_variables(request: HttpRequest) -> dict[str, str]:
    """The values of the ``${NAME}`` placeholders the form sent, by name."""
    return {
        key.removeprefix(VARIABLE_FIELD): value
        for key, value in request.POST.items()
        if key.startswith(VARIABLE_FIELD)
    }


@login_required
def folder_download(request: HttpRequest, environment: str) -> HttpResponse:
    """The zip of the folder: every catalog but the environment's own, or those named by
    ``?catalog=`` (repeatable)."""
    found = get_environment(request.user, environment)
    try:
        files = folder.export_files(found, request.GET.getlist("catalog") or None)
    except ServiceError as exc:
        return HttpResponse(exc.message, status=404, content_type="text/plain; charset=utf-8")
    response = HttpResponse(folder.folder_zip(files), content_type="application/zip")
    response["Content-Disposition"] = content_disposition_header(True, f"{found.name}-folder.zip")
    return response


@login_required
def folder_plan(request: HttpRequest, environment: str) -> HttpResponse:
    """Upload a folder (zip): its plan and impact; with ``open=1``, a change request of it
    (editors)."""
    found = get_environment(request.user, environment)
    context: dict[str, Any] = {
        "environment": found,
        "can_open": has_role(request.user, found, Role.EDITOR),
        "allow_drops": request.POST.get("allow_drops") == "1",
        "title": request.POST.get("title", ""),
    }
    if request.method != "POST":
        return render(request, "catalogs/folder_plan.html", context)
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, "Choose a zip of the folder.")
        return render(request, "catalogs/folder_plan.html", context, status=400)
    if upload.size > limits.UPLOAD_BYTES:
        messages.error(
            request,
            f"The file is {upload.size} bytes; the dashboard reads files of at most "
            f"{limits.UPLOAD_BYTES} bytes.",
        )
        return render(request, "catalogs/folder_plan.html", context, status=400)
    try:
        files = folder.read_zip(upload.read())
    except ServiceError as exc:
        messages.error(request, exc.message)
        return render(request, "catalogs/folder_plan.html", context, status=400)
    variables = posted_variables(request)
    if request.POST.get("open") == "1":
        if not context["can_open"]:
            get_environment(request.user, environment, Role.EDITOR)  # answers 403
        try:
            applied = folder.open_change_request(
                found, files, request.user, variables, context["allow_drops"], context["title"]
            )
        except ServiceError as exc:
            messages.error(request, exc.message)
            return render(request, "catalogs/folder_plan.html", context, status=400)
        if applied.change_request is not None:
            messages.success(request, f"Change request #{applied.change_request.pk} opened.")
            return redirect("change-request", found.name, applied.change_request.pk)
        context["variables"] = applied.missing_variables
        planned = applied.plan
    else:
        planned = folder.plan_folder(found, files, context["allow_drops"], variables)
        context["variables"] = sorted({*folder.placeholders(planned), *variables})
    context["planned"] = planned
    status = 400 if planned.exit_code == 1 else 200
    return render(request, "catalogs/folder_plan.html", context, status=status)
