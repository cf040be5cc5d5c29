"""The Use permission on artifacts, the one check every statement and service asks it through.

Calling, altering or dropping a user-defined function whose code an artifact holds needs Use
on that artifact; so does changing which artifact a function comes from. A refusal is
:class:`Forbidden`, which every door answers with 403.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.flinksql.errors import Forbidden
from catalogs.models import Function
from environments.access import may_use
from environments.models import Artifact, Environment

from . import store


def require_use(user: Any, artifact: Artifact | None, action: str) -> None:
    """Refuse ``action`` (e.g. "Calling function 'c.d.f'") unless the user may use the
    artifact; a function without an artifact asks nothing."""
    if artifact is None or may_use(user, artifact):
        return
    raise Forbidden(
        f"{action} needs the Use permission on artifact '{artifact.name}', which you do not hold."
    )


def require_function_use(
    environment: Environment, user: Any, identifier: ObjectIdentifier, verb: str
) -> None:
    """Refuse to ``verb`` ("Calling", "Altering", "Dropping") the stored function
    ``identifier`` names, in any letter case, unless the user may use its artifact."""
    function = store.functions_named(environment, identifier).select_related("artifact").first()
    if function is None:
        return
    require_use(user, function.artifact, f"{verb} function '{_short(function, identifier)}'")


def require_jar_use(environment: Environment, user: Any, jars: Iterable[str], action: str) -> None:
    """Refuse ``action`` ("Creating function 'c.d.f'") when one of its ``USING JAR`` files is
    an artifact of the environment (by its file name, in any letter case) that the user may not
    use: such a function runs the artifact's code as one linked to it does."""
    names = {jar.replace("\\", "/").rsplit("/", 1)[-1].casefold() for jar in jars}
    if not names:
        return
    for artifact in Artifact.objects.filter(environment=environment).order_by("name"):
        if artifact.name.casefold() in names:
            require_use(user, artifact, f"{action} from '{artifact.name}'")


def require_drop_use(user: Any, functions: QuerySet[Function]) -> None:
    """Dropping a database or a catalog drops its functions: it needs the Use that
    ``DROP FUNCTION`` of each one held in an artifact needs."""
    held = functions.filter(artifact__isnull=False).select_related("artifact", "database__catalog")
    for function in held.order_by("database__name", "name"):
        database = function.database
        identifier = ObjectIdentifier(database.catalog.name, database.name, function.name)
        require_use(user, function.artifact, f"Dropping function '{identifier}'")


def _short(function: Any, identifier: ObjectIdentifier) -> str:
    return f"{identifier.catalog}.{identifier.database}.{function.name}"
