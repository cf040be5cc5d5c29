"""Running a job: one code path, :func:`execute`, whether an RQ worker (``REDIS_URL`` set;
``manage.py jobs_worker``) or a thread of the web process (the default) runs it.

The work runs in one transaction, together with the job's final state: a worker killed in mid-job
leaves nothing half-applied, and the job is then found running with its worker gone
(:mod:`jobs.liveness`), which fails it.
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.core.management.base import CommandError
from django.db import close_old_connections, connection, transaction
from django.db.models import F
from django.utils import timezone

from catalogs.secrets import MASK, mask_ddl
from environments.access import has_role
from environments.models import Role
from environments.services import ServiceError

from .kinds import kind_of
from .liveness import identity
from .models import Job
from .outcome import JobFailed
from .progress import Reporter

TIMEOUT = 24 * 3600  # seconds RQ lets one job run
SHORTEST = 4  # characters of a placeholder value masked in an error message, at least


def dispatch(job_id: int) -> threading.Thread | None:
    """Hand the job to its runner: the RQ queue, or a new thread (answered, for tests)."""
    if settings.JOBS_REDIS_URL:
        queue().enqueue(
            "jobs.runner.execute",
            job_id,
            job_timeout=TIMEOUT,
            result_ttl=0,
            failure_ttl=24 * 3600,
            description=f"dashboard job {job_id}",
        )
        return None
    thread = threading.Thread(target=_in_thread, args=(job_id,), name=f"job-{job_id}")
    thread.daemon = True
    thread.start()
    return thread


def queue():  # noqa: ANN201 - rq.Queue, imported only when REDIS_URL is set
    from redis import Redis
    from rq import Queue

    return Queue(settings.JOBS_QUEUE, connection=Redis.from_url(settings.JOBS_REDIS_URL))


def _in_thread(job_id: int) -> None:
    try:
        execute(job_id)
    finally:
        connection.close()


def execute(job_id: int) -> None:
    """Claim the job (queued to running, once), run its work in one transaction and record how
    it ended; a failure rolls the work back and is recorded with its message."""
    close_old_connections()
    now = timezone.now()
    claimed = Job.objects.filter(pk=job_id, state=Job.State.QUEUED).update(
        state=Job.State.RUNNING,
        worker=identity(),
        started_at=now,
        heartbeat_at=now,
        attempts=F("attempts") + 1,
        message="started",
    )
    if not claimed:
        return
    job = Job.objects.select_related("environment", "requested_by").get(pk=job_id)
    reporter = Reporter(job_id, job.attempts).start()
    try:
        kind = kind_of(job.kind)
        _check_user(job, kind.needed)
        with transaction.atomic():
            outcome = kind.work(job, reporter)
            reporter.stop()
            total = max(reporter.total, reporter.done)
            Job.objects.filter(pk=job_id).update(
                state=Job.State.DONE,
                done=total,
                total=total,
                message=outcome.message,
                result=outcome.as_result(),
                secret_inputs={},
                finished_at=timezone.now(),
            )
    except Exception as exc:  # every failure is the job's, shown with its message
        reporter.stop()
        if isinstance(exc, JobFailed) and exc.keep is not None:
            with transaction.atomic():
                exc.keep()
        error = _masked(_message(exc), job.secret_inputs)
        Job.objects.filter(pk=job_id).update(
            state=Job.State.FAILED, error=error, finished_at=timezone.now()
        )
    finally:
        close_old_connections()


def _check_user(job: Job, needed: Role) -> None:
    """The work runs as who asked for it, who must still be there with the role."""
    user = job.requested_by
    if user is None or not user.is_active:
        raise JobFailed("The user who started this job no longer exists or is inactive.")
    if not has_role(user, job.environment, needed):
        raise JobFailed(
            f"{user.username} no longer holds the {needed.value} role in environment "
            f"'{job.environment.name}'."
        )


def _masked(message: str, secrets: dict[str, str]) -> str:
    """``message`` without a secret option value, nor any placeholder value given to the job
    (the executor's messages hold none; an unforeseen error might). Values shorter than
    :data:`SHORTEST` are left: masking them would mask half the message's letters."""
    masked = mask_ddl(message)
    for value in sorted(secrets.values(), key=len, reverse=True):
        if len(value) >= SHORTEST:
            masked = masked.replace(value, MASK)
    return masked


def _message(exc: Exception) -> str:
    if isinstance(exc, JobFailed | ServiceError):
        return exc.message
    if isinstance(exc, CommandError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"
