"""A key some grouping set leaves out reads nullable inside an aggregate exactly where Flink
types it in the aggregating scope, for every built-in function Flink was asked about
(``catalogs/flinksql/data/grouping_scope_oracle.json``, ``tests/record_grouping_scope_oracle.py``);
the operators and CASE are in the golden ``views_grouping_scope``."""

from __future__ import annotations

import pytest

from catalogs.flinksql import builtins
from catalogs.flinksql.builtins import UnknownCall
from catalogs.flinksql.views import expand_view
from tests.builtins_compare import CATALOG, DATABASE, READER

RECORDED = builtins._grouping_scope()
# Calls whose operands the CUBE makes of types the function record holds no call over (a
# nullable ARRAY<INT NOT NULL>): the dashboard says it cannot type them.
UNRECORDED_OPERANDS = {"ARRAY_APPEND", "ARRAY_PREPEND"}


def _type(call: str, grouping: str) -> str:
    query = f"SELECT {call} AS c FROM t GROUP BY {grouping}"
    view = expand_view(query, READER, CATALOG, DATABASE)
    return view.columns[0].data_type.summary()


def test_the_record_holds_functions_of_both_kinds() -> None:
    answers = {name: a["nullable_under_cube"] for name, a in RECORDED.items()}
    assert answers["GREATEST"] is True and answers["COALESCE"] is True
    assert answers["ABS"] is False and answers["UPPER"] is False


@pytest.mark.parametrize("name", sorted(set(RECORDED) - UNRECORDED_OPERANDS))
def test_a_call_under_cube_is_typed_as_in_flink(name: str) -> None:
    answer = RECORDED[name]
    keys = ", ".join(answer["keys"])
    assert _type(answer["call"], keys).endswith(" NOT NULL")
    flink = answer["type_under_cube"] + ("" if answer["nullable_under_cube"] else " NOT NULL")
    assert _type(answer["call"], f"CUBE ({keys})") == flink


@pytest.mark.parametrize("name", sorted(UNRECORDED_OPERANDS))
def test_it_says_it_cannot_type_a_call_over_operands_the_record_lacks(name: str) -> None:
    answer = RECORDED[name]
    with pytest.raises(UnknownCall, match=f"^The dashboard cannot derive the type of {name}"):
        _type(answer["call"], f"CUBE ({', '.join(answer['keys'])})")
