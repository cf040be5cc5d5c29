"""Forms and definitions in a real browser: Enter runs the form's primary action, the statement
preview follows every field, the catalog type included, and a long definition reads (#17)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect

from catalogs import snapshots
from catalogs.executor import Executor, Session
from catalogs.models import Catalog, Snapshot, Table
from environments.models import Environment
from tests.browser import log_in, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

SALES = "/env/default/catalogs/shop/databases/sales"


def test_enter_in_a_field_of_the_table_form_creates_the_table(
    page: Page,
    live_server: object,
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}{SALES}/new-table")
    page.locator("#id_name").fill("visits")
    page.locator("#id_columns-0-name").fill("id")
    page.locator("#id_columns-0-data_type").fill("BIGINT")
    page.get_by_label("Options").fill("connector = datagen")
    rows = page.locator(".column-row").count()
    page.locator("#id_name").press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Table visits")
    assert Table.objects.filter(name="visits", database__name="sales").exists()
    assert rows > 0
    assert page.errors == []  # type: ignore[attr-defined]


def test_enter_in_a_field_of_the_catalog_form_creates_the_catalog(
    page: Page,
    live_server: object,
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}/env/default/new-catalog")
    page.get_by_label("Name", exact=True).fill("lake")
    page.get_by_label("Name", exact=True).press("Enter")
    expect(page.get_by_role("heading", level=1)).to_contain_text("lake")
    assert Catalog.objects.filter(name="lake").exists()
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_catalog_preview_follows_a_change_of_type_at_once(
    page: Page,
    live_server: object,
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}/env/default/new-catalog")
    preview = page.locator("#statement")
    # the type first, before any other field: the preview follows it at once
    page.get_by_label("Type", exact=True).select_option("jdbc")
    expect(preview).to_contain_text("'type' = 'jdbc'")
    expect(page.locator("fieldset[data-catalog-type='jdbc']")).to_be_visible()
    expect(page.locator("fieldset[data-catalog-type='hive']")).to_have_count(0)
    page.get_by_label("Name", exact=True).fill("lake")
    expect(preview).to_contain_text("CREATE CATALOG `lake`")
    page.get_by_label("Type", exact=True).focus()
    page.keyboard.press("ArrowUp")  # the keyboard changes it too
    chosen = page.get_by_label("Type", exact=True).input_value()
    assert chosen != "jdbc"
    expect(preview).to_contain_text(f"'type' = '{chosen}'")
    expect(page.locator(f"fieldset[data-catalog-type='{chosen}']")).to_be_visible()
    shot(page, "catalog-form-type-change")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_long_definition_is_stacked_wraps_on_request_and_keeps_copy_clear(
    page: Page,
    live_server: object,
) -> None:
    columns = ", ".join(f"amount * {i} AS a_rather_long_column_name_{i}" for i in range(60))
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    assert executor.execute(
        f"CREATE VIEW shop.sales.wide AS SELECT {columns} FROM shop.sales.orders"
    ).ok
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}{SALES}/views/wide")
    stored, written = page.locator("#show-create"), page.locator("#original-query")
    stored_box, written_box = stored.bounding_box(), written.bounding_box()
    assert stored_box and written_box
    # stacked, each at the page's width: one under the other
    assert written_box["y"] >= stored_box["y"] + stored_box["height"]
    assert abs(written_box["width"] - stored_box["width"]) < 2
    # the Copy button sits above the text, not over it
    copy = page.locator("button[data-copy='show-create']").bounding_box()
    assert copy and copy["y"] + copy["height"] <= stored_box["y"]

    # one long line scrolls; "Wrap long lines" wraps it in the box
    def overflows(element: str) -> bool:
        return page.evaluate(
            f"(e => e.scrollWidth > e.clientWidth)(document.getElementById('{element}'))"
        )

    assert overflows("original-query")
    wrap = page.locator("button[data-wrap='original-query']")
    wrap.click()
    expect(wrap).to_have_attribute("aria-pressed", "true")
    assert not overflows("original-query")
    shot(page, "view-long-definition-wrapped")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_snapshot_diff_shows_a_views_query_diff_old_to_new(
    page: Page,
    live_server: object,
) -> None:
    environment = Environment.objects.get(name="default")
    executor = Executor(Session.start(environment))
    view = "CREATE OR REPLACE VIEW shop.sales.big AS SELECT * FROM shop.sales.orders WHERE {}"
    assert executor.execute(view.format("order_id > 1")).ok
    older, _ = snapshots.take_snapshot(environment, "shop", label="before")
    assert executor.execute(view.format("order_id > 2")).ok
    newer, _ = snapshots.take_snapshot(environment, "shop", label="after")
    Snapshot.objects.filter(pk=older.pk).update(created_at=newer.created_at - timedelta(hours=1))
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    # from the newer snapshot, the user chooses both sides
    page.goto(f"{base}/snapshots/{newer.snapshot_id}")
    page.get_by_label("Old side (before)").select_option(older.snapshot_id)
    page.get_by_label("New side (after)").select_option(newer.snapshot_id)
    page.get_by_role("button", name="Compare").click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(f"Diff {older.snapshot_id} → {newer.snapshot_id}")
    query_diff = page.locator("main pre").first
    expect(query_diff).to_contain_text("-WHERE `orders`.`order_id` > 1")
    expect(query_diff).to_contain_text("+WHERE `orders`.`order_id` > 2")
    assert "{{" not in page.content() and "{%" not in page.content()
    shot(page, "snapshot-diff")
    assert page.errors == []  # type: ignore[attr-defined]
