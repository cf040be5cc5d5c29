"""The management commands: flinksql, load_demo and ensure_admin."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from catalogs.models import Catalog, Column, Database, Function, Table
from catalogs.tableau import render_table
from environments.models import Environment

SCRIPT = """
CREATE DATABASE sales;
CREATE DATABASE sales;
SHOW DATABASES;
"""


def flinksql(*args: str) -> tuple[int, str]:
    """Run the command; return its exit status and standard output."""
    out = io.StringIO()
    try:
        call_command("flinksql", *args, stdout=out)
    except SystemExit as exit:
        return int(exit.code or 0), out.getvalue()
    return 0, out.getvalue()


def counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in (Catalog, Database, Table, Column, Function)}


@pytest.mark.django_db
def test_it_prints_one_json_object_per_statement_and_fails_when_one_fails() -> None:
    status, out = flinksql("--format", "jsonl", "--execute", SCRIPT)
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert [r["ok"] for r in records] == [True, False, True]
    assert set(records[0]) == {"statement", "ok", "rows", "error"}
    assert records[0]["statement"] == "CREATE DATABASE sales"
    assert records[1]["error"]
    assert ["sales"] in records[2]["rows"]


@pytest.mark.django_db
def test_it_stops_at_the_first_error_when_asked() -> None:
    status, out = flinksql("--format", "jsonl", "--stop-on-error", "--execute", SCRIPT)
    assert status == 1
    assert len(out.splitlines()) == 2


@pytest.mark.django_db
def test_it_exits_zero_when_every_statement_succeeds() -> None:
    status, out = flinksql("--format", "jsonl", "-e", "SHOW CATALOGS; SHOW DATABASES")
    assert status == 0
    assert len(out.splitlines()) == 2


@pytest.mark.django_db
def test_it_prints_results_as_the_sql_client_does() -> None:
    status, out = flinksql("--execute", SCRIPT + "SHOW DATABASES LIKE 'x%';")
    assert status == 1
    assert out == (
        "[INFO] Execute statement succeeded.\n"
        "\n"
        "[ERROR] Could not execute SQL statement. Reason:\n"
        + _error_of("CREATE DATABASE sales")
        + "\n\n"
        "+---------------+\n"
        "| database name |\n"
        "+---------------+\n"
        "|       default |\n"
        "|         sales |\n"
        "+---------------+\n"
        "2 rows in set\n"
        "\n"
        "Empty set\n"
    )


def _error_of(statement: str) -> str:
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("flinksql", "--format", "jsonl", "-e", statement, stdout=out)
    return json.loads(out.getvalue())["error"]


@pytest.mark.django_db
def test_it_reads_a_file(tmp_path: Path) -> None:
    script = tmp_path / "script.sql"
    script.write_text("SHOW CURRENT CATALOG;", encoding="utf-8")
    status, out = flinksql("--file", str(script), "--format", "jsonl")
    assert status == 0
    assert json.loads(out)["rows"] == [["_env_default"]]


@pytest.mark.django_db
def test_it_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("SHOW CURRENT DATABASE;"))
    status, out = flinksql("--format", "jsonl")
    assert status == 0
    assert json.loads(out)["rows"] == [["default"]]


@pytest.mark.django_db
def test_it_starts_in_the_named_catalog_and_database() -> None:
    call_command("load_demo", stdout=io.StringIO())
    status, out = flinksql(
        "--catalog", "shop", "--database", "crm", "--format", "jsonl", "-e", "SHOW TABLES"
    )
    assert status == 0
    assert json.loads(out)["rows"] == [
        ["big_spenders"],
        ["customer_contacts"],
        ["customer_events"],
        ["customers"],
    ]


@pytest.mark.django_db
def test_it_rejects_an_unknown_environment() -> None:
    with pytest.raises(CommandError, match="Environment nowhere does not exist"):
        call_command("flinksql", "--environment", "nowhere", "-e", "SHOW CATALOGS")


@pytest.mark.django_db
def test_it_runs_in_the_named_environment() -> None:
    from environments.services import create_environment

    create_environment("staging")
    status, out = flinksql("--environment", "staging", "--format", "jsonl", "-e", "SHOW CATALOGS")
    assert status == 0
    assert json.loads(out)["rows"] == [["_env_staging"]]


@pytest.mark.django_db
def test_it_loads_the_demo_catalog_idempotently() -> None:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    first = counts()
    call_command("load_demo", stdout=out)
    assert counts() == first
    assert first["Table"] == 12  # 6 tables and 6 views
    assert first["Function"] == 2
    loaded, again = out.getvalue().splitlines()
    assert re.fullmatch(
        r"Demo catalog 'shop' loaded: 3 databases, 6 tables, 6 views, 2 functions "
        r"\(\d+ statements run\)\.",
        loaded,
    )
    assert again == (
        "Demo catalog 'shop' exists (3 databases, 6 tables, 6 views, 2 functions): left as it is."
    )


@pytest.mark.django_db
def test_it_never_loads_the_demo_into_a_catalog_that_exists_or_existed() -> None:
    from catalogs.executor import Executor, Session

    call_command("load_demo", stdout=io.StringIO())
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    results = executor.execute_script(
        "DROP TABLE shop.sales.payments;\n"
        "CREATE VIEW shop.sales.big AS SELECT * FROM shop.sales.orders;"
    )
    assert all(r.ok for r in results), [r.error for r in results]
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert not Table.objects.filter(name="payments").exists()  # what the user dropped stays so
    assert out.getvalue() == (
        "Demo catalog 'shop' exists (3 databases, 5 tables, 7 views, 2 functions): left as it is.\n"
    )
    assert executor.execute("DROP CATALOG shop").ok
    dropped = io.StringIO()
    call_command("load_demo", stdout=dropped)
    assert not Catalog.objects.filter(name="shop").exists()
    assert dropped.getvalue() == (
        "Demo catalog 'shop' was dropped: not loaded again "
        "('manage.py load_demo --again' loads it).\n"
    )
    call_command("load_demo", "--again", stdout=io.StringIO())
    assert Table.objects.filter(name="payments").exists()


@pytest.mark.django_db
def test_it_creates_an_admin_only_when_no_superuser_exists() -> None:
    out = io.StringIO()
    call_command("ensure_admin", stdout=out)
    username, password = out.getvalue().removeprefix("Admin account: ").strip().split(" / ")
    assert username == "admin"
    assert User.objects.get(username="admin").check_password(password)
    again = io.StringIO()
    call_command("ensure_admin", stdout=again)
    assert again.getvalue() == (
        "Admin account 'admin' exists; its password is not shown again. "
        "To reset it: manage.py changepassword admin\n"
    )
    assert password not in again.getvalue()
    assert User.objects.filter(is_superuser=True).count() == 1


def test_it_prints_tables_as_flinks_tableau() -> None:
    rows = [["id", "INT", True, None], ["name", "STRING", False, "x"]]
    assert render_table(["name", "type", "null", "key"], rows) == (
        "+------+--------+-------+-----+\n"
        "| name |   type |  null | key |\n"
        "+------+--------+-------+-----+\n"
        "|   id |    INT |  TRUE |     |\n"
        "| name | STRING | FALSE |   x |\n"
        "+------+--------+-------+-----+\n"
        "2 rows in set"
    )


def test_it_counts_wide_characters_twice() -> None:
    assert render_table(["名前"], [["a"]]).splitlines()[1] == "| 名前 |"
