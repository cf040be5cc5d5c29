"""The history says where a change came from: a known API client (the Flink catalog plugin) that
names itself in the ``X-Dashboard-Client`` header, next to the token's user. The name is
informational: an unknown one is not kept, and naming a client grants nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogs.models import HistoryEntry
from catalogs.origins import api_origin, public_origin, via
from tests.access import FAST_HASHERS, Members

ENV = "/api/v1/environments/default"
PLUGIN = {"HTTP_X_DASHBOARD_CLIENT": "flink-catalog"}


@pytest.fixture(autouse=True)
def _fast_hashers(settings) -> None:
    settings.PASSWORD_HASHERS = FAST_HASHERS


def _post(members: Members, statement: str, who: str = "editor", **headers: str):
    return members[who].post(f"{ENV}/statements", {"statement": statement}, "json", **headers)


@pytest.mark.parametrize(
    ("header", "origin"),
    [
        ("flink-catalog", "api:flink-catalog"),
        (" Flink-Catalog ", "api:flink-catalog"),
        (None, "api"),
        ("", "api"),
        ("my-own-tool", "api"),
        ("flink-catalog/1.0", "api"),
        ("api:flink-catalog", "api"),
    ],
)
def test_only_a_known_client_name_is_kept(header: str | None, origin: str) -> None:
    assert api_origin(header) == origin


@pytest.mark.parametrize(
    ("origin", "public", "said"),
    [
        ("api:flink-catalog", "api:flink-catalog", "via Flink catalog plugin"),
        ("api", "api", "via the API"),
        ("change-request:12", "change-request:12", "via change request #12"),
        ("console:" + "ab" * 16, "console", "in the console"),
        ("", "", ""),
    ],
)
def test_the_history_says_each_origin(origin: str, public: str, said: str) -> None:
    assert (public_origin(origin), via(origin)) == (public, said)


def test_a_change_from_the_plugin_is_kept_and_shown_as_the_plugins(members: Members) -> None:
    answer = _post(members, "CREATE TABLE t (a INT) WITH ('connector' = 'blackhole')", **PLUGIN)
    assert answer.status_code == 200, answer.json()
    # the changes of this request are found under the plugin's origin
    assert answer.json()["changes"] == [
        {"kind": "table", "catalog": "_env_default", "database": "default", "name": "t"}
    ]
    assert _post(members, "ALTER TABLE t ADD b INT").status_code == 200
    assert list(HistoryEntry.objects.order_by("pk").values_list("origin", flat=True)) == [
        "api:flink-catalog",
        "api",
    ]
    history = members["viewer"].get(f"{ENV}/history/").json()["results"]
    assert [(e["user"], e["origin"], e["via"]) for e in history] == [
        ("editor", "api", "via the API"),
        ("editor", "api:flink-catalog", "via Flink catalog plugin"),
    ]
    versions = members["viewer"].get(
        f"{ENV}/catalogs/_env_default/databases/default/tables/t/history"
    )
    assert [(v["user"], v["via"]) for v in versions.json()["versions"]] == [
        ("editor", "via the API"),
        ("editor", "via Flink catalog plugin"),
    ]


def test_an_unknown_client_name_is_not_kept(members: Members) -> None:
    headers = {"HTTP_X_DASHBOARD_CLIENT": "<b>trust me</b>"}
    assert _post(members, "CREATE DATABASE d", **headers).status_code == 200
    assert HistoryEntry.objects.get().origin == "api"


def test_naming_the_plugin_grants_nothing(members: Members) -> None:
    answer = _post(members, "CREATE DATABASE d", who="viewer", **PLUGIN)
    assert answer.status_code == 403
    assert answer.json()["errors"] == [
        {"message": "You need the editor role in environment 'default' to change the catalog."}
    ]
    assert not HistoryEntry.objects.exists()


def test_the_history_pages_say_via_flink_catalog_plugin_next_to_the_user(
    members: Members,
) -> None:
    assert _post(members, "CREATE TABLE t (a INT)", **PLUGIN).status_code == 200
    User.objects.create_superuser("root", password="pw")
    browser = Client()
    browser.force_login(User.objects.get(username="root"))
    page = browser.get(reverse("environment-history", args=["default"])).content.decode()
    assert '<td>editor<br><span class="muted">via Flink catalog plugin</span></td>' in page
    one = reverse("object-history", args=["default", "table", "_env_default", "default", "t"])
    page = browser.get(one).content.decode()
    assert '<td>editor<br><span class="muted">via Flink catalog plugin</span></td>' in page


def test_a_script_all_or_nothing_keeps_nothing_when_a_statement_fails(members: Members) -> None:
    """The plugin sends the statements of one change so: a half-applied ALTER never stays."""
    script = "CREATE TABLE t (a INT);\nCREATE TABLE t (b INT);\nCREATE TABLE u (a INT)"
    answer = members["editor"].post(
        f"{ENV}/statements", {"statement": script, "all_or_nothing": True}, "json", **PLUGIN
    )
    assert answer.status_code == 409
    body = answer.json()
    assert [r["ok"] for r in body["results"]] == [True, False]
    assert body["changes"] == []
    assert not HistoryEntry.objects.exists()
    # without it, the statements before the failure stay
    answer = members["editor"].post(f"{ENV}/statements", {"statement": script}, "json")
    assert answer.status_code == 409
    assert answer.json()["changes"] == [
        {"kind": "table", "catalog": "_env_default", "database": "default", "name": "t"}
    ]
