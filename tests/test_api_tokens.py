"""API tokens: issued with an optional expiry, kept as a hash, revoked by their owner or a
superuser; the command that issues one; the header that authenticates with one."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from io import StringIO
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from environments.models import ApiToken
from tests.access import FAST_HASHERS, Members, make_members

ENV = "/api/v1/environments/default"
TOKENS = "/api/v1/tokens/"
FIELDS = {"id", "name", "user", "state", "created", "expires_at", "last_used", "revoked_at"}


@pytest.fixture(autouse=True)
def fast_passwords(settings) -> None:
    settings.PASSWORD_HASHERS = FAST_HASHERS


@pytest.fixture
def members(environment) -> Members:
    return make_members(environment)


def signed_in(user: User) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def with_token(value: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {value}")
    return client


def errors(response) -> list[str]:
    return [error["message"] for error in response.json()["errors"]]


def test_it_refuses_an_expired_token(members: Members) -> None:
    _, value = ApiToken.issue(members.users["viewer"], "old", expires_in_days=1)
    ApiToken.objects.filter(name="old").update(expires_at=datetime(2026, 1, 2, 3, 4, tzinfo=UTC))
    response = with_token(value).get(ENV)
    assert response.status_code == 401
    assert errors(response) == ["This token expired on 2026-01-02 03:04 UTC."]
    assert response["WWW-Authenticate"] == "Token"
    assert ApiToken.objects.get(name="old").state == ApiToken.State.EXPIRED


def test_it_refuses_an_unknown_token(db: None) -> None:
    response = with_token("no-such-token").get(ENV)
    assert response.status_code == 401
    assert errors(response) == ["Invalid token."]


def test_it_refuses_the_token_of_an_inactive_user(members: Members) -> None:
    User.objects.filter(username="viewer").update(is_active=False)
    response = members["viewer"].get(ENV)
    assert response.status_code == 401
    assert errors(response) == ["User inactive or deleted."]


def test_it_notes_when_a_token_was_last_used(members: Members) -> None:
    token, value = ApiToken.issue(members.users["viewer"], "tool")
    assert token.last_used is None
    with_token(value).get(ENV)
    used = ApiToken.objects.get(pk=token.pk).last_used
    assert used is not None
    with_token(value).get(ENV)  # within the minute: not written again
    assert ApiToken.objects.get(pk=token.pk).last_used == used


def test_it_prints_a_new_api_token_that_authenticates(members: Members) -> None:
    out = StringIO()
    call_command("create_api_token", "viewer", "--name", "ci", stdout=out)
    value = out.getvalue().strip()
    token = ApiToken.objects.get(user__username="viewer", name="ci")
    assert token.key_hash == hashlib.sha256(value.encode()).hexdigest()
    assert token.expires_at is None
    assert with_token(value).get(ENV).status_code == 200
    again = StringIO()
    call_command("create_api_token", "viewer", "--name", "ci", stdout=again)
    assert again.getvalue().strip() != value
    assert with_token(value).get(ENV).status_code == 200  # a second token, the first lives
    call_command("create_api_token", "viewer", "--name", "ci", "--rotate", stdout=StringIO())
    assert with_token(value).get(ENV).status_code == 401
    assert members["viewer"].get(ENV).status_code == 200  # other names are kept
    assert ApiToken.objects.filter(name="ci", revoked_at=None).count() == 1


def test_it_prints_a_token_that_expires(members: Members) -> None:
    call_command("create_api_token", "viewer", "--expires-in", "7", stdout=StringIO())
    token = ApiToken.objects.get(user__username="viewer", name="command line")
    assert token.expires_at - token.created == timedelta(days=7)


def test_it_refuses_a_bad_token_command(members: Members) -> None:
    with pytest.raises(CommandError, match="There is no user 'nobody'."):
        call_command("create_api_token", "nobody")
    with pytest.raises(CommandError, match="A token expires in 1 to 3650 days."):
        call_command("create_api_token", "viewer", "--expires-in", "0")


def test_it_keeps_the_tokens_of_rest_framework_authtoken_working(members: Members) -> None:
    from importlib import import_module

    from django.apps import apps

    migration = import_module("environments.migrations.0006_api_tokens")
    key = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id integer, "
            "created timestamp with time zone)"
            if connection.vendor == "postgresql"
            else "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id integer, "
            "created datetime)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token VALUES (%s, %s, %s)",
            [key, members.users["editor"].pk, timezone.now()],
        )
    # the function reads only the editor's connection (SQLite refuses a real editor here)
    migration.hash_authtoken_tokens(apps, SimpleNamespace(connection=connection))
    migrated = ApiToken.objects.get(name="migrated token")
    assert migrated.user == members.users["editor"]
    assert migrated.key_hash == hashlib.sha256(key.encode()).hexdigest()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM authtoken_token")
        assert cursor.fetchone() == (0,)
    assert with_token(key).get(ENV).status_code == 200
