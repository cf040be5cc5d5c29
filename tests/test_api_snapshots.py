"""The snapshot API: who may do what, immutable content, diffs, and imports that change nothing
unless they are whole."""

from __future__ import annotations

import gzip
import hashlib
import io
import json

import pytest
from django.core.management import call_command

from catalogs import services, snapshots
from catalogs.models import Catalog, Function, HistoryEntry, Snapshot
from environments.models import Artifact, Environment
from environments.services import create_environment
from tests.access import Members
from tests.snapshot_catalogs import catalog_dump
from tests.test_snapshots import FIXED, broken, run_script, valid_document

BASE = "/api/v1/environments/default/snapshots/"


@pytest.fixture
def demo(environment: Environment) -> Catalog:
    call_command("load_demo", stdout=io.StringIO())
    return Catalog.objects.get(environment=environment, name="shop")


def take(members: Members, who: str = "editor", **body: object) -> dict:
    response = members[who].post(BASE, {"catalog": "shop", **body}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


# -- list, take, read -------------------------------------------------------------------------
def test_editors_take_snapshots_viewers_read_them_outsiders_see_nothing(
    demo: Catalog, members: Members
) -> None:
    taken = take(members, label="v1", note="first release")
    snapshot = taken["snapshot"]
    assert (snapshot["catalog"], snapshot["label"], snapshot["note"]) == (
        "shop",
        "v1",
        "first release",
    )
    assert snapshot["created_by"] == "editor"
    assert isinstance(taken["secrets"], list) and isinstance(taken["warnings"], list)
    stored = Snapshot.objects.get(snapshot_id=snapshot["snapshot_id"])
    assert snapshot["sha256"] == stored.sha256
    assert take(members, "owner")["snapshot"]["created_by"] == "owner"
    refused = members["viewer"].post(BASE, {"catalog": "shop"}, format="json")
    assert refused.status_code == 403 and refused.json()["errors"][0]["message"]
    assert members["outsider"].post(BASE, {"catalog": "shop"}, format="json").status_code == 404

    listed = members["viewer"].get(BASE).json()
    assert listed["count"] == 2
    detail = members["viewer"].get(f"{BASE}{snapshot['snapshot_id']}")
    assert detail.status_code == 200 and detail.json() == snapshot | {"size": stored.size}
    assert stored.size == len(gzip.decompress(bytes(stored.content)))
    assert members["outsider"].get(BASE).status_code == 404
    assert members["outsider"].get(f"{BASE}{snapshot['snapshot_id']}").status_code == 404
    assert members["viewer"].get(f"{BASE}20990101-000000-ffff").status_code == 404


def test_it_lists_by_label(demo: Catalog, members: Members) -> None:
    take(members, label="v1")
    take(members, label="v2")
    take(members, label="v2")
    assert members["viewer"].get(BASE, {"label": "v2"}).json()["count"] == 2
    assert members["viewer"].get(BASE, {"label": "v3"}).json()["count"] == 0
    page = members["viewer"].get(BASE, {"limit": 1}).json()
    assert page["count"] == 3 and len(page["results"]) == 1


def test_taking_refuses_a_missing_catalog_or_database(demo: Catalog, members: Members) -> None:
    missing = members["editor"].post(BASE, {"catalog": "nope"}, format="json")
    assert missing.status_code == 404 and "nope" in missing.json()["errors"][0]["message"]
    no_db = members["editor"].post(BASE, {"catalog": "shop", "databases": ["x"]}, format="json")
    assert no_db.status_code == 404


def test_the_content_is_the_stored_bytes_and_never_changes(demo: Catalog, members: Members) -> None:
    snapshot_id = take(members)["snapshot"]["snapshot_id"]
    stored = Snapshot.objects.get(snapshot_id=snapshot_id)
    url = f"{BASE}{snapshot_id}/content"
    first = members["viewer"].get(url)
    assert first.status_code == 200
    assert first["Content-Type"] == "application/json"
    served = b"".join(first.streaming_content)
    assert served == gzip.decompress(bytes(stored.content))
    assert hashlib.sha256(served).hexdigest() == stored.sha256
    assert first["ETag"] == f'"{stored.sha256}"'
    # the catalog changes; the snapshot does not
    run_script(demo.environment, "DROP TABLE shop.crm.customer_events")
    again = members["owner"].get(url)
    assert b"".join(again.streaming_content) == served
    assert members["outsider"].get(url).status_code == 404
    # there is no way to edit it
    for method in ("put", "patch"):
        answer = getattr(members["owner"], method)(f"{BASE}{snapshot_id}", {}, format="json")
        assert answer.status_code == 405
    assert members["owner"].post(url, {}, format="json").status_code == 405


# -- diff -------------------------------------------------------------------------------------
def test_it_diffs_against_live_and_another_snapshot(demo: Catalog, members: Members) -> None:
    old = take(members)["snapshot"]["snapshot_id"]
    run_script(
        demo.environment,
        "ALTER TABLE shop.sales.orders SET ('scan.startup.mode' = 'latest-offset')",
    )
    new = take(members)["snapshot"]["snapshot_id"]
    same = members["viewer"].get(f"{BASE}{new}/diff").json()
    assert same["objects"] == [] and same["counts"] == {"added": 0, "removed": 0, "changed": 0}
    changed = members["viewer"].get(f"{BASE}{old}/diff", {"against": new}).json()
    assert [(o["name"], o["change"]) for o in changed["objects"]] == [("orders", "changed")]
    assert changed["objects"][0]["options"] == [
        ["scan.startup.mode", "earliest-offset", "latest-offset"]
    ]
    bad = members["viewer"].get(f"{BASE}{old}/diff", {"against": "yesterday"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["message"].startswith("against")
    missing = members["viewer"].get(f"{BASE}{old}/diff", {"against": "20990101-000000-ffff"})
    assert missing.status_code == 404


# -- import -----------------------------------------------------------------------------------
IMPORT = f"{BASE}import"


def test_a_dry_run_lists_the_statements_and_changes_nothing(
    environment: Environment, members: Members
) -> None:
    before = catalog_dump(environment)
    body = {"catalog": "c", "snapshot": valid_document()}
    answer = members["editor"].post(IMPORT, body, format="json")
    assert answer.status_code == 200, answer.json()
    result = answer.json()
    assert result["dry_run"] and not result["applied"]
    assert [s["kind"] for s in result["statements"]][:2] == ["catalog", "database"]
    assert all(s["ok"] and s["outcome"] == "ok" for s in result["statements"])
    assert catalog_dump(environment) == before
    applied = members["editor"].post(IMPORT, body | {"dry_run": False}, format="json").json()
    assert applied["applied"]
    assert Catalog.objects.get(environment=environment, name="c").databases.get(name="d")


def test_viewers_cannot_import_and_outsiders_see_nothing(
    environment: Environment, members: Members
) -> None:
    body = {"catalog": "c", "snapshot": valid_document()}
    assert members["viewer"].post(IMPORT, body, format="json").status_code == 403
    assert members["outsider"].post(IMPORT, body, format="json").status_code == 404
    assert not Catalog.objects.filter(environment=environment, name="c").exists()


MALFORMED = [
    ("missing arrays", "views: missing"),
    ("unknown column type", "tables[0] (d.t): columns[1] (name): type: 'STRNG'"),
    ("duplicate table names", "tables[1] (d.t): name: duplicate table or view name"),
    ("primary key on a missing column", "tables[0] (d.t): primaryKey.columnNames: 'nope'"),
    (
        "view query does not resolve",
        "view d.v: expandedQuery: From line 3, column 6 to line 3, column 22: "
        "Object 'missing' not found",
    ),
]


@pytest.mark.parametrize(("change", "message"), MALFORMED)
@pytest.mark.parametrize("dry_run", [True, False])
def test_a_malformed_import_is_refused_and_changes_nothing(
    environment: Environment, members: Members, change: str, message: str, dry_run: bool
) -> None:
    run_script(environment, "CREATE CATALOG c WITH ('type' = 'generic_in_memory')")
    before = catalog_dump(environment)
    body = {"catalog": "c", "dry_run": dry_run, "snapshot": json.loads(broken(change))}
    answer = members["editor"].post(IMPORT, body, format="json")
    assert answer.status_code == 400
    messages = [e["message"] for e in answer.json()["errors"]]
    assert any(message in m for m in messages), messages
    assert not answer.json()["applied"]
    assert catalog_dump(environment) == before


def test_an_import_that_is_not_a_document_is_refused(
    environment: Environment, members: Members
) -> None:
    answer = members["editor"].post(IMPORT, {"catalog": "c", "snapshot": [1]}, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["message"].startswith("snapshot:")
    nothing = members["editor"].post(IMPORT, {"catalog": "c"}, format="json")
    assert nothing.status_code == 400
    assert not Catalog.objects.filter(environment=environment, name="c").exists()


def test_an_import_that_conflicts_answers_409_and_rolls_back(
    environment: Environment, members: Members
) -> None:
    run_script(
        environment,
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"
        "CREATE TABLE c.d.t (x INT)",
    )
    before = catalog_dump(environment)
    body = {"catalog": "c", "dry_run": False, "snapshot": valid_document()}
    answer = members["editor"].post(IMPORT, body, format="json")
    assert answer.status_code == 409
    assert any("already exists" in e["message"] for e in answer.json()["errors"])
    assert answer.json()["statements"][-1]["outcome"] == "not run"
    assert catalog_dump(environment) == before


# -- delete -----------------------------------------------------------------------------------
def test_only_an_admin_deletes_and_it_is_recorded(demo: Catalog, members: Members) -> None:
    snapshot = take(members)["snapshot"]
    url = f"{BASE}{snapshot['snapshot_id']}"
    assert members["outsider"].delete(url).status_code == 404
    for who in ("viewer", "editor"):
        assert members[who].delete(url).status_code == 403
    assert Snapshot.objects.filter(snapshot_id=snapshot["snapshot_id"]).exists()
    assert members["owner"].delete(url).status_code == 204
    assert not Snapshot.objects.filter(snapshot_id=snapshot["snapshot_id"]).exists()
    entry = HistoryEntry.objects.get(environment=demo.environment, user=members.users["owner"])
    assert snapshot["snapshot_id"] in entry.statement and snapshot["sha256"] in entry.statement
    assert members["owner"].get(url).status_code == 404


# -- function details survive an import -------------------------------------------------------
def function_catalog(environment: Environment) -> Catalog:
    run_script(
        environment,
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"
        "CREATE FUNCTION c.d.f AS 'com.example.F' LANGUAGE JAVA",
    )
    Artifact.objects.create(environment=environment, name="udfs")
    function = Function.objects.get(database__catalog__environment=environment, name="f")
    services.set_function_details(function, None, return_type="INT", artifact="udfs")
    return Catalog.objects.get(environment=environment, name="c")


def test_an_import_keeps_a_functions_return_type_and_artifact(environment: Environment) -> None:
    data, _ = snapshots.export_bytes(function_catalog(environment), **FIXED)
    udf = json.loads(data)["udfs"][0]
    assert (udf["returnType"], udf["artifact"]) == ("INT", "udfs")
    target = create_environment("restore")
    Artifact.objects.create(environment=target, name="udfs")
    report = snapshots.import_snapshot(target, "c", data, dry_run=False)
    assert report.ok, report.failures
    restored = Function.objects.get(database__catalog__environment=target, name="f")
    assert (restored.return_type, restored.artifact.name) == ("INT", "udfs")
    again, _ = snapshots.export_bytes(Catalog.objects.get(environment=target, name="c"), **FIXED)
    assert again == data


def test_an_import_naming_a_missing_artifact_fails_whole(environment: Environment) -> None:
    data, _ = snapshots.export_bytes(function_catalog(environment), **FIXED)
    target = create_environment("restore")
    before = catalog_dump(target)
    for dry_run in (True, False):
        report = snapshots.import_snapshot(target, "c", data, dry_run=dry_run)
        assert not report.ok and not report.applied
        assert any(
            "function d.f: artifact: There is no artifact 'udfs'" in f for f in report.failures
        )
        assert catalog_dump(target) == before


def test_an_api_import_needs_use_on_the_functions_artifact(
    environment: Environment, members: Members
) -> None:
    data, _ = snapshots.export_bytes(function_catalog(environment), **FIXED)
    document = json.loads(data)
    body = {"catalog": "c2", "dry_run": False, "snapshot": document}
    before = catalog_dump(environment)
    refused = members["editor"].post(IMPORT, body, format="json")
    assert refused.status_code == 403
    assert refused.json()["errors"] == [
        {
            "message": "function d.f: artifact: Changing which artifact a function comes from "
            "needs the Use permission on artifact 'udfs', which you do not hold."
        }
    ]
    assert catalog_dump(environment) == before
    assert not Catalog.objects.filter(environment=environment, name="c2").exists()
    Artifact.objects.get(environment=environment, name="udfs").users.add(members.users["editor"])
    answer = members["editor"].post(IMPORT, body, format="json")
    assert answer.status_code == 200, answer.json()
    restored = Function.objects.get(database__catalog__name="c2", name="f")
    assert (restored.return_type, restored.artifact.name) == ("INT", "udfs")
