"""Proposing statements instead of running them: how a form and the console send statements
to a change request, an open one the user picks or a new one titled from the first statement.

Both doors call :func:`propose`; the rules (who may open or change a request, its bounds, the
Use permissions) stay in :mod:`changes.services`.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from catalogs.pages.common import shortened
from catalogs.secrets import mask_ddl
from environments.models import Environment
from environments.services import ServiceError

from . import services
from .models import ChangeRequest

TITLE_WIDTH = 120
OFFERED_REQUESTS = 50  # how many open requests a door offers to add to


def open_requests(environment: Environment) -> QuerySet[ChangeRequest]:
    """The open requests of ``environment`` a user may add statements to, newest first."""
    found = environment.change_requests.filter(status=ChangeRequest.Status.OPEN)
    return found.only("pk", "title")[:OFFERED_REQUESTS]


def title_of(statement: str) -> str:
    """A new request's title: its first statement on one line, secrets masked, cut at a
    word's end."""
    return shortened(" ".join(mask_ddl(statement).split()), TITLE_WIDTH)


def propose(
    environment: Environment,
    user: Any,
    statements: list[str],
    chosen: str = "",
    titled_by: str | None = None,
) -> ChangeRequest:
    """Add ``statements`` to the open request numbered ``chosen``, or, when ``chosen`` is
    empty, open a new request with them, titled from ``titled_by`` (the first statement when
    not given). Raises :class:`ServiceError` with the reason."""
    if not statements:
        raise ServiceError("Nothing to propose: there is no statement.", "invalid")
    sql = ";\n".join(statements)
    if not chosen:
        title = title_of(titled_by or statements[0])
        return services.open_request(environment, user, title, sql=sql)
    change_request = ChangeRequest.objects.filter(
        environment=environment, pk=int(chosen) if chosen.isdigit() else 0
    ).first()
    if change_request is None:
        raise ServiceError("That change request does not exist.", "not_found")
    services.add_statements(change_request, user, sql)
    return change_request
