"""The generated tables (``tests/difftest/tables.py``) against real Flink: a seeded sample of
``CREATE TABLE`` statements, each followed by ``SHOW CREATE TABLE`` and ``DESCRIBE``, where the
dashboard must answer as Flink does, tables with ``DISTRIBUTED BY``/``INTO`` included.

Skipped where Flink cannot run (no ``java`` or no PyFlink) unless ``REQUIRE_FLINK=1`` is set.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.difftest.compare import DISAGREEMENTS
from tests.difftest.tables import (
    ALTER_DROP,
    DROP,
    alter_statement,
    alter_steps,
    classify_sequence,
    computed_statement,
    table_statement,
    table_steps,
)
from tests.flink_oracle import flink_available

SEED, COUNT = 20261205, 150
COMPUTED = 100
ALTERED = 100


def test_it_generates_the_same_tables_every_time() -> None:
    first = [table_statement(SEED, i) for i in range(40)]
    assert first == [table_statement(SEED, i) for i in range(40)]
    assert len(set(first)) == 40
    text = "\n".join(first)
    for construct in ("WATERMARK FOR", "PRIMARY KEY", "METADATA", " AS ", "COMMENT '"):
        assert construct in text, construct


def _asked(count: int, steps: Any, drop: Any, **kinds: Any) -> tuple:
    """Live Flink's and the dashboard's answers to the first ``count`` generated statements
    of the sample's seed (``kinds``: what :func:`tests.difftest.tables.ask` generates and how
    it compares); skipped where Flink cannot run, unless ``REQUIRE_FLINK=1``."""
    if not flink_available():
        message = "real Flink is not available here (needs java on PATH and PyFlink)"
        if os.environ.get("REQUIRE_FLINK") == "1":
            pytest.fail(f"REQUIRE_FLINK=1 but {message}")
        pytest.skip(message)
    from tests.difftest.dashboard_side import Dashboard
    from tests.difftest.flink_side import FlinkOracle
    from tests.difftest.tables import ask

    flink = FlinkOracle(None, steps=steps, drops=drop)  # live: no cached answers
    dashboard = Dashboard(flink.schema, steps=steps, drops=drop)
    return ask(SEED, count, flink, dashboard, **kinds)


@pytest.mark.flink
@pytest.mark.django_db
def test_the_generated_tables_agree_with_flink() -> None:
    counts, valid, findings = _asked(COUNT, table_steps, DROP)
    assert valid > COUNT // 3, counts  # the sample is mostly tables Flink takes
    problems = [
        f"{f['category']}: {f['statement']}" for f in findings if f["category"] in DISAGREEMENTS
    ]
    assert not problems, "\n\n".join(problems[:5])
    distributed = [table_statement(SEED, i) for i in range(COUNT)]
    assert sum("DISTRIBUTED" in text for text in distributed) > 10  # the sample has buckets


@pytest.mark.flink
@pytest.mark.django_db
def test_the_generated_computed_columns_agree_with_flink() -> None:
    """Computed columns and watermarks drawn by the view tester's expression generator."""
    counts, valid, findings = _asked(COMPUTED, table_steps, DROP, statement_of=computed_statement)
    assert valid > COMPUTED // 2, counts
    problems = [
        f"{f['category']}: {f['statement']}\n{f['difference']}"
        for f in findings
        if f["category"] in DISAGREEMENTS
    ]
    assert not problems, "\n\n".join(problems[:5])


@pytest.mark.flink
@pytest.mark.django_db
def test_the_generated_alter_table_sequences_agree_with_flink() -> None:
    """A generated table, then one to three ALTER TABLE statements of every form, then SHOW
    CREATE TABLE and DESCRIBE: every answer alike."""
    counts, valid, findings = _asked(
        ALTERED, alter_steps, ALTER_DROP, statement_of=alter_statement, classifier=classify_sequence
    )
    assert valid > ALTERED // 3, counts
    problems = [
        f"{f['category']}: {f['statement']}\n{f['difference']}"
        for f in findings
        if f["category"] in DISAGREEMENTS
    ]
    assert not problems, "\n\n".join(problems[:5])
