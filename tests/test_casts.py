"""The casts Flink plans to a view's stored type, as recorded from Flink 2.3
(tests/goldens/casts_oracle.json, tests/record_casts_oracle.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalogs.flinksql.casts import cast_refusal, loses_data
from catalogs.flinksql.types import parse_type

CASES = json.loads((Path(__file__).parent / "goldens" / "casts_oracle.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['now']}->{c['stored']}")
def test_it_refuses_exactly_the_casts_flink_refuses_with_its_message(case: dict) -> None:
    refusal = cast_refusal(parse_type(case["now"]), parse_type(case["stored"]))
    assert refusal == (None if case["plans"] else case["error"])


def test_every_planned_case_casts_at_the_view() -> None:
    planned = [c for c in CASES if c["plans"]]
    assert planned and all(c["projection"].startswith("+- LogicalProject(c=[") for c in planned)
    # Flink writes the cast (or a CASE for a BOOLEAN read as a number, <> 0 for the reverse)
    assert all(c["projection"] != "+- LogicalProject(c=[$0])" for c in planned)


@pytest.mark.parametrize(
    ("now", "stored", "narrowing"),
    [
        ("BIGINT", "INT", True),
        ("INT", "BIGINT", False),
        ("SMALLINT", "INT", False),
        ("INT", "DECIMAL(10, 2)", True),
        ("INT", "DECIMAL(12, 2)", False),
        ("DECIMAL(10, 2)", "DECIMAL(12, 2)", False),
        ("DECIMAL(12, 2)", "DECIMAL(10, 2)", True),
        ("STRING", "VARCHAR(10)", True),
        ("VARCHAR(10)", "STRING", False),
        ("INT", "INT NOT NULL", True),
        ("INT NOT NULL", "INT", False),
        ("FLOAT", "DOUBLE", False),
        ("DOUBLE", "FLOAT", True),
        ("STRING", "INT", True),
        ("TIMESTAMP(3)", "TIMESTAMP(6)", False),
        ("TIMESTAMP(6)", "TIMESTAMP(3)", True),
        ("ARRAY<INT>", "ARRAY<BIGINT>", False),
    ],
)
def test_it_says_whether_a_cast_can_lose_data(now: str, stored: str, narrowing: bool) -> None:
    assert loses_data(parse_type(now), parse_type(stored)) is narrowing
