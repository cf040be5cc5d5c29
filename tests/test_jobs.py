"""Background jobs in the default set-up (no ``REDIS_URL``): a thread of the web process runs
them, through the same :func:`jobs.runner.execute` an RQ worker runs; their progress, their
failures, Retry, the pages and the API."""

from __future__ import annotations

import base64
import json
import subprocess
import threading
import time

import pytest
from django.core.cache import caches
from django.test import Client

from catalogs import snapshots
from catalogs.executor import Executor, Session
from catalogs.models import Catalog, Snapshot, Table
from environments.models import Environment
from jobs import liveness
from jobs.models import Job
from jobs.progress import Reporter, live_key
from tests.access import Members, make_members

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("embedded_jobs"),
]


@pytest.fixture
def members(environment: Environment) -> Members:
    return make_members(environment)


def _run(environment: Environment, script: str) -> None:
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]


def _finish(job_id: int) -> Job:
    """Wait for the job's thread (the default runner) to end; the job as it is then."""
    for thread in threading.enumerate():
        if thread.name == f"job-{job_id}":
            thread.join()
    return Job.objects.get(pk=job_id)


def _until(read, what: str):  # noqa: ANN001, ANN202 - a polling helper
    """Ask ``read`` again until it answers something true (the reporter's thread writes)."""
    for _ in range(400):
        found = read()
        if found:
            return found
        time.sleep(0.025)
    raise AssertionError(f"never: {what}")


SHOP = """
CREATE CATALOG shop WITH ('type' = 'generic_in_memory', 'default-database' = 'sales');
CREATE TABLE shop.sales.orders (id BIGINT, amount DECIMAL(10, 2)) WITH ('connector' = 'datagen');
CREATE TABLE shop.sales.customers (id BIGINT, name STRING) WITH ('connector' = 'datagen');
CREATE VIEW shop.sales.big AS SELECT id FROM shop.sales.orders WHERE amount > 100
"""


def test_an_export_runs_in_a_thread_of_the_web_process_by_default(
    environment: Environment, members: Members
) -> None:
    _run(environment, SHOP)
    answer = members["editor"].post(
        "/api/v1/environments/default/jobs/",
        {"kind": "snapshot-export", "params": {"catalog": "shop", "label": "r1"}},
        format="json",
    )
    assert answer.status_code == 202, answer.json()
    assert answer.json()["state"] == "queued"
    job = _finish(answer.json()["id"])
    assert (job.state, job.error) == ("done", "")
    assert job.worker == liveness.identity()  # this process ran it: no broker, no worker
    assert (job.done, job.total, job.attempts) == (3, 3, 1)
    snapshot = Snapshot.objects.get()
    assert (snapshot.label, snapshot.catalog_name, snapshot.created_by) == (
        "r1",
        "shop",
        members.users["editor"],
    )
    read = members["viewer"].get(f"/api/v1/environments/default/jobs/{job.pk}").json()
    assert read["state"] == "done" and read["percent"] == 100
    assert read["message"] == (
        f"Snapshot {snapshot.snapshot_id} of catalog shop: 2 tables, 1 views, 0 functions, "
        "0 models."
    )
    assert read["result"] == {
        "label": f"snapshot {snapshot.snapshot_id}",
        "url": f"/snapshots/{snapshot.snapshot_id}",
        "lines": [],
    }
    listed = members["viewer"].get("/api/v1/environments/default/jobs/").json()
    assert [j["id"] for j in listed["results"]] == [job.pk]


def test_the_reporter_writes_progress_and_heartbeat_while_the_job_runs(
    environment: Environment,
) -> None:
    job = Job.objects.create(kind="snapshot-export", environment=environment, state="running")
    reporter = Reporter(job.pk).start()
    try:
        reporter.count(3, 10)
        reporter.say("3 tables written")
        found = _until(
            lambda: Job.objects.filter(pk=job.pk, done=3, total=10).first(), "3 of 10 written"
        )
        assert found.message == "3 tables written" and found.heartbeat_at is not None
        beat = found.heartbeat_at
        _until(lambda: Job.objects.get(pk=job.pk).heartbeat_at > beat, "a later heartbeat")
        reporter.count(12, 10)  # more done than the total known: the total grows with it
        _until(lambda: Job.objects.filter(pk=job.pk, done=12, total=12).exists(), "12 of 12")
    finally:
        reporter.stop()
    Job.objects.filter(pk=job.pk).update(state="done")
    reporter.count(1, 1)  # stopped: nothing more is written
    assert Job.objects.filter(pk=job.pk, done=12, total=12, state="done").exists()


def test_export_and_import_count_objects_done_of_total(environment: Environment) -> None:
    tables = ";\n".join(
        f"CREATE TABLE big.d.t{i:04d} (a INT) WITH ('connector' = 'datagen')"
        for i in range(snapshots.CHUNK + 100)
    )
    _run(environment, "CREATE CATALOG big WITH ('type' = 'generic_in_memory');")
    _run(environment, "CREATE DATABASE big.d;\n" + tables)
    counted: list[tuple[int, int]] = []
    snapshot, _ = snapshots.take_snapshot(
        environment, "big", count=lambda done, total: counted.append((done, total))
    )
    assert counted == [(0, 600), (500, 600), (600, 600)]
    imported: list[tuple[int, int]] = []
    report = snapshots.import_snapshot(
        environment,
        "copy",
        snapshots.snapshot_bytes(snapshot),
        dry_run=False,
        count=lambda done, total: imported.append((done, total)),
    )
    assert report.ok, report.failures
    total = len(report.outcomes)
    assert imported == [(500, total), (total, total)]
    assert Table.objects.filter(database__catalog__name="copy").count() == 600


def _three_tables(environment: Environment) -> bytes:
    _run(
        environment,
        "CREATE CATALOG src WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        + ";\n".join(
            f"CREATE TABLE src.d.{name} (a INT) WITH ('connector' = 'datagen')"
            for name in ("a", "b", "c")
        ),
    )
    snapshot, _ = snapshots.take_snapshot(environment, "src")
    return snapshots.snapshot_bytes(snapshot)


def test_a_failed_import_job_keeps_nothing_shows_its_message_and_retry_runs_it_again(
    environment: Environment, members: Members
) -> None:
    document = _three_tables(environment)
    _run(
        environment,
        "CREATE CATALOG dst WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        "CREATE TABLE dst.d.c (x STRING) WITH ('connector' = 'datagen')",
    )
    answer = members["editor"].post(
        "/api/v1/environments/default/jobs/",
        {
            "kind": "snapshot-import",
            "params": {"catalog": "dst"},
            "file": base64.b64encode(document).decode(),
        },
        format="json",
    )
    assert answer.status_code == 202, answer.json()
    job = _finish(answer.json()["id"])
    assert job.state == "failed"
    assert job.error == (
        "The snapshot was not imported; the catalog is unchanged:\n"
        "table d.c: Table (or view) d.c already exists in Catalog dst."
    )
    # a and b were created before c failed, in the same transaction: rolled back with it
    assert sorted(
        Table.objects.filter(database__catalog__name="dst").values_list("name", flat=True)
    ) == ["c"]
    editor = Client()
    editor.force_login(members.users["editor"])
    page = editor.get(f"/env/default/jobs/{job.pk}").content.decode()
    assert "already exists in Catalog dst." in page
    assert f'action="/env/default/jobs/{job.pk}/retry"' in page and ">Retry</button>" in page
    _run(environment, "DROP TABLE dst.d.c")
    assert editor.post(f"/env/default/jobs/{job.pk}/retry").status_code == 302
    again = _finish(job.pk)
    assert (again.state, again.error, again.attempts) == ("done", "", 2)
    assert again.result["url"] == "/env/default/catalogs/dst"
    names = Table.objects.filter(database__catalog__name="dst").values_list("name", flat=True)
    assert sorted(names) == ["a", "b", "c"]
    retried = members["editor"].post(f"/api/v1/environments/default/jobs/{job.pk}/retry")
    assert retried.status_code == 400
    assert retried.json() == {
        "errors": [
            {
                "message": f"Job {job.pk} is done: only a failed job can be retried (or one "
                "queued for long)."
            }
        ]
    }


def test_a_generate_job_builds_the_catalog_as_its_user_and_counts_statements(
    environment: Environment, members: Members
) -> None:
    answer = members["editor"].post(
        "/api/v1/environments/default/jobs/",
        {
            "kind": "generate-catalog",
            "params": {"catalog": "gen", "tables": 30, "views": 5, "databases": 2},
        },
        format="json",
    )
    job = _finish(answer.json()["id"])
    assert job.state == "done", job.error
    assert (job.done, job.total) == (1 + 2 + 30 + 5, 1 + 2 + 30 + 5)
    assert job.result["url"] == "/env/default/catalogs/gen"
    assert Table.objects.filter(database__catalog__name="gen").count() == 35
    assert Catalog.objects.get(name="gen").environment == environment


def _job(environment: Environment, **fields: object) -> Job:
    return Job.objects.create(kind="generate-catalog", environment=environment, **fields)


def test_the_job_page_shows_a_progress_bar_that_polls_until_the_job_ends(
    environment: Environment, members: Members
) -> None:
    job = _job(
        environment,
        state="running",
        done=250,
        total=1000,
        message="250/1000 statements",
        worker=liveness.identity(),
    )
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    page = viewer.get(f"/env/default/jobs/{job.pk}").content.decode()
    bar = f'<progress id="job-bar-{job.pk}" max="1000" value="250">25 %</progress>'
    assert bar in page
    assert f'<label for="job-bar-{job.pk}">Progress</label>' in page
    assert (
        f'hx-get="/env/default/jobs/{job.pk}/progress" hx-trigger="every 1s" hx-swap="outerHTML"'
        in page
    )
    assert "250 of 1000 objects (25 %): 250/1000 statements" in page
    fragment = viewer.get(f"/env/default/jobs/{job.pk}/progress").content.decode()
    assert fragment.startswith('<div id="job-progress"') and bar in fragment
    assert "<html" not in fragment
    Job.objects.filter(pk=job.pk).update(
        state="done",
        done=1000,
        message="Catalog 'gen': ...",
        result={"label": "catalog gen", "url": "/env/default/catalogs/gen", "lines": []},
    )
    fragment = viewer.get(f"/env/default/jobs/{job.pk}/progress").content.decode()
    assert "hx-trigger" not in fragment  # done: the page stops asking
    assert (
        '<a href="/env/default/catalogs/gen" data-testid="job-result">catalog gen</a>' in fragment
    )
    listed = viewer.get("/env/default/jobs").content.decode()
    assert f'<a href="/env/default/jobs/{job.pk}">Job {job.pk}</a>' in listed
    assert "1000 of 1000 (100 %)" in listed


def test_a_failed_job_shows_its_error_escaped_and_retry_only_to_who_may_run_it(
    environment: Environment, members: Members
) -> None:
    job = _job(environment, state="failed", error="<b>bad</b> table", params={})
    viewer, editor = Client(), Client()
    viewer.force_login(members.users["viewer"])
    editor.force_login(members.users["editor"])
    seen = viewer.get(f"/env/default/jobs/{job.pk}").content.decode()
    assert "&lt;b&gt;bad&lt;/b&gt; table" in seen and "<b>bad</b>" not in seen
    assert 'role="alert"' in seen and "Retry" not in seen
    assert "Retry</button>" in editor.get(f"/env/default/jobs/{job.pk}").content.decode()
    assert viewer.post(f"/env/default/jobs/{job.pk}/retry").status_code == 403
    assert (
        members["viewer"].post(f"/api/v1/environments/default/jobs/{job.pk}/retry").status_code
        == 403
    )
    assert Job.objects.get(pk=job.pk).state == "failed"
    outsider = Client()
    outsider.force_login(members.users["outsider"])
    assert outsider.get(f"/env/default/jobs/{job.pk}").status_code == 404
    assert members["outsider"].get(f"/api/v1/environments/default/jobs/{job.pk}").status_code == 404


def _dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_a_job_running_on_a_worker_that_is_gone_shows_as_failed(
    environment: Environment, members: Members, settings
) -> None:
    host = liveness.identity().rpartition(":")[0]
    here = _job(environment, state="running", done=5, total=9, worker=f"{host}:{_dead_pid()}")
    alive = _job(environment, state="running", worker=liveness.identity())
    read = members["viewer"].get(f"/api/v1/environments/default/jobs/{here.pk}").json()
    assert read["state"] == "failed" and (read["done"], read["total"]) == (5, 9)
    assert read["error"] == liveness.GONE.format(worker=here.worker)
    assert (
        members["viewer"].get(f"/api/v1/environments/default/jobs/{alive.pk}").json()["state"]
        == "running"
    )
    # on another host, the heartbeat tells
    from django.utils import timezone

    settings.JOBS_STALE_SECONDS = 60
    old = timezone.now() - timezone.timedelta(seconds=61)
    far = _job(environment, state="running", worker="elsewhere:1", heartbeat_at=old)
    recent = _job(environment, state="running", worker="elsewhere:2", heartbeat_at=timezone.now())
    listed = {
        j["id"]: j["state"]
        for j in members["viewer"].get("/api/v1/environments/default/jobs/").json()["results"]
    }
    assert (listed[far.pk], listed[recent.pk]) == ("failed", "running")


def test_a_job_failed_for_a_gone_worker_keeps_the_progress_its_work_last_reported(
    environment: Environment, members: Members
) -> None:
    """The work reports to the cache first and its row a moment later: a worker killed in
    between must not show the failed job less far than it was shown running."""
    host = liveness.identity().rpartition(":")[0]
    job = _job(
        environment, state="running", attempts=1, done=0, total=0, worker=f"{host}:{_dead_pid()}"
    )
    caches["default"].set(live_key(job.pk, 1), {"done": 500, "total": 1511, "message": "m"})
    read = members["viewer"].get(f"/api/v1/environments/default/jobs/{job.pk}").json()
    assert (read["state"], read["done"], read["total"]) == ("failed", 500, 1511)
    stored = Job.objects.get(pk=job.pk)
    assert (stored.state, stored.done, stored.total) == ("failed", 500, 1511)


def test_starting_a_job_needs_the_operations_role_and_good_parameters(
    environment: Environment, members: Members
) -> None:
    start = {"kind": "generate-catalog", "params": {"catalog": "g", "tables": 1}}
    path = "/api/v1/environments/default/jobs/"
    assert members["viewer"].post(path, start, format="json").status_code == 403
    assert members["outsider"].post(path, start, format="json").status_code == 404
    bad = members["editor"].post(
        path, {**start, "params": {"catalog": "g", "tables": 0}}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json() == {
        "errors": [{"message": "params.tables: Ensure this value is greater than or equal to 1."}]
    }
    unknown = members["editor"].post(path, {"kind": "nothing"}, format="json")
    assert unknown.status_code == 400
    assert unknown.json() == {"errors": [{"message": 'kind: "nothing" is not a valid choice.'}]}
    no_file = members["editor"].post(path, {"kind": "folder-apply"}, format="json")
    assert no_file.json() == {"errors": [{"message": "file: This field is required."}]}
    not_base64 = members["editor"].post(
        path, {"kind": "folder-apply", "file": "abc"}, format="json"
    )
    assert not_base64.json() == {"errors": [{"message": "file: Send the file's bytes as base64."}]}
    editor = Client()
    editor.force_login(members.users["editor"])
    form = {"kind": "generate-catalog", "catalog": "g", "tables": "many"}
    assert editor.post("/env/default/jobs/start", form).status_code == 302
    messages = [str(m) for m in editor.get("/env/default/jobs").context["messages"]]
    assert messages == ["tables: A valid integer is required."]
    editor.post("/env/default/jobs/start", {"kind": "folder-apply"})
    messages = [str(m) for m in editor.get("/env/default/jobs").context["messages"]]
    assert messages == ["A catalog folder apply job needs a file."]
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    assert (
        viewer.post(
            "/env/default/jobs/start", {"kind": "generate-catalog", "catalog": "g", "tables": "1"}
        ).status_code
        == 403
    )
    assert Job.objects.count() == 0


def test_placeholder_values_are_kept_until_the_job_succeeds_and_never_shown(
    environment: Environment, members: Members
) -> None:
    _run(
        environment,
        "CREATE CATALOG sec WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        "CREATE TABLE sec.d.t (a INT) "
        "WITH ('connector' = 'datagen', 'password' = 'hunter2-canary')",
    )
    snapshot, _ = snapshots.take_snapshot(environment, "sec")
    document = snapshots.snapshot_bytes(snapshot)
    assert b"hunter2-canary" not in document
    answer = members["editor"].post(
        "/api/v1/environments/default/jobs/",
        {
            "kind": "snapshot-import",
            "params": {"catalog": "sec2"},
            "file": base64.b64encode(document).decode(),
            "variables": {"SEC_D_T_PASSWORD": "hunter2-canary"},
        },
        format="json",
    )
    assert "hunter2-canary" not in json.dumps(answer.json())
    job = _finish(answer.json()["id"])
    assert job.state == "done", job.error
    assert job.secret_inputs == {}
    read = members["editor"].get(f"/api/v1/environments/default/jobs/{job.pk}")
    assert "hunter2-canary" not in read.content.decode()
    editor = Client()
    editor.force_login(members.users["editor"])
    assert "hunter2-canary" not in editor.get(f"/env/default/jobs/{job.pk}").content.decode()
    assert (
        Table.objects.get(database__catalog__name="sec2", name="t").options["password"]
        == "hunter2-canary"
    )


def test_a_folder_apply_job_started_on_the_page_applies_the_uploaded_folder(
    environment: Environment, members: Members
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    from catalogs import folder
    from environments.models import Membership, Role
    from environments.services import create_environment

    _run(environment, SHOP)
    files = folder.export_files(environment, ["shop"])
    prod = create_environment("prod")
    Membership.objects.create(environment=prod, user=members.users["editor"], role=Role.EDITOR)
    editor = Client()
    editor.force_login(members.users["editor"])

    def apply() -> Job:
        upload = SimpleUploadedFile("f.zip", folder.folder_zip(files), "application/zip")
        answer = editor.post("/env/prod/jobs/start", {"kind": "folder-apply", "file": upload})
        assert answer.status_code == 302
        job_id = int(answer["Location"].rstrip("/").rsplit("/", 1)[1])
        assert answer["Location"] == f"/env/prod/jobs/{job_id}"
        return _finish(job_id)

    job = apply()
    assert job.state == "done", job.error
    assert job.message == f"Applied {job.total} statement(s)."
    assert job.done == job.total > 0
    assert job.result["url"] == "/env/prod/"
    assert job.result["lines"][0].startswith("-- Plan: ")
    assert sorted(
        Table.objects.filter(database__catalog__environment=prod).values_list("name", flat=True)
    ) == ["big", "customers", "orders"]
    again = apply()
    assert (again.state, again.message) == (
        "done",
        "No changes: the environment equals the folder.",
    )


def _verify_shop(environment: Environment, members: Members) -> tuple[Client, Job]:
    """The shop catalog's snapshot verified by a job an editor starts from the jobs page,
    run to its end; the editor's browser and the job."""
    _run(environment, SHOP)
    snapshot, _ = snapshots.take_snapshot(environment, "shop")
    editor = Client()
    editor.force_login(members.users["editor"])
    answer = editor.post(
        "/env/default/jobs/start", {"kind": "snapshot-verify", "snapshot": snapshot.snapshot_id}
    )
    job = _finish(int(answer["Location"].rsplit("/", 1)[1]))
    return editor, job


@pytest.mark.flink
def test_a_verify_job_checks_a_snapshot_against_real_flink(
    environment: Environment, members: Members
) -> None:
    from tests.snapshot_catalogs import require_flink

    require_flink()
    editor, job = _verify_shop(environment, members)
    assert job.state == "done", job.error
    assert job.message.startswith("") and " checks against Flink 2.3.0: 0 failed, " in job.message
    assert job.done == job.total > 3
    assert any(line.startswith("[ok] table sales.orders: ") for line in job.result["lines"])
    page = editor.get(f"/env/default/jobs/{job.pk}").content.decode()
    assert "[ok] table sales.orders: " in page


@pytest.mark.flink
def test_a_verify_job_lists_a_bounded_number_of_passed_checks_and_says_so(
    environment: Environment, members: Members, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jobs import snapshot_work
    from tests.snapshot_catalogs import require_flink

    require_flink()
    monkeypatch.setattr(snapshot_work, "LISTED_PASSED_CHECKS", 2)
    _, job = _verify_shop(environment, members)
    assert job.state == "done", job.error
    total = int(job.message.split()[0])
    listed = [line for line in job.result["lines"] if line.startswith("[ok] ")]
    assert len(listed) == 2
    assert job.result["lines"][-1] == (
        f"... and {total - 2} more checks passed, not listed: a job lists every check that "
        "failed or was skipped and the first 2 that passed (manage.py snapshot verify prints "
        "every one)"
    )


def test_a_job_queued_for_long_can_be_queued_again_and_then_runs(
    environment: Environment, members: Members, settings
) -> None:
    from django.utils import timezone

    settings.JOBS_STALE_SECONDS = 60
    params = {"catalog": "late", "tables": 2, "views": 0, "databases": 1, "seed": 0}
    job = _job(
        environment, requested_by=members.users["editor"], params=params, queued_at=timezone.now()
    )
    editor = Client()
    editor.force_login(members.users["editor"])
    assert "Queue again" not in editor.get(f"/env/default/jobs/{job.pk}").content.decode()
    refused = members["editor"].post(f"/api/v1/environments/default/jobs/{job.pk}/retry")
    assert refused.status_code == 400
    assert Job.objects.get(pk=job.pk).attempts == 0  # not run: nothing handed it to a runner
    Job.objects.filter(pk=job.pk).update(queued_at=timezone.now() - timezone.timedelta(seconds=61))
    page = editor.get(f"/env/default/jobs/{job.pk}").content.decode()
    assert ">Queue again</button>" in page
    assert editor.post(f"/env/default/jobs/{job.pk}/retry").status_code == 302
    done = _finish(job.pk)
    assert (done.state, done.attempts, done.requested_by) == ("done", 1, members.users["editor"])
    assert Table.objects.filter(database__catalog__name="late").count() == 2
