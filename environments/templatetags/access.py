"""``{% may environment as may %}``: which kinds of action the reader may take there, so a
page offers only the links the reader's role can follow (``environments.access.NEEDED``)."""

from __future__ import annotations

from django import template

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
