"""Search says which column matched, by its name or by its comment (#17)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.search import COLUMNS_SHOWN, ColumnMatch, find
from environments.models import Environment
from tests.conftest import RunScript

WITH = "WITH ('connector' = 'datagen')"


@pytest.fixture
def columns(run: RunScript) -> None:
    results = run(
        "CREATE TABLE payments (id BIGINT COMMENT 'the order it pays', "
        "amount DECIMAL(10, 2) COMMENT 'in <b>euros</b>, taxes included', "
        f"currency STRING) {WITH};\n"
        "CREATE TABLE wide (tax_a INT, tax_b INT, tax_c INT, tax_d INT, "
        f"e INT COMMENT 'no tax', f INT) {WITH};\n"
        f"CREATE TABLE plain (x INT) COMMENT 'holds no euros' {WITH};"
    )
    assert all(r.ok for r in results), [r.error for r in results]


def search(client: Client, text: str) -> str:
    return client.get(reverse("search", args=["default"]), {"q": text}).text


def test_it_finds_a_table_by_a_column_comment_and_names_the_column(
    columns: None, environment: Environment
) -> None:
    tables = {item.name: item for item in find(environment, "euros")["tables"]}
    assert set(tables) == {"payments", "plain"}
    assert tables["payments"].columns == [
        ColumnMatch("amount", by_comment=True, comment="in <b>euros</b>, taxes included")
    ]
    assert tables["plain"].columns == []  # its own comment matched, no column did


def test_it_names_the_first_matching_columns_in_order_and_counts_the_others(
    columns: None, environment: Environment
) -> None:
    tables = {item.name: item for item in find(environment, "tax")["tables"]}
    assert set(tables) == {"payments", "wide"}  # payments: 'taxes included'
    wide = tables["wide"]
    assert [c.name for c in wide.columns] == ["tax_a", "tax_b", "tax_c"][:COLUMNS_SHOWN]
    assert all(not c.by_comment for c in wide.columns)
    assert wide.more_columns == 2  # tax_d by its name, e by its comment 'no tax'


def test_the_page_says_which_column_matched_and_how(client: Client, columns: None) -> None:
    html = search(client, "euros")
    assert (
        "the comment of column <code>amount</code> matches: "
        '<span class="muted">“in &lt;b&gt;euros&lt;/b&gt;, taxes included”</span>'
    ) in html
    assert "<b>euros</b>" not in html
    by_name = search(client, "currency")
    assert "column <code>currency</code> matches" in by_name
    assert "the comment of column" not in by_name
    assert "and 2 more columns" in search(client, "tax")
    assert "and 1 more column<" in search(client, "tax_")


def test_short_texts_search_no_columns(client: Client, columns: None) -> None:
    assert "matches" not in search(client, "am").replace("Nothing matches", "")
