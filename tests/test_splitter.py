"""A script splits into statements as Flink's SQL client splits it: a semicolon inside a
string, a C-style E'string' (where a backslash escapes the quote), a quoted name or a comment
ends nothing."""

from __future__ import annotations

from catalogs.executor import Executor
from catalogs.flinksql.splitter import located_statements, split_statements


def test_a_semicolon_inside_quotes_or_comments_ends_no_statement() -> None:
    script = "SELECT 'a;b', `c;d` FROM t; -- e;f\nSELECT 1 /* g; h */; SELECT 2"
    assert split_statements(script) == [
        "SELECT 'a;b', `c;d` FROM t",
        "SELECT 1 /* g; h */",
        "SELECT 2",
    ]


def test_a_backslash_escapes_a_quote_only_in_a_c_style_string() -> None:
    assert split_statements("SELECT E'it\\'s; x' AS a FROM t; SELECT 1") == [
        "SELECT E'it\\'s; x' AS a FROM t",
        "SELECT 1",
    ]
    assert split_statements("SELECT e'a\\\\'; SELECT 2") == ["SELECT e'a\\\\'", "SELECT 2"]
    # in a plain string a backslash is a character; a name ending in e starts no E-string
    assert split_statements("SELECT 'a\\'; SELECT name'x;y' FROM t") == [
        "SELECT 'a\\'",
        "SELECT name'x;y' FROM t",
    ]
    assert located_statements("SELECT E'\\';';\n  SELECT 3") == [
        ("SELECT E'\\';'", 1, 1),
        ("SELECT 3", 2, 3),
    ]


def test_a_script_with_a_c_style_string_runs_each_statement(executor: Executor) -> None:
    results = executor.execute_script(
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW v AS SELECT E'it\\'s; x' AS s FROM t;\n"
        "SHOW VIEWS"
    )
    assert [r.ok for r in results] == [True, True, True], [r.error for r in results]
    assert results[2].rows == [["v"]]
