"""``{{ text|sql }}``: Flink SQL, highlighted and escaped."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from catalogs.pages.highlight import highlight_sql

register = template.Library()


@register.filter
def sql(text: str | None) -> SafeString:
    return highlight_sql(text or "")
