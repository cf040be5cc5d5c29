"""Record what real Flink 2.3 does when a column a view reads changes type:
``tests/goldens/casts_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_casts_oracle.py [--check]

For every pair of types (``stored``, ``now``) of ``TYPES``: a table ``t (c <stored>)``, a view
``v AS SELECT c FROM t`` (which stores ``c`` with type ``stored``), then ``ALTER TABLE t MODIFY
c <now>`` and ``EXPLAIN SELECT * FROM v``. Recorded: whether Flink plans it, the error it raised
(the root cause's message), and the view's projection in the plan's abstract syntax tree (where
Flink casts the value back to the stored type, or not at all).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import error_message, new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "goldens" / "casts_oracle.json"
TYPES = (
    "TINYINT",
    "SMALLINT",
    "INT",
    "BIGINT",
    "INT NOT NULL",
    "DECIMAL(10, 2)",
    "DECIMAL(20, 4)",
    "FLOAT",
    "DOUBLE",
    "BOOLEAN",
    "STRING",
    "STRING NOT NULL",
    "VARCHAR(10)",
    "CHAR(5)",
    "BYTES",
    "DATE",
    "TIME(0)",
    "TIMESTAMP(3)",
    "TIMESTAMP(6)",
    "TIMESTAMP_LTZ(3)",
    "ARRAY<INT>",
    "ARRAY<BIGINT>",
    "MAP<STRING, INT>",
    "ROW<x INT>",
)


def _execute(env: Any, statement: str) -> list[str]:
    result = env._j_tenv.executeSql(statement)
    rows, iterator = [], result.collect()
    while iterator.hasNext():
        rows.append(str(iterator.next().getField(0)))
    return rows


def record() -> list[dict[str, Any]]:
    env = new_environment()
    cases = []
    for stored in TYPES:
        for now in TYPES:
            if stored == now:
                continue
            _execute(env, "DROP VIEW IF EXISTS v")
            _execute(env, "DROP TABLE IF EXISTS t")
            _execute(env, f"CREATE TABLE t (c {stored}) WITH ('connector' = 'datagen')")
            _execute(env, "CREATE VIEW v AS SELECT c FROM t")
            _execute(env, f"ALTER TABLE t MODIFY c {now}")
            case: dict[str, Any] = {"stored": stored, "now": now}
            try:
                plan = _execute(env, "EXPLAIN SELECT * FROM v")[0]
            except Exception as exc:
                case.update(plans=False, error=error_message(exc))
            else:
                # the view's own projection: the line under the outer SELECT * projection
                case.update(plans=True, projection=plan.split("\n")[2].strip())
            cases.append(case)
    return cases


def main() -> int:
    def recorded() -> str:
        return json.dumps({"types": list(TYPES), "cases": record()}, indent=1) + "\n"

    return record_or_check(__doc__ or "", GOLDEN, recorded)


if __name__ == "__main__":
    sys.exit(main())
