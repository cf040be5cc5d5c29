"""Signing in: the lockout policy the login page states, the page a locked-out client gets,
and the client address that failed attempts are counted under (``AXES_*`` in settings)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def _counted(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _minutes() -> str:
    return _counted(int(settings.AXES_COOLOFF_TIME.total_seconds() // 60), "minute")


def lockout_policy() -> str:
    return (
        f"After {_counted(settings.AXES_FAILURE_LIMIT, 'failed attempt')} for one user name "
        f"from one address, signing in with that name from there is paused for {_minutes()}."
    )


class LoginView(auth_views.LoginView):
    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "lockout_policy": lockout_policy()}


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict | None = None,
) -> HttpResponse:
    """What a sign-in attempt of a locked-out user name and address gets, right password or
    not: 429 and when to try again."""
    context = {
        "username": (credentials or {}).get("username", ""),
        "minutes": _minutes(),
        "lockout_policy": lockout_policy(),
    }
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response


def client_ip(request: HttpRequest) -> str | None:
    """The connection's address, or the last one in ``CLIENT_IP_HEADER`` (the address the
    trusted proxy saw; earlier ones are whatever the client sent)."""
    header = settings.CLIENT_IP_HEADER
    if header:
        meta = "HTTP_" + header.upper().replace("-", "_")
        named = request.META.get(meta, "").split(",")[-1].strip()
        if named:
            return named
    return request.META.get("REMOTE_ADDR")
