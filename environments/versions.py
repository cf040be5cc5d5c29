"""The environment's version: raised by every change, read by the page cache.

``changed`` is called as the last write of a change's transaction (the executor's statements
and scripts, the services that write outside it); ``current`` answers what a reader sees.
"""

from __future__ import annotations

from django.db.models import F

from .models import EnvironmentVersion


def changed(environment_id: int) -> None:
    """Count one more change of the environment; call it last in the change's transaction."""
    EnvironmentVersion.objects.filter(environment_id=environment_id).update(value=F("value") + 1)


def current(environment_id: int) -> int | None:
    """The version a reader sees now; None when the environment keeps none."""
    return (
        EnvironmentVersion.objects.filter(environment_id=environment_id)
        .values_list("value", flat=True)
        .first()
    )
