"""The small defects of #17, each as a user met it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.flinksql.parser import parse_statement
from catalogs.models import Table
from tests.access import Members
from tests.conftest import RunScript

DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (f"{DB}/views/nope", "No view 'nope' in database '_env_default.default'."),
        (f"{DB}/tables/nope", "No table 'nope' in database '_env_default.default'."),
        (f"{DB}/functions/nope", "No function 'nope' in database '_env_default.default'."),
        (
            "/api/v1/environments/default/catalogs/nope",
            "No catalog 'nope' in environment 'default'.",
        ),
    ],
)
def test_an_api_404_names_the_kind_it_looked_for(members: Members, url: str, message: str) -> None:
    response = members["viewer"].get(url)
    assert response.status_code == 404
    assert response.json() == {"errors": [{"message": message}]}


def test_a_table_is_not_found_at_a_views_address(members: Members, run: RunScript) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nCREATE VIEW v AS SELECT a FROM t;")
    response = members["viewer"].get(f"{DB}/views/t")
    assert response.json()["errors"][0]["message"] == (
        "No view 't' in database '_env_default.default'."
    )


def test_as_written_keeps_the_comments_before_and_after_the_query(run: RunScript) -> None:
    results = run(
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW v AS\n-- the first note\nSELECT a -- the a\nFROM t -- the last note\n;"
    )
    assert all(r.ok for r in results), [r.error for r in results]
    view = Table.objects.get(name="v")
    assert view.original_query == "-- the first note\nSELECT a -- the a\nFROM t -- the last note"
    assert "note" not in view.expanded_query


def test_a_query_is_stored_with_lf_line_ends(run: RunScript) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');")
    assert run("CREATE VIEW v AS SELECT a\r\nFROM t\r\nWHERE a > 1").pop().ok
    assert run("ALTER VIEW v AS SELECT a\r\nFROM t").pop().ok
    assert Table.objects.get(name="v").original_query == "SELECT a\nFROM t"


def test_a_query_starts_where_its_first_comment_does() -> None:
    """Error positions in the query count from where its text starts."""
    parsed = parse_statement("CREATE VIEW v AS\n  -- a note\nSELECT a FROM t")
    assert (parsed.query_position, parsed.query) == ((2, 3), "-- a note\nSELECT a FROM t")
    parsed = parse_statement("ALTER VIEW v AS SELECT a\r\nFROM t")
    assert (parsed.query_position, parsed.query) == ((1, 17), "SELECT a\nFROM t")


def test_the_view_form_stores_what_the_browser_sends_with_lf(
    client: Client, run: RunScript
) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');")
    url = reverse("view-create", args=["default", "_env_default", "default"])
    response = client.post(url, {"name": "v", "query": "-- note\r\nSELECT a\r\nFROM t"})
    assert response.status_code == 302, response.text
    assert Table.objects.get(name="v").original_query == "-- note\nSELECT a\nFROM t"
