"""Change requests through the API: open, preview, review, apply; and the rules on the way."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.html import escape

from catalogs.executor import Executor, Session
from catalogs.models import HistoryEntry, Snapshot, Table
from changes.models import ChangeRequest
from environments.models import Environment
from tests import state
from tests.access import Members, make_members

pytestmark = pytest.mark.django_db

SETUP = """
CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen');
CREATE VIEW v AS SELECT a, b FROM t;
"""
PROPOSAL = "ALTER TABLE t DROP b; CREATE TABLE u (x INT)"


def base(environment: Environment) -> str:
    return f"/api/v1/environments/{environment.name}/change-requests/"


@pytest.fixture
def members(environment: Environment) -> Members:
    results = Executor(Session.start(environment)).execute_script(SETUP)
    assert all(r.ok for r in results), results
    environment.required_approvals = 1
    environment.save()
    return make_members(environment)


def dump() -> dict[str, list[dict]]:
    """Every row of every catalog model, in primary-key order."""
    return state.dump("catalogs")


def open_request(members: Members, environment: Environment, sql: str = PROPOSAL) -> dict:
    answer = members["editor"].post(base(environment), {"title": "Drop b", "sql": sql})
    assert answer.status_code == 201, answer.json()
    return answer.json()


def test_it_runs_the_whole_flow(members: Members, environment: Environment) -> None:
    opened = open_request(members, environment)
    assert [s["sql"] for s in opened["statements"]] == ["ALTER TABLE t DROP b", PROPOSAL[22:]]
    assert (opened["status"], opened["approved"], opened["base_moved"]) == ("open", False, False)
    url = f"{base(environment)}{opened['id']}"
    before = dump()

    preview = members["viewer"].get(f"{url}/preview").json()
    assert dump() == before  # the preview is rolled back
    assert preview["ok"] is True
    assert [r["ok"] for r in preview["results"]] == [True, True]
    changes = {c["name"]: c for c in preview["changes"]}
    table = changes["_env_default.default.t"]
    assert table["action"] == "changed"
    assert "-  `b` VARCHAR(2147483647)\n+  `a` INT\n" in table["diff"]
    assert changes["_env_default.default.u"]["action"] == "created"
    assert changes["_env_default.default.u"]["before"] == ""
    assert preview["impact"] == [
        {
            "view": "_env_default.default.v",
            "status": "broken",
            "reason": "Flink cannot plan a read of this view: column b of "
            "_env_default.default.t is gone (Flink: Column 'b' not found in table 't') (path "
            "_env_default.default.v -> _env_default.default.t).",
            "path": ["_env_default.default.v", "_env_default.default.t"],
            "columns": ["_env_default.default.t.b"],
        }
    ]

    comment = members["viewer"].post(f"{url}/comments", {"body": "Who reads b?", "statement": 1})
    assert comment.status_code == 201
    assert comment.json()["statement"] == 1

    approved = members["owner"].post(f"{url}/approve", {"body": "Fine"})
    assert approved.status_code == 201, approved.json()
    assert (approved.json()["approvers"], approved.json()["approved"]) == (["owner"], True)

    applied = members["editor"].post(f"{url}/apply", {"snapshot": True})
    assert applied.status_code == 200, applied.json()
    body = applied.json()["change_request"]
    assert body["status"] == "applied"
    entries = HistoryEntry.objects.filter(pk__in=body["history_entries"]).order_by("pk")
    assert [e.statement for e in entries] == ["ALTER TABLE t DROP b", "CREATE TABLE u (x INT)"]
    assert Table.objects.filter(name="u").exists()
    assert Table.objects.get(name="v").status == "broken"
    snapshot = Snapshot.objects.get(snapshot_id__in=body["snapshots"])
    assert snapshot.label == "Drop b"
    again = members["editor"].post(f"{url}/apply", {})
    assert again.status_code == 409
    assert again.json()["errors"][0]["message"].endswith("only open requests change.")


def test_an_unapproved_request_cannot_be_applied(members: Members, environment) -> None:
    opened = open_request(members, environment)
    before = dump()
    answer = members["editor"].post(f"{base(environment)}{opened['id']}/apply", {})
    assert answer.status_code == 409
    assert answer.json() == {
        "errors": [
            {
                "message": f"Change request #{opened['id']} needs 1 approval(s) from reviewers "
                "other than its author before it is applied; it has 0."
            }
        ]
    }
    assert dump() == before


def test_authors_may_not_approve_their_own_request(members: Members, environment) -> None:
    opened = open_request(members, environment)
    answer = members["editor"].post(f"{base(environment)}{opened['id']}/approve", {})
    assert answer.status_code == 403
    assert answer.json()["errors"][0]["message"] == (
        "You opened this change request; environment 'default' does not let authors approve "
        "their own requests."
    )
    environment.allow_self_approval = True
    environment.save()
    answer = members["editor"].post(f"{base(environment)}{opened['id']}/approve", {})
    assert answer.json()["approved"] is True


def test_a_failing_statement_at_apply_time_changes_nothing(members, environment) -> None:
    opened = open_request(members, environment, "CREATE TABLE u (x INT); CREATE TABLE w (y INT)")
    url = f"{base(environment)}{opened['id']}"
    members["owner"].post(f"{url}/approve", {})
    # The catalog moves on: someone makes w through another approved path meanwhile.
    Executor(Session.start(environment), change_request=ChangeRequest()).execute(
        "CREATE TABLE w (z INT)"
    )
    assert members["viewer"].get(url).json()["base_moved"] is True
    before = dump()
    answer = members["editor"].post(f"{url}/apply", {})
    assert answer.status_code == 409
    assert answer.json()["message"].startswith("Statement 2 failed: ")
    assert answer.json()["message"].endswith(" Nothing was applied.")
    assert answer.json()["change_request"]["status"] == "open"
    assert answer.json()["change_request"]["failure"] == answer.json()["message"]
    assert dump() == before
    assert not Table.objects.filter(name="u").exists()


def test_new_statements_void_earlier_approvals(members: Members, environment) -> None:
    opened = open_request(members, environment)
    url = f"{base(environment)}{opened['id']}"
    assert members["owner"].post(f"{url}/approve", {}).json()["approved"] is True
    answer = members["editor"].post(f"{url}/statements", {"sql": "CREATE TABLE z (q INT);"})
    assert answer.status_code == 200
    assert [s["position"] for s in answer.json()["statements"]] == [1, 2, 3]
    assert (answer.json()["approvers"], answer.json()["approved"]) == ([], False)


def test_roles(members: Members, environment: Environment) -> None:
    refused = members["viewer"].post(
        base(environment), {"title": "x", "sql": "CREATE TABLE z (a INT)"}
    )
    assert refused.status_code == 403
    assert refused.json()["errors"][0]["message"] == (
        "You need the editor role in environment 'default' to open a change request."
    )
    opened = open_request(members, environment)
    url = f"{base(environment)}{opened['id']}"
    assert members["viewer"].post(f"{url}/approve", {}).status_code == 403
    assert members["viewer"].post(f"{url}/apply", {}).status_code == 403
    assert members["viewer"].post(f"{url}/comments", {"body": "hm"}).status_code == 201
    assert members["outsider"].get(url).status_code == 404
    assert members["outsider"].get(base(environment)).status_code == 404
    listed = members["viewer"].get(base(environment)).json()
    assert [r["title"] for r in listed["results"]] == ["Drop b"]


def test_reviews_request_changes_and_reject_bad_verdicts(members, environment) -> None:
    opened = open_request(members, environment)
    url = f"{base(environment)}{opened['id']}"
    answer = members["owner"].post(f"{url}/reviews", {"verdict": "request_changes", "body": "no"})
    assert answer.status_code == 201
    assert answer.json()["reviews"][0]["verdict"] == "request_changes"
    assert members["owner"].post(f"{url}/reviews", {"verdict": "maybe"}).status_code == 400


def test_secrets_are_masked_in_statements_and_previews(members, environment) -> None:
    sql = "CREATE TABLE k (a INT) WITH ('connector' = 'x', 'password' = 'hunter2')"
    opened = open_request(members, environment, sql)
    assert "hunter2" not in str(opened)
    preview = members["viewer"].get(f"{base(environment)}{opened['id']}/preview").json()
    assert "hunter2" not in str(preview)


def test_direct_ddl_is_refused_through_the_api_and_the_console(members, environment) -> None:
    message = (
        "Environment 'default' needs 1 approval(s) for every change: open a change request "
        "with this statement instead of running it directly."
    )
    answer = members["editor"].post(
        f"/api/v1/environments/{environment.name}/statements",
        {"statement": "CREATE TABLE z (a INT)"},
    )
    assert message in str(answer.json())
    browser = Client()
    browser.force_login(members.users["editor"])
    page = browser.post(f"/env/{environment.name}/console", {"sql": "CREATE TABLE z (a INT)"})
    assert escape(message) in page.content.decode()
    assert not Table.objects.filter(name="z").exists()


def test_formatting_alone_never_shows_as_a_change(members, environment) -> None:
    opened = open_request(members, environment, "ALTER VIEW v AS\nselect   a,\n  b from t")
    preview = members["viewer"].get(f"{base(environment)}{opened['id']}/preview").json()
    assert preview["ok"] is True
    [change] = preview["changes"]
    assert (change["name"], change["action"], change["diff"]) == (
        "_env_default.default.v",
        "unchanged",
        "",
    )


def test_its_author_or_an_admin_closes_and_reopens_it(
    members: Members, environment: Environment
) -> None:
    opened = open_request(members, environment)
    url = f"{base(environment)}{opened['id']}"
    before = dump()

    refused = {who: members[who].post(f"{url}/close") for who in ("viewer", "outsider")}
    assert refused["viewer"].status_code == 403
    assert refused["viewer"].json()["errors"][0]["message"] == (
        f"Only the author of change request #{opened['id']} or an admin of environment "
        "'default' may close it."
    )
    assert refused["outsider"].status_code == 404

    closed = members["editor"].post(f"{url}/close")
    assert closed.status_code == 200, closed.json()
    assert (closed.json()["status"], closed.json()["closed_by"]) == ("closed", "editor")
    assert dump() == before  # closing applies nothing

    again = members["editor"].post(f"{url}/close")
    assert again.status_code == 409
    assert again.json()["errors"][0]["message"] == (
        f"Change request #{opened['id']} is closed; only open requests can be closed."
    )
    assert members["owner"].post(f"{url}/approve", {}).status_code == 409  # reviews need it open
    refused_apply = members["owner"].post(f"{url}/apply", {})
    assert refused_apply.status_code == 409
    assert "is closed" in refused_apply.json()["errors"][0]["message"]

    reopened = members["owner"].post(f"{url}/reopen")
    assert reopened.status_code == 200
    assert (reopened.json()["status"], reopened.json()["closed_by"]) == ("open", None)
    assert members["owner"].post(f"{url}/reopen").status_code == 409
    assert members["owner"].post(f"{url}/approve", {}).status_code == 201
    applied = members["owner"].post(f"{url}/apply", {})
    assert applied.status_code == 200, applied.json()
    late = members["editor"].post(f"{url}/close")
    assert late.status_code == 409
    assert "is applied; only open requests can be closed." in late.json()["errors"][0]["message"]


def _statements_and_revision(pk: int) -> tuple[list[str], int]:
    found = ChangeRequest.objects.get(pk=pk)
    return list(found.statements.values_list("sql", flat=True)), found.revision


@pytest.mark.parametrize("status", ["applied", "closed"])
def test_it_refuses_statements_added_to_a_request_that_is_not_open(
    members: Members, environment: Environment, status: str
) -> None:
    opened = open_request(members, environment, "CREATE TABLE u (x INT)")
    url = f"{base(environment)}{opened['id']}"
    if status == "applied":
        members["owner"].post(f"{url}/approve", {})
        assert members["editor"].post(f"{url}/apply", {}).status_code == 200
    else:
        assert members["editor"].post(f"{url}/close").status_code == 200
    before, kept = dump(), _statements_and_revision(opened["id"])
    answer = members["editor"].post(f"{url}/statements", {"sql": "CREATE TABLE z (q INT)"})
    assert answer.status_code == 409
    assert answer.json() == {
        "errors": [
            {"message": f"Change request #{opened['id']} is {status}; only open requests change."}
        ]
    }
    assert _statements_and_revision(opened["id"]) == kept == (["CREATE TABLE u (x INT)"], 1)
    assert dump() == before


@pytest.mark.parametrize("lose", ["demoted", "removed", "deactivated"])
def test_an_approval_counts_only_while_its_reviewer_may_review(
    members: Members, environment: Environment, lose: str
) -> None:
    from environments.models import Membership, Role

    opened = open_request(members, environment)
    url = f"{base(environment)}{opened['id']}"
    assert members["owner"].post(f"{url}/approve", {}).json()["approved"] is True
    owner = members.users["owner"]
    if lose == "demoted":
        Membership.objects.filter(user=owner).update(role=Role.VIEWER)
    elif lose == "removed":
        Membership.objects.filter(user=owner).delete()
    else:
        owner.is_active = False
        owner.save()
    before = dump()
    assert members["viewer"].get(url).json()["approvers"] == []
    answer = members["editor"].post(f"{url}/apply", {})
    assert answer.status_code == 409, answer.json()
    assert dump() == before
