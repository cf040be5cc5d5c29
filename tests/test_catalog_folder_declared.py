"""catalog_folder (#19): a function's declared result type travels in its file as a
``-- RETURNS <type>`` line, and the plan treats it as part of the function."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from catalogs import folder
from catalogs import models as m
from catalogs.executor import Executor, Session
from catalogs.flinksql import folder as fd
from catalogs.services import set_function_details
from changes.models import ChangeRequest
from environments.models import Environment, Membership, Role
from environments.services import create_environment

_count = itertools.count()
CATALOG = (
    "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
    "USE CATALOG c;\n"
    "CREATE TABLE d.people (id INT, email STRING) WITH ('connector' = 'datagen');\n"
    "CREATE FUNCTION d.mask AS 'com.example.Mask' LANGUAGE JAVA;\n"
)
VIEW = "CREATE VIEW d.masked AS SELECT id, mask(email) AS email FROM d.people;\n"
FUNCTION_FILE = (
    b"-- RETURNS VARCHAR(2147483647)\n"
    b"CREATE FUNCTION `c`.`d`.`mask` AS 'com.example.Mask' LANGUAGE JAVA;\n"
)


def _run(environment: Environment, script: str) -> None:
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]


def _declare(environment: Environment, data_type: str | None) -> None:
    function = m.Function.objects.get(database__catalog__environment=environment, name="mask")
    set_function_details(function, None, return_type=data_type)


def _environment(data_type: str | None, view: bool = True) -> Environment:
    """Catalog c with a table, the function mask declared ``data_type``, and (``view``) a
    view calling it."""
    environment = create_environment(f"declared{next(_count)}")
    _run(environment, CATALOG)
    _declare(environment, data_type)
    if view:
        _run(environment, "USE CATALOG c;\n" + VIEW)
    return environment


def test_a_view_calling_a_declared_function_round_trips_through_a_folder(db: None) -> None:
    source = _environment("STRING")
    files = folder.export_files(source)
    assert files["c/d/functions/mask.sql"] == FUNCTION_FILE
    target = create_environment("empty")
    planned = folder.plan_folder(target, files)
    assert (planned.errors, planned.exit_code) == ([], 2)
    [step] = [s for s in planned.plan.steps if s.kind == "function"]
    assert (step.action, step.declaration.result_type) == ("create", "VARCHAR(2147483647)")
    applied = folder.apply_folder(target, files)
    assert applied.report is not None and applied.report.ok, applied.report.failures
    function = m.Function.objects.get(database__catalog__environment=target, name="mask")
    assert function.return_type == "VARCHAR(2147483647)"
    assert folder.export_files(target) == files
    assert folder.plan_folder(target, files).exit_code == 0


def test_without_the_declared_type_the_view_cannot_be_created(db: None) -> None:
    files = folder.export_files(_environment("STRING"))
    files["c/d/functions/mask.sql"] = FUNCTION_FILE.split(b"\n", 1)[1]
    planned = folder.plan_folder(create_environment("empty"), files)
    assert planned.exit_code == 1
    [error] = planned.errors
    assert error.startswith("c/d/views/masked.sql:1: view c.d.masked: ")
    assert "declare the function's result type to call it in a view" in error


def test_a_changed_type_alone_is_a_step_without_statements(db: None) -> None:
    target = _environment("STRING", view=False)
    files = folder.export_files(_environment("INT", view=False))
    planned = folder.plan_folder(target, files)
    assert (planned.errors, planned.exit_code) == ([], 2)
    [step] = planned.plan.steps
    assert (step.action, step.kind, step.name, step.statements) == (
        "change",
        "function",
        "c.d.mask",
        [],
    )
    assert step.reason == (
        "its declared result type changes from VARCHAR(2147483647) to INT, which the "
        "dashboard declares (Flink's DDL has no clause for it)"
    )
    assert (
        step.declaration == fd.Declaration(step.declaration.function, "INT", None)
        and str(step.declaration.function) == "c.d.mask"
    )
    assert step.declaration.shown == "RETURNS INT (the dashboard declares it before the statements)"
    applied = folder.apply_folder(target, files)
    assert applied.report is not None and applied.report.ok, applied.report.failures
    function = m.Function.objects.get(database__catalog__environment=target, name="mask")
    assert function.return_type == "INT"
    assert folder.plan_folder(target, files).exit_code == 0


def test_a_changed_type_re_types_the_views_calling_it(db: None) -> None:
    target = _environment("STRING")
    files = folder.export_files(_environment("INT"))
    planned = folder.plan_folder(target, files)
    assert (planned.errors, planned.exit_code) == ([], 2)
    assert [(s.action, s.kind, s.name) for s in planned.plan.steps] == [
        ("change", "function", "c.d.mask"),
        ("change", "view", "c.d.masked"),
    ]
    view = planned.plan.steps[1]
    assert view.reason == "its stored column types differ from what its query gives now"
    assert view.statements[-1].sql.startswith("ALTER VIEW `c`.`d`.`masked` AS SELECT")
    applied = folder.apply_folder(target, files)
    assert applied.report is not None and applied.report.ok, applied.report.failures
    assert folder.export_files(target) == files
    assert folder.plan_folder(target, files).exit_code == 0


def test_removing_the_declared_type_is_a_change_too(db: None) -> None:
    target = _environment("STRING", view=False)
    files = folder.export_files(_environment(None, view=False))
    assert files["c/d/functions/mask.sql"] == FUNCTION_FILE.split(b"\n", 1)[1]
    [step] = folder.plan_folder(target, files).plan.steps
    assert step.declaration is not None and step.declaration.result_type is None
    assert step.declaration.shown == (
        "no declared result type (the dashboard declares it before the statements)"
    )


def test_the_command_prints_the_declaration(db: None, tmp_path: Path) -> None:
    target = _environment("STRING", view=False)
    folder.write_folder(folder.export_files(_environment("BIGINT", view=False)), tmp_path)
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command(
            "catalog_folder", "plan", str(tmp_path), "--environment", target.name, stdout=out
        )
    assert exited.value.code == 2
    assert (
        "-- ~ change function c.d.mask: its declared result type changes from "
        "VARCHAR(2147483647) to BIGINT, which the dashboard declares (Flink's DDL has no "
        "clause for it)\n"
        "-- RETURNS BIGINT (the dashboard declares it before the statements)\n"
    ) in out.getvalue()


def test_a_hand_written_returns_line_takes_any_flink_type_name(db: None) -> None:
    files = folder.export_files(_environment("STRING"))
    files["c/d/functions/mask.sql"] = (
        b"-- masks an address\n--   RETURNS STRING\n"
        b"CREATE FUNCTION mask AS 'com.example.Mask' LANGUAGE JAVA;\n"
    )
    target = create_environment("empty")
    applied = folder.apply_folder(target, files)
    assert applied.report is not None and applied.report.ok, applied.report.failures
    assert folder.export_files(target)["c/d/functions/mask.sql"] == FUNCTION_FILE


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            b"-- RETURNS STRING\nCREATE TABLE t2 (a INT);\n",
            "c/d/tables/t2.sql:1: a '-- RETURNS <type>' line declares the result type of the "
            "CREATE FUNCTION right after it, and no CREATE FUNCTION follows.",
        ),
        (
            b"CREATE TABLE t2 (a INT);\n-- RETURNS STRING\n",
            "c/d/tables/t2.sql:2: a '-- RETURNS <type>' line declares the result type of the "
            "CREATE FUNCTION right after it, and no statement follows.",
        ),
        (
            b"-- RETURNS STRING\n-- RETURNS INT\nCREATE FUNCTION g AS 'G' LANGUAGE JAVA;\n",
            "c/d/tables/t2.sql:2: a second '-- RETURNS' line for one function (the first is "
            "at line 1).",
        ),
        (
            b"CREATE TABLE t2 (a INT);\n\n-- RETURNS STRIN\n"
            b"CREATE FUNCTION g AS 'G' LANGUAGE JAVA;",
            "c/d/tables/t2.sql:3: '-- RETURNS STRIN' declares the function's result type, and "
            "'STRIN' is not a Flink type: ",
        ),
    ],
)
def test_a_returns_line_that_declares_nothing_is_an_error(
    db: None, text: bytes, error: str
) -> None:
    files = folder.export_files(_environment("STRING"))
    files["c/d/tables/t2.sql"] = text
    planned = folder.plan_folder(create_environment("empty"), files)
    assert planned.exit_code == 1
    [found] = planned.errors
    assert found.startswith(error), found


def test_a_returns_line_inside_a_statement_or_lower_case_is_a_comment(db: None) -> None:
    files = folder.export_files(_environment("STRING"))
    files["c/d/tables/t2.sql"] = (
        b"-- returns nothing\nCREATE TABLE t2 (\n-- RETURNS STRING\na INT);\n"
    )
    assert folder.plan_folder(create_environment("empty"), files).errors == []


def test_a_change_request_cannot_carry_a_declared_type(db: None) -> None:
    target = create_environment("approved")
    target.required_approvals = 1
    target.save()
    editor = User.objects.create_user("ed")
    Membership.objects.create(user=editor, environment=target, role=Role.EDITOR)
    files = folder.export_files(_environment("STRING"))
    applied = folder.apply_folder(target, files, editor)
    assert applied.change_request is None and ChangeRequest.objects.count() == 0
    assert applied.plan.exit_code == 1
    assert applied.plan.errors == [
        "function c.d.mask: its declared result type (VARCHAR(2147483647)) cannot travel in "
        "a change request, which holds Flink SQL statements only (Flink's DDL has no clause "
        "for it): apply the folder where no approval is needed, or declare the type on the "
        "function's page once it exists, and plan again."
    ]


def test_a_promotion_carries_the_declared_type_but_no_change_request_can(db: None) -> None:
    from catalogs import promotion

    source, target = _environment("STRING"), create_environment("prod")
    planned = promotion.plan_promotion(source, target, [("c", "c2")])
    assert (planned.errors, planned.exit_code) == ([], 2)
    [step] = [s for s in planned.plan.steps if s.kind == "function"]
    assert str(step.declaration.function) == "c2.d.mask"
    assert step.declaration.result_type == "VARCHAR(2147483647)"
    assert [s.name for s in planned.plan.steps if s.kind == "view"] == ["c2.d.masked"]
    editor = User.objects.create_user("ed")
    Membership.objects.create(user=editor, environment=target, role=Role.EDITOR)
    promoted = promotion.promote(source, target, [("c", "c2")], editor)
    assert promoted.applied.change_request is None and promoted.snapshot_ids == []
    assert promoted.applied.plan.errors[0].startswith(
        "function c2.d.mask: its declared result type (VARCHAR(2147483647)) cannot travel in "
        "a change request"
    )


def test_two_functions_written_alike_in_two_databases_keep_their_own_types(db: None) -> None:
    same = b"CREATE FUNCTION mask AS 'com.example.Mask' LANGUAGE JAVA;\n"
    files = {
        "c/catalog.sql": CATALOG.split("\n")[0].encode(),
        "c/d/database.sql": b"CREATE DATABASE c.d;",
        "c/e/database.sql": b"CREATE DATABASE c.e;",
        "c/d/functions/mask.sql": same,
        "c/e/functions/mask.sql": b"-- RETURNS INT\n" + same,
    }
    target = create_environment("empty")
    applied = folder.apply_folder(target, files)
    assert applied.report is not None and applied.report.ok, applied.report.failures
    declared = m.Function.objects.filter(database__catalog__environment=target)
    assert sorted((f.database.name, f.return_type) for f in declared) == [
        ("d", None),
        ("e", "INT"),
    ]
    assert folder.plan_folder(target, files).exit_code == 0
