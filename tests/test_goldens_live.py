"""Every golden script, run through real Flink now, still answers what its committed JSON says.

Skipped where Flink cannot run (no ``java`` or no PyFlink) unless ``REQUIRE_FLINK=1`` is set, in
which case that is a failure: CI sets it so that stale goldens cannot slip through.
"""

from __future__ import annotations

import os

import pytest

from tests.flink_oracle import flink_available, golden_names, load_golden, run_script

pytestmark = [pytest.mark.flink]

FLINK_REQUIRED = os.environ.get("REQUIRE_FLINK") == "1"


@pytest.fixture(scope="module")
def flink() -> None:
    # The JVM is started once per process by the first script and then reused.
    if flink_available():
        return
    message = "real Flink is not available here (needs java on PATH and PyFlink)"
    if FLINK_REQUIRED:
        pytest.fail(f"REQUIRE_FLINK=1 but {message}")
    pytest.skip(message)


@pytest.mark.parametrize("name", golden_names())
def test_it_answers_what_the_golden_recorded(flink: None, name: str) -> None:
    script, expected = load_golden(name)
    assert expected is not None, f"tests/goldens/{name}.json is missing: record it"
    actual = run_script(script)
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"{name}.sql statement {index + 1}: {want['statement']}"
    assert len(actual) == len(expected)
