"""A long change request is previewed by a job (``change-request-preview``, #20), not while its
page is read: the page offers the job, shows it under way, and then the job's report for the
statements and the catalog as they are; nothing of the preview stays in the catalog."""

from __future__ import annotations

import pytest
from django.test import Client

from catalogs.executor import Executor, Session
from catalogs.models import HistoryEntry, Table
from changes import services as changes
from changes.models import ChangeRequest
from config import limits
from environments.models import Environment
from jobs.models import Job
from tests.access import Members, make_members
from tests.test_jobs_change_requests import _finish

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("embedded_jobs"),
]

U = "CREATE TABLE u (x INT) WITH ('connector' = 'datagen')"
THREE = f"{U}; CREATE VIEW vu AS SELECT x FROM u; DROP TABLE t"


@pytest.fixture(autouse=True)
def _previewed_by_a_job_from_three(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "PREVIEW_IN_PAGE_STATEMENTS", 2)


@pytest.fixture
def members(environment: Environment) -> Members:
    result = Executor(Session.start(environment)).execute("CREATE TABLE t (a INT)")
    assert result.ok, result.error
    return make_members(environment)


def _client(members: Members, who: str) -> Client:
    client = Client()
    client.force_login(members.users[who])
    return client


def _start(client: Client, opened: ChangeRequest) -> object:
    return client.post(
        "/env/default/jobs/start",
        {"kind": "change-request-preview", "change_request": str(opened.pk)},
    )


def test_a_long_request_is_previewed_by_a_job_a_viewer_starts(
    members: Members, environment: Environment
) -> None:
    opened = changes.open_request(environment, members.users["editor"], "Three", sql=THREE)
    viewer = _client(members, "viewer")
    url = f"/env/default/change-requests/{opened.pk}"
    history = HistoryEntry.objects.count()
    page = viewer.get(url).content.decode()
    assert "This request holds 3 statements: it is previewed in the background" in page
    assert 'name="kind" value="change-request-preview"' in page
    assert "Would succeed." not in page  # the page ran nothing

    answer = _start(viewer, opened)
    job = Job.objects.get()
    assert answer.status_code == 302 and answer["Location"].endswith(f"/jobs/{job.pk}")
    done = _finish(job.pk)
    assert (done.state, done.done, done.total) == ("done", 3, 3), done.error
    assert done.message == (
        f"Previewed change request #{opened.pk}: all 3 statement(s) would succeed."
    )
    assert done.result["url"] == url
    # a preview changes nothing
    assert sorted(Table.objects.values_list("name", flat=True)) == ["t"]
    assert HistoryEntry.objects.count() == history

    page = viewer.get(url).content.decode()
    assert page.count("Would succeed.") == 3
    assert f'Previewed in the background by <a href="/env/default/jobs/{job.pk}">' in page
    assert "Preview in the background</button>" not in page

    # other statements: the report kept is not theirs, the page offers a new preview
    changes.add_statements(opened, members.users["editor"], "CREATE TABLE w (y INT)")
    page = viewer.get(url).content.decode()
    assert "Would succeed." not in page
    assert f"job {job.pk}</a>, was of other statements or of the catalog as it was" in page
    assert "Preview in the background</button>" in page


def test_the_preview_job_reports_the_first_failing_statement_and_who_may_start_it(
    members: Members, environment: Environment
) -> None:
    sql = f"{U}; CREATE VIEW vu AS SELECT nope FROM u; DROP TABLE t"
    opened = changes.open_request(environment, members.users["editor"], "Fails", sql=sql)
    assert _start(_client(members, "outsider"), opened).status_code == 404
    assert not Job.objects.exists()
    _start(_client(members, "viewer"), opened)
    done = _finish(Job.objects.get().pk)
    assert done.state == "done", done.error
    assert done.message == (
        f"Previewed change request #{opened.pk}: statement 2 would fail: "
        "From line 1, column 26 to line 1, column 29: Column 'nope' not found in any table"
    )
    page = _client(members, "viewer").get(f"/env/default/change-requests/{opened.pk}")
    assert "Would fail: From line 1, column 26" in page.content.decode()


def test_a_short_request_is_previewed_by_its_page(
    members: Members, environment: Environment
) -> None:
    opened = changes.open_request(
        environment, members.users["editor"], "Two", sql="CREATE TABLE u (x INT); DROP TABLE t"
    )
    page = _client(members, "viewer").get(f"/env/default/change-requests/{opened.pk}")
    text = page.content.decode()
    assert text.count("Would succeed.") == 2
    assert 'data-testid="preview-in-background"' not in text
