"""The change-request jobs: apply an approved change request (``changes.services.apply``, the
function its Apply button and API run) and preview a long one (``changes.services.preview``,
kept by ``changes.background_preview``), in the background, a statement at a time on the
bar."""

from __future__ import annotations

from django.urls import reverse

from changes import background_preview, page_state, services
from changes.models import ChangeRequest
from environments.services import ServiceError

from .models import Job
from .outcome import JobFailed, Outcome
from .progress import Reporter


def _change_request(job: Job) -> ChangeRequest:
    """The change request the job names, in its environment."""
    number = job.params["change_request"]
    found = ChangeRequest.objects.filter(environment=job.environment, pk=number).first()
    if found is None:
        raise JobFailed(
            f"There is no change request #{number} in environment '{job.environment.name}'."
        )
    return found


def apply(job: Job, reporter: Reporter) -> Outcome:
    environment = job.environment
    number = job.params["change_request"]
    change_request = _change_request(job)
    reporter.say(f"applying change request #{number}")
    applied = services.apply(
        change_request, job.requested_by, job.params["take_snapshot"], count=reporter.count
    )
    if not applied.ok:
        # the job's transaction is rolled back: the failure is noted on the request again
        # after it, as the Apply button keeps it (not when the applier lacked a permission)
        noted = applied.message if not applied.forbidden else None
        raise JobFailed(applied.message, keep=lambda: _note(change_request, noted))
    count = len(applied.results)
    return Outcome(
        f"Applied change request #{number}: {count} statement(s).",
        label=f"change request #{number}",
        url=reverse("change-request", args=[environment.name, number]),
    )


def _note(change_request: ChangeRequest, failure: str | None) -> None:
    if failure is not None:
        ChangeRequest.objects.filter(pk=change_request.pk).update(failure=failure)
        page_state.changed([change_request.environment_id])  # update() sends no signal


def preview(job: Job, reporter: Reporter) -> Outcome:
    environment = job.environment
    number = job.params["change_request"]
    change_request = _change_request(job)
    if change_request.status != ChangeRequest.Status.OPEN:
        raise JobFailed(f"Change request #{number} is not open: there is nothing to preview.")
    reporter.say(f"previewing change request #{number}")
    key = services.preview_key(change_request)  # before reading the catalog
    try:
        found = services.preview(change_request, job.requested_by, count=reporter.count)
    except ServiceError as exc:
        raise JobFailed(exc.message) from None
    background_preview.keep(key, found)
    failed = next((i for i, r in enumerate(found.results, start=1) if not r.ok), None)
    told = (
        f"statement {failed} would fail: {found.results[failed - 1].error}"
        if failed is not None
        else f"all {len(found.results)} statement(s) would succeed."
    )
    return Outcome(
        f"Previewed change request #{number}: {told}",
        label=f"change request #{number}",
        url=reverse("change-request", args=[environment.name, number]),
    )
