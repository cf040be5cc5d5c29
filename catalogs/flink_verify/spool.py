"""The checks of a verify kept for printing by catalog, on disk rather than in memory: a
snapshot of 100,000 tables has half a million checks, which arrive batch by batch."""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from collections.abc import Iterator
from typing import IO, Any

from .checks import Check


def check_lines(check: Check) -> list[str]:
    """A check as printed: ``[status] subject: what``, then its detail indented."""
    lines = [f"[{check.status}] {check.subject}: {check.what}"]
    return lines + [f"    {line}" for line in (check.detail or "").splitlines()]


def summary(tally: Counter[str]) -> str:
    return f"{tally.total()} checks: {tally['FAIL']} failed, {tally['skip']} skipped"


class CheckSpool:
    """Each catalog's check lines in a temporary file, and the counts of their statuses. A check
    of a catalog not verified here is counted in the whole summary only."""

    def __init__(self, catalogs: list[str]) -> None:
        self._files: dict[str, IO[str]] = {}
        self._tallies: dict[str, Counter[str]] = {name: Counter() for name in catalogs}
        self._all: Counter[str] = Counter()
        self._catalogs = catalogs

    def __enter__(self) -> CheckSpool:
        for name in self._catalogs:
            self._files[name] = tempfile.TemporaryFile("w+", encoding="ascii", newline="\n")
        return self

    def __exit__(self, *_: Any) -> None:
        for file in self._files.values():
            file.close()

    def add(self, check: Check) -> None:
        self._all[check.status] += 1
        file = self._files.get(check.catalog)
        if file is not None:
            self._tallies[check.catalog][check.status] += 1
            file.write(json.dumps(check_lines(check)) + "\n")  # escaped: one line a check

    def lines(self, catalog: str) -> Iterator[str]:
        file = self._files[catalog]
        file.seek(0)
        for record in file:
            yield from json.loads(record)

    def summary(self, catalog: str | None = None) -> str:
        return summary(self._all if catalog is None else self._tallies[catalog])

    @property
    def failed(self) -> int:
        return self._all["FAIL"]
