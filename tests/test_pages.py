"""The browsing pages: login, home, catalog, database and table pages."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.conftest import RunScript

SHOP_ORDERS = ("default", "shop", "sales", "orders")


@pytest.fixture
def demo(db: None) -> None:
    call_command("load_demo", stdout=None)


@pytest.mark.parametrize(
    "url",
    [
        reverse("home"),
        reverse("catalog", args=["default", "shop"]),
        reverse("database", args=["default", "shop", "sales"]),
        reverse("table", args=SHOP_ORDERS),
    ],
)
def test_it_redirects_anonymous_users_to_login(anonymous_client: Client, url: str) -> None:
    response = anonymous_client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_it_shows_the_login_page(anonymous_client: Client) -> None:
    response = anonymous_client.get(reverse("login"))
    assert response.status_code == 200
    assert b'name="password"' in response.content


def test_it_lists_the_demo_catalog_on_home(client: Client, demo: None) -> None:
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert reverse("catalog", args=["default", "shop"]) in response.text
    assert reverse("database", args=["default", "shop", "warehouse"]) in response.text
    assert "_env_default" in response.text
    assert "2 tables · 3 views · 2 functions" in response.text


def test_it_queries_home_a_bounded_number_of_times(
    client: Client, demo: None, run: RunScript, django_assert_max_num_queries
) -> None:
    run("CREATE CATALOG more WITH ('type' = 'generic_in_memory');\nCREATE DATABASE more.more_db;")
    # session, user, the versions of the environments shown, then environments, catalogs (with
    # their number of databases), their first databases, and those databases' numbers of
    # objects, and the tree of the first environment beside them: one query each; then, while
    # nothing changes, the page is kept
    with django_assert_max_num_queries(8):
        client.get(reverse("home"))
    with django_assert_max_num_queries(3):
        assert "more_db" in client.get(reverse("home")).text


def test_it_shows_a_catalog_with_its_databases(client: Client, demo: None) -> None:
    response = client.get(reverse("catalog", args=["default", "shop"]))
    assert response.status_code == 200
    for name in ("sales", "crm", "warehouse"):
        assert reverse("database", args=["default", "shop", name]) in response.text
    assert "generic_in_memory" in response.text


def test_it_shows_a_database_with_its_tables_and_functions(client: Client, demo: None) -> None:
    response = client.get(reverse("database", args=["default", "shop", "sales"]))
    assert response.status_code == 200
    assert reverse("table", args=SHOP_ORDERS) in response.text
    assert "com.example.shop.udf.MaskEmail" in response.text


def test_it_shows_describe_rows_and_the_show_create_text(client: Client, demo: None) -> None:
    response = client.get(reverse("table", args=SHOP_ORDERS))
    assert response.status_code == 200
    html = response.text
    assert "<td>order_id</td>" in html
    assert "<td>BIGINT</td>" in html
    text = re.sub(r"<[^>]+>", "", html)  # the SHOW CREATE text is highlighted in spans
    assert "CREATE TABLE `shop`.`sales`.`orders` (" in text
    assert "&#x27;topic&#x27; = &#x27;shop.orders&#x27;" in text
    assert '<span class="sql-keyword">CREATE</span>' in html


def test_it_masks_secret_options_everywhere(client: Client, demo: None) -> None:
    for table in (SHOP_ORDERS, ("default", "shop", "crm", "customers")):
        html = client.get(reverse("table", args=table)).text
        assert "demo-kafka-secret" not in html
        assert "demo-jdbc-password" not in html
        assert "******" in html


def test_it_shows_partition_keys(client: Client, demo: None) -> None:
    response = client.get(reverse("table", args=["default", "shop", "warehouse", "orders_archive"]))
    assert "<code>dt</code>, <code>region</code>" in response.text


def test_it_escapes_names_and_comments(client: Client, run: RunScript) -> None:
    results = run(
        "CREATE TABLE `<script>alert(1)</script>` (a INT COMMENT '<!-- x -->') "
        "COMMENT '--><script>alert(2)</script><!--'"
    )
    assert results[0].ok, results[0].error
    database = client.get(reverse("database", args=["default", "_env_default", "default"])).text
    table_url = reverse(
        "table", args=["default", "_env_default", "default", "<script>alert(1)</script>"]
    )
    page = client.get(table_url)
    assert page.status_code == 200
    for html in (database, page.text):
        assert "<script>" not in html
        assert "<!--" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_it_answers_404_for_an_unknown_table(client: Client, demo: None) -> None:
    response = client.get(reverse("table", args=["default", "shop", "sales", "missing"]))
    assert response.status_code == 404


def test_it_renders_only_the_content_partial_for_htmx(client: Client, demo: None) -> None:
    response = client.get(
        reverse("catalog", args=["default", "shop"]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "<html" not in response.text
    assert "sales" in response.text
