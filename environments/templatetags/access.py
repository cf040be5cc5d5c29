"""``{% may environment as may %}``: which kinds of action the reader may take there, so a
page offers only the links the reader's role can follow (``environments.access.NEEDED``)."""

from __future__ import annotations

from django import template

from environments import access
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
