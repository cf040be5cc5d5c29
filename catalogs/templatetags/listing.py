"""Tags of long lists: ``{% page_url parameter number %}``, ``{{ database|object_counts }}``
and ``{% sidebar %}``, the catalog tree beside a page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from catalogs.pages.common import sidebar_html

register = template.Library()


@register.simple_tag(takes_context=True)
def page_url(context: dict[str, Any], parameter: str, number: int) -> str:
    """The query string of the current request with ``parameter`` set to ``number``: the
    other lists' pages and the search stay as they are."""
    query = context["request"].GET.copy()
    query[parameter] = str(number)
    return "?" + query.urlencode()


@register.filter
def object_counts(database: Any) -> str:
    """'3 tables · 1 view · 0 functions', from the counts a page set on the database."""
    counts = (
        (database.table_count, "table"),
        (database.view_count, "view"),
        (database.function_count, "function"),
    )
    return " · ".join(f"{n} {word}{'' if n == 1 else 's'}" for n, word in counts)


@register.simple_tag(takes_context=True)
def sidebar(context: dict[str, Any]) -> SafeString:
    """The tree the view put in ``tree``; on a table's or view's page its database is not
    the current page."""
    return sidebar_html(context["tree"], on_object_page=bool(context.get("table")))
