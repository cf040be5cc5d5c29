"""Pages and API answers kept while their environment has not changed: served again with fewer
queries, never stale after a change, never another reader's name, token, role or message."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from catalogs import services as catalog_services
from catalogs import snapshots
from catalogs.models import Function
from environments import services
from environments.models import Environment, EnvironmentVersion, Role
from tests.access import Members
from tests.conftest import RunScript

ORDERS = ["default", "shop", "sales", "orders"]
API = "/api/v1/environments/default/catalogs/shop/databases/sales"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
TOKENS = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


@pytest.fixture
def demo(db: None) -> None:
    call_command("load_demo", stdout=None)


def browser(user: User, **kwargs: Any) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


def get(client: Client, url: str) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return response.text, len(queries)


def kept_for_the_viewer(members: Members) -> tuple[str, Client]:
    """The orders table's page, read (and so kept) by the viewer, and the viewer's browser."""
    url = reverse("table", args=ORDERS)
    viewer = browser(members.users["viewer"])
    get(viewer, url)
    return url, viewer


def version(environment: Environment) -> int:
    return EnvironmentVersion.objects.get(environment=environment).value


def test_a_page_is_kept_until_its_environment_changes(
    demo: None, client: Client, run: RunScript, environment: Environment
) -> None:
    url = reverse("table", args=ORDERS)
    first, rendering = get(client, url)
    again, serving = get(client, url)
    assert TOKENS.sub(r"\1", again) == TOKENS.sub(r"\1", first)
    assert serving <= 3 < rendering  # session, user, the environment's version
    before = version(environment)
    (changed,) = run("ALTER TABLE shop.sales.orders SET ('sink.parallelism' = '7')")
    assert changed.ok, changed
    assert version(environment) == before + 1
    assert "sink.parallelism" not in first
    assert "sink.parallelism" in get(client, url)[0]


def test_a_refused_statement_changes_nothing_a_reader_sees(
    demo: None, client: Client, run: RunScript, environment: Environment
) -> None:
    url = reverse("table", args=ORDERS)
    get(client, url)
    before = version(environment)
    (refused,) = run("ALTER TABLE shop.sales.orders ADD missing_type")
    assert not refused.ok
    (kept,) = run("CREATE TABLE IF NOT EXISTS shop.sales.orders (a INT)")
    assert kept.ok
    assert version(environment) == before
    assert get(client, url)[1] <= 3


def test_a_script_raises_the_version_once_and_only_when_it_is_kept(
    demo: None, executor: Any, environment: Environment
) -> None:
    before = version(environment)
    script = "CREATE TABLE shop.sales.a (x INT);\nCREATE TABLE shop.sales.b (x INT);"
    assert all(r.ok for r in executor.execute_script(script, all_or_nothing=True))
    assert version(environment) == before + 1
    failing = "CREATE TABLE shop.sales.c (x INT);\nCREATE TABLE shop.sales.a (x INT);"
    assert not executor.execute_script(failing, all_or_nothing=True)[-1].ok
    assert version(environment) == before + 1


def test_each_reader_gets_their_own_name_and_a_csrf_token_that_works(
    demo: None, members: Members, environment: Environment
) -> None:
    url, _ = kept_for_the_viewer(members)
    second_user = User.objects.create_user("second<viewer>")
    services.grant_role(environment, second_user, "viewer")
    second = browser(second_user, enforce_csrf_checks=True)
    page, queries = get(second, url)
    assert queries <= 4  # session, user, membership with the version
    assert "<span>second&lt;viewer&gt;</span>" in page and "<span>viewer</span>" not in page
    (token,) = TOKEN.findall(page)  # the log-out form's
    assert f'"X-CSRFToken": "{token}"' in page
    assert second.post(reverse("logout"), {"csrfmiddlewaretoken": token}).status_code == 302


def test_readers_of_different_roles_do_not_share_a_page(
    demo: None, members: Members, admin_user: User
) -> None:
    admin = browser(admin_user)
    assert "New environment" in get(admin, reverse("home"))[0]
    viewer = browser(members.users["viewer"])
    assert "New environment" not in get(viewer, reverse("home"))[0]
    assert "New environment" in get(admin, reverse("home"))[0]


def test_a_reader_whose_role_is_taken_away_no_longer_gets_the_kept_page(
    demo: None, members: Members, environment: Environment
) -> None:
    url, viewer = kept_for_the_viewer(members)
    services.revoke_role(environment, members.users["viewer"])
    assert viewer.get(url).status_code == 404
    api = members["viewer"]
    assert api.get(f"{API}/tables/").status_code == 404


def test_a_message_is_shown_once_and_only_to_its_reader(
    demo: None, client: Client, members: Members
) -> None:
    created = client.post(reverse("database-create", args=["default", "shop"]), {"name": "d2"})
    assert created.status_code == 302
    page = created.url
    assert "Done:" not in get(browser(members.users["viewer"]), page)[0]  # now kept
    assert "Done: CREATE DATABASE" in get(client, page)[0]
    assert "Done:" not in get(client, page)[0]


def test_changes_made_outside_the_executor_show_at_once(
    demo: None, client: Client, environment: Environment, members: Members
) -> None:
    home = reverse("home")
    get(client, home)
    services.update_environment(environment, "default", "Described now")
    assert "Described now" in get(client, home)[0]

    function_url = f"{API}/functions/mask_email"
    assert "BIGINT" not in members["viewer"].get(function_url).text
    function = Function.objects.get(name="mask_email")
    catalog_services.set_function_details(function, None, return_type="BIGINT")
    assert "BIGINT" in members["viewer"].get(function_url).text

    history = reverse("environment-history", args=["default"])
    snapshot, _ = snapshots.take_snapshot(environment, "shop")
    assert snapshot.snapshot_id not in get(client, history)[0]
    snapshots.delete_snapshot(snapshot)
    assert snapshot.snapshot_id in get(client, history)[0]


def test_an_api_answer_is_kept_with_its_etag_until_a_change(
    demo: None, members: Members, run: RunScript
) -> None:
    url = f"{API}/tables/orders"
    first = members["viewer"].get(url)
    with CaptureQueriesContext(connection) as queries:
        again = members["viewer"].get(url)
    assert len(queries) <= 3, [q["sql"] for q in queries]  # token, user, role with version
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert again["Content-Type"] == "application/json"
    (changed,) = run("ALTER TABLE shop.sales.orders SET ('sink.parallelism' = '7')")
    assert changed.ok
    fresh = members["viewer"].get(url)
    assert fresh.json()["options"]["sink.parallelism"] == "7"
    assert fresh["ETag"] != first["ETag"]
    # the query string is part of what is kept
    assert len(members["viewer"].get(f"{API}/tables/", {"limit": 1}).json()["results"]) == 1
    assert len(members["viewer"].get(f"{API}/tables/").json()["results"]) > 1


def test_nothing_is_kept_with_the_cache_off(demo: None, client: Client, settings: Any) -> None:
    settings.PAGE_CACHE = False
    url = reverse("table", args=ORDERS)
    assert get(client, url)[1] == get(client, url)[1] > 3


def test_a_page_is_rendered_once_per_role_and_kept_for_each(
    demo: None, members: Members, environment: Environment
) -> None:
    url = reverse("catalog", args=["default", "shop"])
    for who in ("owner", "editor", "viewer"):
        assert get(browser(members.users[who]), url)[1] > 4  # rendered for this role
    other_editor = User.objects.create_user("other-editor")
    services.grant_role(environment, other_editor, Role.EDITOR)
    assert get(browser(other_editor), url)[1] <= 4  # the editors' page, kept


def test_several_statements_of_one_request_raise_the_version_once_as_their_last_write(
    demo: None, members: Members, environment: Environment
) -> None:
    url = f"{API}/tables/orders"
    tag = members["editor"].get(url)["ETag"]
    before = version(environment)
    with CaptureQueriesContext(connection) as queries:
        changed = members["editor"].patch(
            url,
            {"set_options": {"sink.parallelism": "7"}, "reset_options": ["format"]},
            format="json",
            HTTP_IF_MATCH=tag,
        )
    assert changed.status_code == 200, changed.content
    assert len(changed.json()["statements"]) == 2
    assert version(environment) == before + 1
    writes = [q["sql"] for q in queries if not q["sql"].startswith(("SELECT", "SAVEPOINT"))]
    writes = [w for w in writes if not w.startswith("RELEASE SAVEPOINT")]
    assert "environments_environmentversion" in writes[-1]


def test_the_console_is_kept_per_console_session(
    demo: None, client: Client, admin_user: User
) -> None:
    url = reverse("console", args=["default"])
    other = browser(admin_user)
    fresh, _ = get(other, url)
    assert 'data-testid="current-database">default<' in fresh
    client.post(url, {"sql": "CREATE DATABASE d1;\nUSE d1"})
    mine, _ = get(client, url)
    assert 'data-testid="current-database">d1<' in mine and "USE d1" in mine
    get(other, url)  # rendered again: CREATE DATABASE changed the environment
    page, queries = get(other, url)
    assert 'data-testid="current-database">default<' in page and "USE d1" not in page
    assert queries <= 5  # and the user's console scripts and the open change requests it lists
    assert get(client, url)[0].count("USE d1") == mine.count("USE d1")


def test_the_environment_page_is_kept_until_a_change(
    demo: None, client: Client, run: RunScript
) -> None:
    url = reverse("environment", args=["default"])
    assert "more_catalog" not in get(client, url)[0]
    assert get(client, url)[1] <= 3
    (created,) = run("CREATE CATALOG more_catalog WITH ('type' = 'generic_in_memory')")
    assert created.ok
    assert "more_catalog" in get(client, url)[0]


def test_a_name_with_nul_is_not_found_rather_than_an_error(client: Client, db: None) -> None:
    assert client.get("/env/de%00fault/").status_code == 404
    assert client.get("/api/v1/environments/de%00fault/catalogs/").status_code == 404
