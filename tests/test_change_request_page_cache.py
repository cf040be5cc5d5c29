"""The change-request pages kept by the page cache: served again with a few queries, and never
stale after any write of what they show (``changes.page_state``), nor another reader's."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from catalogs.executor import Executor, Session
from changes import editing, page_state, services
from changes.models import ChangeRequest, RequestsChange
from environments import services as environment_services
from environments.models import Environment, Role
from tests.access import FAST_HASHERS, Members
from tests.test_change_requests_pages import browser, members_of

pytestmark = pytest.mark.django_db

LIST = "/env/default/change-requests"
STATUS = '<span class="badge" data-testid="status">{}</span>'
TOKENS = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


@pytest.fixture(autouse=True)
def fast_hashers(settings: Any) -> None:
    settings.PASSWORD_HASHERS = FAST_HASHERS


@pytest.fixture
def members(environment: Environment) -> Members:
    return members_of(environment)


@pytest.fixture
def opened(members: Members, environment: Environment) -> ChangeRequest:
    editor = members.users["editor"]
    return services.open_request(environment, editor, "Widen a", "", "ALTER TABLE t ADD c INT;")


def read(client: Client, url: str) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode(), len(queries)


def page(change_request: ChangeRequest) -> str:
    return f"{LIST}/{change_request.pk}"


def test_a_request_page_is_kept_and_served_again_with_four_queries(
    members: Members, opened: ChangeRequest
) -> None:
    viewer = browser(members, "viewer")
    first, rendering = read(viewer, page(opened))
    again, serving = read(viewer, page(opened))
    assert "Would succeed." in first
    assert TOKENS.sub(r"\1", again) == TOKENS.sub(r"\1", first)
    # the session, the user, the environment's version with the role, the requests' count
    assert serving == 4 < rendering
    listed, _ = read(viewer, LIST)
    assert read(viewer, LIST)[1] == 4
    assert "Widen a" in listed


# Each write a page shows, made as its service makes it, and what the page shows after it.
WRITES: list[tuple[str, Callable[[ChangeRequest, Members], Any], str]] = [
    (
        "a comment",
        lambda cr, m: services.comment(cr, m.users["viewer"], "Why c?"),
        "Why c?",
    ),
    (
        "an approval",
        lambda cr, m: services.review(cr, m.users["owner"], "approve", "Fine by me"),
        "Fine by me",
    ),
    (
        "statements added",
        lambda cr, m: services.add_statements(cr, m.users["editor"], "ALTER TABLE t ADD d INT"),
        "`d` INT",
    ),
    (
        "statements edited",
        lambda cr, m: editing.edit_statements(cr, m.users["editor"], "ALTER TABLE t ADD e INT;"),
        "`e` INT",
    ),
    (
        "a new title",
        lambda cr, m: editing.retitle(cr, m.users["editor"], "Widen t", "with a column"),
        "Widen t",
    ),
    (
        "closed",
        lambda cr, m: services.close(cr, m.users["editor"]),
        '<span class="badge" data-testid="status">closed</span>',
    ),
    (
        "a renamed author",
        lambda cr, m: _renamed(m.users["editor"], "editor-renamed").save(),
        "editor-renamed",
    ),
]


def _renamed(user: User, name: str) -> User:
    user.username = name
    return user


@pytest.mark.parametrize("what, write, shown", WRITES, ids=[w[0] for w in WRITES])
def test_every_write_it_shows_is_seen_at_once(
    members: Members,
    opened: ChangeRequest,
    environment: Environment,
    what: str,
    write: Callable[[ChangeRequest, Members], Any],
    shown: str,
) -> None:
    viewer = browser(members, "viewer")
    before, _ = read(viewer, page(opened))
    kept_list, _ = read(viewer, LIST)
    assert read(viewer, page(opened))[1] == 4  # kept
    assert shown not in before
    count = page_state.written(environment.name)
    write(ChangeRequest.objects.get(pk=opened.pk), members)
    assert page_state.written(environment.name) > count, what
    after, rendering = read(viewer, page(opened))
    assert rendering > 4, what
    assert shown in after, what
    if what in ("a new title", "closed", "a renamed author"):  # what the list shows too
        assert read(viewer, LIST)[0] != kept_list


def test_a_reopened_and_an_applied_request_are_seen_at_once(
    members: Members, opened: ChangeRequest
) -> None:
    editor, owner = members.users["editor"], members.users["owner"]
    client = browser(members, "viewer")
    services.close(opened, editor)
    assert STATUS.format("closed") in read(client, page(opened))[0]
    services.reopen(ChangeRequest.objects.get(pk=opened.pk), editor)
    reopened, _ = read(client, page(opened))
    assert STATUS.format("open") in reopened and "Would succeed." in reopened
    services.review(ChangeRequest.objects.get(pk=opened.pk), owner, "approve")
    read(client, page(opened))
    assert read(client, page(opened))[1] == 4
    outcome = services.apply(ChangeRequest.objects.get(pk=opened.pk), owner)
    assert outcome.ok, outcome
    applied, _ = read(client, page(opened))
    assert "Would succeed." not in applied
    assert STATUS.format("applied") in applied
    assert "Applied by owner on" in applied


def test_an_approval_stops_counting_on_the_kept_page_when_its_reviewer_is_demoted(
    members: Members, opened: ChangeRequest, environment: Environment
) -> None:
    services.review(opened, members.users["owner"], "approve")
    editor = browser(members, "editor")
    approved, _ = read(editor, page(opened))
    assert "Apply change request" in approved
    assert read(editor, page(opened))[1] == 4
    environment_services.grant_role(environment, members.users["owner"], Role.VIEWER)
    demoted, _ = read(editor, page(opened))
    assert "Apply change request" not in demoted
    assert "It needs 1 approval before it is applied." in demoted


def test_each_reader_is_shown_what_they_may_do(members: Members, opened: ChangeRequest) -> None:
    author = browser(members, "editor")
    other = browser(members, "owner")
    for _ in range(2):  # rendered, then kept: each reader's own page both times
        assert "does not let authors approve their own" in read(author, page(opened))[0]
        assert "does not let authors approve their own" not in read(other, page(opened))[0]


def test_logging_in_counts_as_no_write(members: Members, environment: Environment) -> None:
    count = page_state.written(environment.name)
    before = User.objects.get(pk=members.users["viewer"].pk).last_login
    Client().force_login(members.users["viewer"])  # Django saves the user's last_login
    assert User.objects.get(pk=members.users["viewer"].pk).last_login != before
    assert page_state.written(environment.name) == count


def test_a_request_previewed_by_a_job_is_never_kept(
    members: Members, environment: Environment, monkeypatch: Any
) -> None:
    from config import limits

    monkeypatch.setattr(limits, "PREVIEW_IN_PAGE_STATEMENTS", 1)
    long = services.open_request(
        environment,
        members.users["editor"],
        "Two columns",
        "",
        "ALTER TABLE t ADD c INT; ALTER TABLE t ADD d INT;",
    )
    viewer = browser(members, "viewer")
    read(viewer, page(long))
    assert read(viewer, page(long))[1] > 4  # rendered again: it shows a job's progress


def test_an_environment_with_requests_is_deleted_and_its_counts_go_nowhere(
    members: Members, opened: ChangeRequest, environment: Environment
) -> None:
    environment_services.set_approval_rules(environment, 0, False)
    environment.refresh_from_db()
    dropped = Executor(Session.start(environment)).execute_script("DROP VIEW v; DROP TABLE t;")
    assert all(r.ok for r in dropped), dropped
    services.comment(opened, members.users["viewer"], "bye")
    environment_services.delete_environment(environment)
    assert not Environment.objects.filter(pk=environment.pk).exists()
    assert page_state.written(environment.name) == 0  # no environment of that name now
    assert RequestsChange.objects.filter(environment_id=environment.pk).exists()


def test_the_api_keeps_its_answers_until_a_write_they_show(
    members: Members, opened: ChangeRequest
) -> None:
    api = members["viewer"]
    url = f"/api/v1/environments/default/change-requests/{opened.pk}"

    def answer(path: str) -> tuple[Any, int]:
        with CaptureQueriesContext(connection) as queries:
            response = api.get(path, format="json")
        assert response.status_code == 200, path
        return response.json(), len(queries)

    for path in (url, f"{url}/preview", "/api/v1/environments/default/change-requests/"):
        first, rendering = answer(path)
        again, serving = answer(path)
        assert again == first and serving < rendering, path
    services.review(opened, members.users["owner"], "approve")
    assert answer(url)[0]["approvers"] == ["owner"]
    editing.edit_statements(opened, members.users["editor"], "ALTER TABLE t ADD e INT;")
    statements = [r["statement"] for r in answer(f"{url}/preview")[0]["results"]]
    assert statements == ["ALTER TABLE t ADD e INT"]
    assert answer(url)[0]["approvers"] == []  # the approval was of the earlier statements


def test_the_kept_console_offers_the_requests_open_now(
    members: Members, opened: ChangeRequest, environment: Environment
) -> None:
    editor = browser(members, "editor")
    console = "/env/default/console"
    first, _ = read(editor, console)
    assert f">#{opened.pk} Widen a</option>" in first
    assert read(editor, console)[1] == 5  # kept: also the user's scripts and the requests' count
    editing.retitle(opened, members.users["editor"], "Widen t", "")
    retitled, _ = read(editor, console)
    assert f">#{opened.pk} Widen t</option>" in retitled
    services.close(ChangeRequest.objects.get(pk=opened.pk), members.users["editor"])
    assert f">#{opened.pk} " not in read(editor, console)[0]
    added = services.open_request(environment, members.users["editor"], "Another", "", "")
    assert f">#{added.pk} Another</option>" in read(editor, console)[0]


def test_permissions_to_use_an_artifact_count_as_writes(
    members: Members, environment: Environment
) -> None:
    artifact = environment_services.upload_artifact(environment, "udfs", "u.jar", b"c").artifact
    editor = members.users["editor"]
    for write in (
        lambda: environment_services.grant_use(artifact, editor),
        lambda: environment_services.revoke_use(artifact, editor),
        lambda: editor.usable_artifacts.add(artifact),  # from the user's side
        lambda: editor.usable_artifacts.clear(),
    ):
        count = page_state.written(environment.name)
        write()
        assert page_state.written(environment.name) > count


def test_folding_the_rows_leaves_every_sum_as_it_was(
    members: Members, opened: ChangeRequest, environment: Environment, monkeypatch: Any
) -> None:
    other = environment_services.create_environment("other")
    page_state.changed([environment.pk, other.pk])
    sums = {e.name: page_state.written(e.name) for e in (environment, other)}
    assert sums[environment.name] > 1 and sums[other.name] == 1
    viewer = browser(members, "viewer")
    read(viewer, page(opened))
    assert read(viewer, page(opened))[1] == 4  # kept
    page_state.fold(RequestsChange.objects.latest("pk").pk)
    assert RequestsChange.objects.count() == 2  # one row an environment
    assert {e.name: page_state.written(e.name) for e in (environment, other)} == sums
    assert read(viewer, page(opened))[1] == 4  # still kept: nothing it shows was written
    # a fold every FOLD_EVERY rows written, within the write that reaches it
    monkeypatch.setattr(page_state, "FOLD_EVERY", 3)
    for number in range(6):
        services.comment(opened, members.users["viewer"], f"comment {number}")
    assert page_state.written(environment.name) == sums[environment.name] + 6
    assert RequestsChange.objects.count() <= 4
