"""Probes of a class generated from valid queries: every prefix that ends at a token.

``python -m tests.difftest.prefixes queries.txt probes.json`` reads one query per line and writes
``[title, prefix]`` pairs for ``python -m tests.difftest.probe probes.json out.md``, which asks
Flink and the dashboard about each (tests/README.md, "A query cut short").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from catalogs.flinksql.dialect import tokenize


def prefixes(queries: list[str]) -> list[list[str]]:
    """``[title, prefix]`` for every proper prefix of each query that ends at a token's end."""
    probes = []
    for number, query in enumerate(queries):
        found = tokenize(query)
        for count, token in enumerate(found[:-1], 1):
            probes.append([f"q{number} cut {count}", query[: token.end + 1]])
    return probes


def main() -> None:
    lines = Path(sys.argv[1]).read_text(encoding="utf-8").splitlines()
    queries = [line.strip() for line in lines if line.strip()]
    Path(sys.argv[2]).write_text(json.dumps(prefixes(queries), indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
