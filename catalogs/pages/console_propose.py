"""Proposing the console's script in a change request instead of running it.

A change request runs its statements in a new session of the environment, so the proposal
starts with the USE statements that put that session where the console's is; of the script
it keeps what changes the catalog (with its USE statements, which decide where the changes
land). Reads and temporary objects are the console's own business: they run there.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from changes import proposing
from environments.models import Environment
from environments.services import ServiceError

from ..executor import Session
from ..executor.history import CHANGING
from ..flinksql import statements as st
from ..flinksql.catalog import quote_identifier
from ..flinksql.errors import FlinkSqlError
from ..flinksql.parser import parse_statement
from ..flinksql.splitter import split_statements
from .common import redirect_to

NOTHING_TO_PROPOSE = (
    "Nothing to propose: the script changes nothing in the catalog. Reads and temporary "
    "objects run in the console."
)


@dataclass(frozen=True)
class Proposal:
    statements: list[str]
    first_change: str  # what titles a new request


def proposable(session: Session, script: str) -> Proposal | None:
    """The statements of ``script`` a change request would hold, run from a new session of
    the environment as they would run from ``session``; None when nothing of it changes the
    catalog. A statement that does not parse is kept: the request's preview names its error."""
    kept: list[str] = []
    changes: list[str] = []
    for text in split_statements(script):
        try:
            statement = parse_statement(text)
        except FlinkSqlError:
            statement = None
        if isinstance(statement, st.UseCatalog | st.UseDatabase):
            kept.append(text)
        elif statement is None or (
            isinstance(statement, CHANGING) and not getattr(statement, "temporary", False)
        ):
            kept.append(text)
            changes.append(text)
    if not changes:
        return None
    return Proposal([*_where(session), *kept], changes[0])


def _where(session: Session) -> list[str]:
    """USE statements that move a new session of the environment to where ``session`` is."""
    start = Session.start(session.environment)
    if (session.current_catalog, session.current_database) == (
        start.current_catalog,
        start.current_database,
    ):
        return []
    catalog = quote_identifier(session.current_catalog)
    return [f"USE CATALOG {catalog}", f"USE {catalog}.{quote_identifier(session.current_database)}"]


def propose_script(
    request: HttpRequest, environment: Environment, session: Session, script: str
) -> HttpResponse | str:
    """Send the script's changes to the change request the user chose (or a new one): the
    request's page, or the reason it was not done."""
    proposal = proposable(session, script)
    if proposal is None:
        return NOTHING_TO_PROPOSE
    chosen = request.POST.get("change_request", "")
    try:
        change_request = proposing.propose(
            environment, request.user, proposal.statements, chosen, proposal.first_change
        )
    except ServiceError as exc:
        return exc.message
    messages.success(request, f"Added to change request #{change_request.pk}.")
    url = reverse("change-request", args=[environment.name, change_request.pk])
    return redirect_to(request, url)
