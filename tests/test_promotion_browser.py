"""Promotion dev -> prod in a real browser (Debian's Chromium, Playwright): compare, promote
into a change request, a second person approves, the author applies; prod then equals dev."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from catalogs import promotion
from environments.models import Membership, Role
from tests.browser import log_in, shot
from tests.test_promotion import DEV, PROD, _environment

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def page(browser_page: Page) -> Page:
    """The shared browser page (axe-core checks every page), without the demo."""
    return browser_page


def test_a_team_promotes_dev_to_prod_through_an_approved_change_request(
    page: Page, live_server: object
) -> None:
    dev, prod = _environment("dev", DEV), _environment("prod", PROD)
    prod.required_approvals = 1
    prod.save()
    author = User.objects.create_user("alice", password="alice-password")
    reviewer = User.objects.create_user("bob", password="bob-password")
    Membership.objects.create(environment=dev, user=author, role=Role.EDITOR)
    for user in (author, reviewer):
        Membership.objects.create(environment=prod, user=user, role=Role.EDITOR)
    base = live_server.url  # type: ignore[attr-defined]

    log_in(page, base, "alice", "alice-password")
    page.goto(f"{base}/env/prod/snapshots")
    page.get_by_role("link", name="Compare and promote from another environment").click()
    page.get_by_label("Source environment").select_option("dev")
    page.get_by_label("Catalogs, one a line").fill("shop_dev:shop")
    page.get_by_role("button", name="Compare").click()
    differences = page.locator("ul.differences")
    expect(differences).to_contain_text("changed shop/sales/tables/orders.sql")
    expect(differences).to_contain_text("added shop/sales/views/big.sql")
    added = differences.locator(".diff-added", has_text="`note` VARCHAR(2147483647)")
    expect(added).to_have_count(1)
    expect(page.locator("ol.plan")).to_contain_text("ALTER TABLE `shop`.`sales`.`orders` ADD")
    shot(page, "promotion-compare")
    page.get_by_role("button", name="Promote: open a change request in prod").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(
        "Promote shop_dev as shop from dev to prod"
    )
    expect(page.get_by_text("Promoted from environment 'dev': shop_dev as shop.")).to_be_visible()
    change_request = page.url

    log_in(page, base, "bob", "bob-password")
    page.goto(change_request)
    page.get_by_label("Approve").check()
    page.get_by_role("button", name="Submit review").click()
    expect(page.get_by_test_id("approvals")).to_contain_text("1 of 1 approval (bob)")

    log_in(page, base, "alice", "alice-password")
    page.goto(change_request)
    page.get_by_role("button", name="Apply change request").click()
    expect(page.get_by_text("Applied: every statement ran, as one transaction.")).to_be_visible()
    shot(page, "promotion-applied")
    assert promotion.compare(dev, prod, [("shop_dev", "shop")]) == []
    assert page.errors == []  # type: ignore[attr-defined]
