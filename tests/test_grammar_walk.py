"""The walk of Flink 2.3's query grammar (#15, tests/grammar_walk.py): every query production
of Calcite 1.36's Parser.jj is listed, and every construct listed is held by a statement of the
goldens, which real Flink answered and the dashboard is compared with, or says why none can."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogs.flinksql.splitter import split_statements
from tests.grammar_walk import CONSTRUCTS, QUERY_PRODUCTIONS, Construct, is_view

GOLDENS = Path(__file__).parent / "goldens"
VIEWS = [
    statement
    for path in sorted(GOLDENS.glob("*.sql"))
    for statement in split_statements(path.read_text(encoding="utf-8"))
    if is_view(statement)
]


def test_every_query_production_has_its_constructs_listed() -> None:
    listed = {construct.production for construct in CONSTRUCTS}
    helpers = {"OrderedQueryOrExpr", "QueryOrExpr", "LeafQueryOrExpr", "LeafQuery", "AddWithItem"}
    assert QUERY_PRODUCTIONS - helpers <= listed
    assert listed <= QUERY_PRODUCTIONS  # no construct of a production that is not the query's


@pytest.mark.parametrize("construct", CONSTRUCTS, ids=lambda c: c.name)
def test_a_golden_holds_the_construct_or_it_says_why_none_can(construct: Construct) -> None:
    if construct.pattern is None:
        assert construct.reason, f"{construct.name}: neither a golden nor a reason"
        return
    assert construct.reason is None
    assert any(construct.matches(view) for view in VIEWS), (
        f"no view of tests/goldens/*.sql holds {construct.name} ({construct.pattern})"
    )


def test_a_construct_is_matched_outside_strings_and_quoted_names() -> None:
    qualify = next(c for c in CONSTRUCTS if c.name == "QUALIFY")
    assert qualify.matches("CREATE VIEW v AS SELECT a FROM t QUALIFY a = 1")
    assert not qualify.matches("CREATE VIEW v AS SELECT 'QUALIFY' AS a, `qualify` FROM t")
    unicode = next(c for c in CONSTRUCTS if c.name.startswith("U&"))
    assert unicode.matches("CREATE VIEW v AS SELECT U&'\\00e4' AS a")
    assert not is_view("SELECT a FROM t QUALIFY a = 1")
