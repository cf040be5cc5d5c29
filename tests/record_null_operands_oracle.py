"""Record what real Flink 2.3 answers for built-in calls with a NULL literal among their
operands: ``catalogs/flinksql/data/null_operands_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_null_operands_oracle.py [--check]

Calcite refuses a bare ``NULL`` operand (``Illegal use of 'NULL'``) unless the function's
operand type inference gives it a type, and Flink's own functions each decide that themselves:
``GREATEST(i, NULL)`` is an INT, ``PRINTF('%s', NULL)`` a STRING, ``UPPER(NULL)`` refused.
This records, for every function of the function record
(``catalogs/flinksql/data/functions_oracle.json``, recorded by
``tests/record_functions_oracle.py``), calls it accepted over the record's table ``t`` with one
operand replaced by ``NULL``: for each number of arguments, accepted calls of distinct type
roots (:func:`chosen_calls`), each with ``NULL`` at every place in turn (``calls``: by the
accepted call, the answers of NULL at each of its places), and ``NULL`` at every place
(``every``). Each answer is the type of the query's only column, or the number of Flink's
message refusing it (``messages``), as in the function record.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from catalogs.flinksql.builtins import argument_texts  # noqa: E402
from tests.record_functions_oracle import DATA as FUNCTIONS  # noqa: E402
from tests.record_functions_oracle import Session, as_text  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

DATA = ROOT / "catalogs" / "flinksql" / "data" / "null_operands_oracle.json"
PER_ARITY = 16  # accepted calls of distinct type roots tried, for each number of arguments
MOST_PER_ARITY = 48  # ... and more, each with a type root at a place none had it at before
# Functions whose answer is no function of their operands: they take no NULL worth recording
# (a time attribute's functions read the rowtime column, which no NULL stands for).
SKIPPED = frozenset(["CURRENT_WATERMARK", "PROCTIME"])


def chosen_calls(calls: dict[str, Any], columns: dict[str, str]) -> list[list[str]]:
    """The accepted calls of one function that NULL operands are tried in, as argument lists:
    for each number of arguments, the first :data:`PER_ARITY` of distinct type roots, then each
    that brings a type root to a place no call chosen had it at (``STARTSWITH`` of BYTES as
    of CHAR), up to :data:`MOST_PER_ARITY` (the rowtime column left out)."""
    chosen: dict[int, dict[tuple[str, ...], list[str]]] = {}
    placed: set[tuple[int, int, str]] = set()  # (arity, place, root) chosen
    for text, answer in calls.items():
        arguments = list(argument_texts(text))
        if not isinstance(answer, str) or not arguments or "t_rowtime" in arguments:
            continue
        roots = tuple(columns.get(a, a).split("(")[0].split("<")[0] for a in arguments)
        by_roots = chosen.setdefault(len(arguments), {})
        new = {(len(roots), place, root) for place, root in enumerate(roots)} - placed
        if roots not in by_roots and (
            len(by_roots) < PER_ARITY or (new and len(by_roots) < MOST_PER_ARITY)
        ):
            by_roots[roots] = arguments
            placed |= new
    return [arguments for by_roots in chosen.values() for arguments in by_roots.values()]


def record() -> dict[str, Any]:
    functions = json.loads(FUNCTIONS.read_text(encoding="utf-8"))
    columns = functions["columns"]
    session = Session()
    messages: dict[str, int] = {}
    asked: dict[str, Any] = {}

    def ask(name: str, arguments: list[str]) -> Any:
        """The type Flink gives the call, or the number of its message refusing it."""
        text = f"{name}({', '.join(arguments)})"
        if text not in asked:
            answer = session.call(text)
            asked[text] = (
                answer["type"]
                if "type" in answer
                else messages.setdefault(answer["error"], len(messages))
            )
        return asked[text]

    calls: dict[str, dict[str, list[Any]]] = {}
    every: dict[str, dict[str, Any]] = {}
    for name, recorded in functions["calls"].items():
        if name in SKIPPED:
            continue
        for arguments in chosen_calls(recorded, columns):
            answers = [
                ask(name, [*arguments[:place], "NULL", *arguments[place + 1 :]])
                for place in range(len(arguments))
            ]
            calls.setdefault(name, {})[f"{name}({', '.join(arguments)})"] = answers
            nulls = ["NULL"] * len(arguments)
            text = f"{name}({', '.join(nulls)})"
            if len(arguments) > 1 and text not in every.get(name, {}):
                every.setdefault(name, {})[text] = ask(name, nulls)
        if name in calls:
            print(name, len(calls[name]), flush=True)
    return {"messages": list(messages), "calls": calls, "every": every}


def main() -> int:
    return record_or_check(__doc__ or "", DATA, lambda: as_text(record()))


if __name__ == "__main__":
    sys.exit(main())
