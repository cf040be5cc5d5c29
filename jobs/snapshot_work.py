"""The snapshot jobs: export (take a snapshot), import, verify against Flink. Each calls the
function the command line and the pages call, with the job's progress."""

from __future__ import annotations

from django.urls import reverse

from catalogs import snapshots
from catalogs.models import Snapshot
from catalogs.secrets import mask_ddl
from config import limits

from .models import Job
from .outcome import JobFailed, Outcome
from .progress import Reporter


def export(job: Job, reporter: Reporter) -> Outcome:
    p = job.params
    snapshot, result = snapshots.take_snapshot(
        job.environment,
        p["catalog"],
        job.requested_by,
        p["databases"] or None,
        label=p["label"],
        note=p["note"],
        progress=reporter.say,
        leave_out_broken=p["leave_out_broken"],
        count=reporter.count,
    )
    lines = [
        f"secret option '{s['option']}' of {s['object'] or 'the catalog'} written as "
        f"${{{s['variable']}}}"
        for s in result.secrets
    ]
    lines += [f"warning: {w}" for w in result.warnings]
    if result.left_out:
        lines.append(result.left_out_note())
    return Outcome(
        f"Snapshot {snapshot.snapshot_id} of catalog {snapshot.catalog_name}: {result.tables} "
        f"tables, {result.views} views, {result.functions} functions, {result.models} models.",
        label=f"snapshot {snapshot.snapshot_id}",
        url=reverse("snapshot", args=[snapshot.snapshot_id]),
        lines=lines,
    )


def import_(job: Job, reporter: Reporter) -> Outcome:
    p = job.params
    if job.payload is None:
        raise JobFailed("The job holds no snapshot file to import.")
    report = snapshots.import_snapshot(
        job.environment,
        p["catalog"],
        bytes(job.payload),
        job.requested_by,
        dry_run=p["dry_run"],
        variables=job.secret_inputs,
        skip_broken=p["skip_broken"],
        count=reporter.count,
    )
    if not report.ok:
        raise JobFailed(
            "The snapshot was not imported; the catalog is unchanged:\n"
            + "\n".join(report.failures)
        )
    lines = [f"[skipped] view {s}" for s in report.skipped]
    lines += [f"[{o.message}] {mask_ddl(o.statement.sql).splitlines()[0]}" for o in report.outcomes]
    lines += [f"[impact] view {i.view} {i.mark}: {i.consequence}" for i in report.impacts]
    done = "would be created (dry run)" if report.dry_run else "created"
    catalog = p["catalog"]
    url = "" if report.dry_run else reverse("catalog", args=[job.environment.name, catalog])
    return Outcome(
        f"{len(report.outcomes)} statements: every object {done}.",
        label=f"catalog {catalog}" if url else "",
        url=url,
        lines=lines,
    )


def verify(job: Job, reporter: Reporter) -> Outcome:
    from catalogs import flink_verify
    from catalogs.flinksql import snapshot_format as sf

    if not flink_verify.flink_available():
        raise JobFailed(
            "Cannot verify: real Flink is not available here (needs the apache-flink package "
            "and java on PATH)."
        )
    chosen = []
    for snapshot_id in job.params["snapshots"]:
        stored = Snapshot.objects.filter(snapshot_id=snapshot_id, environment=job.environment)
        found = stored.first()
        if found is None:
            raise JobFailed(f"There is no snapshot {snapshot_id} in this environment.")
        chosen.append(sf.parse_snapshot(snapshots.snapshot_bytes(found), limits.load_json))
    names = [s.catalog_name for s in chosen]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise JobFailed(f"Cannot verify two snapshots of catalog {', '.join(twice)} together.")
    report = flink_verify.verify(chosen, progress=reporter.say, count=reporter.count)
    lines = []
    for check in report.checks:
        lines.append(f"[{check.status}] {check.subject}: {check.what}")
        lines += [f"    {line}" for line in (check.detail or "").splitlines()]
    failed = len(report.failures())
    skipped = sum(c.status == "skip" for c in report.checks)
    return Outcome(
        f"{len(report.checks)} checks against Flink {sf.FLINK_VERSION}: {failed} failed, "
        f"{skipped} skipped.",
        lines=lines,
    )
