"""The three kinds of column a Flink table has, and which parts of a column definition each kind
takes (Flink's ``CREATE TABLE`` grammar):

- physical: ``name type [NOT NULL] [COMMENT c]``
- metadata: ``name type [NOT NULL] METADATA [FROM 'key'] [VIRTUAL] [COMMENT c]``
- computed: ``name AS expression [COMMENT c]``: no type, Flink derives it from the expression.

One definition serves the forms' validation and which fields a form shows for each kind.
"""

from __future__ import annotations

from collections.abc import Mapping

PHYSICAL, METADATA, COMPUTED = "physical", "metadata", "computed"
KINDS = (PHYSICAL, METADATA, COMPUTED)

# The parts of a definition that depend on the kind, with their labels on a form.
PARTS = {
    "data_type": "Type",
    "not_null": "NOT NULL",
    "expression": "Expression",
    "metadata_key": "Metadata key",
    "virtual": "VIRTUAL",
}
# The parts each kind takes; the first one is required.
TAKES: dict[str, tuple[str, ...]] = {
    PHYSICAL: ("data_type", "not_null"),
    METADATA: ("data_type", "not_null", "metadata_key", "virtual"),
    COMPUTED: ("expression",),
}
# The kind to choose for a part that the chosen kind does not take.
_KIND_OF = {"data_type": PHYSICAL, "not_null": PHYSICAL, "expression": COMPUTED}


def kinds_taking(part: str) -> tuple[str, ...]:
    """The kinds of column whose definition has ``part``."""
    return tuple(kind for kind in KINDS if part in TAKES[kind])


def column_kind_problems(kind: str, given: Mapping[str, bool]) -> dict[str, str]:
    """What is wrong with a column of ``kind`` given which parts were filled in: one message
    per part, naming it. Empty when the parts follow the kind."""
    if kind not in TAKES:
        return {"kind": f"Choose the kind of column: {', '.join(KINDS)}."}
    problems: dict[str, str] = {}
    required = TAKES[kind][0]
    if not given.get(required):
        what = "an expression" if required == "expression" else "a type"
        problems[required] = f"A {kind} column needs {what}."
    for part, label in PARTS.items():
        if given.get(part) and part not in TAKES[kind]:
            problems[part] = _not_taken(kind, part, label)
    return problems


def _not_taken(kind: str, part: str, label: str) -> str:
    flag = part in ("not_null", "virtual")  # a checkbox: the column "is" it, it does not "have" it
    has = f"cannot be {label}" if flag else f"has no {label}"
    clear = f"untick {label}" if flag else f"clear {label}"
    if kind == COMPUTED and part in ("data_type", "not_null"):
        return (
            f"A computed column {has}: Flink derives its type from the expression. "
            f"{clear[0].upper()}{clear[1:]}, or make it a physical column."
        )
    other = _KIND_OF.get(part, METADATA)
    return f"A {kind} column {has}: {clear}, or make it a {other} column."


# The types a column's type picker offers (each one a type Flink's DDL reads; any other Flink
# type may be typed in).
COLUMN_TYPES = (
    "BOOLEAN",
    "TINYINT",
    "SMALLINT",
    "INT",
    "BIGINT",
    "FLOAT",
    "DOUBLE",
    "DECIMAL(10, 2)",
    "CHAR(1)",
    "VARCHAR(255)",
    "STRING",
    "BINARY(16)",
    "VARBINARY(255)",
    "BYTES",
    "DATE",
    "TIME(0)",
    "TIMESTAMP(3)",
    "TIMESTAMP_LTZ(3)",
    "ARRAY<STRING>",
    "MAP<STRING, STRING>",
    "MULTISET<STRING>",
    "ROW<city STRING, zip STRING>",
    "VARIANT",
)
