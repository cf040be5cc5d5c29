"""Names written into init scripts and download headers cannot add statements or headers."""

from __future__ import annotations

import pytest
from django.test import Client

from catalogs import deployment_files
from catalogs.executor import Executor, Session
from catalogs.flinksql.splitter import split_statements
from catalogs.models import Catalog
from environments.models import Environment

HOSTILE = "nl\nDROP CATALOG shop;\n-- "
QUOTED = "`nl\nDROP CATALOG shop;\n-- `"


@pytest.fixture
def hostile(environment: Environment) -> Environment:
    script = (
        "CREATE CATALOG shop WITH ('type' = 'generic_in_memory');"
        "CREATE CATALOG placeholder WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"
        "CREATE CATALOG `a\"; filename*=UTF-8''setup.bat; x=\"` "
        "WITH ('type' = 'generic_in_memory', 'default-database' = 'd')"
    )
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results]
    # Flink's lexer refuses a line break in a backquoted name, and so does the dashboard now;
    # a name stored before it did still reaches the exports, which must not break lines
    Catalog.objects.filter(environment=environment, name="placeholder").update(name=HOSTILE)
    return environment


def test_a_backquoted_name_cannot_hold_a_line_break(environment: Environment) -> None:
    (result,) = Executor(Session.start(environment)).execute_script(
        f"CREATE CATALOG {QUOTED} WITH ('type' = 'generic_in_memory')"
    )
    assert result.error == (
        'SQL parse failed. Lexical error at line 1, column 19.  Encountered: "\\n" (10), '
        'after : "`nl"'
    )
    assert not Catalog.objects.filter(environment=environment, name=HOSTILE).exists()


def test_it_splits_a_hostile_catalogs_init_script_into_exactly_its_statements(
    hostile: Environment,
) -> None:
    script = deployment_files.init_script(hostile, [HOSTILE])
    assert "-- catalog `nl\\u000aDROP CATALOG shop;\\u000a-- `\n" in script
    assert split_statements(script) == [
        f"CREATE CATALOG {QUOTED}\nWITH (\n  'default-database' = 'd',\n"
        "  'type' = 'generic_in_memory'\n)",
        f"CREATE DATABASE IF NOT EXISTS {QUOTED}.`d`",
    ]


def test_it_downloads_the_init_script_of_a_catalog_whose_name_breaks_lines(
    hostile: Environment, client: Client
) -> None:
    response = client.get(f"/env/default/catalogs/{HOSTILE.replace(chr(10), '%0A')}/init.sql")
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        "attachment; filename*=utf-8''nl%0ADROP%20CATALOG%20shop%3B%0A--%20-init.sql"
    )
    assert "\n" not in response["Content-Disposition"]


def test_it_keeps_a_quote_in_a_name_inside_the_download_file_name(
    hostile: Environment, client: Client
) -> None:
    name = "a\"; filename*=UTF-8''setup.bat; x=\""
    response = client.get(f"/env/default/catalogs/{name}/init.sql")
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'attachment; filename="a\\"; filename*=UTF-8\'\'setup.bat; x=\\"-init.sql"'
    )


def test_it_names_every_download_through_djangos_header_helper(client: Client) -> None:
    response = client.get("/env/default/catalog-store.zip")
    assert response["Content-Disposition"] == 'attachment; filename="default-catalog-store.zip"'
