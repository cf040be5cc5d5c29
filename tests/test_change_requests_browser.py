"""The review page of a change request in a real browser (Debian's Chromium, Playwright)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from catalogs.executor import Executor, Session
from changes import services
from environments.models import Environment, Membership, Role
from tests.browser import log_in, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def page(browser_page: Page) -> Page:
    """The shared browser page (axe-core checks every page), without the demo."""
    return browser_page


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
    log_in(page, base, "bob", "bob-password")
    page.goto(f"{base}/env/default/change-requests/{change_request.pk}")

    expect(page.get_by_role("heading", level=1)).to_contain_text("Drop b")
    expect(page.get_by_text("Would succeed.")).to_be_visible()
    expect(page.locator(".diff-removed").nth(1)).to_contain_text("`b` VARCHAR(2147483647)")
    impact = page.locator("ul[aria-labelledby=impact-heading]")
    expect(impact).to_contain_text("_env_default.default.v")
    # the lineage picture is drawn, the touched table highlighted
    expect(page.locator("#lineage-picture svg g.node.current")).to_have_count(1)
    expect(page.locator("#lineage-picture svg g.node.current")).to_contain_text("t")
    shot(page, "change-request")

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
