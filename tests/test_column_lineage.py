"""Column-level lineage: which table and view columns each view column derives from, and how;
stored by the executor with the view, answered by the pages and the API."""

from __future__ import annotations

import pytest
import sqlglot.errors
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.flinksql.dialect import DIALECT
from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.lineage import How, column_lineage, columns_read
from catalogs.models import ColumnLineage, Table
from catalogs.readers import column_readers

ENV = "_env_default"
SETUP = """
CREATE TABLE orders (id BIGINT, customer_id INT, price DECIMAL(10, 2), qty INT)
  WITH ('connector' = 'datagen');
CREATE TABLE customers (id INT, country STRING) WITH ('connector' = 'datagen');
CREATE VIEW revenue AS SELECT o.id, c.country, o.price * o.qty AS total
  FROM orders AS o JOIN customers AS c ON o.customer_id = c.id WHERE o.qty > 0;
CREATE VIEW by_country AS SELECT country, SUM(total) AS total FROM revenue GROUP BY country;
CREATE VIEW top_countries AS SELECT country AS name FROM by_country WHERE total > 10;
"""


def lineage_of(view: str) -> list[tuple[str, str, str, str]]:
    rows = ColumnLineage.objects.filter(view__name=view).order_by(
        "view_column", "object_name", "column_name"
    )
    return [(r.view_column, r.object_name, r.column_name, r.how) for r in rows]


@pytest.fixture
def ready(run) -> None:
    for result in run(SETUP):
        assert result.ok, result


def test_it_tells_a_copy_from_an_expression_and_a_condition() -> None:
    query = (
        "SELECT `o`.`id`, UPPER(`c`.`country`) AS `country` "
        "FROM `k`.`d`.`orders` AS `o` INNER JOIN `k`.`d`.`customers` AS `c` "
        "ON `o`.`customer_id` = `c`.`id` WHERE `o`.`qty` > 0"
    )
    found = [
        (s.column, s.source.name, s.source_column, s.how)
        for s in column_lineage(query, ["id", "country"])
    ]
    assert found == [
        ("", "customers", "id", How.CONDITION),
        ("", "orders", "customer_id", How.CONDITION),
        ("", "orders", "qty", How.CONDITION),
        ("country", "customers", "country", How.EXPRESSION),
        ("id", "orders", "id", How.COPY),
    ]


def test_it_follows_subqueries_ctes_and_set_operations_by_position() -> None:
    query = (
        "WITH `t` (`a`) AS (SELECT `x`.`v` FROM `k`.`d`.`x` AS `x`) "
        "SELECT `s`.`n` FROM (SELECT `t`.`a` AS `n` FROM `t` AS `t`) AS `s` "
        "UNION ALL SELECT `y`.`w` + 1 FROM `k`.`d`.`y` AS `y`"
    )
    found = [
        (s.column, s.source.name, s.source_column, s.how) for s in column_lineage(query, ["m"])
    ]
    assert found == [("m", "x", "v", How.COPY), ("m", "y", "w", How.EXPRESSION)]


def test_it_stores_the_lineage_of_every_view_it_creates(ready) -> None:
    # qty is read by the filter too, but a column a view column derives from is not listed
    # again as read in a condition
    assert lineage_of("revenue") == [
        ("", "customers", "id", "condition"),
        ("", "orders", "customer_id", "condition"),
        ("country", "customers", "country", "copy"),
        ("id", "orders", "id", "copy"),
        ("total", "orders", "price", "expression"),
        ("total", "orders", "qty", "expression"),
    ]
    assert lineage_of("top_countries") == [
        ("", "by_country", "total", "condition"),
        ("name", "by_country", "country", "copy"),
    ]


def test_it_replaces_the_lineage_with_the_definition(ready, run) -> None:
    (result,) = run("ALTER VIEW top_countries AS SELECT UPPER(country) AS name FROM revenue")
    assert result.ok, result
    assert lineage_of("top_countries") == [("name", "revenue", "country", "expression")]
    (result,) = run("DROP VIEW top_countries")
    assert result.ok, result
    assert lineage_of("top_countries") == []


def test_it_stores_the_lineage_of_views_created_by_a_batch(run) -> None:
    results = run(
        "CREATE TABLE t (a INT, b INT) WITH ('connector' = 'datagen');\n"
        + "\n".join(f"CREATE VIEW v{i} AS SELECT a, b + {i} AS c FROM t;" for i in range(30))
    )
    assert all(r.ok for r in results)
    assert lineage_of("v7") == [("a", "t", "a", "copy"), ("c", "t", "b", "expression")]


def test_it_answers_what_reads_a_column_at_any_depth(ready, environment) -> None:
    orders = ObjectIdentifier(ENV, "default", "orders")
    readers, cut = column_readers(environment, orders, "price")
    assert not cut
    assert [(r.depth, r.view.name, r.view_column, r.how) for r in readers] == [
        (1, "revenue", "total", "expression"),
        (2, "by_country", "total", "expression"),
        (3, "top_countries", "", "condition"),
    ]


def test_what_reads_a_column_is_one_indexed_query_a_level(ready, environment) -> None:
    orders = ObjectIdentifier(ENV, "default", "orders")
    with CaptureQueriesContext(connection) as queries:
        column_readers(environment, orders, "id")
    # revenue.id derives from it; nothing reads revenue.id: two levels, two queries
    assert len(queries) == 2
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET enable_seqscan = off")
            cursor.execute("EXPLAIN " + queries[0]["sql"])
            plan = " ".join(row[0] for row in cursor.fetchall())
        # An index answers it (the planner may pick column_lineage_source or, with few rows,
        # another index of the table), never a scan of the whole table.
        assert "Index" in plan and "Seq Scan" not in plan, plan


def test_the_table_page_says_what_reads_each_column(ready, client) -> None:
    page = client.get(f"/env/default/catalogs/{ENV}/databases/default/tables/orders")
    text = page.content.decode()
    assert "read by 1 view<span" in text
    readers = client.get(
        f"/env/default/catalogs/{ENV}/databases/default/tables/orders/columns/price/readers"
    )
    text = readers.content.decode()
    assert "Read by 3 views, directly or through other views" in text
    assert f"<code>{ENV}.default.top_countries</code>" in text


def test_the_api_gives_column_edges_on_request(ready, client) -> None:
    url = f"/api/v1/environments/default/catalogs/{ENV}/databases/default/views/by_country/lineage"
    plain = client.get(url).json()
    assert "column_edges" not in plain
    answer = client.get(url + "?columns=1").json()
    revenue = next(n for n in answer["nodes"] if n["label"].endswith(".revenue"))
    assert revenue["columns"] == ["id", "country", "total"]
    edges = {
        (
            e["source"].split("\x1f")[-1],
            e["source_column"],
            e["target"].split("\x1f")[-1],
            e["target_column"],
            e["how"],
        )
        for e in answer["column_edges"]
    }
    assert ("revenue", "total", "by_country", "total", "expression") in edges
    assert ("orders", "price", "revenue", "total", "expression") in edges
    assert ("by_country", "total", "top_countries", "", "condition") in edges
    assert client.get(url + "?columns=2").status_code == 400


def test_the_migration_backfills_existing_views(ready) -> None:
    from importlib import import_module

    from django.apps import apps

    migration = import_module("catalogs.migrations.0010_column_lineage")
    before = lineage_of("revenue")
    ColumnLineage.objects.all().delete()
    migration.backfill(apps, None)
    assert lineage_of("revenue") == before
    assert Table.objects.filter(kind="VIEW").count() == 3


def _golden_views() -> list[tuple[str, list[str]]]:
    """Every view Flink showed in the golden scripts: its expanded query and column names."""
    import json
    import re
    from pathlib import Path

    found = []
    for path in sorted((Path(__file__).parent / "goldens").glob("*.json")):
        entries = json.loads(path.read_text())
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, dict) or not entry.get("ok"):
                continue
            if not entry.get("statement", "").upper().startswith("SHOW CREATE VIEW"):
                continue
            head, query = entry["rows"][0][0].split("\nAS ", 1)
            found.append((query, re.findall(r"^  `((?:[^`]|``)*)`", head, re.M)))
    return found


def test_every_golden_view_derives_from_columns_its_query_reads() -> None:
    views = _golden_views()
    assert len(views) > 300
    derived = 0
    unreadable = []
    for query, names in views:
        try:
            read = columns_read(query)
        except (sqlglot.errors.ParseError, ValidationError):
            # Text Flink stores that the dashboard cannot read yet (gaps of tests/goldens/
            # gaps.json: WITH ... (VALUES ...), what views_grammar_walk found, the JDBC
            # functions it refuses); any other is a failure.
            unreadable.append(query)
            continue
        for source in column_lineage(query, names):
            assert source.source_column in read[source.source], (query, source)
            assert source.column in ("", *names)
            derived += source.how != How.CONDITION
    assert derived > 1000
    assert all(any(gap in q for gap in UNREADABLE) for q in unreadable), unreadable


# What Flink stores that the dashboard does not read yet, each a gap of tests/goldens/gaps.json.
UNREADABLE = (
    "(VALUES ROW(",
    "DISALLOW PARTIAL",
    "WITHIN DISTINCT (",
    "USING `utf8`",
    "{fn TIMESTAMPADD(",
    "{fn CONVERT(",
)


def test_a_field_of_a_row_column_reads_that_column() -> None:
    query = "SELECT `t`.`r`.`f` AS `x` FROM `k`.`d`.`t` AS `t`"
    assert columns_read(query) == {ObjectIdentifier("k", "d", "t"): {"r"}}
    (source,) = column_lineage(query, ["x"])
    assert (source.source_column, source.how) == ("r", How.EXPRESSION)


# Flink's own text of two views of tests/goldens/views_match_recognize
MATCH_ONE_ROW = """SELECT `MR`.`symbol`, `MR`.`start_tstamp`, `MR`.`bot`
FROM `g`.`d`.`ticker` AS `ticker` MATCH_RECOGNIZE(
PARTITION BY `*`.`symbol`
ORDER BY `*`.`rowtime`
MEASURES FINAL `START_ROW`.`rowtime` AS `start_tstamp`, FINAL LAST(`DOWN`.`rowtime`, 0) AS `bot`
PATTERN (`START_ROW` `DOWN` +)
DEFINE `DOWN` AS PREV(`DOWN`.`price`, 0) < LAST(`START_ROW`.`price`, 0)) AS `MR`"""
MATCH_ALL_ROWS = """SELECT `EXPR$0`.`symbol`, `EXPR$0`.`rowtime`, `EXPR$0`.`note`, `EXPR$0`.`p`
FROM `g`.`d`.`ticker` AS `ticker` MATCH_RECOGNIZE(
PARTITION BY `*`.`symbol`
ORDER BY `*`.`rowtime`
MEASURES RUNNING (`A`.`price` + `A`.`tax`) AS `p`
ALL ROWS PER MATCH
PATTERN (`A` `B`)
DEFINE `A` AS PREV(`A`.`price`, 0) > 1) AS `EXPR$0`"""
TICKER = ObjectIdentifier("g", "d", "ticker")


def test_match_recognize_measures_derive_from_the_columns_they_read() -> None:
    names = ["symbol", "start_tstamp", "bot"]
    found = [
        (s.column, s.source.name, s.source_column, s.how)
        for s in column_lineage(MATCH_ONE_ROW, names)
    ]
    assert found == [
        ("", "ticker", "price", How.CONDITION),
        ("bot", "ticker", "rowtime", How.EXPRESSION),
        ("start_tstamp", "ticker", "rowtime", How.COPY),
        ("symbol", "ticker", "symbol", How.COPY),
    ]
    assert columns_read(MATCH_ONE_ROW) == {TICKER: {"symbol", "rowtime", "price"}}


def test_all_rows_per_match_passes_the_input_columns_through() -> None:
    names = ["symbol", "rowtime", "note", "p"]
    found = [(s.column, s.source_column, s.how) for s in column_lineage(MATCH_ALL_ROWS, names)]
    assert found == [
        ("note", "note", How.COPY),
        ("p", "price", How.EXPRESSION),
        ("p", "tax", How.EXPRESSION),
        ("rowtime", "rowtime", How.COPY),
        ("symbol", "symbol", How.COPY),
    ]
    # note is read only through the match's alias, as a column it passes through
    assert columns_read(MATCH_ALL_ROWS) == {TICKER: {"symbol", "rowtime", "note", "price", "tax"}}


def test_it_stores_the_lineage_of_a_match_recognize_view(run) -> None:
    results = run(
        "CREATE TABLE ticker (symbol STRING, price BIGINT, rowtime TIMESTAMP(3), "
        "WATERMARK FOR rowtime AS rowtime) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW falls AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol "
        "ORDER BY rowtime MEASURES LAST(B.price) - FIRST(A.price) AS drop_by "
        "PATTERN (A B+) DEFINE B AS B.price < A.price);"
    )
    assert all(r.ok for r in results), results
    assert lineage_of("falls") == [
        ("", "ticker", "rowtime", "condition"),
        ("drop_by", "ticker", "price", "expression"),
        ("symbol", "ticker", "symbol", "copy"),
    ]


# Flink's own text of two views of tests/goldens/views_unpivot: an unnamed UNPIVOT of a
# subquery (Calcite names it EXPR$0, which the text does not show) and a named one of a table
UNPIVOT_SUBQUERY = """SELECT `EXPR$0`.`order_id`, `EXPR$0`.`k`, `EXPR$0`.`v`
FROM (SELECT `o`.`order_id`, `o`.`qty`, `o`.`cust`
FROM `g`.`d`.`orders` AS `o`) AS `EXPR$1` UNPIVOT EXCLUDE NULLS (`v` FOR `k` IN (`qty`, `cust`))
WHERE `EXPR$0`.`k` = 'qty'"""
UNPIVOT_TABLE = """SELECT `u`.`order_id`, `u`.`product`, `u`.`k`, `u`.`v`
FROM `g`.`d`.`orders` AS `orders` UNPIVOT EXCLUDE NULLS (`v` FOR `k` IN (`qty`, `cust`)) AS `u`"""
ORDERS = ObjectIdentifier("g", "d", "orders")


@pytest.mark.parametrize("query", [UNPIVOT_SUBQUERY, UNPIVOT_TABLE])
def test_an_unpivot_measure_copies_every_column_its_entries_name(query: str) -> None:
    names = ["order_id", "product", "k", "v"] if "product" in query else ["order_id", "k", "v"]
    found = [(s.column, s.source_column, s.how) for s in column_lineage(query, names)]
    passed = [("product", "product", How.COPY)] if "product" in query else []
    # the axis k derives from no column: its values are the names (or literals)
    assert found == [
        ("order_id", "order_id", How.COPY),
        *passed,
        ("v", "cust", How.COPY),
        ("v", "qty", How.COPY),
    ]
    read = {"order_id", "qty", "cust", *(["product"] if passed else [])}
    assert columns_read(query) == {ORDERS: read}


def test_it_stores_the_lineage_of_an_unpivot_view(run) -> None:
    results = run(
        "CREATE TABLE orders (order_id BIGINT, qty INT, cust INT, note STRING) "
        "WITH ('connector' = 'datagen');\n"
        "CREATE VIEW long_form AS SELECT * FROM orders UNPIVOT (v FOR k IN (qty, cust));"
    )
    assert all(r.ok for r in results), results
    assert lineage_of("long_form") == [
        ("note", "orders", "note", "copy"),
        ("order_id", "orders", "order_id", "copy"),
        ("v", "orders", "cust", "copy"),
        ("v", "orders", "qty", "copy"),
    ]


def test_a_using_joins_column_inside_an_expression_is_read_through_flinks_text() -> None:
    # Flink stores GROUP BY COALESCE(...) AS `id`, which is no SQL; lineage still reads it
    text = (
        "SELECT COALESCE(`o`.`id`, `c`.`id`) AS `id`, COUNT(*) AS `n`\n"
        "FROM `e`.`d`.`orders` AS `o`\nINNER JOIN `e`.`d`.`customers` AS `c` USING (`id`)\n"
        "GROUP BY COALESCE(`o`.`id`, `c`.`id`) AS `id`"
    )
    with pytest.raises(sqlglot.errors.ParseError):
        DIALECT.parse(text)
    read = columns_read(text)
    assert read == {
        ObjectIdentifier("e", "d", "orders"): {"id"},
        ObjectIdentifier("e", "d", "customers"): {"id"},
    }
