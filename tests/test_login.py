"""Signing in: failed attempts lock out a user name from one address for a while."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

POLICY = (
    "After 5 failed attempts for one user name from one address, signing in with that name "
    "from there is paused for 15 minutes."
)


@pytest.fixture
def alice(db: None) -> User:
    return User.objects.create_user("alice", password="right-password")


def _sign_in(client: Client, password: str, username: str = "alice", **extra: str) -> object:
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def _fail(client: Client, times: int, **extra: str) -> None:
    for _ in range(times):
        assert _sign_in(client, "wrong", **extra).status_code == 200


def _lock_out(client: Client, **extra: str) -> None:
    """The limit's worth of wrong passwords: the last one is answered with the pause."""
    _fail(client, 4, **extra)
    assert _sign_in(client, "wrong", **extra).status_code == 429


def test_it_states_the_lockout_policy_on_the_login_page(anonymous_client: Client) -> None:
    response = anonymous_client.get(reverse("login"))
    assert response.status_code == 200
    assert f'<p class="muted">{POLICY}</p>' in response.content.decode()


@override_settings(AXES_FAILURE_LIMIT=1, AXES_COOLOFF_TIME=timedelta(minutes=1))
def test_it_states_a_configured_policy_in_its_own_numbers(anonymous_client: Client) -> None:
    response = anonymous_client.get(reverse("login"))
    assert (
        "After 1 failed attempt for one user name from one address, signing in with that "
        "name from there is paused for 1 minute." in response.content.decode()
    )


def test_it_signs_in_with_the_right_password(alice: User) -> None:
    client = Client()
    response = _sign_in(client, "right-password")
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_it_locks_out_after_the_limit_even_with_the_right_password(alice: User) -> None:
    client = Client()
    _fail(client, 4)
    response = _sign_in(client, "wrong")
    assert response.status_code == 429
    response = _sign_in(client, "right-password")
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    page = response.content.decode()
    assert "<h1>Sign-in paused</h1>" in page
    assert (
        "Too many failed attempts to sign in as alice from your address. Try again in 15 "
        "minutes; every attempt until then starts the pause again." in page
    )
    assert POLICY in page
    assert "Ask a superuser of this dashboard" in page
    assert 'class="site-header"' in page  # the site's layout
    assert "_auth_user_id" not in client.session
    attempt = AccessAttempt.objects.get()
    assert (attempt.username, attempt.ip_address) == ("alice", "127.0.0.1")
    assert attempt.failures_since_start == 6  # the attempts while paused count too
    assert "wrong" not in attempt.post_data and "right-password" not in attempt.post_data


def test_it_counts_each_address_apart(alice: User) -> None:
    client = Client()
    _lock_out(client, REMOTE_ADDR="10.0.0.1")
    assert _sign_in(client, "right-password", REMOTE_ADDR="10.0.0.1").status_code == 429
    assert _sign_in(client, "right-password", REMOTE_ADDR="10.0.0.2").status_code == 302


def test_it_counts_each_user_name_apart(alice: User) -> None:
    User.objects.create_user("bob", password="bobs-password")
    client = Client()
    _lock_out(client)
    assert _sign_in(client, "bobs-password", username="bob").status_code == 302


def test_it_signs_in_again_after_the_cool_off(alice: User) -> None:
    client = Client()
    _lock_out(client)
    assert _sign_in(client, "right-password").status_code == 429
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )
    assert _sign_in(client, "right-password").status_code == 302
    assert AccessAttempt.objects.count() == 0


def test_it_still_pauses_just_before_the_cool_off_ends(alice: User) -> None:
    client = Client()
    _lock_out(client)
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=14)
    )
    assert _sign_in(client, "right-password").status_code == 429


def test_it_forgets_failures_after_a_successful_sign_in(alice: User) -> None:
    client = Client()
    _fail(client, 4)
    assert _sign_in(client, "right-password").status_code == 302
    assert AccessAttempt.objects.count() == 0
    client.logout()
    _fail(client, 4)
    assert _sign_in(client, "right-password").status_code == 302


def test_it_signs_in_again_once_a_superuser_resets_the_name(alice: User) -> None:
    from django.core.management import call_command

    client = Client()
    _lock_out(client)
    call_command("axes_reset_username", "alice")
    assert _sign_in(client, "right-password").status_code == 302


def test_it_locks_out_the_admin_site_login_too(alice: User) -> None:
    client = Client()
    for _ in range(5):
        client.post("/admin/login/", {"username": "alice", "password": "wrong"})
    response = _sign_in(client, "right-password")
    assert response.status_code == 429


@override_settings(CLIENT_IP_HEADER="X-Forwarded-For")
def test_it_counts_the_address_the_trusted_proxy_names(alice: User) -> None:
    client = Client()
    forwarded = {"HTTP_X_FORWARDED_FOR": "1.2.3.4, 192.0.2.7", "REMOTE_ADDR": "10.0.0.9"}
    _lock_out(client, **forwarded)
    assert AccessAttempt.objects.get().ip_address == "192.0.2.7"
    # another client behind the same proxy, and one that forges the part it may write
    assert _sign_in(client, "right-password", HTTP_X_FORWARDED_FOR="192.0.2.8").status_code == 302
    client.logout()
    forged = {"HTTP_X_FORWARDED_FOR": "9.9.9.9, 192.0.2.7"}
    assert _sign_in(client, "right-password", **forged).status_code == 429


def test_it_ignores_forwarding_headers_without_a_trusted_proxy(alice: User) -> None:
    client = Client()
    _lock_out(client, HTTP_X_FORWARDED_FOR="192.0.2.7")
    assert AccessAttempt.objects.get().ip_address == "127.0.0.1"
    assert _sign_in(client, "right-password", HTTP_X_FORWARDED_FOR="192.0.2.8").status_code == 429


def test_it_keeps_force_login_working(alice: User) -> None:
    client = Client()
    _lock_out(client)
    client.force_login(alice)
    assert client.get(reverse("home")).status_code == 200
