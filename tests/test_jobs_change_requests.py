"""Applying an approved change request as a background job (``change-request-apply``): the
same rules as its Apply button, its statements counted on the bar, all or nothing."""

from __future__ import annotations

import threading

import pytest
from django.test import Client

from catalogs.executor import Executor, Session
from catalogs.models import Table
from changes import services as changes
from changes.models import ChangeRequest
from environments.models import Environment
from jobs import services
from jobs.models import Job
from tests.access import Members, make_members

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("embedded_jobs"),
]


@pytest.fixture
def members(environment: Environment) -> Members:
    result = Executor(Session.start(environment)).execute("CREATE TABLE t (a INT)")
    assert result.ok, result.error
    environment.required_approvals = 1
    environment.save()
    return make_members(environment)


def _finish(job_id: int) -> Job:
    for thread in threading.enumerate():
        if thread.name == f"job-{job_id}":
            thread.join()
    return Job.objects.get(pk=job_id)


def _approved(members: Members, environment: Environment, sql: str) -> ChangeRequest:
    opened = changes.open_request(environment, members.users["editor"], "Three tables", sql=sql)
    changes.review(opened, members.users["owner"], "approve")
    return opened


def test_an_approved_request_is_applied_by_a_job_counting_its_statements(
    members: Members, environment: Environment
) -> None:
    opened = _approved(
        members, environment, "CREATE TABLE u (x INT); CREATE TABLE w (y INT); DROP TABLE t"
    )
    editor = Client()
    editor.force_login(members.users["editor"])
    page = editor.get(f"/env/default/change-requests/{opened.pk}").content.decode()
    assert 'name="kind" value="change-request-apply"' in page
    answer = editor.post(
        "/env/default/jobs/start",
        {"kind": "change-request-apply", "change_request": str(opened.pk)},
    )
    job = Job.objects.get()
    assert answer.status_code == 302 and answer["Location"].endswith(f"/jobs/{job.pk}")
    done = _finish(job.pk)
    assert (done.state, done.done, done.total) == ("done", 3, 3), done.error
    assert done.message == f"Applied change request #{opened.pk}: 3 statement(s)."
    assert done.result["url"] == f"/env/default/change-requests/{opened.pk}"
    opened.refresh_from_db()
    assert opened.status == ChangeRequest.Status.APPLIED
    assert opened.applied_by == members.users["editor"]
    assert sorted(Table.objects.values_list("name", flat=True)) == ["u", "w"]


def test_a_failing_request_job_applies_nothing_and_keeps_the_failure_on_the_request(
    members: Members, environment: Environment
) -> None:
    opened = _approved(members, environment, "CREATE TABLE u (x INT); CREATE TABLE t (y INT)")
    job = services.start_job(
        environment, members.users["editor"], "change-request-apply", {"change_request": opened.pk}
    )
    failed = _finish(job.pk)
    assert failed.state == "failed"
    assert failed.error.startswith("Statement 2 failed: ")
    assert failed.error.endswith(" Nothing was applied.")
    opened.refresh_from_db()
    assert (opened.status, opened.failure) == (ChangeRequest.Status.OPEN, failed.error)
    assert not Table.objects.filter(name="u").exists()


def test_a_request_job_keeps_the_rules_of_the_apply_button(
    members: Members, environment: Environment
) -> None:
    unapproved = changes.open_request(
        environment, members.users["editor"], "Unreviewed", sql="CREATE TABLE u (x INT)"
    )
    job = services.start_job(
        environment,
        members.users["editor"],
        "change-request-apply",
        {"change_request": unapproved.pk},
    )
    failed = _finish(job.pk)
    assert failed.state == "failed"
    assert failed.error == (
        f"Change request #{unapproved.pk} needs 1 approval(s) from reviewers other than its "
        "author before it is applied; it has 0."
    )
    missing = services.start_job(
        environment, members.users["editor"], "change-request-apply", {"change_request": 999}
    )
    assert _finish(missing.pk).error == "There is no change request #999 in environment 'default'."
    assert not Table.objects.filter(name="u").exists()
