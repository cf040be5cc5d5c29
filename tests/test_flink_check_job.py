"""``manage.py flink_check`` as a background job (#20): started from the jobs page by an
editor, a view at a time on the bar, its summary and the views Flink disagrees with as the
result, each view's own result on its page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.models import Table
from catalogs.models import ViewCheck as StoredCheck
from environments.models import Environment
from jobs.models import Job
from tests.access import Members, make_members
from tests.snapshot_catalogs import require_flink
from tests.test_jobs import _finish, _run

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("embedded_jobs"),
]

SCRIPT = """
CREATE TABLE src (a INT, b STRING) WITH ('connector' = 'datagen');
CREATE VIEW v_ok AS SELECT a, UPPER(b) AS ub FROM src;
CREATE VIEW v_over AS SELECT ub FROM v_ok;
CREATE VIEW v_refused AS SELECT a FROM src
"""


@pytest.fixture
def members(environment: Environment) -> Members:
    return make_members(environment)


def _start(user: object) -> tuple[int, object]:
    client = Client()
    client.force_login(user)
    answer = client.post(reverse("job-start", args=["default"]), {"kind": "flink-check"})
    return answer.status_code, answer


def test_only_an_editor_starts_it_and_the_jobs_page_offers_it(
    environment: Environment, members: Members
) -> None:
    status, _ = _start(members.users["viewer"])
    assert status == 403 and not Job.objects.exists()
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    shown = viewer.get(reverse("job-list", args=["default"])).content.decode()
    assert "Check the views with Flink" not in shown  # a viewer is offered no job to start
    editor = Client()
    editor.force_login(members.users["editor"])
    page = editor.get(reverse("job-list", args=["default"])).content.decode()
    assert '<input type="hidden" name="kind" value="flink-check">' in page
    assert "<h3>Check the views with Flink</h3>" in page


@pytest.mark.flink
def test_a_flink_check_job_checks_every_view_and_keeps_each_result(
    environment: Environment, members: Members
) -> None:
    require_flink()
    _run(environment, SCRIPT)
    Table.objects.filter(name="v_refused").update(original_query="SELECT nope FROM src")
    status, answer = _start(members.users["editor"])
    assert status == 302
    job = _finish(int(answer["Location"].rsplit("/", 1)[1]))  # type: ignore[index]
    assert job.state == "done", job.error
    assert job.message == (
        "3 views checked against Flink 2.3.0: 2 match, 0 differ, 1 refused by Flink, "
        "0 not checked here"
    )
    assert (job.done, job.total) == (3, 3)
    assert job.result["lines"] == [
        "[refused] _env_default.default.v_refused",
        "    Column 'nope' not found in any table",
    ]
    assert job.result["url"] == "/env/default/"
    kept = dict(StoredCheck.objects.values_list("view__name", "result"))
    assert kept == {"v_ok": "ok", "v_over": "ok", "v_refused": "refused"}
    editor = Client()
    editor.force_login(members.users["editor"])
    page = editor.get(f"/env/default/jobs/{job.pk}").content.decode()
    assert "[refused] _env_default.default.v_refused" in page
