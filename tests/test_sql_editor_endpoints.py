"""What the SQL editor asks the server (#17): the words of Flink SQL, the names of an
environment's catalog for completion (what its reader may see), and the Format action."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogs.executor import Executor, Session
from catalogs.flinksql.keywords import RESERVED_KEYWORDS
from catalogs.models import HistoryEntry, Table
from config import limits
from environments.models import Environment, Membership, Role

LANGUAGE = reverse("sql-editor-language")
COMPLETIONS = reverse("sql-editor-completions", args=["default"])
FORMAT = reverse("sql-editor-format", args=["default"])


@pytest.fixture
def catalog(environment: Environment) -> Environment:
    executor = Executor(Session.start(environment))
    for result in executor.execute_script(
        "CREATE CATALOG shop WITH ('type' = 'generic_in_memory');\n"
        "CREATE DATABASE shop.sales;\n"
        "CREATE TABLE shop.sales.orders (id BIGINT, amount INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW shop.sales.big AS SELECT id FROM shop.sales.orders WHERE amount > 10;\n"
        "CREATE FUNCTION shop.sales.mask AS 'com.example.Mask';"
    ):
        assert result.ok, result.error
    return environment


def _client(environment: Environment, role: Role | None, name: str = "member") -> Client:
    user = User.objects.create_user(name)
    if role is not None:
        Membership.objects.create(environment=environment, user=user, role=role)
    client = Client()
    client.force_login(user)
    return client


def test_it_answers_flinks_words(client: Client) -> None:
    answer = client.get(LANGUAGE).json()
    assert set(answer) == {"keywords", "reserved", "types", "functions"}
    assert answer["reserved"] == sorted(RESERVED_KEYWORDS)
    assert {"SELECT", "WATERMARK", "CATALOG", "TEMPORARY"} <= set(answer["keywords"])
    # a non-reserved token that is no word of a statement is a name: not highlighted
    assert "ORDERS" not in answer["keywords"] and "A" not in answer["keywords"]
    assert set(answer["reserved"]) <= set(answer["keywords"])
    assert {"STRING", "BIGINT", "TIMESTAMP_LTZ", "DECIMAL"} <= set(answer["types"])
    assert "ARRAY_AGG" in answer["functions"]


def test_it_answers_nothing_to_the_anonymous(anonymous_client: Client) -> None:
    for url in (LANGUAGE, COMPLETIONS):
        assert anonymous_client.get(url).status_code == 302
    assert anonymous_client.post(FORMAT, {"sql": "SHOW TABLES"}).status_code == 302


def test_it_completes_the_names_a_viewer_may_read(catalog: Environment) -> None:
    viewer = _client(catalog, Role.VIEWER)
    answer = viewer.get(COMPLETIONS)
    assert answer.status_code == 200
    assert answer.json() == {
        "catalogs": [
            {
                "name": "_env_default",
                "databases": [{"name": "default", "tables": [], "functions": []}],
            },
            {
                "name": "shop",
                "databases": [
                    {"name": "default", "tables": [], "functions": []},
                    {
                        "name": "sales",
                        "tables": [
                            {"name": "big", "kind": "VIEW", "columns": ["id"]},
                            {"name": "orders", "kind": "TABLE", "columns": ["id", "amount"]},
                        ],
                        "functions": ["mask"],
                    },
                ],
            },
        ],
        "complete": True,
    }


def test_a_large_catalog_answers_the_bound_with_where_the_statements_run_first(
    catalog: Environment, monkeypatch: pytest.MonkeyPatch
) -> None:
    executor = Executor(Session.start(catalog, "shop", "sales"))
    script = ["CREATE DATABASE shop.crm", "CREATE DATABASE shop.aaa"]
    script += [
        f"CREATE TABLE shop.crm.c{i} (x INT, y INT) WITH ('connector' = 'datagen')"
        for i in range(3)
    ]
    script += [
        f"CREATE TABLE shop.aaa.a{i} (z INT) WITH ('connector' = 'datagen')" for i in range(2)
    ]
    script += [
        f"CREATE TABLE `_env_default`.`default`.e{i} (w INT) WITH ('connector' = 'datagen')"
        for i in range(2)
    ]
    for result in executor.execute_script(";\n".join(script)):
        assert result.ok, result.error
    monkeypatch.setattr(limits, "COMPLETION_RELATIONS", 4)
    viewer = _client(catalog, Role.VIEWER)
    answer = viewer.get(COMPLETIONS, {"catalog": "shop", "database": "crm"}).json()
    shown = {
        (c["name"], d["name"]): ([t["name"] for t in d["tables"]], d.get("complete", True))
        for c in answer["catalogs"]
        for d in c["databases"]
    }
    # crm first (3), then one of shop's others by name (aaa: cut at 1), nothing more
    assert shown == {
        ("_env_default", "default"): ([], False),
        ("shop", "default"): ([], True),
        ("shop", "aaa"): (["a0"], False),
        ("shop", "crm"): (["c0", "c1", "c2"], True),
        ("shop", "sales"): ([], False),
    }
    assert answer["complete"] is False
    crm = next(d for d in answer["catalogs"][1]["databases"] if d["name"] == "crm")
    assert crm["tables"][0] == {"name": "c0", "kind": "TABLE", "columns": ["x", "y"]}


def test_it_answers_an_outsider_404_as_every_page_of_the_environment(
    catalog: Environment,
) -> None:
    outsider = _client(catalog, None)
    assert outsider.get(COMPLETIONS).status_code == 404
    assert outsider.post(FORMAT, {"sql": "SELECT 1"}).status_code == 404
    other = reverse("sql-editor-completions", args=["nowhere"])
    assert _client(catalog, Role.ADMIN, "admin2").get(other).status_code == 404


def test_it_formats_a_query_as_flink_writes_it(client: Client, catalog: Environment) -> None:
    answer = client.post(
        FORMAT,
        {"sql": "select id from orders where amount>1", "catalog": "shop", "database": "sales"},
    )
    assert answer.status_code == 200
    assert answer.json() == {
        "sql": "SELECT `orders`.`id`\nFROM `shop`.`sales`.`orders` AS `orders`\n"
        "WHERE `orders`.`amount` > 1"
    }


def test_it_formats_a_script_and_keeps_nothing(client: Client, catalog: Environment) -> None:
    entries = HistoryEntry.objects.count()
    script = (
        "use catalog shop;\n"
        "create table sales.t (a int, b string) with ('connector'='datagen');\n"
        "create view sales.w as select a from sales.t;"
    )
    answer = client.post(FORMAT, {"sql": script})
    assert answer.status_code == 200
    assert answer.json() == {
        "sql": "use catalog shop;\n\n"
        "CREATE TABLE `shop`.`sales`.`t` (\n"
        "  `a` INT,\n"
        "  `b` VARCHAR(2147483647)\n"
        ")\n"
        "WITH (\n"
        "  'connector' = 'datagen'\n"
        ");\n\n"
        "CREATE VIEW `shop`.`sales`.`w` (\n"
        "  `a`\n"
        ")\n"
        "AS SELECT `t`.`a`\n"
        "FROM `shop`.`sales`.`t` AS `t`;"
    }
    # a rolled-back transaction: nothing created, nothing in the history
    assert not Table.objects.filter(name__in=["t", "w"]).exists()
    assert HistoryEntry.objects.count() == entries


def test_it_refuses_bad_sql_with_flinks_message_and_where(
    client: Client, catalog: Environment
) -> None:
    script = "USE CATALOG shop;\n  SELECT nope FROM sales.orders"
    answer = client.post(FORMAT, {"sql": script})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": "From line 1, column 8 to line 1, column 11: Column 'nope' not found in any table",
        # in the script: the statement starts on its line 2, column 3
        "position": {"line": 2, "column": 10, "end_line": 2, "end_column": 13},
    }
    parse = client.post(FORMAT, {"sql": "SELECT FROM"}).json()
    assert parse["error"].startswith("SQL parse failed. ")
    assert parse["position"]["line"] == 1


def test_a_viewer_formats_a_query_but_not_ddl(catalog: Environment) -> None:
    viewer = _client(catalog, Role.VIEWER)
    query = viewer.post(FORMAT, {"sql": "SELECT id FROM shop.sales.orders"})
    assert query.status_code == 200
    ddl = viewer.post(FORMAT, {"sql": "CREATE DATABASE shop.x"})
    assert ddl.status_code == 400
    assert "editor" in ddl.json()["error"]


def test_it_refuses_a_script_past_the_bound(client: Client, settings: object) -> None:
    from config import limits

    answer = client.post(FORMAT, {"sql": "x" * (limits.SCRIPT_CHARACTERS + 1)})
    assert answer.status_code == 413
    assert "characters" in answer.json()["error"]


def test_the_console_gives_flinks_position_in_the_script(client: Client, db: None) -> None:
    url = reverse("console", args=["default"])
    client.post(url, {"sql": "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')"})
    html = client.post(url, {"sql": "SHOW TABLES;\nCREATE VIEW v AS SELECT b FROM t"}).text
    assert (
        "[ERROR] From line 1, column 25 to line 1, column 25: Column &#x27;b&#x27; not found in "
        "any table" in html
    )
    marker = (
        "[{&quot;line&quot;: 2, &quot;column&quot;: 25, &quot;end_line&quot;: 2, "
        "&quot;end_column&quot;: 25, &quot;message&quot;: &quot;From line 1, column 25 to line "
        "1, column 25: Column &#x27;b&#x27; not found in any table&quot;}]"
    )
    assert f'data-markers="{marker}"' in html


def test_the_statements_api_gives_the_position(client: Client, db: None) -> None:
    url = reverse("api-statements", args=["default"])
    answer = client.post(
        url,
        {"statement": "CREATE VIEW v AS SELECT b FROM nowhere"},
        content_type="application/json",
    )
    assert answer.status_code == 400
    [result] = answer.json()["results"]
    assert (
        result["error"] == "From line 1, column 32 to line 1, column 38: Object 'nowhere' not found"
    )
    assert result["position"] == {"line": 1, "column": 32, "end_line": 1, "end_column": 38}


def test_the_view_form_marks_flinks_range_in_the_query(
    client: Client, catalog: Environment
) -> None:
    url = reverse("view-create", args=["default", "shop", "sales"])
    html = client.post(url, {"name": "v", "query": "SELECT id,\n  total FROM orders"}).text
    assert "From line 4, column 3 to line 4, column 7: Column &#x27;total&#x27; not found" in html
    # the statement's line 4 is the query's line 2
    marker = (
        "[{&quot;line&quot;: 2, &quot;column&quot;: 3, &quot;end_line&quot;: 2, "
        "&quot;end_column&quot;: 7, &quot;message&quot;: &quot;From line 4, column 3 to line "
        "4, column 7: Column &#x27;total&#x27; not found in any table&quot;}]"
    )
    assert f'data-markers="{marker}"' in html
    assert not Table.objects.filter(name="v").exists()
