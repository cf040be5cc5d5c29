"""The API tokens page: a user's own tokens, issuing one (its value shown once), revoking."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from environments.models import ApiToken


@pytest.fixture
def alice(db: None) -> User:
    return User.objects.create_user("alice")


def browser(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_it_links_the_tokens_page_from_the_header(client: Client) -> None:
    page = client.get(reverse("home")).content.decode()
    assert f'<a href="{reverse("tokens")}">API tokens</a>' in page


def test_it_asks_anonymous_users_to_log_in(anonymous_client: Client) -> None:
    response = anonymous_client.get(reverse("tokens"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_it_issues_a_token_and_shows_its_value_once(alice: User) -> None:
    client = browser(alice)
    response = client.post(reverse("tokens"), {"name": "CI deploys", "expires_in_days": "90"})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    page = response.content.decode()
    assert "<h2 id=\"issued-title\">New token 'CI deploys'</h2>" in page
    assert "Copy it now: it will not be shown again." in page
    value = re.search(r"<pre><code>([^<]+)</code></pre>", page).group(1)
    token = ApiToken.objects.get(user=alice)
    assert token.name == "CI deploys"
    assert token.key_hash == hashlib.sha256(value.encode()).hexdigest()
    assert (token.expires_at - token.created).days == 90
    again = client.get(reverse("tokens")).content.decode()
    assert value not in again
    assert "<td>CI deploys</td>" in again
    assert "<td>active</td>" in again


def test_it_issues_a_token_that_never_expires(alice: User) -> None:
    browser(alice).post(reverse("tokens"), {"name": "forever", "expires_in_days": ""})
    assert ApiToken.objects.get(user=alice).expires_at is None


def test_it_refuses_an_expiry_out_of_range(alice: User) -> None:
    response = browser(alice).post(reverse("tokens"), {"name": "x", "expires_in_days": "0"})
    assert response.status_code == 200
    assert (
        '<p class="error">Ensure this value is greater than or equal to 1.</p>'
        in response.content.decode()
    )
    assert not ApiToken.objects.exists()


def test_it_lists_only_the_users_own_tokens(alice: User) -> None:
    bob = User.objects.create_user("bob")
    ApiToken.issue(bob, "bobs tool")
    ApiToken.issue(alice, "alices tool")
    page = browser(alice).get(reverse("tokens")).content.decode()
    assert "<td>alices tool</td>" in page
    assert "bobs tool" not in page
    assert "Other users' tokens" not in page


def test_it_lets_the_owner_revoke_a_token(alice: User) -> None:
    token, _ = ApiToken.issue(alice, "tool")
    client = browser(alice)
    response = client.post(reverse("token-revoke", args=[token.pk]), follow=True)
    assert response.redirect_chain == [(reverse("tokens"), 302)]
    page = response.content.decode()
    assert page.count('<li class="success">Revoked the token &#x27;tool&#x27; of alice.</li>') == 1
    assert ApiToken.objects.get(pk=token.pk).state == ApiToken.State.REVOKED


def test_it_keeps_another_users_token_from_a_user(alice: User) -> None:
    token, _ = ApiToken.issue(User.objects.create_user("bob"), "tool")
    response = browser(alice).post(reverse("token-revoke", args=[token.pk]))
    assert response.status_code == 404
    assert ApiToken.objects.get(pk=token.pk).revoked_at is None


def test_it_shows_and_revokes_every_users_tokens_for_a_superuser(
    alice: User, admin_user: User
) -> None:
    token, _ = ApiToken.issue(alice, "alices tool")
    client = browser(admin_user)
    page = client.get(reverse("tokens")).content.decode()
    assert "<h2>Other users' tokens</h2>" in page
    assert "<td>alice</td>" in page
    assert client.post(reverse("token-revoke", args=[token.pk])).status_code == 302
    assert ApiToken.objects.get(pk=token.pk).revoked_at is not None


def test_it_refuses_a_get_to_revoke(alice: User) -> None:
    token, _ = ApiToken.issue(alice, "tool")
    assert browser(alice).get(reverse("token-revoke", args=[token.pk])).status_code == 405
