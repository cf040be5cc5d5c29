"""Read statements Flink answers from a catalog's own code: refused with the reason where the
dashboard cannot know the answer. What Flink answers is in tests/goldens/reads.sql."""

from __future__ import annotations

import pytest

from tests.conftest import RunScript

pytestmark = pytest.mark.django_db

HIVE = (
    "CREATE CATALOG hv WITH ('type' = 'hive', 'hive-conf-dir' = '/etc/hive');"
    "CREATE TABLE hv.`default`.p (a STRING, b INT) PARTITIONED BY (b) WITH ('connector' = 'x')"
)


def test_it_refuses_procedures_and_partitions_only_a_catalogs_code_knows(run: RunScript) -> None:
    assert all(r.ok for r in run(HIVE))
    procedures, partitions = run(
        "SHOW PROCEDURES FROM hv.`default`; SHOW PARTITIONS hv.`default`.p"
    )
    assert procedures.error == (
        "SHOW PROCEDURES is not answered here: the procedures of a hive catalog such as 'hv' "
        "come from its implementation, which only Flink with that catalog's jar can list; the "
        "dashboard stores none."
    )
    assert partitions.error == (
        "SHOW PARTITIONS is not answered here: the partitions of a table of a hive catalog are "
        "created by writing data, which the dashboard does not see; it stores definitions only."
    )


def test_it_refuses_statements_it_does_not_run_with_a_true_reason(run: RunScript) -> None:
    created, inserted = run(
        "CREATE MATERIALIZED TABLE mt FRESHNESS = INTERVAL '1' MINUTE AS SELECT 1 AS a;"
        "INSERT INTO t SELECT 1"
    )
    assert created.error.startswith(
        "CREATE MATERIALIZED TABLE statements are not run here: the dashboard does not keep "
        "materialized tables"
    )
    assert inserted.error == (
        "INSERT statements are not run here: the dashboard keeps catalog definitions "
        "(catalogs, databases, tables, views, functions and models) and answers the statements "
        "that read them; it runs no queries or jobs and keeps no data or session settings."
    )


def test_module_statements_are_session_settings_it_does_not_keep(run: RunScript) -> None:
    """LOAD, UNLOAD and USE MODULES change the built-in functions a session resolves (what
    Flink's SQL client test module.q runs: goldens/workload_sql_client_module.sql); SHOW
    MODULES answers the one module every session has."""
    used, loaded, modules, database = run(
        "USE MODULES core, hive; LOAD MODULE hive; SHOW MODULES; USE `modules`"
    )
    reason = (
        "statements are not run here: the dashboard keeps catalog definitions (catalogs, "
        "databases, tables, views, functions and models) and answers the statements that read "
        "them; it runs no queries or jobs and keeps no data or session settings."
    )
    assert used.error == f"USE MODULES {reason}"
    assert loaded.error == f"LOAD MODULE {reason}"
    assert modules.rows == [["core"]]
    # a database named modules is still used as one
    assert database.error.startswith("A database with name [modules] does not exist")
