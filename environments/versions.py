"""The environment's version: raised by every change, read by the page cache
(``environments.page_cache``, which reads it with the reader's role in one query).

``changed`` is called as the last write of a change's transaction (the executor's statements
and scripts, the services that write outside it).
"""

from __future__ import annotations

from django.db.models import F

from .models import EnvironmentVersion


def current(environment_id: int) -> int:
    """The environment's version now (one query): what is computed from its catalogs at this
    version may be kept until it changes."""
    found = EnvironmentVersion.objects.filter(environment_id=environment_id)
    return found.values_list("value", flat=True).first() or 0


def changed(environment_id: int) -> None:
    """Count one more change of the environment; call it last in the change's transaction."""
    EnvironmentVersion.objects.filter(environment_id=environment_id).update(value=F("value") + 1)
