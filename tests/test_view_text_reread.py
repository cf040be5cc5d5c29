"""The query Flink stores for a view reads back to itself: `snapshot verify` and init scripts
create views from their expanded queries, so writing then reading must be a fixed point."""

from __future__ import annotations

import pytest

from catalogs.models import Table
from tests.conftest import RunScript

QUERIES = [
    "SELECT id FROM t WHERE k = ANY (1, 2)",
    "SELECT id, k = SOME (1, 2) AS a, id <> ALL (1, 2) AS b FROM t",
    "SELECT id FROM t WHERE k >= ALL (SELECT k FROM t)",
]


@pytest.mark.parametrize("query", QUERIES)
def test_it_reads_a_views_stored_query_back_to_the_same_text(run: RunScript, query: str) -> None:
    table = "CREATE TABLE t (id INT, k INT) WITH ('connector' = 'datagen')"
    first = run(f"{table}; CREATE VIEW v1 AS {query}")
    assert all(r.ok for r in first), [r.error for r in first]
    stored = Table.objects.get(name="v1").expanded_query
    again = run(f"CREATE VIEW v2 AS {stored}")
    assert again[0].ok, again[0].error
    assert Table.objects.get(name="v2").expanded_query == stored
