"""Record how real Flink 2.3's lexer refuses a quote it cannot close:
``tests/goldens/lexical_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_lexical_oracle.py [--check]

A golden script cannot hold these: an unterminated quote swallows the rest of a script. Each
statement of ``STATEMENTS`` runs alone, after ``SETUP``, in one session. Flink's lexer takes the
longest quoted token it can close (``'a''b`` is ``'a'`` and an unterminated ``'b``), and a
backquoted name holds no line break: it meets the break, or the end, with a lexical error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import error_message  # noqa: E402
from tests.recording import each_statement, record_or_check  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "goldens" / "lexical_oracle.json"
SETUP = ("CREATE TABLE t (i INT, s STRING, ts TIMESTAMP(3)) WITH ('connector' = 'datagen')",)
STATEMENTS = (
    "CREATE VIEW v AS SELECT 'abc FROM t",
    "CREATE VIEW v AS SELECT 'a''b AS x FROM t",
    "CREATE VIEW v AS SELECT 'a'' AS x FROM t",
    "CREATE VIEW v AS SELECT 'a''b''c AS x FROM t",
    "CREATE VIEW v AS SELECT 'a'''' AS x FROM t",
    "CREATE VIEW v AS SELECT 'a' || 'b''c AS x FROM t",
    "CREATE VIEW v AS SELECT 'a''b' || 'c''d AS x FROM t",
    "CREATE VIEW v AS SELECT 'x' AS a, 'it''s\nnew line AS b FROM t",
    "CREATE VIEW v AS SELECT NULLIF(FALSE, 'unterminated)) c2, LISTAGG(s || s) || '' c4 FROM t",
    "CREATE VIEW v AS SELECT 'ab FROM `t",
    "CREATE VIEW v AS SELECT `ab FROM t",
    "CREATE VIEW v AS SELECT `a\nb` FROM t",
    "CREATE VIEW v AS SELECT `ab\nFROM t",
    "CREATE VIEW v AS SELECT `ab\r\nFROM t",
    "CREATE VIEW v AS SELECT `ab FROM t WHERE s = 'x'",
    'CREATE VIEW v AS SELECT i AS `x"y FROM t',
    "CREATE VIEW v AS SELECT i AS `x\\y FROM t",
    "CREATE VIEW v AS SELECT i AS `x\ty FROM t",
    "CREATE VIEW v AS SELECT i AS `xé FROM t",
    "CREATE VIEW v AS SELECT i AS `x FROM t\n  WHERE i > 0\n",
    "CREATE VIEW v AS SELECT `a``b FROM t",
    "CREATE VIEW v AS SELECT `a``b`` FROM t",
    "CREATE VIEW v AS SELECT `a``b\nc` FROM t",
    "CREATE VIEW v AS SELECT i FROM t WHERE i IN (`ab",
    "CREATE VIEW v AS SELECT 'a\n`b' FROM t",
    "CREATE VIEW v2 AS\n-- it's the `x\nSELECT i FROM t",
    "CREATE VIEW v3 AS /* a `b\n c' */ SELECT i FROM t -- `d\n",
    "CREATE VIEW v4 AS SELECT 'unterminated AS bad, * FROM "
    "(SELECT TO_DATE(TRIM(LEADING 'x' FROM '')) c1 FROM t)",
    "CREATE TABLE t2 (`a\nb` INT) WITH ('connector' = 'datagen')",
    "CREATE TABLE t2 (a INT COMMENT 'x''y) WITH ('connector' = 'datagen')",
)


def record() -> list[dict[str, Any]]:
    return each_statement(
        SETUP, STATEMENTS, lambda exc: {"error": None if exc is None else error_message(exc)}
    )


def main(argv: list[str] | None = None) -> int:
    def recorded() -> str:
        return json.dumps({"setup": list(SETUP), "cases": record()}, indent=2) + "\n"

    return record_or_check(__doc__ or "", GOLDEN, recorded, argv)


if __name__ == "__main__":
    sys.exit(main())
