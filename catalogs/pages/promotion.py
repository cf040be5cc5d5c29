"""Promotion in the browser: "Compare environments" (what differs, object by object, as text
diffs of the normalized definitions, with the plan and its impact) and "Promote" (a change
request in the target environment). Every rule lives in :mod:`catalogs.promotion`."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from environments.access import has_role, visible_environments
from environments.lookup import get_environment
from environments.models import Role
from environments.services import ServiceError

from .. import promotion
from .folder import posted_variables


def _mapping_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


@login_required
def promote(request: HttpRequest, environment: str) -> HttpResponse:
    """Compare chosen catalogs of another environment with this one (GET, or POST without
    ``promote``); with ``promote=1`` (editors of this environment), open the change request."""
    target = get_environment(request.user, environment)
    data = request.POST if request.method == "POST" else request.GET
    source_name = data.get("from", "")
    catalogs_text = data.get("catalogs", "")
    context: dict[str, Any] = {
        "environment": target,
        "sources": visible_environments(request.user).exclude(pk=target.pk).order_by("name"),
        "source_name": source_name,
        "catalogs_text": catalogs_text,
        "allow_drops": data.get("allow_drops") == "1",
        "can_promote": has_role(request.user, target, Role.EDITOR),
    }
    if not source_name:
        return render(request, "catalogs/promote.html", context)
    try:
        source = get_environment(request.user, source_name)
        mapping = promotion.parse_mapping(_mapping_lines(catalogs_text))
        if not mapping:
            raise ServiceError("Name at least one catalog, as shop or shop_dev:shop.")
        if request.method == "POST" and data.get("promote") == "1":
            get_environment(request.user, environment, Role.EDITOR)  # 403 for viewers
            variables = posted_variables(request)
            promoted = promotion.promote(
                source, target, mapping, request.user, variables, context["allow_drops"]
            )
            opened = promoted.applied.change_request
            if opened is not None:
                messages.success(request, f"Change request #{opened.pk} opened.")
                return redirect("change-request", target.name, opened.pk)
            context["variables"] = promoted.applied.missing_variables
            context["planned"] = promoted.applied.plan
        else:
            context["planned"] = promotion.plan_promotion(
                source, target, mapping, context["allow_drops"]
            )
        context["differences"] = promotion.compare(source, target, mapping)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return render(request, "catalogs/promote.html", context, status=400)
    except promotion.fd.FolderInvalid as exc:
        for error in exc.errors:
            messages.error(request, error)
        return render(request, "catalogs/promote.html", context, status=400)
    context["source"] = source
    status = 400 if context["planned"].exit_code == 1 else 200
    return render(request, "catalogs/promote.html", context, status=status)
