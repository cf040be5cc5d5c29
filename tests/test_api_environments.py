"""The API of environments, roles, artifacts and history, for every role."""

from __future__ import annotations

import hashlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalogs.executor import Executor, Session
from catalogs.models import Catalog, Dependency, HistoryChange, Table
from environments.models import Artifact, Environment, Membership
from environments.services import create_environment
from tests.access import Members, token_client

ENV = "/api/v1/environments/default"
EVERYONE = ["owner", "editor", "viewer", "outsider"]


def run_as(user, script: str, environment: str = "default") -> None:
    found = Environment.objects.get(name=environment)
    results = Executor(Session.start(found), user).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results]


@pytest.mark.parametrize(
    ("who", "status"), [("owner", 200), ("editor", 200), ("viewer", 200), ("outsider", 404)]
)
def test_it_shows_an_environment_only_to_its_members(
    members: Members, who: str, status: int
) -> None:
    response = members[who].get(ENV)
    assert response.status_code == status
    listed = [e["name"] for e in members[who].get("/api/v1/environments/").json()["results"]]
    assert listed == (["default"] if status == 200 else [])
    if status == 200:
        assert response.json()["catalog"] == "_env_default"
        assert response.json()["role"] == {"owner": "admin"}.get(who, who)


def test_it_lets_only_superusers_create_environments(members: Members, admin_user) -> None:
    assert (
        members["owner"].post("/api/v1/environments/", {"name": "prod"}, format="json").status_code
        == 403
    )
    superuser = token_client(admin_user)
    created = superuser.post(
        "/api/v1/environments/", {"name": "prod", "description": "live"}, format="json"
    )
    assert created.status_code == 201
    assert created.json()["catalog"] == "_env_prod"
    again = superuser.post("/api/v1/environments/", {"name": "prod"}, format="json")
    assert again.status_code == 409
    assert again.json() == {"errors": [{"message": "Environment 'prod' already exists."}]}
    bad = superuser.post("/api/v1/environments/", {"name": "Not Valid"}, format="json")
    assert bad.status_code == 400


@pytest.mark.parametrize(("who", "status"), [("editor", 403), ("viewer", 403), ("outsider", 404)])
def test_it_lets_only_admins_manage_the_environment(
    members: Members, who: str, status: int
) -> None:
    client = members[who]
    assert client.patch(ENV, {"description": "x"}, format="json").status_code == status
    assert client.delete(ENV).status_code == status
    assert client.get(f"{ENV}/roles/").status_code == status
    assert client.post(f"{ENV}/roles/", {"user": "viewer", "role": "admin"}).status_code == status
    assert client.delete(f"{ENV}/roles/viewer").status_code == status
    upload = SimpleUploadedFile("f.jar", b"x")
    assert (
        client.post(
            f"{ENV}/artifacts/", {"name": "a", "file": upload}, format="multipart"
        ).status_code
        == status
    )
    assert Environment.objects.get(name="default").description == ""
    assert Membership.objects.get(user__username="viewer").role == "viewer"
    assert not Artifact.objects.exists()


def test_it_refuses_to_delete_an_environment_whose_catalog_holds_objects(
    members: Members, admin_user
) -> None:
    create_environment("prod")
    Membership.objects.create(
        environment=Environment.objects.get(name="prod"),
        user=members.users["owner"],
        role="admin",
    )
    run_as(
        admin_user,
        "CREATE TABLE a (x INT) WITH ('connector' = 'datagen'); CREATE TABLE b (x INT); "
        "CREATE VIEW v AS SELECT x FROM a",
        "prod",
    )
    response = members["owner"].delete("/api/v1/environments/prod")
    assert response.status_code == 409
    assert response.json() == {
        "errors": [
            {
                "message": "Environment 'prod' cannot be deleted: its environment catalog "
                "_env_prod holds 2 tables and 1 view."
            }
        ]
    }
    run_as(admin_user, "DROP VIEW v; DROP TABLE a; DROP TABLE b", "prod")
    assert members["owner"].delete("/api/v1/environments/prod").status_code == 204
    assert not Environment.objects.filter(name="prod").exists()
    assert not Catalog.objects.filter(name="_env_prod").exists()


def test_it_deletes_an_environment_with_other_catalogs_functions_and_artifacts(
    members: Members, admin_user, environment
) -> None:
    run_as(
        admin_user,
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory'); CREATE DATABASE c.d;"
        "CREATE TABLE c.d.t (a INT); CREATE FUNCTION c.d.f AS 'F'",
    )
    from catalogs.models import Function

    artifact = Artifact.objects.create(environment=environment, name="a.jar")
    Function.objects.update(artifact=artifact)
    assert members["owner"].delete(ENV).status_code == 204
    assert not Environment.objects.filter(name="default").exists()


def test_it_renames_an_environment_with_its_catalog_dependencies_and_history(
    members: Members, admin_user
) -> None:
    run_as(
        admin_user,
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen'); CREATE VIEW v AS SELECT a FROM t",
    )
    response = members["owner"].patch(ENV, {"name": "staging"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["catalog"] == "_env_staging"
    catalog = Catalog.objects.get(is_environment_catalog=True, environment__name="staging")
    assert catalog.name == "_env_staging"
    assert set(Dependency.objects.values_list("catalog_name", flat=True)) == {"_env_staging"}
    view = Table.objects.get(name="v")
    assert "`_env_staging`.`default`.`t`" in view.expanded_query
    assert "_env_default" not in view.expanded_query
    assert not HistoryChange.objects.filter(catalog_name="_env_default").exists()
    # the view still reads its table, and the table's history follows it
    run_as(admin_user, "ALTER TABLE t ADD b INT", "staging")
    assert Table.objects.get(name="v").status == "ok"
    path = "/api/v1/environments/staging/catalogs/_env_staging/databases/default/tables/t/history"
    assert len(members["owner"].get(path).json()["versions"]) == 2
    assert members["owner"].get(ENV).status_code == 404
    taken = create_environment("other")
    clash = members["owner"].patch(
        "/api/v1/environments/staging", {"name": taken.name}, format="json"
    )
    assert clash.status_code == 409


def test_it_grants_and_revokes_roles(members: Members) -> None:
    owner = members["owner"]
    roles = owner.get(f"{ENV}/roles/").json()["results"]
    assert roles == [
        {"user": "editor", "role": "editor"},
        {"user": "owner", "role": "admin"},
        {"user": "viewer", "role": "viewer"},
    ]
    granted = owner.post(f"{ENV}/roles/", {"user": "outsider", "role": "viewer"}, format="json")
    assert granted.status_code == 200
    assert members["outsider"].get(ENV).status_code == 200
    assert owner.put(f"{ENV}/roles/outsider", {"role": "editor"}, format="json").json() == {
        "user": "outsider",
        "role": "editor",
    }
    assert owner.delete(f"{ENV}/roles/outsider").status_code == 204
    assert members["outsider"].get(ENV).status_code == 404
    # The role, or the user the body names, does not exist: 404, as for a path's object.
    assert owner.delete(f"{ENV}/roles/outsider").status_code == 404
    assert owner.post(f"{ENV}/roles/", {"user": "nobody", "role": "viewer"}).status_code == 404
    assert owner.post(f"{ENV}/roles/", {"user": "viewer", "role": "king"}).status_code == 400


def test_it_uploads_immutable_artifact_versions_and_grants_use(members: Members, settings) -> None:
    owner = members["owner"]
    first = owner.post(
        f"{ENV}/artifacts/",
        {"name": "udfs", "file": SimpleUploadedFile("u1.jar", b"one")},
        format="multipart",
    )
    assert first.status_code == 201
    assert first.json()["sha256"] == hashlib.sha256(b"one").hexdigest()
    second = owner.post(
        f"{ENV}/artifacts/",
        {"name": "udfs", "file": SimpleUploadedFile("u2.jar", b"two!")},
        format="multipart",
    )
    assert (second.json()["version"], second.json()["size"]) == (2, 4)
    listed = members["viewer"].get(f"{ENV}/artifacts/").json()["results"]
    assert [v["file_name"] for v in listed[0]["versions"]] == ["u1.jar", "u2.jar"]
    settings.ARTIFACT_MAX_BYTES = 3
    too_big = owner.post(
        f"{ENV}/artifacts/",
        {"name": "udfs", "file": SimpleUploadedFile("u.jar", b"four")},
        format="multipart",
    )
    assert too_big.status_code == 400
    assert too_big.json()["errors"][0]["message"] == (
        "The file is 4 bytes; an artifact version may be at most 3 bytes."
    )
    use = f"{ENV}/artifacts/udfs/users/editor"
    assert members["editor"].put(use).status_code == 403
    assert owner.put(use).json()["users"] == ["editor"]
    assert owner.put(f"{ENV}/artifacts/udfs/users/outsider").status_code == 409
    assert owner.delete(use).status_code == 204
    assert members["viewer"].get(f"{ENV}/artifacts/udfs").json()["users"] == []
    assert members["outsider"].get(f"{ENV}/artifacts/udfs").status_code == 404


def test_it_lists_the_history_newest_first_with_secrets_masked(
    members: Members, admin_user
) -> None:
    run_as(
        members.users["editor"],
        "CREATE TABLE t (a INT) WITH (\n  'connector' = 'x',\n  'password' = 'hunter2'\n);"
        "ALTER TABLE t ADD b INT",
    )
    history = members["viewer"].get(f"{ENV}/history/").json()
    assert [e["statement"].split()[0] for e in history["results"]] == ["ALTER", "CREATE"]
    assert history["results"][0]["user"] == "editor"
    assert history["results"][0]["changes"] == [
        {"kind": "table", "catalog": "_env_default", "database": "default", "name": "t"}
    ]
    assert "hunter2" not in str(history)
    assert members["outsider"].get(f"{ENV}/history/").status_code == 404


def test_it_answers_unknown_api_urls_with_json(members: Members) -> None:
    response = members["viewer"].get("/api/v1/nothing-here")
    assert response.status_code == 404
    assert response.json() == {"errors": [{"message": "Not found."}]}


def test_it_cuts_a_page_limit_past_any_database_integer(members: Members) -> None:
    """Found by schemathesis: a limit past the database's integer range was a server error."""
    for path in ("/api/v1/environments/", f"{ENV}/history/"):
        response = members["viewer"].get(path, {"limit": 10**30, "offset": 10**30})
        assert response.status_code == 200
        assert response.json()["results"] == []


def test_it_refuses_a_limit_or_offset_that_is_not_a_whole_number(members: Members) -> None:
    """Found by schemathesis: ``?offset=null`` or ``?offset=-5`` was ignored (page one), though
    the schema declares both integers of at least 0 (a limit of at least 1)."""
    for path in ("/api/v1/environments/", f"{ENV}/history/"):
        for query, message in (
            ("offset=-5", "offset: '-5' is not an integer of at least 0."),
            ("offset=null", "offset: 'null' is not an integer of at least 0."),
            ("limit=0", "limit: '0' is not an integer of at least 1."),
            ("limit=1.5", "limit: '1.5' is not an integer of at least 1."),
            ("limit=1&limit=2", "limit: Give this parameter once."),
        ):
            response = members["viewer"].get(f"{path}?{query}")
            assert response.status_code == 400, (path, query)
            assert response.json() == {"errors": [{"message": message}]}
        assert members["viewer"].get(path, {"limit": 1, "offset": 0}).status_code == 200
