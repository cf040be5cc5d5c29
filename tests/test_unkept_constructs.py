"""A view holding what the dashboard cannot write back is refused, naming it, and nothing is
stored (#15, found by the grammar walk): before, hints, TABLESAMPLE after a subquery and UNPIVOT
were parsed and then silently left out of the view's stored text, which then meant something
else (QUALIFY, query and table hints, GROUP BY DISTINCT, CONVERT ... USING, a table's
TABLESAMPLE and UNPIVOT too, which views now keep: goldens/views_hints.sql for the hints,
goldens/views_unpivot.sql). PIVOT is refused as Flink fails on it. The spellings
Flink's conformance refuses get Flink's own words (recorded in goldens/views_grammar_walk.json)."""

from __future__ import annotations

import pytest

from catalogs.models import HistoryEntry, Table
from tests.conftest import RunScript

SETUP = (
    "CREATE TABLE t (id BIGINT, name STRING, qty INT, ts TIMESTAMP(3)) "
    "WITH ('connector' = 'datagen')"
)
UNKEPT = [
    ("SELECT id FROM (SELECT id FROM t) TABLESAMPLE BERNOULLI(50)", "TABLESAMPLE"),
]
CONFORMANCE = [
    (
        "SELECT id FROM t MINUS SELECT id FROM t",
        "MINUS is not allowed under the current SQL conformance level",
    ),
    (
        "SELECT t.id FROM t CROSS APPLY (SELECT 1 AS n) AS x",
        "APPLY operator is not allowed under the current SQL conformance level",
    ),
    (
        "SELECT id FROM t ORDER BY id LIMIT 2, 3",
        "'LIMIT start, count' is not allowed under the current SQL conformance level",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "construct"), UNKEPT, ids=[c for _, c in UNKEPT])
def test_a_view_the_dashboard_cannot_keep_is_refused_naming_what(
    run: RunScript, query: str, construct: str
) -> None:
    assert run(SETUP)[0].ok
    entries = HistoryEntry.objects.count()
    result = run(f"CREATE VIEW v AS {query}")[0]
    assert not result.ok
    assert result.error == (
        f"The dashboard cannot keep {construct} in a view's stored text yet, so the view "
        "would lose it. Write the query without it."
    )
    assert not Table.objects.filter(name="v").exists()
    assert HistoryEntry.objects.count() == entries


@pytest.mark.django_db
def test_a_pivot_is_refused_as_flink_fails_on_it(run: RunScript) -> None:
    assert run(SETUP)[0].ok
    query = "SELECT * FROM (SELECT name, qty FROM t) PIVOT (SUM(qty) FOR name IN ('a', 'b'))"
    result = run(f"CREATE VIEW v AS {query}")[0]
    assert not result.ok
    assert result.error == (
        "Flink cannot validate PIVOT: its validator fails on every PIVOT (Cannot invoke "
        '"org.apache.calcite.sql.validate.SqlValidator.getTypeFactory()" because "validator" '
        "is null). Write the query without it."
    )
    assert not Table.objects.filter(name="v").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "message"), CONFORMANCE, ids=["MINUS", "APPLY", "LIMIT a, b"])
def test_what_flinks_conformance_refuses_is_refused_in_its_words(
    run: RunScript, query: str, message: str
) -> None:
    assert run(SETUP)[0].ok
    result = run(f"CREATE VIEW v AS {query}")[0]
    assert (result.ok, result.error) == (False, message)


@pytest.mark.django_db
def test_a_plain_comment_and_a_hint_in_a_string_are_no_hint(run: RunScript) -> None:
    assert run(SETUP)[0].ok
    result = run("CREATE VIEW v AS SELECT '/*+ x */' AS s, id /* the key */ FROM t")[0]
    assert result.ok, result.error
    assert run("CREATE VIEW w AS SELECT id AS `minus` FROM t LIMIT 3")[0].ok


@pytest.mark.django_db
def test_a_views_hints_are_kept_in_its_stored_text(run: RunScript) -> None:
    assert run(SETUP)[0].ok
    result = run(
        "CREATE VIEW v AS SELECT /*+ STATE_TTL('t' = '1d') */ name "
        "FROM t /*+ OPTIONS('rows-per-second' = '5') */ /* a comment */ WHERE id > 1"
    )[0]
    assert result.ok, result.error
    text = run("SHOW CREATE VIEW v")[0].rows[0][0]
    assert "AS SELECT\n/*+ `STATE_TTL`('t' = '1d') */\n`t`.`name`\n" in text
    assert "`default`.`t`\n/*+ `OPTIONS`('rows-per-second' = '5') */\nWHERE" in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "hint",
    [
        "FROM t /*+ OPTIONS('properties.sasl.password' = 'hunter2') */",
        "FROM t /*+ OPTIONS(`secret-key` = 'hunter2') */",
    ],
)
def test_a_secret_in_a_hint_is_refused_and_never_shown(run: RunScript, hint: str) -> None:
    assert run(SETUP)[0].ok
    entries = HistoryEntry.objects.count()
    result = run(f"CREATE VIEW v AS SELECT name {hint}")[0]
    assert not result.ok
    assert "is a secret, and a view's text is shown to everyone who reads the view" in (
        result.error
    )
    assert "hunter2" not in result.error
    assert not Table.objects.filter(name="v").exists()
    assert HistoryEntry.objects.count() == entries
