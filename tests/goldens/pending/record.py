"""Record the pending view goldens (tests/goldens/pending/*.sql) through real Flink.

Usage, from the project root::

    .venv/bin/python tests/goldens/pending/record.py [--show] [names...]

Writes ``tests/goldens/pending/<name>.json`` in the format of ``tests/flink_oracle.py``.
With ``--show`` it also prints every error and every SHOW CREATE VIEW / DESCRIBE answer.
"""

from __future__ import annotations

import sys
from pathlib import Path

PENDING = Path(__file__).resolve().parent
ROOT = PENDING.parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import dump_records, run_script  # noqa: E402


def main(argv: list[str]) -> int:
    show = "--show" in argv
    names = [a.removesuffix(".sql") for a in argv if not a.startswith("--")]
    names = names or sorted(p.stem for p in PENDING.glob("*.sql"))
    total = 0
    for name in names:
        records = run_script((PENDING / f"{name}.sql").read_text(encoding="utf-8"))
        (PENDING / f"{name}.json").write_text(dump_records(records), encoding="utf-8")
        errors = sum(not r["ok"] for r in records)
        total += len(records)
        print(f"{name}: recorded {len(records)} statements ({errors} errors)")
        if show:
            for r in records:
                head = r["statement"].split("\n")[0][:100]
                if not r["ok"]:
                    print(f"  ERR  {head}\n       -> {r['error'][:400]}")
                elif r["statement"].upper().startswith("SHOW CREATE"):
                    print(f"  ---- {head}\n{r['rows'][0][0]}")
                elif r["statement"].upper().startswith(("DESCRIBE", "DESC ")):
                    print(f"  ---- {head}")
                    for row in r["rows"]:
                        print("       ", row)
    print(f"total: {total} statements")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
