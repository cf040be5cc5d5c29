"""The functions of an array and an element (``catalogs/flinksql/array_elements.py``): their
rules give every recorded call of the function record Flink's answer, and views over other
types Flink's texts and types (those are the golden ``views_array_elements``, recorded from
Flink for every pair of a set of types and checked by ``tests/test_goldens.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from catalogs.flinksql import builtin_rules, builtins
from catalogs.flinksql.array_elements import (
    ELEMENT_FUNCTIONS,
    casts_argument,
    element_call_type,
    takes_implicitly,
)
from catalogs.flinksql.errors import INVALID_INPUT_ARGUMENTS, ValidationError
from catalogs.flinksql.types import parse_type


def _over_an_array(name: str) -> list[builtins.Call]:
    return [
        call
        for call in builtins.recorded_calls()[name]
        if len(call.arguments) == 2 and call.arguments[0][0].name == "ARRAY"
    ]


@pytest.mark.parametrize("name", sorted(ELEMENT_FUNCTIONS))
def test_the_rule_gives_every_recorded_call_flinks_answer(name: str) -> None:
    calls = _over_an_array(name)
    assert len(calls) > 50  # the record holds them: 4 array columns, 13 second arguments
    for call in calls:
        assert call.result is not None or call.error == INVALID_INPUT_ARGUMENTS, call.text
        types = [t.with_time_attribute(None) for t, _ in call.arguments]
        _answers_as_recorded(lambda types: element_call_type(name, types), types, call)


def test_an_array_takes_the_types_flink_casts_to_its_element_implicitly() -> None:
    # as goldens/views_array_elements records them
    def takes(element: str, argument: str) -> bool:
        return takes_implicitly(parse_type(element, ddl=False), parse_type(argument, ddl=False))

    assert takes("BIGINT", "TINYINT") and not takes("INT", "BIGINT")
    assert takes("DECIMAL(5, 2)", "DOUBLE") and takes("FLOAT", "DECIMAL(38, 10)")
    assert not takes("FLOAT", "DOUBLE")
    assert takes("VARCHAR(2)", "CHAR(3)") and not takes("CHAR(3)", "VARCHAR(2)")
    assert takes("CHAR(3)", "CHAR(1)")
    assert takes("DATE", "TIMESTAMP(6)") and not takes("DATE", "TIMESTAMP_LTZ(3)")
    assert takes("TIMESTAMP_LTZ(3)", "TIMESTAMP(6)")
    assert not takes("ARRAY<INT>", "ARRAY<BIGINT>") and takes("ROW<a INT>", "ROW<a INT>")


def test_the_argument_is_cast_unless_it_fits_the_element() -> None:
    # as goldens/views_array_elements records them
    def cast(element: str, argument: str) -> bool:
        return casts_argument(parse_type(element, ddl=False), parse_type(argument, ddl=False))

    assert not cast("VARCHAR(2)", "CHAR(1) NOT NULL") and cast("VARCHAR(2)", "CHAR(3)")
    assert cast("VARCHAR(20)", "STRING") and not cast("STRING", "VARCHAR(20)")
    assert cast("CHAR(3)", "CHAR(1)") and not cast("INT", "INT NOT NULL")
    assert cast("BIGINT", "INT") and not cast("VARBINARY(10)", "BINARY(4)")


@pytest.mark.parametrize("name", sorted(builtin_rules.COMMON_ARRAY_FUNCTIONS))
def test_the_common_array_rule_gives_every_recorded_call_flinks_answer(name: str) -> None:
    calls = [
        c
        for c in builtins.recorded_calls()[name]
        if c.arguments and all(t.name == "ARRAY" for t, _ in c.arguments)
    ]
    assert len(calls) >= 4
    for call in calls:
        _answers_as_recorded(builtin_rules.common_array_type, [t for t, _ in call.arguments], call)


def _answers_as_recorded(rule: Callable, types: list, call: builtins.Call) -> None:
    """``rule`` gives ``types`` the recorded call's type, or refuses them with its message."""
    if call.result is None:
        with pytest.raises(ValidationError) as refused:
            rule(types)
        assert str(refused.value) == call.error, call.text
    else:
        assert rule(types) == call.result, call.text
