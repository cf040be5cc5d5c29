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
from tests.access import Members

ENV = "/api/v1/environments/default"
TOKENS = "/api/v1/tokens/"
FIELDS = {"id", "name", "user", "state", "created", "expires_at", "last_used", "revoked_at"}


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


def test_it_issues_a_token_whose_value_is_shown_once(members: Members) -> None:
    viewer = signed_in(members.users["viewer"])
    response = viewer.post(TOKENS, {"name": "ci", "expires_in_days": 30})
    assert response.status_code == 201
    body = response.json()
    assert set(body) == FIELDS | {"token"}
    assert (body["name"], body["user"], body["state"]) == ("ci", "viewer", "active")
    stored = ApiToken.objects.get(pk=body["id"])
    assert stored.key_hash == hashlib.sha256(body["token"].encode()).hexdigest()
    assert stored.expires_at - stored.created == timedelta(days=30)
    assert body["token"] not in str(ApiToken.objects.values_list())
    assert with_token(body["token"]).get(ENV).status_code == 200
    listed = viewer.get(TOKENS).json()["results"]
    assert [t["name"] for t in listed] == ["ci", "tests"]
    assert all(set(t) == FIELDS for t in listed)
    assert body["token"] not in str(listed)
    one = viewer.get(f"{TOKENS}{body['id']}/").json()
    assert set(one) == FIELDS


def test_it_issues_a_token_that_never_expires(members: Members) -> None:
    response = signed_in(members.users["viewer"]).post(TOKENS, {"name": "forever"})
    assert response.status_code == 201
    assert response.json()["expires_at"] is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "name: This field is required."),
        (
            {"name": "x", "expires_in_days": 0},
            "expires_in_days: Ensure this value is greater than or equal to 1.",
        ),
        (
            {"name": "x", "expires_in_days": 3651},
            "expires_in_days: Ensure this value is less than or equal to 3650.",
        ),
        ({"name": "x" * 101}, "name: Ensure this field has no more than 100 characters."),
    ],
)
def test_it_refuses_a_bad_token_request(members: Members, data: dict, message: str) -> None:
    response = signed_in(members.users["viewer"]).post(TOKENS, data, format="json")
    assert response.status_code == 400
    assert errors(response) == [message]
    assert ApiToken.objects.filter(user__username="viewer").count() == 1


def test_it_refuses_to_issue_a_token_with_a_token(members: Members) -> None:
    response = members["viewer"].post(TOKENS, {"name": "more"})
    assert response.status_code == 403
    assert errors(response) == [
        "Tokens are issued from a signed-in session (or manage.py create_api_token), not "
        "with another token."
    ]
    assert ApiToken.objects.filter(user__username="viewer").count() == 1


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


def test_it_lets_the_owner_revoke_a_token(members: Members) -> None:
    token, value = ApiToken.issue(members.users["viewer"], "tool")
    response = signed_in(members.users["viewer"]).delete(f"{TOKENS}{token.pk}/")
    assert response.status_code == 204
    revoked = ApiToken.objects.get(pk=token.pk)
    assert revoked.revoked_at is not None
    assert revoked.state == ApiToken.State.REVOKED
    refused = with_token(value).get(ENV)
    assert refused.status_code == 401
    assert errors(refused) == [
        f"This token was revoked on {revoked.revoked_at:%Y-%m-%d %H:%M} UTC."
    ]
    # again: nothing changes
    assert signed_in(members.users["viewer"]).delete(f"{TOKENS}{token.pk}/").status_code == 204
    assert ApiToken.objects.get(pk=token.pk).revoked_at == revoked.revoked_at


def test_it_lets_a_token_revoke_itself(members: Members) -> None:
    token = ApiToken.objects.get(user__username="viewer")
    assert members["viewer"].delete(f"{TOKENS}{token.pk}/").status_code == 204
    assert members["viewer"].get(ENV).status_code == 401


def test_it_lets_a_superuser_revoke_anyones_token(members: Members, admin_user: User) -> None:
    token, value = ApiToken.issue(members.users["viewer"], "tool")
    response = signed_in(admin_user).delete(f"{TOKENS}{token.pk}/")
    assert response.status_code == 204
    assert ApiToken.objects.get(pk=token.pk).revoked_at is not None
    assert with_token(value).get(ENV).status_code == 401


@pytest.mark.parametrize("who", ["viewer", "owner"])
def test_it_keeps_another_users_token_from_a_user(members: Members, who: str) -> None:
    token, value = ApiToken.issue(members.users["editor"], "tool")
    client = signed_in(members.users[who])
    for response in (client.delete(f"{TOKENS}{token.pk}/"), client.get(f"{TOKENS}{token.pk}/")):
        assert response.status_code == 404
        assert errors(response) == ["No ApiToken matches the given query."]
    assert ApiToken.objects.get(pk=token.pk).revoked_at is None
    assert with_token(value).get(ENV).status_code == 200
    assert [t["user"] for t in client.get(TOKENS).json()["results"]] == [who]


def test_it_lists_every_users_tokens_to_a_superuser(members: Members, admin_user: User) -> None:
    listed = signed_in(admin_user).get(TOKENS, {"all": "true"}).json()["results"]
    assert sorted(t["user"] for t in listed) == ["editor", "outsider", "owner", "viewer"]
    assert signed_in(admin_user).get(TOKENS).json()["results"] == []


def test_it_lists_every_users_tokens_to_superusers_only(members: Members) -> None:
    response = members["owner"].get(TOKENS, {"all": "true"})
    assert response.status_code == 403
    assert errors(response) == ["Only superusers list every user's tokens."]
    bad = members["owner"].get(TOKENS, {"all": "maybe"})
    assert bad.status_code == 400
    assert errors(bad) == ["all: Must be a valid boolean."]


def test_it_asks_for_credentials_to_manage_tokens(db: None) -> None:
    for response in (APIClient().get(TOKENS), APIClient().delete(f"{TOKENS}1/")):
        assert response.status_code == 401
        assert errors(response) == ["Authentication credentials were not provided."]


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
