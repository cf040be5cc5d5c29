"""A view's query cut short, and the tokens probing it turned up.

What Flink answers is recorded in tests/goldens/views_query_end.sql (a prefix of valid queries
at every token, each ending form, X'...' literals, token images and UTF-16 columns). Here: the
class property behind it, over inputs of every golden (no prefix of any view's query makes the
parser fail otherwise than with Flink's kind of error), and the orders of errors a golden script
cannot hold (an unterminated quote swallows the rest of a script).
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from sqlglot.errors import TokenError

from catalogs.flinksql.dialect import tokenize
from catalogs.flinksql.errors import FlinkSqlError, SqlParseError, line_and_column, token_image
from catalogs.flinksql.parser import parse_statement
from catalogs.flinksql.splitter import split_statements
from catalogs.flinksql.views.query_syntax import parse_query
from tests.difftest.prefixes import prefixes

GOLDENS = Path(__file__).parent / "goldens"
_VIEW = re.compile(r"^CREATE (?:TEMPORARY )?VIEW [^ ]+ AS (.*)$", re.DOTALL | re.IGNORECASE)


def _golden_queries(limit: int) -> list[str]:
    queries: list[str] = []
    for script in sorted(GOLDENS.glob("views_*.sql")):
        for text in split_statements(script.read_text(encoding="utf-8")):
            match = _VIEW.match(text.strip())
            if match and _tokenizes(match.group(1)):
                queries.append(match.group(1))
    return queries[:: max(1, len(queries) // limit)][:limit]


def _tokenizes(query: str) -> bool:
    try:
        tokenize(query)
    except TokenError:  # a golden's refused lexical error (an unterminated quote)
        return False
    return True


@pytest.mark.parametrize("chunk", range(4))
def test_no_prefix_of_a_golden_query_breaks_the_parser(chunk: int) -> None:
    """Every prefix of a view's query that ends at a token: parsed, or refused with a Flink
    error (never an IndexError or another crash of the parser)."""
    queries = _golden_queries(400)[chunk::4]
    assert len(queries) >= 90
    for _, prefix in prefixes(queries):
        try:
            parse_query(prefix, (1, 1))
        except FlinkSqlError:
            pass
        except Exception as exc:  # noqa: BLE001 - the property under test
            pytest.fail(f"{type(exc).__name__}: {exc} for {prefix!r}")


def test_the_prefixes_end_at_each_token_but_the_last() -> None:
    assert prefixes(["SELECT t.i FROM t"]) == [
        ["q0 cut 1", "SELECT"],
        ["q0 cut 2", "SELECT t"],
        ["q0 cut 3", "SELECT t."],
        ["q0 cut 4", "SELECT t.i"],
        ["q0 cut 5", "SELECT t.i FROM"],
    ]


def test_a_hex_literal_is_one_token_whatever_its_characters() -> None:
    def kinds(text: str) -> list[tuple[str, str]]:
        return [(t.token_type.name, t.text) for t in tokenize(text)]

    assert kinds("SELECT X'GG'") == [("SELECT", "SELECT"), ("HEX_STRING", "GG")]
    assert kinds("SELECT x'0a''0b'") == [("SELECT", "SELECT"), ("HEX_STRING", "0a'0b")]
    # a space makes it a name and a string; 0x1F is the number 0 and the name x1F
    assert kinds("SELECT X '0A'") == [("SELECT", "SELECT"), ("VAR", "X"), ("STRING", "0A")]
    assert kinds("SELECT 0x1F") == [("SELECT", "SELECT"), ("NUMBER", "0"), ("VAR", "x1F")]


def test_token_images_are_escaped_as_javacc_escapes_them() -> None:
    assert token_image("'a\nb'") == "\\'a\\nb\\'"
    assert token_image("'\t'") == "\\'\\t\\'"
    assert token_image("`é`") == "`\\u00e9`"
    assert token_image("'😀'") == "\\'\\ud83d\\ude00\\'"  # two UTF-16 units


def test_columns_count_utf16_units() -> None:
    text = "SELECT '😀' AS a, (1 2)"
    assert line_and_column(text, text.index("2")) == (1, 22)  # 21 characters before it
    assert line_and_column("a\nbc", 3) == (2, 2)


# Flink's answers (probed through tests/difftest/probe.py), placed in "CREATE VIEW v AS ...",
# whose query starts at column 18
@pytest.mark.parametrize(
    ("query", "error"),
    [
        # a bad binary literal is refused where the parser reads it: before an unterminated
        # quote after it, after a parse error before it
        (
            "SELECT X'zz', 'abc FROM t",
            "Binary literal string must contain only characters '0' - '9', 'A' - 'F'",
        ),
        (
            "SELECT 1 2, X'zz', 'abc FROM t",
            'SQL parse failed. Encountered "2" at line 1, column 27.',
        ),
        ("SELECT X'0A FROM t", 'SQL parse failed. Encountered "\\\'" at line 1, column 26.'),
    ],
)
def test_an_unterminated_quote_is_refused_in_the_order_flink_reads(query: str, error: str) -> None:
    with pytest.raises(FlinkSqlError) as raised:
        parse_statement(f"CREATE VIEW v AS {query}")
    assert str(raised.value) == error


def test_a_query_cut_after_an_operator_names_the_operator_and_the_end() -> None:
    with pytest.raises(SqlParseError) as raised:
        parse_query("SELECT i FROM t WHERE i >", (1, 18))
    assert str(raised.value) == 'SQL parse failed. Encountered "> <EOF>" at line 1, column 42.'


def _table_statements() -> list[str]:
    from tests.difftest.tables import computed_statement, table_statement

    return [
        make(seed, i)
        for seed in (1, 7)
        for i in range(25)
        for make in (table_statement, computed_statement)
    ]


@pytest.mark.parametrize("part", range(4))
def test_no_prefix_of_a_generated_table_statement_breaks_the_parser(part: int) -> None:
    """The same class for table DDL (``python -m tests.difftest.tables --prefixes`` asks Flink):
    a computed column cut inside ``CAST(a AS`` ran sqlglot past its last token (an internal
    error), as every loop that took sqlglot's end-of-input token for None did."""
    statements = _table_statements()[part::4]
    for _, prefix in prefixes(statements):
        with contextlib.suppress(FlinkSqlError):
            parse_statement(prefix)


@pytest.mark.parametrize(
    "statement",
    [
        "CREATE TABLE t (a INT, id AS CAST(a AS",
        "CREATE TABLE t (a INT, id AS CAST(a AS TIMESTAMP(3)",
        "CREATE TABLE t (a INT, id AS JSON_VALUE(a",
        "CREATE TABLE t (a INT, id AS (a",
        "ALTER TABLE t ADD c AS (a",
    ],
)
def test_an_expression_whose_bracket_the_statement_never_closes_ends_at_the_end(
    statement: str,
) -> None:
    """Flink: ``Encountered "<EOF>"`` at the statement's last character (the tables prefix
    probe of seed 7, where the dashboard placed it inside its own select-item wrapper)."""
    with pytest.raises(SqlParseError) as refused:
        parse_statement(statement)
    assert refused.value.message == (
        f'SQL parse failed. Encountered "<EOF>" at line 1, column {len(statement)}.'
    )
