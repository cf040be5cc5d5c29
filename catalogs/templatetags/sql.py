"""``{{ text|sql }}``: Flink SQL, highlighted and escaped, with secret option values masked;
``{{ text|pointed_at:position }}``: where in it an error is."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from catalogs.flinksql.positions import Position, pointed
from catalogs.flinksql.secrets import MASK
from catalogs.pages.highlight import highlight_sql
from catalogs.secrets import mask_ddl

register = template.Library()


@register.filter
def sql(text: str | None) -> SafeString:
    # whatever SQL a page shows (a preview, a console result, a change request) is masked here
    # too, so a page that forgets to mask cannot show a secret
    return highlight_sql(mask_ddl(text or ""))


@register.filter
def pointed_at(text: str | None, position: Position | None) -> str:
    """Where in ``text`` (a statement) the error at ``position`` is: its lines with carets
    under the range, as the page shows the statement (secrets masked). Nothing when the range
    ends past a secret value: a mask is not as long as the value, so the carets would point
    beside the error."""
    if not text or position is None:
        return ""
    shown = mask_ddl(text)
    exact = next((i for i, (a, b) in enumerate(zip(text, shown, strict=False)) if a != b), None)
    masked = shown.find(MASK)
    ends = [at for at in (exact, masked if masked >= 0 else None) if at is not None]
    if ends and position.end_offset(shown) >= min(ends):
        return ""
    return pointed(shown, position)
