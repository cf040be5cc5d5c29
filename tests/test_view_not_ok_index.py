"""The views not ok are read from their partial index, on SQLite and on PostgreSQL.

A change request's preview reads them twice (the marks before and after its statements) and
the export pages once: without the index each read scanned every table of the environment
(36 ms on PostgreSQL with 110,000 tables, bench/README.md).
"""

from __future__ import annotations

import pytest
from django.db import connection

from catalogs.models import Table
from catalogs.readers import views_not_ok
from catalogs.snapshots import views_not_ok as export_warning
from environments.models import Environment

pytestmark = pytest.mark.django_db


@pytest.fixture
def environment(environment: Environment, run) -> Environment:  # noqa: ANN001
    results = run(
        """
        CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
        CREATE TABLE c.d.t (a INT, b STRING) WITH ('connector' = 'datagen');
        CREATE VIEW c.d.v1 AS SELECT a, b FROM c.d.t;
        CREATE VIEW c.d.v2 AS SELECT a FROM c.d.t;
        CREATE VIEW c.d.v3 AS SELECT b FROM c.d.t;
        ALTER TABLE c.d.t DROP b;
        """
    )
    assert all(r.ok for r in results), [r.error for r in results]
    return environment


def test_the_views_not_ok_are_those_the_dropped_column_broke(environment: Environment) -> None:
    found = {(v.name, v.status) for v in views_not_ok(environment)}
    assert found == {("v1", Table.Status.BROKEN), ("v3", Table.Status.BROKEN)}
    assert [v.name for v in export_warning(environment)] == ["v1", "v3"]


def test_they_are_read_from_the_partial_index_on_postgresql(environment: Environment) -> None:
    if connection.vendor != "postgresql":
        # SQLite's planner, without statistics, reads the views of each database of the
        # environment by table_kind_name: a few milliseconds for 10,000 views, never a scan
        # of the tables
        pytest.skip("the plan asked of PostgreSQL")
    query = views_not_ok(environment).values_list("name", "status")
    with connection.cursor() as cursor:
        # a few rows: the planner would rather scan them; is the index usable for this query?
        cursor.execute("SET LOCAL enable_seqscan = off")
    plan = query.explain()
    assert "view_not_ok" in plan, plan
