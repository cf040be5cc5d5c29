"""Calls of every built-in scalar function, drawn from the engine's record of them
(``catalogs/flinksql/data/functions_oracle.json``): each call Flink accepted there becomes a
template whose column operands are replaced by generated expressions of the same category,
so that the differential run exercises every function the record holds (#15)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

RECORD = Path(__file__).resolve().parents[2] / "catalogs/flinksql/data/functions_oracle.json"

# Flink's type roots (as the record spells them) -> the generator's categories.
_CATEGORIES = {
    "TINYINT": "int",
    "SMALLINT": "int",
    "INT": "int",
    "BIGINT": "int",
    "DECIMAL": "dec",
    "FLOAT": "approx",
    "DOUBLE": "approx",
    "CHAR": "str",
    "VARCHAR": "str",
    "STRING": "str",
    "BOOLEAN": "bool",
    "DATE": "date",
    "TIME": "time",
    "TIMESTAMP": "ts",
    "TIMESTAMP_LTZ": "ltz",
    "BINARY": "bytes",
    "VARBINARY": "bytes",
    "BYTES": "bytes",
    "ARRAY": "array",
    "MAP": "map",
    "ROW": "row",
}
# Calls the generator leaves out: aggregates and window functions are drawn elsewhere (the
# statistical aggregates are not in builtins.aggregate_functions, which lists those SQL calls
# by Calcite's or Flink's aggregate kind); a rowtime operand needs the relation's own time
# attribute.
_NOT_SCALAR = frozenset(
    "ROW_NUMBER RANK DENSE_RANK LAG LEAD STDDEV STDDEV_POP STDDEV_SAMP VARIANCE VAR_POP "
    "VAR_SAMP".split()
)
# The planner's internal helpers, which no user writes: Flink stores them with implicit casts
# of their operands the writer does not add (test_builtins.WRITTEN_GAPS).
_INTERNAL = frozenset(["AGG_DECIMAL_MINUS", "AGG_DECIMAL_PLUS", "HIVE_AGG_DECIMAL_PLUS"])
_ROWTIME_COLUMN = "t_rowtime"


@dataclass(frozen=True)
class Template:
    """One accepted call: the function's name and each operand, a category (a generated
    expression of it) or a literal as recorded."""

    name: str
    operands: tuple[tuple[str, str], ...]  # ("cat", "int") or ("literal", "3")
    result: str  # the category of Flink's answer


def category(type_text: str) -> str | None:
    """The generator's category of a Flink type (None: one it does not generate)."""
    text = type_text.removesuffix(" NOT NULL")
    if "WITH LOCAL TIME ZONE" in text:
        return "ltz"
    root = text.split("(", 1)[0].split("<", 1)[0].strip()
    return _CATEGORIES.get(root)


@cache
def templates() -> dict[str, tuple[Template, ...]]:
    """The templates of the record's accepted scalar calls, by the category they answer."""
    from catalogs.flinksql.builtins import aggregate_functions

    data = json.loads(RECORD.read_text(encoding="utf-8"))
    columns: dict[str, str] = data["columns"]
    skipped = aggregate_functions() | _NOT_SCALAR | _INTERNAL
    found: dict[str, dict[Template, None]] = {}
    for name, calls in data["calls"].items():
        if name in skipped:
            continue
        for call, answer in calls.items():
            template = _template(name, call, answer, columns)
            if template is not None:
                found.setdefault(template.result, {})[template] = None
    return {cat: tuple(t) for cat, t in sorted(found.items())}


def _template(name: str, call: str, answer: object, columns: dict[str, str]) -> Template | None:
    if not isinstance(answer, str):
        return None
    result = category(answer)
    inner = call[call.find("(") + 1 : call.rfind(")")]
    if result is None or not call.startswith(f"{name}("):
        return None
    operands = []
    for operand in (o.strip() for o in inner.split(",") if o.strip()):
        if operand == _ROWTIME_COLUMN:
            return None
        if operand in columns:
            cat = category(columns[operand])
            if cat is None:
                return None
            operands.append(("cat", cat))
        else:
            operands.append(("literal", operand))
    return Template(name, tuple(operands), result)


def draw(rng: random.Random, cat: str) -> Template | None:
    """A template answering ``cat``, its function first drawn evenly among the functions that
    have one (so that a function with many recorded calls is not drawn more often)."""
    pool = templates().get(cat)
    if not pool:
        return None
    names = sorted({t.name for t in pool})
    name = names[rng.randrange(len(names))]
    of_name = [t for t in pool if t.name == name]
    return of_name[rng.randrange(len(of_name))]
