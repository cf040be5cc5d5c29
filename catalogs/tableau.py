"""Results printed as Flink's SQL client prints them in its ``tableau`` result mode."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from catalogs.executor import StatementResult


def cell_text(value: Any) -> str:
    """A value as Flink prints the result of SHOW and DESCRIBE: booleans in upper case, NULL empty.

    (Query results print NULL as ``<NULL>``, but the dashboard runs no queries.)
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


def display_width(text: str) -> int:
    """Columns the text takes in a terminal: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def render_table(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A box table with right-aligned cells, followed by ``N row(s) in set``."""
    texts = [[cell_text(v) for v in row] for row in rows]
    widths = [
        max([display_width(name)] + [display_width(row[i]) for row in texts])
        for i, name in enumerate(columns)
    ]
    border = "+" + "+".join("-" * (w + 2) for w in widths) + "+"

    def line(cells: Sequence[str]) -> str:
        padded = (" " * (w - display_width(c)) + c for c, w in zip(cells, widths, strict=True))
        return "| " + " | ".join(padded) + " |"

    count = f"{len(rows)} row in set" if len(rows) == 1 else f"{len(rows)} rows in set"
    return "\n".join([border, line(columns), border, *(line(r) for r in texts), border, count])


def render_result(result: StatementResult) -> str:
    """One statement's outcome as the SQL client shows it."""
    if not result.ok:
        return f"[ERROR] Could not execute SQL statement. Reason:\n{result.error}"
    if result.columns == ["result"] and result.rows == [["OK"]]:
        return "[INFO] Execute statement succeeded."
    if not result.rows:
        return "Empty set"
    return render_table(result.columns or [], result.rows)
