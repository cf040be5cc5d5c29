"""Environments are isolated: in SQL, in the pages and in the API, for every role."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogs.executor import Executor, Session
from environments.models import Environment, Membership, Role
from environments.services import create_environment
from tests.access import token_client


@pytest.fixture
def dev_and_prod(admin_user: User) -> tuple[Environment, Environment]:
    dev, prod = create_environment("dev"), create_environment("prod")
    for environment, script in (
        (
            dev,
            "CREATE TABLE secrets_of_dev (a INT);"
            "CREATE CATALOG dev_cat WITH ('type' = 'generic_in_memory')",
        ),
        (prod, "CREATE TABLE orders (a INT)"),
    ):
        results = Executor(Session.start(environment), admin_user).execute_script(script)
        assert all(r.ok for r in results)
    return dev, prod


def run_in(environment: Environment, user: User, statement: str):
    return Executor(Session.start(environment), user).execute(statement)


def test_it_keeps_a_view_in_prod_from_reading_a_table_of_dev(dev_and_prod, admin_user) -> None:
    _, prod = dev_and_prod
    result = run_in(
        prod, admin_user, "CREATE VIEW v AS SELECT a FROM `_env_dev`.`default`.`secrets_of_dev`"
    )
    assert not result.ok
    assert "_env_dev" in result.error
    assert not run_in(prod, admin_user, "SELECT * FROM dev_cat.`default`.x").ok


def test_it_shows_no_catalog_of_another_environment(dev_and_prod, admin_user) -> None:
    dev, prod = dev_and_prod
    shown = run_in(dev, admin_user, "SHOW CATALOGS").rows
    assert [row[0] for row in shown] == ["_env_dev", "dev_cat"]
    assert [row[0] for row in run_in(prod, admin_user, "SHOW CATALOGS").rows] == ["_env_prod"]
    assert not run_in(prod, admin_user, "USE CATALOG dev_cat").ok


@pytest.fixture
def prod_member(dev_and_prod) -> User:
    """Admin in prod, nothing in dev."""
    user = User.objects.create_user("pat")
    Membership.objects.create(environment=dev_and_prod[1], user=user, role=Role.ADMIN)
    return user


DEV_PAGES = [
    ("environment", ["dev"]),
    ("environment-settings", ["dev"]),
    ("environment-roles", ["dev"]),
    ("environment-artifacts", ["dev"]),
    ("environment-history", ["dev"]),
    ("object-history", ["dev", "table", "_env_dev", "default", "secrets_of_dev"]),
    ("catalog", ["dev", "_env_dev"]),
    ("database", ["dev", "_env_dev", "default"]),
    ("table", ["dev", "_env_dev", "default", "secrets_of_dev"]),
]


def test_it_answers_404_for_every_page_of_an_environment_one_holds_no_role_in(
    prod_member: User,
) -> None:
    client = Client()
    client.force_login(prod_member)
    for name, args in DEV_PAGES:
        assert client.get(reverse(name, args=args)).status_code == 404, name
        prod_args = ["prod", *[a.replace("dev", "prod") for a in args[1:]]]
        if name not in ("table", "object-history"):
            assert client.get(reverse(name, args=prod_args)).status_code == 200, name
    home = client.get(reverse("home")).content.decode()
    assert "prod" in home and "_env_dev" not in home and "dev_cat" not in home


DEV_API = [
    "/api/v1/environments/dev",
    "/api/v1/environments/dev/catalogs/",
    "/api/v1/environments/dev/catalogs/dev_cat",
    "/api/v1/environments/dev/catalogs/_env_dev/databases/",
    "/api/v1/environments/dev/catalogs/_env_dev/databases/default/tables/",
    "/api/v1/environments/dev/catalogs/_env_dev/databases/default/tables/secrets_of_dev",
    "/api/v1/environments/dev/catalogs/_env_dev/databases/default/views/",
    "/api/v1/environments/dev/catalogs/_env_dev/databases/default/functions/",
    "/api/v1/environments/dev/roles/",
    "/api/v1/environments/dev/artifacts/",
    "/api/v1/environments/dev/history/",
]


def test_it_answers_404_for_every_api_path_of_an_environment_one_holds_no_role_in(
    prod_member: User,
) -> None:
    client = token_client(prod_member)
    for path in DEV_API:
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json() == {"errors": [{"message": "No environment 'dev'."}]}
    statement = client.post(
        "/api/v1/environments/dev/statements", {"statement": "SHOW TABLES"}, format="json"
    )
    assert statement.status_code == 404
    names = [e["name"] for e in client.get("/api/v1/environments/").json()["results"]]
    assert names == ["prod"]
    # reaching dev's table from prod by its full name finds nothing either
    response = client.post(
        "/api/v1/environments/prod/statements",
        {"statement": "DESCRIBE `_env_dev`.`default`.`secrets_of_dev`"},
        format="json",
    )
    assert response.status_code == 400
