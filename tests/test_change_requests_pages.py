"""The change request pages: open one from a text area, review it, apply it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from catalogs.executor import Executor, Session
from catalogs.models import Table
from changes.models import ChangeRequest
from environments.models import Environment
from tests.access import Members, make_members

pytestmark = pytest.mark.django_db

SETUP = """
CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen');
CREATE VIEW v AS SELECT a, b FROM t;
"""


def members_of(environment: Environment) -> Members:
    """The environment's members, a table ``t`` and a view ``v`` over it, one approval needed
    for every change."""
    assert all(r.ok for r in Executor(Session.start(environment)).execute_script(SETUP))
    environment.required_approvals = 1
    environment.save()
    return make_members(environment)


@pytest.fixture
def members(environment: Environment) -> Members:
    return members_of(environment)


def browser(members: Members, who: str) -> Client:
    client = Client()
    client.force_login(members.users[who])
    return client


def test_the_link_of_a_refused_change_fills_its_statements_in(members: Members) -> None:
    form = browser(members, "editor").get(
        "/env/default/change-requests/new", {"sql": "DROP VIEW v"}
    )
    assert ">\nDROP VIEW v</textarea>" in form.content.decode()


def test_it_opens_reviews_and_applies_a_request(members: Members) -> None:
    editor, owner = browser(members, "editor"), browser(members, "owner")
    form = editor.get("/env/default/change-requests/new")
    assert form.status_code == 200
    answer = editor.post(
        "/env/default/change-requests/new",
        {"title": "Drop b", "description": "b is unused", "sql": "ALTER TABLE t DROP b;"},
    )
    change_request = ChangeRequest.objects.get()
    assert answer.url == f"/env/default/change-requests/{change_request.pk}"

    page = browser(members, "viewer").get(answer.url).content.decode()
    assert "Would succeed." in page
    assert '<span class="diff-removed">-  `b` VARCHAR(2147483647)</span>' in page
    assert "_env_default.default.v</code>: Flink cannot plan a read of this view" in page
    assert 'data-graph="lineage-data"' in page
    assert "0 of 1 approval" in page
    assert "Apply change request" not in page  # viewers do not apply

    refused = editor.post(f"{answer.url}/review", {"verdict": "approve"}, follow=True)
    assert escape("does not let authors approve their own requests") in refused.content.decode()
    owner.post(f"{answer.url}/comment", {"body": "Who reads b?", "statement": "1"})
    owner.post(f"{answer.url}/review", {"verdict": "approve", "body": "ok"})
    page = editor.get(answer.url).content.decode()
    assert "1 of 1 approval" in page
    assert "Who reads b?" in page
    assert "Apply change request" in page

    applied = editor.post(f"{answer.url}/apply", follow=True).content.decode()
    assert "Applied: every statement ran, as one transaction." in applied
    assert "History entries it made" in applied
    assert [c.name for c in Table.objects.get(name="t").columns.all()] == ["a"]


def test_the_list_links_to_requests_and_viewers_cannot_open(members: Members) -> None:
    viewer = browser(members, "viewer")
    assert viewer.get("/env/default/change-requests/new").status_code == 403
    browser(members, "editor").post(
        "/env/default/change-requests/new", {"title": "Add u", "sql": "CREATE TABLE u (x INT)"}
    )
    page = viewer.get("/env/default/change-requests").content.decode()
    assert "Every change here needs 1 approval" in page
    pk = ChangeRequest.objects.get().pk
    assert f'<a href="/env/default/change-requests/{pk}">Add u</a>' in page
    assert "Open a change request" not in page
    assert ">Change requests</a>" in page  # the header links here from any environment page
    assert browser(members, "outsider").get("/env/default/change-requests").status_code == 404


def test_a_failed_apply_shows_why(members: Members, environment: Environment) -> None:
    editor = browser(members, "editor")
    editor.post(
        "/env/default/change-requests/new",
        {"title": "Twice", "sql": "CREATE TABLE u (x INT); CREATE TABLE u (x INT)"},
    )
    change_request = ChangeRequest.objects.get()
    url = f"/env/default/change-requests/{change_request.pk}"
    assert "Would fail:" in editor.get(url).content.decode()
    browser(members, "owner").post(f"{url}/review", {"verdict": "approve"})
    page = editor.post(f"{url}/apply", follow=True).content.decode()
    assert "Applying failed: Statement 2 failed:" in page
    assert not Table.objects.filter(name="u").exists()


def test_its_author_closes_it_from_the_page_and_reopens_it(members: Members) -> None:
    editor = browser(members, "editor")
    editor.post(
        "/env/default/change-requests/new", {"title": "Try", "sql": "CREATE TABLE u (x INT)"}
    )
    change_request = ChangeRequest.objects.get()
    url = f"/env/default/change-requests/{change_request.pk}"
    assert "Close change request" in editor.get(url).content.decode()
    assert "Close change request" not in browser(members, "viewer").get(url).content.decode()
    refused = browser(members, "viewer").post(f"{url}/close")
    assert refused.status_code == 403
    assert (
        f"Only the author of change request #{change_request.pk} or an admin of environment "
        "&#x27;default&#x27; may close it." in refused.text
    )
    assert ChangeRequest.objects.get().status == "open"  # refused, shown as a message

    page = editor.post(f"{url}/close", follow=True).content.decode()
    assert ChangeRequest.objects.get().status == "closed"
    assert "Closed without applying by editor" in page
    assert "Reopen change request" in page and "Close change request" not in page
    assert not Table.objects.filter(name="u").exists()

    page = editor.post(f"{url}/reopen", follow=True).content.decode()
    assert ChangeRequest.objects.get().status == "open"
    assert "Reopened." in page


def test_it_shows_why_statements_are_not_added_to_an_applied_request(members: Members) -> None:
    editor = browser(members, "editor")
    editor.post("/env/default/change-requests/new", {"title": "U", "sql": "CREATE TABLE u (x INT)"})
    change_request = ChangeRequest.objects.get()
    url = f"/env/default/change-requests/{change_request.pk}"
    browser(members, "owner").post(f"{url}/review", {"verdict": "approve"})
    editor.post(f"{url}/apply")
    page = editor.post(f"{url}/statements", {"sql": "CREATE TABLE z (q INT)"}, follow=True)
    assert (
        escape(f"Change request #{change_request.pk} is applied; only open requests change.")
        in page.content.decode()
    )
    change_request.refresh_from_db()
    assert (change_request.status, change_request.revision) == ("applied", 1)
    assert list(change_request.statements.values_list("sql", flat=True)) == [
        "CREATE TABLE u (x INT)"
    ]
    assert not Table.objects.filter(name="z").exists()


def _preview_queries(client: Client, url: str) -> list[str]:
    """The queries of one GET of ``url`` that only running the preview makes: its statements'
    writes, rolled back (an API token's first use of the minute notes when, which is no
    preview's)."""
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith(("INSERT", "UPDATE")) and '"environments_apitoken"' not in q["sql"]
    ]


def test_it_keeps_the_preview_per_revision_and_catalog_version(
    members: Members, environment: Environment
) -> None:
    editor, viewer = browser(members, "editor"), browser(members, "viewer")
    editor.post("/env/default/change-requests/new", {"title": "U", "sql": "CREATE TABLE u (x INT)"})
    change_request = ChangeRequest.objects.get()
    url = f"/env/default/change-requests/{change_request.pk}"
    api = f"/api/v1/environments/default/change-requests/{change_request.pk}/preview"
    assert _preview_queries(viewer, url) != []
    assert _preview_queries(viewer, url) == []
    assert _preview_queries(members["viewer"], api) == []  # the API shows the same preview
    assert members["viewer"].get(api).json()["changes"][0]["name"] == "_env_default.default.u"

    editor.post(f"{url}/statements", {"sql": "CREATE TABLE w (y INT)"})  # a new revision
    assert _preview_queries(viewer, url) != []
    assert _preview_queries(viewer, url) == []
    names = [c["name"] for c in members["viewer"].get(api).json()["changes"]]
    assert names == ["_env_default.default.u", "_env_default.default.w"]

    # The catalog moves on: the preview runs on it again, and now fails.
    moved = Executor(Session.start(environment), change_request=ChangeRequest())
    assert moved.execute("CREATE TABLE w (z INT)").ok
    assert _preview_queries(viewer, url) != []
    answer = members["viewer"].get(api).json()
    assert [r["ok"] for r in answer["results"]] == [True, False]
    assert _preview_queries(viewer, url) == []


def test_its_forms_lay_fields_out_as_every_form_and_name_a_missing_one(members: Members) -> None:
    editor = browser(members, "editor")
    refused = editor.post("/env/default/change-requests/new", {"title": "", "sql": "DROP VIEW v"})
    page = refused.content.decode()
    assert refused.status_code == 200 and not ChangeRequest.objects.exists()
    assert '<div class="field has-error">\n  \n    <label for="id_title">Title</label>' in page
    assert '<p class="error field-error" role="alert">This field is required.</p>' in page
    assert "errorlist" not in page

    editor.post("/env/default/change-requests/new", {"title": "Drop v", "sql": "DROP VIEW v"})
    detail = browser(members, "owner").get(
        f"/env/default/change-requests/{ChangeRequest.objects.get().pk}"
    )
    review = detail.content.decode()
    assert '<fieldset class="field choices">\n    <legend>Verdict</legend>' in review
    assert '<label for="id_verdict_0">Approve</label>' in review
