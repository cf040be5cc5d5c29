"""Two records of how Flink's validator types a call, by the function's name: whether it
types the operands in a grouped query's aggregating scope (``data/grouping_scope_oracle.json``,
``tests/record_grouping_scope_oracle.py``) and what Flink's SQL operator table says of it and of
Calcite's assignment rule (``data/operator_table_oracle.json``,
``tests/record_operator_table_oracle.py``). Both are real Flink's answers, by reflection.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

DATA = Path(__file__).parent / "data"
GROUPING_SCOPE = DATA / "grouping_scope_oracle.json"
OPERATOR_TABLE = DATA / "operator_table_oracle.json"


@cache
def grouping_scope_record() -> dict[str, Any]:
    """By function name, whether Flink types its operands in a grouped query's aggregating scope,
    where a key some grouping set leaves out is nullable even inside an aggregate
    (``MAX(GREATEST(k, 1))``, not ``MAX(ABS(k))``), with the call it was asked about."""
    return json.loads(GROUPING_SCOPE.read_text(encoding="utf-8"))


@cache
def _operator_table_record() -> dict[str, dict[str, list[str]]]:
    return json.loads(OPERATOR_TABLE.read_text(encoding="utf-8"))


def _operator_table() -> dict[str, list[str]]:
    return _operator_table_record()["operators"]


def derives_operands_first(name: str) -> Literal["all", "first", "none"]:
    """Which operands of a call of the function ``name`` Flink's validator derives the types of
    before it infers anything within them: ``"all"`` where Flink's own type inference types the
    call (every function that is not in Flink's SQL operator table: ``COALESCE``, ``MAP_KEYS``,
    a user's function), ``"first"`` where Calcite's FIRST_KNOWN does (``TRY_CAST``),
    ``"none"`` for the others (``CARDINALITY``, ``UPPER``). The operator table is Flink's
    answer by reflection (``data/operator_table_oracle.json``,
    ``tests/record_operator_table_oracle.py``); where the grouping-scope record holds an answer
    for ``name`` (:func:`grouping_scope_record`), the behaviour it recorded decides:
    ``YEAR`` is FIRST_KNOWN in the table, but Calcite rewrites it to ``EXTRACT`` first, which
    derives nothing first; ``TRANSLATE`` is in neither table under that name."""
    recorded = grouping_scope_record().get(name)
    if recorded is not None:
        return "all" if recorded["nullable_under_cube"] else "none"
    kinds = _operator_table().get(name)
    if kinds is None:
        return "all"
    return "first" if "FIRST_KNOWN" in kinds else "none"


def assigns(target: str, source: str) -> bool:
    """Whether Calcite's assignment rule (``SqlTypeAssignmentRule``, Flink's copy, recorded by
    reflection in ``data/operator_table_oracle.json``) assigns a value of the type named
    ``source`` to one named ``target``, by their SQL type names (``INTEGER`` to ``BIGINT``,
    not ``DATE`` to ``TIMESTAMP``)."""
    return source in _operator_table_record()["assignment"].get(target, ())
