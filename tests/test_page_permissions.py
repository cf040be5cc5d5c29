"""Pages offer only the actions the reader's role can take, a 403 keeps the layout and says
which role is needed and who grants it, and the UI links to a new catalog (#17)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.access import Members
from tests.conftest import RunScript
from tests.test_accessibility import Audit

DB = ["default", "shop", "sales"]
ACTIONS = {
    "catalog": (["default", "shop"], ["New database", "Edit catalog", "Drop catalog"]),
    "database": (DB, ["New table", "Set properties", "Drop database", "Drop<span"]),
    "table": ([*DB, "orders"], ["Edit options", "Rename table", "Drop table", "Modify<span"]),
    "view": ([*DB, "big_orders"], ["Edit query", "Rename view", "Drop view"]),
}


@pytest.fixture
def shop(members: Members, run: RunScript) -> Members:
    call_command("load_demo", verbosity=0, stdout=None)
    run("CREATE VIEW shop.sales.big_orders AS SELECT * FROM shop.sales.orders;")
    return members


def browser(members: Members, who: str) -> Client:
    client = Client()
    client.force_login(members.users[who])
    return client


@pytest.mark.parametrize("page", sorted(ACTIONS))
def test_a_viewer_is_offered_no_change_and_an_editor_every_one(shop: Members, page: str) -> None:
    args, links = ACTIONS[page]
    url = reverse(page, args=args)
    viewer = browser(shop, "viewer").get(url)
    editor = browser(shop, "editor").get(url)
    assert viewer.status_code == editor.status_code == 200
    for link in links:
        assert link not in viewer.text, (page, link)
        assert link in editor.text, (page, link)


def test_a_403_keeps_the_layout_and_says_which_role_and_who_grants_it(shop: Members) -> None:
    response = browser(shop, "viewer").get(reverse("table-alter", args=[*DB, "orders"]))
    assert response.status_code == 403
    html = response.text
    assert '<header class="site-header">' in html
    assert '<nav class="breadcrumbs" aria-label="Breadcrumbs">' in html
    assert "<h1>Permission needed</h1>" in html
    assert "You need the editor role in environment &#x27;default&#x27; to do this." in html
    assert "The editor role: Editor (run DDL)." in html
    assert "Ask an admin of environment default (owner) to grant it on the environment's" in html
    assert reverse("environment", args=["default"]) in html


def test_an_admin_role_needed_names_the_admin_role(shop: Members) -> None:
    response = browser(shop, "editor").get(reverse("environment-roles", args=["default"]))
    assert response.status_code == 403
    assert "You need the admin role in environment" in response.text


def test_an_api_403_stays_json(shop: Members) -> None:
    url = "/api/v1/environments/default/catalogs/shop/databases/sales/tables/orders"
    response = shop["viewer"].delete(url)
    assert response.status_code == 403
    assert response.json()["errors"][0]["message"].startswith("You need the editor role")


def test_the_environment_page_links_to_a_new_catalog_for_editors(shop: Members) -> None:
    url = reverse("environment", args=["default"])
    new = reverse("catalog-create", args=["default"])
    assert f'href="{new}">New catalog</a>' in browser(shop, "editor").get(url).text
    assert new not in browser(shop, "viewer").get(url).text


def test_an_environment_with_only_its_own_catalog_says_how_to_start(members: Members) -> None:
    url = reverse("environment", args=["default"])
    editor = browser(members, "editor").get(url).text
    assert "No catalogs of your own yet." in editor
    assert "Create the first catalog</a>" in editor
    viewer = browser(members, "viewer").get(url).text
    assert "Editors create catalogs; ask an admin of this environment for the editor" in viewer


def test_the_403_page_has_one_h1_and_labelled_fields(shop: Members) -> None:
    response = browser(shop, "viewer").get(reverse("catalog-create", args=["default"]))
    assert response.status_code == 403
    audit = Audit()
    audit.feed(response.text)
    assert audit.headings == [1]
    assert all(f["_wrapped"] or f.get("aria-label") for f in audit.fields)
