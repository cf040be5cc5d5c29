"""Classes generated runs (seeds 32-34) and the probes after them found, recorded from Flink
in tests/goldens/views_map_null_conversion.sql, views_folded_implicit_casts.sql and
views_constructor_first_item.sql:

- a NULL operand of MAP[...] converts as the coerced type of the first operand that is not a
  NULL, and a row's untyped NULL fields as a coerced first NULL's type, so the view fails to
  convert where that differs from the validated type;
- an implicit cast of a number literal to a TIMESTAMP (an item of a constructor, a CASE's
  result) is evaluated by Flink's cast rules as Calcite folds it, and refused, unless it is in a
  WHERE condition or in a CASE branch Calcite's simplifier drops;
- a query or EXISTS leading the first item of a constructor, or an argument of a SQL/JSON
  function, is out of place.

Here: the exact messages, the neighbours taken, nothing stored after a refusal, and the
simplifier's truth of a CASE condition as far as it is modelled.
"""

from __future__ import annotations

import pytest
from sqlglot import exp

from catalogs.flinksql.views.live_branches import Truth, truth

TABLE = (
    "CREATE TABLE t (id INT NOT NULL, i INT, bi BIGINT NOT NULL, b BOOLEAN, ts TIMESTAMP(3), "
    "ts6 TIMESTAMP(6), ltz TIMESTAMP_LTZ(3)) WITH ('connector' = 'datagen')"
)
TO_TIMESTAMP = (
    "The cast from NUMERIC type to TIMESTAMP type is not allowed. It's recommended to use "
    "TO_TIMESTAMP(FROM_UNIXTIME(numeric_col)) instead, note the numeric is in seconds."
)
TO_TIMESTAMP_LTZ = (
    "The cast from NUMERIC type to TIMESTAMP_LTZ type is not allowed. It's recommended to use "
    "TO_TIMESTAMP_LTZ(numeric_col, precision) instead."
)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("item", "validated", "converted"),
    [
        (
            "MAP[1, NULL, CAST(2 AS BIGINT), NULL]",
            "(BIGINT NOT NULL, INTEGER) MAP NOT NULL",
            "(BIGINT NOT NULL, BIGINT) MAP NOT NULL",
        ),
        (
            "MAP[ts, NULL, ts6, ts]",
            "(TIMESTAMP(6), TIMESTAMP(3)) MAP NOT NULL",
            "(TIMESTAMP(6), TIMESTAMP(6)) MAP NOT NULL",
        ),
        (
            "MAP[NULL, ROW(NULL), 1, ROW(NULL)]",
            "(INTEGER, RecordType:peek_no_expand(NULL EXPR$0) NOT NULL) MAP NOT NULL",
            "(INTEGER, RecordType:peek_no_expand(INTEGER EXPR$0) NOT NULL) MAP NOT NULL",
        ),
        (
            "MAP[1.5, NULL, 2, NULL]",
            "(DECIMAL(11, 1) NOT NULL, DECIMAL(2, 1)) MAP NOT NULL",
            "(DECIMAL(11, 1) NOT NULL, DECIMAL(11, 1)) MAP NOT NULL",
        ),
    ],
)
def test_a_maps_null_converts_as_the_coerced_first_operand(
    run, item: str, validated: str, converted: str
) -> None:
    (table,) = run(TABLE)
    assert table.ok, table
    created, shown = run(f"CREATE VIEW v AS SELECT {item} AS m FROM t;\nSHOW VIEWS;")
    assert created.error.startswith(
        "Conversion to relational algebra failed to preserve datatypes:\n"
        f"validated type:\nRecordType({validated} m) NOT NULL\n"
        f"converted type:\nRecordType({converted} m) NOT NULL"
    ), created.error
    assert shown.rows == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("item", "described"),
    [
        ("MAP[CAST(2 AS BIGINT), NULL, 1, NULL]", "MAP<BIGINT NOT NULL, BIGINT>"),
        ("MAP[NULL, 1, CAST(2 AS BIGINT), NULL]", "MAP<BIGINT, INT>"),
        ("MAP[1, 2.5, CAST(2 AS BIGINT), NULL]", "MAP<BIGINT NOT NULL, DECIMAL(11, 1)>"),
        ("MAP[i, NULL, i, NULL]", "MAP<INT, INT>"),
        ("MAP[NULL, ROW(1), 1, ROW(NULL)]", "MAP<INT, ROW<`EXPR$0` INT> NOT NULL>"),
        # a NULL literal is cast to the values' type whatever it was inferred (seed 36)
        ("MAP[0.5, NULL, -0.06, CURRENT_DATE]", "MAP<DECIMAL(3, 2) NOT NULL, DATE>"),
    ],
)
def test_a_map_whose_first_operand_is_not_cast_is_taken(run, item: str, described: str) -> None:
    (table,) = run(TABLE)
    created, describe = run(f"CREATE VIEW v AS SELECT {item} AS m FROM t;\nDESCRIBE v;")
    assert created.ok, created.error
    assert list(describe.rows[0][1:3]) == [described, False]  # NOT NULL


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("SELECT ARRAY[ts, 1] AS m FROM t", TO_TIMESTAMP),
        ("SELECT ARRAY[1, ts] AS m FROM t", TO_TIMESTAMP),
        ("SELECT ARRAY[ts, -1] AS m FROM t", TO_TIMESTAMP),
        ("SELECT ARRAY[ts, (1)] AS m FROM t", TO_TIMESTAMP),
        ("SELECT ARRAY[ts, CAST('1' AS INT)] AS m FROM t", TO_TIMESTAMP),
        ("SELECT ARRAY[ltz, 1] AS m FROM t", TO_TIMESTAMP_LTZ),
        ("SELECT MAP[1, ts, 2, 1] AS m FROM t", TO_TIMESTAMP),
        ("SELECT CASE WHEN b THEN ts ELSE 1 END AS m FROM t", TO_TIMESTAMP),
        ("SELECT CASE WHEN b THEN 1 ELSE ts END AS m FROM t", TO_TIMESTAMP),
        ("SELECT CASE WHEN b THEN ltz ELSE 1 END AS m FROM t", TO_TIMESTAMP_LTZ),
        ("SELECT CASE WHEN b THEN ts WHEN TRUE THEN 2 END AS m FROM t", TO_TIMESTAMP),
        ("SELECT CASE WHEN TRUE THEN 1 ELSE ts END AS m FROM t", TO_TIMESTAMP),
        ("SELECT ARRAY[ts, 1] IS NULL AS m FROM t", TO_TIMESTAMP),
        ("SELECT id FROM t ORDER BY CARDINALITY(ARRAY[ts, 1])", TO_TIMESTAMP),
        ("SELECT COUNT(*) FILTER (WHERE CARDINALITY(ARRAY[ts, 1]) > 0) AS n FROM t", TO_TIMESTAMP),
        ("SELECT id FROM t WHERE id IN (SELECT CARDINALITY(ARRAY[ts, 1]) FROM t)", TO_TIMESTAMP),
    ],
)
def test_a_number_literal_cast_to_a_timestamp_as_calcite_folds_it_is_refused(
    run, query: str, message: str
) -> None:
    (table,) = run(TABLE)
    created, shown = run(f"CREATE VIEW v AS {query};\nSHOW VIEWS;")
    assert created.error == message
    assert shown.rows == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        "SELECT ARRAY[ts, i] AS m FROM t",  # a column is cast as the query runs
        "SELECT ARRAY[ts, 1 + 1] AS m FROM t",  # a call is not folded
        "SELECT ARRAY[ts, CAST(NULL AS INT)] AS m FROM t",
        "SELECT CASE WHEN b THEN ts ELSE i END AS m FROM t",
        "SELECT id FROM t WHERE CARDINALITY(ARRAY[ts, 1]) > 0",  # a filter is not folded
        "SELECT id FROM t WHERE (CASE WHEN b THEN ts ELSE 1 END) > ts",
        # branches the simplifier drops
        "SELECT CASE WHEN b THEN ts WHEN FALSE THEN 2 END AS m FROM t",
        "SELECT CASE WHEN b THEN ts WHEN NULL THEN 2 END AS m FROM t",
        "SELECT CASE WHEN b THEN ts WHEN NOT TRUE THEN 2 END AS m FROM t",
        "SELECT CASE WHEN b THEN ts WHEN FALSE AND b THEN 2 END AS m FROM t",
        "SELECT CASE WHEN TRUE THEN ts ELSE 1 END AS m FROM t",
        "SELECT CASE 1 WHEN 2 THEN 1 ELSE ts END AS m FROM t",
        "SELECT ARRAY[CASE WHEN FALSE THEN 1 ELSE ts END] AS m FROM t",
    ],
)
def test_the_neighbours_flink_takes_are_taken(run, query: str) -> None:
    (table,) = run(TABLE)
    (created,) = run(f"CREATE VIEW v AS {query}")
    assert created.ok, created.error


def _condition(text: str) -> exp.Expression:
    from catalogs.flinksql.dialect import Flink

    return exp.maybe_parse(text, dialect=Flink)


@pytest.mark.parametrize(
    ("condition", "value"),
    [
        ("TRUE", Truth.TRUE),
        ("(FALSE)", Truth.FALSE),
        ("NULL", Truth.NULL),
        ("UNKNOWN", Truth.NULL),
        ("NOT TRUE", Truth.FALSE),
        ("NOT NULL", Truth.NULL),
        ("b AND FALSE", Truth.FALSE),
        ("b OR TRUE", Truth.TRUE),
        ("b AND TRUE", Truth.OPEN),
        ("FALSE OR NULL", Truth.NULL),
        ("b", Truth.OPEN),
        ("i > 0", Truth.OPEN),
        ("1 = 0", Truth.UNSURE),  # constants the simplifier folds, not evaluated here
        ("id IS NULL", Truth.UNSURE),  # of a NOT NULL column it is FALSE
        ("b AND i IS NULL", Truth.UNSURE),
    ],
)
def test_the_simplifiers_truth_of_a_case_condition(condition: str, value: Truth) -> None:
    assert truth(_condition(condition)) is value


EXISTS = "EXISTS (SELECT 1 FROM t AS u)"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("item", "taken"),
    [
        (f"ARRAY[{EXISTS}]", False),
        (f"ARRAY[NOT {EXISTS}]", False),
        (f"ARRAY[({EXISTS})]", False),
        (f"ARRAY[{EXISTS} AND b]", False),
        (f"ARRAY[{EXISTS} IS TRUE]", False),
        (f"MAP[{EXISTS}, 1]", False),
        (f"CARDINALITY(ARRAY[ARRAY[{EXISTS}]])", False),
        (f"ARRAY[b, {EXISTS}]", True),
        (f"ARRAY[b AND {EXISTS}]", True),
        (f"MAP[1, {EXISTS}]", True),
        (f"ARRAY[CAST({EXISTS} AS INT)]", True),
        (f"ROW({EXISTS})", True),
        (f"JSON_EXISTS(NOT {EXISTS}, 'x')", False),
        (f"JSON_OBJECT('k' VALUE {EXISTS})", False),
        (f"JSON_EXISTS('x' || CAST({EXISTS} AS STRING), 'x')", True),
    ],
)
def test_a_query_leading_a_constructors_first_item_is_out_of_place(
    run, item: str, taken: bool
) -> None:
    (table,) = run(TABLE)
    (created,) = run(f"CREATE VIEW v AS SELECT {item} AS m FROM t")
    if taken:
        assert created.ok, created.error
    else:
        assert created.error == "SQL parse failed. Query expression encountered in illegal context"
