"""The one lookup every door starts with: the environment, if the user may see it.

An environment the user holds no role in does not exist for them (404, never 403, which
would tell that it exists); a role too low for the action is a 403.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404

from .access import has_role, role_of
from .models import Environment, Role


def url_name(name: str) -> str:
    """A name from a URL; no object's name holds NUL, which PostgreSQL cannot even compare."""
    if "\x00" in name:
        raise Http404("No object has a name with NUL characters.")
    return name


def get_environment(user: Any, name: str, needed: Role = Role.VIEWER) -> Environment:
    environment = Environment.objects.filter(name=url_name(name)).first()
    if environment is None or role_of(user, environment) is None:
        raise Http404(f"No environment '{name}'.")
    if not has_role(user, environment, needed):
        raise PermissionDenied(
            f"You need the {needed.value} role in environment '{environment.name}' to do this."
        )
    return environment
