"""What both sides run for one generated view."""

from __future__ import annotations

import re
from typing import Any

VIEW_NAME = "dt.main.dv"

Record = dict[str, Any]
Answer = list[Record]


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
