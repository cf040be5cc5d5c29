"""The site header and breadcrumbs (#17): one header on every page with the same links, only
those the role may follow; breadcrumbs on every page; ``_env_<name>`` explained."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogs import snapshots
from changes import services
from environments.models import Environment
from environments.services import add_environment
from tests.access import Members
from tests.conftest import RunScript

ALL = [
    "Environments",
    "Catalogs",
    "SQL console",
    "Change requests",
    "Snapshots",
    "History",
    "Jobs",
    "Settings",
    "API docs",
]
SETUP = """
CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
CREATE TABLE c.d.t (id BIGINT) WITH ('connector' = 'datagen');
"""


def header_links(html: str) -> list[tuple[str, str]]:
    nav = re.search(r'<nav class="main-nav" aria-label="Main">(.*?)</nav>', html, re.S)
    assert nav, "the page has no header navigation"
    return re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav.group(1))


def crumbs(html: str) -> list[str]:
    trail = re.search(r'<nav class="breadcrumbs" aria-label="Breadcrumbs">(.*?)</nav>', html, re.S)
    assert trail, "the page has no breadcrumbs"
    return [
        re.sub(r"<[^>]+>", "", item).strip()
        for item in re.findall(r"<li>(.*?)</li>", trail.group(1), re.S)
    ]


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def world(run: RunScript, environment: Environment, admin_user: User) -> dict[str, str]:
    """The pages to visit, by name: an environment's, a snapshot's, a change request's and
    the account's."""
    assert all(r.ok for r in run(SETUP))
    snapshot, _ = snapshots.take_snapshot(environment, "c", label="one")
    request = services.open_request(environment, admin_user, "Add d2", "", "CREATE DATABASE c.d2")
    sid = snapshot.snapshot_id
    return {
        "home": reverse("home"),
        "environment": reverse("environment", args=["default"]),
        "catalog": reverse("catalog", args=["default", "c"]),
        "table": reverse("table", args=["default", "c", "d", "t"]),
        "search": reverse("search", args=["default"]) + "?q=t",
        "console": reverse("console", args=["default"]),
        "history": reverse("environment-history", args=["default"]),
        "change-requests": reverse("change-requests", args=["default"]),
        "change-request": reverse("change-request", args=["default", request.pk]),
        "snapshots": reverse("snapshot-list", args=["default"]),
        "snapshot": reverse("snapshot", args=[sid]),
        "snapshot-diff": reverse("snapshot-diff", args=[sid]),
        "tokens": reverse("tokens"),
        "downloads": reverse("downloads"),
    }


def test_every_page_has_the_same_header_for_an_admin(client: Client, world: dict[str, str]) -> None:
    for name, url in world.items():
        links = header_links(client.get(url).text)
        assert [text for _, text in links] == ALL, name
        hrefs = dict((text, href) for href, text in links)
        assert hrefs["Snapshots"] == reverse("snapshot-list", args=["default"]), name
        assert hrefs["Settings"] == reverse("environment-settings", args=["default"]), name
        assert hrefs["API docs"] == reverse("api-docs"), name


def test_the_header_marks_the_current_section(client: Client, world: dict[str, str]) -> None:
    for name, section in [
        ("snapshot", "Snapshots"),
        ("snapshot-diff", "Snapshots"),
        ("change-request", "Change requests"),
        ("console", "SQL console"),
        ("table", "Catalogs"),
        ("history", "History"),
        ("home", "Environments"),
    ]:
        nav = re.search(r'<nav class="main-nav".*?</nav>', client.get(world[name]).text, re.S)
        assert nav
        current = re.findall(r'aria-current="page">([^<]+)<', nav.group(0))
        assert current == [section], name


def test_a_viewer_is_offered_every_link_but_settings(
    members: Members, world: dict[str, str]
) -> None:
    viewer = client_of(members.users["viewer"])
    for name, url in world.items():
        texts = [text for _, text in header_links(viewer.get(url).text)]
        assert texts == [t for t in ALL if t != "Settings"], name


def test_an_outsider_is_offered_no_environment(members: Members, world: dict[str, str]) -> None:
    outsider = client_of(members.users["outsider"])
    for name in ("home", "tokens", "downloads"):
        texts = [text for _, text in header_links(outsider.get(world[name]).text)]
        assert texts == ["Environments", "API docs"], name


def test_a_page_outside_an_environment_links_to_the_first_one(
    client: Client, world: dict[str, str], admin_user: User
) -> None:
    add_environment(name="alpha", description="")
    html = client.get(world["tokens"]).text
    assert reverse("console", args=["alpha"]) in dict(header_links(html))
    # a page in an environment links to that one
    html = client.get(world["snapshot"]).text
    assert dict((t, h) for h, t in header_links(html))["SQL console"] == reverse(
        "console", args=["default"]
    )


def test_every_page_has_breadcrumbs(client: Client, world: dict[str, str]) -> None:
    sid = world["snapshot"].rsplit("/", 1)[1]
    expected = {
        "home": ["Environments"],
        "environment": ["Environments", "default"],
        "catalog": ["Environments", "default", "c"],
        "table": ["Environments", "default", "c", "d", "t"],
        "search": ["Environments", "default", "Search"],
        "console": ["Environments", "default", "SQL console"],
        "history": ["Environments", "default", "History"],
        "change-requests": ["Environments", "default", "Change requests"],
        "change-request": ["Environments", "default", "Change requests", "Add d2"],
        "snapshots": ["Environments", "default", "Snapshots"],
        "snapshot": ["Environments", "default", "Snapshots", sid],
        "snapshot-diff": ["Environments", "default", "Snapshots", sid, "Diff"],
        "tokens": ["Environments", "API tokens"],
        "downloads": ["Environments", "Flink plugin"],
    }
    for name, trail in expected.items():
        found = crumbs(client.get(world[name]).text)
        assert found[-len(trail) :] == trail, (name, found)
    for name, url, trail in [
        ("import", reverse("snapshot-import", args=["default"]), ["Snapshots", "Import"]),
        ("delete", reverse("snapshot-delete", args=[sid]), ["Snapshots", sid, "Delete"]),
        ("plan", reverse("folder-plan", args=["default"]), ["Snapshots", "Plan from folder"]),
        (
            "open",
            reverse("change-request-open", args=["default"]),
            ["Change requests", "Open a change request"],
        ),
        ("create", reverse("environment-create"), ["Environments", "New environment"]),
    ]:
        assert crumbs(client.get(url).text)[-len(trail) :] == trail, name


def test_the_home_and_environment_pages_show_the_tree_and_its_search(
    client: Client, world: dict[str, str]
) -> None:
    for name in ("home", "environment"):
        html = client.get(world[name]).text
        assert '<nav class="sidebar" aria-label="Catalog tree">' in html, name
        assert 'id="tree-search-input"' in html, name


def test_the_environment_catalog_is_explained_where_it_shows(
    client: Client, world: dict[str, str]
) -> None:
    said = (
        "The environment catalog _env_default holds what is created in environment default "
        "without naming a catalog"
    )
    env_catalog = client.get(reverse("catalog", args=["default", "_env_default"])).text
    assert f'data-testid="env-catalog-help">{said}' in env_catalog
    assert f'data-testid="env-catalog-help">{said}' in client.get(world["environment"]).text
    assert 'data-testid="env-catalog-help"' not in client.get(world["catalog"]).text
    tree = client.get(world["table"]).text  # the tree's link and the badge have it as a tooltip
    assert re.search(rf'class="catalog-name" href="[^"]+" title="{said}', tree)
    assert f'<span class="badge" title="{said}' in client.get(world["home"]).text
