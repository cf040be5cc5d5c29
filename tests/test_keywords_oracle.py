"""Every word in every position is taken or refused as real Flink 2.3 does (data/keywords.json).

``tests/record_keywords_oracle.py`` recorded Flink's answer for each keyword token of its parser
in each position of ``POSITIONS``; the dashboard decides from that file, and these tests hold it
to every answer: the same refusal (``Encountered "..." at line L, column C.``), or the same view
(how the word was read: a column, a niladic function, a literal). No Flink, no database.
"""

from __future__ import annotations

import pytest

from catalogs.flinksql.errors import FlinkSqlError, SqlParseError
from catalogs.flinksql.keywords import ANSWERS, POSITIONS
from catalogs.flinksql.parser import parse_statement
from catalogs.flinksql.views import Relation, expand_view

VIEW_PREFIX = "CREATE VIEW v AS "
# Where the dashboard does not answer like Flink yet: a word that opens a clause or a construct
# of its own (a table constraint, a set operation, a subquery, CASE, ROW, ...) where a name
# stands. sqlglot reads another statement there, and the refusal names another token. Each must
# still differ (strict): once it agrees, take it off.
KNOWN_GAPS = {
    ("CONSTRAINT", "column"),
    ("PRIMARY", "column"),
    ("UNIQUE", "column"),
    ("AS", "select"),
    ("CURSOR", "select"),
    ("EXCEPT", "select"),
    ("EXISTS", "select"),
    ("FETCH", "select"),
    ("FROM", "select"),
    ("INTERSECT", "select"),
    ("INTO", "select"),
    ("JOIN", "select"),
    ("LATERAL", "select"),
    ("NOT", "select"),
    ("RETURNING", "select"),
    ("ROW", "select"),
    ("STREAM", "select"),
    ("UNION", "select"),
    ("UNIQUE", "select"),
}
CASES = [
    pytest.param(
        word,
        position,
        marks=[pytest.mark.xfail(strict=True, reason="a clause keyword where a name stands")]
        if (word, position) in KNOWN_GAPS
        else [],
    )
    for word in sorted(ANSWERS)
    for position in POSITIONS
]


class NoCatalog:
    """The recorded queries read only VALUES: no table, no function."""

    def relation(self, identifier: object) -> Relation | None:
        return None

    def function_return_type(self, name: str) -> None:
        return None


def _answer(statement: str) -> str | dict[str, object]:
    """What the dashboard answers: the error's first line, or the view it stores."""
    try:
        if statement.startswith(VIEW_PREFIX):
            query = statement.removeprefix(VIEW_PREFIX)
            position = (1, len(VIEW_PREFIX) + 1)
            view = expand_view(
                query, NoCatalog(), "default_catalog", "default_database", None, position
            )
            return {
                "columns": [f"`{c.name}`" for c in view.columns],
                "query": view.expanded_query,
            }
        parse_statement(statement)
    except SqlParseError as exc:
        return exc.message.removeprefix("SQL parse failed. ").split("\n", 1)[0]
    except FlinkSqlError as exc:
        return exc.message.split("\n", 1)[0]
    return "ok"


@pytest.mark.parametrize(("word", "position"), CASES)
def test_it_takes_or_refuses_the_word_as_flink_does(word: str, position: str) -> None:
    statement = POSITIONS[position].replace("<w>", word.lower())
    expected = ANSWERS[word][position]
    actual = _answer(statement)
    if expected is True:
        assert actual == "ok" or isinstance(actual, dict), actual
    else:
        assert actual == expected
