"""The review page of a change request in a real browser (Debian's Chromium, Playwright)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from catalogs.executor import Executor, Session
from changes import services
from environments.models import Environment, Membership, Role

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # live_server + Playwright's sync API

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

if not Path(CHROMIUM).exists() and os.environ.get("REQUIRE_BROWSER") != "1":
    pytest.skip("Chromium is not installed", allow_module_level=True)

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402


@pytest.fixture
def page(live_server: object, settings) -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda error: page.errors.append(f"pageerror: {error}"))
        page.on(
            "console",
            lambda message: (
                page.errors.append(f"console: {message.text}") if message.type == "error" else None
            ),
        )
        yield page
        browser.close()


def test_a_reviewer_reviews_and_applies_a_change_request(page: Page, live_server: object) -> None:
    environment = Environment.objects.get(name="default")
    setup = "CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen');" + (
        "CREATE VIEW v AS SELECT a, b FROM t;"
    )
    assert all(r.ok for r in Executor(Session.start(environment)).execute_script(setup))
    environment.required_approvals = 1
    environment.save()
    author = User.objects.create_user("alice", password="alice-password")
    reviewer = User.objects.create_user("bob", password="bob-password")
    for user in (author, reviewer):
        Membership.objects.create(environment=environment, user=user, role=Role.EDITOR)
    change_request = services.open_request(
        environment, author, "Drop b", "b is unused", "ALTER TABLE t DROP b"
    )

    base = live_server.url  # type: ignore[attr-defined]
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill("bob-password")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/env/default/change-requests/{change_request.pk}")

    expect(page.get_by_role("heading", level=1)).to_contain_text("Drop b")
    expect(page.get_by_text("Would succeed.")).to_be_visible()
    expect(page.locator(".diff-removed").nth(1)).to_contain_text("`b` VARCHAR(2147483647)")
    impact = page.locator("ul[aria-labelledby=impact-heading]")
    expect(impact).to_contain_text("_env_default.default.v")
    # the lineage picture is drawn, the touched table highlighted
    expect(page.locator("#lineage-picture svg g.node.current")).to_have_count(1)
    expect(page.locator("#lineage-picture svg g.node.current")).to_contain_text("t")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "change-request.png"), full_page=True)

    page.locator("#statement-1 summary").click()
    page.get_by_label("Comment on statement 1").fill("Does anything read b?")
    page.locator("#statement-1").get_by_role("button", name="Comment").click()
    expect(page.locator("#statement-1 .comment")).to_contain_text("Does anything read b?")

    page.get_by_label("Approve").check()
    page.get_by_role("button", name="Submit review").click()
    expect(page.get_by_test_id("approvals")).to_contain_text("1 of 1 approval (bob)")

    page.get_by_role("button", name="Apply change request").click()
    expect(page.get_by_text("Applied: every statement ran, as one transaction.")).to_be_visible()
    expect(page.get_by_test_id("status")).to_have_text("applied")
    assert page.errors == []  # type: ignore[attr-defined]
