"""A database as a live snapshot document: what the Flink catalog plugin reads per database."""

from __future__ import annotations

import pytest

from tests.access import Members
from tests.conftest import RunScript

DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"


@pytest.fixture
def objects(run: RunScript) -> None:
    results = run(
        """
        CREATE TABLE orders (
          id BIGINT NOT NULL COMMENT 'the key',
          ts TIMESTAMP(3),
          total AS id * 2,
          part STRING METADATA FROM 'partition' VIRTUAL,
          WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
          PRIMARY KEY (id) NOT ENFORCED
        ) COMMENT 'all orders'
        WITH ('connector' = 'kafka', 'properties.sasl.jaas.config' = 'secret-value');
        CREATE VIEW big AS SELECT id FROM orders WHERE id > 100;
        CREATE FUNCTION twice AS 'com.example.Twice';
        """
    )
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]


def test_it_answers_the_database_in_full_with_placeholders_for_secrets(
    members: Members, objects: None
) -> None:
    answer = members["viewer"].get(f"{DB}/document")
    assert answer.status_code == 200
    document = answer.json()
    assert (document["snapshotId"], document["catalogName"]) == ("live", "_env_default")
    assert [d["name"] for d in document["databases"]] == ["default"]
    [table] = document["tables"]
    assert table["options"] == {
        "connector": "kafka",
        "properties.sasl.jaas.config": "${ENV_DEFAULT_DEFAULT_ORDERS_PROPERTIES_SASL_JAAS_CONFIG}",
    }
    assert table["primaryKey"]["columnNames"] == ["id"]
    assert table["watermark"]["rowtimeColumn"] == "ts"
    assert [c["name"] for c in table["columns"]] == ["id", "ts", "total", "part"]
    assert "secret-value" not in answer.content.decode()
    [view] = document["views"]
    assert view["expandedQuery"].startswith("SELECT `orders`.`id`")
    assert [f["className"] for f in document["udfs"]] == ["com.example.Twice"]


def test_it_answers_404_to_an_outsider_and_for_a_missing_database(
    members: Members, objects: None
) -> None:
    assert members["outsider"].get(f"{DB}/document").status_code == 404
    missing = members["viewer"].get(DB.replace("databases/default", "databases/nope") + "/document")
    assert missing.status_code == 404
