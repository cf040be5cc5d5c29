"""The table forms in a real browser (#17): a column row shows the fields of its kind, the
preview reports an invalid type at once, a connector template fills in its options and the
preview warns about what Flink's planner refuses, adding a column keeps focus and scroll, and
an existing table's watermark and primary key have forms."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from catalogs.models import Table
from tests.browser import log_in, settle_previews, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

SALES = "/env/default/catalogs/shop/databases/sales"


def field(page: Page, row: int, part: str):  # noqa: ANN201 - a Playwright Locator
    return page.locator(f"#id_columns-{row}-{part}")


def test_a_data_engineer_builds_a_table_with_the_table_forms(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}{SALES}/new-table")
    preview = page.locator("#statement")
    page.locator("#id_name").fill("clicks")

    # A physical column: a type and NOT NULL, no expression, no metadata key.
    expect(field(page, 0, "data_type")).to_be_visible()
    expect(field(page, 0, "expression")).to_be_hidden()
    expect(field(page, 0, "metadata_key")).to_be_hidden()
    field(page, 0, "name").fill("id")
    field(page, 0, "data_type").fill("BIGNT")
    problems = preview.get_by_test_id("preview-problems")
    expect(problems).to_have_text("Column 1 (id), Type: Unknown identifier 'BIGNT'")
    check = page.locator("#id_columns-0-data_type_check")  # beside the field, too
    expect(check).to_have_text("Unknown identifier 'BIGNT'")
    field(page, 0, "data_type").fill("STRING")
    expect(check).to_have_text("Flink reads it as VARCHAR(2147483647)")
    field(page, 0, "data_type").fill("BIGINT")
    expect(problems).to_have_count(0)

    # A computed column: an expression and no type.
    field(page, 1, "name").fill("id_twice")
    field(page, 1, "data_type").fill("INT")  # typed before choosing the kind: cleared
    field(page, 1, "kind").select_option("computed")
    expect(field(page, 1, "data_type")).to_be_hidden()
    expect(field(page, 1, "data_type")).to_have_value("")
    expect(field(page, 1, "not_null")).to_be_hidden()
    expect(field(page, 1, "expression")).to_be_visible()
    field(page, 1, "expression").fill("id * 2")
    expect(preview).to_contain_text("`id_twice` AS id * 2")

    # A metadata column: a type, a key and VIRTUAL.
    field(page, 2, "name").fill("part")
    field(page, 2, "kind").select_option("metadata")
    expect(field(page, 2, "expression")).to_be_hidden()
    field(page, 2, "data_type").fill("INT")
    field(page, 2, "metadata_key").fill("partition")
    page.get_by_label("VIRTUAL").nth(2).check()
    expect(preview).to_contain_text("`part` INT METADATA FROM 'partition' VIRTUAL")
    shot(page, "table-form-column-kinds")
    # The pickers of the keys follow the names as they are typed (the preview's answer).
    keys = page.get_by_role("group", name="Add a column to the partition keys")
    expect(keys.get_by_role("button")).to_have_text(["id", "id_twice", "part"])

    # Adding a column: the new row has the focus and is in view.
    settle_previews(page)
    page.get_by_role("button", name="Add a column").click()
    expect(field(page, 3, "name")).to_be_focused()
    expect(field(page, 3, "name")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 0
    field(page, 3, "name").fill("ts")
    field(page, 3, "data_type").fill("TIMESTAMP(3)")

    # A connector template fills in the required options; the preview warns what Flink refuses.
    page.get_by_label("Connector template").select_option("upsert-kafka")
    settle_previews(page)
    page.get_by_role("button", name="Fill in its options").click()
    options = page.get_by_label("Options")
    expect(options).to_have_value(
        "connector = upsert-kafka\ntopic = clicks\nproperties.bootstrap.servers = localhost:9092"
        "\nkey.format = json\nvalue.format = json"
    )
    warnings = page.get_by_test_id("connector-warnings")
    expect(warnings).to_contain_text("The upsert-kafka connector requires a PRIMARY KEY")
    # The keys are picked from the columns above, which the preview keeps up to date.
    field(page, 3, "name").fill("ts")
    picker = page.get_by_role("group", name="Add a column to the primary key")
    expect(picker.get_by_role("button")).to_have_text(["id", "id_twice", "part", "ts"])
    picker.get_by_role("button", name="id", exact=True).click()
    picker.get_by_role("button", name="id", exact=True).click()  # once is enough
    expect(page.get_by_label("Primary key columns")).to_have_value("id")
    expect(page.get_by_label("Primary key columns")).to_be_focused()
    expect(page.get_by_test_id("connector-warnings")).to_have_count(0)
    expect(page.locator("#table-column-names option")).to_have_count(4)
    shot(page, "table-form-connector-template")
    settle_previews(page)
    page.get_by_role("button", name="Create table").last.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Table clicks")
    table = Table.objects.get(name="clicks", database__name="sales")
    assert table.options["connector"] == "upsert-kafka"
    assert table.primary_key_columns == ["id"]

    # The watermark of the existing table: its own form, previewed.
    page.get_by_role("link", name="Watermark").click()
    expect(page.get_by_text("The table has no watermark: saving adds one.")).to_be_visible()
    page.get_by_label("Watermark for column").select_option("ts")
    page.get_by_label("Watermark expression").fill("ts - INTERVAL '5' SECOND")
    expect(page.locator("#statement")).to_contain_text("ADD WATERMARK FOR `ts` AS ts")
    shot(page, "table-watermark-form")
    settle_previews(page)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Table clicks")
    table.refresh_from_db()
    assert table.watermark_column == "ts"

    # ALTER TABLE ADD takes any kind of column, and shows the fields of the chosen kind.
    page.get_by_role("link", name="Add a column").click()
    page.get_by_label("Name", exact=True).fill("day")
    page.get_by_label("Kind").select_option("computed")
    expect(page.get_by_label("Type", exact=True)).to_be_hidden()
    page.get_by_label("Expression").fill("CAST(ts AS DATE)")
    expect(page.locator("#statement")).to_contain_text("ADD `day` AS CAST(ts AS DATE)")
    shot(page, "table-add-computed-column")
    settle_previews(page)
    page.get_by_role("button", name="Add a column").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Table clicks")
    assert table.columns.get(name="day").expression == "CAST(`ts` AS DATE)"
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_demo_orders_table_is_warned_about_a_primary_key(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}{SALES}/tables/orders/primary-key")
    page.get_by_label("Primary key columns").fill("order_id")
    warnings = page.get_by_test_id("connector-warnings")
    expect(warnings).to_contain_text("The kafka connector refuses a PRIMARY KEY")
    expect(page.locator("#statement")).to_contain_text("ADD PRIMARY KEY (`order_id`) NOT ENFORCED")
    shot(page, "table-primary-key-kafka-warning")
    assert page.errors == []  # type: ignore[attr-defined]
