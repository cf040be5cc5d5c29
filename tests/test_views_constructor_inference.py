"""ARRAY[...] and MAP[...] whose first operand types the others (Calcite's FIRST_KNOWN).

The class is recorded from Flink in tests/goldens/views_constructor_inference.sql; the rows of
more fields than the first operand's, which Flink refuses with an index out of bounds, are in
tests/test_views_row_comparisons.py. Here: the two rules the casts Flink writes back follow,
each at the level of a type, and a later row of fewer fields.
"""

from __future__ import annotations

import pytest

from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.type_rules import T
from catalogs.flinksql.types import DataType
from catalogs.flinksql.views.common_type import cast_type_text, equals_sans_field_names

SETUP = "CREATE TABLE p (pay_id BIGINT NOT NULL, pmethod STRING) WITH ('connector' = 'datagen');"


@pytest.fixture
def ready(run) -> None:
    for result in run(SETUP):
        assert result.ok, result


def test_a_first_row_of_more_fields_is_only_of_no_common_type(ready, run) -> None:
    """Calcite reads the fields the first row has: a later row of fewer fields reads none it
    lacks, and then the two have no common type (recorded: a33)."""
    (result,) = run("CREATE VIEW v AS SELECT ARRAY[ROW(1, 2), ROW(3)] AS x FROM p")
    assert result.error == "Parameters must be of the same type"


def _row(*fields: DataType, names: tuple[str, ...] = ()) -> DataType:
    names = names or tuple(f"EXPR${i}" for i in range(len(fields)))
    return DataType("ROW", (), False, fields, names)


def test_rows_of_other_field_names_or_own_nullability_need_no_cast() -> None:
    first = _row(T("INT NOT NULL"), T("CHAR(1) NOT NULL"))
    assert equals_sans_field_names(first, _row(*first.children, names=("a", "b")))
    assert equals_sans_field_names(first, first.with_nullable(True))
    # a field's nullability counts, as any other type's
    assert not equals_sans_field_names(first, _row(T("INT NOT NULL"), T("CHAR(1)")))
    assert not equals_sans_field_names(T("INT NOT NULL"), T("INT"))
    assert not equals_sans_field_names(first, _row(T("INT NOT NULL")))


def test_an_implicit_cast_is_written_as_calcites_type_spec() -> None:
    nested = _row(T("INT"), T("VARCHAR(2) NOT NULL"))
    row = _row(
        T("INT NOT NULL"), nested, T("ARRAY<INT NOT NULL> NOT NULL"), names=("a", "b`c", "d")
    )
    assert cast_type_text(row) == (
        "ROW(`a` INTEGER NOT NULL, `b``c` ROW(`EXPR$0` INTEGER, `EXPR$1` VARCHAR(2) CHARACTER SET "
        "`UTF-16LE` NOT NULL) NOT NULL, `d` INTEGER ARRAY NOT NULL)"
    )


def test_an_interval_has_no_type_spec() -> None:
    with pytest.raises(ValidationError) as refused:
        cast_type_text(_row(T("INT"), T("INTERVAL YEAR TO MONTH")))
    assert str(refused.value) == "Unsupported type when convertTypeToSpec: INTERVAL_YEAR_MONTH"
