"""Jobs on a real queue: RQ on Redis with ``manage.py jobs_worker`` processes, and gunicorn web
servers, on one PostgreSQL database; the same :func:`jobs.runner.execute` as the embedded
default. A worker killed with SIGKILL in mid-job leaves the database as it was, the job then
reads as failed and Retry runs it again; progress is read back from the database by a web
server started after the one that started the job; and a web server killed with a job in its
own thread (the default, no ``REDIS_URL``) fails that job the same way."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from jobs import liveness
from tests import job_processes as jp
from tests.live_dashboard import LiveDashboard

pytestmark = [pytest.mark.postgres]

JOBS = "environments/default/jobs/"
TABLES = 1500  # three batches of 500 and a last one: time to see progress, then to kill


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[jp.Site]:
    import redis

    reason = jp.unavailable()
    if reason is not None:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1: {reason}")
        pytest.skip(reason)
    queue = redis.Redis.from_url(jp.REDIS_URL)
    queue.flushdb()
    environ = {
        **os.environ,
        "DATABASE_URL": jp.fresh_database(),
        "REDIS_URL": jp.REDIS_URL,
        "DJANGO_DEBUG": "1",
        "JOBS_HEARTBEAT_SECONDS": "0.2",
    }
    tokens = jp.prepare(environ)
    made = jp.Site(tmp_path_factory.mktemp("jobs_worker"), environ, tokens)
    try:
        yield made
    finally:
        made.stop_all()
        queue.flushdb()
        jp.drop_database()


def _start(server: LiveDashboard, catalog: str, tables: int = TABLES) -> int:
    status, body = server.request(
        "POST",
        JOBS,
        {"kind": "generate-catalog", "params": {"catalog": catalog, "tables": tables}},
        who="carol",
    )
    assert status == 202, body
    return body["id"]


def _job(server: LiveDashboard, job: int) -> dict:
    status, body = server.request("GET", f"{JOBS}{job}", who="bob")
    assert status == 200, body
    return body


def _finished(server: LiveDashboard, job: int) -> dict:
    return jp.wait_for(
        lambda: (body := _job(server, job))["state"] in ("done", "failed") and body,
        f"job {job} ends",
    )


def _under_way(server: LiveDashboard, job: int) -> dict:
    """The job once the worker has written its first batches' progress (it is mid-job)."""
    return jp.wait_for(
        lambda: (body := _job(server, job))["state"] == "running" and body["done"] >= 500 and body,
        f"job {job} has done 500",
    )


def _stored_done(server: LiveDashboard, job: int) -> int:
    """The progress in the job's row (the live progress in a server's cache runs ahead of it
    by the writer's pause)."""
    code = f"from jobs.models import Job\nprint(Job.objects.get(pk={job}).done)"
    return int(server.shell(code).strip().splitlines()[-1])


def _tables(server: LiveDashboard, catalog: str) -> int:
    code = (
        "from catalogs.models import Table\n"
        f"print(Table.objects.filter(database__catalog__name={catalog!r}).count())"
    )
    return int(server.shell(code).strip().splitlines()[-1])


def test_a_job_runs_on_a_real_rq_worker_process(site: jp.Site) -> None:
    worker = site.worker()
    web, server = site.web()
    job = _start(server, "on_worker", tables=40)
    body = _finished(server, job)
    assert body["state"] == "done", body["error"]
    assert (body["done"], body["total"]) == (1 + 10 + 40, 1 + 10 + 40)
    ran = _worker_of(server, job)
    assert ran == f"{_host()}:{worker.popen.pid}"  # the worker process, not the web server
    assert body["result"]["url"] == "/env/default/catalogs/on_worker"
    assert _tables(server, "on_worker") == 40
    web.stop()
    worker.stop()


def test_a_worker_killed_in_mid_job_keeps_nothing_and_retry_runs_the_job_again(
    site: jp.Site,
) -> None:
    worker = site.worker()
    web, server = site.web()
    job = _start(server, "killed")
    seen = _under_way(server, job)
    worker.kill()  # SIGKILL: no handler runs, the transaction is left open to the database
    body = _job(server, job)
    assert body["state"] == "failed"
    assert body["done"] >= seen["done"]
    assert body["error"] == liveness.GONE.format(worker=f"{_host()}:{worker.popen.pid}")
    assert _tables(server, "killed") == 0
    status, _ = server.request("GET", "environments/default/catalogs/killed", who="bob")
    assert status == 404
    status, _ = server.request("POST", f"{JOBS}{job}/retry", who="bob")
    assert status == 403  # a viewer may read the job, not run it
    status, body = server.request("POST", f"{JOBS}{job}/retry", who="carol")
    assert status == 202 and body["state"] == "queued", body
    again = site.worker()
    body = _finished(server, job)
    assert (body["state"], body["attempts"], body["error"]) == ("done", 2, "")
    assert _tables(server, "killed") == TABLES
    web.stop()
    again.stop()


def test_progress_is_read_back_from_the_database_by_a_restarted_web_server(
    site: jp.Site,
) -> None:
    worker = site.worker()
    first, server = site.web()
    job = _start(server, "restarted")
    seen = _under_way(server, job)
    first.kill()
    second, server = site.web()
    body = _job(server, job)
    assert body["state"] in ("running", "done") and body["done"] >= seen["done"]
    assert body["total"] == seen["total"] == 1 + 10 + TABLES
    body = _finished(server, job)
    assert body["state"] == "done", body["error"]
    second.kill()
    third, server = site.web()
    assert _job(server, job) == body  # all of it is in the database
    third.stop()
    worker.stop()


def test_a_web_server_killed_with_a_job_in_its_thread_fails_the_job(site: jp.Site) -> None:
    first, server = site.web(redis=False)
    job = _start(server, "embedded")
    seen = _under_way(server, job)
    # what a restarted server reads is the row: wait until it holds the progress seen (under
    # load its writer lags the cache, which dies with the first server)
    jp.wait_for(lambda: _stored_done(server, job) >= seen["done"], f"job {job}'s row has 500")
    first.kill()
    second, server = site.web(redis=False)
    body = _job(server, job)
    assert body["state"] == "failed" and body["done"] >= seen["done"]
    assert body["error"].startswith("The worker running this job stopped before it finished")
    assert _tables(server, "embedded") == 0
    status, _ = server.request("POST", f"{JOBS}{job}/retry", who="carol")
    assert status == 202
    body = _finished(server, job)
    assert body["state"] == "done", body["error"]
    ran = _worker_of(server, job)
    assert ran.endswith(f":{_web_worker_pid(second)}")  # the new server's own thread ran it
    assert _tables(server, "embedded") == TABLES
    second.stop()


def _worker_of(server: LiveDashboard, job: int) -> str:
    """Who ran the job, as it recorded: ``host:pid``."""
    code = f"from jobs.models import Job\nprint(Job.objects.get(pk={job}).worker)"
    return server.shell(code).strip().splitlines()[-1]


def _host() -> str:
    return liveness.identity().rpartition(":")[0]


def _web_worker_pid(server: jp.Process) -> int:
    """The pid of the gunicorn worker under ``server`` (its only child)."""
    pid = server.popen.pid
    with open(f"/proc/{pid}/task/{pid}/children") as children:
        [child] = children.read().split()
    return int(child)


def test_the_worker_command_needs_redis() -> None:
    import subprocess

    from tests.live_dashboard import PYTHON, ROOT

    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    done = subprocess.run(
        [PYTHON, str(ROOT / "manage.py"), "jobs_worker"],
        env=environ,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "CommandError: REDIS_URL is not set: without it jobs run in the web server's own "
        "threads, and no worker is needed."
    )
