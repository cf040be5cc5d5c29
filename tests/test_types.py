"""Flink data types parsed and printed exactly as Flink 2.3 does (goldens/types_oracle.json).

The golden file is Flink's own answer (``tests/record_types_oracle.py`` records it); these tests
never need Flink or a database.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot.tokens import TokenType

from catalogs.flinksql.dialect import tokenize
from catalogs.flinksql.errors import FlinkSqlError, SqlParseError, ValidationError
from catalogs.flinksql.tokens import TokenStream
from catalogs.flinksql.types import (
    BIGINT,
    DECIMAL,
    INT,
    INTERVAL_DAY_TIME,
    INTERVAL_YEAR_MONTH,
    RAW,
    TIMESTAMP,
    TIMESTAMP_LTZ,
    DataType,
    array_of,
    atomic,
    map_of,
    multiset_of,
    parse_type,
    parse_type_from,
    row_of,
    string_type,
)

ORACLE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "goldens" / "types_oracle.json").read_text(encoding="utf-8")
)
PREFIX, SUFFIX = ORACLE["statement"].split("<input>")
DDL_CASES = ORACLE["ddl"] + ORACLE["generated"]


def parse_in_statement(case: str) -> DataType:
    """Parse ``case`` as the column type of the statement Flink was given, so that positions in
    error messages are the statement's; validation errors come after the statement parsed."""
    stream = TokenStream(f"{PREFIX}{case}{SUFFIX}")
    stream.pos = len(tokenize(PREFIX))
    problems: list[FlinkSqlError] = []
    result = parse_type_from(stream, problems=problems)
    stream.expect(TokenType.R_PAREN)
    if problems:
        raise problems[0]
    return result


def flink_message(error: str) -> str:
    """Flink's message without the "Was expecting" list that only its grammar can compute."""
    return error.split("\nWas expecting")[0]


# Where our message knowingly differs from Flink's: its JavaCC parser sometimes shows more than the
# one offending token ("Encountered \"array (\"") and which ones depends on its grammar tables.
KNOWN_DIFFERENCES = {"array(INT)"}


def case_id(record: dict[str, Any]) -> str:
    return record["input"][:80]


@pytest.mark.parametrize("record", [r for r in DDL_CASES if "error" not in r], ids=case_id)
def test_prints_what_flink_prints(record: dict[str, Any]) -> None:
    result = parse_in_statement(record["input"])
    assert result.summary_without_nullability() == record["summary"]
    assert result.nullable == record["nullable"]
    assert result.summary() == record["summary_full"]
    if "serializable" in record:
        assert result.serializable() == record["serializable"]
    else:
        with pytest.raises(ValidationError) as info:
            result.serializable()
        assert info.value.message == record["serializable_error"]
    assert parse_type(record["input"]) == result


@pytest.mark.parametrize("record", [r for r in DDL_CASES if "serializable" in r], ids=case_id)
def test_flinks_own_output_parses_back(record: dict[str, Any]) -> None:
    result = parse_type(record["input"])
    assert parse_type(record["serializable"]) == result
    if result.name != RAW and RAW not in record["serializable"]:  # RAW's summary hides its data
        assert parse_type(record["summary_full"]) == result


@pytest.mark.parametrize("record", [r for r in DDL_CASES if "error" in r], ids=case_id)
def test_rejects_what_flink_rejects(record: dict[str, Any]) -> None:
    if record["input"].startswith("RAW(") and "Unable to restore the RAW type" in record["error"]:
        pytest.skip("RAW serializer snapshots are not checked (that needs Flink's classes)")
    if record["input"] in KNOWN_DIFFERENCES:
        pytest.xfail("Flink shows two tokens after 'Encountered'")
    with pytest.raises(FlinkSqlError) as info:
        parse_in_statement(record["input"])
    error = info.value
    if isinstance(error, SqlParseError):
        assert error.message == "SQL parse failed. " + flink_message(record["error"])
    else:
        assert isinstance(error, ValidationError)
        assert error.message == record["error"]


@pytest.mark.parametrize("record", ORACLE["logical"], ids=case_id)
def test_interval_and_null_types_as_flinks_type_parser(record: dict[str, Any]) -> None:
    if "error" in record:
        with pytest.raises(ValidationError) as info:
            parse_type(record["input"], ddl=False)
        assert info.value.message == record["error"]
        return
    result = parse_type(record["input"], ddl=False)
    assert result.serializable() == record["serializable"]
    assert result.summary() == record["summary"]
    assert parse_type(record["serializable"], ddl=False) == result


@pytest.mark.parametrize("table", ORACLE["time_attributes"], ids=lambda t: t["statement"])
def test_time_attributes_print_as_describe_does(table: dict[str, Any]) -> None:
    columns = table["statement"].split("(", 1)[1].rsplit(")", 1)[0]
    kinds = {"p": "PROCTIME"}
    types = {}
    for column in columns.split(", "):
        name, rest = column.split(" ", 1)
        if name == "WATERMARK":
            kinds[rest.split()[1]] = "ROWTIME"
        elif rest != "AS PROCTIME()":
            types[name] = parse_type(rest)
    types["p"] = DataType(TIMESTAMP_LTZ, (3,), nullable=False)
    for name, summary, nullable, summary_full in table["describe"]:
        column_type = types[name].with_time_attribute(kinds.get(name))
        assert column_type.summary_without_nullability() == summary
        assert column_type.nullable == nullable
        assert column_type.summary() == summary_full


# -- the parser inside a statement --------------------------------------------------------------
def stream_at_type(text: str) -> TokenStream:
    stream = TokenStream(text)
    stream.pos = 1  # after the column name
    return stream


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("a INT PRIMARY KEY NOT ENFORCED", "PRIMARY"),
        ("a INT NOT NULL PRIMARY KEY NOT ENFORCED", "PRIMARY"),
        ("a STRING COMMENT 'x'", "COMMENT"),
        ("a BIGINT METADATA FROM 'offset' VIRTUAL", "METADATA"),
        ("a INT NULL CONSTRAINT pk PRIMARY KEY NOT ENFORCED", "CONSTRAINT"),
        ("a ROW<b INT> NOT NULL, b INT", ","),
        ("a INT ARRAY)", ")"),
    ],
)
def test_type_stops_before_what_follows_it(text: str, rest: str) -> None:
    stream = stream_at_type(text)
    parse_type_from(stream)
    next_token = stream.peek()
    assert next_token is not None and next_token.text.upper() == rest


def test_not_null_and_null_after_the_type() -> None:
    assert parse_type_from(stream_at_type("a INT NOT NULL")).nullable is False
    assert parse_type_from(stream_at_type("a INT NULL")).nullable is True
    assert parse_type_from(stream_at_type("a INT")).nullable is True


def test_validation_errors_wait_for_the_statement_when_asked() -> None:
    problems: list[FlinkSqlError] = []
    stream = stream_at_type("a DECIMAL(0), b FOO)")
    parse_type_from(stream, problems=problems)
    assert stream.accept(TokenType.COMMA)
    stream.identifier()
    parse_type_from(stream, problems=problems)
    assert [p.message for p in problems] == [
        "Decimal precision must be between 1 and 38 (both inclusive).",
        "Unknown identifier 'FOO'",
    ]
    with pytest.raises(ValidationError, match="Unknown identifier 'FOO'"):
        parse_type_from(stream_at_type("b FOO"))


@pytest.mark.parametrize("text", ["", "INT INT", "ROW<a INT> x", "INT NOT NULL NOT NULL"])
def test_parse_type_wants_exactly_one_type(text: str) -> None:
    with pytest.raises(SqlParseError):
        parse_type(text)


# -- the model ------------------------------------------------------------------------------------
def test_predicates_and_parts() -> None:
    ts = parse_type("TIMESTAMP(3)")
    ltz = parse_type("TIMESTAMP_LTZ")
    assert ts.is_timestamp and ltz.is_timestamp and ts.precision == 3 and ltz.precision == 6
    assert not parse_type("TIME(3)").is_timestamp and not parse_type("DATE").is_timestamp
    decimal = parse_type("DECIMAL(12, 4)")
    assert (decimal.precision, decimal.scale, decimal.is_numeric) == (12, 4, True)
    assert parse_type("STRING").length == 2147483647 and parse_type("STRING").is_string
    assert parse_type("BYTES").is_binary and parse_type("BINARY").length == 1
    assert parse_type("BIGINT").is_integer and not parse_type("DOUBLE").is_integer
    row = parse_type("ROW<a INT, b ARRAY<STRING>>")
    assert row.is_row and [n for n, _ in row.fields] == ["a", "b"]
    assert row.fields[1][1].element_type == string_type()
    m = parse_type("MAP<STRING, BIGINT NOT NULL>")
    assert m.is_collection and m.key_type == string_type()
    assert m.value_type == atomic(BIGINT, nullable=False)
    interval = parse_type("INTERVAL YEAR(3) TO MONTH", ddl=False)
    assert interval.is_interval and interval.precision == 3


def test_with_nullable_and_constructors() -> None:
    t = row_of([("a", atomic(INT)), ("b", array_of(atomic(DECIMAL, 10, 2, nullable=False)))])
    assert t.with_nullable(False).serializable() == (
        "ROW<`a` INT, `b` ARRAY<DECIMAL(10, 2) NOT NULL>> NOT NULL"
    )
    assert t.with_nullable(False).summary_without_nullability() == t.summary()
    assert t.with_nullable(True) is t
    assert map_of(string_type(), multiset_of(atomic(INT))).summary() == "MAP<STRING, MULTISET<INT>>"
    with pytest.raises(ValueError):
        atomic(INT).with_time_attribute("ROWTIME")


# -- round trips over generated types -----------------------------------------------------------
def _atomic_types() -> st.SearchStrategy[DataType]:
    length = st.integers(1, 2147483647)
    return st.one_of(
        st.builds(lambda n: atomic("CHAR", n), length),
        st.builds(lambda n: atomic("VARCHAR", n), length),
        st.builds(lambda n: atomic("BINARY", n), length),
        st.builds(lambda n: atomic("VARBINARY", n), length),
        st.integers(1, 38).flatmap(
            lambda p: st.builds(lambda s: atomic(DECIMAL, p, s), st.integers(0, p))
        ),
        st.sampled_from(
            ["BOOLEAN", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DATE"]
            + ["VARIANT", "BITMAP"]
        ).map(atomic),
        st.builds(lambda p: atomic("TIME", p), st.integers(0, 3)),
        st.builds(lambda p: atomic(TIMESTAMP, p), st.integers(0, 9)),
        st.builds(lambda p: atomic(TIMESTAMP_LTZ, p), st.integers(0, 9)),
        st.builds(lambda c, s: atomic(RAW, c, s), st.text(min_size=1), st.text()),
    )


_INTERVALS = st.one_of(
    st.builds(
        lambda r, p: atomic(INTERVAL_YEAR_MONTH, r, p if r != "MONTH" else 2),
        st.sampled_from(["YEAR", "YEAR_TO_MONTH", "MONTH"]),
        st.integers(1, 4),
    ),
    st.builds(
        lambda r, p, f: atomic(
            INTERVAL_DAY_TIME,
            r,
            p if r.startswith("DAY") else 2,
            f if r.endswith("SECOND") else 6,
        ),
        st.sampled_from(
            ["DAY", "DAY_TO_HOUR", "DAY_TO_MINUTE", "DAY_TO_SECOND", "HOUR", "HOUR_TO_MINUTE"]
            + ["HOUR_TO_SECOND", "MINUTE", "MINUTE_TO_SECOND", "SECOND"]
        ),
        st.integers(1, 6),
        st.integers(0, 9),
    ),
    st.just(atomic("NULL")),
)

_FIELD_NAMES = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=8)


def _rows(children: st.SearchStrategy[DataType]) -> st.SearchStrategy[DataType]:
    return st.lists(st.tuples(_FIELD_NAMES, children), max_size=4, unique_by=lambda f: f[0]).map(
        row_of
    )


def _types(atoms: st.SearchStrategy[DataType]) -> st.SearchStrategy[DataType]:
    def nullability(t: DataType) -> st.SearchStrategy[DataType]:
        if t.name == "NULL":
            return st.just(t)
        return st.booleans().map(t.with_nullable)

    def extend(children: st.SearchStrategy[DataType]) -> st.SearchStrategy[DataType]:
        return st.one_of(
            children.map(array_of),
            children.map(multiset_of),
            st.builds(map_of, children, children),
            _rows(children),
        ).flatmap(nullability)

    return st.recursive(atoms.flatmap(nullability), extend, max_leaves=12)


@settings(max_examples=400)
@given(_types(_atomic_types()))
def test_serializable_parses_back_to_the_same_type(t: DataType) -> None:
    assert parse_type(t.serializable()) == t


@settings(max_examples=200)
@given(_types(_atomic_types().filter(lambda a: a.name != RAW)))
def test_summary_parses_back_to_the_same_type(t: DataType) -> None:
    assert parse_type(t.summary()) == t


@settings(max_examples=200)
@given(_types(st.one_of(_atomic_types(), _INTERVALS)))
def test_interval_and_null_types_round_trip_outside_ddl(t: DataType) -> None:
    assert parse_type(t.serializable(), ddl=False) == t
