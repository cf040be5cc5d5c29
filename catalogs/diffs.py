"""Lines of a unified diff with their kind, as the pages colour them."""

from __future__ import annotations

from collections.abc import Iterable

_KINDS = {"+": "added", "-": "removed"}


def diff_lines(lines: Iterable[str]) -> list[tuple[str, str]]:
    """Each line of a unified diff with its kind: ``header`` (the two file lines and each
    ``@@`` hunk line), ``added``, ``removed`` or ``context``. Only the first two lines can be
    file headers: a removed ``-- comment`` line reads ``--- comment`` and stays removed."""
    kinds = []
    for n, line in enumerate(lines):
        if line.startswith("@@") or (n < 2 and line.startswith(("---", "+++"))):
            kinds.append(("header", line))
        else:
            kinds.append((_KINDS.get(line[:1], "context"), line))
    return kinds
