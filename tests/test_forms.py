"""Forms build Flink SQL, show it before it runs, run it through the executor and show its
errors beside the field they are about."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.models import Catalog, Database, Function, HistoryEntry, Table
from tests.conftest import RunScript

DB = ("default", "_env_default", "default")


def table_post(**overrides: str) -> dict[str, str]:
    data = {
        "name": "orders",
        "comment": "",
        "columns-TOTAL_FORMS": "2",
        "columns-INITIAL_FORMS": "0",
        "columns-MIN_NUM_FORMS": "1",
        "columns-MAX_NUM_FORMS": "1000",
        "columns-0-name": "id",
        "columns-0-kind": "physical",
        "columns-0-data_type": "BIGINT",
        "columns-0-not_null": "on",
        "columns-1-name": "ts",
        "columns-1-kind": "physical",
        "columns-1-data_type": "TIMESTAMP(3)",
        "watermark_column": "ts",
        "watermark_expression": "ts - INTERVAL '5' SECOND",
        "primary_key": "id",
        "partition_keys": "",
        "options": "connector = kafka\ntopic = orders",
    }
    data.update(overrides)
    return data


def test_it_shows_the_table_form_with_a_label_on_every_field(client: Client, db: None) -> None:
    html = client.get(reverse("table-create", args=DB)).text
    assert "This will run" in html
    assert 'for="id_columns-0-data_type"' in html
    assert 'for="id_watermark_column"' in html
    assert "hx-post=" in html and "preview=1" in html


def test_it_previews_the_statement_as_the_user_types(client: Client, db: None) -> None:
    url = reverse("table-create", args=DB) + "?preview=1"
    response = client.post(url, table_post(name="my table"), headers={"HX-Request": "true"})
    assert "<html" not in response.text
    assert 'id="statement"' in response.text
    text = response.text
    for piece in ("`my table`", "WATERMARK", "PRIMARY", "kafka"):
        assert piece in text
    assert not Table.objects.filter(name="my table").exists()  # a preview runs nothing


def test_it_creates_a_table(client: Client, db: None) -> None:
    response = client.post(reverse("table-create", args=DB), table_post())
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[*DB, "orders"])
    table = Table.objects.get(name="orders")
    assert table.primary_key_columns == ["id"]
    assert table.watermark_column == "ts"
    assert table.options == {"connector": "kafka", "topic": "orders"}


def test_it_adds_a_column_row_without_javascript(client: Client, db: None) -> None:
    response = client.post(reverse("table-create", args=DB), {**table_post(), "add_column": "1"})
    assert response.status_code == 200
    assert 'name="columns-2-name"' in response.text
    assert 'value="TIMESTAMP(3)"' in response.text


def test_it_shows_the_executors_error_beside_the_column(client: Client, db: None) -> None:
    response = client.post(
        reverse("table-create", args=DB), table_post(**{"columns-0-data_type": "BIGNT"})
    )
    assert response.status_code == 200
    column = response.context["form"].columns.forms[0]
    assert column.errors["data_type"] == ["Unknown identifier 'BIGNT'"]
    assert 'value="BIGNT"' in response.text  # what the user typed is kept
    assert not Table.objects.filter(name="orders").exists()


def test_it_shows_a_position_error_beside_the_primary_key(client: Client, db: None) -> None:
    response = client.post(reverse("table-create", args=DB), table_post(primary_key="nope"))
    assert "nope" in response.context["form"].errors["primary_key"][0]


def test_it_shows_already_exists_beside_the_name(client: Client, run: RunScript) -> None:
    run("CREATE TABLE orders (a INT)")
    response = client.post(reverse("table-create", args=DB), table_post())
    assert "already exists" in response.context["form"].errors["name"][0]


def test_it_creates_a_view_and_reports_errors_in_the_query(client: Client, run: RunScript) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen')")
    url = reverse("view-create", args=DB)
    bad = client.post(url, {"name": "v", "mode": "", "query": "SELECT nope FROM t"})
    assert "nope" in bad.context["form"].errors["query"][0]
    good = client.post(url, {"name": "v", "mode": "or_replace", "query": "SELECT a FROM t"})
    assert good.status_code == 302
    assert Table.objects.get(name="v").is_view


def test_it_refuses_a_stale_view_form(client: Client, run: RunScript) -> None:
    run(
        "CREATE TABLE t (a INT, b INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW v AS SELECT a FROM t"
    )
    view = Table.objects.get(name="v")
    url = reverse("view-alter", args=[*DB, "v"])
    run("ALTER VIEW v AS SELECT b FROM t")  # someone else changes it meanwhile
    response = client.post(url, {"version": view.version, "query": "SELECT a, b FROM t"})
    assert response.status_code == 200
    assert "changed since you opened it" in response.text
    assert reverse("view", args=[*DB, "v"]) in response.text
    assert Table.objects.get(name="v").original_query == "SELECT b FROM t"


def test_it_alters_a_view_with_the_current_version(client: Client, run: RunScript) -> None:
    run(
        "CREATE TABLE t (a INT, b INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW v AS SELECT a FROM t"
    )
    view = Table.objects.get(name="v")
    url = reverse("view-alter", args=[*DB, "v"])
    response = client.post(url, {"version": view.version, "query": "SELECT a, b FROM t"})
    assert response.status_code == 302
    assert Table.objects.get(name="v").original_query == "SELECT a, b FROM t"


def test_it_lists_the_views_a_drop_would_break(client: Client, run: RunScript) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nCREATE VIEW v AS SELECT a FROM t")
    html = client.get(reverse("table-drop", args=[*DB, "t"])).text
    assert "1 view would become broken" in html
    assert reverse("view", args=[*DB, "v"]) in html
    table = Table.objects.get(name="t")
    url = reverse("table-drop", args=[*DB, "t"])
    # a drop that breaks a view asks for the name typed (the confirmation fits the blast radius)
    refused = client.post(url, {"version": table.version})
    assert refused.status_code == 200 and "Type t exactly" in refused.text
    assert Table.objects.get(name="v").status == Table.Status.OK
    response = client.post(url, {"version": table.version, "confirm_name": "t"})
    assert response.status_code == 302
    assert Table.objects.get(name="v").status == Table.Status.BROKEN


def test_it_needs_the_name_typed_to_drop_a_kafka_table(client: Client, run: RunScript) -> None:
    run("CREATE TABLE k (a INT) WITH ('connector' = 'kafka')")
    url = reverse("table-drop", args=[*DB, "k"])
    version = Table.objects.get(name="k").version
    wrong = client.post(url, {"version": version, "confirm_name": "x"})
    assert "Type k exactly" in wrong.text
    assert Table.objects.filter(name="k").exists()
    right = client.post(url, {"version": version, "confirm_name": "k"})
    assert right.status_code == 302
    assert not Table.objects.filter(name="k").exists()


@pytest.mark.parametrize(
    ("catalog_type", "fields", "expected"),
    [
        (
            "generic_in_memory",
            {"generic_in_memory__default_database": "d1"},
            {"default-database": "d1"},
        ),
        ("hive", {"hive__hive_conf_dir": "/etc/hive"}, {"hive-conf-dir": "/etc/hive"}),
        (
            "jdbc",
            {
                "jdbc__base_url": "jdbc:postgresql://db:5432",
                "jdbc__username": "u",
                "jdbc__password": "s3cret",
            },
            {"base-url": "jdbc:postgresql://db:5432", "password": "s3cret"},
        ),
        (
            "kafka",
            {"kafka__properties_bootstrap_servers": "k:9092"},
            {"properties.bootstrap.servers": "k:9092"},
        ),
    ],
)
def test_it_creates_a_catalog_of_each_type(
    client: Client, db: None, catalog_type: str, fields: dict, expected: dict
) -> None:
    data = {"name": "c1", "catalog_type": catalog_type, "comment": "", "options": "", **fields}
    response = client.post(reverse("catalog-create", args=["default"]), data)
    assert response.status_code == 302, response.context["form"].errors
    catalog = Catalog.objects.get(name="c1")
    assert catalog.catalog_type == catalog_type
    for key, value in expected.items():
        assert catalog.options[key] == value


def test_it_shows_an_unsupported_option_beside_the_options(client: Client, db: None) -> None:
    data = {"name": "c1", "catalog_type": "generic_in_memory", "options": "x = y"}
    response = client.post(reverse("catalog-create", args=["default"]), data)
    assert "Unsupported options" in response.context["form"].errors["options"][0]


def test_it_alters_a_catalog_and_refuses_a_stale_form(client: Client, run: RunScript) -> None:
    run("CREATE CATALOG c1 WITH ('type' = 'hive')")
    catalog = Catalog.objects.get(name="c1")
    url = reverse("catalog-alter", args=["default", "c1"])
    data = {"version": catalog.version, "comment": "new", "options": "hive-conf-dir = /x"}
    assert client.post(url, data).status_code == 302
    catalog.refresh_from_db()
    assert catalog.comment == "new" and catalog.options["hive-conf-dir"] == "/x"
    stale = client.post(url, {**data, "comment": "again"})
    assert "changed since you opened it" in stale.text


def test_it_creates_and_drops_a_database_and_a_function(client: Client, db: None) -> None:
    args = ["default", "_env_default"]
    assert client.post(reverse("database-create", args=args), {"name": "d2"}).status_code == 302
    assert Database.objects.filter(name="d2").exists()
    data = {"name": "f1", "class_name": "com.example.F", "language": "JAVA"}
    assert client.post(reverse("function-create", args=[*args, "d2"]), data).status_code == 302
    assert Function.objects.filter(name="f1").exists()
    drop_function = reverse("function-drop", args=[*args, "d2", "f1"])
    assert client.post(drop_function, {}).status_code == 302
    assert client.post(reverse("database-drop", args=[*args, "d2"]), {}).status_code == 302
    assert not Database.objects.filter(name="d2").exists()


def test_it_needs_the_editor_role_for_forms(run: RunScript, db: None) -> None:
    from django.contrib.auth.models import User

    from environments.models import Environment, Membership, Role

    viewer = User.objects.create_user("viewer", password="x")
    Membership.objects.create(
        environment=Environment.objects.get(name="default"), user=viewer, role=Role.VIEWER
    )
    client = Client()
    client.force_login(viewer)
    assert client.get(reverse("database", args=DB)).status_code == 200
    assert client.get(reverse("table-create", args=DB)).status_code == 403


def test_it_sets_database_properties_through_alter_database(client: Client, db: None) -> None:
    args = ["default", "_env_default", "default"]
    page = client.get(reverse("database-alter", args=args)).content.decode()
    assert "Set properties" in page
    response = client.post(reverse("database-alter", args=args), {"options": "owner = team-b"})
    assert response.status_code == 302
    assert Database.objects.get(catalog__name="_env_default", name="default").properties == {
        "owner": "team-b"
    }
    entry = HistoryEntry.objects.latest("pk")
    assert entry.statement == "ALTER DATABASE `_env_default`.`default` SET ('owner' = 'team-b')"
