"""The executor keeps every change in the history and checks roles and Use permissions."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from catalogs.executor import Executor, Session
from catalogs.models import Catalog, Function, HistoryEntry, Table
from environments.models import Artifact, EnvironmentVersion, Membership, Role
from tests.state import dump


@pytest.fixture
def users(environment):
    made = {}
    for name, role in (("ed", Role.EDITOR), ("vi", Role.VIEWER), ("ad", Role.ADMIN)):
        user = User.objects.create_user(name, password="pw")
        Membership.objects.create(environment=environment, user=user, role=role)
        made[name] = user
    made["out"] = User.objects.create_user("out", password="pw")
    return made


def run_as(environment, user, statement: str):
    return Executor(Session.start(environment), user).execute(statement)


def test_it_keeps_who_changed_what_with_the_definition_before_and_after(environment, users):
    editor = users["ed"]
    assert run_as(environment, editor, "CREATE TABLE t (a INT)").ok
    assert run_as(environment, editor, "ALTER TABLE t ADD b STRING").ok
    assert run_as(environment, editor, "SHOW TABLES").ok  # reads are not history
    entries = list(HistoryEntry.objects.order_by("pk"))
    assert [e.statement for e in entries] == [
        "CREATE TABLE t (a INT)",
        "ALTER TABLE t ADD b STRING",
    ]
    assert {e.user for e in entries} == {editor}
    create, alter = (e.changes.get() for e in entries)
    assert (create.kind, create.object_name, create.before) == ("table", "t", "")
    assert create.after == "CREATE TABLE `_env_default`.`default`.`t` (\n  `a` INT\n)\n"
    assert alter.before == create.after
    assert alter.after == (
        "CREATE TABLE `_env_default`.`default`.`t` (\n  `a` INT,\n  `b` VARCHAR(2147483647)\n)\n"
    )


def test_it_keeps_no_history_for_a_failed_or_idle_statement(environment, users):
    editor = users["ed"]
    assert run_as(environment, editor, "CREATE TABLE t (a INT)").ok
    assert not run_as(environment, editor, "CREATE TABLE t (a INT)").ok
    assert run_as(environment, editor, "CREATE TABLE IF NOT EXISTS t (b INT)").ok
    assert HistoryEntry.objects.count() == 1


def test_it_records_both_names_of_a_rename(environment, users):
    assert run_as(environment, users["ed"], "CREATE TABLE t (a INT)").ok
    assert run_as(environment, users["ed"], "ALTER TABLE t RENAME TO u").ok
    entry = HistoryEntry.objects.order_by("pk").last()
    changes = {c.object_name: (bool(c.before), bool(c.after)) for c in entry.changes.all()}
    assert changes == {"t": (True, False), "u": (False, True)}


def test_it_lets_viewers_read_but_not_change(environment, users):
    before = dump()
    result = run_as(environment, users["vi"], "CREATE TABLE t (a INT)")
    assert (result.ok, result.code) == (False, "forbidden")
    assert result.error == (
        "You need the editor role in environment 'default' to change the catalog."
    )
    assert dump() == before
    assert run_as(environment, users["vi"], "SHOW TABLES").ok


def test_it_lets_outsiders_neither_read_nor_change(environment, users):
    result = run_as(environment, users["out"], "SHOW TABLES")
    assert result.error == "You need the viewer role in environment 'default' to read the catalog."
    assert run_as(environment, users["out"], "CREATE TABLE t (a INT)").code == "forbidden"


def test_it_needs_use_on_the_artifact_of_a_function_a_view_calls(environment, users):
    editor = users["ed"]
    assert run_as(
        environment, editor, "CREATE TABLE t (a STRING) WITH ('connector' = 'datagen')"
    ).ok
    assert run_as(environment, editor, "CREATE FUNCTION parse_ua AS 'com.example.ParseUa'").ok
    artifact = Artifact.objects.create(environment=environment, name="ua-udfs")
    Function.objects.filter(name="parse_ua").update(artifact=artifact, return_type="STRING")
    before = dump()
    result = run_as(environment, editor, "CREATE VIEW v AS SELECT parse_ua(a) AS ua FROM t")
    assert (result.ok, result.code) == (False, "forbidden")
    assert result.error == (
        "Calling function '_env_default.default.parse_ua' needs the Use permission on "
        "artifact 'ua-udfs', which you do not hold."
    )
    assert dump() == before
    artifact.users.add(editor)
    result = run_as(environment, editor, "CREATE VIEW v AS SELECT parse_ua(a) AS ua FROM t")
    assert result.ok, result
    assert Table.objects.filter(name="v", kind=Table.Kind.VIEW).exists()


def test_it_refuses_direct_ddl_where_changes_need_approval(environment, users):
    environment.required_approvals = 1
    environment.save()
    before = dump()
    result = run_as(environment, users["ed"], "CREATE TABLE t (a INT)")
    assert (result.ok, result.code) == (False, "forbidden")
    assert result.error == (
        "Environment 'default' needs 1 approval(s) for every change: open a change request "
        "with this statement instead of running it directly."
    )
    assert dump() == before
    assert run_as(environment, users["ed"], "SHOW TABLES").ok
    assert run_as(environment, users["ed"], "CREATE TEMPORARY TABLE tmp (a INT)").ok


@pytest.mark.parametrize(
    ("statement", "writes"),
    [
        ("ALTER VIEW v AS SELECT a FROM t", True),
        ("ALTER TABLE t SET ('connector' = 'datagen')", True),
        ("ALTER CATALOG c SET ('type' = 'generic_in_memory')", True),
        ("CREATE TABLE IF NOT EXISTS t (a INT)", False),
    ],
)
def test_it_raises_the_environment_version_with_every_row_version_a_no_op_raises(
    environment, statement: str, writes: bool
) -> None:
    run = Executor(Session.start(environment)).execute
    for setup in (
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory')",
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')",
        "CREATE VIEW v AS SELECT a FROM t",
    ):
        assert run(setup).ok, setup

    def versions() -> tuple:
        return (
            sorted(Table.objects.values_list("pk", "version")),
            sorted(Catalog.objects.values_list("pk", "version")),
            EnvironmentVersion.objects.get(environment=environment).value,
        )

    tables, catalogs, value = versions()
    entries = HistoryEntry.objects.count()
    assert run(statement).ok
    tables_after, catalogs_after, value_after = versions()
    assert HistoryEntry.objects.count() == entries  # no definition changed
    assert ((tables_after, catalogs_after) != (tables, catalogs)) == writes
    assert value_after == value + writes
