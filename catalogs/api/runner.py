"""Running the API's statements through the executor, and what their results answer."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from catalogs.executor import Executor, Session, StatementResult
from catalogs.models import Database, Table
from catalogs.origins import CLIENT_HEADER, api_origin
from catalogs.secrets import mask_ddl
from environments.api.errors import PreconditionFailed, error_body
from environments.models import Environment

FAILURE_STATUS = {
    "conflict": status.HTTP_409_CONFLICT,
    "forbidden": status.HTTP_403_FORBIDDEN,
    "internal": status.HTTP_500_INTERNAL_SERVER_ERROR,
}


def status_of(results: list[StatementResult]) -> int:
    """200 when every statement succeeded, else the status of the first failure's kind."""
    for result in results:
        if not result.ok:
            return FAILURE_STATUS.get(result.code or "", status.HTTP_400_BAD_REQUEST)
    return status.HTTP_200_OK


def request_origin(request: Request) -> str:
    """The origin the history keeps for this request's changes (the client it names itself)."""
    return api_origin(request.headers.get(CLIENT_HEADER))


def executor(request: Request, environment: Environment, database: Database | None) -> Executor:
    session = Session.start(
        environment,
        database.catalog.name if database else None,
        database.name if database else None,
    )
    return Executor(session, request.user, request_origin(request))


def etag(table: Table) -> str:
    """Names the table's identity and version: a table dropped and created again under the
    same name does not match an old tag."""
    return f'"{table.pk}-{table.version}"'


def check_if_match(request: Request, table: Table) -> None:
    header = request.headers.get("If-Match")
    if header is None:
        return
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    if "*" not in tags and etag(table) not in tags:
        raise PreconditionFailed(
            f"'{table.name}' changed since you read it: its version is now {table.version} "
            f"(ETag {etag(table)}). Nothing was changed; read it again and retry."
        )


@dataclass
class Change:
    """The statements one request ran, all applied or none (``statements`` as they are shown,
    secret values masked)."""

    statements: list[str]
    results: list[StatementResult]

    @property
    def ok(self) -> bool:
        return all(result.ok for result in self.results)

    def failure(self) -> Response:
        failed = next(result for result in self.results if not result.ok)
        body = {
            **error_body(failed.error or "The statement failed."),
            "statements": self.statements,
        }
        return Response(body, status=status_of(self.results))


def run_change(
    request: Request,
    environment: Environment,
    database: Database,
    statements: list[str],
    guarded: Table | None = None,
) -> Change:
    """Run ``statements`` in one transaction, after locking ``guarded`` and checking that
    If-Match still names its version; the first failure rolls all of them back."""
    runner = executor(request, environment, database)
    results: list[StatementResult] = []
    with runner.all_or_nothing():
        if guarded is not None:
            locked = Table.objects.select_for_update().filter(pk=guarded.pk).first()
            if locked is None:
                raise NotFound(f"'{guarded.name}' no longer exists.")
            check_if_match(request, locked)
        for text in statements:
            results.append(runner.execute(text))
            if not results[-1].ok:
                transaction.set_rollback(True)
                break
    return Change([mask_ddl(text) for text in statements], results)
