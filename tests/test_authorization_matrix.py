"""One authorization check per action, whatever the door: every door × every role × every
action answers as the table says, and a refused action leaves the database as it was.

Doors: the HTML pages and forms, the SQL console, the REST API, change requests (proposed and
applied, through the API and their pages), snapshot import (the API and its page) and
catalog-store import (a service, the command line's; a store holds catalogs only, so it has
no function to use). Actions: read the catalog, change it, and
use an artifact's function (a view calling ``MASK_EMAIL``, upper case on purpose: Flink
resolves function names in any letter case). Each row of a table is one role:

- ``ok``: allowed (200, 201, or a redirect that is not to the login page), and a change or
  use changed the database;
- ``login``: anonymous, sent to log in (302 to the login page, or 401 from the API);
- ``404``: the environment is hidden from who holds no role in it;
- ``403``: refused for a missing role or Use permission;
- ``error``: the console shows the refusal as the statement's error (the page answers 200).

Every role's attempt runs in a savepoint that is rolled back, so each starts from the same
catalog, set up once per test.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import caches
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from rest_framework.test import APIClient

from catalogs import deployment_files
from catalogs.api.runner import FAILURE_STATUS
from catalogs.executor import Executor, Session
from catalogs.models import Function
from changes.models import ChangeRequest, ChangeStatement
from environments.models import Artifact, Environment, Membership, Role
from tests import state
from tests.access import token_client

SETUP = """
CREATE TABLE people (email STRING) WITH ('connector' = 'datagen');
CREATE FUNCTION mask_email AS 'com.example.MaskEmail'
"""
CALL = "SELECT MASK_EMAIL(email) AS e FROM people"
PLAIN = "SELECT email FROM people"
APPLIED = [f"CREATE VIEW v AS {PLAIN}", f"CREATE VIEW v AS {CALL}"]
NEW_REQUEST = "/env/default/change-requests/new"
WEB = "/env/default/catalogs/_env_default/databases/default"
API = "/api/v1/environments/default"
DB = f"{API}/catalogs/_env_default/databases/default"

# role -> (environment role or None, holds Use on the artifact, superuser)
ROLES: dict[str, tuple[Role | None, bool, bool]] = {
    "anonymous": (None, False, False),
    "outsider": (None, False, False),
    "viewer": (Role.VIEWER, False, False),
    "editor": (Role.EDITOR, False, False),
    "editor with Use": (Role.EDITOR, True, False),
    "admin": (Role.ADMIN, False, False),
    "superuser": (None, False, True),
}
READ = {"anonymous": "login", "outsider": "404"} | dict.fromkeys(list(ROLES)[2:], "ok")
CHANGE = READ | {"viewer": "403"}
# Use is asked of everyone but superusers and the system: an admin grants it to themselves
USE = CHANGE | {"editor": "403", "admin": "403"}


def dump() -> dict[str, list[dict]]:
    """Every row of the catalog, environment and change-request models, in key order."""
    return state.dump("environments", "catalogs", "changes")


@dataclass
class Caller:
    user: Any
    browser: Client
    api: APIClient


@dataclass
class World:
    environment: Environment
    artifact: Artifact
    callers: dict[str, Caller]


@pytest.fixture
def world(environment: Environment, settings: Any) -> World:
    for result in Executor(Session.start(environment)).execute_script(SETUP):
        assert result.ok, result
    artifact = Artifact.objects.create(environment=environment, name="masking.jar")
    Function.objects.filter(name="mask_email").update(artifact=artifact, return_type="STRING")
    callers = {"anonymous": Caller(AnonymousUser(), Client(), APIClient())}
    for name, (role, holds_use, superuser) in list(ROLES.items())[1:]:
        user = User.objects.create_user(name.replace(" ", "_"), is_superuser=superuser)
        if role is not None:
            Membership.objects.create(environment=environment, user=user, role=role)
        if holds_use:
            artifact.users.add(user)
        browser = Client()
        browser.force_login(user)
        callers[name] = Caller(user, browser, token_client(user))
    for sql in APPLIED:
        change_request = ChangeRequest.objects.create(
            environment=environment, title="Try", author=callers["superuser"].user
        )
        ChangeStatement.objects.create(change_request=change_request, position=1, sql=sql)
    return World(environment, artifact, callers)


def answered(response: Any) -> str:
    if response.status_code == 302 and "/login" in response["Location"]:
        return "login"
    if response.status_code == 401:
        return "login"
    if response.status_code in (200, 201, 302):
        return "ok"
    return str(response.status_code)


def console(sql: str) -> Callable[[World, Caller], str]:
    def run(world: World, caller: Caller) -> str:
        response = caller.browser.post("/env/default/console", {"sql": sql})
        if response.status_code == 200 and "[ERROR]" in response.text:
            return "error"
        return answered(response)

    return run


def browser_get(path: str) -> Callable[[World, Caller], str]:
    return lambda world, caller: answered(caller.browser.get(path))


def browser_post(path: str, data: dict[str, str]) -> Callable[[World, Caller], str]:
    return lambda world, caller: answered(caller.browser.post(path, data))


def api_get(path: str) -> Callable[[World, Caller], str]:
    return lambda world, caller: answered(caller.api.get(path))


def api_post(path: str, data: dict[str, Any]) -> Callable[[World, Caller], str]:
    return lambda world, caller: answered(caller.api.post(path, data, format="json"))


def apply(sql: str, page: bool = False) -> Callable[[World, Caller], str]:
    """Apply the request a superuser proposed with ``sql`` (only the applier's permissions
    count), through the API or the request's page."""

    def run(world: World, caller: Caller) -> str:
        change_request = ChangeRequest.objects.get(statements__sql=sql)
        if page:
            path = f"/env/default/change-requests/{change_request.pk}/apply"
            return answered(caller.browser.post(path))
        path = f"{API}/change-requests/{change_request.pk}/apply"
        return answered(caller.api.post(path, {}, format="json"))

    return run


def snapshot_document(catalog: str, tables: list[dict], views: list[dict]) -> dict[str, Any]:
    return {
        "version": 1,
        "snapshotId": "20260101-000000-0000",
        "catalogName": catalog,
        "databaseName": "default",
        "flinkVersion": "2.3",
        "createdAt": 0,
        "tables": tables,
        "views": views,
        "udfs": [],
    }


TABLE = {
    "database": "default",
    "name": "t",
    "comment": None,
    "columns": [{"name": "a", "type": "INT", "nullable": True}],
    "watermark": None,
    "primaryKey": None,
    "partitionKeys": [],
    "options": {},
}
MASKED = {
    "database": "default",
    "name": "masked",
    "comment": None,
    "expandedQuery": "SELECT MASK_EMAIL(`people`.`email`) AS `e`\n"
    "FROM `_env_default`.`default`.`people` AS `people`",
    "columns": [{"name": "e", "type": "STRING", "nullable": True}],
}


def snapshot_import(catalog: str, document: dict[str, Any]) -> Callable[[World, Caller], str]:
    body = {"catalog": catalog, "dry_run": False, "snapshot": document}
    return api_post(f"{API}/snapshots/import", body)


def snapshot_import_page(catalog: str, document: dict[str, Any]) -> Callable[[World, Caller], str]:
    def run(world: World, caller: Caller) -> str:
        upload = SimpleUploadedFile("snapshot.json", json.dumps(document).encode())
        data = {"catalog": catalog, "file": upload, "apply": "1"}
        return answered(caller.browser.post("/env/default/snapshots/import", data))

    return run


def catalog_store_import(world: World, caller: Caller) -> str:
    files = {"store.yaml": b'type: "generic_in_memory"\n'}
    report = deployment_files.import_catalog_store(world.environment, files, caller.user)
    if report.ok:
        return "ok"
    return str(FAILURE_STATUS.get(report.code or "", 400))


CONSOLE_REFUSED = {"viewer": "error", "editor": "error", "admin": "error"}
# the catalog-store import is a service (the command line's): it hides nothing
SERVICE = {"anonymous": "403", "outsider": "403", "viewer": "403"}

CELLS: list[tuple[str, str, Callable[[World, Caller], str], dict[str, str]]] = [
    ("form", "read", browser_get(f"{WEB}/tables/people"), READ),
    ("form", "change", browser_post(f"{WEB}/new-view", {"name": "v", "query": PLAIN}), CHANGE),
    ("form", "use", browser_post(f"{WEB}/new-view", {"name": "v", "query": CALL}), USE),
    ("console", "read", console("SHOW TABLES"), READ),
    ("console", "change", console(f"CREATE VIEW v AS {PLAIN}"), CHANGE | {"viewer": "error"}),
    ("console", "use", console(f"CREATE VIEW v AS {CALL}"), USE | CONSOLE_REFUSED),
    ("api", "read", api_get(f"{DB}/tables/people"), READ),
    ("api", "change", api_post(f"{DB}/views/", {"name": "v", "query": PLAIN}), CHANGE),
    ("api", "use", api_post(f"{DB}/views/", {"name": "v", "query": CALL}), USE),
    ("change request", "read", api_get(f"{API}/change-requests/"), READ),
    (
        "change request",
        "change",
        api_post(f"{API}/change-requests/", {"title": "T", "sql": f"CREATE VIEW v AS {PLAIN}"}),
        CHANGE,
    ),
    (
        "change request",
        "use",
        api_post(f"{API}/change-requests/", {"title": "T", "sql": f"CREATE VIEW v AS {CALL}"}),
        USE,
    ),
    ("change request apply", "change", apply(APPLIED[0]), CHANGE),
    ("change request apply", "use", apply(APPLIED[1]), USE),
    ("change request page", "read", browser_get("/env/default/change-requests"), READ),
    (
        "change request page",
        "change",
        browser_post(NEW_REQUEST, {"title": "T", "sql": f"CREATE VIEW v AS {PLAIN}"}),
        CHANGE,
    ),
    (
        "change request page",
        "use",
        browser_post(NEW_REQUEST, {"title": "T", "sql": f"CREATE VIEW v AS {CALL}"}),
        USE,
    ),
    ("change request page apply", "change", apply(APPLIED[0], page=True), CHANGE),
    ("change request page apply", "use", apply(APPLIED[1], page=True), USE),
    ("snapshot import", "read", api_get(f"{API}/snapshots/"), READ),
    (
        "snapshot import",
        "change",
        snapshot_import("c2", snapshot_document("c2", [TABLE], [])),
        CHANGE,
    ),
    (
        "snapshot import",
        "use",
        snapshot_import("_env_default", snapshot_document("_env_default", [], [MASKED])),
        USE,
    ),
    ("snapshot import page", "read", browser_get("/env/default/snapshots"), READ),
    (
        "snapshot import page",
        "change",
        snapshot_import_page("c2", snapshot_document("c2", [TABLE], [])),
        CHANGE,
    ),
    (
        "snapshot import page",
        "use",
        snapshot_import_page("_env_default", snapshot_document("_env_default", [], [MASKED])),
        USE,
    ),
    ("catalog-store import", "read", browser_get("/env/default/catalog-store.zip"), READ),
    ("catalog-store import", "change", catalog_store_import, CHANGE | SERVICE),
]


@pytest.mark.parametrize(
    "door, action, attempt, expected", CELLS, ids=[f"{d}-{a}" for d, a, _, _ in CELLS]
)
def test_it_answers_every_role_as_the_table_says_and_changes_nothing_when_refused(
    world: World,
    door: str,
    action: str,
    attempt: Callable[[World, Caller], str],
    expected: dict[str, str],
) -> None:
    before = dump()
    found = {}
    for role, caller in world.callers.items():
        with transaction.atomic():
            caches["pages"].clear()
            outcome = attempt(world, caller)
            changed = dump() != before
            transaction.set_rollback(True)
        if outcome != "ok" and changed:
            outcome += " (and changed the database)"
        if outcome == "ok" and action != "read" and not changed:
            outcome += " (but changed nothing)"
        found[role] = outcome
    assert found == expected
    assert dump() == before
