"""A running job's progress and heartbeat, written from outside the job's transaction.

The work runs in one transaction; what it has done so far must be readable by every app server
while it runs, and must not be undone with it. So the reporter writes in two places:

* to the job's row, from its own thread, hence its own database connection in autocommit: on
  PostgreSQL each write is seen at once. On SQLite a write cannot be made while the work holds
  the database's write lock: it waits a moment for it, and is tried again later.
* to the cache framework's ``default`` cache (:func:`overlay` reads it), from the work itself,
  at most every :data:`PAUSE` seconds: no lock of the database stands in its way, so the bar
  moves on SQLite too. With ``REDIS_URL`` the cache is Redis, shared by every app server and
  worker; without it the cache is the memory of the process, which is the one whose thread
  runs the job (jobs run on a worker only with Redis).

What the cache holds is only ever ahead of the row, for the same attempt of a running job: the
row stays what decides a job's state, and the cache's copy expires with :data:`KEPT`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, connection
from django.utils import timezone

from config.brief_writes import wait_for_lock

from .models import Job

PAUSE = 0.2  # seconds between two writes at most every so often
KEPT = 3600  # seconds the cache keeps a running job's progress after its last change


def live_key(job_id: int, attempt: int) -> str:
    """Where the cache keeps the progress of one attempt of a job."""
    return f"jobs:progress:{job_id}:{attempt}"


def overlay(jobs: Iterable[Job]) -> None:
    """Show each running job of ``jobs`` with the progress its work reported to the cache,
    when that is ahead of its row's (on SQLite the row is written only when the work lets)."""
    running = [j for j in jobs if j.state == Job.State.RUNNING]
    if not running:
        return
    live = caches["default"].get_many([live_key(j.pk, j.attempts) for j in running])
    for job in running:
        found = live.get(live_key(job.pk, job.attempts))
        if found is not None and found["done"] >= job.done:
            job.done, job.total = found["done"], max(found["total"], job.total)
            job.message = found["message"] or job.message


class Reporter:
    """Told objects done of total (:meth:`count`) and what the work does (:meth:`say`) by the
    work; writes the latest of them, and a heartbeat every ``JOBS_HEARTBEAT_SECONDS``, to the
    job's row while it is running."""

    def __init__(self, job_id: int, attempt: int = 0) -> None:
        self.job_id = job_id
        self.attempt = attempt
        self._published = 0.0  # when the cache was last written (time.monotonic)
        self.done = 0
        self.total = 0
        self.message = ""
        self._pending: dict[str, object] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._loop, name=f"job-{job_id}-progress", daemon=True
        )

    def start(self) -> Reporter:
        self._thread.start()
        return self

    def count(self, done: int, total: int) -> None:
        with self._lock:
            self.done, self.total = done, max(total, done)
            self._pending.update(done=self.done, total=self.total)
        self._wake.set()
        self._publish()

    def say(self, message: str) -> None:
        with self._lock:
            self.message = message
            self._pending["message"] = message
        self._wake.set()
        self._publish()

    def _publish(self, force: bool = False) -> None:
        """Write the progress to the cache, from the work's thread, at most every PAUSE."""
        now = time.monotonic()
        if not force and now - self._published < PAUSE:
            return
        self._published = now
        with self._lock:
            progress = {"done": self.done, "total": self.total, "message": self.message}
        caches["default"].set(live_key(self.job_id, self.attempt), progress, KEPT)

    def stop(self) -> None:
        """No write after this returns (the row is the runner's again): a write under way is
        waited for a while; one still waiting for SQLite's lock then finds the job no longer
        running and changes nothing."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        caches["default"].delete(live_key(self.job_id, self.attempt))

    def _loop(self) -> None:
        try:
            while not self._stop.is_set():
                self._wake.wait(settings.JOBS_HEARTBEAT_SECONDS)
                self._wake.clear()
                if self._stop.is_set():
                    return
                self._publish(force=True)  # the latest, when the work said it within PAUSE
                self._write()
                self._stop.wait(PAUSE)
        finally:
            connection.close()

    def _write(self) -> None:
        with self._lock:
            fields, self._pending = self._pending, {}
        try:
            if connection.vendor == "sqlite":
                # give up soon when the work holds the lock (tried again next time), so that
                # this thread goes on writing the cache's copy meanwhile
                wait_for_lock(int(PAUSE * 1000))
            Job.objects.filter(pk=self.job_id, state=Job.State.RUNNING).update(
                heartbeat_at=timezone.now(), **fields
            )
        except DatabaseError:  # SQLite's write lock held by the work: written next time
            connection.close()
            with self._lock:
                self._pending = {**fields, **self._pending}
