"""ARRAY[...] and MAP[...] whose type Calcite derives before its operand type inference reaches
them, and the common type of maps.

Both classes are recorded from Flink in tests/goldens/views_derived_constructors.sql and
tests/goldens/views_map_common_types.sql. Here: the positional rule at the level of the parse
tree, the record of which function derives which operands, the common type of maps as a list
and two by two, and a refusal that leaves the catalog as it was.
"""

from __future__ import annotations

import json

import pytest
import sqlglot
from sqlglot import exp

from catalogs.flinksql import operator_table
from catalogs.flinksql.dialect import Flink
from catalogs.flinksql.type_rules import T
from catalogs.flinksql.views.calls import is_constructor
from catalogs.flinksql.views.common_type import least_restrictive, least_restrictive_of
from catalogs.flinksql.views.inference import derived_before_inference
from tests.snapshot_catalogs import require_flink


def _marked_constructor(select: str) -> exp.Expression:
    """The constructor of ``select`` whose first operand is the literal 7."""
    tree = sqlglot.parse_one(select, read=Flink)
    found = [
        node
        for node in tree.walk()
        if is_constructor(node) and node.expressions and node.expressions[0].sql() == "7"
    ]
    assert len(found) == 1, select
    return found[0]


@pytest.mark.parametrize(
    ("select", "derived"),
    [
        ("SELECT ARRAY[7, NULL] FROM t", False),
        ("SELECT ARRAY[7, NULL] FROM t WHERE i = 1", False),
        ("SELECT CASE WHEN b THEN ARRAY[7, NULL] END FROM t", True),
        ("SELECT CASE WHEN b THEN 1 ELSE CARDINALITY(ARRAY[7, NULL]) END FROM t", True),
        ("SELECT CASE WHEN CARDINALITY(ARRAY[7, NULL]) > 0 THEN 1 END FROM t", True),
        ("SELECT CARDINALITY(ARRAY[7, NULL]) + 1 FROM t", True),
        ("SELECT 1 + CARDINALITY(ARRAY[7, NULL]) FROM t", False),
        ("SELECT COALESCE(ARRAY[7, NULL], a) FROM t", True),
        ("SELECT MAP_KEYS(MAP[7, NULL]) FROM t", True),
        ("SELECT UPPER(ELEMENT(ARRAY[7, NULL])) FROM t", False),
        ("SELECT CARDINALITY(ARRAY[7, NULL]) FROM t", False),
        ("SELECT ROW(ARRAY[7, NULL]) FROM t", False),
        ("SELECT ARRAY[ROW(ARRAY[7, NULL])] FROM t", True),
        ("SELECT ARRAY[ARRAY[1], ARRAY[7, NULL]] FROM t", False),
        ("SELECT MAP['k', ARRAY[7, NULL]] FROM t", False),
        ("SELECT MAP[ARRAY[7, NULL], 1] FROM t", True),
        ("SELECT CAST(ARRAY[7, NULL] AS ARRAY<BIGINT>) FROM t", True),
        ("SELECT NULLIF(ARRAY[7, NULL], a) FROM t", True),
        ("SELECT NULLIF(a, ARRAY[7, NULL]) FROM t", False),
        ("SELECT i FROM t WHERE (SELECT CARDINALITY(ARRAY[7, NULL]) FROM u) > 0", False),
        ("SELECT MAX(CARDINALITY(ARRAY[7, NULL])) FROM t", False),
    ],
)
def test_where_a_constructor_is_derived_before_inference(select: str, derived: bool) -> None:
    assert derived_before_inference(_marked_constructor(select)) is derived


def test_which_operands_a_function_derives_first() -> None:
    assert operator_table.derives_operands_first("COALESCE") == "all"  # Flink's own type inference
    assert operator_table.derives_operands_first("MAP_KEYS") == "all"  # no grouping-scope answer
    assert operator_table.derives_operands_first("MY_UDF") == "all"  # a user's function
    assert operator_table.derives_operands_first("TRY_CAST") == "first"  # Calcite's FIRST_KNOWN
    # FIRST_KNOWN in the operator table, but rewritten to EXTRACT first (recorded behaviour)
    assert operator_table.derives_operands_first("YEAR") == "none"
    assert operator_table.derives_operands_first("CARDINALITY") == "none"
    assert operator_table.derives_operands_first("UPPER") == "none"


def test_the_two_records_of_flinks_type_inference_agree() -> None:
    """The grouping-scope record (behaviour) and the operator table (reflection) say the same
    of every function both know: a function Flink's own type inference types is not in the
    operator table. CEILING is CEIL's other name there, TRANSLATE is Flink's TRANSLATE3."""
    grouping = json.loads(operator_table.GROUPING_SCOPE.read_text(encoding="utf-8"))
    table = json.loads(operator_table.OPERATOR_TABLE.read_text(encoding="utf-8"))["operators"]
    differ = sorted(
        name
        for name, answer in grouping.items()
        if answer["nullable_under_cube"] == (name in table)
    )
    assert differ == ["CEILING", "TRANSLATE"]


def test_maps_of_no_common_members_give_the_last_map() -> None:
    """Calcite casts any map to any map: where the members have no common type the least
    restrictive type is the last map, nullable if any is (golden views_map_common_types)."""
    chars = T("MAP<CHAR(1) NOT NULL, CHAR(1)> NOT NULL")
    ints = T("MAP<CHAR(1) NOT NULL, INT NOT NULL> NOT NULL")
    assert least_restrictive(chars, ints) == ints
    assert least_restrictive(ints, chars) == chars
    assert least_restrictive(ints.with_nullable(True), chars) == chars.with_nullable(True)
    assert least_restrictive(chars, T("MAP<STRING, INT>")) == T("MAP<STRING, INT>")
    # a map and an array have none
    assert least_restrictive(chars, T("ARRAY<INT> NOT NULL")) is None


def test_a_list_of_maps_falls_back_on_casts_as_a_whole() -> None:
    """ARRAY, VALUES and CASE widen the whole list at once: its values have no common type, so
    the last map is the type; a set operation widens two by two (recorded: 'list by cast',
    'union by cast')."""
    maps = [
        T("MAP<CHAR(1) NOT NULL, INT NOT NULL> NOT NULL"),
        T("MAP<CHAR(1) NOT NULL, CHAR(1)> NOT NULL"),
        T("MAP<CHAR(1) NOT NULL, CHAR(5) NOT NULL> NOT NULL"),
    ]
    assert least_restrictive_of(maps) == maps[2]
    pairwise = least_restrictive(least_restrictive(maps[0], maps[1]), maps[2])  # type: ignore[arg-type]
    assert pairwise == T("MAP<CHAR(1) NOT NULL, VARCHAR(5)> NOT NULL")


def test_rows_widen_by_calcites_assignment_rule() -> None:
    """Where rows have no field-wise common type (a field of NULLs alone), the last row the one
    before it is assigned to is the type, by Flink's assignment rule, recorded by reflection: a
    DECIMAL takes an INTEGER, not back, and no TIMESTAMP takes a DATE (recorded in
    views_map_common_types)."""
    assert operator_table.assigns("DECIMAL", "INTEGER")
    assert not operator_table.assigns("INTEGER", "DECIMAL")
    assert not operator_table.assigns("TIMESTAMP", "DATE")
    assert operator_table.assigns("VARCHAR", "CHAR")
    assert not operator_table.assigns("CHAR", "VARCHAR")
    # a bare NULL among rows: no field-wise common type, so by casts (ARRAY[NULL, ROW(1.5),
    # ROW(2)] and ARRAY[NULL, ROW(2), ROW(1.5)] are both of ROW<DECIMAL(2, 1) NOT NULL>)
    decimal_row, int_row = (
        T("ROW<a DECIMAL(2, 1) NOT NULL> NOT NULL"),
        T("ROW<a INT NOT NULL> NOT NULL"),
    )
    assert least_restrictive_of([T("NULL"), decimal_row, int_row]) == decimal_row.with_nullable(
        True
    )
    assert least_restrictive_of([T("NULL"), int_row, decimal_row]) == decimal_row.with_nullable(
        True
    )
    date_row, timestamp_row = (
        T("ROW<a DATE NOT NULL> NOT NULL"),
        T("ROW<a TIMESTAMP(0) NOT NULL> NOT NULL"),
    )
    assert least_restrictive_of([T("NULL"), date_row, timestamp_row]) is None


def test_a_refused_derived_map_leaves_the_catalog_as_it_was(run) -> None:
    (table,) = run("CREATE TABLE p (k INT, m MAP<STRING, INT>) WITH ('connector' = 'datagen');")
    assert table.ok, table
    results = run("CREATE VIEW v AS SELECT COALESCE(MAP['a', NULL], m) AS x FROM p;\nSHOW VIEWS;")
    assert results[0].error == "Parameters must be of the same type"
    assert results[1].rows == []
    (taken,) = run("CREATE VIEW w AS SELECT CASE WHEN k > 0 THEN ARRAY[k, NULL] END AS x FROM p")
    assert taken.ok, taken
    (shown,) = run("SHOW CREATE VIEW w")
    assert "ARRAY[`p`.`k`, CAST(NULL AS INTEGER)]" in shown.rows[0][0]


@pytest.mark.flink
def test_the_operator_table_record_is_what_flink_answers() -> None:
    """The record is Flink's answer today (``make goldens`` records it again)."""
    require_flink()
    from tests.record_operator_table_oracle import DATA, record

    assert record() == DATA.read_text(encoding="utf-8")
