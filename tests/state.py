"""What "the database is unchanged" means in tests: every row of the project's models."""

from __future__ import annotations

from django.apps import apps

# Bookkeeping that a refused request may still write: when a token was last used.
_BOOKKEEPING = {"ApiToken": {"last_used"}}


def dump(*app_labels: str) -> dict[str, list[dict]]:
    """Every row of every model of ``app_labels`` (default: environments and catalogs), in
    primary-key order, without the bookkeeping fields that reading writes."""
    result = {}
    for app in app_labels or ("environments", "catalogs"):
        for model in apps.get_app_config(app).get_models():
            skipped = _BOOKKEEPING.get(model.__name__, set())
            rows = model.objects.order_by("pk").values()
            result[model.__name__] = [
                {k: v for k, v in row.items() if k not in skipped} for row in rows
            ]
    return result
