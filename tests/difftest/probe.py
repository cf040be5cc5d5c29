"""Ask both sides about a list of hand-reduced views and write them as a findings document.

``python -m tests.difftest.probe probes.json out.md``: ``probes.json`` is a list of
``[title, query]``; every answer in the document is what the engine and the executor said.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.difftest.compare import _exception_line
from tests.difftest.run import Sides
from tests.difftest.views import create_view


def brief(answer: list) -> str:
    """One side's answer as Markdown: refused with its message, or the stored query and columns."""
    create = answer[0]
    if create.get("internal"):
        return f"INTERNAL ERROR `{_exception_line(create['internal'])[:300]}`"
    if not create["ok"]:
        return "refused: `" + (create["error"] or "").split("\n")[0][:300] + "`"
    text = answer[1]["rows"][0][0] if answer[1]["ok"] else answer[1]["error"]
    query = text.split("\nAS ", 1)[-1].strip()
    rows = "; ".join(f"{r[0]} {r[1]}{'' if r[2] else ' NOT NULL'}" for r in answer[2]["rows"] or [])
    return (
        f"accepted, DESCRIBE: `{rows}`\n\n    ```\n    "
        + query.replace("\n", "\n    ")
        + "\n    ```"
    )


def main() -> None:
    probes = json.loads(Path(sys.argv[1]).read_text())
    sides = Sides("-probe")
    out = []
    for title, query in probes:
        statement = create_view(query)
        flink, ours, category, _ = sides.ask(statement)
        shown = statement.replace("\n", "\n    ")
        out.append(
            f"- **{title}** [{category}]\n\n    ```sql\n    {shown}\n    ```\n\n"
            f"  - Flink: {brief(flink)}\n  - ours: {brief(ours)}\n"
        )
    Path(sys.argv[2]).write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
