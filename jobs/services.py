"""Starting and retrying jobs, and reading them: the rules every door (pages, API) shares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from environments.access import has_role
from environments.lookup import RoleNeeded
from environments.models import Environment

from . import runner
from .kinds import kind_of
from .liveness import lost, settle
from .models import Job
from .outcome import JobFailed
from .params import checked as params_checked
from .progress import overlay


def start_job(
    environment: Environment,
    user: Any,
    kind_name: str,
    params: Mapping[str, Any] | None = None,
    payload: bytes | None = None,
    secrets: Mapping[str, str] | None = None,
) -> Job:
    """A queued job of ``kind_name``, handed to its runner once this transaction commits.
    Refused (:class:`RoleNeeded`) without the kind's role; bad parameters raise
    :class:`JobFailed` naming them, and nothing is queued."""
    kind = kind_of(kind_name)
    if not has_role(user, environment, kind.needed):
        raise RoleNeeded(environment, kind.needed)
    checked = params_checked(kind.params, dict(params or {}))
    if kind.payload and not payload:
        raise JobFailed(f"A {kind.label.lower()} job needs a file.")
    if secrets and not all(isinstance(k, str) and isinstance(v, str) for k, v in secrets.items()):
        raise JobFailed("Placeholder values must be texts, by variable name.")
    job = Job.objects.create(
        kind=kind.name,
        environment=environment,
        requested_by=user,
        params=checked,
        payload=payload if kind.payload else None,
        secret_inputs=dict(secrets or {}) if kind.secrets else {},
        message="queued",
        queued_at=timezone.now(),
    )
    transaction.on_commit(lambda: runner.dispatch(job.pk))
    return job


def retry_job(job: Job, user: Any) -> Job:
    """Queue a failed job again, as it was asked for (same parameters and file), run as
    ``user`` now; or hand a job that seems lost on the way (:func:`lost`) to its runner again.
    Only those, and only with the kind's role."""
    kind = kind_of(job.kind)
    if not has_role(user, job.environment, kind.needed):
        raise RoleNeeded(job.environment, kind.needed)
    settle([job])
    if lost(job):
        Job.objects.filter(pk=job.pk).update(queued_at=timezone.now())
        transaction.on_commit(lambda: runner.dispatch(job.pk))
        job.refresh_from_db()
        return job
    again = Job.objects.filter(pk=job.pk, state=Job.State.FAILED).update(
        queued_at=timezone.now(),
        state=Job.State.QUEUED,
        requested_by=user,
        done=0,
        total=0,
        error="",
        message="queued again",
        result={},
        worker="",
        finished_at=None,
    )
    if not again:
        raise JobFailed(
            f"Job {job.pk} is {job.state}: only a failed job can be retried (or one queued "
            "for long)."
        )
    transaction.on_commit(lambda: runner.dispatch(job.pk))
    job.refresh_from_db()
    return job


def jobs_of(environment: Environment) -> QuerySet[Job]:
    return (
        Job.objects.filter(environment=environment)
        .select_related("requested_by")
        .defer("payload", "secret_inputs")
    )


def read(job: Job) -> Job:
    """``job`` as it stands: failed when it was found running with its worker gone, else with
    the progress its work reported last (:func:`progress.overlay`)."""
    settle([job])
    overlay([job])
    return job


def latest_job(environment: Environment, kind_name: str, **params: Any) -> Job | None:
    """The job of ``kind_name`` last started in ``environment`` with these parameters."""
    lookups = {f"params__{name}": value for name, value in params.items()}
    found = Job.objects.filter(environment=environment, kind=kind_name, **lookups)
    return found.order_by("-pk").first()
