"""Every built-in function Flink 2.3 lists is typed as Flink types it, from the engine's record
(``catalogs/flinksql/data/functions_oracle.json``, by ``tests/record_functions_oracle.py``).

- Every name ``SHOW FUNCTIONS`` lists that SQL can call is typed by the dashboard; the others are
  listed below (``NOT_CALLED_IN_SQL``), each with the reason, and the record shows that no
  plain SQL call of them was accepted.
- Every recorded call (a view ``SELECT f(args) FROM t`` over the columns of every typical type)
  gets Flink's type, or is refused where Flink refused it. The differences left are listed in
  ``tests/functions_known_gaps.json``, by function and kind, each with its reason; a listed
  gap must still differ (strict).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from catalogs.flinksql import builtins
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.types import parse_type
from catalogs.flinksql.views import Relation, RelationColumn, expand_view
from tests.builtins_compare import CATALOG, DATABASE, READER, dashboard_answer

GAPS_FILE = Path(__file__).parent / "functions_known_gaps.json"
GAPS: dict[str, dict[str, str]] = json.loads(GAPS_FILE.read_text(encoding="utf-8"))

TABLE_API = "a Table API expression: SQL writes it otherwise (an operator or another name)"
KEYWORD = "a keyword of Flink's SQL grammar: SQL writes the construct, not a call by this name"
SYNTAX = "SQL calls it with a syntax of its own, which the dashboard types by its own rules"
INTERNAL = "an internal function of the planner, which no SQL call resolves to"
TABLE_FUNCTION = "a (process) table function: SQL calls it in FROM, with TABLE arguments"
WINDOW = "a window function: SQL calls it with OVER (tests/goldens/views_over.json)"

NOT_CALLED_IN_SQL: dict[str, str] = {
    **dict.fromkeys(
        """charLength convertTz currentDatabase currentDate currentRowTimestamp currentTime
        currentTimestamp dateFormat divide flatten fromBase64 fromUnixtime greaterThan
        greaterThanOrEqual ifThenElse isFalse isNotFalse isNotNull isNotTrue isNull isTrue
        lessThan lessThanOrEqual lowerCase minusPrefix notBetween notEquals parseUrl plus
        randInteger rangeTo regexpExtract regexpReplace reinterpretCast rowtime splitIndex
        stddevPop stddevSamp strToMap streamRecordTimestamp temporalOverlaps times toBase64
        toDate toTimestamp unixTimestamp upperCase varPop varSamp withColumns withoutColumns
        asc desc""".split(),
        TABLE_API,
    ),
    **dict.fromkeys(
        "DEFAULT LIKE and as at between end equals get in minus or over similar start".split(),
        KEYWORD,
    ),
    **dict.fromkeys(
        "TRY_CAST cast extract overlay position timestampDiff array map IS_JSON".split(), SYNTAX
    ),
    **dict.fromkeys("ASSIGNMENT sum0".split(), INTERNAL),
    **dict.fromkeys("FROM_CHANGELOG TO_CHANGELOG ML_PREDICT".split(), TABLE_FUNCTION),
    **dict.fromkeys("lag lead".split(), WINDOW),
}
# Listed names whose every recorded call Flink refused for want of an argument the recording
# table cannot hold.
NEEDS_ARGUMENTS = {
    "OBJECT_UPDATE": "its first argument is a structured type (OBJECT_OF), not a column type",
}


def _kind(call: builtins.Call, name: str) -> str:
    """What a difference is about: Flink's grammar refusing the call's form, a time unit
    written as a column, or the type itself."""
    if call.error and call.error.startswith(("Encountered ", "Incorrect syntax near")):
        return "grammar"
    if name in ("TIMESTAMPADD", "TIMESTAMPDIFF"):
        return "unit"
    return "type"


def _differences(name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for call in builtins.recorded_calls()[name]:
        ours, error = dashboard_answer(call.text)
        if call.result is not None and ours != call.result.summary():
            found[_kind(call, name)].append(
                f"{call.text}: Flink {call.result}, ours {ours or error}"
            )
        elif call.result is None and ours is not None:
            first = str(call.error).splitlines()[0]
            found[_kind(call, name)].append(f"{call.text}: Flink refuses ({first}), ours {ours}")
    return found


@pytest.mark.parametrize("name", sorted(builtins.recorded_calls()))
def test_it_types_every_recorded_call_as_flink(name: str) -> None:
    found = _differences(name)
    known = GAPS.get(name, {})
    unexplained = {kind: calls for kind, calls in found.items() if kind not in known}
    assert not unexplained, "\n".join(c for calls in unexplained.values() for c in calls[:20])
    closed = [kind for kind in known if kind not in found]
    assert not closed, f"{name}: gaps {closed} agree with Flink now: take them off {GAPS_FILE}"


def test_it_types_every_function_flink_lists_that_sql_calls() -> None:
    typed = builtins.typed_functions()
    listed = builtins.listed_functions()
    untyped = [
        n
        for n in listed
        if n.upper() not in typed and n not in {**NOT_CALLED_IN_SQL, **NEEDS_ARGUMENTS}
    ]
    assert not untyped, f"listed by SHOW FUNCTIONS, typed nowhere: {untyped}"
    wrongly_excluded = [n for n in NOT_CALLED_IN_SQL if n.upper() in typed]
    assert not wrongly_excluded, f"SQL calls these (Flink accepted a call): {wrongly_excluded}"
    assert set(NOT_CALLED_IN_SQL) | set(NEEDS_ARGUMENTS) <= set(listed)


def test_it_records_types_for_the_functions_of_the_issue() -> None:
    # the fixes #15 names, answered from the record
    assert dashboard_answer("MOD(d_10_2, 3)") == ("DECIMAL(10, 2)", None)
    assert dashboard_answer("JSON_ARRAYAGG(i_int)") == ("VARCHAR(2000) NOT NULL", None)
    assert dashboard_answer("ACOS(f_double)") == ("DOUBLE", None)
    assert dashboard_answer("ARRAY_CONTAINS(a_int, i_int)") == ("BOOLEAN", None)


def test_it_types_a_call_over_unrecorded_types_by_the_recorded_rule() -> None:
    # DECIMAL(7, 3) is no column of the recording: ACOS's rule (a fixed DOUBLE) types it
    arguments = [(parse_type("DECIMAL(7, 3) NOT NULL", ddl=False), False)]
    assert builtins.call_type("ACOS", arguments) == parse_type("DOUBLE NOT NULL", ddl=False)
    # UPPER keeps its argument's type
    varchar = parse_type("VARCHAR(7)", ddl=False)
    assert builtins.call_type("UPPER", [(varchar, False)]) == varchar


def test_it_says_so_when_the_record_has_no_answer() -> None:
    # (GREATEST of two such rows is typed now: Flink's answer in goldens/views_coalesce_pairs)
    # no recorded call has an ARRAY<DATE> (ELT of two rows is refused now, as every recorded
    # ELT with a ROW for its index: "Index can only be an INTEGER NUMERIC type.")
    dates, text = parse_type("ARRAY<DATE>", ddl=False), parse_type("STRING", ddl=False)
    with pytest.raises(builtins.UnknownCall, match=r"The dashboard cannot derive the type of"):
        builtins.call_type("ARRAY_JOIN", [(dates, False), (text, False)])
    row = parse_type("ROW<a INT, b ARRAY<INT>>", ddl=False)
    with pytest.raises(ValidationError, match=r"^Index can only be an INTEGER NUMERIC type\.$"):
        builtins.call_type("ELT", [(row, False), (row, False)])


class _UdfReader:
    """One table, and one user-defined function ``f`` without a declared result type."""

    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        if identifier.name != "t":
            return None
        columns = (RelationColumn("a", parse_type("INT")),)
        return Relation(identifier, columns, False, {"connector": "datagen"})

    def function_return_type(self, name: str) -> str | None:
        return "unknown" if name == "f" else None


def test_it_says_why_it_cannot_type_a_function_without_a_declared_result_type() -> None:
    with pytest.raises(ValidationError) as raised:
        expand_view("SELECT f(a) FROM t", _UdfReader(), CATALOG, DATABASE)
    assert raised.value.message == (
        "Cannot instantiate user-defined function 'default_catalog.default_database.f'.\n"
        "\tThe dashboard cannot load the function's class to learn its result type (it runs "
        "no JVM): declare the function's result type to call it in a view."
    )


def test_it_answers_describe_function_from_the_record() -> None:
    assert builtins.describe_function("ACOS", extended=False) == [
        ["is system function", "true"],
        ["is temporary", "false"],
    ]
    rows = builtins.describe_function("Acos", extended=True)
    assert rows[-1] == ["signature", "Acos(<NUMERIC>)"]
    assert builtins.describe_function("no_such_function", extended=True) is None


@pytest.mark.flink
def test_it_lists_the_functions_flink_lists_now() -> None:
    from tests.flink_oracle import new_environment

    env = new_environment()
    with env.execute_sql("SHOW FUNCTIONS").collect() as rows:
        live = [row[0] for row in rows]
    assert live == builtins.listed_functions(), "re-record: tests/record_functions_oracle.py"


def test_the_reader_of_the_comparison_is_the_recording_table() -> None:
    table = READER.relation(ObjectIdentifier(CATALOG, DATABASE, "t"))
    assert [c.name for c in table.columns] == list(builtins._data()["columns"])


# How a view stores a call of these differs from Flink's text: internal functions (whose
# arguments Flink casts, or whose name it writes as the SQL syntax they stand for), and calls the
# dashboard does not type.
WRITTEN_GAPS = {
    "AGG_DECIMAL_MINUS(i_int, i_int)",
    "AGG_DECIMAL_PLUS(i_int, i_int)",
    "HIVE_AGG_DECIMAL_PLUS(i_int, i_int)",
    "JSON_ARRAYAGG_ABSENT_ON_NULL(i_int)",
    "JSON_ARRAYAGG_NULL_ON_NULL(i_int)",
    "JSON_OBJECTAGG_ABSENT_ON_NULL(s_char, i_int)",
    "JSON_OBJECTAGG_NULL_ON_NULL(s_char, i_int)",
    "OBJECT_OF('x')",
}


def test_it_writes_each_function_as_flink_stores_it() -> None:
    from tests.builtins_compare import written_differences

    assert set(written_differences()) == WRITTEN_GAPS


def test_it_types_calls_of_more_arguments_than_recorded() -> None:
    """The record holds calls of up to five arguments; one of more is typed as those where the
    count does not matter, refused as those where Flink refused them all (Flink's answers:
    goldens/views_more_arguments)."""
    text, number = parse_type("STRING", ddl=False), parse_type("INT", ddl=False)
    fixed = parse_type("STRING NOT NULL", ddl=False)
    assert builtins.call_type("CONCAT", [(text, False)] * 8) == text
    assert builtins.call_type("CONCAT", [(fixed, False)] * 8) == fixed
    with pytest.raises(ValidationError) as refused:
        builtins.call_type("CONCAT", [(text, False)] * 5 + [(number, False)])
    assert str(refused.value).startswith(
        "Cannot apply 'CONCAT' to arguments of type 'CONCAT(<VARCHAR(2147483647)>, "
        "<VARCHAR(2147483647)>, <VARCHAR(2147483647)>, <VARCHAR(2147483647)>, "
        "<VARCHAR(2147483647)>, <INTEGER>)'. Supported form(s): "
    )
    with pytest.raises(ValidationError, match=r"^Invalid number of arguments to function 'LPAD'"):
        builtins.call_type("LPAD", [(text, False)] * 6)
