"""catalog_folder plan (#19): each kind of change as the smallest statements Flink supports,
applied, then planned again with no change."""

from __future__ import annotations

import itertools

import pytest

from catalogs import folder
from catalogs.executor import Executor, Session
from environments.models import Environment
from environments.services import create_environment

CATALOG = (
    "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
    "USE CATALOG c;\n"
)
_count = itertools.count()
DG = " WITH ('connector' = 'datagen');\n"


def _environment(script: str) -> Environment:
    environment = create_environment(f"e{next(_count)}")
    results = Executor(Session.start(environment)).execute_script(CATALOG + script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    return environment


def _plan(
    old: str, new: str, allow_drops: bool = False
) -> tuple[folder.FolderPlan, Environment, dict]:
    """The plan of the folder of ``new`` against an environment holding ``old``."""
    target = _environment(old)
    files = folder.export_files(_environment(new))
    return folder.plan_folder(target, files, allow_drops), target, files


def _applied_twice(target: Environment, files: dict, allow_drops: bool = False) -> None:
    applied = folder.apply_folder(target, files, allow_drops=allow_drops)
    assert applied.report is not None and applied.report.ok, applied.report.failures
    again = folder.plan_folder(target, files, allow_drops)
    assert again.exit_code == 0, [(s.action, s.name, s.statements) for s in again.plan.steps]


T = "ALTER TABLE `c`.`d`.`t`"
CHANGES = {
    "add a physical column": (
        "CREATE TABLE d.t (a INT);",
        "CREATE TABLE d.t (a INT, b STRING);",
        [f"{T} ADD (`b` VARCHAR(2147483647) AFTER `a`)"],
    ),
    "add a column first, a computed and a metadata column": (
        "CREATE TABLE d.t (a INT);",
        "CREATE TABLE d.t (z INT, a INT, c AS a + 1, m BIGINT METADATA FROM 'offset' VIRTUAL);",
        [
            f"{T} ADD (`z` INT FIRST, `c` AS `a` + 1 AFTER `a`, "
            "`m` BIGINT METADATA FROM 'offset' VIRTUAL AFTER `c`)"
        ],
    ),
    "drop columns": (
        "CREATE TABLE d.t (a INT, b INT, c INT);",
        "CREATE TABLE d.t (b INT);",
        [f"{T} DROP (`a`, `c`)"],
    ),
    "modify a type, nullability and a comment": (
        "CREATE TABLE d.t (a INT, b INT NOT NULL, c INT);",
        "CREATE TABLE d.t (a BIGINT, b INT, c INT COMMENT 'see');",
        [f"{T} MODIFY (`a` BIGINT, `b` INT, `c` INT COMMENT 'see')"],
    ),
    "reorder columns": (
        "CREATE TABLE d.t (a INT, b INT);",
        "CREATE TABLE d.t (b INT, a INT);",
        [f"{T} MODIFY (`b` INT FIRST, `a` INT AFTER `b`)"],
    ),
    "add a watermark": (
        "CREATE TABLE d.t (ts TIMESTAMP(3));",
        "CREATE TABLE d.t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);",
        [f"{T} ADD (WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND)"],
    ),
    "modify a watermark": (
        "CREATE TABLE d.t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts);",
        "CREATE TABLE d.t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND);",
        [f"{T} MODIFY (WATERMARK FOR `ts` AS `ts` - INTERVAL '5' SECOND)"],
    ),
    "drop a watermark": (
        "CREATE TABLE d.t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts);",
        "CREATE TABLE d.t (ts TIMESTAMP(3));",
        [f"{T} DROP WATERMARK"],
    ),
    "add a primary key": (
        "CREATE TABLE d.t (id INT NOT NULL, v INT);",
        "CREATE TABLE d.t (id INT NOT NULL, v INT, PRIMARY KEY (id) NOT ENFORCED);",
        [f"{T} ADD (CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED)"],
    ),
    "modify a primary key": (
        "CREATE TABLE d.t (id INT NOT NULL, v INT NOT NULL, PRIMARY KEY (id) NOT ENFORCED);",
        "CREATE TABLE d.t (id INT NOT NULL, v INT NOT NULL, PRIMARY KEY (id, v) NOT ENFORCED);",
        [f"{T} MODIFY (CONSTRAINT `PK_id_v` PRIMARY KEY (`id`, `v`) NOT ENFORCED)"],
    ),
    "drop a primary key": (
        "CREATE TABLE d.t (id INT NOT NULL, PRIMARY KEY (id) NOT ENFORCED);",
        "CREATE TABLE d.t (id INT NOT NULL);",
        [f"{T} DROP PRIMARY KEY"],
    ),
    "set and reset options": (
        "CREATE TABLE d.t (a INT) WITH ('connector' = 'datagen', 'rows-per-second' = '1');",
        "CREATE TABLE d.t (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '9');",
        [f"{T} SET ('number-of-rows' = '9')", f"{T} RESET ('rows-per-second')"],
    ),
    "add a distribution": (
        "CREATE TABLE d.t (a INT, b INT);",
        "CREATE TABLE d.t (a INT, b INT) DISTRIBUTED BY HASH(a) INTO 4 BUCKETS;",
        [f"{T} ADD DISTRIBUTION BY HASH(`a`) INTO 4 BUCKETS"],
    ),
    "drop a distribution": (
        "CREATE TABLE d.t (a INT) DISTRIBUTED INTO 3 BUCKETS;",
        "CREATE TABLE d.t (a INT);",
        [f"{T} DROP DISTRIBUTION"],
    ),
    "move the distribution onto a new column, dropping its old key": (
        "CREATE TABLE d.t (a INT, b INT) DISTRIBUTED BY (a);",
        "CREATE TABLE d.t (b INT, c INT) DISTRIBUTED BY RANGE(c) INTO 2 BUCKETS;",
        [
            f"{T} DROP DISTRIBUTION",
            f"{T} DROP (`a`)",
            f"{T} ADD (`c` INT AFTER `b`)",
            f"{T} ADD DISTRIBUTION BY RANGE(`c`) INTO 2 BUCKETS",
        ],
    ),
    "change a view's query": (
        "CREATE TABLE d.t (a INT, b INT)" + DG + "CREATE VIEW d.v AS SELECT a FROM d.t;",
        "CREATE TABLE d.t (a INT, b INT)" + DG + "CREATE VIEW d.v AS SELECT b AS a FROM d.t;",
        [
            "USE CATALOG `c`",
            "USE `d`",
            "ALTER VIEW `c`.`d`.`v` AS SELECT `t`.`b` AS `a`\nFROM `c`.`d`.`t` AS `t`",
        ],
    ),
    "change a function's class": (
        "CREATE FUNCTION d.f AS 'a.F';",
        "CREATE FUNCTION d.f AS 'b.F' LANGUAGE SCALA;",
        ["ALTER FUNCTION `c`.`d`.`f` AS 'b.F' LANGUAGE SCALA"],
    ),
    "add a model": (
        "",
        "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y DOUBLE) WITH ('provider' = 'openai');",
        [
            "CREATE MODEL `c`.`d`.`m`\nINPUT (`x` VARCHAR(2147483647))\nOUTPUT (`y` DOUBLE)\n"
            "WITH (\n  'provider' = 'openai'\n)"
        ],
    ),
    "set and reset a model's options": (
        "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y DOUBLE) WITH ('provider' = 'openai', "
        "'task' = 'classification');",
        "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y DOUBLE) WITH ('provider' = 'openai', "
        "'model' = 'gpt-4o');",
        [
            "ALTER MODEL `c`.`d`.`m` SET ('model' = 'gpt-4o')",
            "ALTER MODEL `c`.`d`.`m` RESET ('task')",
        ],
    ),
    "change a catalog's comment": (
        "ALTER CATALOG c COMMENT 'old';",
        "ALTER CATALOG c COMMENT 'new';",
        ["ALTER CATALOG `c` COMMENT 'new'"],
    ),
    "set a database's property": (
        "CREATE DATABASE c.o WITH ('k' = '1');",
        "CREATE DATABASE c.o WITH ('k' = '2', 'l' = '3');",
        ["ALTER DATABASE `c`.`o` SET ('k' = '2', 'l' = '3')"],
    ),
    "add everything": (
        "",
        "CREATE DATABASE c.o; CREATE TABLE o.t (a INT)"
        + DG
        + "CREATE VIEW o.v AS SELECT a FROM o.t;",
        [
            "CREATE DATABASE `c`.`o`",
            "CREATE TABLE `c`.`o`.`t` (\n  `a` INT\n)\nWITH (\n  'connector' = 'datagen'\n)",
            "USE CATALOG `c`",
            "USE `o`",
            "CREATE VIEW `c`.`o`.`v` (`a`)\nAS SELECT `t`.`a`\nFROM `c`.`o`.`t` AS `t`",
        ],
    ),
}


@pytest.mark.parametrize("case", list(CHANGES))
def test_it_plans_the_smallest_change(case: str, db: None) -> None:
    old, new, expected = CHANGES[case]
    planned, target, files = _plan(old, new)
    assert planned.errors == [] and planned.plan.errors == []
    assert planned.sql == expected
    assert planned.exit_code == 2
    _applied_twice(target, files)


RECREATE = {
    "a view's comment": (
        "CREATE TABLE d.t (a INT)" + DG + "CREATE VIEW d.v AS SELECT a FROM d.t;",
        "CREATE TABLE d.t (a INT)" + DG + "CREATE VIEW d.v COMMENT 'now' AS SELECT a FROM d.t;",
        "ALTER VIEW cannot change a view's column names or comment",
    ),
    "a table's comment": (
        "CREATE TABLE d.t (a INT) COMMENT 'old';",
        "CREATE TABLE d.t (a INT) COMMENT 'new';",
        "Flink has no ALTER TABLE for a table's comment",
    ),
    "a table's partition keys": (
        "CREATE TABLE d.t (a INT, p STRING) PARTITIONED BY (p);",
        "CREATE TABLE d.t (a INT, p STRING);",
        "Flink cannot change a table's partition keys",
    ),
    "a function's jars": (
        "CREATE FUNCTION d.f AS 'a.F' USING JAR 'file:///1.jar';",
        "CREATE FUNCTION d.f AS 'a.F' USING JAR 'file:///2.jar';",
        "Flink's ALTER FUNCTION cannot change a function's jars",
    ),
    "a model's output": (
        "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y DOUBLE) WITH ('provider' = 'p');",
        "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y FLOAT) WITH ('provider' = 'p');",
        "Flink's ALTER MODEL cannot change a model's input, output or comment",
    ),
    "a model's comment": (
        "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y DOUBLE) WITH ('provider' = 'p');",
        "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y DOUBLE) COMMENT 'now' "
        "WITH ('provider' = 'p');",
        "Flink's ALTER MODEL cannot change a model's input, output or comment",
    ),
}


@pytest.mark.parametrize("case", list(RECREATE))
def test_it_drops_and_creates_what_flink_cannot_alter(case: str, db: None) -> None:
    old, new, reason = RECREATE[case]
    planned, target, files = _plan(old, new)
    [step] = planned.plan.steps
    assert (step.action, step.reason) == ("re-create", reason)
    assert [t.split(" ")[0] for t in planned.sql if not t.startswith("USE")] == ["DROP", "CREATE"]
    _applied_twice(target, files)


def test_it_warns_loudly_before_dropping_a_kafka_table(db: None) -> None:
    kafka = "CREATE TABLE d.t (a INT) COMMENT 'x' WITH ('connector' = 'kafka', 'topic' = 't');"
    planned, _, _ = _plan(kafka, kafka.replace("'x'", "'y'"))
    [step] = planned.plan.steps
    assert step.warning == (
        "dropping a Kafka table in Confluent Manager for Apache Flink deletes its topic and "
        "every record in it"
    )
    from catalogs.management.commands.catalog_folder import render_plan

    assert "-- WARNING: DROPPING A KAFKA TABLE IN CONFLUENT MANAGER" in render_plan(planned)


def test_it_drops_only_when_drops_are_allowed(db: None) -> None:
    old = (
        "CREATE TABLE d.t (a INT); CREATE TABLE d.gone (a INT)"
        + DG
        + "CREATE VIEW d.v AS SELECT a FROM d.gone;"
    )
    new = "CREATE TABLE d.t (a INT);"
    planned, target, files = _plan(old, new)
    assert planned.sql == [] and planned.exit_code == 2
    assert [(s.kind, s.name) for s in planned.plan.skipped_drops] == [
        ("view", "c.d.v"),
        ("table", "c.d.gone"),
    ]
    planned = folder.plan_folder(target, files, allow_drops=True)
    assert planned.sql == ["DROP VIEW `c`.`d`.`v`", "DROP TABLE `c`.`d`.`gone`"]
    _applied_twice(target, files, allow_drops=True)


def test_its_impact_names_the_views_a_change_breaks(db: None) -> None:
    """A view of a catalog the folder does not hold reads a column the plan drops."""
    table = "CREATE TABLE d.t (a INT, b INT)" + DG
    reader = (
        "CREATE CATALOG c2 WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        "CREATE VIEW c2.d.v AS SELECT b FROM c.d.t;"
    )
    target = _environment(table + reader)
    files = folder.export_files(_environment(table), ["c"])
    files["c/d/tables/t.sql"] = b"CREATE TABLE c.d.t (a INT) WITH ('connector' = 'datagen');"
    planned = folder.plan_folder(target, files)
    assert planned.sql == [f"{T} DROP (`b`)"]
    assert planned.impact is not None
    assert [(str(i.view), i.mark) for i in planned.impact.impacts] == [("c2.d.v", "broken")]
    from catalogs.management.commands.catalog_folder import render_plan

    assert "-- Impact: 1 view would become broken." in render_plan(planned)


def test_a_model_is_dropped_only_when_drops_are_allowed(db: None) -> None:
    model = "CREATE MODEL d.m INPUT (x STRING) OUTPUT (y DOUBLE) WITH ('provider' = 'p');"
    planned, target, files = _plan(model, "")
    assert planned.sql == [] and planned.exit_code == 2
    assert [(s.kind, s.name) for s in planned.plan.skipped_drops] == [("model", "c.d.m")]
    planned = folder.plan_folder(target, files, allow_drops=True)
    assert planned.sql == ["DROP MODEL `c`.`d`.`m`"]
    _applied_twice(target, files, allow_drops=True)


def test_a_dropped_database_goes_after_its_content(db: None) -> None:
    old = (
        "CREATE DATABASE c.o; CREATE TABLE o.t (a INT)"
        + DG
        + "CREATE VIEW o.v AS SELECT a FROM o.t;"
    )
    planned, target, files = _plan(old, "", allow_drops=True)
    assert planned.sql == [
        "DROP VIEW `c`.`o`.`v`",
        "DROP TABLE `c`.`o`.`t`",
        "DROP DATABASE `c`.`o`",
    ]
    _applied_twice(target, files, allow_drops=True)


def test_a_new_catalog_without_its_default_database_is_created_without_it(db: None) -> None:
    target = create_environment("target")
    files = {
        "c/catalog.sql": CATALOG.split("\n")[0].encode(),
        "c/o/database.sql": b"CREATE DATABASE c.o;",
    }
    planned = folder.plan_folder(target, files)
    assert planned.sql[-1] == "DROP DATABASE `c`.`d`"
    assert (
        planned.plan.steps[-1].reason == "CREATE CATALOG creates it; the folder's catalog has none"
    )
    _applied_twice(target, files)


def test_a_niladic_alias_is_written_back_quoted_and_plans_no_change_where_it_came_from(
    db: None,
) -> None:
    # Flink stores SELECT LOCALTIME as LOCALTIME AS LOCALTIME and refuses that text; the folder
    # writes the alias back-quoted (tests/goldens/views_niladic_aliases.sql records Flink)
    source = _environment(
        "CREATE TABLE d.t (q TIME)" + DG + "CREATE VIEW d.v AS SELECT LOCALTIME, "
        "'AS LOCALTIME' AS s FROM d.t WHERE q < LOCALTIME;"
    )
    files = folder.export_files(source)
    assert files["c/d/views/v.sql"].decode() == (
        "CREATE VIEW `c`.`d`.`v` (`LOCALTIME`, `s`)\n"
        "AS SELECT LOCALTIME AS `LOCALTIME`, 'AS LOCALTIME' AS `s`\n"
        "FROM `c`.`d`.`t` AS `t`\n"
        "WHERE `t`.`q` < LOCALTIME;\n"
    )
    assert folder.plan_folder(source, files).exit_code == 0
    target = create_environment("niladic")
    _applied_twice(target, files)
    assert folder.export_files(target) == files


def test_only_a_select_items_niladic_alias_is_back_quoted() -> None:
    from catalogs.flinksql.snapshot_format import runnable_query

    assert runnable_query("SELECT LOCALTIME AS LOCALTIME, CURRENT_DATE AS CURRENT_DATE FROM t") == (
        "SELECT LOCALTIME AS `LOCALTIME`, CURRENT_DATE AS `CURRENT_DATE` FROM t"
    )
    assert runnable_query("SELECT (SELECT LOCALTIME AS LOCALTIME)\nFROM t") == (
        "SELECT (SELECT LOCALTIME AS `LOCALTIME`)\nFROM t"
    )
    kept = (
        "SELECT 'x AS LOCALTIME' AS `s`, `AS LOCALTIME`\nFROM t MATCH_RECOGNIZE (DEFINE A AS "
        "UNKNOWN, B AS LOCALTIMESTAMP IS NOT NULL OR CURRENT_DATE IS NULL)"
    )
    assert runnable_query(kept) == kept
