"""Long lists a page at a time (home, catalog, database, history, tree) and search by prefix
and substring, on catalogs with more objects than one page shows."""

from __future__ import annotations

import re
from unittest.mock import ANY

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from catalogs.pages.browse import HOME_DATABASES
from catalogs.pages.common import PAGE_SIZE, TREE_LIMIT, url_maker
from catalogs.search import LIMIT
from config.middleware import NUL_IN_URL
from environments.views import HISTORY_PAGE_SIZE
from tests.conftest import RunScript

ENV_CATALOG = ("default", "_env_default")
DB = (*ENV_CATALOG, "default")
WITH = "WITH ('connector' = 'datagen')"


def ok(run: RunScript, script: str) -> None:
    results = run(script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]


def links(html: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', html)


@pytest.fixture
def many_databases(run: RunScript) -> int:
    """The environment catalog with more databases than a page shows; the first has objects."""
    count = PAGE_SIZE + 5
    ok(run, ";\n".join(f"CREATE DATABASE db{i:03}" for i in range(count)))
    ok(
        run,
        f"CREATE TABLE db000.t1 (a INT) {WITH};\nCREATE TABLE db000.t2 (a INT) {WITH};\n"
        "CREATE VIEW db000.v1 AS SELECT a FROM db000.t1;",
    )
    return count + 1  # and ``default``


def test_it_shows_the_first_databases_of_a_catalog_on_home_with_a_link_to_all(
    client: Client, many_databases: int
) -> None:
    html = client.get(reverse("home")).text
    assert reverse("database", args=[*ENV_CATALOG, "db000"]) in html
    assert reverse("database", args=[*ENV_CATALOG, f"db{HOME_DATABASES - 1:03}"]) in html
    assert reverse("database", args=[*ENV_CATALOG, f"db{HOME_DATABASES:03}"]) not in html
    assert "2 tables · 1 view · 0 functions" in html  # db000's objects
    all_link = f'href="{reverse("catalog", args=ENV_CATALOG)}">All {many_databases} databases'
    assert all_link in html


def test_it_pages_the_databases_of_a_catalog_with_their_counts(
    client: Client, many_databases: int
) -> None:
    url = reverse("catalog", args=ENV_CATALOG)
    first = client.get(url).text
    assert "2 tables · 1 view · 0 functions" in first
    assert f"Page 1 of 2 ({many_databases} in all)" in first
    assert 'href="?page=2" rel="next"' in first
    assert reverse("database", args=[*ENV_CATALOG, f"db{PAGE_SIZE - 1:03}"]) in first
    assert reverse("database", args=[*ENV_CATALOG, f"db{PAGE_SIZE:03}"]) not in first
    second = client.get(url, {"page": 2}).text
    assert reverse("database", args=[*ENV_CATALOG, f"db{PAGE_SIZE:03}"]) in second
    assert reverse("database", args=[*ENV_CATALOG, "db000"]) not in second.split("<main")[1]
    assert 'href="?page=1" rel="prev"' in second


def test_it_keeps_the_other_lists_pages_in_a_page_link(client: Client, run: RunScript) -> None:
    ok(run, ";\n".join(f"CREATE TABLE t{i:03} (a INT) {WITH}" for i in range(PAGE_SIZE + 2)))
    ok(run, ";\n".join(f"CREATE VIEW v{i:03} AS SELECT a FROM t000" for i in range(PAGE_SIZE + 2)))
    main = client.get(reverse("database", args=DB), {"views": 2}).text.split("<main")[1]
    assert 'href="?views=2&amp;tables=2" rel="next"' in main  # tables' next page, views kept
    assert 'href="?views=1" rel="prev"' in main
    assert f"v{PAGE_SIZE:03}" in main and "v000<" not in main
    assert reverse("table", args=[*DB, "t000"]) in main


def test_it_pages_the_history_newest_first_without_counting_it(
    client: Client, run: RunScript
) -> None:
    count = HISTORY_PAGE_SIZE + 3
    ok(run, ";\n".join(f"CREATE TABLE h{i:03} (a INT) {WITH}" for i in range(count)))
    url = reverse("environment-history", args=["default"])
    first = client.get(url).text
    assert f"h{count - 1:03}" in first and "h002<" not in first
    assert 'href="?page=2" rel="next"' in first
    assert "Page 1<" in first and " of " not in first.split('class="pager"')[1]
    second = client.get(url, {"page": 2}).text
    assert "h000" in second and "h002" in second
    assert f"h{count - 1:03}" not in second
    assert 'rel="next"' not in second and 'href="?page=1" rel="prev"' in second
    assert client.get(url, {"page": "x"}).status_code == 200  # a bad number is page 1


def test_it_lists_the_history_by_api_in_pages_without_counting_it(
    admin_user: User, run: RunScript
) -> None:
    ok(run, f"CREATE TABLE a1 (x INT) {WITH};\nCREATE TABLE a2 (x INT) {WITH};")
    ok(run, "ALTER TABLE a1 RENAME TO a3")
    api = APIClient()
    api.force_authenticate(admin_user)
    url = reverse("api-history", args=["default"])
    first = api.get(url, {"limit": 2}).json()
    assert "count" not in first and first["previous"] is None
    assert [e["statement"].split()[0] for e in first["results"]] == ["ALTER", "CREATE"]
    second = api.get(first["next"]).json()
    assert len(second["results"]) == 1 and second["next"] is None and second["previous"]
    assert api.get(url, {"offset": 3}).json() == {"next": None, "previous": ANY, "results": []}
    renamed = api.get(url, {"name": "a"}).json()  # the rename changed a1 and a3: one entry
    assert len(renamed["results"]) == 3 == len({entry["id"] for entry in renamed["results"]})


def test_it_always_shows_the_pages_database_in_the_tree(client: Client, run: RunScript) -> None:
    ok(run, ";\n".join(f"CREATE DATABASE d{i:03}" for i in range(TREE_LIMIT + 2)))
    ok(run, f"CREATE DATABASE zz;\nCREATE TABLE zz.in_tree (a INT) {WITH}")
    html = client.get(reverse("database", args=[*ENV_CATALOG, "zz"])).text
    tree = html.split('aria-label="Catalog tree"')[1].split("</nav>")[0]
    assert reverse("database", args=[*ENV_CATALOG, "d000"]) in links(tree)
    assert reverse("database", args=[*ENV_CATALOG, f"d{TREE_LIMIT:03}"]) not in links(tree)
    assert reverse("database", args=[*ENV_CATALOG, "zz"]) in links(tree)  # beyond the first
    assert reverse("table", args=[*ENV_CATALOG, "zz", "in_tree"]) in links(tree)
    assert "All databases…" in tree


def test_it_never_shows_a_stale_tree(client: Client, run: RunScript) -> None:
    ok(run, f"CREATE TABLE src (a INT) {WITH};\nCREATE VIEW v AS SELECT a FROM src")
    url = reverse("table", args=[*DB, "src"])

    def tree() -> str:
        return client.get(url).text.split('aria-label="Catalog tree"')[1].split("</nav>")[0]

    assert "badge-broken" not in tree()  # rendered, and kept for this content
    ok(run, f"CREATE TABLE src2 (a INT) {WITH}")
    assert reverse("table", args=[*DB, "src2"]) in links(tree())
    ok(run, "ALTER TABLE src RENAME TO src3")  # v reads a name that is gone now
    url = reverse("table", args=[*DB, "src3"])
    assert "badge-broken" in tree()
    assert reverse("table", args=[*DB, "src"]) not in links(tree())


@pytest.mark.parametrize("name", ["plain", "a/b", "100%", "sp ace", "ünï", "q?x#y", "a%2Fb"])
def test_it_builds_the_same_links_as_reverse(name: str) -> None:
    url = url_maker("table", "env/x", "cat%", "db")
    assert url(name) == reverse("table", args=["env/x", "cat%", "db", name])
    drop = url_maker("table-column-drop", "env/x", "cat%", "-", "t", suffix="/drop")
    assert drop(name) == reverse("table-column-drop", args=["env/x", "cat%", "-", "t", name])


@pytest.fixture
def searchable(run: RunScript) -> None:
    ok(
        run,
        "CREATE TABLE orders (order_id INT, payment_method STRING) COMMENT 'web shop orders' "
        f"{WITH};\n"
        f"CREATE TABLE order_lines (a INT) {WITH};\n"
        f"CREATE TABLE archived_orders (a INT) {WITH};\n"
        f"CREATE TABLE rate_limit (a INT) {WITH};\n"
        f"CREATE TABLE ratexlimit (a INT) {WITH};\n"
        f"CREATE TABLE `100%_sure` (a INT) {WITH};\n"
        "CREATE VIEW orders_view AS SELECT order_id FROM orders;",
    )


def search(client: Client, text: str) -> str:
    return client.get(reverse("search", args=["default"]), {"q": text}).text


def found_names(html: str) -> list[str]:
    return re.findall(r"_env_default\.default\.([^<]+)</a>", html)


def test_it_finds_a_name_by_prefix_first(client: Client, searchable: None) -> None:
    names = found_names(search(client, "ORDER"))
    assert names[:3] == ["order_lines", "orders", "orders_view"]  # prefix matches, in order
    assert names[3:] == ["archived_orders"]  # then the names that contain it


def test_it_shows_only_prefix_matches_when_they_fill_the_list(
    client: Client, run: RunScript
) -> None:
    ok(run, ";\n".join(f"CREATE TABLE pre{i:02} (a INT) {WITH}" for i in range(LIMIT + 1)))
    ok(run, f"CREATE TABLE a_pre (a INT) {WITH}")
    names = found_names(search(client, "pre"))
    assert names == [f"pre{i:02}" for i in range(LIMIT)]
    assert found_names(search(client, "a_pr")) == ["a_pre"]


def test_it_finds_catalogs_databases_and_functions(client: Client, run: RunScript) -> None:
    ok(
        run,
        "CREATE CATALOG reorder_cat WITH ('type' = 'generic_in_memory');\n"
        "CREATE DATABASE order_db COMMENT 'orders of the web shop';\n"
        "CREATE FUNCTION order_total AS 'com.example.OrderTotal'",
    )
    html = search(client, "order")
    assert f'href="{reverse("catalog", args=["default", "reorder_cat"])}">reorder_cat<' in html
    database = reverse("database", args=[*ENV_CATALOG, "order_db"])
    assert f'href="{database}">_env_default.order_db<' in html
    function = reverse("database", args=DB) + "#function-order_total"
    assert f'href="{function}">_env_default.default.order_total<' in html
    by_class = search(client, "example.ordertot")
    assert "order_total" in by_class and "order_db" not in by_class


def test_it_finds_a_name_by_substring(client: Client, searchable: None) -> None:
    assert found_names(search(client, "chived_ord")) == ["archived_orders"]


def test_it_finds_by_comment_and_by_column(client: Client, searchable: None) -> None:
    assert found_names(search(client, "web shop")) == ["orders"]
    by_column = search(client, "payment_meth")
    assert found_names(by_column) == ["orders"]
    assert "column <code>payment_method</code> matches" in by_column


def test_it_matches_only_prefixes_for_one_or_two_characters(
    client: Client, searchable: None
) -> None:
    html = search(client, "ra")
    assert found_names(html) == ["rate_limit", "ratexlimit"]  # not archived_orders
    assert "Type 3 characters or more" in html


def test_it_takes_wildcards_literally(client: Client, searchable: None) -> None:
    assert found_names(search(client, "rate_")) == ["rate_limit"]  # _ is not any character
    assert found_names(search(client, "e_l")) == ["rate_limit"]
    assert found_names(search(client, "100%")) == ["100%_sure"]
    assert found_names(search(client, "%_s")) == ["100%_sure"]
    assert "Nothing matches" in search(client, "%%%")


def test_it_escapes_the_search_text_and_refuses_nul(client: Client, searchable: None) -> None:
    html = search(client, "<script>x</script>")
    assert "<script>x" not in html and "&lt;script&gt;x" in html
    answer = client.get(reverse("search", args=["default"]), {"q": "chived\x00_ord"})
    assert answer.status_code == 400
    assert answer.text == NUL_IN_URL
