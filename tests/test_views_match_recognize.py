"""Views over MATCH_RECOGNIZE beyond what the golden views_match_recognize compares: the text
Flink stores reads back to itself, the PATTERN writer's parentheses, the refusal where Flink's
own message is a Guava internal, and nothing stored when a view is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalogs.flinksql.dialect import DIALECT
from catalogs.flinksql.match_recognize_syntax import MatchRecognizeItem
from catalogs.models import Table

GOLDEN = Path(__file__).parent / "goldens" / "views_match_recognize.json"
TICKER = (
    "CREATE TABLE ticker (symbol STRING NOT NULL, price BIGINT NOT NULL, tax INT, "
    "note STRING, rowtime TIMESTAMP(3), WATERMARK FOR rowtime AS rowtime) "
    "WITH ('connector' = 'datagen')"
)


def _stored_queries() -> list[tuple[str, str]]:
    """(view, the query text Flink stored) of every MATCH_RECOGNIZE view of the golden."""
    found = []
    for entry in json.loads(GOLDEN.read_text()):
        if entry["statement"].startswith("SHOW CREATE VIEW") and entry["ok"]:
            text = entry["rows"][0][0]
            if "MATCH_RECOGNIZE(" in text:
                found.append((entry["statement"].split()[-1], text.split("\nAS ", 1)[1]))
    return found


def _pattern(query: str) -> str:
    return DIALECT.parse(query)[0].find(MatchRecognizeItem).meta["pattern"].sql()


def test_the_golden_has_the_views_this_module_reads() -> None:
    assert len(_stored_queries()) >= 30


@pytest.mark.parametrize(("view", "query"), _stored_queries())
def test_the_text_flink_stores_reads_back_to_itself(run, view: str, query: str) -> None:
    # The golden's tables, under the golden's catalog, so that the stored names resolve.
    golden = json.loads(GOLDEN.read_text())
    setup = [
        e["statement"]
        for e in golden
        if e["statement"].startswith(("CREATE CATALOG", "USE", "CREATE TABLE"))
    ]
    for statement in setup:
        assert run(statement)[0].ok
    if "`v_base`" in query:
        assert run("CREATE VIEW v_base AS SELECT symbol, price, rowtime FROM ticker")[0].ok
    (created,) = run(f"CREATE VIEW again AS {query}")
    assert created.ok, created.error
    (shown,) = run("SHOW CREATE VIEW again")
    assert shown.rows[0][0].split("\nAS ", 1)[1] == query


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("A B C", "(`A` `B` `C`)"),
        ("A (B C) D", "(`A` (`B` `C`) `D`)"),
        ("(A B) C", "(`A` `B` `C`)"),
        ("A | B | C", "(`A` | `B` | `C`)"),
        ("A | (B | C)", "(`A` | (`B` | `C`))"),
        ("(A | B) C", "((`A` | `B`) `C`)"),
        ("(A)+ (A B)* C{2}? D{,2}?", "(`A` + (`A` `B`) * `C` { 2 } `D` { , 2 } ?)"),
        ("^ A $", "(^ `A` $)"),
    ],
)
def test_the_pattern_is_written_with_calcites_parentheses(written: str, stored: str) -> None:
    query = (
        "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY ts MEASURES A.x AS y "
        f"PATTERN ({written}) DEFINE A AS A.x > 0)"
    )
    assert _pattern(query) == stored
    # and the stored text reads back to itself
    assert _pattern(query.replace(f"({written})", stored)) == stored


def test_it_refuses_a_measure_named_twice_and_stores_nothing(run) -> None:
    assert run(TICKER)[0].ok
    (result,) = run(
        "CREATE VIEW twice AS SELECT * FROM ticker MATCH_RECOGNIZE (PARTITION BY symbol "
        "ORDER BY rowtime MEASURES A.price AS p, A.tax AS p PATTERN (A B) "
        "DEFINE A AS A.price > 1)"
    )
    assert not result.ok
    assert result.error == "MATCH_RECOGNIZE defines measure 'p' twice"
    assert not Table.objects.filter(name="twice").exists()


def test_a_pattern_flink_cannot_parse_is_a_parse_error(run) -> None:
    assert run(TICKER)[0].ok
    (result,) = run(
        "CREATE VIEW bad AS SELECT * FROM ticker MATCH_RECOGNIZE (ORDER BY rowtime "
        "MEASURES A.price AS p PATTERN (A |) DEFINE A AS A.price > 1)"
    )
    assert not result.ok
    assert result.error.startswith("SQL parse failed. Encountered")
    assert not Table.objects.filter(name="bad").exists()


MORE = Path(__file__).parent / "goldens" / "views_match_recognize_more.json"
DEVIATIONS = json.loads((Path(__file__).parent / "goldens" / "deviations.json").read_text())
# What the dashboard answers where Flink fails with an internal error (its recorded answer
# in views_match_recognize_more; deviations.json gives the reasons).
OUR_REFUSALS = {
    "v_order_nulls_first": "MATCH_RECOGNIZE cannot order by NULLS FIRST or NULLS LAST: its "
    "ORDER BY takes columns, each ASC or DESC",
    "v_order_nulls_last": "MATCH_RECOGNIZE cannot order by NULLS FIRST or NULLS LAST: its "
    "ORDER BY takes columns, each ASC or DESC",
    "v_order_desc_nulls": "MATCH_RECOGNIZE cannot order by NULLS FIRST or NULLS LAST: its "
    "ORDER BY takes columns, each ASC or DESC",
    "v_order_desc_nulls_last": "MATCH_RECOGNIZE cannot order by NULLS FIRST or NULLS LAST: "
    "its ORDER BY takes columns, each ASC or DESC",
    "v_order_expr": "MATCH_RECOGNIZE ORDER BY takes columns only, not an expression or a literal",
    "v_order_ordinal": "MATCH_RECOGNIZE ORDER BY takes columns only, not an expression or a "
    "literal",
    "v_order_sub": "MATCH_RECOGNIZE ORDER BY takes columns only, not an expression or a literal",
    "v_partition_expr": "MATCH_RECOGNIZE PARTITION BY takes columns only, not an expression or "
    "a literal",
    "v_partition_literal": "MATCH_RECOGNIZE PARTITION BY takes columns only, not an expression "
    "or a literal",
    "v_define_scalar_sub": "MATCH_RECOGNIZE cannot read a subquery in DEFINE",
    "v_define_in_sub": "MATCH_RECOGNIZE cannot read a subquery in DEFINE",
    "v_define_exists": "MATCH_RECOGNIZE cannot read a subquery in DEFINE",
    "v_define_correlated": "MATCH_RECOGNIZE cannot read a subquery in DEFINE",
    "v_over_measure": "MATCH_RECOGNIZE cannot read a window function (OVER) in MEASURES or DEFINE",
    "v_over_define": "MATCH_RECOGNIZE cannot read a window function (OVER) in MEASURES or DEFINE",
}


def _view_name(statement: str) -> str:
    return statement.split()[2]


def test_every_deviation_of_the_golden_has_its_refusal_here() -> None:
    listed = DEVIATIONS["views_match_recognize_more"]
    assert sorted(_view_name(s) for s in listed) == sorted(OUR_REFUSALS)


@pytest.mark.parametrize("statement", sorted(DEVIATIONS["views_match_recognize_more"]))
def test_where_flink_fails_internally_it_refuses_with_what_is_not_supported(
    run, statement: str
) -> None:
    golden = json.loads(MORE.read_text())
    (recorded,) = [e for e in golden if e["statement"] == statement]
    assert not recorded["ok"]  # Flink refused it (with an internal error)
    for entry in golden:
        if entry["statement"].startswith(("CREATE CATALOG", "USE", "CREATE TABLE")):
            assert run(entry["statement"])[0].ok
    (result,) = run(statement)
    assert not result.ok
    assert result.error == OUR_REFUSALS[_view_name(statement)]
    assert not Table.objects.filter(name=_view_name(statement)).exists()
