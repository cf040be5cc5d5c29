"""The dashboard in a real browser: Debian's Chromium driven by Playwright (tests/browser.py:
every page visited is checked by axe-core; screenshots are kept under test-artifacts/).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from catalogs.executor import Executor, Session
from environments.models import Environment
from tests.browser import ARTIFACTS, CHROMIUM, log_in, shot  # noqa: F401 (ARTIFACTS, CHROMIUM: kept names)

EVIL = "<script>alert(1)</script>"
# The ``page`` fixture is tests/conftest.py's now; this name stays so that a module written
# against the old layout (``from tests.test_browser import log_in, page, shot``) still imports.
page = None

# Serialized rollback keeps the data migration's environment for every test.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_a_data_engineer_works_through_the_dashboard(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    shot(page, "home")

    # Browse: open the tree without reloading the page.
    page.goto(f"{base}/env/default/catalogs/shop/databases/sales")
    shot(page, "database")
    tree = page.get_by_role("navigation", name="Catalog tree")
    page.evaluate("window.__sameDocument = true")
    tree.get_by_role("link", name="Objects of database crm").click()
    expect(tree.get_by_role("link", name="customers")).to_be_visible()
    assert page.evaluate("window.__sameDocument") is True  # no reload happened
    tree.get_by_role("link", name="Objects of database crm").click()
    expect(tree.get_by_role("link", name="customers")).to_be_hidden()

    # Search as you type.
    tree.get_by_label("Search names, comments, columns").fill("payment_method")
    expect(page.locator("#tree-search-results")).to_contain_text("shop.sales.payments")
    expect(page.locator("#tree-search-results")).to_contain_text("column payment_method matches")

    # Create a table: the statement preview follows the typing; an error shows in place.
    page.goto(f"{base}/env/default/catalogs/shop/databases/sales/new-table")
    page.locator("#id_name").fill("clicks")
    page.locator("#id_columns-0-name").fill("user_id")
    page.locator("#id_columns-0-data_type").fill("BIGNT")
    page.locator("#id_columns-1-name").fill("url")
    page.locator("#id_columns-1-data_type").fill("STRING")
    page.get_by_label("Options").fill("connector = datagen")
    preview = page.locator("#statement")
    expect(preview).to_contain_text("CREATE TABLE `shop`.`sales`.`clicks`")
    expect(preview).to_contain_text("`url` STRING")
    page.get_by_role("button", name="Create table").click()
    error = page.locator(".column-row").first.locator(".field-error")
    expect(error).to_contain_text("Unknown identifier 'BIGNT'")
    expect(page.locator("#id_columns-0-data_type")).to_have_value("BIGNT")
    shot(page, "table-form-error")
    page.locator("#id_columns-0-data_type").fill("BIGINT")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("clicks")
    shot(page, "table")

    # Create a view over it.
    page.goto(f"{base}/env/default/catalogs/shop/databases/sales/new-view")
    page.get_by_label("Name", exact=True).fill("click_users")
    expect(page.locator(".sql-editor")).to_be_visible()  # the editor has taken over the field
    page.get_by_label("Query").fill("SELECT user_id FROM clicks")
    expect(page.locator("#statement")).to_contain_text("AS\nSELECT user_id FROM clicks")
    page.get_by_role("button", name="Create view").click()
    shot(page, "view-form-after")
    expect(page.get_by_role("heading", level=1)).to_contain_text("click_users")
    expect(page.get_by_text("As written")).to_be_visible()
    shot(page, "view")

    # The lineage picture: both nodes drawn, each linked to its page.
    page.get_by_role("link", name="Lineage picture").click()
    svg = page.locator("#lineage-picture svg")
    expect(svg.locator("g.node")).to_have_count(2)
    expect(svg.locator("a[href$='/tables/clicks']")).to_have_count(1)
    shot(page, "lineage")

    # The console keeps its session across two submissions; Ctrl+Enter runs.
    page.goto(f"{base}/env/default/console")
    expect(page.locator(".sql-editor")).to_be_visible()  # the SQL editor over the textarea
    editor = page.get_by_label("Statements, separated by semicolons")
    editor.fill("USE CATALOG shop;\nUSE crm;")
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.get_by_test_id("current-database")).to_have_text("crm")
    expect(page.locator(".sql-editor")).to_be_visible()
    editor = page.get_by_label("Statements, separated by semicolons")
    editor.fill("SHOW TABLES;\nSHOW CREATE TABLE customers")
    editor.press("Control+Enter")
    expect(page.locator(".results")).to_contain_text("customers")
    expect(page.locator(".results .sql-keyword").first).to_be_visible()
    expect(page.locator(".console-history li")).to_have_count(2)
    shot(page, "console")

    assert page.errors == []  # type: ignore[attr-defined]


def test_user_text_stays_text_in_the_browser(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    results = executor.execute_script(
        f"CREATE TABLE `{EVIL}` (a INT COMMENT '<!-- x -->') "
        "COMMENT '<img src=x onerror=alert(2)>' WITH ('connector' = 'datagen');\n"
        f"CREATE VIEW `v{EVIL}` AS SELECT a FROM `{EVIL}`;"
    )
    assert all(r.ok for r in results), [r.error for r in results]
    log_in(page, base)
    database = f"{base}/env/default/catalogs/_env_default/databases/default"
    for url in (
        database,
        f"{database}/tables/{EVIL.replace('/', '%252F')}",
        f"{database}/tables/{EVIL.replace('/', '%252F')}/lineage",
        f"{base}/env/default/search?q=script",
    ):
        page.goto(url)
        expect(page.locator("main")).to_contain_text(EVIL)
    page.goto(f"{database}/tables/{EVIL.replace('/', '%252F')}/lineage")
    expect(page.locator("#lineage-picture svg text.node-label").first).to_contain_text(EVIL)
    shot(page, "escaping-lineage")
    assert page.errors == []  # type: ignore[attr-defined]


LINEAGE_SETUP = """
CREATE TABLE orders (id BIGINT, qty INT, price INT) WITH ('connector' = 'datagen');
CREATE VIEW totals AS SELECT id, qty * price AS total FROM orders;
CREATE VIEW big AS SELECT id, total FROM totals WHERE total > 10;
CREATE TABLE payments (id BIGINT) WITH ('connector' = 'datagen');
CREATE VIEW paid AS SELECT id FROM payments;
DROP TABLE payments;
"""
ENV_DATABASE = "/env/default/catalogs/_env_default/databases/default"
PREFIX = "_env_default.default."


def _lineage_setup() -> None:
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    results = executor.execute_script(LINEAGE_SETUP)
    assert all(r.ok for r in results), [r.error for r in results]


def test_a_column_lights_what_it_derives_from_and_what_derives_from_it(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    _lineage_setup()
    log_in(page, base)
    page.goto(f"{base}{ENV_DATABASE}/views/totals/lineage")
    svg = page.locator("#lineage-picture svg")
    expect(svg.locator("g.node")).to_have_count(3)
    for name in ("orders", "totals", "big"):
        svg.get_by_role("button", name=f"Show the columns of {PREFIX}{name}").click()
    expect(svg.locator("g.column")).to_have_count(7)
    svg.get_by_role("button", name=f"Column total of {PREFIX}totals").click()
    status = page.locator("#lineage-column-status")
    expect(status).to_have_text(
        f"{PREFIX}totals.total: upstream {PREFIX}orders.price, {PREFIX}orders.qty; "
        f"downstream {PREFIX}big.total."
    )
    expect(svg.locator("g.column-upstream")).to_have_count(2)
    expect(svg.locator("g.column-downstream")).to_have_count(1)
    expect(svg.locator("g.column-selected")).to_have_attribute("aria-pressed", "true")
    expect(svg.locator("path.column-edge-lit")).to_have_count(3)
    shot(page, "lineage-columns")
    # the keyboard chooses another column; orders.id goes to the ids only
    svg.get_by_role("button", name=f"Column id of {PREFIX}orders").focus()
    page.keyboard.press("Enter")
    expect(status).to_have_text(
        f"{PREFIX}orders.id: upstream none; downstream {PREFIX}big.id, {PREFIX}totals.id."
    )
    # collapsing a node hides its columns
    svg.get_by_role("button", name=f"Hide the columns of {PREFIX}big").click()
    expect(svg.locator("g.column")).to_have_count(5)
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_node_of_a_missing_object_keeps_its_label_clear_of_its_mark(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    _lineage_setup()
    log_in(page, base)
    page.goto(f"{base}{ENV_DATABASE}/views/paid/lineage")
    gone = page.locator("#lineage-picture svg g.node-missing")
    expect(gone.locator("text.node-kind")).to_have_text("gone")
    mark = gone.locator("text.node-kind").bounding_box()
    label = gone.locator("text.node-label").bounding_box()
    box = gone.locator("rect").first.bounding_box()
    assert mark and label and box
    assert label["x"] >= mark["x"] + mark["width"] + 4, (mark, label)
    assert label["x"] + label["width"] <= box["x"] + box["width"], (label, box)
    shot(page, "lineage-missing")
