"""The API of catalog folders (#19): export, plan (a dry run), a change request of the plan."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from catalogs import folder
from catalogs import models as m
from changes.models import ChangeRequest
from environments.models import Environment
from tests.access import Members, make_members

BASE = "/api/v1/environments/default/folder"
CATALOG = "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"
FILES = {
    "c/catalog.sql": CATALOG,
    "c/d/tables/t.sql": "CREATE TABLE t (a INT) WITH ('connector' = 'jdbc', 'password' = '${PW}');",
}


@pytest.fixture
def members(environment: Environment) -> Members:
    return make_members(environment)


def test_it_exports_the_files(members: Members, environment: Environment) -> None:
    call_command("load_demo", stdout=io.StringIO())
    answer = members["viewer"].get(BASE, {"catalog": "shop"})
    assert answer.status_code == 200
    expected = folder.export_files(environment, ["shop"])
    assert answer.json() == {"files": {p: d.decode() for p, d in expected.items()}}
    assert members["viewer"].get(BASE, {"catalog": "nope"}).status_code == 404
    assert members["outsider"].get(BASE).status_code == 404


def test_a_viewer_plans_and_nothing_changes(members: Members, environment: Environment) -> None:
    before = m.Catalog.objects.count(), m.HistoryEntry.objects.count()
    answer = members["viewer"].post(f"{BASE}/plan", {"files": FILES}, format="json")
    assert answer.status_code == 200
    body = answer.json()
    assert body["exit_code"] == 2 and body["problems"] == []
    assert [(s["action"], s["kind"], s["name"]) for s in body["steps"]] == [
        ("create", "catalog", "c"),
        ("create", "table", "c.d.t"),
    ]
    assert (m.Catalog.objects.count(), m.HistoryEntry.objects.count()) == before
    bad = {**FILES, "c/d/x.sql": "CREATE VIEW v AS SELECT * FROM nowhere;"}
    answer = members["viewer"].post(f"{BASE}/plan", {"files": bad}, format="json")
    assert answer.status_code == 200
    assert answer.json()["exit_code"] == 1
    assert answer.json()["problems"] == [
        "c/d/x.sql:1: view c.d.v: From line 1, column 32 to line 1, column 38: "
        "Object 'nowhere' not found"
    ]


def test_an_editor_opens_a_change_request_of_the_plan(members: Members) -> None:
    url = f"{BASE}/change-request"
    body = {"files": FILES, "title": "from CI"}
    answer = members["editor"].post(url, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"] == [{"message": "Give a value for ${PW}."}]
    answer = members["editor"].post(url, {**body, "variables": {"PW": "x"}}, format="json")
    assert answer.status_code == 201
    request = ChangeRequest.objects.get()
    assert answer.json()["change_request"] == request.pk
    assert request.title == "from CI" and request.statements.count() == 2
    assert members["viewer"].post(url, body, format="json").status_code == 403
    assert not m.Catalog.objects.filter(name="c").exists()
