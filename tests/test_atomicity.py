"""A failing statement leaves the database exactly as it was, for every kind of statement."""

from __future__ import annotations

import pytest

from catalogs.executor import Executor, Session
from environments.models import Environment
from tests.state import dump

SETUP = """
CREATE CATALOG shop WITH ('type' = 'generic_in_memory', 'default-database' = 'sales');
CREATE CATALOG pg WITH ('type' = 'jdbc', 'default-database' = 'public',
  'base-url' = 'jdbc:postgresql://db:5432', 'username' = 'u', 'password' = 'p');
USE CATALOG shop;
CREATE DATABASE ops COMMENT 'operations';
CREATE TABLE orders (
  id BIGINT,
  ms BIGINT,
  price DECIMAL(10, 2),
  ts AS TO_TIMESTAMP_LTZ(ms, 3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('connector' = 'kafka', 'topic' = 'orders');
CREATE TABLE ops.audit (a INT);
CREATE TABLE customers (id BIGINT, name STRING);
CREATE FUNCTION parse_ua AS 'com.example.ParseUserAgent';
"""

FAILURES = [
    "CREATE CATALOG shop WITH ('type' = 'generic_in_memory')",
    "CREATE CATALOG bad WITH ('type' = 'generic_in_memory', 'nope' = 'x')",
    "ALTER CATALOG shop SET ('nope' = 'x')",
    "ALTER CATALOG shop RESET ('type')",
    "DROP CATALOG shop",
    "DROP CATALOG _env_default",
    "CREATE DATABASE ops",
    "CREATE DATABASE pg.newdb",
    "ALTER DATABASE missing SET ('a' = 'b')",
    "DROP DATABASE ops",
    "DROP DATABASE sales",
    "CREATE TABLE orders (a INT)",
    "CREATE TABLE t (a INT, PRIMARY KEY (zz) NOT ENFORCED)",
    "CREATE TABLE t (a INT, b AS nope + 1)",
    "CREATE TABLE pg.`public`.t (a INT)",
    "ALTER TABLE orders ADD id INT",
    "ALTER TABLE orders ADD (x INT, y INT AFTER nope)",
    "ALTER TABLE orders MODIFY ts AS ms",
    "ALTER TABLE orders DROP ms",
    "ALTER TABLE orders RENAME ms TO m2",
    "ALTER TABLE orders RESET ('connector')",
    "ALTER TABLE orders RENAME TO customers",
    "ALTER TABLE missing SET ('a' = 'b')",
    "DROP TABLE missing",
    "CREATE FUNCTION parse_ua AS 'x.Y'",
    "CREATE FUNCTION f AS 'x.Y' LANGUAGE PYTHON USING JAR '/a.jar'",
    "ALTER FUNCTION missing AS 'x.Y'",
    "DROP FUNCTION missing",
    "USE CATALOG missing",
    "SELECT * FROM orders",
    "CREATE TABLE (",
]


@pytest.fixture
def executor(db) -> Executor:
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    for result in executor.execute_script(SETUP):
        assert result.ok, result
    return executor


@pytest.mark.parametrize("statement", FAILURES)
def test_it_leaves_the_database_unchanged_after_a_failure(executor, statement) -> None:
    before = dump()
    session_before = (executor.session.current_catalog, executor.session.current_database)
    result = executor.execute(statement)
    assert not result.ok
    assert result.error
    assert dump() == before
    assert (executor.session.current_catalog, executor.session.current_database) == session_before


def test_it_rejects_writes_into_a_jdbc_catalog_saying_it_is_read_only(executor) -> None:
    result = executor.execute("CREATE TABLE pg.`public`.t (a INT)")
    assert result.error == (
        "Catalog 'pg' is a jdbc catalog, which is read-only: Flink's JDBC catalog implements "
        "only reading, so it cannot store this change."
    )


def test_it_stores_hive_names_in_lower_case(executor) -> None:
    script = (
        "CREATE CATALOG hv WITH ('type' = 'hive', 'hive-conf-dir' = '/etc/hive');"
        "CREATE DATABASE hv.Sales;"
        "CREATE TABLE hv.sales.Orders (Id INT);"
        "SHOW TABLES FROM hv.SALES"
    )
    results = executor.execute_script(script)
    assert [r.ok for r in results] == [True, True, True, True]
    assert results[-1].rows == [["orders"]]


def test_it_refuses_data_statements_with_a_clear_message(executor) -> None:
    result = executor.execute("INSERT INTO orders SELECT * FROM orders")
    assert result.error == (
        "INSERT statements are not run here: the dashboard keeps catalog definitions "
        "(catalogs, databases, tables, views, functions and models) and answers the statements "
        "that read them; it runs no queries or jobs and keeps no data or session settings."
    )


def test_it_undoes_a_whole_script_at_its_first_failure_when_asked(executor) -> None:
    before = dump()
    results = executor.execute_script(
        "CREATE TABLE fresh (a INT); USE CATALOG pg; CREATE TABLE orders (a INT); "
        "CREATE TABLE never_run (a INT)",
        all_or_nothing=True,
    )
    assert [r.ok for r in results] == [True, True, False]
    assert dump() == before
    assert executor.session.current_catalog == "shop"


def test_it_refuses_functions_in_a_kafka_catalog(executor) -> None:
    executor.execute("CREATE CATALOG kc WITH ('type' = 'kafka')")
    before = dump()
    result = executor.execute("CREATE FUNCTION kc.`default`.f AS 'com.example.F'")
    assert result.error == (
        "CREATE FUNCTION is not supported on Kafka catalog 'kc': create the function in the "
        "environment catalog."
    )
    assert dump() == before
