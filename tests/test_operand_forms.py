"""Calcite's "Cannot apply" forms as evidence for calls the record of built-in functions does
not hold (``catalogs/flinksql/operand_forms.py``); their agreement with real Flink over calls
of every such function is in tests/README ("Operand forms")."""

from __future__ import annotations

import pytest

from catalogs.flinksql import builtins, operand_forms
from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.types import DataType, parse_type

FORMS = "'PAD(<CHARACTER>, <INTEGER>)'"


def _types(*texts: str) -> list[DataType]:
    return [parse_type(t, ddl=False) for t in texts]


def _refused(*texts: str) -> tuple:
    types = _types(*texts)
    return (types, False, operand_forms.written("PAD", types, FORMS))


TAKEN = (_types("VARCHAR(3)", "INT"), True, None)
RECORD = [TAKEN, _refused("INT", "INT"), _refused("VARCHAR(3)", "VARCHAR(3)")]


def test_a_call_that_fits_no_form_is_refused_in_calcites_words() -> None:
    forms = operand_forms.borne_out(RECORD)
    assert forms is not None
    assert forms.refusal(_types("BOOLEAN", "INT")) == (
        "Cannot apply 'PAD' to arguments of type 'PAD(<BOOLEAN>, <INTEGER>)'. "
        "Supported form(s): 'PAD(<CHARACTER>, <INTEGER>)'"
    )


@pytest.mark.parametrize(
    "types",
    [
        ("CHAR(1)", "BIGINT"),  # it fits the form: the record's rules type it
        ("NULL", "INT"),  # an untyped NULL leaves it open
        ("BOOLEAN",),  # no form of one operand
    ],
)
def test_a_call_the_forms_leave_open_is_not_refused(types: tuple[str, ...]) -> None:
    forms = operand_forms.borne_out(RECORD)
    assert forms is not None
    assert forms.refusal(_types(*types)) is None


@pytest.mark.parametrize(
    "record",
    [
        # a taken call the forms would refuse: the forms are not the whole story
        [*RECORD, (_types("DATE", "INT"), True, None)],
        # a refused call the forms would take
        [*RECORD, _refused("VARCHAR(3)", "BIGINT")],
        # no call refused with the forms, or none taken
        [TAKEN],
        RECORD[1:],
    ],
)
def test_forms_the_record_does_not_bear_out_are_not_used(record: list) -> None:
    assert operand_forms.borne_out(record) is None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ("CHAR(1) NOT NULL", "INT NOT NULL", "BOOLEAN NOT NULL"),
            "Cannot apply 'LPAD' to arguments of type 'LPAD(<CHAR(1)>, <INTEGER>, <BOOLEAN>)'. "
            "Supported form(s): 'LPAD(<CHARACTER>, <INTEGER>, <CHARACTER>)'",
        ),
        (
            ("BIGINT NOT NULL", "INT NOT NULL", "CHAR(1) NOT NULL"),
            "Cannot apply 'LPAD' to arguments of type 'LPAD(<BIGINT>, <INTEGER>, <CHAR(1)>)'. "
            "Supported form(s): 'LPAD(<CHARACTER>, <INTEGER>, <CHARACTER>)'",
        ),
    ],
)
def test_lpad_over_types_the_record_does_not_hold(arguments: tuple[str, ...], message: str) -> None:
    # Flink's answers (tests/goldens/views_operand_forms); the first was taken, the second
    # refused in the dashboard's own words ("cannot derive the type")
    with pytest.raises(ValidationError) as refused:
        builtins.call_type("LPAD", [(t, False) for t in _types(*arguments)])
    assert str(refused.value) == message
    assert builtins.call_type(
        "LPAD", [(t, False) for t in _types("VARCHAR(5)", "BIGINT", "CHAR(1)")]
    )
