"""The known gaps of the seeded sample: disagreements not fixed yet, each with its reason.

``known_gaps.json`` holds the sample (seed, count) and, per disagreeing statement, its category
and a reason. The CI test (``tests/test_difftest.py``) fails on a disagreement not listed and on a
listed one that agrees now. ``python -m tests.difftest.gaps`` rewrites the list from a live run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

GAPS_FILE = Path(__file__).with_name("known_gaps.json")
SAMPLE_SEED = 20261201
SAMPLE_COUNT = 250

# the class of issue #14 a disagreement belongs to, recognised from its signature (the message, the
# place two texts part, the column types that differ); first match wins
REASONS: tuple[tuple[str, str], ...] = (
    (r"^internal", "an internal error: the dashboard must never fail this way"),
    (
        r"Column 'EXPR\$",
        "ORDER BY a derived EXPR$n name is accepted; Flink refuses it (#14 class 4)",
    ),
    (
        r"Column '[Uu]' not found",
        "U&'...' Unicode literals are read as a column U (#14 class 8)",
    ),
    (
        r"Unsupported expression: CONCAT",
        "a string literal continued on the next line is refused (#14 class 8)",
    ),
    (
        r"SQL parse failed. Encountered",
        "a form Flink parses is refused here: _UTF16'...' literals and others (#14 class 8)",
    ),
    (r"INTEGER >", "CAST(... AS ROW<a INT>) is written ROW< A INTEGER > (#14 class 11)"),
    (
        r"_ AS \(_ ORDER BY.*ours «.*AS \(ORDER BY",
        "a named window built on another loses the reference (#14 class 10)",
    ),
    (r"LATERAL item", "CROSS JOIN LATERAL UNNEST(...) is not supported yet"),
    (
        r"No match found for function signature RANK",
        "RANK() without OVER: Flink accepts it when it creates a view",
    ),
    (
        r"ROW/RANGE not allowed",
        "LAG/LEAD/RANK with a ROWS/RANGE frame are not refused (#14 class 6/10)",
    ),
    (
        r"Cannot apply|Invalid number of arguments|Require at least|Cast function cannot",
        "type and arity checks are missing (#14 class 6)",
    ),
    (r"No match found for function", "unknown functions are not refused everywhere (#14 class 5)"),
    (
        r"Illegal .* literal|out of range|Numeric literal",
        "invalid literals are accepted (#14 class 8)",
    ),
    (
        r"Ordinal out of range|is not in the select clause|EXPR\$",
        "invalid ORDER BYs are accepted (#14 class 4)",
    ),
    (r"not being grouped|GROUP BY", "aggregation checks are missing (#14 class 6)"),
    (r"Encountered", "a statement Flink cannot parse is accepted here (e.g. IN (), #14 class 6)"),
    (r"Flink «u&", "non-ASCII string literals: Flink writes them u&'\\hhhh' (#14 class 8)"),
    (
        r"ours «DECIMAL",
        "DECIMAL '...' literals are written as typed; Flink writes the number (#14 class 8)",
    ),
    (
        r"ours «- -",
        "a unary minus of a negative literal is not folded as Flink folds it (#14 class 8)",
    ),
    (r"Flink «UNKNOWN.*ours «NULL", "IS UNKNOWN is written IS NULL (#14 class 8)"),
    (
        r"ours «(rows|range|preceding|following|current)",
        "frame keywords written in lower case keep their case (#14 class 10)",
    ),
    (
        r"Flink «\((LOCALTIME|CURRENT|LOCALTIMESTAMP|FLOOR|TIMESTAMPADD)",
        "FLOOR/CEIL of a datetime expression: Flink parenthesises its operand",
    ),
    (
        r"Flink «\(SELECT|Flink «\(",
        "parentheses around a query with ORDER BY/LIMIT/FETCH in WITH or a set operation"
        " (#14 class 2)",
    ),
    (
        r"NOT IN|IS NOT|IS TRUE|NOT \(",
        "parentheses around NOT IN / IS [NOT] / NOT differ from Flink's",
    ),
    (r"ROW\(", "VALUES rows: literal and type rendering differs"),
    (r"CAST", "the implicit casts Flink writes (type coercion) differ"),
    (r"nullable", "the nullability Flink derives differs (#14 class 11)"),
    (r"DECIMAL", "decimal literal and arithmetic types differ (#14 class 8)"),
    (
        r"type Flink INT ours BIGINT",
        "integer literal types differ (-2147483648 is INT, #14 class 8)",
    ),
    (r"ROWTIME", "time attributes through set operations differ"),
    (r"FLOAT|DOUBLE", "FLOAT x DECIMAL is DOUBLE in Flink (#14 class 8)"),
    (r"TIME\(", "the precision of TIME in COALESCE/CASE differs"),
    (r"columns|CHAR|STRING|BINARY", "result types or column names differ"),
)


def reason_for(category: str, signature: str, difference: str | None = None) -> str:
    """Why a disagreement is a known gap: the class its signature (or message) belongs to."""
    text = f"{signature} {(difference or '').split(chr(10), 1)[0]}"
    for pattern, reason in REASONS:
        if re.search(pattern, text):
            return f"{category}: {reason}"
    return f"{category}: not classified yet: {signature[:200]}"


def load() -> dict:
    return json.loads(GAPS_FILE.read_text(encoding="utf-8"))


def write(findings: list) -> None:
    from tests.difftest.compare import DISAGREEMENTS

    gaps = {
        f.statement: {
            "category": f.category,
            "signature": f.signature,
            "reason": reason_for(f.category, f.signature, f.difference),
        }
        for f in findings
        if f.category in DISAGREEMENTS
    }
    data = {"seed": SAMPLE_SEED, "count": SAMPLE_COUNT, "gaps": dict(sorted(gaps.items()))}
    GAPS_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    from tests.difftest.run import run

    outcome = run(SAMPLE_SEED, SAMPLE_COUNT, reduce_each=0)
    write(outcome.findings)
    print(outcome.figures())


if __name__ == "__main__":
    main()
