"""TO_TIMESTAMP_LTZ's literal pattern is read as Java's ``DateTimeFormatter.ofPattern`` reads it
(catalogs/flinksql/java_patterns.py): every pattern of the corpus recorded from Flink's JVM
(tests/goldens/java_patterns_oracle.json, tests/record_patterns_oracle.py) is taken or refused
with Java's message; the views are in the golden views_difftest_seed26."""

from __future__ import annotations

import json

import pytest

from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.java_patterns import NUMBER_CAST, pattern_problem
from catalogs.flinksql.views.timestamp_ltz import check_pattern
from tests.record_patterns_oracle import GOLDEN, recorded
from tests.snapshot_catalogs import require_flink

RECORDED: list[list] = json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_the_corpus_covers_every_kind_of_answer() -> None:
    answers = [answer for _, answer in RECORDED]
    assert len(RECORDED) > 9000
    assert answers.count(None) > 1000  # taken
    assert answers.count(NUMBER_CAST) > 1000  # Java's own fault
    kinds = {a.split(":")[0] for a in answers if a not in (None, NUMBER_CAST)}
    assert {
        "Pattern ends with an incomplete string literal",
        "Unknown pattern letter",
        "Too many pattern letters",
        "Pattern includes reserved character",
        "Pad letter 'p' must be followed by valid pad pattern",
    } <= kinds


def test_every_recorded_pattern_is_read_as_java_reads_it() -> None:
    differ = [
        (pattern, answer, pattern_problem(pattern))
        for pattern, answer in RECORDED
        if pattern_problem(pattern) != answer
    ]
    assert differ == []


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        (
            "a'b",
            "Invalid pattern for parsing TIMESTAMP_LTZ: Pattern ends with an incomplete "
            "string literal: a'b",
        ),
        (
            "yyyy]",
            "Invalid pattern for parsing TIMESTAMP_LTZ: Pattern invalid as it contains ] "
            "without previous [",
        ),
        (
            "pyw",
            "Unexpected error in type inference logic of function 'TO_TIMESTAMP_LTZ'. "
            "This is a bug.",
        ),
    ],
)
def test_a_refused_pattern_is_refused_with_flinks_message(pattern: str, message: str) -> None:
    with pytest.raises(ValidationError) as raised:
        check_pattern(pattern)
    assert str(raised.value) == message


@pytest.mark.parametrize("pattern", ["yyyy-MM-dd'T'HH:mm:ss[.SSS]", "ppHH:mm", "", "'it''s'"])
def test_a_pattern_java_takes_is_taken(pattern: str) -> None:
    check_pattern(pattern)


@pytest.mark.flink
def test_the_recording_is_the_engines() -> None:
    require_flink()
    assert recorded() == GOLDEN.read_text(encoding="utf-8")
