"""Every door refuses an input past a bound of ``config.limits`` whole, with a message that
names the bound: never a truncated script, never a partial run, never a worker lost."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.models import HistoryEntry, Table
from config import limits
from tests.access import Members
from tests.conftest import RunScript
from tests.test_atomicity import dump
from tests.test_forms import DB, table_post

STATEMENTS = "/api/v1/environments/default/statements"
TRUNCATED = "-- " + "x" * 99_965 + "\nDROP TABLE IF EXISTS trunc_demo_old_backup"
TOO_LONG = (
    f"The script is {len(TRUNCATED)} characters long; the dashboard runs scripts of at most "
    "100000 characters. Nothing was run."
)
MANY = "SHOW CATALOGS;" * 1001
TOO_MANY = (
    "The script holds 1001 statements; the dashboard runs at most 1000 statements at once. "
    "Nothing was run."
)
TOO_DEEP = (
    "The JSON document nests arrays and objects more than 64 levels deep; the dashboard reads "
    "at most 64."
)


@pytest.fixture
def trunc_demo(run: RunScript) -> None:
    results = run("CREATE TABLE trunc_demo (a INT) WITH ('connector' = 'datagen')")
    assert all(r.ok for r in results)


def test_the_truncation_demo_is_longer_than_the_bound() -> None:
    assert len(TRUNCATED) == 100_011 > limits.SCRIPT_CHARACTERS
    assert TRUNCATED[: limits.SCRIPT_CHARACTERS].endswith("DROP TABLE IF EXISTS trunc_demo")


def test_it_refuses_a_console_script_past_the_bound_instead_of_truncating_it(
    client: Client, trunc_demo: None
) -> None:
    before, entries = dump(), HistoryEntry.objects.count()
    response = client.post(reverse("console", args=["default"]), {"sql": TRUNCATED})
    assert response.status_code == 200
    assert f"[ERROR] {TOO_LONG}" in response.text
    assert dump() == before and HistoryEntry.objects.count() == entries
    assert Table.objects.filter(name="trunc_demo").exists()


def test_it_refuses_a_console_script_of_too_many_statements(client: Client) -> None:
    response = client.post(reverse("console", args=["default"]), {"sql": MANY})
    assert f"[ERROR] {TOO_MANY}" in response.text
    assert "Results" in response.text


@pytest.mark.parametrize(("script", "message"), [(TRUNCATED, TOO_LONG), (MANY, TOO_MANY)])
def test_it_answers_413_to_a_statements_request_past_a_bound(
    members: Members, trunc_demo: None, script: str, message: str
) -> None:
    before, entries = dump(), HistoryEntry.objects.count()
    response = members["editor"].post(STATEMENTS, {"statement": script}, format="json")
    assert response.status_code == 413
    assert response.json() == {"errors": [{"message": message}]}
    assert dump() == before and HistoryEntry.objects.count() == entries


def test_it_runs_a_script_at_the_bounds(members: Members) -> None:
    response = members["editor"].post(
        STATEMENTS, {"statement": "SHOW CATALOGS;" * 1000}, format="json"
    )
    assert response.status_code == 200 and len(response.json()["results"]) == 1000


def test_it_answers_413_to_a_body_past_the_request_bound(members: Members, monkeypatch) -> None:
    monkeypatch.setattr(limits, "REQUEST_BYTES", 1000)
    body = '{"statement": "' + "SHOW CATALOGS;" * 100 + '"}'
    response = members["editor"].post(STATEMENTS, body, content_type="application/json")
    assert response.status_code == 413
    assert response.json() == {
        "errors": [
            {
                "message": f"The request body is {len(body)} bytes; the dashboard accepts at "
                "most 1000 bytes."
            }
        ]
    }


def test_it_answers_413_to_a_page_body_past_the_request_bound(client: Client, monkeypatch) -> None:
    monkeypatch.setattr(limits, "REQUEST_BYTES", 1000)
    response = client.post(
        reverse("console", args=["default"]),
        "sql=" + "x" * 2000,
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 413
    assert response.text == (
        "The request body is 2004 bytes; the dashboard accepts at most 1000 bytes."
    )


@pytest.mark.parametrize("body", ["[" * 5000, "[" * 65 + "]" * 65, '{"a":' * 100 + "1" + "}" * 100])
def test_it_answers_400_to_json_nested_too_deeply_on_any_api(members: Members, body: str) -> None:
    for path in (
        STATEMENTS,
        "/api/v1/environments/default/catalogs/_env_default/databases/default/views/",
        "/api/v1/environments/default/snapshots/import",
    ):
        response = members["editor"].post(path, body, content_type="application/json")
        assert response.status_code == 400, path
        assert response.json() == {"errors": [{"message": TOO_DEEP}]}, path


def test_it_reads_json_nested_to_the_bound(members: Members) -> None:
    body = '{"statement": "SHOW CATALOGS", "x": ' + "[" * 63 + "]" * 63 + "}"
    response = members["editor"].post(STATEMENTS, body, content_type="application/json")
    assert response.status_code == 200


def test_it_refuses_a_snapshot_file_nested_too_deeply(client: Client) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    before = dump()
    upload = SimpleUploadedFile("s.json", b"[" * 5000, content_type="application/json")
    response = client.post(
        reverse("snapshot-import", args=["default"]), {"catalog": "c", "file": upload}
    )
    assert response.status_code == 200
    assert TOO_DEEP in response.text
    assert dump() == before


def test_it_refuses_a_table_form_of_too_many_columns_building_few_rows(client: Client) -> None:
    """99,999 columns built 99,999 forms (6 s); now at most the bound are built."""
    before = dump()
    response = client.post(
        reverse("table-create", args=DB), table_post(**{"columns-TOTAL_FORMS": "99999"})
    )
    assert response.status_code == 200
    columns = response.context["form"].columns
    assert columns.non_form_errors() == ["Please submit at most 200 forms."]
    assert len(columns.forms) == 200
    assert "Please submit at most 200 forms." in response.text
    assert dump() == before


@pytest.mark.parametrize("count", ["abc", "9" * 5000, "-3", "²"])
def test_it_redraws_a_table_form_whose_column_count_is_not_a_number(
    client: Client, count: str
) -> None:
    before = dump()
    response = client.post(
        reverse("table-create", args=DB),
        table_post(**{"columns-TOTAL_FORMS": count, "add_column": "1"}),
    )
    assert response.status_code == 200
    assert response.context["form"].columns.non_form_errors()
    assert dump() == before


def test_it_refuses_a_view_query_past_the_bound_in_the_form(client: Client) -> None:
    query = "SELECT 1 AS a -- " + "x" * 100_000
    response = client.post(reverse("view-create", args=DB), {"name": "v", "query": query})
    assert response.status_code == 200
    assert response.context["form"].errors["query"] == [
        f"Ensure this value has at most 100000 characters (it has {len(query)})."
    ]
    assert not Table.objects.filter(name="v").exists()


def test_it_refuses_a_view_query_past_the_bound_in_the_api(members: Members) -> None:
    query = "SELECT 1 AS a -- " + "x" * 100_000
    response = members["editor"].post(
        "/api/v1/environments/default/catalogs/_env_default/databases/default/views/",
        {"name": "v", "query": query},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [{"message": "query: Ensure this field has no more than 100000 characters."}]
    }


def test_the_schema_documents_413_on_every_write_and_ids_as_integers() -> None:
    from io import StringIO

    import yaml
    from django.core.management import call_command

    out = StringIO()
    call_command("spectacular", "--fail-on-warn", stdout=out)
    schema = yaml.safe_load(out.getvalue())
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method in {"post", "put", "patch"}:
                assert "413" in operation["responses"], (method, path)
    request = schema["paths"]["/api/v1/environments/{environment}/change-requests/{number}"]
    number = next(p for p in request["get"]["parameters"] if p["name"] == "number")
    assert number["schema"]["type"] == "integer"


def test_the_api_parser_stops_reading_a_body_past_the_bound(monkeypatch) -> None:
    """A body sent without a Content-Length the middleware could check."""
    import io

    from config.parsers import JSONParser

    monkeypatch.setattr(limits, "REQUEST_BYTES", 10)
    stream = io.BytesIO(b'{"a": "' + b"x" * 100 + b'"}')
    with pytest.raises(limits.LimitExceeded) as refused:
        JSONParser().parse(stream)
    assert refused.value.message == (
        "The request body is more than 10 bytes; the dashboard accepts at most 10 bytes."
    )
    assert (refused.value.status, stream.tell()) == (413, 11)


TABLES = "/api/v1/environments/default/catalogs/_env_default/databases/default/tables/"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "columns",
            [{"name": f"c{i}", "type": "INT"} for i in range(1001)],
            "columns: Ensure this field has no more than 1000 elements.",
        ),
        (
            "partition_keys",
            [f"c{i}" for i in range(1001)],
            "partition_keys: Ensure this field has no more than 1000 elements.",
        ),
        (
            "options",
            {f"k{i}": "v" for i in range(1001)},
            "options: Ensure this field has no more than 1000 options.",
        ),
    ],
)
def test_it_refuses_an_api_list_past_the_bound(
    members: Members, field: str, value: object, message: str
) -> None:
    before = dump()
    body = {"name": "wide", "columns": [{"name": "a", "type": "INT"}], field: value}
    response = members["editor"].post(TABLES, body, format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": [{"message": message}]}
    assert dump() == before


def test_the_snapshot_import_api_takes_a_body_as_large_as_an_upload(
    members: Members, run: RunScript, monkeypatch
) -> None:
    from catalogs import snapshots
    from catalogs.models import Catalog

    assert all(r.ok for r in run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen')"))
    document = snapshots.live_document(Catalog.objects.get(name="_env_default"))
    monkeypatch.setattr(limits, "REQUEST_BYTES", 100)
    response = members["editor"].post(
        "/api/v1/environments/default/snapshots/import",
        {"catalog": "copy", "snapshot": document},
        format="json",
    )
    assert response.status_code == 200, response.json()
    refused = members["editor"].post(STATEMENTS, {"statement": "SHOW TABLES" * 20}, format="json")
    assert refused.status_code == 413


def test_it_creates_a_table_of_as_many_columns_as_the_form_takes(client: Client) -> None:
    data = table_post(**{"columns-TOTAL_FORMS": "200"})
    for i in range(2, 200):
        data.update(
            {
                f"columns-{i}-name": f"c{i}",
                f"columns-{i}-kind": "physical",
                f"columns-{i}-data_type": "INT",
                f"columns-{i}-comment": "",
                f"columns-{i}-expression": "",
                f"columns-{i}-metadata_key": "",
            }
        )
    response = client.post(reverse("table-create", args=DB), data)
    assert response.status_code == 302, response.context["form"].columns.non_form_errors()
    assert Table.objects.get(name="orders").columns.count() == 200


def test_it_refuses_a_search_text_past_the_bound_instead_of_cutting_it(client: Client) -> None:
    url = reverse("search", args=["default"])
    assert client.get(url, {"q": "x" * 200}).status_code == 200
    answer = client.get(url, {"q": "x" * 201})
    assert answer.status_code == 400
    assert answer.text == (
        "The search text is 201 characters; the dashboard searches for at most 200 "
        "(LIMIT_SEARCH_CHARACTERS)."
    )
