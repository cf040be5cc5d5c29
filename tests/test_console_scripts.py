"""The console keeps several named scripts per user and environment (#17): save, open, rename,
delete; each user's own, secrets masked, bad names refused with what is wrong."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogs.models import ConsoleScript
from environments.models import Environment, Membership, Role
from tests.page_text import text_of

CONSOLE = reverse("console", args=["default"])
SAVE = reverse("console-script-save", args=["default"])


def _client(environment: Environment, name: str, role: Role | None) -> Client:
    user = User.objects.create_user(name)
    if role is not None:
        Membership.objects.create(environment=environment, user=user, role=role)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def viewer(environment: Environment) -> Client:
    return _client(environment, "vera", Role.VIEWER)


def _rename(script: ConsoleScript) -> str:
    return reverse("console-script-rename", args=["default", script.pk])


def _delete(script: ConsoleScript) -> str:
    return reverse("console-script-delete", args=["default", script.pk])


def test_it_saves_opens_renames_and_deletes_a_script(viewer: Client) -> None:
    saved = viewer.post(SAVE, {"script_name": " daily ", "sql": "SHOW CATALOGS"})
    script = ConsoleScript.objects.get()
    assert (script.name, script.sql, script.user.username) == ("daily", "SHOW CATALOGS", "vera")
    assert saved.status_code == 302 and saved["Location"] == f"{CONSOLE}?script={script.pk}"
    opened = viewer.get(saved["Location"]).text
    assert "Saved the script “daily”." in opened
    assert ">SHOW CATALOGS</textarea>" in opened
    assert 'name="script_name" maxlength="200" value="daily"' in opened

    # the same name again replaces it
    viewer.post(SAVE, {"script_name": "daily", "sql": "SHOW DATABASES"})
    assert list(ConsoleScript.objects.values_list("name", "sql")) == [("daily", "SHOW DATABASES")]

    viewer.post(_rename(script), {"name": "weekly"})
    assert ConsoleScript.objects.get().name == "weekly"
    deleted = viewer.post(_delete(script))
    assert deleted.status_code == 302 and deleted["Location"] == CONSOLE
    assert not ConsoleScript.objects.exists()
    assert "Deleted the script “weekly”." in viewer.get(CONSOLE).text


def test_htmx_is_sent_to_the_console_as_a_whole_page(viewer: Client) -> None:
    answer = viewer.post(
        SAVE, {"script_name": "s", "sql": "SHOW TABLES"}, headers={"HX-Request": "true"}
    )
    script = ConsoleScript.objects.get()
    assert answer.status_code == 204
    assert answer["HX-Redirect"] == f"{CONSOLE}?script={script.pk}"


@pytest.mark.parametrize(
    ("name", "sql", "message"),
    [
        ("", "SHOW TABLES", "Give the script a name."),
        ("x" * 201, "SHOW TABLES", "A script&#x27;s name is at most 200 characters."),
        ("a\tb", "SHOW TABLES", "A script&#x27;s name cannot hold control characters."),
        ("empty", "  ", "The script is empty: write statements to save."),
    ],
)
def test_it_refuses_what_it_cannot_keep(viewer: Client, name: str, sql: str, message: str) -> None:
    answer = viewer.post(SAVE, {"script_name": name, "sql": sql}, follow=True)
    assert message in answer.text
    assert not ConsoleScript.objects.exists()


def test_it_keeps_no_secret(viewer: Client) -> None:
    sql = "CREATE TABLE t (a INT) WITH ('connector' = 'x', 'password' = 'hunter2')"
    viewer.post(SAVE, {"script_name": "secret", "sql": sql})
    kept = ConsoleScript.objects.get().sql
    assert "hunter2" not in kept and "'password' = '******'" in kept


def test_a_rename_to_a_name_taken_is_refused(viewer: Client) -> None:
    viewer.post(SAVE, {"script_name": "a", "sql": "SHOW TABLES"})
    viewer.post(SAVE, {"script_name": "b", "sql": "SHOW VIEWS"})
    b = ConsoleScript.objects.get(name="b")
    answer = viewer.post(_rename(b), {"name": "a"}, follow=True)
    assert "You have a script named “a” already: choose another name." in answer.text
    assert sorted(ConsoleScript.objects.values_list("name", flat=True)) == ["a", "b"]


def test_scripts_are_their_owners_only(environment: Environment, viewer: Client) -> None:
    viewer.post(SAVE, {"script_name": "mine", "sql": "SHOW TABLES"})
    script = ConsoleScript.objects.get()
    other = _client(environment, "otto", Role.ADMIN)
    assert other.get(f"{CONSOLE}?script={script.pk}").status_code == 404
    assert other.post(_rename(script), {"name": "theirs"}).status_code == 404
    assert other.post(_delete(script)).status_code == 404
    assert "mine" not in text_of(other.get(CONSOLE).text)
    assert ConsoleScript.objects.get().name == "mine"
    assert viewer.get(f"{CONSOLE}?script=x").status_code == 404


def test_an_outsider_keeps_nothing_in_the_environment(environment: Environment) -> None:
    outsider = _client(environment, "olga", None)
    assert outsider.post(SAVE, {"script_name": "a", "sql": "SHOW TABLES"}).status_code == 404
    assert not ConsoleScript.objects.exists()


def test_only_post_changes_scripts(viewer: Client, anonymous_client: Client) -> None:
    assert viewer.get(SAVE).status_code == 405
    answer = anonymous_client.post(SAVE, {"script_name": "a", "sql": "SHOW TABLES"})
    assert answer.status_code == 302 and answer["Location"].startswith("/login/")
    assert not ConsoleScript.objects.exists()
