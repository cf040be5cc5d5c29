"""Changes that Flink's DDL has no statement for, kept beside the executor's rules."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from environments import versions
from environments.access import has_role
from environments.models import Artifact, Role
from environments.services import ServiceError

from .executor import Session
from .executor.handlers.context import Context
from .executor.marks import refresh_readers
from .executor.permissions import require_use
from .flinksql.catalog import ObjectIdentifier
from .flinksql.errors import FlinkSqlError, Forbidden
from .flinksql.types import parse_type
from .models import Function

UNSET: Any = object()


@transaction.atomic
def set_function_details(
    function: Function, user: Any, return_type: Any = UNSET, artifact: Any = UNSET
) -> Function:
    """Declare the function's result type and the artifact its code comes from.

    ``return_type`` is Flink type text or None; ``artifact`` an artifact name of the same
    environment or None. Views that call the function get their marks recomputed, since their
    column types derive from the declared type. ``user`` None is the system (the command line,
    an import it runs), as for the executor: no role or Use permission is asked of it.
    """
    function = (
        Function.objects.select_for_update().select_related("database__catalog").get(pk=function.pk)
    )
    environment = function.database.catalog.environment
    if user is not None and not has_role(user, environment, Role.EDITOR):
        raise ServiceError(
            f"You need the editor role in environment '{environment.name}' to change the catalog.",
            "forbidden",
        )
    if return_type is not UNSET:
        function.return_type = _serializable_type(return_type)
    if artifact is not UNSET:
        new = _artifact(environment, artifact)
        if new != function.artifact:
            # Unlinking would lift the Use permission the old artifact asks for.
            for involved in (function.artifact, new):
                _check_use(user, involved)
        function.artifact = new
    function.save(update_fields=["return_type", "artifact"])
    identifier = ObjectIdentifier(
        function.database.catalog.name, function.database.name, function.name
    )
    refresh_readers(Context(Session.start(environment), user), identifier)
    versions.changed(environment.pk)
    return function


def _check_use(user: Any, artifact: Artifact | None) -> None:
    """The executor's Use rule, refusing as the services do."""
    try:
        require_use(user, artifact, "Changing which artifact a function comes from")
    except Forbidden as exc:
        raise ServiceError(exc.message, exc.code) from None


def _serializable_type(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    try:
        return parse_type(text).serializable()
    except FlinkSqlError as exc:
        raise ServiceError(f"'{text}' is not a Flink type: {exc.message}") from None


def _artifact(environment: Any, name: str | None) -> Artifact | None:
    if name is None:
        return None
    artifact = Artifact.objects.filter(environment=environment, name=name).first()
    if artifact is None:
        raise ServiceError(f"There is no artifact '{name}' in environment '{environment.name}'.")
    return artifact
