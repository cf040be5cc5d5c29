"""The rules of views: Flink's, and the documented ones of the views seed where Flink is silent."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.models import Table
from catalogs.readers import readers_of
from tests.state import dump

SETUP = """
CREATE TABLE orders (id BIGINT, customer STRING, price DECIMAL(10, 2))
  WITH ('connector' = 'datagen');
CREATE TABLE customers (id BIGINT, name STRING);
CREATE VIEW large_orders AS SELECT id, price FROM orders WHERE price > 50;
"""

ENV = "_env_default"


@pytest.fixture
def ready(run) -> None:
    for result in run(SETUP):
        assert result.ok, result


def one(run, statement: str):
    (result,) = run(statement)
    return result


def show_create(run, name: str) -> str:
    result = one(run, f"SHOW CREATE VIEW {name}")
    assert result.ok, result
    return result.rows[0][0]


def test_it_keeps_an_existing_view_or_table_with_if_not_exists(ready, run) -> None:
    before = dump()
    assert one(run, "CREATE VIEW IF NOT EXISTS large_orders AS SELECT id FROM orders").ok
    assert one(run, "CREATE VIEW IF NOT EXISTS customers AS SELECT id FROM orders").ok
    assert dump() == before


def test_it_replaces_query_columns_and_comment_with_or_replace(ready, run) -> None:
    result = one(
        run,
        "CREATE OR REPLACE VIEW large_orders (order_id) COMMENT 'big ones' AS "
        "SELECT id FROM orders WHERE price > 100",
    )
    assert result.ok, result
    view = Table.objects.get(name="large_orders")
    assert view.comment == "big ones"
    assert view.original_query == "SELECT id FROM orders WHERE price > 100"
    assert list(view.columns.values_list("name", flat=True)) == ["order_id"]
    assert view.version == 2


def test_it_creates_a_missing_view_with_or_replace(ready, run) -> None:
    assert one(run, "CREATE OR REPLACE VIEW fresh AS SELECT id FROM orders").ok
    assert Table.objects.filter(name="fresh", kind=Table.Kind.VIEW).exists()


def test_it_refuses_or_replace_over_a_table(ready, run) -> None:
    before = dump()
    result = one(run, "CREATE OR REPLACE VIEW customers AS SELECT id FROM orders")
    assert result.error == f"Table (or view) default.customers already exists in Catalog {ENV}."
    assert dump() == before


def test_it_rejects_or_replace_with_if_not_exists(ready, run) -> None:
    before = dump()
    result = one(run, "CREATE OR REPLACE VIEW IF NOT EXISTS v AS SELECT id FROM orders")
    assert result.error == (
        "CREATE OR REPLACE VIEW cannot be combined with IF NOT EXISTS: choose whether an "
        "existing view is replaced or kept."
    )
    assert dump() == before


def test_it_rejects_a_view_that_would_read_itself(ready, run) -> None:
    assert one(run, "CREATE VIEW a AS SELECT id FROM orders").ok
    assert one(run, "CREATE VIEW b AS SELECT id FROM a").ok
    text_before, before = show_create(run, "a"), dump()
    result = one(run, "ALTER VIEW a AS SELECT id FROM b")
    assert result.error == (
        f"View '{ENV}.default.a' would read from itself ({ENV}.default.a -> {ENV}.default.b -> "
        f"{ENV}.default.a). A view cannot refer to itself, directly or through other views."
    )
    assert show_create(run, "a") == text_before
    assert dump() == before
    result = one(run, "CREATE OR REPLACE VIEW a AS SELECT id FROM b")
    assert result.error.startswith(f"View '{ENV}.default.a' would read from itself")
    assert dump() == before


def test_it_rejects_view_ddl_in_a_kafka_catalog(ready, run) -> None:
    assert one(run, "CREATE CATALOG kc WITH ('type' = 'kafka')").ok
    before = dump()
    for statement in (
        "CREATE VIEW kc.`default`.v AS SELECT 1",
        "ALTER VIEW kc.`default`.v AS SELECT 1",
        "ALTER VIEW kc.`default`.v RENAME TO w",
        "DROP VIEW kc.`default`.v",
    ):
        assert one(run, statement).error == "View DDL is not supported on Kafka catalog 'kc'"
    assert dump() == before


def test_it_refuses_to_move_a_view_to_another_database(ready, run) -> None:
    assert one(run, "CREATE DATABASE other").ok
    before = dump()
    result = one(run, "ALTER VIEW large_orders RENAME TO other.moved")
    assert result.error == (
        f"ALTER VIEW ... RENAME TO cannot move view '{ENV}.default.large_orders' to another "
        f"database or catalog ('{ENV}.other.moved'). To move a view, create it in the target "
        "database with the same query and drop the original."
    )
    assert dump() == before


def test_it_renames_a_view_within_its_database(ready, run) -> None:
    assert one(run, "ALTER VIEW large_orders RENAME TO very_large_orders").ok
    assert one(run, "SHOW VIEWS").rows == [["very_large_orders"]]


def test_it_drops_views_with_drop_view_and_tables_with_drop_table_only(ready, run) -> None:
    before = dump()
    assert one(run, "DROP VIEW customers").error == (
        f"View with identifier '{ENV}.default.customers' does not exist."
    )
    assert one(run, "DROP TABLE large_orders").error == (
        f"Table with identifier '{ENV}.default.large_orders' does not exist."
    )
    assert dump() == before


def test_it_marks_a_view_broken_when_what_it_reads_is_dropped_and_clears_it(ready, run) -> None:
    assert one(run, "DROP TABLE orders").ok
    view = Table.objects.get(name="large_orders")
    assert view.status == Table.Status.BROKEN
    assert view.status_reason == (
        "Flink cannot plan a read of this view: "
        f"table {ENV}.default.orders is gone (Flink: Object 'orders' not found within "
        f"'{ENV}.default') (path {ENV}.default.large_orders -> {ENV}.default.orders)."
    )
    assert one(
        run,
        "CREATE TABLE orders (id BIGINT, customer STRING, price DECIMAL(10, 2))",
    ).ok
    view.refresh_from_db()
    assert (view.status, view.status_reason) == (Table.Status.OK, "")


def test_it_marks_a_view_broken_when_what_it_reads_is_renamed(ready, run) -> None:
    assert one(run, "ALTER TABLE orders RENAME TO orders_v2").ok
    view = Table.objects.get(name="large_orders")
    assert view.status == Table.Status.BROKEN
    assert "table _env_default.default.orders" in view.status_reason


def test_it_marks_a_view_stale_when_a_column_it_reads_changes_type(ready, run) -> None:
    describe_before = one(run, "DESCRIBE large_orders").rows
    assert one(run, "ALTER TABLE orders MODIFY price DOUBLE").ok
    view = Table.objects.get(name="large_orders")
    assert view.status == Table.Status.STALE
    assert view.status_reason == (
        "Flink plans a read of this view but casts to its stored types: "
        f"column price of {ENV}.default.orders changed from DECIMAL(10, 2) to DOUBLE; "
        "Flink casts price DOUBLE -> DECIMAL(10, 2) (narrowing: values can be cut, overflow "
        f"or fail to convert) (path {ENV}.default.large_orders -> {ENV}.default.orders)."
    )
    # the view keeps the columns and types it had when created
    assert one(run, "DESCRIBE large_orders").rows == describe_before
    assert one(run, "ALTER VIEW large_orders AS SELECT id, price FROM orders").ok
    view.refresh_from_db()
    assert view.status == Table.Status.OK


def test_it_marks_a_view_broken_when_a_column_it_reads_is_dropped(ready, run) -> None:
    # Flink: Column 'price' not found in table 'orders' (tests/goldens/casts_oracle.json's
    # neighbour, the flink-reference's "When what a view reads changes")
    assert one(run, "ALTER TABLE orders DROP price").ok
    view = Table.objects.get(name="large_orders")
    assert view.status == Table.Status.BROKEN
    assert (
        "column price of _env_default.default.orders is gone (Flink: Column 'price' not found in"
        in view.status_reason
    )


def test_it_ignores_changes_to_columns_the_view_does_not_read(ready, run) -> None:
    assert one(run, "ALTER TABLE orders MODIFY customer VARCHAR(10)").ok
    assert Table.objects.get(name="large_orders").status == Table.Status.OK


def test_it_answers_what_reads_an_object_in_one_query(ready, run, executor) -> None:
    for i in range(30):
        assert one(run, f"CREATE VIEW v{i} AS SELECT id FROM orders").ok
    target = ObjectIdentifier(ENV, "default", "orders")
    with CaptureQueriesContext(connection) as queries:
        readers = list(readers_of(executor.session.environment, target, "relation"))
    assert len(queries) == 1
    assert len(readers) == 31


def view_page(client, name: str):
    url = reverse("table", args=["default", ENV, "default", name])
    response = client.get(url, follow=True)  # a view's address redirects to its own page
    assert response.status_code == 200
    return response.content.decode()


def test_it_shows_the_mark_and_its_reason_on_the_view_page(ready, run, client) -> None:
    assert "Broken" not in view_page(client, "large_orders")
    assert one(run, "DROP TABLE orders").ok
    page = view_page(client, "large_orders")
    assert (
        "<strong>Broken:</strong> Flink cannot plan a read of this view: table "
        "_env_default.default.orders is gone" in page
    )


def test_it_lists_what_a_view_reads_and_what_reads_a_table(ready, run, client) -> None:
    assert "<code>_env_default.default.orders</code>" in view_page(client, "large_orders")
    assert "<code>_env_default.default.large_orders</code>" in view_page(client, "orders")


def test_it_keeps_a_view_over_a_rowtime_column_fresh_when_an_unrelated_column_changes(
    run,
) -> None:
    script = (
        "CREATE TABLE clicks (id BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
        "WITH ('connector' = 'datagen');"
        "CREATE VIEW recent AS SELECT id, ts FROM clicks;"
        "ALTER TABLE clicks ADD note STRING"
    )
    assert all(r.ok for r in run(script))
    view = Table.objects.get(name="recent")
    assert (view.status, view.status_reason) == (Table.Status.OK, "")
