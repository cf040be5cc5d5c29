"""Secrets are write-only: a stored secret value is never shown or serialized again, by any
door (statements, console, forms, messages, change requests, API echoes, logs, sessions), and
a snapshot import never stores a ``${VARIABLE}`` placeholder as a secret."""

from __future__ import annotations

import io
import json
import logging
import sys

import pytest
from django.contrib.messages.storage.cookie import CookieStorage
from django.contrib.sessions.models import Session as BrowserSession
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse

from catalogs import deployment_files, snapshots
from catalogs.executor import Executor, Session
from catalogs.models import Catalog, Table
from catalogs.pages import console
from changes.models import ChangeRequest
from config.logging import JsonFormatter
from environments.models import Environment
from tests.access import Members
from tests.conftest import RunScript

CANARY = "canary-7f3a"
DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"
TABLE_ARGS = ["default", "_env_default", "default", "t"]


@pytest.fixture
def planted(run: RunScript) -> None:
    results = run(
        f"CREATE TABLE t (a INT) WITH ('connector' = 'x', 'password' = '{CANARY}-pw', "
        f"'api-key' = '{CANARY}-key', 'url' = 'u');"
        f"CREATE CATALOG j WITH ('type' = 'paimon', 'default-database' = 'd', "
        f"'warehouse' = 's3://w', 'username' = 'u', 'secret.access.key' = '{CANARY}-cat')"
    )
    assert all(r.ok for r in results), [r.error for r in results]


def statements(client: Client, sql: str) -> dict:
    response = client.post(
        "/api/v1/environments/default/statements", {"statement": sql}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()


# -- finding 3: statements answer every row masked ---------------------------------------------
def test_it_masks_show_create_and_describe_catalog_extended_for_a_viewer(
    members: Members, planted: None
) -> None:
    answer = statements(
        members["viewer"], "SHOW CREATE TABLE t; SHOW CREATE CATALOG j; DESCRIBE CATALOG EXTENDED j"
    )
    assert CANARY not in json.dumps(answer)
    table, catalog, describe = (r["rows"] for r in answer["results"])
    assert "  'api-key' = '******',\n  'connector' = 'x',\n  'password' = '******'," in table[0][0]
    assert "'secret.access.key' = '******'" in catalog[0][0]
    assert ["option:secret.access.key", "******"] in describe
    assert ["option:username", "u"] in describe


def test_it_echoes_statements_masked_in_api_answers(members: Members, planted: None) -> None:
    response = members["editor"].patch(
        f"{DB}/tables/t", {"set_options": {"password": f"{CANARY}-new"}}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["statements"] == [
        "ALTER TABLE `_env_default`.`default`.`t` SET ('password' = '******')"
    ]
    assert Table.objects.get(name="t").options["password"] == f"{CANARY}-new"
    answer = statements(members["editor"], f"ALTER TABLE t SET ('token' = '{CANARY}')")
    assert answer["results"][0]["statement"] == "ALTER TABLE t SET ('token' = '******')"


# -- finding 5: the console, its history and the session ---------------------------------------
def test_it_keeps_secrets_out_of_the_console_page_history_and_session(
    client: Client, planted: None
) -> None:
    url = reverse("console", args=["default"])
    script = (
        f"CREATE TEMPORARY TABLE tmp (a INT) WITH ('connector' = 'x', 'password' = '{CANARY}');"
        "SHOW CREATE TABLE tmp; SHOW CREATE TABLE t"
    )
    html = client.post(url, {"sql": script}).text
    assert CANARY not in html
    assert "&#x27;password&#x27; = &#x27;******&#x27;" in html
    again = client.get(url).text  # the "Run again" list
    assert CANARY not in again
    assert "Run again" in again
    stored = BrowserSession.objects.get()
    decoded = json.dumps(stored.get_decoded())
    assert CANARY not in stored.session_data and CANARY not in decoded
    environment = Environment.objects.get(name="default")
    saved = stored.get_decoded()[console.SESSION_KEY][str(environment.pk)]
    state = console._loads(saved, environment)
    assert state is not None
    assert state.session.temporary_tables
    for table in state.session.temporary_tables.values():
        assert table.options["password"] == "******"
    assert all(CANARY not in script for script in state.history)


def test_it_refuses_the_mask_as_a_secret_value_and_keeps_the_stored_one(
    client: Client, planted: None
) -> None:
    """A script copied from a page or the console's "Run again" list holds the mask where the
    secret was: running it again must not store the mask over the real value."""
    url = reverse("console", args=["default"])
    html = client.post(url, {"sql": "ALTER TABLE t SET ('password' = '******', 'url' = 'v')"}).text
    assert (
        "The value of &#x27;password&#x27; is &#x27;******&#x27;, the mask the dashboard shows in "
        "place of a stored secret, not the secret itself: write the value, or leave the option "
        "out to keep the stored one."
    ) in html
    options = Table.objects.get(name="t").options
    assert options["password"] == f"{CANARY}-pw" and options["url"] == "u"


# -- finding 5: forms, previews, messages and change-request titles -----------------------------
def test_it_shows_a_secret_in_the_table_edit_form_as_the_mask(
    client: Client, planted: None
) -> None:
    html = client.get(reverse("table-alter", args=TABLE_ARGS)).text
    assert CANARY not in html
    # one option a line, in the order the database keeps them (PostgreSQL sorts JSON keys)
    lines = html.split("<textarea", 1)[1].split("</textarea>")[0].splitlines()[1:]
    assert sorted(lines) == ["api-key = ******", "connector = x", "password = ******", "url = u"]


def test_it_keeps_a_secret_left_as_the_mask_and_sets_one_replaced(
    client: Client, planted: None
) -> None:
    url = reverse("table-alter", args=TABLE_ARGS)
    version = Table.objects.get(name="t").version
    kept = "api-key = ******\nconnector = x\npassword = ******\nurl = v"
    response = client.post(url, {"version": version, "options": kept})
    assert response.status_code == 302
    table = Table.objects.get(name="t")
    assert table.options == {
        "connector": "x",
        "password": f"{CANARY}-pw",
        "api-key": f"{CANARY}-key",
        "url": "v",
    }
    replaced = kept.replace("password = ******", f"password = {CANARY}-new")
    response = client.post(url, {"version": table.version, "options": replaced}, follow=True)
    assert Table.objects.get(name="t").options["password"] == f"{CANARY}-new"
    assert CANARY not in response.text
    assert (
        "Done: ALTER TABLE `_env_default`.`default`.`t` SET (&#x27;password&#x27; = "
        "&#x27;******&#x27;)" in response.text
    )


def test_it_keeps_secrets_out_of_the_messages_cookie(client: Client, planted: None) -> None:
    url = reverse("table-alter", args=TABLE_ARGS)
    version = Table.objects.get(name="t").version
    options = f"password = {CANARY}-new\nconnector = x\napi-key = ******\nurl = u"
    client.post(url, {"version": version, "options": options})
    cookie = client.cookies["messages"].value
    shown = [str(m) for m in CookieStorage(HttpRequest())._decode(cookie)]
    assert shown == ["Done: ALTER TABLE `_env_default`.`default`.`t` SET ('password' = '******')"]
    assert CANARY not in cookie


def test_it_previews_a_typed_secret_masked(client: Client, planted: None) -> None:
    url = reverse("table-alter", args=TABLE_ARGS) + "?preview"
    version = Table.objects.get(name="t").version
    html = client.post(url, {"version": version, "options": f"password = {CANARY}-typed"}).text
    assert CANARY not in html
    assert "This will run" in html and "******" in html


def test_it_shows_a_catalog_secret_in_the_edit_form_as_the_mask(
    client: Client, planted: None
) -> None:
    html = client.get(reverse("catalog-alter", args=["default", "j"])).text
    assert CANARY not in html
    assert "secret.access.key = ******" in html


def test_it_titles_a_change_request_without_the_secret(client: Client, planted: None) -> None:
    url = reverse("table-alter", args=TABLE_ARGS)
    version = Table.objects.get(name="t").version
    options = f"api-key = ******\nconnector = x\npassword = {CANARY}-new\nurl = u"
    client.post(url, {"version": version, "options": options, "to_request": "1"})
    change_request = ChangeRequest.objects.get()
    assert change_request.title == (
        "ALTER TABLE `_env_default`.`default`.`t` SET ('password' = '******')"
    )
    assert CANARY in change_request.statements.get().sql  # kept to be applied, never shown


# -- finding 5: logs -----------------------------------------------------------------------------
def test_it_logs_an_internal_error_without_the_secret(
    executor: Executor, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Executor, "apply", broken)
    with caplog.at_level(logging.INFO):
        result = executor.execute(f"CREATE TABLE t (a INT) WITH ('password' = '{CANARY}')")
    assert result.code == "internal"
    assert result.statement == "CREATE TABLE t (a INT) WITH ('password' = '******')"
    assert caplog.records
    assert all(CANARY not in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize(
    "statement",
    [
        f"""ALTER TABLE t SET ('password' = "{CANARY}")""",
        f"ALTER TABLE t SET ('api-key' = U&'{CANARY}')",
        f"ALTER TABLE t SET ('url' = 'it's', 'client-secret' = '{CANARY}')",
    ],
)
def test_it_logs_statements_the_tokenizer_refuses_without_their_secret(
    executor: Executor, caplog: pytest.LogCaptureFixture, statement: str
) -> None:
    with caplog.at_level(logging.INFO, logger="catalogs.executor"):
        result = executor.execute(statement)
    assert not result.ok
    lines = [JsonFormatter().format(record) for record in caplog.records]
    assert lines and all(CANARY not in line for line in lines)
    assert CANARY not in result.statement


def test_it_masks_every_text_of_a_log_line() -> None:
    try:
        raise ValueError(f"'token' = '{CANARY}'")
    except ValueError:
        record = logging.LogRecord(
            "x", logging.ERROR, __file__, 1, "ran %s", (f"'password'='{CANARY}'",), True
        )
        record.exc_info = sys.exc_info()
    record.statement = f"SET ('secret' = '{CANARY}')"
    record.options = {"connector": "x", "nested": [{"api-key": CANARY}]}
    record.params = (f"'password' = '{CANARY}'", 1)
    line = JsonFormatter().format(record)
    assert CANARY not in line
    assert json.loads(line)["message"] == "ran 'password'='******'"
    assert json.loads(line)["options"] == {"connector": "x", "nested": [{"api-key": "******"}]}


# -- finding 6: snapshot imports never store a placeholder --------------------------------------
@pytest.fixture
def exported(planted: None, environment: Environment) -> tuple[bytes, list[str]]:
    catalog = Catalog.objects.get(environment=environment, name="_env_default")
    data, result = snapshots.export_bytes(catalog)
    return data, [s["variable"] for s in result.secrets]


def test_it_refuses_an_import_with_placeholders_naming_them(
    exported: tuple[bytes, list[str]], environment: Environment
) -> None:
    data, variables = exported
    assert variables == ["ENV_DEFAULT_DEFAULT_T_API_KEY", "ENV_DEFAULT_DEFAULT_T_PASSWORD"]
    report = snapshots.import_snapshot(environment, "copy", data, dry_run=False)
    assert report.errors == [
        "The snapshot holds placeholders instead of secret values: "
        "${ENV_DEFAULT_DEFAULT_T_API_KEY}, ${ENV_DEFAULT_DEFAULT_T_PASSWORD}. Give a value for "
        "each to import it; nothing was imported."
    ]
    assert report.missing_variables == variables and not report.applied
    assert not Catalog.objects.filter(name="copy").exists()


def test_the_api_refuses_placeholders_with_400_and_imports_with_variables(
    members: Members, exported: tuple[bytes, list[str]]
) -> None:
    data, variables = exported
    url = "/api/v1/environments/default/snapshots/import"
    body = {"catalog": "copy", "dry_run": False, "snapshot": json.loads(data)}
    refused = members["editor"].post(url, body, format="json")
    assert refused.status_code == 400
    assert refused.json()["missing_variables"] == variables
    assert not Catalog.objects.filter(name="copy").exists()
    values = {name: f"{CANARY}-{name.lower()}" for name in variables}
    done = members["editor"].post(url, {**body, "variables": values}, format="json")
    assert done.status_code == 200, done.content
    assert CANARY not in done.content.decode()
    copied = Table.objects.get(database__catalog__name="copy", name="t")
    assert copied.options["password"] == f"{CANARY}-env_default_default_t_password"
    assert copied.options["api-key"] == f"{CANARY}-env_default_default_t_api_key"


def test_the_import_page_asks_for_each_placeholder_and_imports_with_them(
    client: Client, exported: tuple[bytes, list[str]]
) -> None:
    data, variables = exported
    url = reverse("snapshot-import", args=["default"])

    def upload(**values: str) -> str:
        file = SimpleUploadedFile("s.json", data, content_type="application/json")
        return client.post(url, {"file": file, "catalog": "copy", "apply": "1", **values}).text

    asked = upload()
    assert (
        '<input type="password" name="variable-ENV_DEFAULT_DEFAULT_T_PASSWORD" '
        'autocomplete="off" required>' in asked
    )
    assert "${ENV_DEFAULT_DEFAULT_T_API_KEY}" in asked
    assert not Catalog.objects.filter(name="copy").exists()
    html = upload(**{f"variable-{name}": f"{CANARY}-{i}" for i, name in enumerate(variables)})
    assert CANARY not in html
    copied = Table.objects.get(database__catalog__name="copy", name="t")
    assert copied.options["api-key"] == f"{CANARY}-0"
    assert copied.options["password"] == f"{CANARY}-1"


def test_an_import_fills_placeholders_of_option_values_only(environment: Environment) -> None:
    run = Executor(Session.start(environment)).execute_script
    results = run(
        "CREATE TABLE s (a STRING) WITH ('connector' = 'x', 'password' = 'p');"
        "CREATE VIEW v AS SELECT '${NOT_A_SECRET}' AS a FROM s"
    )
    assert all(r.ok for r in results)
    data, _ = snapshots.export_bytes(Catalog.objects.get(name="_env_default"))
    report = snapshots.import_snapshot(
        environment, "copy", data, dry_run=False, variables={"ENV_DEFAULT_DEFAULT_S_PASSWORD": "q"}
    )
    assert report.ok, report.failures
    view = Table.objects.get(database__catalog__name="copy", name="v")
    assert "'${NOT_A_SECRET}'" in view.original_query


def test_it_exports_a_secret_database_property_as_a_placeholder(environment: Environment) -> None:
    run = Executor(Session.start(environment)).execute_script
    assert run(f"CREATE DATABASE sec WITH ('password' = '{CANARY}', 'owner' = 'me')")[0].ok
    data, result = snapshots.export_bytes(Catalog.objects.get(name="_env_default"))
    sec = next(d for d in json.loads(data)["databases"] if d["name"] == "sec")
    assert sec["properties"] == {"owner": "me", "password": "${ENV_DEFAULT_SEC_PASSWORD}"}
    assert CANARY not in data.decode()
    assert CANARY not in deployment_files.init_script(environment, ["_env_default"])


def test_a_catalog_store_import_takes_placeholder_values_or_refuses(
    environment: Environment,
) -> None:
    files = {"c.yaml": b'type: jdbc\nbase-url: jdbc:x\nusername: u\npassword: "${C_PASSWORD}"\n'}
    refused = deployment_files.import_catalog_store(environment, files)
    assert refused.missing_variables == ["C_PASSWORD"] and not refused.applied
    assert not Catalog.objects.filter(name="c").exists()
    done = deployment_files.import_catalog_store(
        environment, files, variables={"C_PASSWORD": CANARY}
    )
    assert done.ok, done.failures
    assert Catalog.objects.get(name="c").options["password"] == CANARY


def test_the_flinksql_command_prints_secrets_masked(planted: None) -> None:
    out = io.StringIO()
    call_command(
        "flinksql",
        "-e",
        "SHOW CREATE TABLE t; DESCRIBE CATALOG EXTENDED j",
        "--format",
        "jsonl",
        stdout=out,
    )
    assert CANARY not in out.getvalue()
    show, describe = (json.loads(line) for line in out.getvalue().splitlines())
    assert "'password' = '******'" in show["rows"][0][0]
    assert ["option:secret.access.key", "******"] in describe["rows"]


@pytest.mark.parametrize(
    "options",
    [
        f"'password' '{CANARY}'",
        f"`password` = '{CANARY}'",
        f"U&'pa!0073sword' UESCAPE '!' = '{CANARY}'",
        f"'pass'||'word' = '{CANARY}'",
    ],
)
def test_it_masks_a_refused_statement_and_its_parse_error(
    members: Members, options: str, caplog: pytest.LogCaptureFixture
) -> None:
    response = members["editor"].post(
        "/api/v1/environments/default/statements",
        {"statement": f"CREATE TABLE t9 (a INT) WITH ('connector' = 'x', {options})"},
        format="json",
    )
    assert response.status_code == 400
    assert CANARY not in response.text
    assert CANARY not in "".join(JsonFormatter().format(r) for r in caplog.records)
