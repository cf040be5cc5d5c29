"""Views Flink refuses while converting them to relational algebra ("failed to preserve
datatypes"), and the implicit casts it leaves out of an UNNEST's operand.

Both classes are recorded from Flink in tests/goldens/views_converted_types.sql and
tests/goldens/views_unnest_casts.sql. Here: the type a cast's spec converts back to, Calcite's
full type strings, where the conversion's type is carried (a derived table's column through
its alias list and an outer join), the casts an UNNEST writes, and a refusal that leaves the
catalog as it was.
"""

from __future__ import annotations

import pytest

from catalogs.flinksql.type_rules import T
from catalogs.flinksql.views.converted_types import (
    full_type_string,
    record_type_string,
    spec_type,
)
from catalogs.flinksql.views.scopes import Field


@pytest.mark.parametrize(
    ("target", "converted"),
    [
        ("ARRAY<BIGINT> NOT NULL", "ARRAY<BIGINT NOT NULL> NOT NULL"),
        ("ARRAY<ARRAY<BIGINT>>", "ARRAY<ARRAY<BIGINT NOT NULL> NOT NULL>"),
        ("MULTISET<INT>", "MULTISET<INT NOT NULL>"),
        # a row's fields and a map's members keep their nullability, their arrays do not
        ("ROW<a INT, b ARRAY<INT>>", "ROW<a INT, b ARRAY<INT NOT NULL>>"),
        ("MAP<STRING, ARRAY<INT>>", "MAP<STRING, ARRAY<INT NOT NULL>>"),
        ("ARRAY<ROW<a INT>>", "ARRAY<ROW<a INT> NOT NULL>"),
        ("BIGINT", "BIGINT"),
    ],
)
def test_a_casts_spec_converts_back_with_not_null_elements(target: str, converted: str) -> None:
    assert spec_type(T(target)) == T(converted)


def test_a_casts_spec_drops_a_time_attribute() -> None:
    rowtime = T("TIMESTAMP(3)").with_time_attribute("ROWTIME")
    assert spec_type(rowtime) == T("TIMESTAMP(3)")


@pytest.mark.parametrize(
    ("data_type", "written"),
    [
        ("ARRAY<ARRAY<BIGINT> NOT NULL> NOT NULL", "BIGINT ARRAY NOT NULL ARRAY NOT NULL"),
        ("ARRAY<VARCHAR(2)>", 'VARCHAR(2) CHARACTER SET "UTF-16LE" ARRAY'),
        (
            "MAP<CHAR(1) NOT NULL, ARRAY<BIGINT> NOT NULL> NOT NULL",
            '(CHAR(1) CHARACTER SET "UTF-16LE" NOT NULL, BIGINT ARRAY NOT NULL) MAP NOT NULL',
        ),
        (
            "ROW<`EXPR$0` BIGINT, `EXPR$1` ARRAY<BIGINT> NOT NULL> NOT NULL",
            "RecordType:peek_no_expand(BIGINT EXPR$0, BIGINT ARRAY NOT NULL EXPR$1) NOT NULL",
        ),
        ("MULTISET<INT> NOT NULL", "INTEGER MULTISET NOT NULL"),
        ("DECIMAL(20, 1)", "DECIMAL(20, 1)"),
        ("TIMESTAMP_LTZ(3) NOT NULL", "TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) NOT NULL"),
    ],
)
def test_a_type_is_written_as_calcites_full_type_string(data_type: str, written: str) -> None:
    assert full_type_string(T(data_type)) == written


def test_a_query_row_type_is_a_record_type() -> None:
    fields = [("c", T("ARRAY<BIGINT NOT NULL> NOT NULL")), ("n", T("BIGINT NOT NULL"))]
    assert record_type_string(fields) == (
        "RecordType(BIGINT NOT NULL ARRAY NOT NULL c, BIGINT NOT NULL n) NOT NULL"
    )


def test_a_field_keeps_its_converted_type_renamed_and_on_an_outer_joins_side() -> None:
    field = Field("c", T("ARRAY<BIGINT> NOT NULL"), T("ARRAY<BIGINT NOT NULL> NOT NULL"))
    assert field.renamed("x") == Field("x", field.data_type, field.converted)
    nullable = field.made_nullable()
    assert nullable.data_type == T("ARRAY<BIGINT>")
    assert nullable.converted == T("ARRAY<BIGINT NOT NULL>")
    assert Field("c", T("INT")).made_nullable().converted is None


REFUSED = (
    "Conversion to relational algebra failed to preserve datatypes:\n"
    "validated type:\n"
    "RecordType(BIGINT ARRAY NOT NULL ARRAY NOT NULL c) NOT NULL\n"
    "converted type:\n"
    "RecordType(BIGINT NOT NULL ARRAY NOT NULL ARRAY NOT NULL c) NOT NULL"
)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        "SELECT ARRAY[ARRAY[i], ARRAY[bi]] AS c FROM p",
        # through a derived table renamed by its alias list, and a CTE
        "SELECT y.c FROM (SELECT ARRAY[ARRAY[i], ARRAY[bi]] AS x FROM p) AS y (c)",
        "WITH w AS (SELECT ARRAY[ARRAY[i], ARRAY[bi]] AS c FROM p) SELECT * FROM w",
        # through a set operation and an UNNEST of columns written in full
        "SELECT ARRAY[ARRAY[bi]] AS c FROM p UNION ALL SELECT ARRAY[ARRAY[i], ARRAY[bi]] FROM p",
        "SELECT u.c FROM p CROSS JOIN UNNEST(ARRAY[ARRAY[ARRAY[p.i], ARRAY[p.bi]]]) AS u (c)",
    ],
)
def test_a_view_that_fails_to_convert_is_refused_and_nothing_is_stored(run, query: str) -> None:
    (table,) = run("CREATE TABLE p (i INT, bi BIGINT NOT NULL) WITH ('connector' = 'datagen')")
    assert table.ok, table
    created, shown = run(f"CREATE VIEW v AS {query};\nSHOW VIEWS;")
    assert created.error.endswith(REFUSED), created.error
    assert shown.rows == []


@pytest.mark.django_db
def test_an_unnest_writes_the_casts_flink_writes(run) -> None:
    (table,) = run("CREATE TABLE p (i INT, bi BIGINT NOT NULL) WITH ('connector' = 'datagen')")
    assert table.ok, table
    run(
        "CREATE VIEW a AS SELECT u.x FROM p CROSS JOIN UNNEST(ARRAY[i, bi]) AS u (x);\n"
        "CREATE VIEW b AS SELECT u.x FROM p AS t CROSS JOIN UNNEST(ARRAY[t.i, t.bi]) AS u (x);\n"
        "CREATE VIEW c AS SELECT u.x FROM p CROSS JOIN UNNEST(ARRAY[ARRAY[1, 2.5], ARRAY[bi]])"
        " AS u (x)"
    )
    (a,) = run("SHOW CREATE VIEW a")
    assert "UNNEST(ARRAY[`p`.`i`, `p`.`bi`])" in a.rows[0][0]
    (b,) = run("SHOW CREATE VIEW b")
    assert "UNNEST(ARRAY[CAST(`t`.`i` AS BIGINT), CAST(`t`.`bi` AS BIGINT)])" in b.rows[0][0]
    (c,) = run("SHOW CREATE VIEW c")
    inner = "ARRAY[CAST(1 AS DECIMAL(11, 1)), CAST(2.5 AS DECIMAL(11, 1))]"
    assert f"UNNEST(ARRAY[{inner}, ARRAY[`p`.`bi`]])" in c.rows[0][0]
