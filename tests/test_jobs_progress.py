"""A running job's progress is seen while its work holds its transaction open, on SQLite too:
the work's write lock keeps the reporter from writing the job's row there, so the progress also
goes to the cache framework, outside the transaction (jobs.progress)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction
from django.test import Client
from django.utils import timezone

from catalogs.executor import Executor, Session
from environments.models import Environment
from jobs import liveness, services
from jobs.models import Job
from jobs.progress import Reporter, live_key
from tests.access import Members, make_members

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("embedded_jobs"),
]


def _running(environment: Environment, attempts: int = 1) -> Job:
    now = timezone.now()
    return Job.objects.create(
        kind="snapshot-import",
        environment=environment,
        state=Job.State.RUNNING,
        worker=liveness.identity(),
        started_at=now,
        heartbeat_at=now,
        attempts=attempts,
        message="started",
    )


def _until(read):  # noqa: ANN001, ANN202 - a polling helper
    for _ in range(200):
        found = read()
        if found:
            return found
        time.sleep(0.025)
    raise AssertionError("the progress was never seen")


def test_the_progress_of_a_job_holding_the_write_lock_is_seen_while_it_runs(
    environment: Environment,
) -> None:
    members: Members = make_members(environment)
    # a browser's session, logged in before the work starts (an API token's use is written
    # down, which SQLite cannot do while the work holds the lock)
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    job = _running(environment)
    reported, release = threading.Event(), threading.Event()

    def work() -> None:
        reporter = Reporter(job.pk, job.attempts).start()
        try:
            with transaction.atomic():
                # a write: on SQLite the work now holds the database's write lock
                result = Executor(Session.start(environment)).execute(
                    "CREATE CATALOG held WITH ('type' = 'generic_in_memory')"
                )
                assert result.ok, result.error
                reporter.count(3, 10)
                reporter.say("3 of 10 objects imported")
                reported.set()
                release.wait(30)
                reporter.stop()
                transaction.set_rollback(True)
        finally:
            connection.close()

    thread = threading.Thread(target=work)
    thread.start()
    try:
        assert reported.wait(30)
        if connection.vendor == "sqlite":
            # the row cannot be written while the work holds the lock: the bar stood at 0
            assert Job.objects.filter(pk=job.pk).values_list("done", "total").get() == (0, 0)
        # the work writes the cache at most every PAUSE, then the reporter's thread the latest
        seen = _until(
            lambda: (s := services.read(Job.objects.get(pk=job.pk))).message != "started" and s
        )
        assert (seen.state, seen.done, seen.total, seen.percent) == ("running", 3, 10, 30)
        assert seen.message == "3 of 10 objects imported"
        answer = viewer.get(f"/api/v1/environments/default/jobs/{job.pk}").json()
        assert (answer["done"], answer["total"], answer["percent"]) == (3, 10, 30)
        listed = viewer.get("/api/v1/environments/default/jobs/").json()
        assert [(j["id"], j["done"], j["total"]) for j in listed["results"]] == [(job.pk, 3, 10)]
        page = viewer.get(f"/env/default/jobs/{job.pk}/progress")
        assert page.status_code == 200
        assert "3 of 10 objects (30 %): 3 of 10 objects imported" in page.content.decode()
        listing = viewer.get("/env/default/jobs").content.decode()
        assert "<td>3 of 10 (30 %)</td>" in listing
    finally:
        release.set()
        thread.join()
    # the work's end forgets the cache's copy: the row is what stands
    from django.core.cache import caches

    assert caches["default"].get(live_key(job.pk, job.attempts)) is None


def test_the_cache_never_shows_another_attempt_nor_a_job_no_longer_running(
    environment: Environment,
) -> None:
    from django.core.cache import caches

    job = _running(environment, attempts=2)
    caches["default"].set(live_key(job.pk, 1), {"done": 9, "total": 10, "message": "old"})
    assert services.read(Job.objects.get(pk=job.pk)).done == 0
    caches["default"].set(live_key(job.pk, 2), {"done": 4, "total": 10, "message": "now"})
    assert services.read(Job.objects.get(pk=job.pk)).done == 4
    Job.objects.filter(pk=job.pk).update(state=Job.State.DONE, done=10, total=10, message="done")
    finished = services.read(Job.objects.get(pk=job.pk))
    assert (finished.done, finished.message) == (10, "done")
    # a row written further than the cache (PostgreSQL) is not moved back
    Job.objects.filter(pk=job.pk).update(state=Job.State.RUNNING, done=6, message="row")
    assert services.read(Job.objects.get(pk=job.pk)).done == 6
