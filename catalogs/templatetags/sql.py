"""``{{ text|sql }}``: Flink SQL, highlighted and escaped, with secret option values masked."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from catalogs.pages.highlight import highlight_sql
from catalogs.secrets import mask_ddl

register = template.Library()


@register.filter
def sql(text: str | None) -> SafeString:
    # whatever SQL a page shows (a preview, a console result, a change request) is masked here
    # too, so a page that forgets to mask cannot show a secret
    return highlight_sql(mask_ddl(text or ""))
