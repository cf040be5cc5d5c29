"""Hostile requests to the API and the pages: each is refused with a 4xx that says why, and
the catalog is as it was."""

from __future__ import annotations

import pytest

from catalogs import snapshots
from catalogs.models import Catalog, Snapshot, Table
from tests.access import Members
from tests.conftest import RunScript
from tests.test_atomicity import dump

DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"


@pytest.fixture
def orders(run: RunScript) -> None:
    results = run(
        "CREATE TABLE orders (id BIGINT) WITH ('connector' = 'datagen');"
        "CREATE VIEW v AS SELECT id FROM orders"
    )
    assert all(r.ok for r in results), [r.error for r in results]


def test_it_refuses_a_view_query_with_a_trailing_statement_through_the_api(
    members: Members, orders: None
) -> None:
    before = dump()
    created = members["editor"].post(
        f"{DB}/views/", {"name": "w", "query": "SELECT 1 AS a; DROP TABLE orders"}, format="json"
    )
    altered = members["editor"].patch(
        f"{DB}/views/v", {"query": "SELECT 1 AS a; DROP TABLE orders"}, format="json"
    )
    for response, where in ((created, "line 2, column 17"), (altered, "line 1, column 57")):
        assert response.status_code == 400
        assert response.json()["errors"] == [
            {"message": f'SQL parse failed. Encountered ";" at {where}.'}
        ]
    assert dump() == before
    assert not Table.objects.filter(original_query__contains="DROP").exists()


NUL_PATHS = [
    "/snapshots/x%00.json",
    "/snapshots/x%00",
    "/snapshots/x%00/diff",
    "/snapshots/x%00/delete",
    "/env/default/catalogs/a%00b/init.sql",
    "/env/default%00/history",
    "/env/default%00/console",
    "/env/default%00/change-requests",
    "/env/default%00/change-requests/1",
    "/api/v1/environments/default%00/change-requests/",
    "/api/v1/environments/default%00/change-requests/1/preview",
    "/api/v1/environments/default/snapshots/x%00",
    "/api/v1/environments/default/catalogs/a%2500b",
]


@pytest.mark.parametrize("path", NUL_PATHS)
def test_it_answers_404_to_a_nul_in_a_url_path(client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json() == {"errors": [{"message": "Not found."}]}


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/environments/default/snapshots/?label=a%00",
        "/api/v1/environments/?name=%00",
        "/env/default/history?page=1%00",
        "/snapshots/20260101-000000-abcd/diff?against=%00",
    ],
)
def test_it_answers_400_to_a_nul_in_a_query_parameter(client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 400
    message = "The URL holds a NUL character (%00), which no name or parameter may hold."
    if path.startswith("/api/"):
        assert response.json() == {"errors": [{"message": message}]}
    else:
        assert response.text == message


NUL_STATEMENTS = [
    "CREATE TABLE `a\x00b` (a INT) WITH ('connector' = 'datagen')",
    "CREATE TABLE ab (a INT COMMENT 'x\x00') WITH ('connector' = 'datagen')",
    "CREATE DATABASE d\x00",
]


@pytest.mark.parametrize("statement", NUL_STATEMENTS)
def test_it_refuses_a_statement_holding_nul_before_the_database_sees_it(
    client, statement: str
) -> None:
    before = dump()
    response = client.post("/env/default/console", {"sql": statement})
    assert response.status_code == 200
    assert (
        "[ERROR] The statement holds a NUL character (U+0000), which the catalog cannot store."
        in response.text
    )
    assert dump() == before


def test_it_refuses_an_imported_snapshot_whose_names_hold_nul(
    members: Members, orders: None
) -> None:
    document = snapshots.live_document(Catalog.objects.get(name="_env_default"))
    document["tables"][0]["name"] = "t\x00"
    before = dump()
    response = members["editor"].post(
        "/api/v1/environments/default/snapshots/import",
        {"catalog": "c", "snapshot": document, "dry_run": False},
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert "NUL character (U+0000)" in str(response.json())
    assert dump() == before


@pytest.mark.parametrize("value", ["²", "-1", "1e3"])
def test_it_answers_400_to_a_history_entry_that_is_no_id(
    members: Members, orders: None, value: str
) -> None:
    response = members["viewer"].get(f"{DB}/views/v/history?from={value}&to=1")
    assert response.status_code == 400
    assert response.json() == {
        "errors": [{"message": f"from: '{value}' is not an integer of at least 1."}]
    }


def test_it_answers_404_to_a_history_entry_past_every_id(members: Members, orders: None) -> None:
    """Thirty digits are an integer, as the schema says, of no entry (never a database's
    overflow)."""
    response = members["viewer"].get(f"{DB}/views/v/history?from={'9' * 30}&to=1")
    assert response.status_code == 404
    assert response.json() == {
        "errors": [{"message": f"from: {'9' * 30} is not a history entry of this object."}]
    }


@pytest.mark.parametrize(
    "path",
    [
        "/env/default/change-requests/" + "9" * 30,
        "/api/v1/environments/default/change-requests/" + "9" * 30,
        "/env/default/change-requests/9223372036854775808",
    ],
)
def test_it_answers_404_to_an_id_past_the_databases_integers(client, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("page", ["²", "9" * 30, "-1"])
def test_it_shows_the_first_history_page_for_a_page_that_is_no_number(client, page: str) -> None:
    response = client.get(f"/env/default/history?page={page}")
    assert response.status_code == 200


@pytest.mark.parametrize("field", ["label", "note", "catalog", "database"])
def test_it_refuses_to_take_a_snapshot_with_nul_in_a_field(client, field: str) -> None:
    data = {"catalog": "_env_default", "label": "l", "note": "n", field: "x\x00"}
    response = client.post("/env/default/snapshots/take", data, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "The catalog, databases, label or note hold a NUL character (U+0000), which the "
        "catalog cannot store; no snapshot was taken."
    ]
    assert not Snapshot.objects.exists()


def test_it_refuses_a_snapshot_label_past_its_length_instead_of_cutting_it(client) -> None:
    data = {"catalog": "_env_default", "label": "l" * 256}
    response = client.post("/env/default/snapshots/take", data, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "The label is 256 characters long; a snapshot's label holds at most 255. "
        "No snapshot was taken."
    ]
    assert not Snapshot.objects.exists()
