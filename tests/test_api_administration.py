"""The API of administration (#17): approval rules on an environment, and users."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from environments.models import Environment
from tests.access import Members, token_client

ENV = "/api/v1/environments/default"
USERS = "/api/v1/users/"


def rules() -> tuple[int, bool]:
    environment = Environment.objects.get(name="default")
    return environment.required_approvals, environment.allow_self_approval


def test_an_admin_sets_the_approval_rules(members: Members) -> None:
    response = members["owner"].patch(
        ENV, {"required_approvals": 2, "allow_self_approval": True}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["required_approvals"], body["allow_self_approval"]) == (2, True)
    assert rules() == (2, True)
    # one rule alone keeps the other
    members["owner"].patch(ENV, {"required_approvals": 1}, format="json")
    assert rules() == (1, True)
    assert members["viewer"].get(ENV).json()["required_approvals"] == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"required_approvals": 11},
            "required_approvals: Ensure this value is less than or equal to 10.",
        ),
        (
            {"required_approvals": -1},
            "required_approvals: Ensure this value is greater than or equal to 0.",
        ),
        ({"required_approvals": "1"}, "required_approvals: A valid integer is required."),
        ({"allow_self_approval": "yes"}, "allow_self_approval: Must be true or false."),
    ],
)
def test_bad_approval_rules_change_nothing(members: Members, data: dict, message: str) -> None:
    response = members["owner"].patch(ENV, data, format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": [{"message": message}]}
    assert rules() == (0, False)


def test_a_refused_rename_keeps_the_approval_rules(members: Members) -> None:
    from environments.services import create_environment

    create_environment("prod")
    response = members["owner"].patch(ENV, {"name": "prod", "required_approvals": 3}, format="json")
    assert response.status_code == 409
    assert response.json() == {"errors": [{"message": "Environment 'prod' already exists."}]}
    assert rules() == (0, False)


@pytest.mark.parametrize("who", ["editor", "viewer"])
def test_only_admins_set_the_approval_rules(members: Members, who: str) -> None:
    response = members[who].patch(ENV, {"required_approvals": 3}, format="json")
    assert response.status_code == 403
    assert response.json() == {
        "errors": [{"message": "You need the admin role in environment 'default' to do this."}]
    }
    assert rules() == (0, False)


@pytest.fixture
def superuser() -> User:
    return User.objects.create_superuser("root")


def test_a_superuser_creates_and_lists_users(members: Members, superuser: User) -> None:
    client = token_client(superuser)
    created = client.post(
        USERS,
        {"username": "ana", "email": "ana@example.com", "password": "a long passphrase"},
        format="json",
    )
    assert created.status_code == 201
    assert created.json() == {
        "username": "ana",
        "email": "ana@example.com",
        "is_staff": False,
        "is_superuser": False,
        "is_active": True,
    }
    assert User.objects.get(username="ana").check_password("a long passphrase")
    listed = client.get(USERS).json()["results"]
    assert [u["username"] for u in listed] == [
        "ana",
        "editor",
        "outsider",
        "owner",
        "root",
        "viewer",
    ]
    assert "password" not in listed[0]


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        (
            {"username": "owner", "password": "a long passphrase"},
            409,
            "User 'owner' already exists.",
        ),
        (
            {"username": "bo", "password": "short"},
            400,
            "password: Ensure this field has at least 8 characters.",
        ),
        (
            {"username": "bo", "email": "nope", "password": "a long passphrase"},
            400,
            "email: Enter a valid email address.",
        ),
        ({"username": "bo"}, 400, "password: This field is required."),
    ],
)
def test_a_bad_user_is_not_created(
    members: Members, superuser: User, data: dict, status: int, message: str
) -> None:
    before = User.objects.count()
    response = token_client(superuser).post(USERS, data, format="json")
    assert response.status_code == status
    assert response.json() == {"errors": [{"message": message}]}
    assert User.objects.count() == before


@pytest.mark.parametrize("who", ["owner", "editor", "viewer", "outsider"])
def test_only_superusers_and_staff_manage_users(members: Members, who: str) -> None:
    refused = {"errors": [{"message": "Only superusers and staff manage users."}]}
    assert members[who].get(USERS).status_code == 403
    response = members[who].post(USERS, {"username": "eve", "password": "x" * 12}, format="json")
    assert (response.status_code, response.json()) == (403, refused)
    assert not User.objects.filter(username="eve").exists()
