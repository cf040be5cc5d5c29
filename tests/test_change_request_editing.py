"""Editing an open change request (#17): its statements edited, removed and reordered (a new
revision: earlier approvals no longer count), its title changed, what changed since a review,
and who may close it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogs.executor import Executor, Session
from changes import editing, services
from changes.models import ChangeRequest
from environments.models import Environment, Membership, Role
from environments.services import ServiceError

pytestmark = pytest.mark.django_db

SETUP = "CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen')"
SECRET = "CREATE TABLE s (a INT) WITH ('connector' = 'x', 'password' = 'hunter2-secret')"


@pytest.fixture
def team(environment: Environment) -> dict[str, User]:
    assert Executor(Session.start(environment)).execute(SETUP).ok
    environment.required_approvals = 1
    environment.save()
    users = {name: User.objects.create_user(name) for name in ("alice", "bob", "carol", "vic")}
    for name, role in (("alice", Role.EDITOR), ("bob", Role.EDITOR), ("carol", Role.EDITOR)):
        Membership.objects.create(environment=environment, user=users[name], role=role)
    Membership.objects.create(environment=environment, user=users["vic"], role=Role.VIEWER)
    return users


def _opened(environment: Environment, author: User, sql: str) -> ChangeRequest:
    return services.open_request(environment, author, "Tidy t", "", sql)


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_editing_starts_a_revision_and_shows_the_reviewer_what_changed(environment, team) -> None:
    request = _opened(environment, team["alice"], "ALTER TABLE t DROP b; CREATE TABLE u (x INT)")
    services.review(request, team["bob"], "approve")
    assert services.is_approved(request)
    assert editing.changed_since_review(request, team["bob"]) is None  # nothing since
    changed = editing.edit_statements(
        request, team["alice"], "CREATE TABLE u (x INT, y INT);\nALTER TABLE t DROP b"
    )
    request.refresh_from_db()
    assert changed and request.revision == 2
    assert editing.statements_of(request) == [
        "CREATE TABLE u (x INT, y INT)",
        "ALTER TABLE t DROP b",
    ]
    assert not services.is_approved(request)  # bob approved revision 1
    assert editing.changed_since_review(request, team["bob"]) == [
        "--- revision 1 (your review)",
        "+++ revision 2 (now)",
        "@@ -1,2 +1,2 @@",
        "+CREATE TABLE u (x INT, y INT);",
        " ALTER TABLE t DROP b;",
        "-CREATE TABLE u (x INT);",
    ]
    assert editing.changed_since_review(request, team["carol"]) is None  # carol never reviewed
    # the same statements again: no new revision
    assert not editing.edit_statements(
        request, team["alice"], "CREATE TABLE u (x INT, y INT); ALTER TABLE t DROP b"
    )
    request.refresh_from_db()
    assert request.revision == 2


def test_statements_move_and_go_through_the_page(environment, team) -> None:
    request = _opened(
        environment, team["alice"], "CREATE TABLE a1 (x INT); CREATE TABLE a2 (x INT)"
    )
    url = reverse("change-request-move", args=["default", request.pk])
    alice = _client(team["alice"])
    response = alice.post(url, {"position": "2", "action": "up"}, follow=True)
    assert "Statement 2 moved up; earlier approvals no longer count." in response.content.decode()
    assert editing.statements_of(request) == ["CREATE TABLE a2 (x INT)", "CREATE TABLE a1 (x INT)"]
    alice.post(url, {"position": "1", "action": "remove"})
    assert editing.statements_of(request) == ["CREATE TABLE a1 (x INT)"]
    last = alice.post(url, {"position": "1", "action": "remove"}, follow=True)
    assert "A change request holds at least one statement." in last.content.decode()
    missing = alice.post(url, {"position": "7", "action": "down"}, follow=True)
    assert "There is no statement 7; the request holds 1." in missing.content.decode()
    request.refresh_from_db()
    assert (request.revision, editing.statements_of(request)) == (3, ["CREATE TABLE a1 (x INT)"])
    viewer = _client(team["vic"]).post(url, {"position": "1", "action": "remove"})
    assert viewer.status_code == 403
    assert editing.statements_of(request) == ["CREATE TABLE a1 (x INT)"]


def test_the_edit_page_keeps_masked_secrets_and_retitles(environment, team) -> None:
    request = _opened(environment, team["alice"], SECRET)
    url = reverse("change-request-edit", args=["default", request.pk])
    alice = _client(team["alice"])
    page = alice.get(url).content.decode()
    assert "hunter2-secret" not in page
    assert "&#x27;password&#x27; = &#x27;******&#x27;" in page
    shown = SECRET.replace("hunter2-secret", "******")
    sent = {
        "title": "Tidy t and s",
        "description": "why",
        "sql": f"{shown};\nCREATE TABLE w (q INT)",
    }
    response = alice.post(url, sent)
    assert response.status_code == 302
    request.refresh_from_db()
    assert (request.title, request.description) == ("Tidy t and s", "why")
    assert editing.statements_of(request) == [SECRET, "CREATE TABLE w (q INT)"]  # secret kept
    # another editor may change the statements but not the title
    bob = _client(team["bob"]).post(url, {**sent, "title": "Mine now"})
    assert "Only the author of change request" in bob.content.decode()
    request.refresh_from_db()
    assert request.title == "Tidy t and s"


def test_a_reviewer_closes_it_and_only_the_author_or_an_admin_reopens_it(environment, team) -> None:
    request = _opened(environment, team["alice"], "CREATE TABLE u (x INT)")
    with pytest.raises(ServiceError, match="Only the author of change request"):
        services.close(request, team["carol"])  # no review from carol
    services.review(request, team["bob"], "request_changes", "not like this")
    services.close(request, team["bob"])
    request.refresh_from_db()
    assert (request.status, request.closed_by) == ("closed", team["bob"])
    with pytest.raises(ServiceError, match="Only the author of change request"):
        services.reopen(request, team["bob"])
    services.reopen(request, team["alice"])
    request.refresh_from_db()
    assert request.status == "open"


def test_the_api_edits_a_request(environment, team) -> None:
    from tests.access import token_client

    request = _opened(
        environment, team["alice"], "CREATE TABLE a1 (x INT); CREATE TABLE a2 (x INT)"
    )
    url = f"/api/v1/environments/default/change-requests/{request.pk}"
    answer = token_client(team["alice"]).patch(
        url,
        {"title": "Two tables", "sql": "CREATE TABLE a2 (x INT); CREATE TABLE a1 (x INT)"},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["title"] == "Two tables" and body["revision"] == 2
    assert [s["sql"] for s in body["statements"]] == [
        "CREATE TABLE a2 (x INT)",
        "CREATE TABLE a1 (x INT)",
    ]
    refused = token_client(team["vic"]).patch(url, {"sql": "CREATE TABLE z (x INT)"}, format="json")
    assert refused.status_code == 403
    request.refresh_from_db()
    assert request.revision == 2
