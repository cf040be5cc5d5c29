"""Record how Flink 2.3's own SQL operator table infers the operand types of each of its
operators, and which type Calcite's assignment rule assigns from which:
``catalogs/flinksql/data/operator_table_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_operator_table_oracle.py [--check]

Before Calcite validates a call, its operand type inference may derive the type of an operand
first, before anything within that operand is inferred: Calcite's ``InferTypes.FIRST_KNOWN``
derives the first operand (``=``, ``+``, ``CAST``, ``ARRAY[...]``), and Flink's own type
inference, which types every function that is not in Flink's operator table (``COALESCE``,
``MAP_KEYS``, a user's function), derives them all. A NULL literal inside an operand derived
first keeps the NULL type: ``MAP_KEYS(MAP['a', 1, 'b', NULL])`` is taken, ``MAP['a', 1, 'b',
NULL]`` alone is refused. Which operator infers how is asked of Flink by reflection, never
written from memory: every operator of ``FlinkSqlOperatorTable`` (loaded by the planner's own
class loader) with its operand type inference, named by the ``InferTypes`` field it is, or
``NONE`` (it derives nothing first), or ``OTHER``.

Where a list's types have no least restrictive type, Calcite falls back on casts: the last type
the one before it is assigned to, by ``SqlTypeAssignmentRule`` (an INTEGER to a BIGINT, not a
DATE to a TIMESTAMP). Its mapping, each type with the types assigned to it, is recorded too.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

DATA = ROOT / "catalogs" / "flinksql" / "data" / "operator_table_oracle.json"


def _instance(gateway: Any, loader: Any, name: str, *flags: bool) -> Any:
    """``name.instance(flags...)``, a class the planner's own class loader loads."""
    lang = gateway.jvm.java.lang
    loaded = lang.Class.forName(name, True, loader)
    parameters = gateway.new_array(lang.Class, len(flags))
    arguments = gateway.new_array(lang.Object, len(flags))
    for index, flag in enumerate(flags):
        parameters[index], arguments[index] = lang.Boolean.TYPE, flag
    return loaded.getMethod("instance", parameters).invoke(None, arguments)


def record() -> str:
    from pyflink.java_gateway import get_gateway

    gateway = get_gateway()
    environment = new_environment()
    loader = environment._j_tenv.getPlanner().getClass().getClassLoader()
    table = _instance(  # of streaming mode
        gateway, loader, "org.apache.flink.table.planner.functions.sql.FlinkSqlOperatorTable", False
    )
    infer_types = gateway.jvm.java.lang.Class.forName(
        "org.apache.calcite.sql.type.InferTypes", True, loader
    )
    named = {}
    for field in infer_types.getFields():
        value = field.get(None)
        if value is not None:
            named[value.hashCode()] = (value, str(field.getName()))
    operators: dict[str, set[str]] = {}
    for operator in table.getOperatorList():
        inference = operator.getOperandTypeInference()
        if inference is None:
            kind = "NONE"
        else:
            known = named.get(inference.hashCode())
            kind = known[1] if known is not None and known[0].equals(inference) else "OTHER"
        operators.setdefault(str(operator.getName()).upper(), set()).add(kind)
    answer = {name: sorted(kinds) for name, kinds in sorted(operators.items())}
    return (
        json.dumps(
            {"assignment": _assignment(gateway, loader), "operators": answer},
            indent=1,
            sort_keys=True,
        )
        + "\n"
    )


def _assignment(gateway: Any, loader: Any) -> dict[str, list[str]]:
    """``SqlTypeAssignmentRule``'s mapping: each type name with the names assigned to it."""
    rule = _instance(gateway, loader, "org.apache.calcite.sql.type.SqlTypeAssignmentRule")
    mapping = rule.getTypeMapping()
    return {str(to): sorted(str(f) for f in mapping.get(to)) for to in mapping.keySet()}


if __name__ == "__main__":
    sys.exit(record_or_check(__doc__ or "", DATA, record))
