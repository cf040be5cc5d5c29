"""Constructs of Flink's query grammar that sqlglot does not read
(catalogs/flinksql/more_syntax.py), in views: written back as Flink stores them, and read back
from that stored text to the same text. tests/goldens/views_grammar_walk.sql holds Flink's own
answers for the first of each; these cases are the spellings no golden records."""

from __future__ import annotations

import re

import pytest

from catalogs.models import Table
from tests.conftest import RunScript
from tests.state import dump

SETUP = """
CREATE TABLE t (id BIGINT NOT NULL, name STRING, qty INT, ts TIMESTAMP(3))
  WITH ('connector' = 'datagen');
"""


@pytest.fixture
def ready(run: RunScript) -> None:
    for result in run(SETUP):
        assert result.ok, result


def _stored(run: RunScript, query: str) -> str:
    (result,) = run(f"CREATE VIEW v1 AS {query}")
    assert result.ok, result.error
    stored = Table.objects.get(name="v1").expanded_query
    (again,) = run(f"CREATE VIEW v2 AS {stored}")
    assert again.ok, again.error
    assert Table.objects.get(name="v2").expanded_query == stored
    return stored


def _described(run: RunScript) -> list[tuple[str, str, bool]]:
    (described,) = run("DESCRIBE v1")
    return [(row[0], row[1], row[2]) for row in described.rows]


FROM_T = "FROM `_env_default`.`default`.`t` AS `t`"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "SELECT ALL name FROM t WHERE qty IN (SELECT ALL qty FROM t)",
            "SELECT ALL `t`.`name`\n"
            + FROM_T
            + "\nWHERE `t`.`qty` IN (SELECT ALL `t`.`qty`\n"
            + FROM_T
            + ")",
        ),
        (
            "SELECT SUM(qty) OVER (ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW "
            "DISALLOW PARTIAL) AS s FROM t",
            "SELECT SUM(`t`.`qty`) OVER (ORDER BY `t`.`ts` ROWS BETWEEN 2 PRECEDING AND "
            "CURRENT ROW DISALLOW PARTIAL) AS `s`\n" + FROM_T,
        ),
        (
            "SELECT SUM(qty) OVER (ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW "
            "ALLOW PARTIAL) AS s FROM t",
            "SELECT SUM(`t`.`qty`) OVER (ORDER BY `t`.`ts` ROWS BETWEEN 2 PRECEDING AND "
            "CURRENT ROW) AS `s`\n" + FROM_T,
        ),
        (
            "SELECT {fn MOD(qty, 2)} AS m, {fn LCASE(name)} AS l FROM t",
            "SELECT {fn MOD(`t`.`qty`, 2) } AS `m`, {fn LCASE(`t`.`name`) } AS `l`\n" + FROM_T,
        ),
        (
            "SELECT COUNT(qty) WITHIN DISTINCT (id, name) AS c, SUM(qty) AS s FROM t",
            "SELECT COUNT(`t`.`qty`) WITHIN DISTINCT (`t`.`id`, `t`.`name`) AS `c`, "
            "SUM(`t`.`qty`) AS `s`\n" + FROM_T,
        ),
        (
            "SELECT CONVERT(name USING `UTF-16`) AS a, TRANSLATE(UPPER(name) USING latin1) AS b "
            "FROM t",
            "SELECT TRANSLATE(`t`.`name` USING `UTF-16`) AS `a`, "
            "TRANSLATE(UPPER(`t`.`name`) USING `latin1`) AS `b`\n" + FROM_T,
        ),
        (
            "SELECT name, COUNT(*) AS n FROM t GROUP BY DISTINCT ROLLUP(name, qty), name",
            "SELECT `t`.`name`, COUNT(*) AS `n`\n" + FROM_T + "\n"
            "GROUP BY DISTINCT ROLLUP(`t`.`name`, `t`.`qty`), `t`.`name`",
        ),
        (
            "SELECT t.id FROM t TABLESAMPLE BERNOULLI(12.5) REPEATABLE(3) JOIN t AS t2 "
            "TABLESAMPLE SYSTEM(100) ON t.id = t2.id",
            "SELECT `t`.`id`\n" + FROM_T + " TABLESAMPLE BERNOULLI(12.500) REPEATABLE(3)\n"
            "INNER JOIN `_env_default`.`default`.`t` AS `t2` TABLESAMPLE SYSTEM(100) "
            "ON `t`.`id` = `t2`.`id`",
        ),
        (
            "WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) "
            "SELECT n FROM r",
            "WITH RECURSIVE `r` (`n`) AS (SELECT 1\nUNION ALL\nSELECT `r`.`n` + 1\n"
            "FROM `r` AS `r`\nWHERE `r`.`n` < 3) SELECT `r`.`n`\nFROM `r` AS `r`",
        ),
        (
            "SELECT /*+ SHUFFLE_HASH(t), STATE_TTL('t' = '1d') */ ALL name FROM t",
            "SELECT\n/*+ `SHUFFLE_HASH`(`t`), `STATE_TTL`('t' = '1d') */\nALL `t`.`name`\n"
            + FROM_T,
        ),
        (
            "SELECT {t '03:04:05'} AS a FROM t",
            "SELECT TIME '03:04:05' AS `a`\n" + FROM_T,
        ),
        (
            "SELECT E'it\\'s' AS a, e'\\x41\\n' AS b FROM t",
            "SELECT _UTF16'it''s' AS `a`, _UTF16'A\n' AS `b`\n" + FROM_T,
        ),
    ],
)
def test_it_writes_a_construct_as_flink_stores_it_and_reads_that_back(
    ready: None, run: RunScript, query: str, expected: str
) -> None:
    assert _stored(run, query) == expected


def test_it_types_the_jdbc_escapes_as_what_they_stand_for(ready: None, run: RunScript) -> None:
    _stored(run, "SELECT {fn UCASE(name)} AS u, {fn MOD(qty, 2)} AS m, {t '03:04:05'} AS c FROM t")
    assert _described(run) == [("u", "STRING", True), ("m", "INT", True), ("c", "TIME(0)", False)]


def test_it_types_the_query_constructors_by_their_querys_columns(
    ready: None, run: RunScript
) -> None:
    stored = _stored(
        run,
        "SELECT ARRAY(SELECT id FROM t) AS a, MAP(SELECT name, ts FROM t) AS m, "
        "ARRAY((SELECT qty FROM t WHERE qty > 0)) AS q FROM t",
    )
    inner = FROM_T
    assert stored == (
        f"SELECT ARRAY ((SELECT `t`.`id`\n{inner})) AS `a`, "
        f"MAP ((SELECT `t`.`name`, `t`.`ts`\n{inner})) AS `m`, "
        f"ARRAY ((SELECT `t`.`qty`\n{inner}\nWHERE `t`.`qty` > 0)) AS `q`\n" + FROM_T
    )
    assert _described(run) == [
        ("a", "ARRAY<BIGINT NOT NULL>", False),
        ("m", "MAP<STRING, TIMESTAMP(3)>", False),
        ("q", "ARRAY<INT>", False),
    ]


def test_it_refuses_a_jdbc_function_it_cannot_read(ready: None, run: RunScript) -> None:
    before = dump()
    (result,) = run("CREATE VIEW v1 AS SELECT {fn TIMESTAMPADD(SQL_TSI_DAY, 1, ts)} AS d FROM t")
    assert not result.ok
    assert result.error == (
        "The dashboard cannot read the JDBC function {fn TIMESTAMPADD} yet; "
        "call the function it stands for instead."
    )
    assert dump() == before


@pytest.mark.parametrize(
    ("query", "message"),
    [
        # Flink's words for the first of each are recorded in goldens/views_grammar_walk.json
        ("SELECT NEW point(1, 2) AS p FROM t", "Unknown datatype name 'point'"),
        # a Babel aggregate's keyword, as Calcite names a reserved word written in lower case
        (
            "SELECT\n  string_agg(name, ',') AS s FROM t",
            'SQL parse failed. Encountered "string_agg" at line 2, column 3.',
        ),
        (
            "SELECT id FROM t TABLESAMPLE BERNOULLI(100.5)",
            "TABLESAMPLE percentage must be between 0 and 100, inclusive",
        ),
        (
            "SELECT id FROM t WHERE NOT name ILIKE 'a%'",
            "No match found for function signature ILIKE",
        ),
        (
            "SELECT name, SUM(qty) AS s FROM t GROUP BY name "
            "QUALIFY ROW_NUMBER() OVER (ORDER BY SUM(qty)) = 1",
            "The dashboard cannot take QUALIFY in a grouped query: Flink fails on it with an "
            "internal error (LogicalAggregate cannot be cast to LogicalProject)",
        ),
    ],
)
def test_it_refuses_what_flink_refuses_storing_nothing(
    ready: None, run: RunScript, query: str, message: str
) -> None:
    before = dump()
    (result,) = run(f"CREATE VIEW v1 AS {query}")
    assert not result.ok
    # the range Flink puts before a call's refusal (positions_oracle.json holds it to that)
    assert re.sub(r"^From line \d+, column \d+ to line \d+, column \d+: ", "", result.error) == (
        message
    )
    assert dump() == before


def test_a_computed_column_takes_a_c_style_string(run: RunScript) -> None:
    # the statement parser's tokens: a literal's tab or space splits no word (tokens.py)
    (result,) = run(
        "CREATE TABLE c (id BIGINT, e AS E'a\\tb', u AS U&'a b') WITH ('connector' = 'datagen')"
    )
    assert result.ok, result.error
    (shown,) = run("SHOW CREATE TABLE c")
    assert "`e` AS _UTF16'a\tb',\n  `u` AS _UTF16'a b'\n" in shown.rows[0][0]


@pytest.mark.parametrize(
    ("expression", "kept"),
    [
        ("{fn UCASE(name)}", "{fn UCASE(`name`) }"),
        ("TRANSLATE(name USING utf8)", "TRANSLATE(`name` USING `utf8`)"),
        ("CONVERT(name USING utf8)", "TRANSLATE(`name` USING `utf8`)"),
        ("INITCAP(name)", "INITCAP(`name`)"),
    ],
)
def test_a_computed_column_takes_what_a_views_select_item_takes(
    run: RunScript, expression: str, kept: str
) -> None:
    """As Flink (golden tables_generated_classes, f3): a column's expression is read again
    from its text as a select item, so the forms only the view reader knew are taken too."""
    (result,) = run(
        f"CREATE TABLE c (id BIGINT, name STRING, x AS {expression}) WITH ('connector' = 'datagen')"
    )
    assert result.ok, result.error
    (shown,) = run("SHOW CREATE TABLE c")
    assert f"  `x` AS {kept}\n)" in shown.rows[0][0]


def test_a_computed_column_refuses_an_aggregate_within_distinct(run: RunScript) -> None:
    before = dump()
    (result,) = run(
        "CREATE TABLE c (id BIGINT, name STRING, x AS SUM(id) WITHIN DISTINCT (name)) "
        "WITH ('connector' = 'datagen')"
    )
    assert not result.ok
    assert result.error == "Invalid SQL expression: SUM(`id`) WITHIN DISTINCT (`name`)"
    assert dump() == before
