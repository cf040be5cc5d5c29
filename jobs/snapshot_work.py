"""The snapshot jobs: export (take a snapshot), import, verify against Flink. Each calls the
function the command line and the pages call, with the job's progress."""

from __future__ import annotations

from django.urls import reverse

from catalogs import snapshots
from catalogs.models import Snapshot
from catalogs.secrets import mask_ddl

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


# The passed checks a verify job's result lists: five lines an object, so a snapshot of 100,000
# tables would keep half a million lines in the job's row and page, which nobody reads; those
# that failed or were skipped are all listed.
LISTED_PASSED_CHECKS = 2000


def verify(job: Job, reporter: Reporter) -> Outcome:
    from collections import Counter

    from catalogs import flink_verify
    from catalogs.flink_verify import batches
    from catalogs.flink_verify.spool import check_lines
    from catalogs.flinksql import snapshot_format as sf

    if not flink_verify.flink_available():
        raise JobFailed(
            "Cannot verify: real Flink is not available here (needs the apache-flink package "
            "and java on PATH)."
        )
    documents = []
    for snapshot_id in job.params["snapshots"]:
        stored = Snapshot.objects.filter(snapshot_id=snapshot_id, environment=job.environment)
        found = stored.first()
        if found is None:
            raise JobFailed(f"There is no snapshot {snapshot_id} in this environment.")
        try:
            documents += batches.read_documents([snapshots.stored_side(found)])
        except sf.SnapshotInvalid as exc:
            raise JobFailed(
                f"Snapshot {snapshot_id} is not valid:\n" + "\n".join(exc.errors)
            ) from None
    twice = batches.catalogs_twice(documents)
    if twice:
        raise JobFailed(f"Cannot verify two snapshots of catalog {', '.join(twice)} together.")
    lines: list[str] = []
    tally: Counter[str] = Counter()

    def kept(check: flink_verify.Check) -> None:
        tally[check.status] += 1
        if check.status != "ok" or tally["ok"] <= LISTED_PASSED_CHECKS:
            lines.extend(check_lines(check))

    batches.verify_in_batches(documents, kept, progress=reporter.say, count=reporter.count)
    unlisted = tally["ok"] - LISTED_PASSED_CHECKS
    if unlisted > 0:
        lines.append(
            f"... and {unlisted} more checks passed, not listed: a job lists every check that "
            f"failed or was skipped and the first {LISTED_PASSED_CHECKS} that passed "
            "(manage.py snapshot verify prints every one)"
        )
    return Outcome(
        f"{tally.total()} checks against Flink {sf.FLINK_VERSION}: {tally['FAIL']} failed, "
        f"{tally['skip']} skipped.",
        lines=lines,
    )
