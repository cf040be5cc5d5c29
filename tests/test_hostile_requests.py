"""Hostile requests to the API and the pages: each is refused with a 4xx that says why, and
the catalog is as it was."""

from __future__ import annotations

import pytest

from catalogs.models import Table
from tests.access import FAST_HASHERS, Members, make_members
from tests.conftest import RunScript
from tests.test_atomicity import dump

DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"


@pytest.fixture(autouse=True)
def fast_passwords(settings) -> None:
    settings.PASSWORD_HASHERS = FAST_HASHERS


@pytest.fixture
def members(environment) -> Members:
    return make_members(environment)


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
