"""Whether the worker running a job is still there. A job found running whose worker is gone
(killed, its server restarted) is failed: its transaction was rolled back with it, so nothing
it did is kept, and it can be retried."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from .models import Job
from .progress import overlay

GONE = (
    "The worker running this job stopped before it finished ({worker}); its transaction was "
    "rolled back, so nothing it did was kept. Retry it."
)


def identity() -> str:
    """This process, as a job records who runs it: ``host:pid``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` of this host runs (a zombie, killed but not reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return True


def worker_gone(job: Job) -> bool:
    """On this host the worker's process is asked; on another its heartbeat must be recent."""
    if job.state != Job.State.RUNNING:
        return False
    host, _, pid = job.worker.rpartition(":")
    if host == socket.gethostname() and pid.isdigit():
        return not process_alive(int(pid))
    beat = job.heartbeat_at or job.started_at
    stale = timezone.now() - timedelta(seconds=settings.JOBS_STALE_SECONDS)
    return beat is None or beat < stale


def lost(job: Job) -> bool:
    """A job queued longer than ``JOBS_STALE_SECONDS`` ago may have been lost on the way (its
    web server stopped before its thread started, Redis lost the queue): it may be queued
    again, which is harmless if it was not (only one runner can claim it)."""
    if job.state != Job.State.QUEUED or job.queued_at is None:
        return False
    return job.queued_at < timezone.now() - timedelta(seconds=settings.JOBS_STALE_SECONDS)


def settle(jobs: Iterable[Job]) -> None:
    """Fail each running job of ``jobs`` whose worker is gone (in the database and on the
    instance), unless it changed meanwhile. The job keeps the furthest progress its work
    reported, which may be in the cache only (its row is written a moment later)."""
    gone = [job for job in jobs if worker_gone(job)]
    overlay(gone)
    for job in gone:
        error = GONE.format(worker=job.worker or "no worker")
        now = timezone.now()
        changed = Job.objects.filter(pk=job.pk, state=Job.State.RUNNING, worker=job.worker).update(
            state=Job.State.FAILED, error=error, finished_at=now, done=job.done, total=job.total
        )
        if changed:
            job.state, job.error, job.finished_at = Job.State.FAILED, error, now
