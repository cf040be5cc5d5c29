"""The 403 answer: JSON under ``/api/``; elsewhere a page in the site's layout that says which
role the action needs and who grants it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from .access import granters
from .api.errors import error_body
from .lookup import RoleNeeded


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    message = str(exception) or "You may not do this."
    if request.path.startswith("/api/"):
        return JsonResponse(error_body(message), status=403)
    context = {"message": message}
    if isinstance(exception, RoleNeeded):
        context |= {
            "environment": exception.environment,
            "needed": exception.needed,
            "granters": granters(exception.environment),
            "page": "Permission needed",
        }
    return render(request, "403.html", context, status=403)
