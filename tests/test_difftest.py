"""The differential tester's seeded sample, run live against real Flink: every disagreement is a
known gap (``tests/difftest/known_gaps.json``, each with its reason), and every known gap still
disagrees, so that a fixed one is taken off the list.

Skipped where Flink cannot run (no ``java`` or no PyFlink) unless ``REQUIRE_FLINK=1`` is set.
The generator's own determinism is checked without Flink.
"""

from __future__ import annotations

import os

import pytest

from tests.difftest import gaps
from tests.difftest.compare import DISAGREEMENTS
from tests.difftest.generator import generate
from tests.flink_oracle import flink_available

FLINK_REQUIRED = os.environ.get("REQUIRE_FLINK") == "1"


def test_it_generates_the_same_sample_every_time() -> None:
    first = [g.statement for g in generate(gaps.SAMPLE_SEED, 50)]
    again = [g.statement for g in generate(gaps.SAMPLE_SEED, 50)]
    assert first == again
    assert len(set(first)) > 45
    assert sum(g.mutant for g in generate(gaps.SAMPLE_SEED, 50)) > 5


def test_the_known_gaps_are_of_the_sample() -> None:
    known = gaps.load()
    assert (known["seed"], known["count"]) == (gaps.SAMPLE_SEED, gaps.SAMPLE_COUNT)
    sample = {g.statement for g in generate(gaps.SAMPLE_SEED, gaps.SAMPLE_COUNT)}
    for statement, gap in known["gaps"].items():
        assert statement in sample, f"not a statement of the sample: {statement[:200]}"
        assert gap["category"] in DISAGREEMENTS
        assert len(gap["reason"]) > 20


@pytest.mark.flink
@pytest.mark.django_db
def test_the_sample_agrees_with_flink_but_for_the_known_gaps() -> None:
    if not flink_available():
        message = "real Flink is not available here (needs java on PATH and PyFlink)"
        if FLINK_REQUIRED:
            pytest.fail(f"REQUIRE_FLINK=1 but {message}")
        pytest.skip(message)
    from tests.difftest.run import Sides, run

    known = gaps.load()["gaps"]
    # live: Flink answers every statement now (DIFFTEST_CACHE=1 reads the local cache instead)
    sides = Sides(cached=os.environ.get("DIFFTEST_CACHE") == "1")
    outcome = run(gaps.SAMPLE_SEED, gaps.SAMPLE_COUNT, reduce_each=0, sides=sides)
    problems = []
    disagreeing = {}
    for finding in outcome.findings:
        if finding.category not in DISAGREEMENTS:
            continue
        disagreeing[finding.statement] = finding
        gap = known.get(finding.statement)
        if finding.category == "internal" or gap is None or gap["category"] != finding.category:
            problems.append(
                f"#{finding.index} {finding.category}: {finding.statement[:300]}\n"
                f"  {(finding.difference or '')[:300]}"
            )
    for statement in known:
        if statement not in disagreeing:
            problems.append(f"agrees now, take it off known_gaps.json: {statement[:300]}")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


# The hand-reduced statements of tests/difftest/minimal_probes.json that still disagree, by title.
PROBE_GAPS: dict[str, str] = {}


@pytest.mark.flink
@pytest.mark.django_db
def test_the_hand_reduced_probes_agree_with_flink() -> None:
    """Every minimal statement a disagreement was reduced to, asked live: each agrees with
    Flink now, but for the listed gaps (and a listed one that agrees must leave the list)."""
    if not flink_available():
        message = "real Flink is not available here (needs java on PATH and PyFlink)"
        if FLINK_REQUIRED:
            pytest.fail(f"REQUIRE_FLINK=1 but {message}")
        pytest.skip(message)
    import json
    from pathlib import Path

    from tests.difftest.run import Sides
    from tests.difftest.views import create_view

    probes = json.loads((Path(gaps.__file__).parent / "minimal_probes.json").read_text())
    sides = Sides("-probe", cached=os.environ.get("DIFFTEST_CACHE") == "1")
    problems = []
    for title, query in probes:
        _, _, category, difference = sides.ask(create_view(query))
        if (category == "agree") == (title in PROBE_GAPS):
            problems.append(f"{title} [{category}]: {(difference or '')[:300]}")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
