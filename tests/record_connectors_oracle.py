"""Record what real Flink 2.3 answers about the table form's connector templates and about table
changes Flink has no statement for: ``tests/goldens/connectors_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_connectors_oracle.py [--check]

For each connector that ships in the apache-flink package (filesystem, datagen, print,
blackhole) a table is created with the template's options (``catalogs.flinksql.connectors``)
and planned as a source (``EXPLAIN SELECT``) and as a sink (``EXPLAIN INSERT``); then once more
without each required option. Flink checks connector options only when it plans a query, so
``CREATE TABLE`` alone accepts anything. Each case records ``ok`` and Flink's ``error``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from catalogs.flinksql.catalog import quote_string  # noqa: E402
from catalogs.flinksql.connectors import CONNECTORS  # noqa: E402
from tests.flink_oracle import error_message, new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "goldens" / "connectors_oracle.json"
SHIPPED = ("filesystem", "datagen", "print", "blackhole")
# Changes to a table that Flink 2.3's ALTER TABLE has no clause for.
ALTERS = (
    "CREATE TABLE alt (id INT, p STRING) COMMENT 'c' PARTITIONED BY (p)"
    " WITH ('connector' = 'datagen')",
    "ALTER TABLE alt COMMENT 'new comment'",
    "ALTER TABLE alt PARTITIONED BY (id)",
)


def _create(name: str, options: dict[str, str]) -> str:
    pairs = ", ".join(f"{quote_string(k)} = {quote_string(v)}" for k, v in options.items())
    return f"CREATE TABLE {name} (a INT) WITH ({pairs})"


def _cases() -> list[tuple[str, str, list[str]]]:
    """(connector, what is missing or "", statements)."""
    cases = []
    for name in SHIPPED:
        template = CONNECTORS[name].template()
        table = name.replace("-", "_")
        plans = [f"EXPLAIN SELECT * FROM {table}", f"EXPLAIN INSERT INTO {table} SELECT 1"]
        cases.append((name, "", [_create(table, template), *plans]))
        for key in CONNECTORS[name].required:
            short = f"{table}_no_{key.replace('.', '_').replace('-', '_')}"
            options = {k: v for k, v in template.items() if k != key}
            plans = [f"EXPLAIN SELECT * FROM {short}", f"EXPLAIN INSERT INTO {short} SELECT 1"]
            cases.append((name, key, [_create(short, options), *plans]))
    return cases


def _run(env: Any, statement: str) -> dict[str, Any]:
    try:
        env.execute_sql(statement).collect().close()
    except Exception as exc:  # Py4JJavaError and PyFlink's own exceptions alike
        return {"statement": statement, "ok": False, "error": error_message(exc)}
    return {"statement": statement, "ok": True, "error": None}


def record() -> dict[str, Any]:
    env = new_environment()
    connectors = [
        {"connector": name, "missing": missing, "results": [_run(env, s) for s in statements]}
        for name, missing, statements in _cases()
    ]
    return {"connectors": connectors, "alters": [_run(env, s) for s in ALTERS]}


def main(argv: list[str] | None = None) -> int:
    def recorded() -> str:
        return json.dumps(record(), indent=2) + "\n"

    return record_or_check(__doc__ or "", GOLDEN, recorded, argv)


if __name__ == "__main__":
    sys.exit(main())
