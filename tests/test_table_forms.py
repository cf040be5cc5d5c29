"""The table forms (#17): a column's fields follow its kind, its type is read as Flink reads
types, connector templates fill the required options and warn about what Flink's planner
refuses, and the watermark and primary key of an existing table have forms of their own."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.flinksql.column_kinds import COLUMN_TYPES, column_kind_problems
from catalogs.flinksql.connectors import CONNECTORS, connector_warnings, template_options
from catalogs.flinksql.types import parse_type
from catalogs.models import HistoryEntry, Table
from tests.conftest import RunScript
from tests.test_forms import DB, table_post

ORACLE = json.loads(
    (Path(__file__).parent / "goldens" / "connectors_oracle.json").read_text(encoding="utf-8")
)
KAFKA_PK = (
    "The kafka connector refuses a PRIMARY KEY with the insert-only format 'json': use the "
    "upsert-kafka connector for a keyed table, or a changelog format such as debezium-json."
)
UPSERT_NO_PK = (
    "The upsert-kafka connector requires a PRIMARY KEY: it names the columns of the Kafka "
    "message key, by which rows are updated and deleted."
)


def one_column(**column: str) -> dict[str, str]:
    """A new table ``t`` with one column row (``columns-0-...``) and a datagen connector."""
    data = table_post(
        name="t",
        watermark_column="",
        watermark_expression="",
        primary_key="",
        options="connector = datagen",
        **{"columns-TOTAL_FORMS": "1"},
    )
    for key in [k for k in data if k.startswith("columns-1-")]:
        del data[key]
    data.update({f"columns-0-{key}": value for key, value in column.items()})
    return data


# -- the column's kind ------------------------------------------------------------------------
def test_it_names_each_part_a_kind_does_not_take() -> None:
    assert column_kind_problems("computed", {"data_type": True, "not_null": True}) == {
        "expression": "A computed column needs an expression.",
        "data_type": "A computed column has no Type: Flink derives its type from the "
        "expression. Clear Type, or make it a physical column.",
        "not_null": "A computed column cannot be NOT NULL: Flink derives its type from the "
        "expression. Untick NOT NULL, or make it a physical column.",
    }
    assert column_kind_problems(
        "physical", {"data_type": True, "expression": True, "metadata_key": True, "virtual": True}
    ) == {
        "expression": "A physical column has no Expression: clear Expression, or make it a "
        "computed column.",
        "metadata_key": "A physical column has no Metadata key: clear Metadata key, or make it "
        "a metadata column.",
        "virtual": "A physical column cannot be VIRTUAL: untick VIRTUAL, or make it a metadata "
        "column.",
    }
    assert column_kind_problems("metadata", {"expression": True}) == {
        "data_type": "A metadata column needs a type.",
        "expression": "A metadata column has no Expression: clear Expression, or make it a "
        "computed column.",
    }
    assert column_kind_problems("metadata", {"data_type": True, "metadata_key": True}) == {}
    assert column_kind_problems("other", {}) == {
        "kind": "Choose the kind of column: physical, metadata, computed."
    }


@pytest.mark.parametrize(
    ("column", "field", "message"),
    [
        (
            {"kind": "computed", "data_type": "INT", "expression": "1 + 1"},
            "data_type",
            "A computed column has no Type: Flink derives its type from the expression. "
            "Clear Type, or make it a physical column.",
        ),
        (
            {"kind": "physical", "data_type": "INT", "expression": "1 + 1"},
            "expression",
            "A physical column has no Expression: clear Expression, or make it a computed column.",
        ),
        (
            {"kind": "physical", "data_type": "INT", "virtual": "on"},
            "virtual",
            "A physical column cannot be VIRTUAL: untick VIRTUAL, or make it a metadata column.",
        ),
        (
            {"kind": "metadata", "data_type": ""},
            "data_type",
            "A metadata column needs a type.",
        ),
    ],
)
def test_it_refuses_a_part_the_kind_does_not_take_and_changes_nothing(
    client: Client, column: dict[str, str], field: str, message: str
) -> None:
    column = {"name": "c", "data_type": "", "not_null": "", **column}
    data = {k: v for k, v in one_column(**column).items() if v != ""}
    response = client.post(reverse("table-create", args=DB), data)
    assert response.status_code == 200
    assert response.context["form"].columns.forms[0].errors[field] == [message]
    assert message in response.text  # beside the field, which stays shown with its error
    assert not Table.objects.filter(name="t").exists()
    assert not HistoryEntry.objects.exists()


def test_it_creates_metadata_and_computed_columns(client: Client) -> None:
    data = one_column(name="id", kind="physical", data_type="BIGINT")
    data.update(
        {
            "columns-TOTAL_FORMS": "3",
            "columns-1-name": "part",
            "columns-1-kind": "metadata",
            "columns-1-data_type": "INT",
            "columns-1-metadata_key": "partition",
            "columns-1-virtual": "on",
            "columns-2-name": "twice",
            "columns-2-kind": "computed",
            "columns-2-expression": "id * 2",
        }
    )
    response = client.post(reverse("table-create", args=DB), data)
    assert response.status_code == 302
    columns = {c.name: c for c in Table.objects.get(name="t").columns.all()}
    assert (columns["part"].metadata_key, columns["part"].is_virtual) == ("partition", True)
    assert columns["twice"].expression == "`id` * 2"
    assert (columns["id"].data_type, columns["id"].nullable) == ("BIGINT", False)


def test_each_field_says_which_kinds_take_it(client: Client) -> None:
    html = client.get(reverse("table-create", args=DB)).text
    assert 'data-kinds="physical metadata">' in html  # Type and NOT NULL
    assert 'data-kinds="computed">' in html  # Expression
    assert html.count('data-kinds="metadata">') == 2 * 3  # Metadata key and VIRTUAL, 3 rows


# -- picking the key columns -----------------------------------------------------------------
def test_the_keys_are_picked_from_the_columns_typed_above(client: Client) -> None:
    url = reverse("table-create", args=DB)
    assert "Name the columns above to pick them here." in client.get(url).text
    data = table_post(**{"columns-1-name": "<b>ts</b>", "columns-2-name": "id"})
    data["columns-TOTAL_FORMS"] = "3"
    preview = client.post(url + "?preview=1", data, headers={"HX-Request": "true"}).text
    picker = preview[preview.index('<div id="column-picker"') :]
    assert 'hx-swap-oob="true"' in picker[:80]  # the preview replaces the page's picker
    # each name once, in the order of the rows, as text
    assert picker.count('data-pick="id"') == 3  # one button for each of the three fields
    assert picker.count('data-pick="&lt;b&gt;ts&lt;/b&gt;"') == 3
    assert "<b>ts</b>" not in picker
    assert picker.index('data-pick="id"') < picker.index('data-pick="&lt;b&gt;ts')
    assert '<option value="id"></option><option value="&lt;b&gt;ts&lt;/b&gt;"></option>' in picker
    assert 'data-pick-into="id_primary_key"' in picker
    assert 'data-pick-into="id_bucket_keys"' in picker
    assert 'data-pick-into="id_partition_keys"' in picker
    page = client.post(url, {**data, "add_column": "1"}).text
    assert page.count('id="column-picker"') == 1  # the page itself has one picker
    assert 'list="table-column-names"' in page


# -- the type ---------------------------------------------------------------------------------
def test_the_type_picker_offers_only_types_flink_reads(client: Client) -> None:
    for text in COLUMN_TYPES:
        parse_type(text)
    html = client.get(reverse("table-create", args=DB)).text
    assert 'list="flink-types"' in html
    assert '<option value="TIMESTAMP_LTZ(3)"></option>' in html
    assert html.count("<option value=") >= len(COLUMN_TYPES)


def test_the_preview_reports_an_invalid_type_at_once(client: Client) -> None:
    url = reverse("table-create", args=DB) + "?preview=1"
    bad = one_column(name="id", kind="physical", data_type="ROW<a INT")
    response = client.post(url, bad, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'data-testid="preview-problems"' in response.text
    assert (
        "Column 1 (id), Type: SQL parse failed. Encountered &quot;&lt;EOF&gt;&quot; at line 1, "
        "column 9." in response.text
    )
    unknown = one_column(name="id", kind="physical", data_type="BIGNT")
    text = client.post(url, unknown, headers={"HX-Request": "true"}).text
    assert "Column 1 (id), Type: Unknown identifier &#x27;BIGNT&#x27;" in text
    good = one_column(name="id", kind="physical", data_type="MAP<STRING, ARRAY<INT>>")
    assert "preview-problems" not in client.post(url, good, headers={"HX-Request": "true"}).text
    assert not Table.objects.exists()


def test_an_invalid_type_is_refused_before_anything_runs(client: Client) -> None:
    response = client.post(
        reverse("table-create", args=DB), one_column(name="id", data_type="DECIMAL(10, x)")
    )
    assert response.status_code == 200
    errors = response.context["form"].columns.forms[0].errors["data_type"]
    assert errors == ['SQL parse failed. Encountered "x" at line 1, column 13.']
    assert not HistoryEntry.objects.exists()


# -- connector templates ----------------------------------------------------------------------
def test_choosing_a_connector_fills_in_its_required_options(client: Client) -> None:
    data = {**one_column(name="id", data_type="BIGINT"), "name": "orders"}
    data.update(connector="upsert-kafka", fill_connector="1", options="")
    response = client.post(reverse("table-create", args=DB), data)
    assert response.status_code == 200
    assert response.context["form"]["options"].value() == (
        "connector = upsert-kafka\ntopic = orders\nproperties.bootstrap.servers = localhost:9092"
        "\nkey.format = json\nvalue.format = json"
    )
    assert escape(UPSERT_NO_PK) in response.text
    assert not Table.objects.exists()


def test_a_template_keeps_the_users_options_and_drops_another_templates() -> None:
    kafka = template_options("kafka", {}, "shop_orders")
    assert kafka == {
        "connector": "kafka",
        "topic": "shop_orders",
        "properties.bootstrap.servers": "localhost:9092",
        "format": "json",
    }
    switched = template_options("filesystem", {**kafka, "sink.parallelism": "2"})
    assert switched == {
        "connector": "filesystem",
        "path": "file:///tmp/orders",
        "format": "json",
        "topic": "shop_orders",  # not the template's value: the table's name is kept
        "sink.parallelism": "2",
    }


def test_it_warns_about_the_combinations_flinks_planner_refuses(client: Client) -> None:
    kafka = "\n".join(f"{k} = {v}" for k, v in CONNECTORS["kafka"].template().items())
    url = reverse("table-create", args=DB) + "?preview=1"
    keyed = {**one_column(name="id", data_type="BIGINT"), "options": kafka, "primary_key": "id"}
    response = client.post(url, keyed, headers={"HX-Request": "true"})
    assert response.context["warnings"] == [KAFKA_PK]
    assert escape(KAFKA_PK) in response.text
    assert connector_warnings({"connector": "kafka", "format": "debezium-json"}, ["id"]) == [
        "The kafka connector requires the options 'topic', 'properties.bootstrap.servers': "
        "Flink refuses to read or write the table without them."
    ]
    assert connector_warnings({"connector": "upsert-kafka"}, []) == [
        "The upsert-kafka connector requires the options 'topic', "
        "'properties.bootstrap.servers', 'key.format', 'value.format': Flink refuses to read or "
        "write the table without them.",
        UPSERT_NO_PK,
    ]
    assert (
        connector_warnings(
            {
                "connector": "kafka",
                "topic-pattern": "o.*",
                **{"properties.bootstrap.servers": "h:9092", "value.format": "avro"},
            },
            [],
        )
        == []
    )
    # A warning does not stop the statement: the dashboard keeps options as metadata.
    response = client.post(reverse("table-create", args=DB), {**keyed, "name": "t"})
    assert response.status_code == 302


def test_the_shipped_connectors_templates_are_what_flink_accepts() -> None:
    """Recorded from Flink 2.3.0 (tests/record_connectors_oracle.py): each template plans as
    the connector's role says, and without each required option Flink refuses the table."""
    recorded = {(c["connector"], c["missing"]): c["results"] for c in ORACLE["connectors"]}
    assert {name for name, _ in recorded} == {"filesystem", "datagen", "print", "blackhole"}
    for (name, missing), (create, source, sink) in recorded.items():
        assert create["ok"]  # CREATE TABLE checks no connector option
        connector = CONNECTORS[name]
        if not missing:
            assert source["ok"] == ("source" in connector.role)
            assert sink["ok"] == ("sink" in connector.role)
            assert connector_warnings(connector.template(), []) == []
            continue
        assert source["error"] == (
            f"One or more required options are missing.\n\nMissing required options are:"
            f"\n\n{missing}"
        )
        options = {k: v for k, v in connector.template().items() if k != missing}
        assert connector_warnings(options, []) == [
            f"The {name} connector requires the option '{missing}': Flink refuses to read or "
            "write the table without it."
        ]
    assert {c.name for c in CONNECTORS.values()} == {
        "kafka",
        "upsert-kafka",
        "filesystem",
        "jdbc",
        "datagen",
        "print",
        "blackhole",
    }


# -- watermark and primary key of an existing table -------------------------------------------
@pytest.fixture
def orders(run: RunScript) -> Table:
    run(
        "CREATE TABLE orders (id BIGINT, ts TIMESTAMP(3), note STRING) WITH "
        "('connector' = 'kafka', 'topic' = 'orders', "
        "'properties.bootstrap.servers' = 'h:9092', 'format' = 'json')"
    )
    return Table.objects.get(name="orders")


def keys_url(part: str) -> str:
    return reverse(f"table-{part}", args=[*DB, "orders"])


def preview(client: Client, part: str, data: dict) -> tuple[str, list[str]]:
    """The statement the form's preview shows, and its connector warnings."""
    response = client.post(keys_url(part) + "?preview=1", data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.context["statements"][0].text, response.context["warnings"]


def test_it_adds_modifies_and_drops_the_watermark(client: Client, orders: Table) -> None:
    page = client.get(keys_url("watermark")).text
    assert "The table has no watermark: saving adds one." in page
    assert 'name="drop"' not in page
    data = {"version": orders.version, "column": "ts", "expression": "ts - INTERVAL '5' SECOND"}
    assert preview(client, "watermark", data) == (
        "ALTER TABLE `_env_default`.`default`.`orders` ADD WATERMARK FOR `ts` AS "
        "ts - INTERVAL '5' SECOND",
        [],
    )
    assert client.post(keys_url("watermark"), data).status_code == 302
    orders.refresh_from_db()
    assert (orders.watermark_column, orders.watermark_expression) == (
        "ts",
        "`ts` - INTERVAL '5' SECOND",
    )
    data = {"version": orders.version, "column": "ts", "expression": "ts"}
    statement, _ = preview(client, "watermark", data)
    assert statement.endswith("`orders` MODIFY WATERMARK FOR `ts` AS ts")
    assert client.post(keys_url("watermark"), data).status_code == 302
    orders.refresh_from_db()
    assert orders.watermark_expression == "`ts`"
    response = client.post(keys_url("watermark"), {"version": orders.version, "drop": "on"})
    assert response.status_code == 302
    orders.refresh_from_db()
    assert orders.watermark_column is None


def test_it_refuses_a_watermark_without_an_expression_or_on_a_string(
    client: Client, orders: Table
) -> None:
    response = client.post(keys_url("watermark"), {"version": orders.version, "column": "ts"})
    assert response.status_code == 200
    assert response.context["form"].errors["expression"] == ["A watermark needs an expression."]
    data = {"version": orders.version, "column": "note", "expression": "note"}
    response = client.post(keys_url("watermark"), data)
    assert response.status_code == 200
    assert response.context["form"].errors  # the executor's refusal, shown in place
    orders.refresh_from_db()
    assert orders.watermark_column is None
    assert HistoryEntry.objects.filter(statement__contains="WATERMARK").count() == 0


def test_it_adds_and_drops_the_primary_key_and_warns_for_kafka(
    client: Client, orders: Table
) -> None:
    page = client.get(keys_url("primary-key")).text
    assert "The table has no primary key: saving adds one." in page
    data = {"version": orders.version, "columns": "id", "constraint_name": ""}
    statement, warnings = preview(client, "primary-key", data)
    assert statement.endswith("`orders` ADD PRIMARY KEY (`id`) NOT ENFORCED")
    assert warnings == [KAFKA_PK]
    assert client.post(keys_url("primary-key"), data).status_code == 302
    orders.refresh_from_db()
    assert (orders.primary_key_columns, orders.primary_key_name) == (["id"], "PK_id")
    data = {"version": orders.version, "columns": "id, ts", "constraint_name": "pk"}
    statement, _ = preview(client, "primary-key", data)
    assert statement.endswith(
        "`orders` MODIFY CONSTRAINT `pk` PRIMARY KEY (`id`, `ts`) NOT ENFORCED"
    )
    response = client.post(keys_url("primary-key"), {"version": orders.version, "drop": "on"})
    assert response.status_code == 302
    orders.refresh_from_db()
    assert orders.primary_key_columns == []


def test_it_refuses_a_primary_key_on_a_missing_column(client: Client, orders: Table) -> None:
    data = {"version": orders.version, "columns": "nope"}
    response = client.post(keys_url("primary-key"), data)
    assert response.status_code == 200
    assert "nope" in str(response.context["form"].errors)
    orders.refresh_from_db()
    assert orders.primary_key_columns == []
    empty = client.post(keys_url("primary-key"), {"version": orders.version, "columns": ""})
    assert empty.context["form"].errors["columns"] == ["Name the primary key's columns."]


def test_it_refuses_a_stale_primary_key_form(client: Client, orders: Table, run: RunScript) -> None:
    version = orders.version
    run("ALTER TABLE orders ADD note2 STRING")
    response = client.post(keys_url("primary-key"), {"version": version, "columns": "id"})
    assert response.status_code == 200
    assert "changed since you opened it" in response.text
    orders.refresh_from_db()
    assert orders.primary_key_columns == []


def test_the_table_page_links_the_forms_and_says_what_flink_cannot_alter(
    client: Client, orders: Table
) -> None:
    html = client.get(reverse("table", args=[*DB, "orders"])).text
    assert keys_url("watermark") in html and keys_url("primary-key") in html
    assert "no clause for a table's partition keys or its comment" in html
    recorded = {r["statement"]: r for r in ORACLE["alters"]}
    comment = recorded["ALTER TABLE alt COMMENT 'new comment'"]
    partitions = recorded["ALTER TABLE alt PARTITIONED BY (id)"]
    assert comment["error"].startswith('Encountered "COMMENT" at line 1, column 17.')
    assert partitions["error"].startswith('Encountered "PARTITIONED" at line 1, column 17.')


def test_a_viewer_gets_no_watermark_form(members, run: RunScript) -> None:  # noqa: ANN001
    run("CREATE TABLE orders (id BIGINT, ts TIMESTAMP(3))")
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    assert viewer.get(keys_url("watermark")).status_code == 403
    assert keys_url("watermark") not in viewer.get(reverse("table", args=[*DB, "orders"])).text


# -- adding a column row ----------------------------------------------------------------------
def test_adding_a_column_focuses_the_new_row(client: Client) -> None:
    """The new row's name has ``autofocus``: the browser focuses it and scrolls it into view
    (tests/test_browser_table_forms.py sees both), without JavaScript."""
    response = client.post(reverse("table-create", args=DB), {**table_post(), "add_column": "1"})
    html = response.text
    assert 'id="column-3"' in html
    assert '<input type="text" name="columns-2-name" maxlength="255" autofocus' in html
    assert html.count("autofocus") == 1


# -- ALTER TABLE ADD a column of any kind -----------------------------------------------------
def test_it_adds_computed_and_metadata_columns_to_a_table(client: Client, orders: Table) -> None:
    url = reverse("table-column-add", args=[*DB, "orders"])
    page = client.get(url).text
    assert 'data-kinds="computed">' in page and 'list="flink-types"' in page
    computed = {
        "version": orders.version,
        "name": "id2",
        "kind": "computed",
        "expression": "id * 2",
    }
    response = client.post(url + "?preview=1", computed, headers={"HX-Request": "true"})
    assert response.context["statements"][0].text == (
        "ALTER TABLE `_env_default`.`default`.`orders` ADD `id2` AS id * 2"
    )
    assert client.post(url, computed).status_code == 302
    orders.refresh_from_db()
    metadata = {
        "version": orders.version,
        "name": "part",
        "kind": "metadata",
        "data_type": "INT",
        "metadata_key": "partition",
        "virtual": "on",
        "position": "FIRST",
    }
    assert client.post(url, metadata).status_code == 302
    columns = {c.name: c for c in Table.objects.get(name="orders").columns.all()}
    assert columns["id2"].expression == "`id` * 2"
    assert (columns["part"].metadata_key, columns["part"].is_virtual) == ("partition", True)


def test_adding_a_column_refuses_a_part_its_kind_does_not_take(
    client: Client, orders: Table
) -> None:
    url = reverse("table-column-add", args=[*DB, "orders"])
    data = {
        "version": orders.version,
        "name": "id2",
        "kind": "computed",
        "data_type": "BIGINT",
        "expression": "id * 2",
    }
    response = client.post(url, data)
    assert response.status_code == 200
    assert response.context["form"].errors["data_type"] == [
        "A computed column has no Type: Flink derives its type from the expression. Clear "
        "Type, or make it a physical column."
    ]
    bad_type = {"version": orders.version, "name": "x", "kind": "physical", "data_type": "INTT"}
    response = client.post(url, bad_type)
    assert response.context["form"].errors["data_type"] == ["Unknown identifier 'INTT'"]
    assert not Table.objects.get(name="orders").columns.filter(name__in=["id2", "x"]).exists()


# -- the type field's check as the user types -------------------------------------------------
def test_the_type_field_is_checked_as_the_user_types(client: Client) -> None:
    html = client.get(reverse("table-create", args=DB)).text
    assert f'hx-get="{reverse("type-check")}"' in html
    assert 'hx-target="#id_columns-0-data_type_check"' in html
    assert '<output id="id_columns-0-data_type_check" class="type-check"' in html
    url = reverse("type-check")
    ok = client.get(url, {"columns-0-data_type": "STRING"}, headers={"HX-Request": "true"})
    assert ok.status_code == 200
    assert ok.text.strip() == (
        '<span class="muted">Flink reads it as <code>VARCHAR(2147483647)</code></span>'
    )
    bad = client.get(url, {"data_type": "ROW<a INT"}).text.strip()
    assert bad == (
        '<span class="error">SQL parse failed. Encountered &quot;&lt;EOF&gt;&quot; at line 1, '
        "column 9.</span>"
    )
    assert client.get(url, {"data_type": ""}).text.strip() == ""
    deep = "ARRAY<" * 300 + "INT" + ">" * 300
    assert "error" in client.get(url, {"data_type": deep}).text
    too_long = client.get(url, {"data_type": "X" * 2001}).text
    assert "A type of more than 2,000 characters is not checked here." in too_long


def test_the_type_check_needs_a_login(anonymous_client: Client) -> None:
    response = anonymous_client.get(reverse("type-check"), {"data_type": "INT"})
    assert response.status_code == 302


def test_the_options_form_warns_about_the_connector_and_the_key(
    client: Client, orders: Table
) -> None:
    url = reverse("table-alter", args=[*DB, "orders"])
    options = "connector = upsert-kafka\ntopic = orders\nproperties.bootstrap.servers = h:9092"
    data = {"version": orders.version, "options": options}
    response = client.post(url + "?preview=1", data, headers={"HX-Request": "true"})
    assert response.context["warnings"] == [
        "The upsert-kafka connector requires the options 'key.format', 'value.format': Flink "
        "refuses to read or write the table without them.",
        UPSERT_NO_PK,
    ]
    assert client.get(url).context["warnings"] == []  # the kafka table without a key is fine


def test_modify_shows_the_columns_kind_and_changes_it(client: Client, orders: Table) -> None:
    client.post(
        reverse("table-column-add", args=[*DB, "orders"]),
        {"version": orders.version, "name": "id2", "kind": "computed", "expression": "id * 2"},
    )
    orders.refresh_from_db()
    url = reverse("table-column-modify", args=[*DB, "orders", "id2"])
    form = client.get(url).context["form"]
    assert (form["kind"].value(), form["expression"].value(), form["data_type"].value()) == (
        "computed",
        "`id` * 2",
        "",
    )
    refused = {"version": orders.version, "kind": "computed", "expression": "id", "not_null": "on"}
    response = client.post(url, refused)
    assert response.status_code == 200
    assert response.context["form"].errors["not_null"] == [
        "A computed column cannot be NOT NULL: Flink derives its type from the expression. "
        "Untick NOT NULL, or make it a physical column."
    ]
    data = {"version": orders.version, "kind": "computed", "expression": "id + 100"}
    response = client.post(url + "?preview=1", data, headers={"HX-Request": "true"})
    assert response.context["statements"][0].text == (
        "ALTER TABLE `_env_default`.`default`.`orders` MODIFY `id2` AS id + 100"
    )
    assert client.post(url, data).status_code == 302
    assert Table.objects.get(name="orders").columns.get(name="id2").expression == "`id` + 100"
    orders.refresh_from_db()
    physical = {"version": orders.version, "kind": "physical", "data_type": "STRING"}
    assert client.post(url, physical).status_code == 302
    column = Table.objects.get(name="orders").columns.get(name="id2")
    assert (column.kind, column.data_type) == ("physical", "VARCHAR(2147483647)")


def test_the_form_links_each_connectors_documentation(client: Client) -> None:
    html = client.get(reverse("table-create", args=DB)).text
    for connector in CONNECTORS.values():
        assert f'<a href="{connector.doc}">{connector.name}</a> ({connector.role})' in html
    assert '<option value="upsert-kafka">upsert-kafka</option>' in html
