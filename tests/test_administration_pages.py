"""Administration without a shell (#17): roles picked from a list, approval rules, users,
artifacts' Use grants, all under an environment's Settings page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from environments.models import Artifact, Environment, Membership
from environments.services import upload_artifact
from tests.access import Members


@pytest.fixture
def browsers(members: Members) -> dict[str, Client]:
    made = {}
    for who, user in members.users.items():
        made[who] = Client()
        made[who].force_login(user)
    return made


def url(name: str, *args: str) -> str:
    return reverse(name, args=["default", *args])


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_the_settings_page_links_every_administration_page(browsers) -> None:
    page = browsers["owner"].get(url("environment-settings")).text
    for link in (url("environment-roles"), url("environment-artifacts"), reverse("tokens")):
        assert f'href="{link}"' in page
    # the Users page is for superusers and staff only
    assert f'href="{reverse("users")}"' not in page
    assert (
        "Environment &#x27;default&#x27; needs no approval: editors run DDL directly. "
        "Authors may not approve their own." in page
    )


@pytest.mark.parametrize("who", ["owner", "editor", "viewer"])
def test_only_admins_see_the_settings_link(browsers, who: str) -> None:
    settings_link = f'href="{url("environment-settings")}"'
    for page in ("environment", "environment-history"):
        text = browsers[who].get(url(page)).text
        # the header's link and the environment page's
        assert (settings_link in text) == (who == "owner"), (who, page)


def test_the_role_form_picks_users_from_a_list(browsers, members) -> None:
    page = browsers["owner"].get(url("environment-roles")).text
    assert '<select name="user"' in page
    for name in ("outsider", "editor", "viewer"):
        assert f'<option value="{name}">{name}</option>' in page
    assert '<select name="role" aria-label="Role of editor">' in page


def test_an_admin_adds_a_member_changes_the_role_and_removes_them(browsers, members) -> None:
    owner = browsers["owner"]
    added = owner.post(
        url("environment-roles"), {"user": "outsider", "role": "viewer"}, follow=True
    )
    assert messages_of(added) == ["outsider is now viewer in default."]
    changed = owner.post(
        url("environment-roles"), {"user": "outsider", "role": "editor"}, follow=True
    )
    assert messages_of(changed) == ["outsider is now editor in default."]
    assert Membership.objects.get(user__username="outsider").role == "editor"
    removed = owner.post(url("environment-role-revoke"), {"user": "outsider"}, follow=True)
    assert messages_of(removed) == ["outsider holds no role in default now."]
    assert not Membership.objects.filter(user__username="outsider").exists()


def test_a_bad_role_or_user_changes_nothing(browsers, members) -> None:
    owner = browsers["owner"]
    bad_role = owner.post(url("environment-roles"), {"user": "viewer", "role": "root"})
    assert bad_role.status_code == 200
    assert "Select a valid choice. root is not one of the available choices." in bad_role.text
    ghost = owner.post(url("environment-roles"), {"user": "ghost", "role": "viewer"})
    assert "There is no user &#x27;ghost&#x27;." in ghost.text
    assert Membership.objects.get(user__username="viewer").role == "viewer"
    assert not Membership.objects.filter(user__username="outsider").exists()


@pytest.mark.parametrize("who", ["editor", "viewer"])
def test_a_non_admin_is_refused_every_administration_post(browsers, members, who) -> None:
    client = browsers[who]
    posts = [
        (url("environment-roles"), {"user": "outsider", "role": "admin"}),
        (url("environment-role-revoke"), {"user": "viewer"}),
        (url("environment-approvals"), {"required_approvals": "3"}),
    ]
    for address, data in posts:
        response = client.post(address, data)
        assert response.status_code == 403, address
        assert "You need the admin role in environment &#x27;default&#x27;" in response.text
    environment = Environment.objects.get(name="default")
    assert (environment.required_approvals, environment.allow_self_approval) == (0, False)
    assert Membership.objects.get(user__username="viewer").role == "viewer"
    assert not Membership.objects.filter(user__username="outsider").exists()
    assert browsers[who].get(url("environment-settings")).status_code == 403


def test_an_admin_sets_the_approval_rules(browsers) -> None:
    response = browsers["owner"].post(
        url("environment-approvals"),
        {"required_approvals": "2", "allow_self_approval": "on"},
        follow=True,
    )
    assert messages_of(response) == [
        "Environment 'default' needs 2 approvals per change request; DDL runs only through "
        "change requests. Authors may approve their own."
    ]
    environment = Environment.objects.get(name="default")
    assert (environment.required_approvals, environment.allow_self_approval) == (2, True)
    browsers["owner"].post(url("environment-approvals"), {"required_approvals": "1"})
    environment.refresh_from_db()
    assert (environment.required_approvals, environment.allow_self_approval) == (1, False)


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("-1", "Ensure this value is greater than or equal to 0."),
        ("11", "Ensure this value is less than or equal to 10."),
        ("two", "Enter a whole number."),
        ("", "This field is required."),
    ],
)
def test_bad_approval_rules_change_nothing(browsers, value: str, error: str) -> None:
    response = browsers["owner"].post(
        url("environment-approvals"), {"required_approvals": value, "allow_self_approval": "on"}
    )
    assert response.status_code == 200
    assert error in response.text
    environment = Environment.objects.get(name="default")
    assert (environment.required_approvals, environment.allow_self_approval) == (0, False)


def test_the_service_refuses_approvals_out_of_range(environment) -> None:
    from environments.services import ServiceError, set_approval_rules

    with pytest.raises(ServiceError, match=r"Required approvals are 0 to 10; 11 is not\."):
        set_approval_rules(environment, 11, True)
    environment.refresh_from_db()
    assert (environment.required_approvals, environment.allow_self_approval) == (0, False)


def test_use_is_granted_to_a_member_picked_from_a_list_and_revoked(browsers, members) -> None:
    upload_artifact(Environment.objects.get(name="default"), "udfs", "u.jar", b"code")
    owner = browsers["owner"]
    page = owner.get(url("environment-artifacts")).text
    assert '<option value="editor">editor</option>' in page
    assert '<option value="outsider">' not in page  # not a member: cannot be given Use
    granted = owner.post(
        url("environment-artifact-use", "udfs"), {"user": "editor", "grant": "on"}, follow=True
    )
    assert messages_of(granted) == ["editor may now use udfs."]
    assert list(Artifact.objects.get().users.values_list("username", flat=True)) == ["editor"]
    refused = owner.post(
        url("environment-artifact-use", "udfs"), {"user": "outsider", "grant": "on"}, follow=True
    )
    assert messages_of(refused) == ["There is no user 'outsider'."]
    revoked = owner.post(url("environment-artifact-use", "udfs"), {"user": "editor"}, follow=True)
    assert messages_of(revoked) == ["editor may no longer use udfs."]
    assert not Artifact.objects.get().users.exists()
    assert (
        browsers["editor"]
        .post(url("environment-artifact-use", "udfs"), {"user": "editor", "grant": "on"})
        .status_code
        == 403
    )
    assert not Artifact.objects.get().users.exists()


def test_a_superuser_creates_a_user(client: Client) -> None:
    page = client.get(reverse("users"))
    assert page.status_code == 200
    response = client.post(
        reverse("users"),
        {"username": "ana", "email": "ana@example.com", "password": "a long passphrase"},
        follow=True,
    )
    assert messages_of(response) == [
        "Created user 'ana'. Grant them a role in an environment's settings."
    ]
    ana = User.objects.get(username="ana")
    assert (ana.email, ana.is_staff, ana.is_superuser) == ("ana@example.com", False, False)
    assert ana.check_password("a long passphrase")
    assert "<td>ana@example.com</td>" in response.text


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            {"username": "admin", "password": "a long passphrase"},
            "User &#x27;admin&#x27; already exists.",
        ),
        (
            {"username": "bo", "password": "short"},
            "This password is too short. It must contain at least 8 characters.",
        ),
        ({"username": "b o", "password": "a long passphrase"}, "Enter a valid username."),
        (
            {"username": "bo", "email": "nope", "password": "a long passphrase"},
            "Enter a valid email address.",
        ),
    ],
)
def test_a_bad_user_is_not_created(client: Client, data: dict, error: str) -> None:
    before = set(User.objects.values_list("username", flat=True))
    response = client.post(reverse("users"), data)
    assert response.status_code == 200
    assert error in response.text
    assert set(User.objects.values_list("username", flat=True)) == before


def test_the_user_page_escapes_user_text(client: Client) -> None:
    User.objects.create_user("x", email="<b>@example.com")
    text = client.get(reverse("users")).text
    assert "&lt;b&gt;@example.com" in text and "<b>@example.com" not in text


@pytest.mark.parametrize("who", ["owner", "editor", "viewer", "outsider"])
def test_only_superusers_and_staff_manage_users(browsers, who: str) -> None:
    assert browsers[who].get(reverse("users")).status_code == 403
    response = browsers[who].post(reverse("users"), {"username": "eve", "password": "x" * 12})
    assert response.status_code == 403
    assert "Only superusers and staff manage users." in response.text
    assert not User.objects.filter(username="eve").exists()


def test_staff_manage_users(members) -> None:
    staff = User.objects.create_user("staffer", is_staff=True)
    browser = Client()
    browser.force_login(staff)
    assert browser.get(reverse("users")).status_code == 200


def test_the_artifacts_page_labels_its_use_fields(client: Client, members) -> None:
    from tests.test_accessibility import Audit

    environment = Environment.objects.get(name="default")
    upload_artifact(environment, "udfs", "u.jar", b"code")
    Artifact.objects.get().users.add(members.users["editor"])
    audit = Audit()
    audit.feed(client.get(url("environment-artifacts")).text)
    assert [
        f for f in audit.fields if f.get("id") not in audit.labelled and not f["_wrapped"]
    ] == []
    assert audit.headings == [1, 2, 3, 2]


def test_a_message_is_shown_once(browsers, members) -> None:
    response = browsers["owner"].post(
        url("environment-roles"), {"user": "outsider", "role": "viewer"}, follow=True
    )
    assert response.text.count("outsider is now viewer in default.") == 1
