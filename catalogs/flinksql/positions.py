"""Where in a statement an error is: the range Flink's message names, as data.

Calcite words a validation error's range ``From line 1, column 22 to line 1, column 26: ...``
(both ends inclusive) and a parse error's start ``... at line 1, column 25.``; the text stays
whole for the user, and this reads the position back out of it for the SQL editor's markers.
Lines and columns count from 1, as Flink's do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RANGE = re.compile(r"From line (\d+), column (\d+) to line (\d+), column (\d+): ")
_AT = re.compile(r"at line (\d+), column (\d+)\b")
_ENCOUNTERED = re.compile(r'Encountered "([^"\n]*)" at line')


@dataclass(frozen=True)
class Position:
    """A range of a statement, both ends inclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    def as_json(self) -> dict[str, int]:
        return {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
        }

    def end_offset(self, text: str) -> int:
        """Where in ``text`` the range ends (the offset of its last character)."""
        lines = text.split("\n")
        before = sum(len(lines[i]) + 1 for i in range(min(self.end_line - 1, len(lines))))
        return before + self.end_column - 1

    def shifted(self, line: int, column: int) -> Position:
        """This range of a statement that starts at ``line`` and ``column`` of a script, as
        lines and columns of the script."""

        def moved(at_line: int, at_column: int) -> tuple[int, int]:
            if at_line == 1:
                return line, column + at_column - 1
            return line + at_line - 1, at_column

        start, end = moved(self.line, self.column), moved(self.end_line, self.end_column)
        return Position(start[0], start[1], end[0], end[1])


def error_position(message: str | None) -> Position | None:
    """The range an error message names, or None when it names none."""
    if not message:
        return None
    found = _RANGE.search(message)
    if found:
        line, column, end_line, end_column = (int(g) for g in found.groups())
        return Position(line, column, end_line, end_column)
    found = _AT.search(message)
    if found is None:
        return None
    line, column = int(found.group(1)), int(found.group(2))
    token = _ENCOUNTERED.search(message)
    first = token.group(1).split(" ", 1)[0] if token else ""
    return Position(line, column, line, column + max(len(first), 1) - 1)


POINTED_LINES = 5  # the most lines of a range shown under an error


def pointed(text: str, position: Position) -> str:
    """The lines of ``text`` the range covers, numbered as Flink numbers them, each followed by
    carets under the part in range, as a compiler points at an error (at most
    ``POINTED_LINES`` lines; none when the range lies outside the text)."""
    lines = text.split("\n")
    if not 1 <= position.line <= len(lines):
        return ""
    last = min(position.end_line, len(lines), position.line + POINTED_LINES - 1)
    width = len(str(last))
    shown: list[str] = []
    for number in range(position.line, last + 1):
        line = lines[number - 1].rstrip("\r")
        start = position.column if number == position.line else 1
        end = position.end_column if number == position.end_line else len(line)
        end = max(min(end, len(line)), start)
        indent = "".join("\t" if c == "\t" else " " for c in line[: start - 1])
        shown.append(f"{number:>{width}} | {line}")
        shown.append(f"{'':>{width}} | {indent}{'^' * (end - start + 1)}")
    return "\n".join(shown)
