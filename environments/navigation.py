"""The site header's environment and section, for every page (a context processor).

The header links to the current environment's pages: the one in the page's URL, or, on a page
outside any environment, the first one the user holds a role in, so every page shows the same
links. Nothing is looked up until a template reads it; a view that puts ``environment`` in its
context is read first (``templates/_header.html``).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import HttpRequest

from .access import role_of, visible_environments
from .lookup import environment_named
from .models import Environment

# The header's sections, by the first words of the URL names of their pages.
SECTIONS = (
    ("console", "console"),
    ("change-request", "change-requests"),
    ("snapshot", "snapshots"),
    ("folder", "snapshots"),
    ("catalog-store", "snapshots"),
    ("init-script", "snapshots"),
    ("promote", "snapshots"),
    ("job", "jobs"),
    ("environment-history", "history"),
    ("object-history", "history"),
    ("environment-settings", "settings"),
    ("environment-roles", "settings"),
    ("environment-artifacts", "settings"),
    ("approval", "settings"),
    ("home", "environments"),
)
ENVIRONMENT_CATALOG_HELP = (
    "The environment catalog {name} holds what is created in environment {environment} without "
    "naming a catalog (Flink's default catalog there); every environment has its own, "
    "_env_<environment name>."
)


class Header:
    def __init__(self, request: HttpRequest) -> None:
        self._request = request

    @cached_property
    def environment(self) -> Environment | None:
        user = getattr(self._request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        match = self._request.resolver_match
        name = match.kwargs.get("environment") if match else None
        if isinstance(name, str):
            if "\x00" in name:  # no environment's name holds one
                return None
            found = environment_named(name)
            return found if found is not None and role_of(user, found) is not None else None
        return visible_environments(user).order_by("name").first()

    @cached_property
    def section(self) -> str:
        match = self._request.resolver_match
        url = (match.url_name or "") if match else ""
        for start, section in SECTIONS:
            if url.startswith(start):
                return section
        return "catalogs" if match and "environment" in match.kwargs else ""


def header(request: HttpRequest) -> dict[str, Any]:
    return {"site_header": Header(request)}


def environment_catalog_help(catalog: str, environment: str) -> str:
    """What ``_env_<name>`` is, said where the name appears."""
    return ENVIRONMENT_CATALOG_HELP.format(name=catalog, environment=environment)
