"""Administration without a shell, in a real browser (#17): an admin creates a user, gives
them the editor role picked from a list and sets the approvals a change request needs, with
the keyboard where a form allows it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from environments.models import Environment, Membership
from tests.browser import log_in, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_an_admin_adds_a_user_makes_them_editor_and_sets_approvals(
    page: Page,
    live_server: object,
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)

    # The header leads to the environment's settings, and on to the users page.
    page.goto(f"{base}/env/default/")
    header = page.locator("header.site-header")
    header.get_by_role("link", name="Settings").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Settings of default")
    page.get_by_role("navigation", name="Settings").get_by_role("link", name="Users").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Users")

    # Create a user; Enter in the last field submits.
    page.get_by_label("User name").fill("bea")
    page.get_by_label("E-mail").fill("bea@example.com")
    page.get_by_label("Password").fill("a long passphrase")
    page.get_by_label("Password").press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Created user 'bea'.")
    expect(page.get_by_role("cell", name="bea@example.com")).to_be_visible()

    # Give them the editor role, picked from the list of users.
    page.goto(f"{base}/env/default/settings")
    page.get_by_role("link", name="Roles").first.click()
    page.get_by_label("User").select_option("bea")
    page.get_by_label("Role", exact=True).select_option("editor")
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_role("status")).to_contain_text("bea is now editor in default.")
    expect(page.get_by_label("Role of bea")).to_have_value("editor")
    assert Membership.objects.get(user__username="bea").role == "editor"

    # Require one approval.
    page.locator("nav.breadcrumbs").get_by_role("link", name="Settings").click()
    approvals = page.get_by_label("Required approvals")
    approvals.fill("1")
    approvals.press("Enter")
    expect(page.get_by_role("status")).to_contain_text(
        "Environment 'default' needs 1 approval per change request"
    )
    assert Environment.objects.get(name="default").required_approvals == 1
    assert User.objects.get(username="bea").check_password("a long passphrase")
    shot(page, "administration-settings")
    assert page.errors == []  # type: ignore[attr-defined]
