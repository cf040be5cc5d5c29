"""Pages and API answers served again while nothing they show has changed.

A page is kept under a key made of its path (query string included), the environment's
version (``environments.versions``: raised as the last write of every change, so a reader
that sees a version sees every change it counts), the reader's role there, and whether htmx
asked for a fragment. Readers with the same role see the same content, so one rendering serves
them all until the next change; the first reader after a change renders the page again.

What differs between readers of one role is put in when the page is served: the CSRF token
and the user's name are rendered as marks (derived from the secret key, so no user text can
forge one) and replaced per request. A page is neither served from nor kept in the cache while
the reader has messages waiting, so a message is never shown to someone else. The cache is
each process's memory, or the Redis every app server shares (``CACHES["pages"]``,
``config/caches.py``); ``PAGE_CACHE=0`` turns it off.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.crypto import salted_hmac
from django.utils.html import escape

from .models import Environment, EnvironmentVersion, Membership, Role

View = Callable[..., HttpResponse]
Varies = Callable[[HttpRequest, dict[str, Any]], str]
_MARKS = "environments.page_cache"


def _mark(name: str) -> str:
    return _mark_for(name, settings.SECRET_KEY)


@functools.lru_cache(maxsize=8)
def _mark_for(name: str, secret: str) -> str:
    return "pc" + salted_hmac(_MARKS, name, secret=secret).hexdigest()[:24]


class _Marked:
    """The user as a kept page shows them: their name is put in when the page is served."""

    def __init__(self, user: Any, mark: str) -> None:
        self._user = user
        self._mark = mark

    def __getattr__(self, name: str) -> Any:
        return getattr(self._user, name)

    def get_username(self) -> str:
        return self._mark


def enabled() -> bool:
    return bool(getattr(settings, "PAGE_CACHE", True))


def _cache() -> Any:
    return caches["pages"]


def _state(user: Any, environment: str | None) -> tuple | None:
    """What, besides the path, decides the content: the versions of the environments shown and
    the user's role in them. None when it cannot be kept (no role: the view answers 404).
    One query, in SQL: it runs on every request for a kept page."""
    if not getattr(user, "is_authenticated", False):
        return None
    superuser = user.is_superuser
    with connection.cursor() as cursor:
        if environment is None:  # the home page: every environment the user sees
            if superuser:
                cursor.execute(_HOME_SUPERUSER)
            else:
                cursor.execute(_HOME_MEMBER, [user.pk])
            return ("home", superuser, tuple(cursor.fetchall()))
        if superuser:
            cursor.execute(_ENVIRONMENT_SUPERUSER, [environment])
        else:
            cursor.execute(_ENVIRONMENT_MEMBER, [user.pk, environment])
        row = cursor.fetchone()
    return None if row is None else tuple(row)


_VERSIONS = EnvironmentVersion._meta.db_table
_ENVIRONMENTS = Environment._meta.db_table
_MEMBERSHIPS = Membership._meta.db_table
_HOME_SUPERUSER = f"SELECT environment_id, value FROM {_VERSIONS} ORDER BY environment_id"
_HOME_MEMBER = (
    f"SELECT m.environment_id, v.value, m.role FROM {_MEMBERSHIPS} m "
    f"JOIN {_VERSIONS} v ON v.environment_id = m.environment_id "
    "WHERE m.user_id = %s ORDER BY m.environment_id"
)
_ENVIRONMENT_SUPERUSER = (
    f"SELECT e.id, v.value, '{Role.ADMIN.value}' FROM {_ENVIRONMENTS} e "
    f"JOIN {_VERSIONS} v ON v.environment_id = e.id WHERE e.name = %s"
)
_ENVIRONMENT_MEMBER = (
    f"SELECT e.id, v.value, m.role FROM {_MEMBERSHIPS} m "
    f"JOIN {_ENVIRONMENTS} e ON e.id = m.environment_id "
    f"JOIN {_VERSIONS} v ON v.environment_id = e.id WHERE m.user_id = %s AND e.name = %s"
)


def _may_keep(request: Any, environment: str | None) -> bool:
    """Whether what ``request`` asks for may be served from the cache at all: a GET, the
    cache on, and an environment name that could be one (no name holds NUL, which PostgreSQL
    cannot even compare: such a request is rendered, and answered 404). Checked before any
    query of the key, the ``varies`` of a page included."""
    return request.method == "GET" and enabled() and "\x00" not in (environment or "")


def key(request: Any, environment: str | None, variant: str) -> str | None:
    """The cache key of what ``request`` asks for, or None when it must be rendered."""
    if not _may_keep(request, environment):
        return None
    state = _state(request.user, environment)
    if state is None:
        return None
    named = f"{variant} {request.get_full_path()} {state!r}"
    return hashlib.sha256(named.encode()).hexdigest()


def _has_messages(request: HttpRequest) -> bool:
    return len(messages.get_messages(request)) > 0


def kept_page(view: View | None = None, *, varies: Varies | None = None) -> Any:
    """Serve the view's page from the cache while its environment (the URL's ``environment``,
    or every one the user sees for a page without one) has not changed. ``varies`` names what
    else in the request the page shows (the console: the browser's console session)."""
    if view is None:
        return functools.partial(kept_page, varies=varies)

    @functools.wraps(view)
    def serve(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not _may_keep(request, kwargs.get("environment")):
            return view(request, *args, **kwargs)  # (another view may call it, with its POST)
        variant = "htmx" if getattr(request, "htmx", False) else "page"
        if varies is not None:
            variant += " " + varies(request, kwargs)
        found = key(request, kwargs.get("environment"), variant)
        if found is None or _has_messages(request):
            return view(request, *args, **kwargs)
        kept = _cache().get(found)
        if kept is not None:
            return _personal(request, _answer(kept))
        request.page_cache_marks = True  # type: ignore[attr-defined]
        response = view(request, *args, **kwargs)
        keep = response.status_code == 200 and getattr(response, "page_cache_keep", True)
        if keep and not response.streaming and not _has_messages(request):
            _keep(found, response)
        return _personal(request, response)

    return serve


def not_kept(response: HttpResponse) -> HttpResponse:
    """``response``, marked as a page that must not be kept: it shows what changes without
    raising a version (a job's progress)."""
    response.page_cache_keep = False  # type: ignore[attr-defined]
    return response


def _keep(key: str, response: HttpResponse) -> None:
    """Keep the answer's content and headers (its content type, an ETag, DRF's Allow and
    Vary); the middleware adds its own again when it is served."""
    headers = [(k, v) for k, v in response.items() if k.lower() != "set-cookie"]
    _cache().set(key, (response.content, headers))


def _answer(kept: tuple[bytes, list[tuple[str, str]]]) -> HttpResponse:
    content, headers = kept
    response = HttpResponse(content)
    for name, value in headers:
        response[name] = value
    return response


def marks(request: HttpRequest, context: dict[str, Any]) -> dict[str, Any]:
    """``context`` with the marks a kept page is rendered with (when it is to be kept)."""
    if not getattr(request, "page_cache_marks", False):
        return context
    return {
        **context,
        "csrf_token": _mark("csrf"),
        "user": _Marked(request.user, _mark("user")),
    }


def _personal(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The page with this reader's CSRF token and name in place of the marks."""
    if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
        return response
    content = response.content.replace(_mark("csrf").encode(), get_token(request).encode())
    name = escape(request.user.get_username()).encode()
    response.content = content.replace(_mark("user").encode(), name)
    return response


def kept_answer(get: View | None = None, *, varies: Varies | None = None) -> Any:
    """For an API view's ``get``: its JSON answer served again while the environment of the
    URL has not changed (the key holds the reader's role; ``varies`` names what else the
    answer shows, as for :func:`kept_page`). Put it below ``extend_schema``."""
    if get is None:
        return functools.partial(kept_answer, varies=varies)

    @functools.wraps(get)
    def serve(api_view: Any, request: Any, /, *args: Any, **kwargs: Any) -> HttpResponse:
        found = None
        if request.accepted_renderer.format == "json" and _may_keep(
            request, kwargs.get("environment")
        ):
            variant = "api" if varies is None else f"api {varies(request, kwargs)}"
            found = key(request, kwargs.get("environment"), variant)
        if found is None:
            return get(api_view, request, *args, **kwargs)
        kept = _cache().get(found)
        if kept is not None:
            return _answer(kept)
        response = get(api_view, request, *args, **kwargs)
        if response.status_code == 200:
            response.add_post_render_callback(lambda done: _keep(found, done))
        return response

    return serve
