"""``manage.py flink_check``: every stored view derived again by real Flink, and the result kept
per view (:class:`~catalogs.models.ViewCheck`, shown on the view's page).

The Flink side is :mod:`catalogs.flink_verify.stored_views`; this module reads an environment's
catalogs (as their snapshots, with each view's stored original query) and writes the results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from environments import versions
from environments.models import Environment

from . import models as m
from .executor import store
from .flink_verify.stored_views import (
    DIFFERS,
    NOT_CHECKED,
    OK,
    REFUSED,
    ViewCheck,
    check_stored_views,
)
from .flinksql import snapshot_format as sf
from .flinksql.catalog import ObjectIdentifier
from .snapshots import Counted, export_bytes

UNAVAILABLE = (
    "Cannot check against Flink: real Flink is not available here (needs the apache-flink "
    "package and java on PATH)."
)


@dataclass
class StoredViews:
    """An environment's catalogs as Flink loads them, each view with its stored original query;
    the view rows, and the functions each view calls."""

    snapshots: list[sf.Snapshot] = field(default_factory=list)
    rows: dict[ObjectIdentifier, m.Table] = field(default_factory=dict)
    calls: dict[ObjectIdentifier, list[ObjectIdentifier]] = field(default_factory=dict)
    unreadable: list[ViewCheck] = field(default_factory=list)  # a catalog that does not export


def stored_views(environment: Environment) -> StoredViews:
    found = StoredViews()
    columns = Prefetch("columns", queryset=m.Column.objects.order_by("position"))
    for catalog in m.Catalog.objects.filter(environment=environment).order_by("name"):
        views = []
        rows = (
            m.Table.objects.filter(database__catalog=catalog, kind=m.Table.Kind.VIEW)
            .select_related("database")
            .prefetch_related(columns, "dependencies")
            .order_by("database__name", "name")
        )
        for row in rows:
            identifier = ObjectIdentifier(catalog.name, row.database.name, row.name)
            views.append(store.view_definition(row, identifier))
            found.rows[identifier] = row
            found.calls[identifier] = [
                ObjectIdentifier(d.catalog_name, d.database_name, d.object_name)
                for d in row.dependencies.all()
                if d.kind == m.Dependency.Kind.FUNCTION
            ]
        data, _ = export_bytes(catalog, snapshot_id="flink-check", created_at=0)
        try:
            snapshot = sf.parse_snapshot(data)
        except sf.SnapshotInvalid as exc:
            reason = "its catalog does not load as a snapshot: " + "; ".join(exc.errors)
            found.unreadable += [ViewCheck(v.identifier, NOT_CHECKED, reason) for v in views]
            continue
        found.snapshots.append(replace(snapshot, views=views))
    return found


def check_environment(
    environment: Environment,
    progress: Callable[[str], None] | None = None,
    count: Counted | None = None,
) -> list[ViewCheck]:
    """Every view of the environment created in real Flink from its stored query, compared with
    what the dashboard stored; the results are kept per view. Needs Flink
    (:func:`catalogs.flink_verify.flink_available`). ``count``: views checked of all."""
    found = stored_views(environment)
    checked = check_stored_views(found.snapshots, found.calls, progress, count)
    results = found.unreadable + checked
    keep_results(environment, found.rows, results)
    return results


def keep_results(
    environment: Environment,
    rows: dict[ObjectIdentifier, m.Table],
    results: list[ViewCheck],
    checked_at: datetime | None = None,
) -> None:
    """Keep each view's result, for the version of the view that was checked; a view dropped
    while Flink worked keeps nothing."""
    checked_at = checked_at or timezone.now()
    with transaction.atomic():
        present = set(
            m.Table.objects.filter(pk__in=[r.pk for r in rows.values()]).values_list(
                "pk", flat=True
            )
        )
        for check in results:
            row = rows[check.identifier]
            if row.pk not in present:
                continue
            m.ViewCheck.objects.update_or_create(
                view_id=row.pk,
                defaults={
                    "view_version": row.version,
                    "flink_version": sf.FLINK_VERSION,
                    "result": check.result,
                    "detail": check.detail,
                    "checked_at": checked_at,
                },
            )
        versions.changed(environment.pk)  # the view pages show the results


def summary(results: list[ViewCheck], where: str = "") -> tuple[str, list[str], int]:
    """The line that sums ``results`` up, a line (``where`` before the view's name) and its
    detail's lines for each view that is not ``ok``, and how many views Flink refused or
    made something else of."""
    counts = {OK: 0, DIFFERS: 0, REFUSED: 0, NOT_CHECKED: 0}
    lines = []
    for check in results:
        counts[check.result] += 1
        if check.result != OK:
            lines.append(f"[{check.result}] {where}{check.identifier}")
            lines += [f"    {line}" for line in check.detail.splitlines()]
    text = (
        f"{len(results)} views checked against Flink {sf.FLINK_VERSION}: {counts[OK]} match, "
        f"{counts[DIFFERS]} differ, {counts[REFUSED]} refused by Flink, "
        f"{counts[NOT_CHECKED]} not checked here"
    )
    return text, lines, counts[DIFFERS] + counts[REFUSED]
