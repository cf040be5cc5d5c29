"""The OpenAPI schema: valid, complete, served, browsable without any CDN, and kept to: what it
forbids the API refuses (400), what it allows the API does not refuse for its form."""

from __future__ import annotations

import re
from io import StringIO

import pytest
import yaml
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from environments.api.fields import NOT_BLANK_NO_NUL
from tests.access import token_client
from tests.conftest import RunScript

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema() -> dict:
    out = StringIO()
    # --validate checks the schema against the OpenAPI 3 specification's JSON schema.
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    return yaml.safe_load(out.getvalue())


def api_routes() -> set[str]:
    """Every API path of the URL configuration, in OpenAPI's ``{name}`` form."""
    found = set()

    def walk(patterns: list, prefix: str) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern) and route.startswith("api/v1/"):
                found.add("/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route))

    walk(get_resolver().url_patterns, "")
    return found


def test_it_documents_every_endpoint(schema: dict) -> None:
    assert set(schema["paths"]) == api_routes()


def test_it_documents_the_error_shape_of_every_operation(schema: dict) -> None:
    assert schema["components"]["schemas"]["Error"]["properties"]["errors"]["type"] == "array"
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert {"401", "403"} <= set(responses), (method, path)
            if "{" in path:
                assert "404" in responses, (method, path)
            for code, response in responses.items():
                if code >= "400":
                    assert response["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/Error"
                    }


def test_it_documents_if_match_and_kafka_confirmation(schema: dict) -> None:
    table = schema["paths"][
        "/api/v1/environments/{environment}/catalogs/{catalog}/databases/{database}/tables/{table}"
    ]
    assert {"If-Match", "confirm"} <= {p["name"] for p in table["delete"]["parameters"]}
    assert "412" in table["patch"]["responses"]


def test_it_serves_the_schema_and_the_docs_without_a_cdn(anonymous_client: Client) -> None:
    assert anonymous_client.get("/api/schema/").status_code == 200
    docs = anonymous_client.get("/api/docs/")
    assert docs.status_code == 200
    page = docs.content.decode()
    assert "swagger-ui" in page
    assert not re.search(r"""(src|href)=["']https?://""", page)


def test_it_links_what_an_operation_answers_to_the_operations_on_it(schema: dict) -> None:
    """The OpenAPI links (config/openapi_links.py) that clients and the stateful schemathesis
    run follow: each names an operation of the schema and only parameters it takes."""
    operations = {
        operation["operationId"]: operation
        for operations in schema["paths"].values()
        for operation in operations.values()
    }
    links = [
        (response, link)
        for operations in schema["paths"].values()
        for operation in operations.values()
        for response in operation["responses"].values()
        for link in response.get("links", {}).values()
    ]
    assert len(links) > 50
    for response, link in links:
        target = operations[link["operationId"]]
        taken = {f"{p['in']}.{p['name']}" for p in target.get("parameters", [])}
        taken |= {p.split(".", 1)[1] for p in taken}
        assert set(link.get("parameters", {})) <= taken, link
        # what a link reads from the answer's body is a field the answer documents
        expressions = [*link.get("parameters", {}).values()]
        expressions += (link.get("requestBody") or {}).values()
        for expression in expressions:
            if expression.startswith("$response.body#/"):
                body = response["content"]["application/json"]["schema"]
                pointer = expression.removeprefix("$response.body#/")
                assert _field(schema, body, pointer.split("/")), (expression, link)


def _field(schema: dict, found: dict, path: list[str]) -> dict | None:
    """The schema of the field at ``path`` (a JSON pointer's parts) in ``found``, or None."""
    for part in path:
        while "$ref" in found:
            found = schema["components"]["schemas"][found["$ref"].rsplit("/", 1)[1]]
        found = found.get("items") if part.isdigit() else found.get("properties", {}).get(part)
        if found is None:
            return None
    return found


def test_it_links_a_created_table_to_its_read_and_its_guarded_change(schema: dict) -> None:
    tables = "/api/v1/environments/{environment}/catalogs/{catalog}/databases/{database}/tables/"
    created = schema["paths"][tables]["post"]["responses"]["201"]["links"]
    assert created["GetTable"] == {
        "operationId": schema["paths"][tables + "{table}"]["get"]["operationId"],
        "parameters": {
            "environment": "$request.path.environment",
            "catalog": "$request.path.catalog",
            "database": "$request.path.database",
            "table": "$response.body#/table/name",
        },
    }
    assert created["ChangeTable"]["parameters"]["header.If-Match"] == "$response.header.ETag"


def test_it_declares_page_parameters_as_bounded_integers(schema: dict) -> None:
    lists = schema["paths"]["/api/v1/environments/"]["get"]
    parameters = {p["name"]: p["schema"] for p in lists["parameters"]}
    assert parameters["limit"] == {"type": "integer", "minimum": 1}
    assert parameters["offset"] == {"type": "integer", "minimum": 0}
    assert "400" in lists["responses"]


@pytest.fixture
def admin(admin_user: User) -> APIClient:
    return token_client(admin_user)


def test_it_refuses_a_number_or_a_word_for_a_string_or_a_boolean(admin: APIClient) -> None:
    """Found by schemathesis: DRF's fields coerce (``0`` became ``"0"``, ``"yes"`` true), though
    the schema says ``string`` and ``boolean``."""
    created = admin.post("/api/v1/environments/", {"name": "e1", "description": 0}, format="json")
    assert created.status_code == 400
    assert created.json() == {"errors": [{"message": "description: Not a valid string."}]}
    env = "/api/v1/environments/default"
    take = admin.post(f"{env}/snapshots/", {"catalog": ["_env_default"]}, format="json")
    assert take.json() == {"errors": [{"message": "catalog: Not a valid string."}]}
    sql = admin.post(f"{env}/change-requests/", {"title": "t", "sql": 1}, format="json")
    assert sql.json() == {"errors": [{"message": "sql: Not a valid string."}]}
    imported = admin.post(
        f"{env}/snapshots/import", {"catalog": "c", "dry_run": "no", "snapshot": {}}, format="json"
    )
    assert imported.json() == {"errors": [{"message": "dry_run: Must be true or false."}]}
    assert admin.post(f"{env}/change-requests/", {"title": "t"}, format="json").status_code == 201


def test_it_takes_an_environment_name_whole_as_its_pattern_says(
    admin: APIClient, schema: dict
) -> None:
    """Found by schemathesis: the name's rule was not in the schema, and blanks around a name
    were trimmed away (a trailing newline let through)."""
    body = schema["components"]["schemas"]["EnvironmentWriteRequest"]["properties"]["name"]
    assert body["pattern"] == "^[a-z0-9][a-z0-9_-]{0,62}$"
    for name in ("e1\n", " e1", "E1", "-e1"):
        refused = admin.post("/api/v1/environments/", {"name": name}, format="json")
        assert refused.status_code == 400, name
        assert refused.json() == {
            "errors": [
                {
                    "message": "name: An environment name is 1 to 63 lower-case letters, "
                    "digits, '-' or '_'."
                }
            ]
        }
    assert admin.post("/api/v1/environments/", {"name": "e1"}, format="json").status_code == 201


def test_it_answers_404_for_what_a_body_names_and_does_not_exist(admin: APIClient) -> None:
    """Found by schemathesis: a schema-valid body naming a user, role or catalog that does not
    exist answered 400, as if its form were wrong."""
    env = "/api/v1/environments/default"
    granted = admin.post(f"{env}/roles/", {"user": "nobody", "role": "viewer"}, format="json")
    assert granted.status_code == 404
    assert granted.json() == {"errors": [{"message": "There is no user 'nobody'."}]}
    revoked = admin.delete(f"{env}/roles/admin")
    assert revoked.status_code == 404
    assert revoked.json() == {
        "errors": [{"message": "User 'admin' holds no role in environment 'default'."}]
    }
    taken = admin.post(f"{env}/snapshots/", {"catalog": "nope"}, format="json")
    assert taken.status_code == 404
    assert taken.json() == {
        "errors": [{"message": "There is no catalog 'nope' in environment 'default'."}]
    }
    # found by schemathesis: a database named by white space alone (U+0085) is no blank field
    body = {"catalog": "_env_default", "databases": ["\u0085"]}
    taken = admin.post(f"{env}/snapshots/", body, format="json")
    assert taken.status_code == 404, taken.json()


def test_it_answers_an_empty_table_change_with_the_table_as_it_is(
    admin: APIClient, run: RunScript
) -> None:
    """Found by schemathesis: ``{}`` is a valid change for the schema, and answered 400."""
    run("CREATE TABLE t (a INT)")
    table = "/api/v1/environments/default/catalogs/_env_default/databases/default/tables/t"
    version = admin.get(table).json()["version"]
    for body in ({}, {"set_options": {}, "reset_options": []}):
        unchanged = admin.patch(table, body, format="json")
        assert unchanged.status_code == 200
        assert unchanged.json()["statements"] == []
        assert unchanged.json()["table"]["version"] == version


def test_it_marks_the_operations_whose_input_holds_flink_sql(schema: dict) -> None:
    """A schema says what text is, not what it means to Flink: those fields name their format,
    and their operations carry ``x-flink-sql`` and say that such a 400 is Flink's refusal."""
    parts = schema["components"]["schemas"]
    assert parts["StatementRequestRequest"]["properties"]["statement"]["format"] == "flink-sql"
    assert parts["NewColumnRequest"]["properties"]["type"]["format"] == "flink-type"
    assert parts["ImportRequestRequest"]["properties"]["snapshot"]["format"] == (
        "flink-sql-bootstrap"
    )
    marked = {
        (method, path)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if operation.get("x-flink-sql")
    }
    db = "/api/v1/environments/{environment}/catalogs/{catalog}/databases/{database}"
    assert ("post", "/api/v1/environments/{environment}/statements") in marked
    assert ("post", f"{db}/tables/") in marked
    assert ("patch", f"{db}/views/{{view}}") in marked
    assert ("post", f"{db}/functions/") in marked  # e.g. no JAR for a PYTHON function
    assert ("post", "/api/v1/environments/") not in marked
    statements = schema["paths"]["/api/v1/environments/{environment}/statements"]["post"]
    assert "executor refused" in statements["responses"]["400"]["description"]


def test_it_takes_an_empty_file_and_only_the_parts_a_form_declares(
    admin: APIClient, schema: dict
) -> None:
    """Found by schemathesis: an empty file, valid for the schema, answered 400; and a form
    with parts the schema does not name is now refused, as it says."""
    assert schema["components"]["schemas"]["UploadRequest"]["additionalProperties"] is False
    artifacts = "/api/v1/environments/default/artifacts/"
    empty = admin.post(
        artifacts, {"name": "e", "file": SimpleUploadedFile("e.jar", b"")}, format="multipart"
    )
    assert empty.status_code == 201 and empty.json()["size"] == 0
    extra = {"name": "e", "file": SimpleUploadedFile("e.jar", b"PK"), "x": "1"}
    refused = admin.post(artifacts, extra, format="multipart")
    assert refused.status_code == 400
    assert refused.json() == {
        "errors": [{"message": "Unknown parts 'x': send only name and file."}]
    }


def test_it_states_what_a_snapshot_is_compared_against(schema: dict) -> None:
    """Found by schemathesis: ``?against=`` took any text for the schema, and answered 400."""
    diff = schema["paths"]["/api/v1/environments/{environment}/snapshots/{snapshot}/diff"]["get"]
    against = next(p for p in diff["parameters"] if p["name"] == "against")
    assert against["schema"]["pattern"] == "^(live|[0-9]{8}-[0-9]{6}-[0-9a-f]{4})$"


def test_it_states_that_text_refuses_nul_characters(admin: APIClient, schema: dict) -> None:
    """Found by schemathesis: every text field and the name filter refuse NUL (400), which the
    schema did not say; and a field that may not be blank refuses white space alone, Python's
    (U+0085 and U+001C too), which the schema says with a pattern of its own."""
    parts = schema["components"]["schemas"]
    assert parts["CommentWriteRequest"]["properties"]["body"]["pattern"] == NOT_BLANK_NO_NUL
    columns = parts["NewTableRequest"]["properties"]["partition_keys"]["items"]
    assert columns["pattern"] == NOT_BLANK_NO_NUL
    blank = re.compile(NOT_BLANK_NO_NUL)
    assert [bool(blank.match(t)) for t in ("a", " a ", "\u0085", "\x1c", " \u3000", "")] == [
        True,
        True,
        False,
        False,
        False,
        False,
    ]
    listed = schema["paths"]["/api/v1/environments/"]["get"]["parameters"]
    assert {"type": "string", "pattern": "^[^\\u0000]*$"} in [p["schema"] for p in listed]
    env = "/api/v1/environments/default"
    refused = admin.post(f"{env}/change-requests/", {"title": "a\x00b"}, format="json")
    assert refused.status_code == 400


def test_a_dropped_views_history_stays_readable(admin: APIClient, run: RunScript) -> None:
    """The history outlives the view, its last entry the DROP (schemathesis' use-after-free
    check is told so)."""
    for result in run(
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW v AS SELECT a FROM t;\nDROP VIEW v"
    ):
        assert result.ok, result.error
    base = "/api/v1/environments/default/catalogs/_env_default/databases/default/views/v"
    assert admin.get(base).status_code == 404
    history = admin.get(f"{base}/history")
    assert history.status_code == 200
    versions = history.json()["versions"]
    assert versions[0]["statement"] == "DROP VIEW v"
    assert versions[0]["after"] == ""
