"""A quote Flink's lexer cannot close: refused where and as Flink refuses it, as recorded in
``goldens/lexical_oracle.json`` by ``tests/record_lexical_oracle.py`` (one statement at a time:
an unterminated quote would swallow the rest of a golden script)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalogs.executor import Executor, Session
from catalogs.models import Table
from environments.models import Environment
from tests.snapshot_catalogs import require_flink

RECORDED = json.loads(
    (Path(__file__).parent / "goldens" / "lexical_oracle.json").read_text(encoding="utf-8")
)
PARSE_PREFIX = "SQL parse failed. "


@pytest.fixture
def session(db: None) -> Executor:
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    for statement in RECORDED["setup"]:
        assert executor.execute(statement).ok, statement
    return executor


@pytest.mark.django_db
@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda case: repr(case["statement"][:50]))
def test_it_refuses_an_unclosable_quote_as_flink_does(session: Executor, case: dict) -> None:
    before = Table.objects.count()
    result = session.execute(case["statement"])
    if case["error"] is None:
        assert result.ok, result.error
        return
    assert not result.ok
    first_line = case["error"].split("\n")[0]
    assert result.error.split("\n")[0] == PARSE_PREFIX + first_line
    assert Table.objects.count() == before


@pytest.mark.flink
def test_the_recording_is_what_flink_answers_now() -> None:
    """``lexical_oracle.json`` still holds what real Flink answers (skipped without Flink, a
    failure with ``REQUIRE_FLINK=1``, as the goldens' live test)."""
    from tests.record_lexical_oracle import STATEMENTS, record

    require_flink()
    assert [case["statement"] for case in RECORDED["cases"]] == list(STATEMENTS)
    assert record() == RECORDED["cases"]
