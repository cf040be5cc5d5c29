"""A key some grouping set leaves out reads nullable inside an aggregate exactly where Flink
types it in the aggregating scope, for every built-in function Flink was asked about
(``catalogs/flinksql/data/grouping_scope_oracle.json``, ``tests/record_grouping_scope_oracle.py``);
the operators and CASE are in the golden ``views_grouping_scope``."""

from __future__ import annotations

import pytest

from catalogs.flinksql import operator_table
from catalogs.flinksql.views import expand_view
from tests.builtins_compare import CATALOG, DATABASE, READER

RECORDED = operator_table.grouping_scope_record()


def _type(call: str, grouping: str) -> str:
    query = f"SELECT {call} AS c FROM t GROUP BY {grouping}"
    view = expand_view(query, READER, CATALOG, DATABASE)
    return view.columns[0].data_type.summary()


def test_the_record_holds_functions_of_both_kinds() -> None:
    answers = {name: a["nullable_under_cube"] for name, a in RECORDED.items()}
    assert answers["GREATEST"] is True and answers["COALESCE"] is True
    assert answers["ABS"] is False and answers["UPPER"] is False


# (ARRAY_APPEND and ARRAY_PREPEND of the CUBE's nullable ARRAY<INT NOT NULL>, which the
# function record holds no call over, are typed by catalogs/flinksql/array_elements.py)
@pytest.mark.parametrize("name", sorted(RECORDED))
def test_a_call_under_cube_is_typed_as_in_flink(name: str) -> None:
    answer = RECORDED[name]
    keys = ", ".join(answer["keys"])
    assert _type(answer["call"], keys).endswith(" NOT NULL")
    flink = answer["type_under_cube"] + ("" if answer["nullable_under_cube"] else " NOT NULL")
    assert _type(answer["call"], f"CUBE ({keys})") == flink
