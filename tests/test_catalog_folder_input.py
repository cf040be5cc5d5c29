"""catalog_folder (#19): hand-written folders, malformed folders (errors naming the file and
the line, nothing changed), the command's exit codes, and approvals."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from catalogs import folder
from catalogs import models as m
from changes.models import ChangeRequest
from environments.models import Environment, Membership, Role
from environments.services import create_environment

CATALOG = b"CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"


def _write(root: Path, files: dict[str, bytes]) -> Path:
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return root


def _plan(environment: Environment, root: Path, *extra: str) -> tuple[int, str]:
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command(
            "catalog_folder",
            "plan",
            str(root),
            "--environment",
            environment.name,
            *extra,
            stdout=out,
        )
    return exited.value.code, out.getvalue()


def _catalog_rows() -> int:
    return m.Table.objects.count() + m.Database.objects.count() + m.Catalog.objects.count()


def test_a_hand_written_folder_in_any_order_with_unqualified_names(
    environment: Environment, tmp_path: Path
) -> None:
    root = _write(
        tmp_path,
        {
            # a view before what it reads, in a file named nothing in particular
            "c/d/views/all.sql": b"-- the views\nCREATE VIEW top AS SELECT n FROM mid;\n"
            b"CREATE VIEW mid AS SELECT a AS n FROM t;\n",
            "c/d/tables/t.sql": b"CREATE TABLE t (a INT) WITH ('connector' = 'datagen');",
            "c/catalog.sql": CATALOG,
            "README.md": b"not SQL, ignored",
        },
    )
    code, out = _plan(environment, root)
    assert code == 2
    assert (
        out.splitlines()[0]
        == "-- Plan: 4 to create, 0 to change, 0 to re-create, 0 to drop; 0 drop(s) not allowed."
    )
    applied = folder.apply_folder(environment, folder.read_files(root))
    assert applied.report is not None and applied.report.ok
    assert _plan(environment, root) == (0, "-- No changes: the environment equals the folder.\n")


BAD = {
    "a file that does not parse": (
        {"c/d/tables/t.sql": b"\n\nCREATE TABLE t (a INT,);"},
        "c/d/tables/t.sql:3: SQL parse failed.",
    ),
    "two files defining one object": (
        {
            "c/d/tables/t.sql": b"CREATE TABLE t (a INT);",
            "c/d/more.sql": b"\nCREATE TABLE c.d.t (b INT);",
        },
        "c/d/tables/t.sql:1: table or view c.d.t is created a second time (first at "
        "c/d/more.sql:2).",
    ),
    "a view reading what nowhere exists": (
        {"c/d/views/v.sql": b"CREATE VIEW v AS\nSELECT * FROM nowhere;"},
        "c/d/views/v.sql:1: view c.d.v: From line 2, column 15 to line 2, column 21: "
        "Object 'nowhere' not found",
    ),
    "a secret written in clear": (
        {
            "c/d/tables/t.sql": b"CREATE TABLE t (a INT) WITH ('connector' = 'jdbc', "
            b"'password' = 'hunter2');"
        },
        "c/d/tables/t.sql:1: option 'password' of table c.d.t is a secret written in clear; a "
        "folder holds a placeholder such as '${VARIABLE}' instead, and its value is given when "
        "the folder is applied.",
    ),
    "a statement that creates nothing": (
        {"c/d/x.sql": b"DROP TABLE c.d.t;"},
        "c/d/x.sql:1: a folder holds CREATE CATALOG, DATABASE, TABLE, VIEW, FUNCTION and "
        "MODEL statements (and USE), not DROP TABLE.",
    ),
    "an object of a catalog the folder does not create": (
        {"other/d/t.sql": b"CREATE TABLE t (a INT);"},
        "other/d/t.sql:1: table other.d.t is in catalog other, which the folder does not "
        "create (no CREATE CATALOG for it).",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_names_the_file_and_line_and_changes_nothing(
    case: str, environment: Environment, tmp_path: Path
) -> None:
    files, expected = BAD[case]
    root = _write(tmp_path, {"c/catalog.sql": CATALOG, **files})
    before = _catalog_rows()
    code, out = _plan(environment, root)
    assert code == 1
    assert f"-- ERROR: {expected}" in out, out
    assert "hunter2" not in out
    with pytest.raises(SystemExit) as exited:
        call_command(
            "catalog_folder",
            "apply",
            str(root),
            "--environment",
            environment.name,
            stdout=io.StringIO(),
        )
    assert exited.value.code == 1
    assert _catalog_rows() == before


def test_export_writes_the_folder_and_removes_files_of_objects_gone(
    environment: Environment, tmp_path: Path
) -> None:
    call_command("load_demo", stdout=io.StringIO())
    stale = tmp_path / "shop" / "sales" / "tables" / "gone.sql"
    _write(tmp_path, {"shop/sales/tables/gone.sql": b"CREATE TABLE x (a INT);"})
    call_command(
        "catalog_folder",
        "export",
        "--environment",
        "default",
        "--output",
        str(tmp_path),
        stderr=io.StringIO(),
    )
    assert not stale.exists()
    assert folder.read_files(tmp_path) == folder.export_files(environment)
    assert _plan(environment, tmp_path)[0] == 0


def test_apply_needs_a_value_for_every_placeholder(
    environment: Environment, tmp_path: Path
) -> None:
    call_command("load_demo", stdout=io.StringIO())
    root = tmp_path / "demo"
    root.mkdir()
    folder.write_folder(folder.export_files(environment), root)
    target = create_environment("target")
    with pytest.raises(CommandError, match=r"Give a value for \$\{SHOP_CRM_CUSTOMERS_PASSWORD\}"):
        call_command(
            "catalog_folder",
            "apply",
            str(root),
            "--environment",
            "target",
            "--var",
            "SHOP_SALES_ORDERS_PROPERTIES_SASL_JAAS_CONFIG=x",
            stdout=io.StringIO(),
        )
    assert not m.Catalog.objects.filter(environment=target, name="shop").exists()
    call_command(
        "catalog_folder",
        "apply",
        str(root),
        "--environment",
        "target",
        "--var",
        "SHOP_SALES_ORDERS_PROPERTIES_SASL_JAAS_CONFIG=x",
        "--var",
        "SHOP_CRM_CUSTOMERS_PASSWORD=pw",
        stdout=io.StringIO(),
    )
    customers = m.Table.objects.get(database__catalog__environment=target, name="customers")
    assert customers.options["password"] == "pw"
    assert _plan(target, root)[0] == 0


def test_where_approvals_are_needed_apply_opens_a_change_request(
    environment: Environment, tmp_path: Path
) -> None:
    environment.required_approvals = 1
    environment.save()
    author = User.objects.create_user("author")
    Membership.objects.create(environment=environment, user=author, role=Role.EDITOR)
    root = _write(
        tmp_path,
        {"c/catalog.sql": CATALOG, "c/d/t.sql": b"CREATE TABLE t (a INT);"},
    )
    assert _plan(environment, root)[0] == 2
    with pytest.raises(CommandError, match=r"needs 1 approval\(s\) for every change: name"):
        call_command(
            "catalog_folder", "apply", str(root), "--environment", "default", stdout=io.StringIO()
        )
    out = io.StringIO()
    call_command(
        "catalog_folder",
        "apply",
        str(root),
        "--environment",
        "default",
        "--user",
        "author",
        "--title",
        "folder",
        stdout=out,
    )
    request = ChangeRequest.objects.get()
    assert f"opened change request #{request.pk}" in out.getvalue()
    assert [s.sql for s in request.statements.order_by("position")] == [
        "CREATE CATALOG `c`\nWITH (\n  'default-database' = 'd',\n"
        "  'type' = 'generic_in_memory'\n)",
        "CREATE TABLE `c`.`d`.`t` (\n  `a` INT\n)",
    ]
    assert not m.Catalog.objects.filter(name="c").exists()
