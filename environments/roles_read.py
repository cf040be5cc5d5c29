"""A user's role in an environment, read once per request.

A page asks for its reader's role several times (the door's check, the header's environment
menu, the actions it offers), each one a query. Within a request
(:class:`RolesReadOnceMiddleware`) the answer is kept and asked again only after a write to
the memberships (any save or delete of a :class:`~environments.models.Membership`): then
every kept role is forgotten and none is kept for the rest of the request, since the write's
transaction may still roll back and a role read after it would outlive it. Outside a
request (commands, jobs, the executor run by a worker) nothing is kept: a long job sees a role
taken away at its next statement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.http import HttpRequest, HttpResponse

_KEPT: ContextVar[dict[tuple[Any, Any], Any] | None] = ContextVar("roles_read", default=None)
_MISSING = object()
_WRITTEN = object()  # a key of the kept roles: a membership was written in this request


@contextmanager
def roles_read_once() -> Iterator[None]:
    """Keep the roles read until the block ends (one request)."""
    token = _KEPT.set({})
    try:
        yield
    finally:
        _KEPT.reset(token)


def kept_role(user_pk: Any, environment_pk: Any, read: Callable[[], Any]) -> Any:
    """``read()``'s answer for this user and environment, read once within a request."""
    kept = _KEPT.get()
    if kept is None or _WRITTEN in kept:
        return read()
    key = (user_pk, environment_pk)
    found = kept.get(key, _MISSING)
    if found is _MISSING:
        found = kept[key] = read()
    return found


def forget_roles(**_: Any) -> None:
    """Forget the roles kept in this request, and keep none from now on (a membership was
    written, in a transaction that may yet roll back)."""
    kept = _KEPT.get()
    if kept is not None:
        kept.clear()
        kept[_WRITTEN] = True  # type: ignore[index]


class RolesReadOnceMiddleware:
    """Each request reads a user's role in an environment once (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with roles_read_once():
            return self.get_response(request)
