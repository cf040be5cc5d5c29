"""Function names are one name whatever their letter case (Flink resolves them that way): the
Use permission on a function's artifact, the rows recording what a view calls and the marks of
views that call a dropped function all compare them in lower case."""

from __future__ import annotations

import importlib

import pytest
from django.contrib.auth.models import User

from catalogs.executor import Executor, Session
from catalogs.models import Dependency, Function, Table
from environments.models import Artifact, Environment, Membership, Role
from tests.state import dump

SETUP = """
CREATE TABLE people (email STRING) WITH ('connector' = 'datagen');
CREATE FUNCTION mask_email AS 'com.example.MaskEmail';
CREATE VIEW masked AS SELECT email FROM people
"""
REFUSED = (
    "{action} function '_env_default.default.mask_email' needs the Use permission on "
    "artifact 'masking.jar', which you do not hold."
)
CALLS = ["MASK_EMAIL(email)", "Mask_Email(email)", "`MASK_EMAIL`(email)", "mask_email(email)"]


@pytest.fixture
def artifact(environment: Environment) -> Artifact:
    for result in Executor(Session.start(environment)).execute_script(SETUP):
        assert result.ok, result
    artifact = Artifact.objects.create(environment=environment, name="masking.jar")
    Function.objects.filter(name="mask_email").update(artifact=artifact, return_type="STRING")
    return artifact


@pytest.fixture
def editor(environment: Environment) -> User:
    user = User.objects.create_user("ed")
    Membership.objects.create(environment=environment, user=user, role=Role.EDITOR)
    return user


def run_as(environment: Environment, user: User | None, statement: str):
    return Executor(Session.start(environment), user).execute(statement)


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize(
    "statement",
    [
        "CREATE VIEW v AS SELECT {call} AS e FROM people",
        "CREATE OR REPLACE VIEW masked AS SELECT {call} AS e FROM people",
        "ALTER VIEW masked AS SELECT {call} AS e FROM people",
        "CREATE TEMPORARY VIEW tv AS SELECT {call} AS e FROM people",
        # where the type derivation does not look: a call is a call wherever it stands
        "CREATE VIEW v AS SELECT CASE WHEN {call} = 'a' THEN 1 END AS c FROM people",
        "CREATE VIEW v AS SELECT email, COUNT(*) OVER (PARTITION BY {call}) AS c FROM people",
    ],
)
def test_it_needs_use_to_call_a_function_in_any_letter_case(
    environment: Environment, artifact: Artifact, editor: User, statement: str, call: str
) -> None:
    before = dump()
    result = run_as(environment, editor, statement.format(call=call))
    assert (result.ok, result.code) == (False, "forbidden")
    assert result.error == REFUSED.format(action="Calling")
    assert dump() == before


@pytest.mark.parametrize(
    "statement, action",
    [
        ("ALTER FUNCTION MASK_EMAIL AS 'com.example.Other'", "Altering"),
        ("DROP FUNCTION Mask_Email", "Dropping"),
        ("DROP FUNCTION IF EXISTS mask_email", "Dropping"),
    ],
)
def test_it_needs_use_to_alter_or_drop_a_function_held_in_an_artifact(
    environment: Environment, artifact: Artifact, editor: User, statement: str, action: str
) -> None:
    before = dump()
    result = run_as(environment, editor, statement)
    assert (result.ok, result.code) == (False, "forbidden")
    assert result.error == REFUSED.format(action=action)
    assert dump() == before
    artifact.users.add(editor)
    assert run_as(environment, editor, statement).ok
    assert dump() != before


def test_it_records_what_a_view_calls_in_lower_case_and_breaks_it_when_the_function_goes(
    environment: Environment, artifact: Artifact, editor: User
) -> None:
    artifact.users.add(editor)
    assert run_as(
        environment, editor, "CREATE VIEW v AS SELECT MASK_EMAIL(email) AS e FROM people"
    ).ok
    called = Dependency.objects.get(view__name="v", kind=Dependency.Kind.FUNCTION)
    assert str(called) == "_env_default.default.mask_email"
    assert run_as(environment, editor, "DROP FUNCTION mask_email").ok
    view = Table.objects.get(name="v")
    assert (view.status, view.status_reason) == (
        "broken",
        "Flink cannot plan a read of this view: function _env_default.default.mask_email is "
        "gone (Flink: No match found for function signature MASK_EMAIL(<CHARACTER>)) (path "
        "_env_default.default.v -> _env_default.default.mask_email).",
    )
    assert run_as(environment, editor, "CREATE FUNCTION MASK_EMAIL AS 'com.example.M'").ok
    view.refresh_from_db()
    assert (view.status, view.status_reason) == ("ok", "")


def test_it_lets_a_holder_of_use_and_the_system_call_the_function_in_any_case(
    environment: Environment, artifact: Artifact, editor: User
) -> None:
    artifact.users.add(editor)
    assert run_as(environment, editor, "CREATE VIEW v AS SELECT Mask_Email(email) FROM people").ok
    assert run_as(
        environment, None, "ALTER VIEW masked AS SELECT `MASK_EMAIL`(email) FROM people"
    ).ok


def test_it_lower_cases_the_function_rows_stored_before_and_corrects_their_views_marks(
    environment: Environment, artifact: Artifact
) -> None:
    from django.apps import apps

    migration = importlib.import_module("catalogs.migrations.0008_function_dependencies_lower_case")
    system = None
    assert run_as(
        environment, system, "CREATE VIEW gone AS SELECT mask_email(email) FROM people"
    ).ok
    assert run_as(
        environment, system, "CREATE VIEW kept AS SELECT mask_email(email) FROM people"
    ).ok
    assert run_as(environment, system, "CREATE FUNCTION other AS 'com.example.Other'").ok
    Dependency.objects.filter(view__name="gone", kind="function").update(object_name="OTHER")
    Dependency.objects.filter(view__name="kept", kind="function").update(object_name="MASK_EMAIL")
    Table.objects.filter(name="kept").update(
        status="broken",
        status_reason="Reads what no longer exists: function _env_default.default.MASK_EMAIL.",
    )
    Function.objects.filter(name="other").delete()
    migration.lower_case_function_dependencies(apps, None)
    names = Dependency.objects.filter(kind="function").order_by("view__name")
    assert [(d.view.name, d.object_name) for d in names] == [
        ("gone", "other"),
        ("kept", "mask_email"),
    ]
    marks = dict(Table.objects.filter(kind=Table.Kind.VIEW).values_list("name", "status_reason"))
    assert marks == {
        "gone": "Reads what no longer exists: function _env_default.default.other.",
        "kept": "",
        "masked": "",
    }
    assert dict(Table.objects.filter(kind=Table.Kind.VIEW).values_list("name", "status")) == {
        "gone": "broken",
        "kept": "ok",
        "masked": "ok",
    }


def test_it_needs_use_from_who_proposes_a_statement_calling_the_function(
    environment: Environment, artifact: Artifact, editor: User
) -> None:
    from changes import services
    from changes.models import ChangeRequest
    from environments.services import ServiceError

    sql = "CREATE TABLE t (a INT); CREATE VIEW v AS SELECT MASK_EMAIL(email) AS e FROM people"
    with pytest.raises(ServiceError) as refused:
        services.open_request(environment, editor, "Mask", sql=sql)
    assert (refused.value.code, refused.value.message) == (
        "forbidden",
        "Statement 2: " + REFUSED.format(action="Calling"),
    )
    assert not ChangeRequest.objects.exists()
    opened = services.open_request(environment, editor, "Table", sql="CREATE TABLE t (a INT)")
    with pytest.raises(ServiceError) as refused:
        services.add_statements(opened, editor, "DROP FUNCTION MASK_EMAIL")
    assert refused.value.message == "Statement 2: " + REFUSED.format(action="Dropping")
    assert [s.sql for s in opened.statements.all()] == ["CREATE TABLE t (a INT)"]
    artifact.users.add(editor)
    services.add_statements(opened, editor, "DROP FUNCTION MASK_EMAIL")
    assert opened.statements.count() == 2


def test_it_needs_use_from_who_applies_a_change_request_and_keeps_no_failure_on_it(
    environment: Environment, artifact: Artifact, editor: User
) -> None:
    from changes import services

    artifact.users.add(editor)
    sql = "CREATE VIEW v AS SELECT MASK_EMAIL(email) AS e FROM people"
    opened = services.open_request(environment, editor, "Mask", sql=sql)
    applier = User.objects.create_user("other")
    Membership.objects.create(environment=environment, user=applier, role=Role.EDITOR)
    before = dump()
    outcome = services.apply(opened, applier)
    assert (outcome.ok, outcome.forbidden) == (False, True)
    assert outcome.message == (
        f"Statement 1 failed: {REFUSED.format(action='Calling')} Nothing was applied."
    )
    assert dump() == before
    opened.refresh_from_db()
    assert (opened.status, opened.failure) == ("open", "")
    assert services.apply(opened, editor).ok
    assert Table.objects.filter(name="v").exists()


def test_it_answers_403_with_the_refusal_beside_the_field_of_a_form(
    environment: Environment, artifact: Artifact, editor: User
) -> None:
    from django.test import Client

    browser = Client()
    browser.force_login(editor)
    url = "/env/default/catalogs/_env_default/databases/default/new-view"
    before = dump()
    response = browser.post(url, {"name": "v", "query": "SELECT Mask_Email(email) FROM people"})
    assert response.status_code == 403
    assert response.context["form"].errors == {"__all__": [REFUSED.format(action="Calling")]}
    assert dump() == before


@pytest.mark.parametrize(
    "statement",
    ["DROP DATABASE c.d CASCADE", "DROP CATALOG c", "DROP CATALOG IF EXISTS c"],
)
def test_it_needs_use_to_drop_a_database_or_catalog_holding_a_function_of_an_artifact(
    environment: Environment, artifact: Artifact, editor: User, statement: str
) -> None:
    script = (
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"
        "CREATE FUNCTION c.d.Tokenize AS 'com.example.Tokenize'"
    )
    for result in Executor(Session.start(environment)).execute_script(script):
        assert result.ok, result
    Function.objects.filter(name="tokenize").update(artifact=artifact)
    before = dump()
    result = run_as(environment, editor, statement)
    assert (result.ok, result.code) == (False, "forbidden")
    assert result.error == (
        "Dropping function 'c.d.tokenize' needs the Use permission on artifact "
        "'masking.jar', which you do not hold."
    )
    assert dump() == before
    artifact.users.add(editor)
    assert run_as(environment, editor, statement).ok


@pytest.mark.parametrize(
    "statement",
    [
        "CREATE FUNCTION f2 AS 'com.example.MaskEmail' USING JAR 'masking.jar'",
        "CREATE FUNCTION f2 AS 'com.example.MaskEmail' USING JAR 'a.jar', JAR '/x/Masking.JAR'",
        "CREATE TEMPORARY FUNCTION f2 AS 'com.example.MaskEmail' USING JAR 'masking.jar'",
    ],
)
def test_it_needs_use_to_create_a_function_from_an_artifacts_jar(
    environment: Environment, artifact: Artifact, editor: User, statement: str
) -> None:
    """A function whose USING JAR names the artifact runs its code, linked to it or not."""
    before = dump()
    result = run_as(environment, editor, statement)
    assert (result.ok, result.code) == (False, "forbidden")
    assert "needs the Use permission on artifact 'masking.jar'" in (result.error or "")
    assert dump() == before
    artifact.users.add(editor)
    assert run_as(environment, editor, statement).ok
