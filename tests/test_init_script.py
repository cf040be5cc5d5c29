"""Init scripts for ``sql-client.sh -i init.sql``: dependency order, and they re-create the
catalog both in the dashboard and in a fresh real Flink session."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from catalogs import deployment_files, snapshots
from catalogs.executor import Executor, Session
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.secrets import fill_placeholders, placeholder_variables
from catalogs.models import Catalog
from environments.models import Environment
from environments.services import create_environment
from tests.snapshot_catalogs import generated_script, require_flink

VIEWS = """
CREATE CATALOG c COMMENT 'team ''a''' WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
CREATE DATABASE c.e COMMENT 'second';
CREATE TABLE c.d.t (id BIGINT NOT NULL, name STRING, ms BIGINT, ts AS TO_TIMESTAMP_LTZ(ms, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND, PRIMARY KEY (id) NOT ENFORCED)
  WITH ('connector' = 'datagen');
CREATE TABLE c.d.k (id INT) WITH ('connector' = 'kafka', 'password' = 'p');
CREATE FUNCTION c.d.f AS 'com.example.F' LANGUAGE JAVA;
CREATE VIEW c.e.z_base AS SELECT id, name, ts FROM c.d.t;
CREATE VIEW c.d.a_top AS SELECT name, COUNT(*) AS n FROM c.e.z_base GROUP BY name;
"""

FIXED = {"snapshot_id": "init", "created_at": 0}


def assert_in_order(script: str, *texts: str) -> None:
    """Every one of ``texts`` is in ``script``, in this order."""
    positions = [script.index(text) for text in texts]
    assert positions == sorted(positions)


def run(environment: Environment, script: str) -> None:
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [(r.statement, r.error) for r in results if not r.ok]


def test_it_creates_everything_in_dependency_order(environment: Environment) -> None:
    run(environment, VIEWS)
    script = deployment_files.init_script(environment, ["c"])
    assert_in_order(
        script,
        "CREATE CATALOG `c`",
        "CREATE DATABASE IF NOT EXISTS `c`.`d`",
        "CREATE DATABASE IF NOT EXISTS `c`.`e`",
        "CREATE TABLE `c`.`d`.`t`",
        "CREATE FUNCTION `c`.`d`.`f`",
        "CREATE VIEW `c`.`e`.`z_base`",
        "CREATE VIEW `c`.`d`.`a_top`",
    )
    assert "COMMENT 'team ''a'''" in script
    assert "'password' = '${C_D_K_PASSWORD}'" in script
    assert "--   ${C_D_K_PASSWORD}" in script


def test_running_it_re_creates_the_catalog(environment: Environment) -> None:
    run(environment, generated_script("gen", 20, 8) + VIEWS)
    for name in ("gen", "c"):
        script = deployment_files.init_script(environment, [name])
        # a deployment fills each ${VARIABLE} of a secret with its value before running it
        variables = placeholder_variables([script])
        script = fill_placeholders(script, {v: f"value of {v}" for v in variables})
        target = create_environment(f"fresh-{name}")
        run(target, script)
        original, _ = snapshots.export_bytes(
            Catalog.objects.get(environment=environment, name=name), **FIXED
        )
        again, _ = snapshots.export_bytes(
            Catalog.objects.get(environment=target, name=name), **FIXED
        )
        assert again == original


def test_the_command_prints_it(environment: Environment) -> None:
    call_command("load_demo", stdout=io.StringIO())
    out = io.StringIO()
    call_command("init_script", "--environment", "default", "--catalog", "shop", stdout=out)
    assert out.getvalue() == deployment_files.init_script(environment, ["shop"])


def test_it_puts_views_after_the_tables_of_every_catalog_they_read(
    environment: Environment,
) -> None:
    """A view may read another catalog's table: with both catalogs in one script, every table
    comes first, then the views, each after what it reads."""
    run(
        environment,
        """
        CREATE CATALOG a WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
        CREATE CATALOG b WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
        CREATE TABLE a.d.t (id INT) WITH ('connector' = 'datagen');
        CREATE TABLE b.d.u (id INT) WITH ('connector' = 'datagen');
        CREATE VIEW a.d.reads_b AS SELECT id FROM b.d.u;
        CREATE VIEW b.d.reads_a AS SELECT id FROM a.d.reads_b;
        """,
    )
    script = deployment_files.init_script(environment, ["a", "b"])
    assert_in_order(
        script,
        "CREATE TABLE `a`.`d`.`t`",
        "CREATE TABLE `b`.`d`.`u`",
        "-- the views of every catalog, each after what it reads",
        "CREATE VIEW `a`.`d`.`reads_b`",
        "CREATE VIEW `b`.`d`.`reads_a`",
    )
    target = create_environment("fresh")
    run(target, script)
    assert Catalog.objects.filter(environment=target, name__in=["a", "b"]).count() == 2


@pytest.mark.flink
def test_it_re_creates_the_catalog_in_a_fresh_flink_session(environment: Environment) -> None:
    """SHOW CREATE and DESCRIBE in Flink after the script equal the dashboard's answers after
    the same statements, views included (whose columns Flink derives itself)."""
    require_flink()
    from catalogs.flink_verify.checks import check_objects
    from catalogs.flink_verify.verify import run_init_script

    run(environment, VIEWS)
    buffer = io.StringIO()
    snapshots.write_snapshot(buffer, Catalog.objects.get(name="c"), **FIXED)
    ran = run_init_script([sf.parse_snapshot(buffer.getvalue())])
    checks = ran.checks + check_objects(ran.env, ran.created, "init script", derived_views=True)
    assert [c for c in checks if c.status != "ok"] == []
    # each of two tables and two views is created; SHOW CREATE and DESCRIBE of each
    assert len(checks) == 12
