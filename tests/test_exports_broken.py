"""Exports and imports with broken views: the export pages warn (in the warning style) naming
them and can leave broken views out, recording what they left; an import can skip views whose
query no longer resolves, and stays all-or-nothing for everything else."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from catalogs import deployment_files, snapshots
from catalogs.executor import Executor, Session
from catalogs.models import Catalog, Snapshot, Table
from environments.models import Environment
from environments.services import create_environment

SETUP = """
CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
USE CATALOG c;
CREATE TABLE orders (id BIGINT, amount INT) WITH ('connector' = 'datagen');
CREATE TABLE payments (id BIGINT, paid INT) WITH ('connector' = 'datagen');
CREATE VIEW paid AS SELECT id, paid FROM payments;
CREATE VIEW paid_orders AS SELECT o.id, p.paid FROM orders AS o JOIN paid AS p ON o.id = p.id;
CREATE VIEW big AS SELECT id FROM orders WHERE amount > 10;
DROP TABLE payments;
"""


def run_script(environment: Environment, script: str) -> None:
    results = Executor(Session.start(environment)).execute_script(script)
    failed = [(r.statement, r.error) for r in results if not r.ok]
    assert not failed, failed[:3]


@pytest.fixture
def catalog(environment: Environment) -> Catalog:
    run_script(environment, SETUP)
    assert Table.objects.get(name="paid").status == "broken"
    return Catalog.objects.get(environment=environment, name="c")


def view_names(data: bytes) -> list[str]:
    return sorted(v["name"] for v in json.loads(data)["views"])


def test_the_export_page_warns_in_the_warning_style_naming_the_views(catalog, client) -> None:
    page = client.get("/env/default/snapshots").content.decode()
    box = page.split('<div class="warning-box export-warning" role="note">')[1].split("</div>")[0]
    assert "broken or stale" in box
    assert "<code>c.d.paid</code>" in box
    assert (
        "Flink cannot plan a read of this view: table c.d.payments is gone"
        " (Flink: Object &#x27;payments&#x27; not found within &#x27;c.d&#x27;)"
        " (path c.d.paid -&gt; c.d.payments)."
    ) in box
    assert 'name="leave_out_broken"' in page
    assert "?leave_out_broken=1" in page


def test_taking_a_snapshot_with_a_broken_view_warns_not_succeeds(catalog, client) -> None:
    answer = client.post("/env/default/snapshots/take", {"catalog": "c"}, follow=True)
    text = answer.content.decode()
    assert (
        '<li class="warning">view d.paid is broken: Flink cannot plan a read of this view: '
        "table c.d.payments is gone"
    ) in text
    assert '<li class="success">view d.paid' not in text


def test_it_includes_broken_views_unless_asked_to_leave_them_out(catalog) -> None:
    data, result = snapshots.export_bytes(catalog)
    assert view_names(data) == ["big", "paid", "paid_orders"]
    assert result.left_out == []
    data, result = snapshots.export_bytes(catalog, leave_out_broken=True)
    # paid_orders reads the broken view: a loader would fail on it too
    assert view_names(data) == ["big"]
    assert result.left_out == ["d.paid", "d.paid_orders"]
    assert not any("paid" in warning for warning in result.warnings)


def test_the_stored_snapshot_records_what_it_left_out(catalog, environment) -> None:
    snapshot, _ = snapshots.take_snapshot(environment, "c", note="release 7", leave_out_broken=True)
    assert snapshot.note == "release 7\n\nLeft out 2 broken view(s): d.paid, d.paid_orders."
    assert view_names(snapshots.snapshot_bytes(snapshot)) == ["big"]


def test_the_command_leaves_broken_views_out_on_request(catalog) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["snapshot", "export", "--environment", "default", "--catalog", "c"]
    call_command(*args, "--leave-out-broken", stdout=out, stderr=err)
    snapshot = Snapshot.objects.get(snapshot_id=out.getvalue().split()[-1])
    assert view_names(snapshots.snapshot_bytes(snapshot)) == ["big"]
    assert "Left out 2 broken view(s): d.paid, d.paid_orders." in err.getvalue()


def test_the_init_script_leaves_broken_views_out_on_request(catalog, environment, client) -> None:
    whole = deployment_files.init_script(environment, ["c"])
    assert "CREATE VIEW `c`.`d`.`paid`" in whole
    script = deployment_files.init_script(environment, ["c"], leave_out_broken=True)
    assert script.startswith(
        "-- Left out 2 broken view(s):\n--   `c`.`d`.`paid`\n--   `c`.`d`.`paid_orders`\n"
    )
    assert "CREATE VIEW `c`.`d`.`paid`" not in script
    assert "CREATE VIEW `c`.`d`.`big`" in script
    out = io.StringIO()
    call_command(
        "init_script",
        "--environment",
        "default",
        "--catalog",
        "c",
        "--leave-out-broken",
        stdout=out,
    )
    assert out.getvalue() == script
    download = client.get("/env/default/catalogs/c/init.sql?leave_out_broken=1")
    assert download.content.decode() == script


@pytest.fixture
def document(catalog) -> bytes:
    data, _ = snapshots.export_bytes(catalog)
    return data


def test_an_import_is_all_or_nothing_without_skip_broken(document) -> None:
    target = create_environment("target")
    report = snapshots.import_snapshot(target, "c", document, dry_run=False)
    assert not report.ok and report.skipped == []
    assert not Catalog.objects.filter(environment=target, name="c").exists()


def test_the_dry_run_lists_what_skip_broken_would_skip(document) -> None:
    target = create_environment("target")
    report = snapshots.import_snapshot(target, "c", document, dry_run=True, skip_broken=True)
    assert report.ok, report.failures
    assert [s.split(":")[0] for s in report.skipped] == ["d.paid", "d.paid_orders"]
    assert report.skipped[0] == (
        "d.paid: From line 3, column 6 to line 3, column 23: "
        "Object 'payments' not found within 'c.d'"
    )
    assert not Catalog.objects.filter(environment=target, name="c").exists()


def test_skip_broken_imports_everything_else(document) -> None:
    target = create_environment("target")
    report = snapshots.import_snapshot(target, "c", document, dry_run=False, skip_broken=True)
    assert report.ok and report.applied, report.failures
    names = Table.objects.filter(database__catalog__environment=target)
    assert sorted(names.values_list("name", flat=True)) == ["big", "orders"]


def test_skip_broken_keeps_every_other_failure_all_or_nothing(document, environment) -> None:
    # importing over the catalog it came from: CREATE TABLE orders conflicts
    report = snapshots.import_snapshot(environment, "c", document, dry_run=False, skip_broken=True)
    assert not report.ok and not report.applied
    assert Table.objects.filter(name="paid").get().status == "broken"


def test_the_import_command_and_api_skip_on_request(document, client, tmp_path) -> None:
    create_environment("target")
    path = tmp_path / "s.json"
    path.write_bytes(document)
    out = io.StringIO()
    args = ["snapshot", "import", str(path), "--environment", "target", "--catalog", "c"]
    with pytest.raises(CommandError):
        call_command(*args, stdout=io.StringIO())
    call_command(*args, "--skip-broken", "--dry-run", stdout=out)
    skipped = (
        "[would be skipped] view d.paid: From line 3, column 6 to line 3, column 23: "
        "Object 'payments' not found within 'c.d'"
    )
    assert skipped in out.getvalue()
    answer = client.post(
        "/api/v1/environments/target/snapshots/import",
        {"catalog": "c", "snapshot": json.loads(document), "dry_run": False, "skip_broken": True},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert [s.split(":")[0] for s in answer.json()["skipped"]] == ["d.paid", "d.paid_orders"]
