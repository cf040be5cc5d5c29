"""``{% may environment as may %}``: which kinds of action the reader may take there, so a
page offers only the links the reader's role can follow (``environments.access.NEEDED``)."""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

from django import template
from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

from environments import access, navigation
from environments.models import Environment

register = template.Library()


@register.simple_tag(takes_context=True)
def may(context: template.Context, environment: Environment) -> dict[str, bool]:
    request = context.get("request")
    if request is None:
        return {action: False for action in access.NEEDED}
    known: dict[int, dict[str, bool]] = request.__dict__.setdefault("_may", {})
    if environment.pk not in known:
        known[environment.pk] = access.may(request.user, environment)
    return known[environment.pk]


@register.simple_tag(takes_context=True)
def header_environment(context: template.Context) -> Environment | None:
    """The environment the site header links to: the page's own (or its tree's, the same one,
    read with the page's object), else the one ``environments.navigation`` finds (from the
    URL, or the user's first)."""
    shown = context.get("environment")
    if isinstance(shown, Environment):
        return shown
    tree = context.get("tree")
    if isinstance(tree, dict) and isinstance(tree.get("environment"), Environment):
        return tree["environment"]
    header = context.get("site_header")
    return header.environment if header is not None else None


@register.simple_tag
def env_catalog_help(environment: Environment) -> str:
    """What the environment catalog ``_env_<name>`` is: a tooltip and help text wherever the
    name shows."""
    return navigation.environment_catalog_help(environment.catalog_name, environment.name)


# The site header's links: (key in the template, URL name)
_SITE_LINKS = (
    ("home", "home"),
    ("api_docs", "api-docs"),
    ("logout", "logout"),
    ("tokens", "tokens"),
    ("users", "users"),
    ("downloads", "downloads"),
)
_ENVIRONMENT_LINKS = (
    ("catalogs", "environment"),
    ("console", "console"),
    ("change_requests", "change-requests"),
    ("snapshots", "snapshot-list"),
    ("history", "environment-history"),
    ("jobs", "job-list"),
    ("settings", "environment-settings"),
)


@register.simple_tag
def header_links(environment: Environment | str | None) -> MappingProxyType[str, str]:
    """The site header's addresses, for the header's environment (or none). They are the same
    on every page, so they are reversed once per process for each environment (and script
    prefix and URL configuration), not at every page (a tenth of a small page's time)."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    name = environment.name if isinstance(environment, Environment) else None  # "" when unset
    return _header_links(name, get_script_prefix(), urlconf)


@lru_cache(maxsize=512)
def _header_links(environment: str | None, prefix: str, urlconf: str) -> MappingProxyType:
    links = {key: reverse(name, urlconf=urlconf) for key, name in _SITE_LINKS}
    if environment is not None:
        for key, name in _ENVIRONMENT_LINKS:
            links[key] = reverse(name, args=[environment], urlconf=urlconf)
    return MappingProxyType(links)
