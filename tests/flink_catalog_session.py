"""One PyFlink session (run as its own process by ``tests/live_dashboard.py``): reads
``{"catalog": {...} | null, "statements": [...]}`` on stdin, registers the catalog with
``flink_dashboard_catalog.register_catalog``, runs the statements and prints their records as
one JSON line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from flink_dashboard_catalog import add_jar, catalog_jar, register_catalog  # noqa: E402
from tests.flink_oracle import (  # noqa: E402
    _exception_chain,
    _json_value,
    _trace_text,
    error_message,
    new_environment,
)


def run_statement(env: object, statement: str) -> dict:
    """What ``flink_oracle.run_statement`` records, plus ``exceptions``: the classes of the
    Java exception chain (``TableAlreadyExistException`` is a class, not a message)."""
    try:
        result = env.execute_sql(statement)
        columns = list(result.get_resolved_schema().get_column_names())
        with result.collect() as rows:
            values = [[_json_value(v) for v in row] for row in rows]
    except Exception as exc:  # Py4JJavaError and PyFlink's own exceptions alike
        chain = [name for name, _ in _exception_chain(_trace_text(exc))]
        return {
            "statement": statement,
            "ok": False,
            "error": error_message(exc),
            "exceptions": chain,
        }
    return {"statement": statement, "ok": True, "columns": columns, "rows": values}


def main() -> None:
    request = json.load(sys.stdin)
    env = new_environment()
    add_jar(env, catalog_jar())
    if request["catalog"]:
        register_catalog(env, **request["catalog"])
    records = [run_statement(env, statement) for statement in request["statements"]]
    print(json.dumps(records))


if __name__ == "__main__":
    main()
