"""Definitions as code (#19): export a folder, read it back, plan and apply it."""

from __future__ import annotations

import io
import time
from collections.abc import Mapping

from django.core.management import call_command

from catalogs import folder
from catalogs.executor import Executor, Session
from catalogs.flinksql.secrets import placeholder_variables
from environments.models import Environment
from environments.services import create_environment

DEMO_SECRET = "SHOP_SALES_ORDERS_PROPERTIES_SASL_JAAS_CONFIG"

# every object kind and every column kind, with comments, options and a secret
EVERY_KIND = """
CREATE CATALOG kinds COMMENT 'all kinds' WITH ('type' = 'generic_in_memory',
  'default-database' = 'main');
CREATE DATABASE kinds.other COMMENT 'a second database' WITH ('owner' = 'team-a');
CREATE TABLE kinds.main.events (
  id BIGINT NOT NULL COMMENT 'the key',
  name STRING,
  payload ROW<a INT, b ARRAY<STRING>>,
  ms BIGINT,
  ts AS TO_TIMESTAMP_LTZ(ms, 3) COMMENT 'event time',
  `offset` BIGINT METADATA VIRTUAL,
  headers MAP<STRING, BYTES> METADATA FROM 'headers',
  dt STRING,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  CONSTRAINT pk_events PRIMARY KEY (id) NOT ENFORCED
) COMMENT 'every column kind'
PARTITIONED BY (dt)
WITH ('connector' = 'kafka', 'topic' = 'events', 'properties.sasl.jaas.config' = 'secret!');
CREATE TABLE kinds.main.bare (x INT);
CREATE TABLE kinds.other.proc (k STRING, pt AS PROCTIME()) WITH ('connector' = 'datagen');
CREATE FUNCTION kinds.main.f AS 'com.example.F' LANGUAGE JAVA USING JAR 'file:///f.jar';
CREATE FUNCTION kinds.other.g AS 'g_module.g' LANGUAGE PYTHON;
CREATE VIEW kinds.main.v1 COMMENT 'names' AS SELECT id, name FROM kinds.main.events WHERE id > 1;
CREATE VIEW kinds.other.v2 (n, c) AS SELECT name, COUNT(*) FROM kinds.main.v1 GROUP BY name;
CREATE VIEW kinds.main.v3 AS SELECT * FROM kinds.other.v2;
CREATE MODEL kinds.main.m INPUT (text STRING COMMENT 'in') OUTPUT (label STRING)
COMMENT 'a model' WITH ('provider' = 'openai', 'task' = 'classification', 'api-key' = 'sk-1');
CREATE MODEL kinds.other.bare_model INPUT (x INT) OUTPUT (y DOUBLE) WITH ('provider' = 'p');
"""


def _run(environment: Environment, script: str) -> None:
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]


def _variables(files: Mapping[str, bytes]) -> dict[str, str]:
    texts = (data.decode() for data in files.values())
    return {name: f"value of {name}" for name in placeholder_variables(texts)}


def _round_trip(source: Environment, names: list[str] | None = None) -> dict[str, bytes]:
    """Export, apply into a new empty environment, export again: the same bytes; a plan
    after the apply changes nothing."""
    files = folder.export_files(source, names)
    assert folder.export_files(source, names) == files
    target = create_environment(f"target-{len(Environment.objects.all())}")
    planned = folder.plan_folder(target, files)
    assert (planned.errors, planned.plan.errors, planned.exit_code) == ([], [], 2)
    applied = folder.apply_folder(target, files, variables=_variables(files))
    assert applied.report is not None and applied.report.ok, applied.report.failures
    assert folder.export_files(target, names) == files
    again = folder.plan_folder(target, files)
    assert again.exit_code == 0, (again.errors, [(s.action, s.name) for s in again.plan.steps])
    return files


def test_it_round_trips_the_demo(environment: Environment) -> None:
    call_command("load_demo", stdout=io.StringIO())
    files = _round_trip(environment)
    assert DEMO_SECRET in _variables(files)
    text = files["shop/sales/tables/orders.sql"].decode()
    assert f"'properties.sasl.jaas.config' = '${{{DEMO_SECRET}}}'" in text
    assert "demo-kafka-secret" not in b"".join(files.values()).decode()
    # the view calling a function with a declared result type survives the round trip
    assert files["shop/sales/functions/mask_email.sql"] == (
        b"-- RETURNS VARCHAR(2147483647)\n"
        b"CREATE FUNCTION `shop`.`sales`.`mask_email` AS 'com.example.shop.udf.MaskEmail' "
        b"LANGUAGE JAVA;\n"
    )
    assert b"`mask_email`(" in files["shop/sales/views/support_contacts.sql"]


def test_it_round_trips_a_generated_catalog(environment: Environment) -> None:
    call_command("generate_catalog", "--tables", "100", "--views", "20", stdout=io.StringIO())
    started = time.monotonic()
    files = _round_trip(environment, ["generated"])
    assert sum("/views/" in p for p in files) == 20
    assert sum("/tables/" in p for p in files) == 100
    print(f"generated 100/20 round trip: {time.monotonic() - started:.1f} s")


def test_it_round_trips_every_object_and_column_kind(environment: Environment) -> None:
    _run(environment, EVERY_KIND)
    files = _round_trip(environment, ["kinds"])
    assert sorted(files) == [
        "kinds/catalog.sql",
        "kinds/main/database.sql",
        "kinds/main/functions/f.sql",
        "kinds/main/models/m.sql",
        "kinds/main/tables/bare.sql",
        "kinds/main/tables/events.sql",
        "kinds/main/views/v1.sql",
        "kinds/main/views/v3.sql",
        "kinds/other/database.sql",
        "kinds/other/functions/g.sql",
        "kinds/other/models/bare_model.sql",
        "kinds/other/tables/proc.sql",
        "kinds/other/views/v2.sql",
    ]
    assert files["kinds/other/views/v2.sql"].decode() == (
        "CREATE VIEW `kinds`.`other`.`v2` (`n`, `c`)\n"
        "AS SELECT `v1`.`name`, COUNT(*)\n"
        "FROM `kinds`.`main`.`v1` AS `v1`\n"
        "GROUP BY `v1`.`name`;\n"
    )
    assert files["kinds/main/models/m.sql"].decode() == (
        "CREATE MODEL `kinds`.`main`.`m`\n"
        "INPUT (`text` VARCHAR(2147483647) COMMENT 'in')\n"
        "OUTPUT (`label` VARCHAR(2147483647))\n"
        "COMMENT 'a model'\n"
        "WITH (\n"
        "  'api-key' = '${KINDS_MAIN_M_API_KEY}',\n"
        "  'provider' = 'openai',\n"
        "  'task' = 'classification'\n"
        ");\n"
    )


HOSTILE = [
    "a/b",
    "..",
    ".",
    "Orders",
    "orders",
    "with`tick",
    "Grüße 東京",
    "con",
    "x" * 250,
    "100%",
]


def test_file_names_are_safe_and_distinct_for_hostile_names(environment: Environment) -> None:
    script = (
        "CREATE CATALOG `h/../x` WITH ('type' = 'generic_in_memory', 'default-database' = '..');\n"
    )
    for name in HOSTILE:
        quoted = name.replace("`", "``")
        script += f"CREATE TABLE `h/../x`.`..`.`{quoted}` (id INT);\n"
    _run(environment, script)
    files = _round_trip(environment, ["h/../x"])
    tables = [p for p in files if "/tables/" in p]
    assert len(tables) == len(HOSTILE)
    assert len({p.lower() for p in files}) == len(files)  # case-insensitive file systems
    for path in files:
        parts = path.split("/")
        assert all(part not in ("", ".", "..") for part in parts), path
        assert all(len(part.encode()) <= 255 for part in parts), path
        assert all(c.isascii() and c not in '`\\:*?"<>|' for c in path), path
    assert "h%2F%2E%2E%2Fx/%2E%2E/tables/%4Frders.sql" in files
    assert "h%2F%2E%2E%2Fx/%2E%2E/tables/orders.sql" in files
    assert "h%2F%2E%2E%2Fx/%2E%2E/tables/co%6E.sql" in files
