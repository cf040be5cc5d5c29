from django import template

from catalogs.origins import via

register = template.Library()


@register.filter(name="via")
def via_filter(origin: str) -> str:
    """Where a history entry's statement came from, as the history says it."""
    return via(origin)
