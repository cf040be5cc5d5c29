"""A table, a function and a model of one name each have their own readers: Flink looks the
three up in namespaces of their own, and so do the pages that list what reads an object."""

from __future__ import annotations

import pytest
from django.test import Client

from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.models import Function
from catalogs.readers import readers_of
from environments.models import Environment
from tests.conftest import RunScript

pytestmark = pytest.mark.django_db

DB = "/env/default/catalogs/_env_default/databases/default"
NAME = ObjectIdentifier("_env_default", "default", "reviews")


@pytest.fixture
def three_of_one_name(run: RunScript) -> None:
    results = run(
        "CREATE TABLE reviews (id INT, text STRING) WITH ('connector' = 'datagen');\n"
        "CREATE FUNCTION reviews AS 'com.example.Reviews';\n"
        "CREATE MODEL reviews INPUT (text STRING) OUTPUT (label STRING) "
        "WITH ('provider' = 'openai');\n"
        "CREATE VIEW reads_table AS SELECT id, text FROM reviews"
    )
    assert all(r.ok for r in results), [r.error for r in results]
    Function.objects.filter(name="reviews").update(return_type="STRING")
    results = run(
        "CREATE VIEW calls_function AS SELECT reviews(text) AS r FROM reads_table;\n"
        "CREATE VIEW calls_model AS SELECT id, label "
        "FROM ML_PREDICT(TABLE reads_table, MODEL reviews, DESCRIPTOR(text))"
    )
    assert all(r.ok for r in results), [r.error for r in results]


def test_each_namespace_has_its_own_readers(
    environment: Environment, three_of_one_name: None
) -> None:
    def names(namespace: str) -> list[str]:
        return [v.name for v in readers_of(environment, NAME, namespace)]

    assert names("relation") == ["reads_table"]
    assert names("function") == ["calls_function"]
    assert names("model") == ["calls_model"]


def test_the_pages_list_the_readers_of_their_own_object(
    client: Client, three_of_one_name: None
) -> None:
    def section(page: str, heading: str) -> str:
        start = page.index(heading)
        return page[start : page.index("</ul>", start)]

    table = client.get(f"{DB}/tables/reviews").content.decode()
    read_by = table[table.index("<h2>Read by</h2>") : table.index("<h2>History</h2>")]
    assert "default.reads_table</code>" in read_by
    assert "calls_function" not in read_by and "calls_model" not in read_by
    model = client.get(f"{DB}/models/reviews").content.decode()
    called_by = section(model, "<h2>Called by</h2>")
    assert "calls_model" in called_by and "reads_table" not in called_by
    drop = client.get(f"{DB}/functions/reviews/drop").content.decode()
    assert "calls_function" in drop
    assert "reads_table" not in drop and "calls_model" not in drop


def test_the_lineage_downstream_of_the_table_holds_only_its_readers(
    client: Client, three_of_one_name: None
) -> None:
    graph = client.get(f"{DB}/tables/reviews/lineage").context["graph"]
    labels = {n["label"] for n in graph["nodes"]}
    assert "_env_default.default.reads_table" in labels
    # calls_function and calls_model read reads_table, so they are downstream of it (and
    # of the table through it), but never as readers of the function or model named reviews
    edges = {(e["source"], e["target"]) for e in graph["edges"]}
    sources_of = {t: {s for s, t2 in edges if t2 == t} for _, t in edges}
    for view in ("calls_function", "calls_model"):
        ids = [n["id"] for n in graph["nodes"] if n["label"].endswith(f".{view}")]
        for node_id in ids:
            assert all("reads_table" in s for s in sources_of.get(node_id, set()))
