"""The one lookup every door starts with: the environment, if the user may see it.

An environment the user holds no role in does not exist for them (404, never 403, which
would tell that it exists); a role too low for the action is a 403.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404

from config.compiled import CompiledQuery

from .access import role_of
from .models import ROLE_RANK, Environment, Role

# every page reads its environment by name (config.compiled: built once, not per request)
_NAMED = CompiledQuery(lambda name: Environment.objects.filter(name=name).order_by("pk")[:1], str)


class RoleNeeded(PermissionDenied):
    """A role too low for the action: the 403 page says which role and who grants it."""

    def __init__(self, environment: Environment, needed: Role) -> None:
        super().__init__(
            f"You need the {needed.value} role in environment '{environment.name}' to do this."
        )
        self.environment = environment
        self.needed = needed


def url_name(name: str) -> str:
    """A name from a URL; no object's name holds NUL, which PostgreSQL cannot even compare."""
    if "\x00" in name:
        raise Http404("No object has a name with NUL characters.")
    return name


def environment_named(name: str) -> Environment | None:
    """The environment of this name, if there is one (``name`` holds no NUL)."""
    return _NAMED.first(name)


def get_environment(user: Any, name: str, needed: Role = Role.VIEWER) -> Environment:
    environment = environment_named(url_name(name))
    return check_role(user, environment, name, needed)


def check_role(
    user: Any, environment: Environment | None, name: str, needed: Role = Role.VIEWER
) -> Environment:
    """``environment`` (found by ``name``) if the user holds ``needed`` in it: 404 when there
    is none or the user holds no role in it, 403 when the role is too low."""
    role = None if environment is None else role_of(user, environment)
    if environment is None or role is None:
        raise Http404(f"No environment '{name}'.")
    if ROLE_RANK[role] < ROLE_RANK[needed]:
        raise RoleNeeded(environment, needed)
    return environment
