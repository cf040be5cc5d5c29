"""The console's proposal in a real browser (#17): where every change needs approvals, the
console's primary action sends the script's changes to a change request, and a statement
refused for it is offered to one."""

from __future__ import annotations

import re

from django.urls import reverse
from playwright.sync_api import Page, expect

from changes.models import ChangeRequest
from environments.models import Environment
from tests.browser import log_in, shot
from tests.test_browser import pytestmark  # noqa: F401

CONSOLE = "/env/default/console"
EDITOR = ".sql-editor .cm-content"
VIEW = "CREATE VIEW recent AS SELECT order_id FROM orders"


def _type(page: Page, text: str) -> None:
    page.locator(EDITOR).click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.type(text)


def test_the_console_proposes_what_it_may_not_run(page: Page, live_server: object) -> None:
    Environment.objects.filter(name="default").update(required_approvals=1)
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}{CONSOLE}")
    expect(page.get_by_test_id("needs-approval")).to_contain_text("needs 1 approval")

    # Run still runs a read; a change is refused, and offered to a change request.
    _type(page, "USE CATALOG shop; USE sales; " + VIEW)
    page.get_by_role("button", name="Run", exact=True).click()
    offer = page.get_by_test_id("propose-refused")
    expect(offer).to_contain_text("Changes in default go through a change request.")
    expect(page.get_by_test_id("current-database")).to_have_text("sales")
    shot(page, "console-refused-for-approval")

    offer.get_by_role("button", name="Propose them in a new change request").click()
    expect(page).to_have_url(re.compile(r"/change-requests/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(VIEW)
    change_request = ChangeRequest.objects.get()
    request_page = reverse("change-request", args=["default", change_request.pk])
    expect(page.locator("#main")).to_contain_text("USE CATALOG `shop`")
    shot(page, "console-proposed")
    assert [s.sql for s in change_request.statements.order_by("position")] == [
        "USE CATALOG `shop`",
        "USE `shop`.`sales`",
        "USE CATALOG shop",
        "USE sales",
        VIEW,
    ]

    # The primary button adds the next script to the request just opened.
    page.goto(f"{base}{CONSOLE}")
    _type(page, "CREATE DATABASE extra")
    page.get_by_label("Change request").select_option(str(change_request.pk))
    page.get_by_role("button", name="Propose in a change request").click()
    expect(page).to_have_url(f"{base}{request_page}")
    expect(page.locator("#main")).to_contain_text("CREATE DATABASE extra")
    assert change_request.statements.count() == 8  # the session is in shop.sales: USE, USE
    assert page.errors == []  # type: ignore[attr-defined]
