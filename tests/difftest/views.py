"""What both sides run for one generated view."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

VIEW_NAME = "dt.main.dv"

Record = dict[str, Any]
Answer = list[Record]
# the statements run for one generated statement: its first alone (True), or all of them
Steps = Callable[[str, bool], list[str]]


def create_view(query: str, header: str = "") -> str:
    """The statement that creates the generated view of ``query``; ``header`` is what stands
    between the name and AS (a column list, a comment)."""
    return f"CREATE VIEW {VIEW_NAME}{header} AS {query}"


_WORD = re.compile(r"`[^`]*`|'(?:[^']|'')*'|[A-Z][A-Z_0-9]*")


def lower_keywords(text: str) -> str:
    """``text`` with every upper-case word outside quotes in lower case (keywords, function
    names): Flink reads keywords in any case."""
    return _WORD.sub(lambda m: m.group(0) if m.group(0)[0] in "`'" else m.group(0).lower(), text)


def view_steps(statement: str, create_only: bool) -> list[str]:
    """The statements run for one view statement: the statement itself, and when it created
    the view, SHOW CREATE VIEW and DESCRIBE."""
    if create_only:
        return [statement]
    return [statement, f"SHOW CREATE VIEW {VIEW_NAME}", f"DESCRIBE {VIEW_NAME}"]


VIEW_DROPS = (f"DROP VIEW IF EXISTS {VIEW_NAME}",)


def answer_with(
    run: Callable[[str], Record], statement: str, steps: Steps, drops: tuple[str, ...]
) -> Answer:
    """One side's answers (``run`` runs a statement there) to a generated statement: its first
    step, then the others when that one succeeded; then ``drops``, whose answers are not kept."""
    answer = [run(step) for step in steps(statement, True)]
    if answer[0]["ok"]:
        answer += [run(step) for step in steps(statement, False)[1:]]
    for drop in drops:
        run(drop)
    return answer
