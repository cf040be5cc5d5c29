"""Whatever text arrives, the executor answers with a result or a clear error, never a crash,
and a failed statement leaves the catalog as it was."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalogs.executor import Executor, Session
from catalogs.models import Table
from environments.models import Environment
from tests.state import dump
from tests.test_atomicity import SETUP

STATEMENTS = [
    "CREATE TABLE t (a INT, b STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('k' = 'v')",
    "CREATE VIEW v AS SELECT a, COUNT(*) FROM orders GROUP BY a",
    "ALTER TABLE orders ADD (x INT FIRST, y AS id + 1)",
    "CREATE FUNCTION f AS 'com.example.F' LANGUAGE JAVA USING JAR '/a.jar'",
    "SHOW CREATE TABLE orders",
    "DROP DATABASE IF EXISTS ops CASCADE",
    "CREATE CATALOG c COMMENT 'x' WITH ('type' = 'generic_in_memory')",
    "SELECT o.id, SUM(o.price) FROM orders AS o JOIN customers c ON o.id = c.id GROUP BY o.id",
]
TOKENS = [
    "CREATE", "TABLE", "VIEW", "ALTER", "DROP", "SELECT", "FROM", "WHERE", "AS", "(", ")", ",",
    "'", "`", "--", "/*", ";", "=", "INT", "STRING", "ROW<", ">", "ARRAY<", "NOT", "NULL",
    "PRIMARY KEY", "WATERMARK FOR", "INTERVAL", "'5'", "SECOND", "orders", "t", "`a``b`",
    "\x00", "ünïcødé", "1e999", "99999999999999999999", "CAST(", "OVER", "TUMBLE(", "*",
]  # fmt: skip

words = st.sampled_from(TOKENS)
random_statement = st.lists(words, min_size=1, max_size=25).map(" ".join)
mutated = st.tuples(st.sampled_from(STATEMENTS), st.integers(0, 200), st.integers(0, 200)).map(
    lambda t: t[0][: t[1]] + t[0][t[2] :]
)
huge_identifier = st.integers(1, 5000).map(lambda n: f"CREATE TABLE `{'x' * n}` (a INT)")
deep_nesting = st.integers(1, 400).map(
    lambda n: "CREATE TABLE t (a INT, b AS " + "(" * n + "a" + ")" * n + ")"
)
noise = st.text(max_size=300)
statements = st.one_of(random_statement, mutated, huge_identifier, deep_nesting, noise)


@pytest.fixture
def prepared(db):
    environment = Environment.objects.get(name="default")
    executor = Executor(Session.start(environment))
    for result in executor.execute_script(SETUP):
        assert result.ok, result
    return environment


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=statements)
def test_it_answers_every_input_without_crashing_or_half_applying(prepared, text) -> None:
    executor = Executor(Session.start(prepared, "shop", "sales"))
    before = dump()
    for result in executor.execute_script(text):
        assert isinstance(result.ok, bool)
        if not result.ok:
            assert result.error and result.code != "internal", result
            assert dump() == before
        before = dump()


def test_it_answers_a_very_long_script(prepared) -> None:
    script = ";\n".join(f"CREATE TABLE t{i} (a INT)" for i in range(300))
    results = Executor(Session.start(prepared, "shop", "sales")).execute_script(script)
    assert len(results) == 300 and all(r.ok for r in results)


def test_it_refuses_absurd_nesting_with_a_clear_message(prepared) -> None:
    deep = "CREATE TABLE t (a INT, b AS " + "(" * 300 + "a" + ")" * 300 + ")"
    result = Executor(Session.start(prepared)).execute(deep)
    assert result.error == (
        "SQL parse failed. The statement nests parentheses, brackets or angle brackets 301 "
        "levels deep; the dashboard accepts at most 100."
    )


@pytest.mark.parametrize(
    "statement",
    [
        "CREATE TABLE `{long}` (a INT)",
        "CREATE TABLE t_long ({long} INT)",
        "CREATE DATABASE {long}",
        "CREATE VIEW v_long AS SELECT 1 AS `{long}`",
        "CREATE FUNCTION {long} AS 'com.example.F'",
    ],
)
def test_it_refuses_a_name_longer_than_the_catalog_stores_on_every_database(
    prepared, statement: str
) -> None:
    """PostgreSQL would refuse such a name on writing it, SQLite would store it: both refuse it
    first, naming it, and nothing changes."""
    before = dump()
    result = Executor(Session.start(prepared)).execute(statement.format(long="x" * 256))
    assert result.error == (
        f"The name `{'x' * 40}…` is 256 characters long; the catalog stores names of at most "
        "255 characters."
    )
    assert dump() == before


def test_a_name_of_255_characters_is_stored(prepared) -> None:
    name = "y" * 255
    result = Executor(Session.start(prepared)).execute(f"CREATE TABLE {name} (a INT)")
    assert result.ok, result.error


def test_the_bulk_path_blames_the_statement_with_the_long_name(prepared) -> None:
    before = dump()
    results = Executor(Session.start(prepared)).execute_bulk(
        ["CREATE TABLE b1 (a INT)", f"CREATE TABLE b2 ({'z' * 300} INT)", "CREATE TABLE b3 (a INT)"]
    )
    assert [r.ok for r in results] == [True, False]
    assert results[1].statement.startswith("CREATE TABLE b2")
    assert "is 300 characters long" in (results[1].error or "")
    assert dump() == before


@pytest.mark.parametrize(
    ("statement", "error"),
    [
        (
            "CREATE VIEW v AS SELECT 1 AS a; DROP TABLE orders",
            'SQL parse failed. Encountered ";" at line 1, column 31.',
        ),
        (
            "CREATE VIEW v AS SELECT 1 AS a;\nDROP TABLE orders",
            'SQL parse failed. Encountered ";" at line 1, column 31.',
        ),
        (
            "ALTER VIEW v0 AS SELECT 2 AS b; DROP TABLE orders",
            'SQL parse failed. Encountered ";" at line 1, column 31.',
        ),
        (
            "CREATE TABLE t (a INT, b AS a; DROP TABLE orders) WITH ('connector' = 'datagen')",
            'SQL parse failed. Encountered ";" at line 1, column 30.',
        ),
        (
            "CREATE TABLE t (a INT) WITH ('connector' = 'datagen'); DROP TABLE orders;",
            'SQL parse failed. Encountered ";" at line 1, column 54.',
        ),
    ],
)
def test_it_refuses_a_statement_followed_by_another_statement(
    prepared, statement: str, error: str
) -> None:
    executor = Executor(Session.start(prepared, "shop", "sales"))
    assert executor.execute("CREATE VIEW v0 AS SELECT 1 AS a").ok
    before = dump()
    result = executor.execute(statement)
    assert (result.ok, result.error, result.code) == (False, error, "parse")
    assert dump() == before


@pytest.mark.parametrize(
    "query",
    [
        "SELECT 1 AS a LIMIT -1",
        "SELECT 1 AS a OFFSET -2 ROWS",
        "SELECT 1 AS a FETCH FIRST -3 ROWS ONLY",
        "SELECT * FROM (SELECT 1 AS a LIMIT -1)",
    ],
)
def test_it_refuses_a_negative_limit_as_flinks_parser_does(prepared, query: str) -> None:
    """Flink 2.3 refuses it while parsing; the dashboard answered "Internal error"."""
    before = dump()
    statement = f"CREATE VIEW v AS {query}"
    result = Executor(Session.start(prepared, "shop", "sales")).execute(statement)
    assert (result.error, result.code) == (
        f'SQL parse failed. Encountered "-" at line 1, column {statement.index("-") + 1}.',
        "parse",
    )
    assert dump() == before


@pytest.mark.parametrize(
    ("count", "image"),
    [("'a'", "\\'a\\'"), ("a", "a"), ("(1)", "("), ("+1", "+"), ("ALL", "ALL")],
)
def test_it_refuses_a_row_count_that_is_no_unsigned_number(
    prepared, count: str, image: str
) -> None:
    statement = f"CREATE VIEW v AS SELECT 1 AS a OFFSET {count} ROWS"
    result = Executor(Session.start(prepared, "shop", "sales")).execute(statement)
    assert result.error == f'SQL parse failed. Encountered "{image}" at line 1, column 39.'


@pytest.mark.parametrize(
    "clause",
    ["LIMIT ALL", "LIMIT 0", "OFFSET 2 ROWS", "FETCH FIRST 1 ROWS ONLY", "FETCH NEXT 3 ROW ONLY"],
)
def test_it_reads_the_row_counts_flink_reads(prepared, clause: str) -> None:
    executor = Executor(Session.start(prepared, "shop", "sales"))
    result = executor.execute(
        f"CREATE VIEW v AS SELECT id FROM orders ORDER BY id NULLS FIRST {clause}"
    )
    assert result.ok, result.error


def test_it_reads_one_final_semicolon_as_flink_does(prepared) -> None:
    executor = Executor(Session.start(prepared, "shop", "sales"))
    assert executor.execute("CREATE VIEW v AS SELECT 1 AS a;").ok
    assert Table.objects.get(name="v").original_query == "SELECT 1 AS a"
