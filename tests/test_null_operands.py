"""A NULL literal among a built-in call's operands is typed, or refused, as Flink 2.3 does.

``catalogs/flinksql/data/null_operands_oracle.json`` is Flink's answer to 8,557 calls, each an
accepted call of the function record with NULL at one of its places
(``tests/record_null_operands_oracle.py``). The dashboard answers them through
``null_operands.inferred_types`` (the NULL's type, or Flink's refusal) and the record's typing
of the call with the NULL so typed, as the view validator does. Views over these calls, with
their SHOW CREATE VIEW texts, are in ``goldens/views_null_operands``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from catalogs.flinksql import builtins, null_operands
from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.types import parse_type
from tests.snapshot_catalogs import require_flink

# Calls answered otherwise, by function, each for a reason:
KNOWN = {
    # typed by the views' own COALESCE rules (views/coalesce.py, goldens views_coalesce_*), not
    # by this inference; a CHAR literal beside a NULL is outside the record's rules
    "COALESCE": 14,
    "IFNULL": 8,
    # Flink's internal aggregate helpers, whose NULL Flink types DECIMAL(1, 0) (or, beside a
    # DECIMAL, leaves out of the result's scale) and whose three-argument forms it refuses
    # by their number of arguments only with a NULL
    "HIVE_AGG_DECIMAL_PLUS": 24,
    "AGG_DECIMAL_MINUS": 4,
    "AGG_DECIMAL_PLUS": 4,
    "JSON_ARRAYAGG_ABSENT_ON_NULL": 2,
    "JSON_ARRAYAGG_NULL_ON_NULL": 2,
    # a STRUCTURED type, which the dashboard cannot write: an "unknown call" there
    "OBJECT_OF": 1,
}


def _answered(name: str, arguments: list[builtins.Argument | None]) -> object:
    """The type of a call with NULL operands (``None``), its NULLs typed as the view
    validator types them; or the message refusing it."""
    try:
        inferred = iter(null_operands.inferred_types(name, arguments))
        typed = [(next(inferred), False) if a is None else a for a in arguments]
        return builtins.call_type(name, typed)
    except ValidationError as exc:
        return str(exc)


def test_every_recorded_call_is_answered_as_flink_did() -> None:
    differing: Counter[str] = Counter()
    answered = 0
    for name in null_operands._data()["calls"]:
        for call in null_operands._calls(name):
            for place, answer in enumerate(call.answers):
                answered += 1
                arguments: list[builtins.Argument | None] = list(call.arguments)
                arguments[place] = None
                if _answered(name, arguments) != answer:
                    differing[name] += 1
    assert answered == 8557
    assert dict(differing) == KNOWN


def test_every_call_of_nulls_only_is_answered_as_flink_did() -> None:
    """``GREATEST(NULL, NULL)``, ``PRINTF(NULL, NULL)`` ...: each function's recorded calls of
    two to five NULLs (a function named with NULL in it too: JSON_ARRAYAGG_NULL_ON_NULL)."""
    differing: Counter[str] = Counter()
    answered = 0
    for name in null_operands._data()["every"]:
        for count, answer in null_operands._every(name).items():
            answered += 1
            if _answered(name, [None] * count) != answer:
                differing[name] += 1
    assert answered == 145
    assert dict(differing) == {"HIVE_AGG_DECIMAL_PLUS": 1}  # DECIMAL(1, 0), as above


def _argument(type_text: str) -> builtins.Argument:
    return parse_type(type_text, ddl=False), False


@pytest.mark.parametrize(
    ("name", "arguments", "inferred"),
    [
        # another operand's type: GREATEST's common type leaves the NULL out
        ("GREATEST", ["CHAR(3)", None, "CHAR(3)"], "CHAR(3)"),
        ("GREATEST", ["DECIMAL(5, 2)", None], "DECIMAL(5, 2)"),
        # the frequency's place takes its own type, an integer in every recorded call
        ("PERCENTILE", ["DECIMAL(38, 10)", "INT NOT NULL", None], "INT"),
        # ... also where the percentage is a DOUBLE, as the view's stored query casts it
        ("PERCENTILE", ["TINYINT", "DOUBLE NOT NULL", None], "INT"),
        # Flink's answer for the recorded call: ELT(i, NULL) is a VARCHAR(1)
        ("ELT", ["INT", None], "VARCHAR(1)"),
        # the separator's own type (a recorded call's), not the array's beside it
        ("ARRAY_JOIN", ["ARRAY<STRING>", None], "CHAR(5)"),
        # a BYTES call's: the record holds calls of BYTES at the first place
        ("STARTSWITH", ["BYTES", None], "BYTES"),
    ],
)
def test_a_null_takes_the_type_flink_gives_it(
    name: str, arguments: list[str | None], inferred: str
) -> None:
    given = [None if a is None else _argument(a) for a in arguments]
    (found,) = null_operands.inferred_types(name, given)
    assert found == parse_type(inferred, ddl=False)


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        ("UPPER", [None], "Illegal use of 'NULL'"),
        ("GREATEST", [None], "Could not infer an output type for the given arguments."),
        ("GREATEST", [None, None], "Could not infer an output type for the given arguments."),
        ("SUBSTRING", ["STRING", None], "Illegal use of 'NULL'"),
        # no recorded call of as many arguments: Calcite's own refusal
        ("UPPER", [None, None], "Illegal use of 'NULL'"),
    ],
)
def test_a_null_flink_refuses(name: str, arguments: list[str | None], message: str) -> None:
    given = [None if a is None else _argument(a) for a in arguments]
    with pytest.raises(ValidationError) as refused:
        null_operands.inferred_types(name, given)
    assert str(refused.value) == message


@pytest.mark.flink
def test_the_recording_is_what_flink_still_answers() -> None:
    """Every 50th recorded call asked of Flink again (``--check`` asks all 8,557)."""
    require_flink()
    from tests.record_functions_oracle import Session

    data = null_operands._data()
    session = Session()
    asked = 0
    for name, calls in data["calls"].items():
        for text, answers in calls.items():
            arguments = builtins.argument_texts(text)
            for place, answer in enumerate(answers):
                asked += 1
                if asked % 50:
                    continue
                replaced = [*arguments[:place], "NULL", *arguments[place + 1 :]]
                found = session.call(f"{name}({', '.join(replaced)})")
                recorded = answer if isinstance(answer, str) else data["messages"][answer]
                assert found.get("type", found.get("error")) == recorded, (name, replaced)
    assert asked == 8557
