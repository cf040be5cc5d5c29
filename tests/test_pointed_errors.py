"""Where an error is, shown as a compiler shows it (#17): the lines of Flink's range with carets
under it, beneath a failed statement in the console and in a change request's preview, so
that a reader without the editor's markers sees it too; never for a statement with a secret."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.executor import Executor, Session
from catalogs.flinksql.positions import Position, pointed
from changes import services
from environments.models import Environment

SETUP = "CREATE TABLE orders (id BIGINT, amount INT) WITH ('connector' = 'datagen')"


def test_it_points_at_a_range_on_one_line() -> None:
    text = "CREATE VIEW v AS SELECT total FROM orders"
    assert pointed(text, Position(1, 25, 1, 29)) == (
        "1 | CREATE VIEW v AS SELECT total FROM orders\n  |                         ^^^^^"
    )


def test_it_points_at_each_line_of_a_range_and_keeps_tabs_aligned() -> None:
    text = "CREATE VIEW v AS\nSELECT\n\tCASE WHEN x\n\tTHEN 1 END\nFROM t"
    assert pointed(text, Position(3, 2, 4, 11)).split("\n") == [
        "3 | \tCASE WHEN x",
        "  | \t^^^^^^^^^^^",
        "4 | \tTHEN 1 END",
        "  | ^^^^^^^^^^^",
    ]


def test_it_shows_at_most_five_lines_and_numbers_them_to_one_width() -> None:
    text = "\n".join(f"line{i}" for i in range(1, 13))
    shown = pointed(text, Position(3, 1, 12, 3)).split("\n")
    assert [row.split(" | ")[0] for row in shown[::2]] == ["3", "4", "5", "6", "7"]
    shown = pointed(text, Position(8, 1, 12, 3)).split("\n")
    assert [row.split(" | ")[0] for row in shown[::2]] == [" 8", " 9", "10", "11", "12"]
    assert shown[-2:] == ["12 | line12", "   | ^^^"]
    assert pointed(text, Position(20, 1, 20, 2)) == ""


def test_a_caret_stays_on_its_line_past_its_end() -> None:
    # a parse error at the end of a statement: Calcite's column is one past the last character
    assert pointed("SELECT", Position(1, 7, 1, 7)) == "1 | SELECT\n  |       ^"


@pytest.fixture
def catalog(environment: Environment) -> Environment:
    assert Executor(Session.start(environment)).execute(SETUP).ok
    return environment


@pytest.mark.django_db
def test_the_console_points_at_a_failed_statements_range(
    client: Client, catalog: Environment
) -> None:
    answer = client.post(
        reverse("console", args=["default"]),
        {"sql": "SHOW TABLES;\nCREATE VIEW v AS\nSELECT id,\n  total\nFROM orders"},
    ).text
    assert (
        '<pre class="pointed" tabindex="0" aria-label="Where the statement fails"><code>'
        "3 |   total\n  |   ^^^^^</code></pre>"
    ) in answer


@pytest.mark.django_db
def test_a_change_requests_preview_points_at_where_a_statement_would_fail(
    client: Client, catalog: Environment, admin_user: object
) -> None:
    change_request = services.open_request(
        catalog, admin_user, "v", sql="CREATE VIEW v AS SELECT total FROM orders"
    )
    page = client.get(reverse("change-request", args=["default", change_request.pk])).text
    assert (
        "Would fail: From line 1, column 25 to line 1, column 29: Column &#x27;total&#x27;" in page
    )
    assert (
        '<pre class="pointed" tabindex="0" aria-label="Where statement 1 fails"><code>'
        "1 | CREATE VIEW v AS SELECT total FROM orders\n"
        "  |                         ^^^^^</code></pre>"
    ) in page


@pytest.mark.django_db
def test_a_range_past_a_secret_is_not_pointed_at_one_before_it_is(
    client: Client, catalog: Environment
) -> None:
    console = reverse("console", args=["default"])
    past = "CREATE TABLE s (a INT) WITH ('connector' = 'jdbc', 'password' = 'hunter2',)"
    answer = client.post(console, {"sql": past}).text
    assert "[ERROR] SQL parse failed. Encountered &quot;)&quot; at line 1, column 75." in answer
    assert "hunter2" not in answer and 'class="pointed"' not in answer

    before = "CREATE TABLE s (a INT, b INT,) WITH ('connector' = 'jdbc', 'password' = 'hunter2')"
    answer = client.post(console, {"sql": before}).text
    assert "hunter2" not in answer
    assert (
        "&#x27;password&#x27; = &#x27;******&#x27;)\n  |                              ^</code>"
        in answer
    )
