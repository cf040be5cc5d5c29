"""The environment pages: describe, create, rename, delete, roles, artifacts and history."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from catalogs.executor import Executor, Session
from catalogs.models import Catalog, HistoryEntry
from environments.models import Artifact, ArtifactVersion, Environment, Membership
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


ADMIN_PAGES = ["environment-settings", "environment-roles", "environment-artifacts"]
PAGE_STATUS = {
    "owner": {"environment": 200, "environment-history": 200, **dict.fromkeys(ADMIN_PAGES, 200)},
    "editor": {"environment": 200, "environment-history": 200, **dict.fromkeys(ADMIN_PAGES, 403)},
    "viewer": {"environment": 200, "environment-history": 200, **dict.fromkeys(ADMIN_PAGES, 403)},
    "outsider": {"environment": 404, "environment-history": 404, **dict.fromkeys(ADMIN_PAGES, 404)},
}


@pytest.mark.parametrize("who", list(PAGE_STATUS))
def test_it_shows_each_page_to_the_roles_it_is_for(browsers: dict[str, Client], who: str) -> None:
    for page, status in PAGE_STATUS[who].items():
        assert browsers[who].get(url(page)).status_code == status, page
    # writes are checked the same way
    posts = {
        "environment-roles": {"user": "outsider", "role": "admin"},
        "environment-role-revoke": {"user": "viewer"},
        "environment-delete": {"confirm": "default"},
    }
    for page, data in posts.items():
        status = 302 if who == "owner" else PAGE_STATUS[who]["environment-roles"]
        response = browsers[who].post(url(page), data)
        assert response.status_code == status, page
    assert Environment.objects.filter(name="default").exists() == (who != "owner")


def test_it_redirects_anonymous_users_to_login(members: Members) -> None:
    response = Client().get(url("environment"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_it_checks_csrf_on_every_form(members: Members) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(members.users["owner"])
    response = client.post(url("environment-roles"), {"user": "outsider", "role": "admin"})
    assert response.status_code == 403
    assert not Membership.objects.filter(user__username="outsider").exists()


def test_it_creates_an_environment_for_superusers_only(client: Client, browsers) -> None:
    assert browsers["owner"].get(reverse("environment-create")).status_code == 403
    response = client.post(reverse("environment-create"), {"name": "prod", "description": "live"})
    assert response.status_code == 302
    assert response["Location"] == reverse("environment", args=["prod"])
    again = client.post(reverse("environment-create"), {"name": "prod"})
    assert "Environment &#x27;prod&#x27; already exists." in again.content.decode()


def test_it_renames_an_environment_and_its_catalog(browsers: dict[str, Client]) -> None:
    response = browsers["owner"].post(
        url("environment-settings"), {"name": "staging", "description": "pre-prod"}
    )
    assert response.status_code == 302
    assert Catalog.objects.filter(name="_env_staging", environment__name="staging").exists()
    page = browsers["owner"].get(reverse("environment", args=["staging"])).content.decode()
    assert "pre-prod" in page and "_env_staging" in page


def test_it_explains_why_an_environment_cannot_be_deleted(browsers: dict[str, Client], run) -> None:
    assert all(
        r.ok
        for r in run(
            "CREATE TABLE a (x INT) WITH ('connector' = 'datagen');CREATE VIEW v AS SELECT x FROM a"
        )
    )
    response = browsers["owner"].post(
        url("environment-delete"), {"confirm": "default"}, follow=True
    )
    assert (
        "Environment &#x27;default&#x27; cannot be deleted: its environment catalog _env_default "
        "holds 1 table and 1 view." in response.content.decode()
    )
    wrong = browsers["owner"].post(url("environment-delete"), {"confirm": "nope"}, follow=True)
    assert "That is not the environment&#x27;s name." in wrong.content.decode()
    assert Environment.objects.filter(name="default").exists()


def test_it_grants_and_revokes_roles(browsers: dict[str, Client]) -> None:
    owner = browsers["owner"]
    owner.post(url("environment-roles"), {"user": "outsider", "role": "editor"})
    assert Membership.objects.get(user__username="outsider").role == "editor"
    assert browsers["outsider"].get(url("environment")).status_code == 200
    page = owner.get(url("environment-roles")).content.decode()
    assert "outsider" in page
    owner.post(url("environment-role-revoke"), {"user": "outsider"})
    assert browsers["outsider"].get(url("environment")).status_code == 404
    unknown = owner.post(url("environment-roles"), {"user": "ghost", "role": "viewer"})
    assert "There is no user &#x27;ghost&#x27;." in unknown.content.decode()


def test_it_uploads_artifacts_and_grants_use(browsers: dict[str, Client], members) -> None:
    owner = browsers["owner"]
    upload = SimpleUploadedFile("u.jar", b"code")
    response = owner.post(url("environment-artifacts"), {"name": "udfs", "file": upload})
    assert response.status_code == 302
    version = ArtifactVersion.objects.get()
    assert (version.version, len(version.sha256)) == (1, 64)
    owner.post(url("environment-artifact-use", "udfs"), {"user": "editor", "grant": "on"})
    assert list(Artifact.objects.get().users.all()) == [members.users["editor"]]
    page = owner.get(url("environment-artifacts")).content.decode()
    assert version.sha256 in page
    owner.post(url("environment-artifact-use", "udfs"), {"user": "editor"})
    assert not Artifact.objects.get().users.exists()


def test_it_shows_the_history_and_a_diff_between_two_versions(
    browsers: dict[str, Client], members: Members, environment
) -> None:
    executor = Executor(Session.start(environment), members.users["editor"])
    executor.execute_script(
        "CREATE TABLE t (a INT) WITH (\n  'password' = 'hunter2'\n); ALTER TABLE t ADD b STRING"
    )
    page = browsers["viewer"].get(url("environment-history")).content.decode()
    assert "ALTER TABLE t ADD b STRING" in page
    assert "hunter2" not in page
    first, second = HistoryEntry.objects.order_by("pk")
    history = url("object-history", "table", "_env_default", "default", "t")
    diff = browsers["viewer"].get(history, {"from": first.pk, "to": second.pk}).content.decode()
    assert "+  `b` VARCHAR(2147483647)" in diff
    assert "hunter2" not in diff
    assert browsers["outsider"].get(history).status_code == 404


def test_it_lists_only_the_environments_a_user_holds_a_role_in_on_home(
    browsers: dict[str, Client], members: Members
) -> None:
    assert "_env_default" in browsers["viewer"].get(reverse("home")).content.decode()
    assert "_env_default" not in browsers["outsider"].get(reverse("home")).content.decode()
    assert User.objects.filter(username="outsider").exists()
