"""The tree, search, view and lineage pages, and escaping on every page that shows user text."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from catalogs.pages.highlight import highlight_sql
from tests.conftest import RunScript
from tests.page_text import text_of

EVIL = "<script>alert(1)</script>"
DB = ("default", "_env_default", "default")


@pytest.fixture
def demo(db: None) -> None:
    call_command("load_demo", stdout=None)


@pytest.fixture
def lineage(run: RunScript) -> None:
    results = run(
        "CREATE TABLE src (a INT, b STRING) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW mid AS SELECT a, b FROM src;\n"
        "CREATE VIEW top_view AS SELECT a FROM mid;\n"
        "CREATE TABLE gone (x INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW reads_gone AS SELECT x FROM gone;\n"
        "DROP TABLE gone;"
    )
    assert all(r.ok for r in results), [r.error for r in results]


def test_it_highlights_sql_and_escapes_it() -> None:
    html = highlight_sql("SELECT '<b>' AS `x<y>` -- </pre>\nFROM t")
    assert '<span class="sql-keyword">SELECT</span>' in html
    assert '<span class="sql-string">&#x27;&lt;b&gt;&#x27;</span>' in html
    assert '<span class="sql-identifier">`x&lt;y&gt;`</span>' in html
    assert '<span class="sql-comment">-- &lt;/pre&gt;</span>' in html
    assert "<b>" not in html


def test_it_shows_the_tree_beside_a_database_page(client: Client, demo: None) -> None:
    html = client.get(reverse("database", args=["default", "shop", "sales"])).text
    assert 'aria-label="Catalog tree"' in html
    assert reverse("tree-catalog", args=["default", "_env_default"]) in html
    assert reverse("table", args=["default", "shop", "sales", "orders"]) in html


def test_it_answers_a_tree_node_as_a_partial_for_htmx(client: Client, demo: None) -> None:
    url = reverse("tree-catalog", args=["default", "shop"])
    partial = client.get(url, headers={"HX-Request": "true"})
    assert "<html" not in partial.text
    assert reverse("database", args=["default", "shop", "crm"]) in partial.text
    page = client.get(url)
    assert "<html" in page.text  # the same address works without JavaScript
    objects = client.get(
        reverse("tree-database", args=["default", "shop", "sales"]), headers={"HX-Request": "1"}
    )
    assert reverse("table", args=["default", "shop", "sales", "payments"]) in objects.text


def test_it_shows_the_catalog_note_and_show_create(client: Client, demo: None) -> None:
    html = client.get(reverse("catalog", args=["default", "shop"])).text
    assert "Flink forgets objects of this catalog when the session ends" in html
    assert "CREATE CATALOG `shop`" in text_of(html)


def test_it_paginates_the_database_page(client: Client, run: RunScript) -> None:
    run(";\n".join(f"CREATE TABLE t{i:03} (a INT)" for i in range(55)))
    first = text_of(client.get(reverse("database", args=DB)).text)
    assert "55 tables" in first
    assert "t049" in first and "t050" not in first
    second = client.get(reverse("database", args=DB) + "?tables=2").text
    assert "t050" in second


def test_it_shows_a_view_with_both_texts_highlighted(client: Client, lineage: None) -> None:
    response = client.get(reverse("view", args=[*DB, "mid"]))
    assert response.status_code == 200
    html = response.text
    assert "As written" in html and "SHOW CREATE VIEW" in html
    assert '<span class="sql-keyword">SELECT</span>' in html
    assert reverse("table", args=[*DB, "src"]) in html  # what it reads
    assert reverse("view", args=[*DB, "top_view"]) in html  # what reads it


def test_it_redirects_a_view_from_the_table_address(client: Client, lineage: None) -> None:
    response = client.get(reverse("table", args=[*DB, "mid"]))
    assert response.status_code == 302
    assert response["Location"] == reverse("view", args=[*DB, "mid"])


def test_it_shows_a_tables_history_with_a_diff(client: Client, run: RunScript) -> None:
    run("CREATE TABLE h (a INT) WITH ('connector' = 'datagen');\nALTER TABLE h SET ('x' = 'y')")
    html = client.get(reverse("table", args=[*DB, "h"])).text
    assert "diff-added" in html
    assert "+  &#x27;x&#x27; = &#x27;y&#x27;" in html


def test_it_searches_names_comments_and_columns(client: Client, demo: None) -> None:
    url = reverse("search", args=["default"])
    by_name = client.get(url, {"q": "payments"}, headers={"HX-Request": "true"}).text
    assert "<html" not in by_name
    assert reverse("table", args=["default", "shop", "sales", "payments"]) in by_name
    by_column = client.get(url, {"q": "payment_method"}).text
    assert "column <code>payment_method</code> matches" in by_column
    by_comment = client.get(url, {"q": "web shop emits"}).text
    assert reverse("table", args=["default", "shop", "sales", "orders"]) in by_comment
    assert "Nothing matches" in client.get(url, {"q": "zzzz-none"}).text


def test_it_builds_the_lineage_graph(client: Client, lineage: None) -> None:
    response = client.get(reverse("view-lineage", args=[*DB, "mid"]))
    graph = response.context["graph"]
    labels = {node["label"] for node in graph["nodes"]}
    assert labels == {
        "_env_default.default.src",
        "_env_default.default.mid",
        "_env_default.default.top_view",
    }
    assert len(graph["edges"]) == 2
    broken = client.get(reverse("view-lineage", args=[*DB, "reads_gone"])).context["graph"]
    assert [e["broken"] for e in broken["edges"]] == [True]
    assert "lineage-data" in response.text


@pytest.mark.parametrize("with_htmx", [False, True])
def test_it_escapes_user_text_on_every_page(
    client: Client, run: RunScript, with_htmx: bool
) -> None:
    results = run(
        f"CREATE TABLE `{EVIL}` (`{EVIL}` INT COMMENT '<!-- x -->') "
        "COMMENT '--><script>alert(2)</script><!--' WITH ('connector' = 'datagen');\n"
        f"CREATE VIEW `v{EVIL}` COMMENT '<img src=x onerror=alert(3)>' AS SELECT * FROM `{EVIL}`;"
    )
    assert all(r.ok for r in results), [r.error for r in results]
    headers = {"HX-Request": "true"} if with_htmx else {}
    urls = [
        reverse("database", args=DB),
        reverse("table", args=[*DB, EVIL]),
        reverse("view", args=[*DB, f"v{EVIL}"]),
        reverse("table-lineage", args=[*DB, EVIL]),
        reverse("view-lineage", args=[*DB, f"v{EVIL}"]),
        reverse("search", args=["default"]) + "?q=script",
        reverse("tree-database", args=["default", "_env_default", "default"]),
        reverse("table-drop", args=[*DB, EVIL]),
        reverse("view-alter", args=[*DB, f"v{EVIL}"]),
    ]
    for url in urls:
        response = client.get(url, headers=headers)
        assert response.status_code == 200, url
        html = response.text
        assert "<script>alert" not in html, url
        assert "<!--" not in html, url
        assert "<img" not in html, url
    # the lineage data is JSON inside a script element, with < escaped
    lineage = client.get(reverse("table-lineage", args=[*DB, EVIL])).text
    assert "\\u003Cscript\\u003Ealert(1)" in lineage


def test_it_links_the_exports_of_an_in_memory_catalog(client: Client, demo: None) -> None:
    html = client.get(reverse("catalog", args=["default", "shop"])).text
    assert f'href="{reverse("init-script", args=["default", "shop"])}"' in html
