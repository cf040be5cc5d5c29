"""``manage.py jobs_worker``: run the jobs queued on Redis (``REDIS_URL``), one at a time, in this
process (RQ's SimpleWorker: no fork, so a job's database transaction is this process's, and
killing the process rolls it back). Start as many as the jobs need, on any host."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Run background jobs from the Redis queue (needs REDIS_URL)."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--burst", action="store_true", help="stop when the queue is empty")

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.JOBS_REDIS_URL:
            raise CommandError(
                "REDIS_URL is not set: without it jobs run in the web server's own threads, "
                "and no worker is needed."
            )
        from rq import SimpleWorker

        from jobs.runner import queue

        jobs = queue()
        worker = SimpleWorker([jobs], connection=jobs.connection)
        self.stderr.write(f"jobs worker on queue {jobs.name!r}")
        worker.work(burst=options["burst"], with_scheduler=False)
