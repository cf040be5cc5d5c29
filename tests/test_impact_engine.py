"""The dashboard's marks agree with Flink's planning on generated catalogs (see
tests/impact_property.py); a seeded sample here, a long run by hand (tests/README.md)."""

from __future__ import annotations

import os

import pytest

from environments.models import Environment
from tests.impact_property import Figures, run
from tests.snapshot_catalogs import require_flink

SEEDS = int(os.environ.get("IMPACT_SEEDS", "2"))
CHANGES = int(os.environ.get("IMPACT_CHANGES", "8"))
FIRST_SEED = int(os.environ.get("IMPACT_FIRST_SEED", "4"))


@pytest.mark.flink
@pytest.mark.django_db
def test_the_marks_are_what_flink_does(environment: Environment) -> None:
    require_flink()
    figures = Figures()
    for seed in range(FIRST_SEED, FIRST_SEED + SEEDS):
        run(seed, CHANGES, environment, figures)
    print(
        f"\nimpact marks against the engine: {figures.catalogs} catalogs, {figures.changes} "
        f"changes ({figures.refused} refused), {figures.checked_views} views checked, "
        f"verdicts {figures.verdicts}, {len(figures.disagreements)} disagreements"
    )
    assert figures.verdicts["broken"] and figures.verdicts["stale"]  # the sample tests both
    assert figures.disagreements == []
