"""The mutator: faults that turn a valid expression into one Flink rejects (unknown names and
functions, wrong arity, wrong types, unquoted reserved words, bad literals)."""

from __future__ import annotations

import random

from tests.difftest.tree import Node, node

RESERVED_BARE = (
    "value",
    "year",
    "`quoted`.value",
    "datetime",
    "result",
    "position",
    "start",
    "end",
    "period",
    "only",
    "groups",
    "hash",
    "statement",
    "tables",
    "json_value",
)


def fault(rng: random.Random, cat: str, sample: Node) -> Node:
    """A faulty expression standing where an expression of ``cat`` was expected; ``sample`` is a
    valid expression of that category drawn from the same scope."""
    kinds = (
        lambda: node("NO_SUCH_FN(", sample, ")", cat=cat),
        lambda: node("DATEDIFF(", sample, ", ", sample, ")", cat=cat),
        lambda: node("UPPER(", sample, ", 'x')", cat=cat),
        lambda: node("ABS(", sample, ", 1)", cat=cat),
        lambda: node("MOD(", sample, ")", cat=cat),
        lambda: node("ABS(TRUE)", cat=cat),
        lambda: node("(", sample, " + TRUE)", cat=cat),
        lambda: node("CAST(TRUE AS DATE)", cat=cat),
        lambda: node("(DATE '2024-01-01' = TRUE)", cat=cat),
        lambda: node("(42 LIKE 'a%')", cat=cat),
        lambda: node("SUM('x')", cat=cat),
        lambda: node("nope_column", cat=cat),
        lambda: node("ta.nope", cat=cat),
        lambda: node(rng.choice(RESERVED_BARE), cat=cat),
        lambda: node("DATE '2024-13-45'", cat=cat),
        lambda: node("TIMESTAMP '2024-01-01 25:00:00'", cat=cat),
        lambda: node("INTERVAL '1' FORTNIGHT", cat=cat),
        lambda: node("99999999999999999999", cat=cat),
        lambda: node("CARDINALITY(ARRAY[])", cat=cat),
        lambda: node("(", sample, " IN ())", cat=cat),
        lambda: node(
            "(TIMESTAMP '2024-01-01 00:00:00' - TIMESTAMP '2024-01-02 00:00:00')", cat=cat
        ),
        lambda: node("RANK()", cat=cat),
        lambda: node("ROW_NUMBER() OVER ()", cat=cat),
        lambda: node("'unterminated", cat=cat),
        lambda: node("CAST(", sample, " AS NOSUCHTYPE)", cat=cat),
    )
    return kinds[rng.randrange(len(kinds))]()
