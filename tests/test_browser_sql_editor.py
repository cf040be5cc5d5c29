"""The SQL editor in a real browser (#17): CodeMirror over the console's textarea highlights Flink
SQL, completes the catalog's names, runs on Ctrl+Enter, marks Flink's error at its line and
column, formats as Flink writes it and keeps named scripts; without JavaScript the textarea
still submits."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from catalogs.models import ConsoleScript, Table
from tests.browser import launch, log_in, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

CONSOLE = "/env/default/console"
EDITOR = ".sql-editor .cm-content"


def _accept(page: Page) -> None:
    """Accept the selected completion (CodeMirror ignores Enter for 75 ms after the list opens,
    against accepting by accident)."""
    page.wait_for_timeout(150)
    page.keyboard.press("Enter")


def _type(page: Page, text: str) -> None:
    page.locator(EDITOR).click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.type(text)


def test_the_console_editor_highlights_completes_runs_marks_and_formats(
    page: Page,
    live_server: object,
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}{CONSOLE}")
    editor = page.locator(EDITOR)
    expect(editor).to_be_visible()
    # the textarea stays in the form, hidden, and the label names the editor
    expect(page.locator("#console-sql")).to_be_hidden()
    expect(page.get_by_label("Statements, separated by semicolons")).to_have_attribute(
        "contenteditable", "true"
    )

    # highlighting: Flink's keywords and types, strings, numbers; a name stays a name
    _type(page, "CREATE VIEW orders AS SELECT CAST(1 AS STRING), 'x' -- note")
    for keyword in ("CREATE", "VIEW", "AS", "SELECT", "CAST"):
        expect(editor.locator(".tok-keyword", has_text=keyword).first).to_be_visible()
    expect(editor.locator(".tok-typeName", has_text="STRING")).to_be_visible()
    expect(editor.locator(".tok-string", has_text="'x'")).to_be_visible()
    expect(editor.locator(".tok-comment", has_text="-- note")).to_be_visible()
    expect(editor.locator(".tok-keyword", has_text="orders")).to_have_count(0)
    _type(page, "USE CATALOG shop")
    expect(editor.locator(".tok-keyword", has_text="USE")).to_be_visible()
    page.keyboard.press("Control+Enter")
    expect(page.get_by_test_id("current-catalog")).to_have_text("shop")

    # completion from the catalog: a table of the current catalog's database sales
    _type(page, "SELECT 1 FROM sales.ord")
    option = page.get_by_role("option", name="orders", exact=True)
    expect(option).to_be_visible()
    # the demo's view order_totals is offered too; the table is picked by its name
    expect(page.get_by_role("option", name="order_totals", exact=True)).to_be_visible()
    option.click()
    expect(editor).to_contain_text("SELECT 1 FROM sales.orders")
    expect(editor.locator(".tok-number", has_text="1")).to_be_visible()

    # a column of the table the statement reads
    _type(page, "CREATE VIEW sales.v AS SELECT order_i")
    page.keyboard.press("Control+Space")
    column = page.locator(".cm-tooltip-autocomplete li[role=option]").filter(
        has=page.locator(".cm-completionLabel", has_text=re.compile("^order_id$"))
    )
    # nothing read yet: the table comes after; complete once the FROM is written
    page.keyboard.press("Escape")
    page.keyboard.type(" FROM sales.orders")
    for _ in range(len(" FROM sales.orders")):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Control+Space")
    expect(column).to_be_visible()
    _accept(page)
    expect(editor).to_contain_text("SELECT order_id FROM sales.orders")

    # Ctrl+Enter runs; Flink's error is marked at its line and column
    _type(page, "USE sales;\nCREATE VIEW big AS\nSELECT order_id,\n  total FROM orders")
    page.keyboard.press("Control+Enter")
    error = page.locator(".results .error")
    expect(error).to_have_text(
        "[ERROR] From line 3, column 3 to line 3, column 7: Column 'total' not found in any table"
    )
    marked = page.locator(".sql-editor .cm-lintRange-error")
    expect(marked).to_have_text("total")
    # the statement started on line 2 of the script: the mark is on the script's line 4
    line = page.locator(".sql-editor .cm-line").nth(3)
    expect(line.locator(".cm-lintRange-error")).to_have_text("total")
    shot(page, "sql-editor-error-marker")

    # Format writes the query as Flink does (names resolved and quoted)
    _type(page, "select order_id from orders where order_id > 1")
    page.get_by_role("button", name="Format").click()
    expect(editor).to_contain_text("SELECT `orders`.`order_id`")
    expect(editor).to_contain_text("FROM `shop`.`sales`.`orders`")
    expect(page.get_by_role("status")).to_have_text("Formatted as Flink writes it.")
    # a bad statement is refused with Flink's message, marked
    _type(page, "SELECT nope FROM orders")
    page.get_by_role("button", name="Format").click()
    expect(page.get_by_role("status")).to_have_text(
        "From line 1, column 8 to line 1, column 11: Column 'nope' not found in any table"
    )
    expect(marked).to_have_text("nope")
    assert not Table.objects.filter(name="big").exists()
    shot(page, "sql-editor-format")
    # the refusal's 400 is the only failed request (Chromium logs it too), and no script failed
    refused = f"{base}/env/default/sql-editor/format"
    assert page.errors == [  # type: ignore[attr-defined]
        f"HTTP 400: {refused}",
        "console: Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]


def test_the_console_keeps_named_scripts(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}{CONSOLE}")
    _type(page, "SHOW CATALOGS")
    page.get_by_label("Script name").fill("catalogs")
    page.get_by_label("Script name").press("Enter")  # Enter in the name saves
    expect(page.get_by_text("Saved the script “catalogs”.")).to_be_visible()
    expect(page.locator(".console-scripts li")).to_have_count(1)
    assert ConsoleScript.objects.get(name="catalogs").sql == "SHOW CATALOGS"

    page.goto(f"{base}{CONSOLE}")
    expect(page.locator(EDITOR)).to_have_text("")
    page.get_by_role("link", name="Open catalogs").click()
    expect(page.locator(EDITOR)).to_have_text("SHOW CATALOGS")
    page.get_by_label("Name of script catalogs").fill("all catalogs")
    page.get_by_role("button", name="Rename catalogs").click()
    expect(page.locator(".console-scripts li")).to_contain_text("Open all catalogs")
    page.get_by_role("button", name="Delete all catalogs").click()
    expect(page.get_by_text("No scripts yet")).to_be_visible()
    assert not ConsoleScript.objects.exists()
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_view_form_edits_its_query_in_the_editor(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}/env/default/catalogs/shop/databases/sales/new-view")
    page.get_by_label("Name", exact=True).fill("small")
    expect(page.locator(EDITOR)).to_be_visible()
    page.get_by_label("Query").click()
    page.keyboard.type("SELECT order_id FROM orders")
    expect(page.locator("#statement")).to_contain_text("SELECT order_id FROM orders")
    page.keyboard.press("Control+Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("View small")
    assert Table.objects.filter(name="small", kind="VIEW").exists()
    assert page.errors == []  # type: ignore[attr-defined]


def test_without_javascript_the_textarea_submits(live_server: object) -> None:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from playwright.sync_api import sync_playwright

    call_command("load_demo", stdout=None)
    User.objects.create_superuser("admin", password="admin-password")
    base = live_server.url  # type: ignore[attr-defined]
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(java_script_enabled=False)
        page = context.new_page()
        log_in(page, base)
        page.goto(f"{base}{CONSOLE}")
        expect(page.locator(".sql-editor")).to_have_count(0)
        textarea = page.get_by_label("Statements, separated by semicolons")
        textarea.fill("USE CATALOG shop;\nCREATE VIEW sales.v AS SELECT total FROM sales.orders")
        page.get_by_role("button", name="Run", exact=True).click()
        expect(page.get_by_test_id("current-catalog")).to_have_text("shop")
        expect(page.locator(".results .error")).to_contain_text(
            "From line 1, column 31 to line 1, column 35: Column 'total' not found"
        )
        page.get_by_label("Script name").fill("no script")
        page.get_by_role("button", name="Save script").click()
        expect(page.get_by_role("link", name="Open no script")).to_be_visible()
        browser.close()
    assert ConsoleScript.objects.get(name="no script").sql.startswith("USE CATALOG shop;")


def test_a_change_request_takes_its_statements_in_the_editor(
    page: Page,
    live_server: object,
) -> None:
    from changes.models import ChangeRequest

    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}/env/default/change-requests/new")
    page.get_by_label("Title").fill("A database")
    expect(page.locator(EDITOR)).to_be_visible()
    page.get_by_label("Statements, separated by semicolons").click()
    page.keyboard.type("CREATE DATABASE shop.reports")
    expect(page.locator(EDITOR).locator(".tok-keyword", has_text="DATABASE")).to_be_visible()
    page.get_by_role("button", name="Open change request").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("A database")
    [opened] = ChangeRequest.objects.all()
    assert [s.sql for s in opened.statements.all()] == ["CREATE DATABASE shop.reports"]
    assert page.errors == []  # type: ignore[attr-defined]
