"""The Flink catalog plugin end to end: real PyFlink 2.3 (each session a new JVM) against a live
dashboard server on a loopback port, with its own SQLite file.

Two Flink sessions carry the checks (a JVM start takes seconds): the first creates objects
through Flink SQL, the second, after the dashboard changed and a snapshot was taken, reads them
back, pinned and live, and meets every rule and error."""

from __future__ import annotations

import http.server
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from flink_dashboard_catalog import create_catalog_statement
from tests.flink_oracle import flink_available
from tests.java_udf import compiled_jar
from tests.live_dashboard import (
    PYTHON,
    ROOT,
    LiveDashboard,
    build_plugin,
    flink_session,
    free_port,
    live_dashboard,
)

pytestmark = [
    pytest.mark.flink,
    # REQUIRE_FLINK=1 (CI) runs them anyway: a missing Java is a failure there, not a skip
    pytest.mark.skipif(
        not flink_available() and os.environ.get("REQUIRE_FLINK") != "1",
        reason="needs java on PATH and PyFlink",
    ),
]

ORDERS = """CREATE TABLE shop.sales.orders (
  id BIGINT NOT NULL,
  ms BIGINT,
  amount INT,
  name STRING COMMENT 'who',
  ts AS TO_TIMESTAMP_LTZ(ms, 3),
  file_path STRING METADATA FROM 'file.path' VIRTUAL,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (id) NOT ENFORCED
) COMMENT 'all orders'
WITH ('connector' = 'filesystem', 'path' = '/nonexistent/orders', 'format' = 'json')"""

SESSION_1 = {
    "database": "CREATE DATABASE shop.sales COMMENT 'the sales'",
    "table": ORDERS,
    "view": "CREATE VIEW shop.sales.big_orders COMMENT 'the big ones' AS "
    "SELECT id, name, ts FROM shop.sales.orders WHERE amount > 10",
    "generated": "CREATE TABLE shop.sales.gen (id INT NOT NULL, amount INT) WITH ("
    "'connector' = 'datagen', 'number-of-rows' = '3', 'fields.id.kind' = 'sequence', "
    "'fields.id.start' = '1', 'fields.id.end' = '3', 'fields.amount.min' = '20', "
    "'fields.amount.max' = '20')",
    "generated view": "CREATE VIEW shop.sales.gen_view AS "
    "SELECT id, amount * 2 AS twice FROM shop.sales.gen",
    "function": "CREATE FUNCTION shop.sales.twice AS 'com.example.Twice' LANGUAGE JAVA",
    "add column": "ALTER TABLE shop.sales.gen ADD note STRING COMMENT 'added from Flink'",
    "scratch": "CREATE TABLE shop.sales.scratch (a INT) WITH ('connector' = 'blackhole')",
    "rename": "ALTER TABLE shop.sales.scratch RENAME TO scratch2",
    "drop": "DROP TABLE shop.sales.scratch2",
    "alter database": "ALTER DATABASE shop.sales SET ('owner' = 'team-a')",
    "duplicate table": "CREATE TABLE shop.sales.orders (x INT)",
    "duplicate database": "CREATE DATABASE shop.sales",
    "drop non-empty": "DROP DATABASE shop.sales",
    "drop missing": "DROP TABLE shop.sales.nothing",
    "tables": "SHOW TABLES IN shop.sales",
}


# ALTER TABLE of the watermark and the primary key from Flink, each applied to the dashboard's
# table and to a copy in Flink's own in-memory catalog: after each, SHOW CREATE TABLE of both
# must agree (Flink is the judge of what each change does).
KEYED = (
    "(id BIGINT NOT NULL, ms BIGINT, ts AS TO_TIMESTAMP_LTZ(ms, 3), name STRING) WITH ("
    "'connector' = 'blackhole')"
)
KEYED_ALTERS = [
    "ADD PRIMARY KEY (id) NOT ENFORCED",
    "ADD WATERMARK FOR ts AS ts - INTERVAL '1' SECOND",
    "MODIFY WATERMARK FOR ts AS ts - INTERVAL '5' SECOND",
    "DROP PRIMARY KEY",
    "ADD (code INT NOT NULL COMMENT 'the code' AFTER id, "
    "CONSTRAINT pk_keyed PRIMARY KEY (id, code) NOT ENFORCED)",
    "MODIFY PRIMARY KEY (id) NOT ENFORCED",
    "DROP WATERMARK",
    "ADD (WATERMARK FOR ts AS ts, note STRING)",
    "MODIFY (name STRING COMMENT 'who', ms INT)",
]
KEYED_COPY = "mem.`default`.keyed"


def _altered_alike(prefix: str, table: str, copy: str, alters: list[str]) -> dict[str, str]:
    """Each ALTER TABLE of ``alters`` on ``table`` and on its ``copy``, then SHOW CREATE
    TABLE of both, labelled ``{prefix}alter 0``, ``{prefix}alter copy 0``, ``{prefix}show 0``,
    ``{prefix}show copy 0``, ..."""
    return {
        f"{prefix}{label} {i}": statement
        for i, alter in enumerate(alters)
        for label, statement in [
            ("alter", f"ALTER TABLE {table} {alter}"),
            ("alter copy", f"ALTER TABLE {copy} {alter}"),
            ("show", f"SHOW CREATE TABLE {table}"),
            ("show copy", f"SHOW CREATE TABLE {copy}"),
        ]
    }


SESSION_1_ALTERS = {
    "mem": "CREATE CATALOG mem WITH ('type' = 'generic_in_memory')",
    "keyed": f"CREATE TABLE shop.sales.keyed {KEYED}",
    "keyed copy": f"CREATE TABLE {KEYED_COPY} {KEYED}",
    **_altered_alike("", "shop.sales.keyed", KEYED_COPY, KEYED_ALTERS),
    "alter function": "ALTER FUNCTION shop.sales.twice AS 'com.example.Twice2' LANGUAGE SCALA",
    "alter missing function": "ALTER FUNCTION shop.sales.nothing AS 'com.example.X'",
    "alter missing function if exists": "ALTER FUNCTION IF EXISTS shop.sales.nothing AS 'x'",
}
SESSION_1.update(SESSION_1_ALTERS)

# A table's distribution (DISTRIBUTED BY, FLIP-376) from Flink, created and changed in the
# dashboard's catalog and in a copy in Flink's in-memory one, as KEYED: after each, SHOW CREATE
# TABLE of both must agree. In database `default`, so that the tables of sales stay as listed.
BUCKETED = (
    "(a INT, b STRING) COMMENT 'in buckets' DISTRIBUTED BY HASH(a) INTO 4 BUCKETS "
    "WITH ('connector' = 'blackhole')"
)
BUCKETED_ALTERS = [
    "MODIFY DISTRIBUTION INTO 2 BUCKETS",
    "DROP DISTRIBUTION",
    "ADD DISTRIBUTION BY RANGE(a, b)",
    "MODIFY DISTRIBUTION BY (b) INTO 3 BUCKETS",
]
BUCKETED_TABLE = "shop.`default`.bucketed"
BUCKETED_COPY = "mem.`default`.bucketed"
SESSION_1_DISTRIBUTION = {
    "bucketed": f"CREATE TABLE {BUCKETED_TABLE} {BUCKETED}",
    "bucketed copy": f"CREATE TABLE {BUCKETED_COPY} {BUCKETED}",
    "bucketed show": f"SHOW CREATE TABLE {BUCKETED_TABLE}",
    "bucketed show copy": f"SHOW CREATE TABLE {BUCKETED_COPY}",
    **_altered_alike("bucketed ", BUCKETED_TABLE, BUCKETED_COPY, BUCKETED_ALTERS),
}
SESSION_1.update(SESSION_1_DISTRIBUTION)


def catalog_options(dashboard: LiveDashboard, **options: str) -> dict[str, str]:
    return {
        "url": dashboard.url,
        "environment": "default",
        "catalog": "shop",
        "token": dashboard.tokens["alice"],
        **options,
    }


def create_catalog(name: str, options: dict[str, str]) -> str:
    return create_catalog_statement(name, options)


class Failing(http.server.BaseHTTPRequestHandler):
    """A server whose every answer is a 502, as a broken proxy in front of the dashboard."""

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        self.send_response(502)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(b"<html>Bad gateway</html>")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def failing_url() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Failing)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def dashboard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveDashboard]:
    build_plugin()
    with live_dashboard(tmp_path_factory.mktemp("dashboard")) as live:
        live.run("CREATE CATALOG shop WITH ('type' = 'generic_in_memory')")
        yield live


@pytest.fixture(scope="module")
def session_1(dashboard: LiveDashboard) -> dict[str, dict]:
    """Flink creates a database, tables, views and a function in the dashboard catalog."""
    catalog = {"name": "shop", **catalog_options(dashboard)}
    records = flink_session(list(SESSION_1.values()), catalog)
    return dict(zip(SESSION_1, records, strict=True))


@pytest.fixture(scope="module")
def snapshot_id(dashboard: LiveDashboard, session_1: dict) -> str:
    """A snapshot of the catalog as session 1 left it; then the live catalog changes."""
    status, taken = dashboard.request(
        "POST", "environments/default/snapshots/", {"catalog": "shop", "label": "release"}
    )
    assert status == 201, taken
    dashboard.run("ALTER TABLE shop.sales.orders MODIFY amount BIGINT")
    dashboard.run(
        "CREATE TABLE shop.sales.secretive (a INT) WITH ('connector' = 'blackhole', "
        "'properties.sasl.jaas.config' = 'the-real-secret');\n"
        "CREATE TABLE shop.sales.unset_secret (a INT) WITH ('connector' = 'blackhole', "
        "'password' = 'another-real-secret')"
    )
    return taken["snapshot"]["snapshot_id"]


SHOUT = """package example;

public class Shout extends org.apache.flink.table.functions.ScalarFunction {
    public String eval(String text) {
        return text == null ? null : text.toUpperCase() + "!";
    }
}
"""


@pytest.fixture(scope="module")
def udf(
    dashboard: LiveDashboard, snapshot_id: str, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A tiny ScalarFunction, compiled here, uploaded as artifact ``shout.jar`` (alice holds Use
    on it, carol does not), a function of the catalog from it and a view that calls it."""
    build = tmp_path_factory.mktemp("udf")
    compiled_jar(build, "example/Shout.java", SHOUT, "shout.jar")
    dashboard.shell(
        "from environments import services\n"
        "from environments.models import Environment\n"
        "from django.contrib.auth.models import User\n"
        f"data = open({str(build / 'shout.jar')!r}, 'rb').read()\n"
        "version = services.upload_artifact(Environment.objects.get(name='default'), "
        "'shout.jar', 'shout.jar', data)\n"
        "services.grant_use(version.artifact, User.objects.get(username='alice'))\n"
    )
    dashboard.run("CREATE FUNCTION shop.sales.shout AS 'example.Shout'")
    status, body = dashboard.request(
        "PATCH",
        "environments/default/catalogs/shop/databases/sales/functions/shout",
        {"artifact": "shout.jar", "return_type": "STRING"},
    )
    assert status == 200, body
    dashboard.run(
        "CREATE VIEW loud AS SELECT id, SHOUT(CAST(id AS STRING)) AS loud FROM gen",
        catalog="shop",
        database="sales",
    )
    return build / "shout.jar"


@pytest.fixture(scope="module")
def session_2(
    dashboard: LiveDashboard,
    session_1: dict,
    snapshot_id: str,
    udf: Path,
    failing_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, dict]:
    """A new JVM reads everything back, pinned and live, and meets the rules and errors."""
    options = catalog_options(dashboard)
    folder = tmp_path_factory.mktemp("by_day")
    for day, value in [("d1", 1), ("d2", 2)]:
        (folder / f"dt={day}").mkdir()
        (folder / f"dt={day}" / "part-0.csv").write_text(f"{value}\n")
    by_day = (
        "(a INT, dt STRING) PARTITIONED BY (dt) WITH ('connector' = 'filesystem', "
        f"'path' = '{folder}', 'format' = 'csv')"
    )
    no_token = {k: v for k, v in options.items() if k != "token"}
    statements = {
        "databases": "SHOW DATABASES IN shop",
        "tables": "SHOW TABLES IN shop.sales",
        "views": "SHOW VIEWS IN shop.sales",
        "show table": "SHOW CREATE TABLE shop.sales.orders",
        "show view": "SHOW CREATE VIEW shop.sales.big_orders",
        "describe table": "DESCRIBE shop.sales.orders",
        "describe view": "DESCRIBE shop.sales.big_orders",
        "describe gen": "DESCRIBE shop.sales.gen",
        "functions": "SHOW USER FUNCTIONS IN shop.sales",
        "query": "SELECT id, twice FROM shop.sales.gen_view",
        # a view calling a catalog function resolves in any session (Flink writes its path)
        "udf query": "SELECT id, loud FROM shop.sales.loud",
        "udf view": "SHOW CREATE VIEW shop.sales.loud",
        # Flink's own text of the same view, in a catalog of its own
        "mem": "CREATE CATALOG mem WITH ('type' = 'generic_in_memory')",
        "mem function": f"CREATE FUNCTION mem.`default`.shout AS 'example.Shout' USING JAR '{udf}'",
        "mem gen": "CREATE TABLE mem.`default`.gen (id INT) WITH ('connector' = 'datagen')",
        "mem view": "CREATE VIEW mem.`default`.loud AS SELECT id, mem.`default`.SHOUT("
        "CAST(id AS STRING)) AS loud FROM mem.`default`.gen",
        "mem show": "SHOW CREATE VIEW mem.`default`.loud",
        "no use": create_catalog("carol", {**options, "token": dashboard.tokens["carol"]}),
        "no use query": "SELECT carol.sales.shout('x')",
        # the token from DASHBOARD_TOKEN, and another name for the catalog in Flink
        "other name": create_catalog("prod", no_token),
        "other name view": "SHOW CREATE VIEW prod.sales.gen_view",
        "other name create": "CREATE VIEW prod.sales.small AS SELECT id FROM prod.sales.gen",
        "other name show": "SHOW CREATE VIEW prod.sales.small",
        # time attributes inside a view column's type (its text cannot say them)
        "nested create": "CREATE VIEW prod.sales.stamped AS "
        "SELECT id, ROW(ts, name) AS r, ARRAY[ts] AS a FROM prod.sales.orders",
        "nested describe": "DESCRIBE prod.sales.stamped",
        "nested over": "CREATE VIEW prod.sales.stamped_over AS SELECT r.EXPR$0 AS t, a "
        "FROM prod.sales.stamped",
        "nested over describe": "DESCRIBE prod.sales.stamped_over",
        "pinned": create_catalog("released", {**options, "snapshot": snapshot_id}),
        "pinned describe": "DESCRIBE released.sales.orders",
        "pinned tables": "SHOW TABLES IN released.sales",
        "pinned write": "CREATE TABLE released.sales.x (a INT) WITH ('connector' = 'blackhole')",
        "secret": "SHOW CREATE TABLE shop.sales.secretive",
        "unset secret": "SHOW CREATE TABLE shop.sales.unset_secret",
        "viewer": create_catalog("viewer", {**options, "token": dashboard.tokens["bob"]}),
        "viewer write": "CREATE TABLE viewer.sales.x (a INT) WITH ('connector' = 'blackhole')",
        "viewer read": "SHOW TABLES IN viewer.sales",
        "strict": create_catalog(
            "strict", {**options, "environment": "strict", "catalog": "_env_strict"}
        ),
        "strict write": "CREATE TABLE strict.`default`.x (a INT) WITH ('connector' = 'blackhole')",
        "unreachable": create_catalog("e1", {**options, "url": f"http://127.0.0.1:{free_port()}"}),
        "wrong token": create_catalog("e2", {**options, "token": "not-a-token"}),
        "no environment": create_catalog("e3", {**options, "environment": "nope"}),
        "no catalog": create_catalog("e4", {**options, "catalog": "nope"}),
        "no snapshot": create_catalog("e5", {**options, "snapshot": "20200101T000000Z-dead"}),
        "server error": create_catalog("e6", {**options, "url": failing_url}),
        "missing options": create_catalog("e7", {"url": dashboard.url}),
        # partitions: the dashboard keeps definitions only; a filesystem table's are its folders
        "partitioned": f"CREATE TABLE shop.sales.by_day {by_day}",
        "show partitions": "SHOW PARTITIONS shop.sales.by_day",
        "pruned": "SELECT a FROM shop.sales.by_day WHERE dt = 'd2'",
        "pruned plan": "EXPLAIN SELECT a FROM shop.sales.by_day WHERE dt = 'd2'",
        "show partitions unpartitioned": "SHOW PARTITIONS shop.sales.gen",
        "add partition": "ALTER TABLE shop.sales.by_day ADD PARTITION (dt = 'd3')",
        "drop partition": "ALTER TABLE shop.sales.by_day DROP PARTITION (dt = 'd1')",
        "drop partition if exists": "ALTER TABLE shop.sales.by_day DROP IF EXISTS PARTITION "
        "(dt = 'd1')",
    }
    environ = {
        "DASHBOARD_TOKEN": dashboard.tokens["alice"],
        "SHOP_SALES_SECRETIVE_PROPERTIES_SASL_JAAS_CONFIG": "from-the-environment",
    }
    catalog = {"name": "shop", **options}
    records = flink_session(list(statements.values()), catalog, environ)
    return dict(zip(statements, records, strict=True))


def rows(record: dict) -> list[list]:
    assert record["ok"], record["error"]
    return record["rows"]


# -- 1. the first seed's story ----------------------------------------------------------------
def test_it_creates_through_flink_what_a_new_session_sees(session_1: dict, session_2: dict) -> None:
    for label in ["database", "table", "view", "generated", "generated view", "function"]:
        assert rows(session_1[label]) == [["OK"]], label
    for label in ["add column", "scratch", "rename", "drop", "alter database"]:
        assert rows(session_1[label]) == [["OK"]], label
    assert rows(session_1["tables"]) == [["big_orders"], ["gen"], ["gen_view"], ["orders"]]
    assert rows(session_2["databases"]) == [["default"], ["sales"]]
    tables = [["big_orders"], ["gen"], ["gen_view"], ["keyed"], ["loud"], ["orders"]]
    tables.append(["secretive"])
    assert rows(session_2["tables"]) == [*tables, ["unset_secret"]]
    assert rows(session_2["views"]) == [["big_orders"], ["gen_view"], ["loud"]]
    assert rows(session_2["functions"]) == [["shout"], ["twice"]]


def test_show_create_and_describe_in_flink_equal_the_dashboards(
    dashboard: LiveDashboard, session_2: dict
) -> None:
    for label, statement in [
        ("show table", "SHOW CREATE TABLE shop.sales.orders"),
        ("show view", "SHOW CREATE VIEW shop.sales.big_orders"),
        ("describe table", "DESCRIBE shop.sales.orders"),
        ("describe view", "DESCRIBE shop.sales.big_orders"),
        ("describe gen", "DESCRIBE shop.sales.gen"),
    ]:
        assert rows(session_2[label]) == dashboard.answer(statement), label
    show_table = rows(session_2["show table"])[0][0]
    assert "`ts` AS `TO_TIMESTAMP_LTZ`(`ms`, 3)" in show_table
    assert "`file_path` VARCHAR(2147483647) METADATA FROM 'file.path' VIRTUAL" in show_table
    assert "CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED" in show_table
    assert "`amount` BIGINT" in show_table  # the live catalog's change after session 1
    assert rows(session_2["show view"])[0][0] == (
        "CREATE VIEW `shop`.`sales`.`big_orders` (\n  `id`,\n  `name`,\n  `ts`\n)\n"
        "COMMENT 'the big ones'\n"
        "AS SELECT `orders`.`id`, `orders`.`name`, `orders`.`ts`\n"
        "FROM `shop`.`sales`.`orders` AS `orders`\n"
        "WHERE `orders`.`amount` > 10\n"
    )


def test_time_attributes_inside_a_view_columns_type_reach_flink(
    dashboard: LiveDashboard, session_2: dict
) -> None:
    assert session_2["nested create"]["ok"], session_2["nested create"]["error"]
    described = rows(session_2["nested describe"])
    assert described == dashboard.answer("DESCRIBE shop.sales.stamped")
    assert [row[1] for row in described] == [
        "BIGINT",
        "ROW<`EXPR$0` TIMESTAMP_LTZ(3) *ROWTIME*, `EXPR$1` STRING>",
        "ARRAY<TIMESTAMP_LTZ(3) *ROWTIME*>",
    ]
    over = rows(session_2["nested over describe"])
    assert over == dashboard.answer("DESCRIBE shop.sales.stamped_over")
    assert [row[1] for row in over] == ["TIMESTAMP_LTZ(3) *ROWTIME*", described[2][1]]


def test_changes_from_flink_are_the_dashboards(dashboard: LiveDashboard, session_1: dict) -> None:
    status, database = dashboard.request(
        "GET", "environments/default/catalogs/shop/databases/sales"
    )
    assert status == 200
    assert (database["comment"], database["properties"]) == ("the sales", {"owner": "team-a"})
    status, table = dashboard.request(
        "GET", "environments/default/catalogs/shop/databases/sales/tables/gen"
    )
    assert [c["name"] for c in table["columns"]] == ["id", "amount", "note"]
    assert table["columns"][2]["comment"] == "added from Flink"
    status, _ = dashboard.request(
        "GET", "environments/default/catalogs/shop/databases/sales/tables/scratch2"
    )
    assert status == 404


def test_the_history_names_the_tokens_user(dashboard: LiveDashboard, session_1: dict) -> None:
    status, history = dashboard.request("GET", "environments/default/history/?limit=100")
    assert status == 200
    by_flink = [e for e in history["results"] if "`shop`.`sales`" in e["statement"]]
    assert by_flink and {e["user"] for e in by_flink} == {"alice"}
    # the plugin names itself; the test's own API calls (the dashboard fixture's) do not
    assert {(e["origin"], e["via"]) for e in by_flink if "`gen`" in e["statement"]} == {
        ("api:flink-catalog", "via Flink catalog plugin")
    }
    statements = {e["statement"].split("\n")[0] for e in by_flink}
    assert "CREATE TABLE `shop`.`sales`.`orders` (" in statements
    assert (
        "ALTER TABLE `shop`.`sales`.`gen` ADD `note` VARCHAR(2147483647) COMMENT 'added "
        "from Flink'" in statements
    )


def test_alter_table_of_watermark_and_primary_key_from_flink_does_what_flink_does(
    dashboard: LiveDashboard, session_1: dict
) -> None:
    for label in ["mem", "keyed", "keyed copy"]:
        assert rows(session_1[label]) == [["OK"]], label
    for i, alter in enumerate(KEYED_ALTERS):
        assert rows(session_1[f"alter {i}"]) == [["OK"]], alter
        assert rows(session_1[f"alter copy {i}"]) == [["OK"]], alter
        [[shown]] = rows(session_1[f"show {i}"])  # the dashboard's table, read back by Flink
        [[flinks]] = rows(session_1[f"show copy {i}"])
        assert shown == flinks.replace("`mem`.`default`", "`shop`.`sales`"), alter
    # the last state, as the dashboard itself stores and shows it
    assert dashboard.answer("SHOW CREATE TABLE shop.sales.keyed") == [[shown]]
    status, table = dashboard.request(
        "GET", "environments/default/catalogs/shop/databases/sales/tables/keyed"
    )
    assert status == 200
    assert table["watermark"] == {"column": "ts", "expression": "`ts`"}
    assert table["primary_key"] == {"name": "PK_id", "columns": ["id"]}
    assert [c["name"] for c in table["columns"]] == ["id", "code", "ms", "ts", "name", "note"]


def test_consecutive_changes_of_one_kind_from_flink_are_one_statement(
    dashboard: LiveDashboard, session_1: dict
) -> None:
    status, history = dashboard.request("GET", "environments/default/history/?limit=200")
    assert status == 200
    keyed = [
        e["statement"].removeprefix("ALTER TABLE `shop`.`sales`.`keyed` ")
        for e in reversed(history["results"])
        if e["statement"].startswith("ALTER TABLE `shop`.`sales`.`keyed` ")
    ]
    assert keyed == [
        "ADD CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED",
        "ADD WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND",
        "MODIFY WATERMARK FOR `ts` AS `ts` - INTERVAL '5' SECOND",
        "DROP CONSTRAINT `PK_id`",
        "ADD (`code` INT NOT NULL COMMENT 'the code' AFTER `id`, "
        "CONSTRAINT `pk_keyed` PRIMARY KEY (`id`, `code`) NOT ENFORCED)",
        "MODIFY CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED",
        "DROP WATERMARK",
        "ADD (`note` VARCHAR(2147483647), WATERMARK FOR `ts` AS `ts`)",
        "MODIFY (`name` VARCHAR(2147483647) COMMENT 'who', `ms` INT)",
    ]


def test_a_tables_distribution_from_flink_is_created_and_changed_as_flink_does(
    dashboard: LiveDashboard, session_1: dict
) -> None:
    def shown(label: str) -> str:
        [[mine]] = rows(session_1[label])  # the dashboard's table, read back by Flink
        [[flinks]] = rows(session_1[label.replace("show", "show copy")])
        assert mine == flinks.replace("`mem`.`default`", "`shop`.`default`"), label
        return mine

    assert rows(session_1["bucketed"]) == [["OK"]]
    assert rows(session_1["bucketed copy"]) == [["OK"]]
    created = shown("bucketed show")
    assert "\nCOMMENT 'in buckets'\nDISTRIBUTED BY HASH(`a`) INTO 4 BUCKETS\nWITH (\n" in created
    distributed = []
    for i, alter in enumerate(BUCKETED_ALTERS):
        assert rows(session_1[f"bucketed alter {i}"]) == [["OK"]], alter
        assert rows(session_1[f"bucketed alter copy {i}"]) == [["OK"]], alter
        text = shown(f"bucketed show {i}")
        distributed.append([line for line in text.split("\n") if "DISTRIBUTED" in line])
    # MODIFY replaces the whole distribution: its keys and algorithm go with the old count
    assert distributed == [
        ["DISTRIBUTED INTO 2 BUCKETS"],
        [],
        ["DISTRIBUTED BY RANGE(`a`, `b`)"],
        ["DISTRIBUTED BY (`b`) INTO 3 BUCKETS"],
    ]
    # the last state, as the dashboard itself shows it and hands it to the plugin
    assert dashboard.answer("SHOW CREATE TABLE shop.`default`.bucketed") == [[text]]
    status, document = dashboard.request(
        "GET", "environments/default/catalogs/shop/databases/default/document"
    )
    assert status == 200, document
    [entry] = [t for t in document["tables"] if t["name"] == "bucketed"]
    assert entry["distribution"] == {"kind": "UNKNOWN", "bucketCount": 3, "bucketKeys": ["b"]}
    # what the plugin sent: Flink's CREATE TABLE text, one statement per distribution change
    status, history = dashboard.request("GET", "environments/default/history/?limit=200")
    assert status == 200
    sent = [
        e["statement"]
        for e in reversed(history["results"])
        if "`shop`.`default`.`bucketed`" in e["statement"]
    ]
    assert sent == [
        "CREATE TABLE `shop`.`default`.`bucketed` (\n  `a` INT,\n  `b` VARCHAR(2147483647)\n)\n"
        "COMMENT 'in buckets'\nDISTRIBUTED BY HASH(`a`) INTO 4 BUCKETS\n"
        "WITH (\n  'connector' = 'blackhole'\n)",
        "ALTER TABLE `shop`.`default`.`bucketed` MODIFY DISTRIBUTION INTO 2 BUCKETS",
        "ALTER TABLE `shop`.`default`.`bucketed` DROP DISTRIBUTION",
        "ALTER TABLE `shop`.`default`.`bucketed` ADD DISTRIBUTION BY RANGE(`a`, `b`)",
        "ALTER TABLE `shop`.`default`.`bucketed` MODIFY DISTRIBUTION BY (`b`) INTO 3 BUCKETS",
    ]


def test_alter_function_from_flink_changes_its_class_and_language(
    dashboard: LiveDashboard, session_1: dict
) -> None:
    assert rows(session_1["alter function"]) == [["OK"]]
    status, function = dashboard.request(
        "GET", "environments/default/catalogs/shop/databases/sales/functions/twice"
    )
    assert status == 200
    assert (function["class_name"], function["language"]) == ("com.example.Twice2", "SCALA")
    missing = session_1["alter missing function"]
    assert (
        "org.apache.flink.table.catalog.exceptions.FunctionNotExistException"
        in missing["exceptions"]
    )
    assert missing["error"] == "Function sales.nothing does not exist in Catalog shop."
    assert rows(session_1["alter missing function if exists"]) == [["OK"]]


# -- 2. a job that runs -----------------------------------------------------------------------
def test_a_bounded_query_through_a_view_returns_rows(session_2: dict) -> None:
    assert sorted(rows(session_2["query"])) == [["1", "40"], ["2", "40"], ["3", "40"]]


def test_a_view_calling_a_function_from_an_artifact_runs(session_2: dict) -> None:
    assert sorted(rows(session_2["udf query"])) == [["1", "1!"], ["2", "2!"], ["3", "3!"]]


def test_a_view_calling_a_catalog_function_is_written_as_flink_writes_it(
    dashboard: LiveDashboard, session_2: dict
) -> None:
    [[flinks]] = rows(session_2["mem show"])
    [[stored]] = dashboard.answer("SHOW CREATE VIEW shop.sales.loud")
    assert "`mem`.`default`.`SHOUT`(" in flinks  # the path, and the name as written
    assert stored == flinks.replace("`mem`.`default`", "`shop`.`sales`")
    assert rows(session_2["udf view"]) == [[stored]]


def test_a_view_names_the_catalog_as_flink_knows_it(session_2: dict) -> None:
    assert rows(session_2["other name"]) == [["OK"]]  # its token from DASHBOARD_TOKEN
    text = rows(session_2["other name view"])[0][0]
    assert "FROM `prod`.`sales`.`gen` AS `gen`" in text


def test_a_view_created_under_another_name_stores_what_flink_shows(
    dashboard: LiveDashboard, session_2: dict
) -> None:
    assert rows(session_2["other name create"]) == [["OK"]]
    [[stored]] = dashboard.answer("SHOW CREATE VIEW shop.sales.small")
    assert stored == (
        "CREATE VIEW `shop`.`sales`.`small` (\n  `id`\n)\n"
        "AS SELECT `gen`.`id`\nFROM `shop`.`sales`.`gen` AS `gen`\n"
    )
    [[shown]] = rows(session_2["other name show"])
    assert shown == stored.replace("`shop`.", "`prod`.")


# -- 3. pinned --------------------------------------------------------------------------------
def test_a_pinned_catalog_answers_its_snapshot_after_the_live_one_changed(
    session_2: dict,
) -> None:
    assert rows(session_2["pinned"]) == [["OK"]]
    described = {row[0]: row[1] for row in rows(session_2["pinned describe"])}
    assert described["amount"] == "INT"
    live = {row[0]: row[1] for row in rows(session_2["describe table"])}
    assert live["amount"] == "BIGINT"
    assert rows(session_2["pinned tables"]) == [
        ["big_orders"],
        ["gen"],
        ["gen_view"],
        ["keyed"],
        ["orders"],
    ]
    write = session_2["pinned write"]
    assert not write["ok"]
    assert "is pinned to snapshot" in write["error"] and "read-only" in write["error"]


# -- 4. rules from Flink's side ---------------------------------------------------------------
def test_the_dashboards_rules_hold_from_flink(
    dashboard: LiveDashboard, session_1: dict, session_2: dict
) -> None:
    duplicate = session_1["duplicate table"]
    assert (
        "org.apache.flink.table.catalog.exceptions.TableAlreadyExistException"
        in (duplicate["exceptions"])
    )
    assert duplicate["error"] == "Table (or view) sales.orders already exists in Catalog shop."
    database = session_1["duplicate database"]
    assert (
        "org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException"
        in (database["exceptions"])
    )
    not_empty = session_1["drop non-empty"]
    assert (
        "org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException"
        in (not_empty["exceptions"])
    )
    assert not_empty["error"] == "Database sales in catalog shop is not empty."
    assert not session_1["drop missing"]["ok"]

    assert rows(session_2["no use"]) == [["OK"]]
    assert session_2["no use query"]["error"].endswith(
        "runs the code of artifact 'shout.jar', which the dashboard did not hand out: "
        "Downloading artifact 'shout.jar' needs the Use permission on artifact 'shout.jar', "
        "which you do not hold."
    )
    assert rows(session_2["viewer read"])  # a viewer reads
    refused = session_2["viewer write"]
    assert refused["error"] == (
        "You need the editor role in environment 'default' to change the catalog."
    )
    strict = session_2["strict write"]
    assert strict["error"].startswith(
        "Environment 'strict' needs 1 approval(s) for every change: open a change request"
    )
    link = f"{dashboard.url}/env/strict/change-requests/new?sql=CREATE+TABLE+%60_env_strict%60"
    assert (
        f"instead of running it directly. Open one with this statement at {link}"
        in (strict["error"])
    )


# -- 5. secrets -------------------------------------------------------------------------------
def test_secrets_arrive_from_the_environment_and_never_through_the_api(
    dashboard: LiveDashboard, session_2: dict
) -> None:
    assert (
        "'properties.sasl.jaas.config' = 'from-the-environment'"
        in (rows(session_2["secret"])[0][0])
    )
    unset = session_2["unset secret"]
    assert "set the environment variable SHOP_SALES_UNSET_SECRET_PASSWORD" in unset["error"]
    for path in [
        "environments/default/catalogs/shop/databases/sales/document",
        "environments/default/catalogs/shop/databases/sales/tables/secretive",
    ]:
        status, body = dashboard.request("GET", path)
        assert status == 200 and "the-real-secret" not in str(body)


# -- 6. errors --------------------------------------------------------------------------------
def test_every_error_says_what_to_fix(dashboard: LiveDashboard, session_2: dict) -> None:
    url = dashboard.url
    errors = {
        label: session_2[label]["error"]
        for label in [
            "unreachable",
            "wrong token",
            "no environment",
            "no catalog",
            "no snapshot",
            "server error",
            "missing options",
        ]
    }
    assert errors["unreachable"].startswith("Cannot reach the dashboard at http://127.0.0.1:")
    assert "Check the catalog's 'url' option" in errors["unreachable"]
    assert errors["wrong token"] == (
        f"The dashboard at {url} refused the API token: Invalid token. Set a valid token in "
        "the 'token' option or in the environment variable DASHBOARD_TOKEN."
    )
    assert errors["no environment"].startswith(
        f"The dashboard at {url} has no environment 'nope' that the token's user holds a role in"
    )
    assert errors["no catalog"] == (
        f"Environment 'default' of the dashboard at {url} has no catalog 'nope'. Check the "
        "catalog's 'catalog' option."
    )
    assert errors["no snapshot"].startswith(
        f"Environment 'default' of the dashboard at {url} has no snapshot '20200101T000000Z-dead'."
    )
    assert "failed (HTTP 502) on GET /api/v1/environments/default" in errors["server error"]
    assert "Missing required options are:\n\ncatalog\nenvironment" in errors["missing options"]


# -- partitions and statistics ----------------------------------------------------------------
def test_a_partitioned_table_lists_no_partitions_and_flink_prunes_its_folders(
    session_2: dict,
) -> None:
    assert rows(session_2["partitioned"]) == [["OK"]]
    assert rows(session_2["show partitions"]) == []
    assert rows(session_2["pruned"]) == [["2"]]
    assert "partitions=[{dt=d2}]" in rows(session_2["pruned plan"])[0][0]
    unpartitioned = session_2["show partitions unpartitioned"]
    assert unpartitioned["error"] == "Table sales.gen in catalog shop is not partitioned."
    assert (
        "org.apache.flink.table.catalog.exceptions.TableNotPartitionedException"
        in unpartitioned["exceptions"]
    )
    assert session_2["add partition"]["error"] == (
        "Catalog 'shop' keeps no partitions: the dashboard stores definitions only. A filesystem "
        "table's partitions are its directories: Flink finds them when it reads the table."
    )
    dropped = session_2["drop partition"]
    assert (
        "org.apache.flink.table.catalog.exceptions.PartitionNotExistException"
        in dropped["exceptions"]
    )
    assert rows(session_2["drop partition if exists"]) == [["OK"]]


# -- the launcher -----------------------------------------------------------------------------
def launch(dashboard: LiveDashboard, snapshot: str, script: Path) -> subprocess.CompletedProcess:
    command = [PYTHON, "-m", "flink_dashboard_catalog", "run", "--dashboard", dashboard.url]
    command += ["--snapshot", snapshot, "--script", str(script), "--mode", "batch"]
    environ = {**os.environ, "DASHBOARD_TOKEN": dashboard.tokens["alice"]}
    return subprocess.run(
        command, cwd=ROOT, env=environ, capture_output=True, text=True, timeout=600
    )


def test_the_launcher_runs_a_dml_script_against_a_pinned_snapshot(
    dashboard: LiveDashboard, session_2: dict, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    dashboard.run(
        "CREATE TABLE shop.sales.doubled (id INT, twice INT) WITH ('connector' = 'filesystem', "
        f"'path' = '{out}', 'format' = 'csv')"
    )
    status, taken = dashboard.request(
        "POST", "environments/default/snapshots/", {"catalog": "shop", "label": "job"}
    )
    assert status == 201, taken
    snapshot = taken["snapshot"]["snapshot_id"]
    dashboard.run("DROP VIEW shop.sales.gen_view")  # the job keeps its release's view
    job = tmp_path / "job.sql"
    job.write_text("INSERT INTO sales.doubled SELECT id, twice FROM sales.gen_view;\n")
    refused = tmp_path / "refused.sql"
    refused.write_text("INSERT INTO sales.doubled VALUES (1, 2);\nDROP TABLE sales.doubled;\n")

    not_dml = launch(dashboard, snapshot, refused)
    assert not_dml.returncode == 2
    assert not_dml.stderr.strip().endswith("refused: DROP TABLE sales.doubled")
    done = launch(dashboard, snapshot, job)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = sorted(line for f in out.rglob("*") if f.is_file() for line in f.read_text().split())
    assert lines == ["1,40", "2,40", "3,40"]
