"""The history names the console session a statement came from, never an authentication
secret: a viewer who reads it cannot log in as whoever ran the statement."""

from __future__ import annotations

import importlib
import re
from io import StringIO

import yaml
from django.apps import apps
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session as DjangoSession
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from catalogs.models import HistoryEntry
from tests.access import Members

CONSOLE = reverse("console", args=["default"])
HISTORY = "/api/v1/environments/default/history/"


def _sign_in(browser: Client, username: str) -> None:
    """Sign in through the login page, as a person does (and as the sign-in throttle sees it)."""
    answer = browser.post(reverse("login"), {"username": username, "password": "pw"})
    assert answer.status_code == 302, answer.content


def _logged_in(username: str) -> Client:
    """A browser that logged in with a password, so it holds a real session cookie."""
    User.objects.create_superuser(username, password="pw")
    browser = Client()
    _sign_in(browser, username)
    return browser


def _session_keys() -> set[str]:
    return set(DjangoSession.objects.values_list("session_key", flat=True))


def test_it_keeps_no_session_key_in_the_history_of_console_and_form_statements(
    members: Members,
) -> None:
    browser = _logged_in("root")
    assert browser.post(CONSOLE, {"sql": "CREATE DATABASE d1"}).status_code == 200
    form = reverse("database-create", args=["default", "_env_default"])
    assert browser.post(form, {"name": "d2"}).status_code == 302
    origins = list(HistoryEntry.objects.order_by("pk").values_list("origin", flat=True))
    assert len(origins) == 2 and origins[0] == origins[1]  # one browser, one console session
    assert re.fullmatch(r"console:[0-9a-f]{32}", origins[0])
    keys = _session_keys()
    assert browser.cookies["sessionid"].value in keys
    assert not keys & set(origins)


def test_it_gives_two_browsers_of_one_user_two_console_sessions(db: None) -> None:
    first = _logged_in("root")
    second = Client()
    _sign_in(second, "root")
    first.post(CONSOLE, {"sql": "CREATE DATABASE d1"})
    second.post(CONSOLE, {"sql": "CREATE DATABASE d2"})
    origins = set(HistoryEntry.objects.values_list("origin", flat=True))
    assert len(origins) == 2


def test_it_answers_the_history_to_a_viewer_without_any_session_key(members: Members) -> None:
    browser = _logged_in("root")
    browser.post(CONSOLE, {"sql": "CREATE DATABASE d1"})
    browser.post(reverse("database-create", args=["default", "_env_default"]), {"name": "d2"})
    response = members["viewer"].get(HISTORY)
    assert response.status_code == 200
    entries = response.json()["results"]
    fields = ["changes", "created_at", "id", "origin", "statement", "user", "via"]
    assert [sorted(e) for e in entries] == [fields, fields]
    # the origin says a console ran them, without its session id
    assert [(e["origin"], e["via"]) for e in entries] == [("console", "in the console")] * 2
    text = response.content.decode()
    origin = HistoryEntry.objects.values_list("origin", flat=True).first()
    for secret in [*_session_keys(), origin]:
        assert secret not in text


def test_it_leaves_the_session_out_of_the_history_schema(db: None) -> None:
    out = StringIO()
    call_command("spectacular", stdout=out)
    schema = yaml.safe_load(out.getvalue())
    fields = schema["components"]["schemas"]["HistoryEntry"]["properties"]
    assert sorted(fields) == ["changes", "created_at", "id", "origin", "statement", "user", "via"]


def test_it_replaces_every_stored_session_key_in_the_migration_keeping_the_grouping(
    environment,
) -> None:
    migration = importlib.import_module("catalogs.migrations.0007_history_origin")
    leaked = ["k" * 32, "q" * 32]
    for value in [leaked[0], leaked[0], leaked[1], "api", "change-request:7", ""]:
        HistoryEntry.objects.create(environment=environment, statement="x", origin=value)
    migration.replace_session_keys(apps, None)
    origins = list(HistoryEntry.objects.order_by("pk").values_list("origin", flat=True))
    assert not set(leaked) & set(origins)
    assert origins[0] == origins[1] != origins[2]
    assert all(re.fullmatch(r"console:[0-9a-f]{32}", o) for o in origins[:3])
    assert origins[3:] == ["api", "change-request:7", ""]
