"""Fixtures for access tests: an environment's owner (admin), editor, viewer and an outsider,
each with an API client that sends their token."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from rest_framework.test import APIClient

from environments.models import ApiToken, Environment, Membership, Role

ROLES = {"owner": Role.ADMIN, "editor": Role.EDITOR, "viewer": Role.VIEWER, "outsider": None}


@dataclass
class Members:
    users: dict[str, User]
    clients: dict[str, APIClient]

    def __getitem__(self, who: str) -> APIClient:
        return self.clients[who]


def token_client(user: User) -> APIClient:
    _, value = ApiToken.issue(user, "tests")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {value}")
    return client


FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_members(environment: Environment) -> Members:
    """Users of ``environment`` by the part they play, with API clients.

    Test modules wrap this in a ``members`` fixture, and set ``FAST_HASHERS`` (hashing a
    password properly takes a good part of a second; tests need no such care).
    """
    users, clients = {}, {}
    for who, role in ROLES.items():
        user = User.objects.create_user(who)  # no password: hashing one takes long
        if role is not None:
            Membership.objects.create(environment=environment, user=user, role=role)
        users[who] = user
        clients[who] = token_client(user)
    return Members(users, clients)
