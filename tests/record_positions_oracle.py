"""Record where real Flink 2.3 says a refused statement went wrong:
``tests/goldens/positions_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_positions_oracle.py [--check]

The goldens of ``flink_oracle.py`` keep an error's root cause (``Column 'total' not found in any
table``); Calcite raises it inside a ``CalciteContextException`` whose message adds the range it
marks (``From line 1, column 22 to line 1, column 26: Column 'total' not found in any table``).
For each statement of ``STATEMENTS`` (run after ``SETUP`` in one session) this records the root
cause (``error``) and that message of the chain that carries a position (``context``, None when
Flink gave none), which the dashboard answers whole and the SQL editor marks.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import (  # noqa: E402
    _exception_chain,
    _trace_text,
    error_message,
)
from tests.recording import each_statement, record_or_check  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "goldens" / "positions_oracle.json"
SETUP = (
    "CREATE TABLE orders (id BIGINT, amount INT, ts TIMESTAMP(3)) WITH ('connector' = 'datagen')",
    "CREATE TABLE items (id BIGINT, sku STRING) WITH ('connector' = 'datagen')",
    "CREATE VIEW v0 AS SELECT id FROM orders",
)
STATEMENTS = (
    "CREATE VIEW v1 AS SELECT total FROM orders",
    "CREATE VIEW v2 AS SELECT id,\n  total,\n  amount FROM orders",
    "CREATE VIEW v3 AS SELECT o.nope FROM orders AS o",
    "CREATE VIEW v4 AS SELECT o.id FROM orders AS o JOIN items AS i ON o.id = i.nope",
    "CREATE VIEW v5 AS SELECT id FROM orders WHERE amount > 1 AND sku = 'a'",
    "CREATE VIEW v6 AS\nSELECT id\nFROM orders\nGROUP BY nope",
    "CREATE VIEW v7 AS SELECT `total` FROM orders",
    "CREATE VIEW v8 AS SELECT id FROM orders AS o JOIN items AS i ON o.id = i.id",
    "ALTER VIEW v0 AS SELECT total FROM orders",
    "CREATE VIEW v9 AS SELECT id FROM nowhere",
    "CREATE VIEW v10 AS SELECT id FROM orders WHERE",
    "CREATE VIEW v11 AS SELECT x.id FROM orders",
    # a call's or an operator's refusal: Calcite's span of the expression
    "CREATE VIEW v12 AS SELECT UPPER(id, sku) FROM items",
    "CREATE VIEW v13 AS SELECT id + sku FROM items",
    "CREATE VIEW v14 AS SELECT id FROM items WHERE UPPER(sku, sku) = 'a'",
    "CREATE VIEW v15 AS SELECT NOPE_FN(id) FROM items",
    "CREATE VIEW v16 AS SELECT ABS(sku) FROM items",
    "CREATE VIEW v17 AS SELECT id,\n  sku + 1 AS x\nFROM items",
    "CREATE VIEW v18 AS SELECT CAST(ts AS BOOLEAN) FROM orders",
    "CREATE VIEW v19 AS SELECT SUM(sku) FROM items",
    "CREATE VIEW v20 AS SELECT 'a' + 1 FROM items",
    "CREATE VIEW v21 AS SELECT (id + 1) * sku FROM items",
    "CREATE VIEW v22 AS SELECT UPPER( sku ,  'x' ) FROM items",
    "CREATE VIEW v23 AS SELECT CASE WHEN id > 1 THEN sku ELSE id END FROM items",
    "CREATE VIEW v24 AS SELECT - sku FROM items",
    "CREATE VIEW v25 AS SELECT id FROM items WHERE LOWER(UPPER(sku, 1)) = 'a'",
    "CREATE VIEW v26 AS SELECT COUNT(*) + sku FROM items",
)


def context_message(exc: BaseException) -> str | None:
    """The message of the deepest exception of the chain that starts with Calcite's range."""
    chain = _exception_chain(_trace_text(exc))
    for _, message in reversed(chain):
        if message.startswith("From line "):
            return message
    return None


def record() -> list[dict[str, Any]]:
    def refused(exc: BaseException | None) -> dict[str, Any]:
        if exc is None:
            return {"error": None, "context": None}
        return {"error": error_message(exc), "context": context_message(exc)}

    return each_statement(SETUP, STATEMENTS, refused)


def main(argv: list[str] | None = None) -> int:
    def recorded() -> str:
        return json.dumps({"setup": list(SETUP), "cases": record()}, indent=2) + "\n"

    return record_or_check(__doc__ or "", GOLDEN, recorded, argv)


if __name__ == "__main__":
    sys.exit(main())
