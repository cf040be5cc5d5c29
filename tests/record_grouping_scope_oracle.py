"""Record, for every built-in scalar function, whether Flink 2.3 types its operands in a
query's aggregating scope: ``catalogs/flinksql/data/grouping_scope_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_grouping_scope_oracle.py [--check]

Under GROUPING SETS, ROLLUP or CUBE, a key that some grouping set leaves out reads nullable
where the query's aggregating scope types it. Inside an aggregate's operand that depends on how
the operand's calls infer their operands' types: Calcite's own operators type only their first
known operand there (``MAX(k + 1)`` is nullable, ``MAX(1 + k)`` not), its functions none
(``MAX(ABS(k))`` stays NOT NULL), while a function typed by Flink's own type inference reads
its operands' types there (``MAX(GREATEST(k, 1))`` is nullable). Which function does which is
asked of Flink, never written from memory: for each function, the first call the function
record (``functions_oracle.json``) holds of NOT NULL columns only that answered a NOT NULL type
is put inside ``MAX``, once grouped by those columns (which must answer NOT NULL) and once by
``CUBE`` of them. ``true``: the CUBE made it nullable; ``false``: it stayed NOT NULL; functions
with no such call, or whose grouped control is nullable or refused, are not recorded.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from catalogs.flinksql.builtins import aggregate_functions  # noqa: E402
from tests.flink_oracle import new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

FUNCTIONS = ROOT / "catalogs" / "flinksql" / "data" / "functions_oracle.json"
DATA = ROOT / "catalogs" / "flinksql" / "data" / "grouping_scope_oracle.json"
_NOT_NULL_COLUMN = re.compile(r"\bn_[a-z0-9_]+\b")


def _candidate(calls: dict[str, object], columns: dict[str, str]) -> tuple[str, list[str]] | None:
    """The first recorded call whose column operands are all NOT NULL, answering NOT NULL."""
    for call, answer in calls.items():
        if not isinstance(answer, str) or not answer.endswith("NOT NULL"):
            continue
        inner = call[call.find("(") + 1 : call.rfind(")")]
        operands = [o.strip() for o in inner.split(",") if o.strip()]
        names = [o for o in operands if o in columns]
        keys = sorted(set(_NOT_NULL_COLUMN.findall(inner)))
        if keys and all(o in keys for o in names):
            return call, keys
    return None


def _type(env, call: str, grouping: str) -> tuple[str, bool] | None:
    """The type ``MAX(call)`` grouped by ``grouping`` answers, and whether it is nullable
    (None: Flink refused it)."""
    try:
        env.execute_sql(
            f"CREATE TEMPORARY VIEW v AS SELECT MAX({call}) AS c FROM t GROUP BY {grouping}"
        )
    except Exception:  # noqa: BLE001 - a refusal is an answer: the probe cannot decide
        return None
    try:
        with env.execute_sql("DESCRIBE v").collect() as rows:
            row = [tuple(r) for r in rows][0]
            return row[1], bool(row[2])
    finally:
        env.execute_sql("DROP TEMPORARY VIEW v")


def record() -> str:
    data = json.loads(FUNCTIONS.read_text(encoding="utf-8"))
    columns: dict[str, str] = data["columns"]
    aggregates = aggregate_functions()
    env = new_environment()
    ddl = ", ".join(f"{name} {type_}" for name, type_ in columns.items())
    options = "'connector' = 'filesystem', 'path' = '/nonexistent', 'format' = 'json'"
    env.execute_sql(f"CREATE TABLE t ({ddl}) WITH ({options})")
    answers: dict[str, dict[str, object]] = {}
    for name in sorted(data["calls"]):
        if name in aggregates:
            continue
        found = _candidate(data["calls"][name], columns)
        if found is None:
            continue
        call, keys = found
        grouped = _type(env, call, ", ".join(keys))
        if grouped is None or grouped[1]:
            continue
        under_cube = _type(env, call, f"CUBE ({', '.join(keys)})")
        if under_cube is None:
            continue
        answers[name] = {
            "call": f"MAX({call})",
            "keys": keys,
            "type_under_cube": under_cube[0],
            "nullable_under_cube": under_cube[1],
        }
    return json.dumps(answers, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.exit(record_or_check(__doc__ or "", DATA, record))
