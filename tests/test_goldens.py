"""Every golden script, run through the executor, answers what real Flink 2.3 answered.

The answers in ``tests/goldens/*.json`` were recorded from the engine by ``make goldens``.
``deviations.json`` lists the few statements where the dashboard knowingly answers
differently from Flink, each with its reason; everything else must agree exactly.

``gaps.json`` lists the statements the dashboard does not answer like Flink *yet* (work in
progress, each with the difference seen). A gap must still differ: once it agrees the test
fails until it is taken off the list. ``UPDATE_GOLDEN_GAPS=1 pytest tests/test_goldens.py -p
no:xdist`` rewrites the list from what the tests see.
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from catalogs.executor import Executor, Session
from catalogs.flinksql.secrets import mask_ddl
from catalogs.models import Function
from environments.models import Environment

GOLDENS = Path(__file__).parent / "goldens"
SCRIPTS = sorted(p.stem for p in GOLDENS.glob("*.sql"))
DEVIATIONS: dict[str, dict[str, str]] = json.loads((GOLDENS / "deviations.json").read_text())
GAPS_FILE = GOLDENS / "gaps.json"
GAPS: dict[str, dict[str, str]] = json.loads(GAPS_FILE.read_text())
UPDATE_GAPS = os.environ.get("UPDATE_GOLDEN_GAPS") == "1"
# the result types declared for the goldens' user functions (tests/golden_udfs.py)
DECLARED_TYPES: dict[str, str] = json.loads((GOLDENS / "declared_types.json").read_text())
PARSE_ERROR_STARTS = (
    "Encountered ",
    "Incorrect syntax near",
    "Lexical error",
    "SQL parse failed",
    "Non-query expression encountered in illegal context",
    "Expecting alias, found character literal",
    "Query expression encountered in illegal context",
)
# parse errors whose first line is compared exactly (the others: that both fail to parse)
EXACT_PARSE_ERRORS = ("Encountered ", "Expecting alias", "Query expression")
OUR_PARSE_PREFIX = "SQL parse failed. "
UNPRESERVED_TYPES = "Conversion to relational algebra failed to preserve datatypes:"
RANGE = re.compile(r"^From line \d+, column \d+ to line \d+, column \d+: ")


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0]


def _as_recorded(message: str) -> str:
    """The recorder keeps a Java message up to its first tab-indented line (where the stack
    trace starts), so a longer message of ours is compared up to the same point; and it keeps
    the root cause, without the range Calcite's context exception puts before it (``From line
    1, column 26 to line 1, column 30: ``), which ``positions_oracle.json`` holds Flink to."""
    message = RANGE.sub("", message, count=1)
    lines = message.split("\n")
    kept = []
    for line in lines:
        if line.startswith("\t"):
            break
        kept.append(line)
    return "\n".join(kept).rstrip()


def compare(expected: dict, actual: dict) -> str | None:
    """A description of how ``actual`` differs from Flink's ``expected``, or None."""
    if expected["ok"] != actual["ok"]:
        flink = f"{expected['ok']} ({expected['error']})"
        return f"ok: Flink {flink}, ours {actual['ok']} ({actual['error']})"
    if expected["ok"]:
        if expected["columns"] != actual["columns"]:
            return f"columns: Flink {expected['columns']}, ours {actual['columns']}"
        if expected["rows"] != actual["rows"]:
            return f"rows:\n  Flink {expected['rows']!r}\n  ours  {actual['rows']!r}"
        return None
    flink_error, our_error = expected["error"], actual["error"]
    if flink_error.startswith(PARSE_ERROR_STARTS):
        if not our_error.startswith(OUR_PARSE_PREFIX):
            return f"Flink fails to parse ({_first_line(flink_error)}), ours: {our_error}"
        if flink_error.startswith(EXACT_PARSE_ERRORS) and _first_line(
            our_error.removeprefix(OUR_PARSE_PREFIX)
        ) != _first_line(flink_error):
            return f"parse error: Flink {_first_line(flink_error)!r}, ours {our_error!r}"
        return None
    if flink_error.startswith(UNPRESERVED_TYPES):
        # Flink adds the relational plan it built from the query, which the dashboard does
        # not build (views/converted_types.py)
        flink_error = flink_error.split("\nrel:\n", 1)[0]
    if flink_error != _as_recorded(our_error):
        return f"error:\n  Flink {flink_error!r}\n  ours  {our_error!r}"
    return None


@pytest.mark.django_db
@pytest.mark.parametrize("script", SCRIPTS)
def test_it_answers_what_flink_answers(script: str) -> None:
    recorded = json.loads((GOLDENS / f"{script}.json").read_text())
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    deviations = DEVIATIONS.get(script, {})
    gaps = GAPS.get(script, {})
    problems, seen_gaps = [], {}
    for index, expected in enumerate(recorded):
        result = executor.execute(expected["statement"])
        actual = {
            "ok": result.ok,
            "columns": result.columns,
            "rows": result.rows,
            "error": result.error,
        }
        statement = expected["statement"]
        if result.ok:
            _declare_result_type(statement)
        if statement in deviations:
            continue
        difference = compare(expected, actual)
        if difference:
            seen_gaps[statement] = difference[:300]
            if statement not in gaps:
                problems.append(f"#{index} {statement[:200]!r}\n  {difference}")
        elif statement in gaps:
            problems.append(f"#{index} {statement[:200]!r} agrees now: take it off gaps.json")
    if UPDATE_GAPS:
        _write_gaps(script, seen_gaps)
        return
    assert not problems, f"{len(problems)} of {len(recorded)} differ:\n" + "\n".join(problems)


def _declare_result_type(statement: str) -> None:
    """After ``CREATE FUNCTION f AS 'tests.golden_udfs.f' ...``: the result type the user
    declares for it (``declared_types.json``), which Flink learns from the class."""
    match = re.match(r"CREATE (?:TEMPORARY )?FUNCTION .* AS '([^']+)'", statement)
    if match and match.group(1) in DECLARED_TYPES:
        Function.objects.filter(class_name=match.group(1)).update(
            return_type=DECLARED_TYPES[match.group(1)]
        )


def _write_gaps(script: str, seen: dict[str, str]) -> None:
    gaps = json.loads(GAPS_FILE.read_text())
    if seen:
        gaps[script] = seen
    else:
        gaps.pop(script, None)
    GAPS_FILE.write_text(json.dumps(gaps, indent=2, ensure_ascii=False, sort_keys=True) + "\n")


def test_it_explains_every_deviation() -> None:
    for script, statements in DEVIATIONS.items():
        recorded = {r["statement"] for r in json.loads((GOLDENS / f"{script}.json").read_text())}
        for statement, reason in statements.items():
            assert statement in recorded, f"{script}: deviation for an unknown statement"
            assert len(reason) > 20, f"{script}: {statement!r} needs a reason"


@pytest.mark.django_db
@pytest.mark.parametrize("script", SCRIPTS)
def test_it_answers_what_flink_answers_through_the_command_line(script: str) -> None:
    """``manage.py flinksql --format jsonl`` prints Flink's answers, one object a statement."""
    if any(name in (GOLDENS / f"{script}.sql").read_text() for name in DECLARED_TYPES):
        pytest.skip("its functions' result types are declared between statements (no SQL says it)")
    out = io.StringIO()
    try:
        call_command(
            "flinksql", "--file", str(GOLDENS / f"{script}.sql"), "--format", "jsonl", stdout=out
        )
    except SystemExit as exit_:
        assert exit_.code == 1  # some golden statements fail on purpose
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    recorded = json.loads((GOLDENS / f"{script}.json").read_text())
    # the command line echoes each statement with its secret values masked, as every answer does
    assert [a["statement"] for a in answers] == [mask_ddl(r["statement"]) for r in recorded]
    skipped = DEVIATIONS.get(script, {}).keys() | GAPS.get(script, {}).keys()
    problems = []
    for expected, answer in zip(recorded, answers, strict=True):
        assert set(answer) == {"statement", "ok", "rows", "error"}
        if expected["statement"] in skipped:
            continue
        difference = compare(expected, {**answer, "columns": expected["columns"]})
        if difference:
            problems.append(f"{expected['statement'][:200]!r}\n  {difference}")
    assert not problems, "\n".join(problems)
