"""Marks by what Flink does, propagated at any depth, and the impact of a change before it
runs, through the API's dry run and the change requests' preview."""

from __future__ import annotations

import pytest

from catalogs.executor import Executor, Session
from catalogs.executor.impact import NOTHING, impact_of
from catalogs.models import Table
from environments.models import Environment
from tests import state
from tests.access import Members

pytestmark = pytest.mark.django_db

ENV = "_env_default.default"
CHAIN = """
CREATE TABLE orders (id BIGINT, customer_id BIGINT, quantity INT) WITH ('connector' = 'datagen');
CREATE TABLE customers (id BIGINT, country STRING) WITH ('connector' = 'datagen');
CREATE VIEW revenue_by_country AS SELECT c.country, SUM(o.quantity) AS quantity
  FROM orders AS o JOIN customers AS c ON o.customer_id = c.id GROUP BY c.country;
CREATE VIEW top_countries AS SELECT country, quantity FROM revenue_by_country WHERE quantity > 10;
CREATE VIEW top_three AS SELECT country FROM top_countries;
CREATE VIEW plain AS SELECT id, quantity FROM orders;
CREATE VIEW over_plain AS SELECT quantity FROM plain;
"""


@pytest.fixture
def chain(environment: Environment) -> Environment:
    results = Executor(Session.start(environment)).execute_script(CHAIN)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    return environment


def marks() -> dict[str, str]:
    return dict(Table.objects.filter(kind=Table.Kind.VIEW).values_list("name", "status"))


def reason(name: str) -> str:
    return Table.objects.get(name=name).status_reason


def run(environment: Environment, sql: str) -> None:
    results = Executor(Session.start(environment)).execute_script(sql)
    assert all(r.ok for r in results), [r.error for r in results]


def test_it_marks_every_reader_broken_at_any_depth_when_a_join_column_goes(chain) -> None:
    run(chain, "ALTER TABLE orders DROP customer_id")
    assert marks() == {
        "revenue_by_country": "broken",
        "top_countries": "broken",
        "top_three": "broken",
        "plain": "ok",
        "over_plain": "ok",
    }
    assert reason("top_three") == (
        "Flink cannot plan a read of this view: column customer_id of "
        f"{ENV}.orders is gone (Flink: Column 'customer_id' not found in table 'o') (path "
        f"{ENV}.top_three -> {ENV}.top_countries -> {ENV}.revenue_by_country -> {ENV}.orders)."
    )
    run(chain, "ALTER TABLE orders ADD customer_id BIGINT")
    assert set(marks().values()) == {"ok"}
    assert reason("top_three") == ""


def test_it_marks_a_widened_column_stale_with_the_narrowing_cast_and_propagates_it(chain) -> None:
    run(chain, "ALTER TABLE orders MODIFY quantity BIGINT")
    assert marks()["plain"] == "stale"
    assert marks()["over_plain"] == "stale"
    assert reason("plain") == (
        "Flink plans a read of this view but casts to its stored types: column quantity of "
        f"{ENV}.orders changed from INT to BIGINT; Flink casts quantity BIGINT -> INT "
        "(narrowing: values can be cut, overflow or fail to convert) (path "
        f"{ENV}.plain -> {ENV}.orders)."
    )
    assert reason("over_plain").endswith(f"(path {ENV}.over_plain -> {ENV}.plain -> {ENV}.orders).")
    # SUM(INT) is INT and SUM(BIGINT) BIGINT: the aggregate is cast back, and so stale too
    assert marks()["revenue_by_country"] == "stale"
    assert marks()["top_three"] == "stale"
    run(chain, "ALTER TABLE orders MODIFY quantity INT")
    assert set(marks().values()) == {"ok"}


def test_a_narrowed_column_is_a_widening_cast(chain) -> None:
    run(chain, "ALTER TABLE orders MODIFY quantity SMALLINT")
    assert "quantity SMALLINT -> INT (widening: no value changes)" in reason("plain")


def test_a_type_the_query_cannot_accept_breaks_it(chain) -> None:
    run(chain, "CREATE VIEW more AS SELECT quantity + 1 AS more FROM orders")
    run(chain, "CREATE VIEW over_more AS SELECT more FROM more")
    run(chain, "ALTER TABLE orders MODIFY quantity STRING")
    assert marks()["more"] == "broken"
    assert reason("more").startswith(
        "Flink cannot plan a read of this view: column quantity of "
        f"{ENV}.orders changed from INT to STRING (Flink: Cannot apply '+' to arguments of "
        "type '<VARCHAR(2147483647)> + <INTEGER>'. Supported form(s): '<NUMERIC> + "
    )
    assert reason("more").endswith(f") (path {ENV}.more -> {ENV}.orders).")
    assert marks()["over_more"] == "broken"
    # a plain copy is cast back to INT (which can fail at run time): stale, not broken
    assert marks()["plain"] == "stale"


def test_an_unsupported_cast_to_the_stored_type_breaks_it(chain) -> None:
    run(chain, "ALTER TABLE orders MODIFY quantity ARRAY<INT>")
    assert marks()["plain"] == "broken"
    assert "Unsupported cast from 'ARRAY<INT>' to 'INT'." in reason("plain")
    assert marks()["over_plain"] == "broken"


def test_a_view_over_a_stale_view_is_stale_when_it_is_created(chain) -> None:
    run(chain, "ALTER TABLE orders MODIFY quantity BIGINT")
    run(chain, "CREATE VIEW late AS SELECT quantity FROM plain")
    assert marks()["late"] == "stale"
    run(chain, "ALTER VIEW plain AS SELECT id, quantity FROM orders")
    assert marks()["plain"] == "ok"
    assert marks()["late"] == "stale"  # it stored INT, and plain now yields BIGINT
    assert "quantity BIGINT -> INT" in reason("late")


def test_the_impact_of_a_change_is_transitive_and_leaves_nothing(chain) -> None:
    before = state.dump("catalogs")
    session = Session.start(chain)
    report = impact_of(session, None, ["ALTER TABLE orders DROP customer_id"])
    assert state.dump("catalogs") == before
    assert report.ok
    assert [(str(i.view), i.mark, i.before) for i in report.impacts] == [
        (f"{ENV}.revenue_by_country", "broken", "ok"),
        (f"{ENV}.top_countries", "broken", "ok"),
        (f"{ENV}.top_three", "broken", "ok"),
    ]
    deepest = report.impacts[-1]
    assert [str(p) for p in deepest.path] == [
        f"{ENV}.top_three",
        f"{ENV}.top_countries",
        f"{ENV}.revenue_by_country",
        f"{ENV}.orders",
    ]
    assert deepest.columns == (f"{ENV}.orders.customer_id",)
    assert report.summary == "3 views would become broken."


def test_a_change_that_breaks_nothing_says_so(chain) -> None:
    report = impact_of(Session.start(chain), None, ["ALTER TABLE orders ADD note STRING"])
    assert report.impacts == []
    assert report.summary == NOTHING


def test_the_api_impact_dry_run_answers_the_list_and_changes_nothing(
    chain, members: Members
) -> None:
    before = state.dump("catalogs")
    history = chain.history.count()
    url = f"/api/v1/environments/{chain.name}/impact"
    answer = members["editor"].post(url, {"statement": "ALTER TABLE orders MODIFY quantity BIGINT"})
    assert answer.status_code == 200, answer.json()
    assert state.dump("catalogs") == before
    assert chain.history.count() == history
    body = answer.json()
    assert body["ok"] is True and body["breaks_nothing"] is False
    impact = {i["view"]: i for i in body["impact"]}
    assert set(impact) == {
        f"{ENV}.{n}"
        for n in ("plain", "over_plain", "revenue_by_country", "top_countries", "top_three")
    }
    assert impact[f"{ENV}.over_plain"] == {
        "view": f"{ENV}.over_plain",
        "mark": "stale",
        "before": "ok",
        "path": [f"{ENV}.over_plain", f"{ENV}.plain", f"{ENV}.orders"],
        "columns": [f"{ENV}.orders.quantity", "quantity"],
        "consequence": reason_after(chain, "over_plain"),
    }
    assert body["summary"] == "5 views would become stale (cast)."


def reason_after(environment: Environment, name: str) -> str:
    """The reason the view gets once the change really ran (then undone by the test's end)."""
    from django.db import transaction

    class Undo(Exception):
        pass

    found = ""
    try:
        with transaction.atomic():
            run(environment, "ALTER TABLE orders MODIFY quantity BIGINT")
            found = reason(name)
            raise Undo
    except Undo:
        pass
    return found


def test_the_api_impact_of_a_refused_statement_answers_its_error(chain, members) -> None:
    url = f"/api/v1/environments/{chain.name}/impact"
    answer = members["editor"].post(url, {"statement": "DROP TABLE nope"})
    body = answer.json()
    assert body["ok"] is False
    assert body["results"][0]["error"] == (
        "Table with identifier '_env_default.default.nope' does not exist."
    )
    assert body["impact"] == []


def test_a_viewer_cannot_dry_run_a_change(chain, members) -> None:
    url = f"/api/v1/environments/{chain.name}/impact"
    answer = members["viewer"].post(url, {"statement": "DROP TABLE orders"})
    body = answer.json()
    assert body["ok"] is False
    assert "You need the editor role" in body["results"][0]["error"]
    assert marks()["plain"] == "ok"


def test_the_drop_form_lists_the_views_it_breaks_at_any_depth(chain, client) -> None:
    from django.urls import reverse

    args = ["default", "_env_default", "default", "customers"]
    html = client.get(reverse("table-drop", args=args)).text
    assert "3 views would become broken." in html
    for name in ("revenue_by_country", "top_countries", "top_three"):
        assert reverse("view", args=[*args[:3], name]) in html
    assert f"(path {ENV}.top_three -&gt; {ENV}.top_countries -&gt; " in html
    assert marks()["top_three"] == "ok"  # showing it changed nothing


def test_the_console_asks_before_a_statement_that_breaks_views(chain, client) -> None:
    from django.urls import reverse

    url = reverse("console", args=["default"])
    asked = client.post(url, {"sql": "DROP TABLE customers"}).text
    assert "This will break" in asked
    assert "3 views would become broken." in asked
    assert Table.objects.filter(name="customers").exists()  # nothing ran
    client.post(url, {"sql": "DROP TABLE customers", "confirm_impact": "1"})
    assert not Table.objects.filter(name="customers").exists()
    assert marks()["top_three"] == "broken"


def test_the_console_runs_a_harmless_statement_without_asking(chain, client) -> None:
    from django.urls import reverse

    answer = client.post(reverse("console", args=["default"]), {"sql": "CREATE TABLE x (a INT)"})
    assert "This will break" not in answer.text
    assert Table.objects.filter(name="x").exists()


def test_only_a_statement_that_replaces_or_removes_something_may_mark_a_view() -> None:
    from catalogs.executor.impact import may_mark

    assert not may_mark(["CREATE TABLE t (a INT)", "  create view v AS SELECT 1"])
    assert may_mark(["CREATE TABLE t (a INT)", "DROP TABLE u"])
    assert may_mark(["CREATE OR REPLACE VIEW v AS SELECT 1"])
    assert may_mark(["ALTER TABLE t DROP a"])
    # a temporary object shadows the permanent one a view reads
    assert may_mark(["CREATE TEMPORARY TABLE t (a INT)"])
    assert may_mark(["CREATE TEMPORARY SYSTEM FUNCTION upper AS 'x.Upper'"])
    assert not may_mark(["CREATE FUNCTION f AS 'x.F'", "CREATE DATABASE d", "create catalog c"])
    # the kind of statement, not a pattern of its text
    assert may_mark(["/* CREATE */ DROP TABLE t"])
    assert may_mark(["CREATE TABLE broken ("])
