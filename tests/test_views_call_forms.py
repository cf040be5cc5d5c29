"""Call forms of views that no golden can record (tests/goldens/views_call_forms.sql has the
rest, as Flink answered them)."""

from __future__ import annotations

import pytest

from tests.state import dump

SETUP = """
CREATE TABLE cl (id BIGINT NOT NULL, op STRING, name STRING)
  WITH ('connector' = 'datagen');
"""


@pytest.fixture
def ready(run) -> None:
    for result in run(SETUP):
        assert result.ok, result


def test_it_refuses_an_unknown_change_operation_of_from_changelog(ready, run) -> None:
    # Flink lists the valid operations from a set whose order changes from one JVM to the next
    # (recorded twice: [DELETE, INSERT, UPDATE_AFTER, UPDATE_BEFORE], [UPDATE_AFTER,
    # UPDATE_BEFORE, DELETE, INSERT]); the dashboard lists them in RowKind's order.
    before = dump()
    (result,) = run(
        "CREATE VIEW v AS SELECT * FROM FROM_CHANGELOG(input => TABLE cl, "
        "op_mapping => MAP['c', 'INSERT', 'x', 'BOGUS'])"
    )
    assert not result.ok
    assert result.error == (
        "Invalid target mapping for argument 'op_mapping'. Unknown change operation: 'BOGUS'. "
        "Valid values are: [INSERT, UPDATE_BEFORE, UPDATE_AFTER, DELETE]."
    )
    assert dump() == before


def test_it_reads_a_view_of_from_changelog_without_its_op_column(ready, run) -> None:
    (result,) = run(
        "CREATE VIEW v AS SELECT * FROM FROM_CHANGELOG(input => TABLE cl, "
        "op => DESCRIPTOR(op), op_mapping => MAP['c', 'INSERT', 'd', 'DELETE'])"
    )
    assert result.ok, result
    (described,) = run("DESCRIBE v")
    assert [(row[0], row[1], row[2]) for row in described.rows] == [
        ("id", "BIGINT", False),
        ("name", "STRING", True),
    ]
