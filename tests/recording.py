"""What every ``tests/record_*_oracle.py`` script does with what it asked Flink: write it to its
golden file, or with ``--check`` compare it with the recording (exit 1 when it differs)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def record_or_check(
    description: str, golden: Path, recorded: Callable[[], str], argv: list[str] | None = None
) -> int:
    """Run ``recorded`` (the golden file's new text) and write it to ``golden``, or compare."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the recording")
    args = parser.parse_args(argv)
    text = recorded()
    if args.check:
        same = golden.exists() and golden.read_text(encoding="utf-8") == text
        print(f"{golden.name}:", "same as recorded" if same else "DIFFERS from the recording")
        return 0 if same else 1
    golden.parent.mkdir(parents=True, exist_ok=True)
    golden.write_text(text, encoding="utf-8")
    print(f"recorded {golden}")
    return 0


def each_statement(
    setup: Sequence[str],
    statements: Sequence[str],
    refused: Callable[[BaseException | None], dict[str, Any]],
) -> list[dict[str, Any]]:
    """Run ``setup`` in one new Flink session, then each of ``statements`` alone: a case per
    statement, the statement and ``refused(exc)`` of its refusal (``refused(None)`` where Flink
    ran it)."""
    from tests.flink_oracle import new_environment

    env = new_environment()
    for statement in setup:
        env.execute_sql(statement)
    cases = []
    for statement in statements:
        try:
            env.execute_sql(statement)
        except Exception as exc:  # Py4JJavaError and PyFlink's own exceptions alike
            cases.append({"statement": statement, **refused(exc)})
        else:
            cases.append({"statement": statement, **refused(None)})
    return cases
