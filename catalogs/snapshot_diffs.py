"""Comparing snapshot documents: a stored snapshot, a file, or a catalog as it is now
(``live:<environment>/<catalog>``), by their definitions (:func:`sf.diff_sides`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from config import limits
from environments.access import has_role
from environments.models import Environment, Role
from environments.services import ServiceError

from . import models as m
from .flinksql import snapshot_format as sf
from .snapshots import get_catalog, live_side, stored_side


def compared_with(
    snapshot: m.Snapshot, against: str, find: Callable[[str], m.Snapshot]
) -> str | None:
    """The reference ``load_side`` reads for comparing ``snapshot`` with ``against``:
    ``live`` (its catalog as it is now) or a snapshot id, looked up by ``find`` (which answers
    as its door does when the snapshot is not there). None when ``against`` is neither."""
    if against == "live":
        return f"live:{snapshot.environment.name}/{snapshot.catalog_name}"
    if sf.is_snapshot_id(against):
        return find(against).snapshot_id
    return None


def load_side(reference: str, user: Any = None) -> tuple[str, sf.Side]:
    """A snapshot document from a snapshot id, a file, or ``live:<environment>/<catalog>``:
    a stored snapshot and a live catalog are read in passes (:class:`sf.Streamed`), never whole;
    a file is read whole, to be validated (it names every problem)."""
    if reference.startswith("live:"):
        environment_name, _, catalog_name = reference[5:].partition("/")
        environment = Environment.objects.filter(name=environment_name).first()
        if environment is None or (
            user is not None and not has_role(user, environment, Role.VIEWER)
        ):
            raise ServiceError(f"There is no environment '{environment_name}'.")
        catalog = get_catalog(environment, catalog_name)
        return f"{catalog.name} (live)", live_side(catalog)
    if sf.is_snapshot_id(reference):
        snapshot = m.Snapshot.objects.filter(snapshot_id=reference).first()
        if snapshot is None or (
            user is not None and not has_role(user, snapshot.environment, Role.VIEWER)
        ):
            raise ServiceError(f"There is no snapshot {reference}.")
        return reference, stored_side(snapshot)
    path = Path(reference)
    if not path.is_file():
        raise ServiceError(f"'{reference}' is neither a snapshot id nor a file.")
    try:
        document = sf.validate(limits.load_json(path.read_bytes())).document
    except limits.LimitExceeded as exc:
        raise ServiceError(f"{reference}: not a valid snapshot: {exc.message}") from None
    except (ValueError, sf.SnapshotInvalid) as exc:
        raise ServiceError(f"{reference}: not a valid snapshot: {exc}") from None
    return path.name, sf.Whole(document)


def diff(old: str, new: str, user: Any = None) -> sf.SnapshotDiff:
    old_label, old_side = load_side(old, user)
    new_label, new_side = load_side(new, user)
    return sf.diff_sides(old_side, new_side, old_label, new_label)
