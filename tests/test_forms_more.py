"""Column changes, renames, ALTER FUNCTION, and adding a form's statement to a change request
instead of running it."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from catalogs.models import Catalog, Column, Database, Function, Table
from changes.models import ChangeRequest
from changes.services import open_request
from environments.models import Artifact, Environment
from tests.conftest import RunScript

DB = ("default", "_env_default", "default")
SETUP = (
    "CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen');\n"
    "CREATE VIEW v AS SELECT a FROM t;\n"
    "CREATE VIEW w AS SELECT b FROM t"
)


def version(name: str) -> int:
    return Table.objects.get(name=name).version


def test_it_adds_a_column_after_another(client: Client, run: RunScript) -> None:
    run(SETUP)
    url = reverse("table-column-add", args=[*DB, "t"])
    data = {
        "version": version("t"),
        "name": "c",
        "data_type": "BIGINT",
        "not_null": "",
        "comment": "the c",
        "position": "AFTER",
        "after": "a",
    }
    preview = client.post(url + "?preview=1", data, headers={"HX-Request": "true"})
    assert "AFTER" in preview.text and "`c`" in preview.text
    assert not Column.objects.filter(name="c").exists()
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    names = list(Table.objects.get(name="t").columns.values_list("name", flat=True))
    assert names == ["a", "c", "b"]


def test_it_shows_a_bad_type_beside_the_type_field(client: Client, run: RunScript) -> None:
    run(SETUP)
    url = reverse("table-column-add", args=[*DB, "t"])
    data = {"version": version("t"), "name": "c", "data_type": "BIGNT", "position": ""}
    response = client.post(url, data)
    assert response.status_code == 200
    assert "BIGNT" in response.context["form"].errors["data_type"][0]


def test_it_lists_only_the_views_that_read_a_dropped_column(client: Client, run: RunScript) -> None:
    run(SETUP)
    url = reverse("table-column-drop", args=[*DB, "t", "b"])
    html = client.get(url).text
    assert "1 view would become broken" in html
    assert reverse("view", args=[*DB, "w"]) in html
    assert reverse("view", args=[*DB, "v"]) not in html
    # a drop that breaks a view asks for the column's name typed
    response = client.post(url, {"version": version("t"), "confirm_name": "b"})
    assert response.status_code == 302
    assert list(Table.objects.get(name="t").columns.values_list("name", flat=True)) == ["a"]


def test_it_modifies_a_column_and_lists_the_views_reading_it(
    client: Client, run: RunScript
) -> None:
    run(SETUP)
    url = reverse("table-column-modify", args=[*DB, "t", "a"])
    page = client.get(url)
    assert reverse("view", args=[*DB, "v"]) in page.text
    assert page.context["form"]["data_type"].value() == "INT"
    data = {"version": version("t"), "data_type": "BIGINT", "comment": "wider"}
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    column = Column.objects.get(table__name="t", name="a")
    assert column.data_type == "BIGINT" and column.comment == "wider"


def test_it_renames_a_column(client: Client, run: RunScript) -> None:
    run(SETUP)
    url = reverse("table-column-rename", args=[*DB, "t", "b"])
    response = client.post(url, {"version": version("t"), "new_name": "b2"})
    assert response.status_code == 302
    assert Column.objects.filter(table__name="t", name="b2").exists()


def test_it_refuses_a_stale_column_change(client: Client, run: RunScript) -> None:
    run(SETUP)
    old = version("t")
    run("ALTER TABLE t ADD c INT")
    url = reverse("table-column-drop", args=[*DB, "t", "a"])
    response = client.post(url, {"version": old, "confirm_name": "a"})
    assert "changed since you opened it" in response.text
    assert Column.objects.filter(table__name="t", name="a").exists()


def test_it_renames_a_table_and_lists_the_views_it_breaks(client: Client, run: RunScript) -> None:
    run(SETUP)
    url = reverse("table-rename", args=[*DB, "t"])
    html = client.get(url).text
    assert "2 views would become broken" in html
    response = client.post(url, {"version": version("t"), "new_name": "t2"})
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[*DB, "t2"])
    assert Table.objects.filter(name="t2").exists() and not Table.objects.filter(name="t").exists()


def test_it_renames_a_view(client: Client, run: RunScript) -> None:
    run(SETUP + ";\nCREATE VIEW vv AS SELECT a FROM v")
    url = reverse("view-rename", args=[*DB, "v"])
    assert reverse("view", args=[*DB, "vv"]) in client.get(url).text
    response = client.post(url, {"version": version("v"), "new_name": "v2"})
    assert response.status_code == 302
    assert Table.objects.get(name="v2").is_view


def test_it_alters_a_function_and_saves_its_return_type(client: Client, run: RunScript) -> None:
    run("CREATE FUNCTION f AS 'com.example.F' LANGUAGE JAVA")
    Artifact.objects.create(environment=Environment.objects.get(name="default"), name="udfs")
    url = reverse("function-alter", args=[*DB, "f"])
    assert '<option value="udfs">' in client.get(url).text
    data = {
        "class_name": "com.example.G",
        "language": "SCALA",
        "return_type": "STRING",
        "artifact": "udfs",
    }
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    function = Function.objects.get(name="f")
    assert (function.class_name, function.language) == ("com.example.G", "SCALA")
    assert function.return_type == "VARCHAR(2147483647)"
    assert function.artifact is not None and function.artifact.name == "udfs"


def test_it_shows_a_bad_return_type_and_runs_nothing(client: Client, run: RunScript) -> None:
    run("CREATE FUNCTION f AS 'com.example.F' LANGUAGE JAVA")
    url = reverse("function-alter", args=[*DB, "f"])
    data = {"class_name": "com.example.G", "language": "JAVA", "return_type": "NOPE("}
    response = client.post(url, data)
    assert response.status_code == 200
    assert "not a Flink type" in response.context["form"].errors["return_type"][0]
    assert Function.objects.get(name="f").class_name == "com.example.F"  # rolled back


def test_it_adds_a_statement_to_a_new_change_request(client: Client, run: RunScript) -> None:
    run(SETUP)
    url = reverse("table-column-drop", args=[*DB, "t", "b"])
    response = client.post(
        url,
        {"version": version("t"), "to_request": "1", "change_request": "", "confirm_name": "b"},
    )
    change_request = ChangeRequest.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("change-request", args=["default", change_request.pk])
    assert change_request.title.startswith("ALTER TABLE")
    assert [s.sql for s in change_request.statements.all()] == [
        "ALTER TABLE `_env_default`.`default`.`t` DROP `b`"
    ]
    assert Column.objects.filter(table__name="t", name="b").exists()  # nothing ran


def test_it_appends_a_create_form_to_an_open_change_request(
    client: Client, run: RunScript, admin_user: object
) -> None:
    environment = Environment.objects.get(name="default")
    opened = open_request(environment, admin_user, "Tables", sql="CREATE TABLE x (a INT)")
    page = client.get(reverse("view-create", args=DB))
    assert f'<option value="{opened.pk}">' in page.text
    data = {
        "name": "v9",
        "mode": "",
        "query": "SELECT 1 AS one",
        "to_request": "1",
        "change_request": str(opened.pk),
    }
    response = client.post(reverse("view-create", args=DB), data)
    assert response["Location"] == reverse("change-request", args=["default", opened.pk])
    sqls = [s.sql for s in opened.statements.all()]
    assert len(sqls) == 2 and sqls[1].startswith("CREATE VIEW")
    assert not Table.objects.filter(name="v9").exists()


def test_it_refuses_to_add_to_a_closed_change_request(
    client: Client, run: RunScript, admin_user: object
) -> None:
    environment = Environment.objects.get(name="default")
    closed = open_request(environment, admin_user, "Old")
    ChangeRequest.objects.filter(pk=closed.pk).update(status=ChangeRequest.Status.CLOSED)
    data = {"name": "d9", "to_request": "1", "change_request": str(closed.pk)}
    response = client.post(reverse("database-create", args=DB[:2]), data)
    assert response.status_code == 200
    assert "only open requests change" in response.text


def test_it_shows_only_the_chosen_catalog_types_options(client: Client, db: None) -> None:
    url = reverse("catalog-create", args=["default"])
    assert 'data-catalog-type="jdbc"' in client.get(url).text  # every type before one is chosen
    data = {"name": "c1", "catalog_type": "hive", "choose_type": "1"}
    response = client.post(url, data)  # the button that works without JavaScript
    assert response.status_code == 200
    assert 'data-catalog-type="hive"' in response.text
    assert 'data-catalog-type="jdbc"' not in response.text
    assert 'name="hive__hive_conf_dir"' in response.text
    assert not Catalog.objects.filter(name="c1").exists()  # nothing ran


def test_where_changes_need_approvals_the_form_proposes_them(
    client: Client, run: RunScript
) -> None:
    environment = Environment.objects.get(name="default")
    environment.required_approvals = 2
    environment.save()
    page = client.get(reverse("database-create", args=DB[:2])).text
    assert "Environment default needs 2 approvals for every change" in page
    assert ">Propose in a change request</button>" in page
    assert ">Create database</button>" not in page  # running it would be refused
    response = client.post(
        reverse("database-create", args=DB[:2]), {"name": "d9", "to_request": "1"}
    )
    change_request = ChangeRequest.objects.get()
    assert response["Location"] == reverse("change-request", args=["default", change_request.pk])
    assert not Database.objects.filter(name="d9").exists()
