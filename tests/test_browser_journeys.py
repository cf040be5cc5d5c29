"""Three journeys of #17 in a real browser, as a user takes them: finding the way (one header,
breadcrumbs, the tree), searching (which column matched), and snapshots (take one, import it
from the store and from a file, the file kept across the dry run). axe-core checks every page
(tests/browser.py); screenshots are kept under test-artifacts/."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from catalogs import snapshots
from catalogs.models import Catalog, Snapshot
from environments.models import Environment, Membership, Role
from tests.browser import ARTIFACTS, log_in, shot
from tests.test_navigation import ALL as HEADER_LINKS  # the header's links, in order

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def header_links(page: Page) -> list[str]:
    nav = page.get_by_role("navigation", name="Main")
    return [text.strip() for text in nav.get_by_role("link").all_inner_texts()]


def crumbs(page: Page) -> list[str]:
    trail = page.get_by_role("navigation", name="Breadcrumbs").locator("li")
    return [text.strip() for text in trail.all_inner_texts()]


def fill_secrets(page: Page) -> None:
    """Give every placeholder the page asks for a value (the values are never shown again)."""
    fields = page.locator("input[type=password][name^=variable-]")
    expect(fields.first).to_be_visible()
    for index in range(fields.count()):
        fields.nth(index).fill(f"secret-{index}")


def test_one_header_and_breadcrumbs_lead_everywhere(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)

    # Home: the header, the tree and its search beside the environments.
    assert header_links(page) == HEADER_LINKS
    expect(page.get_by_test_id("header-environment")).to_have_text("default")
    tree = page.get_by_role("navigation", name="Catalog tree")
    expect(tree.get_by_label("Search names, comments, columns")).to_be_visible()
    expect(tree.get_by_role("link", name="shop", exact=True)).to_be_visible()
    assert crumbs(page) == ["Environments"]
    shot(page, "journey-navigation-home")

    # The keyboard reaches the header first: the skip link, the brand, then its links.
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to content")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Environments")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Catalogs")

    # The same header on every page, the current section marked, breadcrumbs down to it.
    header = page.get_by_role("navigation", name="Main")
    for link, heading, trail in [
        ("Snapshots", "Snapshots default", ["Snapshots"]),
        ("Change requests", "Change requests in default", ["Change requests"]),
        ("History", None, ["History"]),
        ("Settings", "Settings of default", ["Settings"]),
        ("Catalogs", "Environment default", []),
    ]:
        header.get_by_role("link", name=link, exact=True).click()
        expect(header.get_by_role("link", name=link, exact=True)).to_have_attribute(
            "aria-current", "page"
        )
        if heading:
            expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        assert crumbs(page) == ["Environments", "default", *trail], (link, crumbs(page))
        assert header_links(page) == HEADER_LINKS, link

    # The environment page shows the tree and explains its environment catalog.
    expect(page.get_by_role("navigation", name="Catalog tree")).to_be_visible()
    help_text = page.get_by_test_id("env-catalog-help")
    expect(help_text).to_contain_text(
        "The environment catalog _env_default holds what is created in environment default "
        "without naming a catalog"
    )
    env_link = page.get_by_role("navigation", name="Catalog tree").get_by_role(
        "link", name="_env_default", exact=True
    )
    expect(env_link).to_have_attribute(
        "title", re.compile(r"^The environment catalog _env_default")
    )
    shot(page, "journey-navigation-environment")

    # Snapshot, import and change-request pages have breadcrumbs too.
    page.goto(f"{base}/env/default/snapshots/import")
    assert crumbs(page) == ["Environments", "default", "Snapshots", "Import"]
    page.get_by_role("navigation", name="Breadcrumbs").get_by_role("link", name="Snapshots").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Snapshots default")
    page.goto(f"{base}/env/default/change-requests/new")
    assert crumbs(page) == ["Environments", "default", "Change requests", "Open a change request"]
    shot(page, "journey-navigation-change-request")

    # Pages outside an environment keep the header, on the first environment.
    page.goto(f"{base}/account/tokens")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert header_links(page) == HEADER_LINKS
    assert crumbs(page) == ["Environments", "API tokens"]
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_viewer_sees_only_the_links_of_their_role(page: Page, live_server: object) -> None:
    viewer = User.objects.create_user("vera", password="vera-password")
    environment = Environment.objects.get(name="default")
    Membership.objects.create(environment=environment, user=viewer, role=Role.VIEWER)
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base, "vera", "vera-password")
    page.goto(f"{base}/env/default/")
    assert header_links(page) == [link for link in HEADER_LINKS if link != "Settings"]
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Snapshots").click()
    # the snapshots page itself, not the page the click left (where the link is absent too)
    expect(page).to_have_url(re.compile(r"/env/default/snapshots"))
    expect(page.get_by_role("link", name=re.compile("Import a snapshot"))).to_have_count(0)
    shot(page, "journey-navigation-viewer")
    assert page.errors == []  # type: ignore[attr-defined]


def test_search_says_which_column_matched(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Catalogs").click()

    # As you type, in the tree: a column found by its comment, named.
    box = page.get_by_role("navigation", name="Catalog tree").get_by_label(
        "Search names, comments, columns"
    )
    box.fill("voucher")
    results = page.locator("#tree-search-results")
    expect(results).to_contain_text("shop.sales.payments")
    expect(results).to_contain_text(
        "the comment of column payment_method matches: “card, invoice or voucher”"
    )
    shot(page, "journey-search-as-you-type")

    # Enter opens the search page; a column found by its name says so.
    box.fill("payment_method")
    expect(results).to_contain_text("column payment_method matches")
    box.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Search in default")
    found = page.locator("#search-results")
    expect(found.locator("li", has_text="shop.sales.payments")).to_contain_text(
        "column payment_method matches"
    )
    assert crumbs(page) == ["Environments", "default", "Search"]
    shot(page, "journey-search-page")
    found.get_by_role("link", name="shop.sales.payments").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("payments")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_release_is_snapshotted_and_imported_from_the_store_and_from_a_file(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)

    # Snapshots are in the header; take one of the demo catalog.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Snapshots").click()
    page.get_by_label("Catalog", exact=True).select_option("shop")
    page.get_by_label("Release label").fill("release 1")
    page.get_by_role("button", name="Take snapshot").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Snapshot")
    snapshot = Snapshot.objects.get(label="release 1")
    assert crumbs(page) == ["Environments", "default", "Snapshots", snapshot.snapshot_id]
    shot(page, "journey-snapshots-taken")

    # Import it from the store: Enter in a field runs the dry run, the primary action.
    page.get_by_role("navigation", name="Breadcrumbs").get_by_role("link", name="Snapshots").click()
    page.get_by_role("link", name="Import a snapshot (stored or from a file)").click()
    page.get_by_label("A stored snapshot").check()
    page.get_by_label("Stored snapshot", exact=True).select_option(snapshot.snapshot_id)
    page.get_by_role("textbox", name="Into catalog").fill("shop_copy")
    page.get_by_role("textbox", name="Into catalog").press("Enter")
    summary = page.get_by_test_id("import-summary")
    # the demo's secrets are placeholders in the snapshot: the page asks for their values
    expect(summary).to_contain_text("The snapshot holds placeholders instead of secret values")
    fill_secrets(page)
    page.get_by_role("textbox", name="Into catalog").press("Enter")
    expect(summary).to_contain_text(
        f"Dry run of snapshot {snapshot.snapshot_id}: every statement would succeed"
    )
    assert not Catalog.objects.filter(name="shop_copy").exists()
    shot(page, "journey-snapshots-dry-run-stored")
    fill_secrets(page)  # secret values are never sent back to the browser: typed for each run
    page.get_by_role("button", name="Import", exact=True).click()
    expect(summary).to_contain_text(
        f"Imported snapshot {snapshot.snapshot_id} into catalog shop_copy"
    )
    assert Catalog.objects.filter(name="shop_copy").exists()

    # From a file: the dry run keeps it, so Import needs no second choice of the file.
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "journey-release-1.json"
    path.write_bytes(snapshots.snapshot_bytes(snapshot))
    page.get_by_label("A snapshot file").check()
    page.get_by_label("Snapshot file (flink-sql-bootstrap JSON)").set_input_files(str(path))
    page.get_by_role("textbox", name="Into catalog").fill("shop_file")
    fill_secrets(page)
    page.get_by_role("button", name="Dry run").click()
    expect(summary).to_contain_text("Dry run of file journey-release-1.json")
    expect(page.get_by_test_id("held-file")).to_contain_text(
        "Kept from the dry run: journey-release-1.json"
    )
    shot(page, "journey-snapshots-dry-run-file")
    fill_secrets(page)
    page.get_by_role("button", name="Import", exact=True).click()
    expect(summary).to_contain_text("Imported file journey-release-1.json into catalog shop_file")
    assert Catalog.objects.filter(name="shop_file").exists()

    # Into a catalog that holds the same objects: refused, and the summary says why, on top.
    page.get_by_label("A stored snapshot").check()
    page.get_by_label("Stored snapshot", exact=True).select_option(snapshot.snapshot_id)
    page.get_by_role("textbox", name="Into catalog").fill("shop")
    fill_secrets(page)
    page.get_by_role("button", name="Import", exact=True).click()
    expect(summary).to_contain_text("Not imported: catalog shop is unchanged")
    expect(summary.locator("li.error").first).to_be_visible()
    box = summary.bounding_box()
    form = page.locator("form.form").bounding_box()
    assert box and form and box["y"] < form["y"]
    shot(page, "journey-snapshots-refused")
    assert [e for e in page.errors if "HTTP 403" not in e] == []  # type: ignore[attr-defined]
