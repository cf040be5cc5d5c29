"""A running job's progress and heartbeat, written to the database from a thread of its own.

The work runs in one transaction; what it has done so far must be readable by every app server
while it runs, and must not be undone with it. So the reporter writes from its own thread, hence
its own database connection in autocommit: on PostgreSQL each write is seen at once. (On SQLite
a write waits while the work holds the database's write lock, and is dropped if it cannot get
it: the bar moves when the work reads, and jumps to the end when it commits.)
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from .models import Job

PAUSE = 0.2  # seconds between two writes at most every so often


class Reporter:
    """Told objects done of total (:meth:`count`) and what the work does (:meth:`say`) by the
    work; writes the latest of them, and a heartbeat every ``JOBS_HEARTBEAT_SECONDS``, to the
    job's row while it is running."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
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

    def say(self, message: str) -> None:
        with self._lock:
            self.message = message
            self._pending["message"] = message
        self._wake.set()

    def stop(self) -> None:
        """No write after this returns (the row is the runner's again): a write under way is
        waited for a while; one still waiting for SQLite's lock then finds the job no longer
        running and changes nothing."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def _loop(self) -> None:
        try:
            while not self._stop.is_set():
                self._wake.wait(settings.JOBS_HEARTBEAT_SECONDS)
                self._wake.clear()
                if self._stop.is_set():
                    return
                self._write()
                self._stop.wait(PAUSE)
        finally:
            connection.close()

    def _write(self) -> None:
        with self._lock:
            fields, self._pending = self._pending, {}
        try:
            Job.objects.filter(pk=self.job_id, state=Job.State.RUNNING).update(
                heartbeat_at=timezone.now(), **fields
            )
        except DatabaseError:  # SQLite's write lock held by the work: written next time
            connection.close()
            with self._lock:
                self._pending = {**fields, **self._pending}
