"""A table's distribution into buckets (``DISTRIBUTED BY``) in every part of the dashboard
beyond the statements themselves, whose answers ``tests/goldens/tables_distribution`` holds to
real Flink: what is stored and recorded, the snapshot document, the init script, the API, the
form, the pages."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from catalogs import snapshots
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.distribution import TableDistribution, bucket_count
from catalogs.flinksql.literals import read_number
from catalogs.models import HistoryChange, Table
from environments.models import Environment
from tests.access import Members
from tests.conftest import RunScript
from tests.state import dump
from tests.test_forms import table_post

DB = ("default", "_env_default", "default")
API_DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"
SHOWN = (
    "CREATE TABLE `_env_default`.`default`.`orders` (\n  `id` BIGINT,\n  `region` "
    "VARCHAR(2147483647)\n)\nCOMMENT 'o'\nDISTRIBUTED BY HASH(`id`) INTO 4 BUCKETS\n"
    "PARTITIONED BY (`region`)\n"
)


@pytest.fixture
def orders(run: RunScript) -> None:
    results = run(
        "CREATE TABLE orders (id BIGINT, region STRING) COMMENT 'o' "
        "DISTRIBUTED BY HASH(id) INTO 4 BUCKETS PARTITIONED BY (region)"
    )
    assert results[0].ok, results[0].error


@pytest.mark.parametrize(
    ("written", "count"),
    [("4", 4), ("01", 1), ("2.", 2), ("4294967297", 1), ("2147483648", -(2**31))],
)
def test_the_count_is_read_as_a_java_int(written: str, count: int) -> None:
    assert bucket_count(read_number(written)) == count


@pytest.mark.parametrize(
    ("distribution", "text"),
    [
        (TableDistribution("HASH", ("a",), 4), "DISTRIBUTED BY HASH(`a`) INTO 4 BUCKETS"),
        (TableDistribution("RANGE", ("a", "b")), "DISTRIBUTED BY RANGE(`a`, `b`)"),
        (TableDistribution("UNKNOWN", ("x`y",)), "DISTRIBUTED BY (`x``y`)"),
        (TableDistribution(bucket_count=3), "DISTRIBUTED INTO 3 BUCKETS"),
    ],
)
def test_it_writes_the_clause_as_flink_does(distribution: TableDistribution, text: str) -> None:
    assert distribution.sql() == text
    assert distribution.alter_clause() == "DISTRIBUTION" + text.removeprefix("DISTRIBUTED")


def test_it_stores_the_distribution_and_records_each_change(run: RunScript, orders: None) -> None:
    table = Table.objects.get(name="orders")
    assert (table.distribution_kind, table.bucket_keys, table.bucket_count) == ("HASH", ["id"], 4)
    assert run("SHOW CREATE TABLE orders")[0].rows == [[SHOWN]]
    assert run("ALTER TABLE orders MODIFY DISTRIBUTION INTO 2 BUCKETS")[0].ok
    change = HistoryChange.objects.get(entry__statement__startswith="ALTER TABLE orders MODIFY")
    assert "DISTRIBUTED BY HASH(`id`) INTO 4 BUCKETS" in change.before
    assert "DISTRIBUTED INTO 2 BUCKETS" in change.after
    assert run("ALTER TABLE orders DROP DISTRIBUTION")[0].ok
    table.refresh_from_db()
    assert (table.distribution_kind, table.bucket_keys, table.bucket_count) == (None, [], None)
    assert table.version == 3


@pytest.mark.parametrize(
    ("statement", "error"),
    [
        (
            "ALTER TABLE orders ADD DISTRIBUTION INTO 2 BUCKETS",
            "Failed to execute ALTER TABLE statement.\nThe current table has already defined "
            "the distribution 'DISTRIBUTED BY HASH(`id`) INTO 4 BUCKETS'. You can modify it or "
            "drop it before adding a new one.",
        ),
        (
            "ALTER TABLE orders MODIFY DISTRIBUTION BY (nope)",
            "Invalid bucket key 'nope'. A bucket key for a distribution must reference a "
            "physical column in the schema. Available columns are: [id, region]",
        ),
        (
            "ALTER TABLE orders DROP id",
            "Failed to execute ALTER TABLE statement.\nThe column `id` is used as a "
            "distribution key.",
        ),
        (
            "ALTER TABLE orders MODIFY id AS 1",
            "Invalid bucket key 'id'. A bucket key for a distribution must reference a "
            "physical column in the schema. Available columns are: [region]",
        ),
    ],
)
def test_a_refused_change_leaves_everything_as_it_was(
    run: RunScript, orders: None, statement: str, error: str
) -> None:
    before = dump()
    result = run(statement)[0]
    assert (result.ok, result.error) == (False, error)
    assert dump() == before


def test_the_snapshot_keeps_it_and_imports_it_again(environment: Environment, orders: None) -> None:
    catalog = Table.objects.get(name="orders").database.catalog
    data, _ = snapshots.export_bytes(catalog, snapshot_id="20240622-155500-a1b2", created_at=0)
    entry = next(t for t in json.loads(data)["tables"] if t["name"] == "orders")
    assert entry["distribution"] == {"kind": "HASH", "bucketKeys": ["id"], "bucketCount": 4}
    snapshot = sf.parse_snapshot(data)
    (table,) = [t for t in snapshot.tables if t.identifier.name == "orders"]
    assert table.distribution == TableDistribution("HASH", ("id",), 4)
    script = sf.init_script([snapshot])
    assert "COMMENT 'o'\nDISTRIBUTED BY HASH(`id`) INTO 4 BUCKETS\nPARTITIONED BY (`region`)" in (
        script
    )


BAD_COUNT = (
    "tables[0] (default.t): distribution.bucketCount: must be null or a whole number from 1 to "
    "2147483647."
)


def _document(environment: Environment, run: RunScript, distribution: object) -> dict:
    """A snapshot of one table ``t (a INT, c AS a)`` whose entry holds ``distribution``."""
    assert run("CREATE TABLE t (a INT, c AS a)")[0].ok
    catalog = Table.objects.get(name="t").database.catalog
    data, _ = snapshots.export_bytes(catalog, snapshot_id="20240622-155500-a1b2", created_at=0)
    document = json.loads(data)
    (entry,) = [t for t in document["tables"] if t["name"] == "t"]
    entry["distribution"] = distribution
    return document


@pytest.mark.parametrize(
    ("distribution", "problem"),
    [
        ("HASH(a)", "tables[0] (default.t): distribution: must be an object or null."),
        (
            {"kind": "hash", "bucketKeys": ["a"]},
            "tables[0] (default.t): distribution.kind: must be one of UNKNOWN, HASH, RANGE.",
        ),
        (
            {"kind": "HASH", "bucketKeys": ["c"]},
            "tables[0] (default.t): distribution.bucketKeys: 'c' is not a physical column of the "
            "table.",
        ),
        (
            {"kind": "UNKNOWN", "bucketKeys": "a"},
            "tables[0] (default.t): distribution.bucketKeys: must be an array of column names.",
        ),
        (
            {"kind": "UNKNOWN", "bucketKeys": [], "bucketCount": 0},
            BAD_COUNT,
        ),
        (
            {"kind": "UNKNOWN", "bucketKeys": ["a"], "bucketCount": True},
            BAD_COUNT,
        ),
        (
            {"kind": "UNKNOWN", "bucketKeys": []},
            "tables[0] (default.t): distribution: names neither bucket keys nor a bucket count.",
        ),
    ],
)
def test_a_snapshot_with_a_wrong_distribution_is_refused_naming_it(
    environment: Environment, run: RunScript, distribution: object, problem: str
) -> None:
    document = _document(environment, run, distribution)
    with pytest.raises(sf.SnapshotInvalid) as refused:
        sf.validate(document)
    assert problem in refused.value.errors


def test_a_snapshot_without_the_key_has_no_distribution(
    environment: Environment, run: RunScript
) -> None:
    document = _document(environment, run, None)
    assert sf.validate(document).tables[0].distribution is None
    del document["tables"][0]["distribution"]
    assert sf.validate(document).tables[0].distribution is None


def test_the_diff_names_a_changed_distribution(environment: Environment, run: RunScript) -> None:
    run("CREATE TABLE t (a INT) DISTRIBUTED BY (a)")
    catalog = Table.objects.get(name="t").database.catalog
    old, _ = snapshots.export_bytes(catalog, snapshot_id="20240622-155500-a1b2", created_at=0)
    run("ALTER TABLE t MODIFY DISTRIBUTION BY (a) INTO 2 BUCKETS")
    new, _ = snapshots.export_bytes(catalog, snapshot_id="20240622-155501-a1b2", created_at=0)
    diff = sf.diff_documents(json.loads(old), json.loads(new))
    (changed,) = [o for o in diff.objects if o.name == "t"]
    assert changed.other == ["distribution"]


def test_the_api_creates_and_describes_it(members: Members) -> None:
    body = {
        "name": "t",
        "columns": [{"name": "a", "type": "INT"}, {"name": "b", "type": "STRING"}],
        "distribution": {"kind": "RANGE", "bucket_keys": ["a", "b"], "bucket_count": 7},
    }
    response = members["editor"].post(f"{API_DB}/tables/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["statements"][0].endswith(
        ")\nDISTRIBUTED BY RANGE(`a`, `b`) INTO 7 BUCKETS"
    )
    shown = members["viewer"].get(f"{API_DB}/tables/t").json()
    assert shown["distribution"] == {"kind": "RANGE", "bucket_keys": ["a", "b"], "bucket_count": 7}
    body["name"], body["distribution"] = "u", {"bucket_count": 3}
    assert members["editor"].post(f"{API_DB}/tables/", body, format="json").status_code == 201
    assert members["viewer"].get(f"{API_DB}/tables/u").json()["distribution"] == {
        "kind": "UNKNOWN",
        "bucket_keys": [],
        "bucket_count": 3,
    }


@pytest.mark.parametrize(
    ("distribution", "message"),
    [
        (
            {"kind": "HASH", "bucket_count": 3},
            "distribution: A distribution names its bucket keys, or only its "
            "bucket count (DISTRIBUTED INTO n BUCKETS, kind UNKNOWN).",
        ),
        (
            {"bucket_keys": ["nope"]},
            "Invalid bucket key 'nope'. A bucket key for a distribution must reference a "
            "physical column in the schema. Available columns are: [a]",
        ),
        (
            {"bucket_keys": ["a"], "bucket_count": 0},
            "Invalid bucket count '0'. The number of buckets for a distributed table must be "
            "at least 1.",
        ),
    ],
)
def test_the_api_refuses_a_wrong_distribution_and_creates_nothing(
    members: Members, distribution: dict, message: str
) -> None:
    body = {"name": "t", "columns": [{"name": "a", "type": "INT"}], "distribution": distribution}
    response = members["editor"].post(f"{API_DB}/tables/", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["message"] == message
    assert not Table.objects.filter(name="t").exists()


def test_the_form_writes_the_clause_and_the_page_shows_it(client: Client, db: None) -> None:
    url = reverse("table-create", args=DB)
    data = table_post(bucket_keys="id, ts", distribution_kind="HASH", bucket_count="8")
    preview = client.post(url + "?preview=1", data, headers={"HX-Request": "true"}).text
    shown = re.sub(r"<[^>]+>", "", preview)  # the statement as highlighted, its text
    assert ")\nDISTRIBUTED BY HASH(`id`, `ts`) INTO 8 BUCKETS\nWITH (" in shown
    assert client.post(url, data).status_code == 302
    table = Table.objects.get(name="orders")
    assert table.distribution == TableDistribution("HASH", ("id", "ts"), 8)
    page = client.get(reverse("table", args=[*DB, "orders"])).text
    assert (
        '<p data-testid="distribution"><code>DISTRIBUTED BY HASH(`id`, `ts`) INTO 8 BUCKETS'
        "</code></p>"
    ) in page


def test_the_form_writes_a_count_alone_and_shows_a_wrong_key_beside_its_field(
    client: Client, db: None
) -> None:
    url = reverse("table-create", args=DB)
    response = client.post(url, table_post(bucket_keys="nope"))
    assert response.status_code == 200
    assert response.context["form"].errors["bucket_keys"] == [
        "Invalid bucket key 'nope'. A bucket key for a distribution must reference a physical "
        "column in the schema. Available columns are: [id, ts]"
    ]
    assert not Table.objects.filter(name="orders").exists()
    assert client.post(url, table_post(bucket_count="3")).status_code == 302
    assert Table.objects.get(name="orders").distribution == TableDistribution(bucket_count=3)
    page = client.get(reverse("table", args=[*DB, "orders"])).text
    assert "<code>DISTRIBUTED INTO 3 BUCKETS</code>" in page
