"""Generated ``CREATE TABLE`` statements, asked of real Flink and of the dashboard.

The view tester (``generator.py``) covers queries; this covers the table DDL that
``SHOW CREATE TABLE`` and ``DESCRIBE`` render: physical columns of random types (the type
spellings of ``tests/record_types_oracle.py``), names plain, quoted, reserved and in other
cases, column and table comments with quotes and other scripts, inline and table primary keys
(named or not), computed columns over the table's own columns, metadata columns (``FROM`` a
key, ``VIRTUAL``), watermarks on physical and computed columns, ``PARTITIONED BY``,
``DISTRIBUTED BY`` and options with quotes in keys and values. Nothing stops a random choice
from being wrong (a key on an unknown column, a watermark on a string, two columns of one
name): both sides must then refuse alike.

Each statement is run as ``CREATE TABLE``, then (when it was accepted) ``SHOW CREATE TABLE`` and
``DESCRIBE``, then the table is dropped. Statement ``i`` of a seed depends only on ``(seed, i)``.

Run: ``.venv/bin/python -m tests.difftest.tables --seed 1 --count 2000``; the figures are
printed, the disagreements written to ``.cache/difftest/tables-<seed>.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tests.difftest.compare import CATEGORIES, DISAGREEMENTS, classify
from tests.record_types_oracle import random_type

TABLE_NAME = "dt.main.gt"
OUT = Path(__file__).resolve().parents[2] / ".cache" / "difftest"

_NAMES = ["a", "b", "id", "Name", "amount", "`a b`", "`select`", "`x``y`", "`用户`", "ts", "TS"]
_TIME_TYPES = ["TIMESTAMP(3)", "TIMESTAMP(0)", "TIMESTAMP", "TIMESTAMP_LTZ(3)", "TIMESTAMP(9)"]
_TEXTS = ["a comment", "it''s", "línea", "tab\there", "x\ny", "", "''", "%s", "\\n", "注释"]
_COMPUTED = [
    "PROCTIME()",
    "CURRENT_TIMESTAMP",
    "CAST({c} AS STRING)",
    "{c} IS NULL",
    "COALESCE({c}, {c})",
    "CAST(NULL AS INT)",
    "1 + 2",
    "'lit'",
    "{c}",
    "TO_TIMESTAMP_LTZ(0, 3)",
    "CASE WHEN {c} IS NULL THEN 1 ELSE 2 END",
    "UPPER(CAST({c} AS STRING))",
    "{c} + 1",
    "CAST({c} AS TIMESTAMP(3))",
]
_WATERMARKS = ["{c}", "{c} - INTERVAL '5' SECOND", "{c} - INTERVAL '1' MINUTE", "{c} + 1"]
_OPTION_KEYS = ["k", "sink.parallelism", "a.b-c", "it''s", "x y", "fields.id.kind"]
_OPTION_VALUES = ["v", "1", "it''s", "a=b", "", "ü", "${X}", "line\nbreak"]


def _bare(name: str) -> str:
    return name.strip("`").replace("``", "`").lower()


def _column_name(r: random.Random, used: set[str]) -> str:
    for _ in range(20):
        name = r.choice(_NAMES)
        if _bare(name) not in used or r.random() < 0.02:  # now and then, a duplicate
            used.add(_bare(name))
            return name
    return f"c{len(used)}"


def _comment(r: random.Random) -> str:
    return f" COMMENT '{r.choice(_TEXTS)}'" if r.random() < 0.25 else ""


def table_statement(seed: int, index: int) -> str:
    """The ``index``-th generated ``CREATE TABLE`` of ``seed``."""
    r = random.Random(f"tables-{seed}-{index}")
    used: set[str] = set()
    items: list[str] = []
    physical: list[str] = []
    times: list[str] = []
    key_inline = False
    for _ in range(r.randint(1, 5)):
        name = _column_name(r, used)
        is_time = r.random() < 0.3
        kind = r.choice(_TIME_TYPES) if is_time else random_type(r, depth=1 + r.randint(0, 2))
        text = f"{name} {kind}"
        if not key_inline and r.random() < 0.1:
            key_inline = True
            text += r.choice(["", " CONSTRAINT pk"]) + " PRIMARY KEY NOT ENFORCED"
        items.append(text + _comment(r))
        physical.append(name)
        if is_time:
            times.append(name)
    for _ in range(r.choice([0, 0, 1, 2])):
        name = _column_name(r, used)
        expression = r.choice(_COMPUTED).format(c=r.choice(physical))
        items.append(f"{name} AS {expression}{_comment(r)}")
        if "TIMESTAMP" in expression or "PROCTIME" in expression:
            times.append(name)
    if r.random() < 0.25:
        name = _column_name(r, used)
        kind = r.choice(["TIMESTAMP_LTZ(3)", "STRING", "BIGINT", "MAP<STRING, BYTES>"])
        source = r.choice(["", " FROM 'timestamp'", " FROM 'headers'", " FROM 'k'"])
        items.append(f"{name} {kind} METADATA{source}{r.choice(['', ' VIRTUAL'])}{_comment(r)}")
    if r.random() < 0.4:
        column = r.choice(times) if times and r.random() < 0.9 else r.choice(physical)
        items.append(f"WATERMARK FOR {column} AS {r.choice(_WATERMARKS).format(c=column)}")
    if not key_inline and r.random() < 0.3:
        keys = r.sample(physical, r.randint(1, len(physical)))
        if r.random() < 0.05:
            keys.append("nope")
        named = r.choice(["", "CONSTRAINT pk ", "CONSTRAINT `my key` "])
        items.append(f"{named}PRIMARY KEY ({', '.join(keys)}) NOT ENFORCED")
    text = f"CREATE TABLE {TABLE_NAME} (\n  " + ",\n  ".join(items) + "\n)"
    if r.random() < 0.3:
        text += f"\nCOMMENT '{r.choice(_TEXTS)}'"
    if r.random() < 0.15:
        keys = r.sample(physical, r.randint(1, len(physical)))
        text += f"\nDISTRIBUTED BY {r.choice(['', 'HASH', 'RANGE'])}({', '.join(keys)})"
        text += r.choice(["", f" INTO {r.randint(1, 8)} BUCKETS"])
    elif r.random() < 0.05:
        text += f"\nDISTRIBUTED INTO {r.randint(1, 8)} BUCKETS"
    if r.random() < 0.2:
        keys = r.sample(physical, r.randint(1, len(physical)))
        text += f"\nPARTITIONED BY ({', '.join(keys)})"
    options = [("connector", r.choice(["datagen", "blackhole", "filesystem"]))]
    if options[0][1] == "filesystem":
        options += [("path", "/tmp/x"), ("format", "csv")]
    for _ in range(r.choice([0, 0, 1, 2])):
        options.append((r.choice(_OPTION_KEYS), r.choice(_OPTION_VALUES)))
    listed = ",\n  ".join(f"'{k}' = '{v}'" for k, v in options)
    return f"{text}\nWITH (\n  {listed}\n)"


def computed_statement(seed: int, index: int) -> str:
    """The ``index``-th generated table of ``seed`` with computed columns (and maybe a
    watermark) drawn by the view tester's expression generator over the physical columns of
    its table ``t_all``: every operator, function and literal it knows, a quarter with one
    fault."""
    from tests.difftest.expressions import Expressions, Scope
    from tests.difftest.schema_model import SCALAR, T_ALL

    r = random.Random(f"computed-{seed}-{index}")
    physical = [c for c in T_ALL.columns if c.name not in ("total", "up")]  # its computed ones
    items = [f"{c.name} {c.flink_type}{' NOT NULL' if c.key else ''}" for c in physical]
    expressions = Expressions(r)
    expressions.faults = 1 if r.random() < 0.25 else 0
    scope = Scope([(c.name, c) for c in physical])
    for k in range(r.randint(1, 3)):
        cat = r.choice(SCALAR)
        text = expressions.expr(scope, cat, depth=r.randint(1, 3)).render()
        items.append(f"x{k} AS {text}")
    if r.random() < 0.3:
        text = expressions.expr(scope, "ts", depth=r.randint(0, 2)).render()
        items.append(f"WATERMARK FOR ts AS {text}")
    return (
        f"CREATE TABLE {TABLE_NAME} (\n  "
        + ",\n  ".join(items)
        + "\n) WITH ('connector' = 'datagen')"
    )


SEPARATOR = ";\n-- then\n"
_ALTER_TYPES = ["INT", "BIGINT", "STRING", "VARCHAR(10)", "TIMESTAMP(3)", "DOUBLE", "BOOLEAN"]


def _column_names(create: str) -> list[str]:
    """The names a generated ``CREATE TABLE`` declares (its lines that start a column)."""
    names = []
    for line in create.split("\n")[1:]:
        if line.startswith(")"):
            break  # the end of the column list
        line = line.strip()
        if line.startswith(("WATERMARK", "PRIMARY", "CONSTRAINT")):
            continue
        name = line.split(" ")[0] if not line.startswith("`") else line[: line.index("` ", 1) + 1]
        names.append(name)
    return names


def alter_statement(seed: int, index: int) -> str:
    """The ``index``-th generated sequence of ``seed``: a generated table and one to three
    ``ALTER TABLE`` statements of every form on it, joined by :data:`SEPARATOR`."""
    r = random.Random(f"alter-{seed}-{index}")
    create = table_statement(seed, 100_000 + index)
    names = _column_names(create) or ["a"]
    alters = []
    for _ in range(r.randint(1, 3)):
        name = r.choice(names)
        other = r.choice(names)
        new = r.choice(["n1", "n2", "`n 3`", "ts", "Amount"])
        kind = r.choice(_ALTER_TYPES)
        position = r.choice(["", "", " FIRST", f" AFTER {other}"])
        comment = r.choice(["", "", " COMMENT 'c'", " COMMENT 'it''s'"])
        alters.append(
            r.choice(
                [
                    f"ADD {new} {kind}{comment}{position}",
                    f"ADD ({new} {kind}, {new}x AS {other} IS NULL{position})",
                    f"ADD {new} AS CAST({other} AS STRING){comment}",
                    f"ADD {new} {kind} METADATA FROM 'k' VIRTUAL",
                    f"MODIFY {name} {kind}{comment}{position}",
                    f"MODIFY ({name} {kind}{position})",
                    f"MODIFY {name} AS CAST({other} AS STRING)",
                    f"DROP {name}",
                    f"DROP ({name}, {other})",
                    f"RENAME {name} TO {new}",
                    f"ADD PRIMARY KEY ({name}) NOT ENFORCED",
                    f"MODIFY PRIMARY KEY ({name}, {other}) NOT ENFORCED",
                    "DROP PRIMARY KEY",
                    f"ADD WATERMARK FOR {name} AS {name} - INTERVAL '1' SECOND",
                    f"MODIFY WATERMARK FOR {name} AS {name}",
                    "DROP WATERMARK",
                    "SET ('k' = 'v', 'sink.parallelism' = '2')",
                    "RESET ('k', 'connector')",
                    "RESET ('fields.id.kind')",
                    "RENAME TO gt2",
                    f"ADD DISTRIBUTION BY HASH({name}) INTO {r.randint(0, 4)} BUCKETS",
                    f"ADD DISTRIBUTION INTO {r.randint(1, 4)} BUCKETS",
                    f"MODIFY DISTRIBUTION BY ({name}, {other})",
                    f"MODIFY DISTRIBUTION BY RANGE({new}) INTO 2 BUCKETS",
                    "DROP DISTRIBUTION",
                ]
            )
        )
        if alters[-1] == "RENAME TO gt2":
            break  # the table is gone by its name
    statements = [create] + [f"ALTER TABLE {TABLE_NAME} {a}" for a in alters]
    return SEPARATOR.join(statements)


def alter_steps(sequence: str, create_only: bool) -> list[str]:
    """A sequence's statements: its CREATE TABLE alone, or all of them and then SHOW CREATE
    TABLE and DESCRIBE of the table (as renamed)."""
    statements = sequence.split(SEPARATOR)
    if create_only:
        return statements[:1]
    shown = TABLE_NAME + ("2" if statements[-1].endswith("RENAME TO gt2") else "")
    return [*statements, f"SHOW CREATE TABLE {shown}", f"DESCRIBE {shown}"]


ALTER_DROP = (f"DROP TABLE IF EXISTS {TABLE_NAME}", f"DROP TABLE IF EXISTS {TABLE_NAME}2")


def classify_sequence(flink: list, ours: list) -> tuple[str, str | None]:
    """The category of the first answer of a sequence the two sides give differently."""
    from tests.test_goldens import compare

    internal = next((r for r in ours if r.get("internal")), None)
    if internal is not None:
        return "internal", internal["internal"].strip().splitlines()[-1]
    for index, (want, got) in enumerate(zip(flink, ours, strict=False)):
        difference = compare(want, got)
        if not difference:
            continue
        if want["ok"] and not got["ok"]:
            return "flink-ok-ours-refused", f"#{index}: {got['error']}"
        if got["ok"] and not want["ok"]:
            return "flink-refused-ours-ok", f"#{index}: {want['error']}"
        if not want["ok"]:
            return "message", f"#{index}: {difference}"
        kind = "describe" if want["statement"].startswith("DESCRIBE") else "text"
        return kind, f"#{index} {want['statement'][:60]}: {difference}"
    if len(flink) != len(ours):
        return "flink-ok-ours-refused", "the sequences differ in length"
    return "agree", None


def table_steps(statement: str, create_only: bool) -> list[str]:
    if create_only:
        return [statement]
    return [statement, f"SHOW CREATE TABLE {TABLE_NAME}", f"DESCRIBE {TABLE_NAME}"]


DROP = (f"DROP TABLE IF EXISTS {TABLE_NAME}",)


def ask(
    seed: int,
    count: int,
    flink: object,
    dashboard: object,
    progress: bool = False,
    statement_of: Callable[[int, int], str] = table_statement,
    classifier: Callable[[list, list], tuple[str, str | None]] = classify,
) -> tuple:
    """Both sides' answers to the first ``count`` tables of ``seed``: the count of each
    category, the number Flink accepted, and the findings (every answer not ``agree``)."""
    began = time.perf_counter()
    counts: Counter = Counter()
    valid = 0
    findings: list[dict] = []
    for index in range(count):
        statement = statement_of(seed, index)
        want, got = flink.answer(statement), dashboard.answer(statement)  # type: ignore[attr-defined]
        valid += bool(want[0]["ok"])
        category, difference = classifier(want, got)
        counts[category] += 1
        if category != "agree":
            findings.append(
                {"index": index, "category": category, "statement": statement,
                 "difference": difference, "flink": want, "ours": got}
            )  # fmt: skip
        if progress and (index + 1) % 200 == 0:
            print(f"... {index + 1} tables, {time.perf_counter() - began:.0f} s", flush=True)
    return counts, valid, findings


def cut_short(
    seed: int, count: int, flink: object, statement_of: Callable[[int, int], str]
) -> list[str]:
    """Every proper prefix, ending at a token, of the first ``count`` statements of ``seed``
    that Flink accepts (``tests.difftest.prefixes`` for table DDL)."""
    from catalogs.flinksql.dialect import tokenize

    cut = []
    for index in range(count):
        statement = statement_of(seed, index)
        if flink.answer(statement)[0]["ok"]:  # type: ignore[attr-defined]
            cut += [statement[: token.end + 1] for token in tokenize(statement)[:-1]]
    return cut


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument(
        "--computed", action="store_true", help="tables of generated computed columns"
    )
    parser.add_argument("--alter", action="store_true", help="tables, then ALTER TABLE")
    parser.add_argument(
        "--prefixes",
        action="store_true",
        help="every prefix ending at a token of the tables Flink accepts (a statement cut short)",
    )
    args = parser.parse_args()
    statement_of = computed_statement if args.computed else table_statement
    steps, drop, classifier = table_steps, DROP, classify
    if args.alter:
        statement_of, steps, drop = alter_statement, alter_steps, ALTER_DROP
        classifier = classify_sequence
    from tests.difftest.dashboard_side import Dashboard, setup_django
    from tests.difftest.flink_side import CACHE_DIR, FlinkOracle

    setup_django()
    flink = FlinkOracle(CACHE_DIR, part="-tables", steps=steps, drops=drop)
    dashboard = Dashboard(flink.schema, steps=steps, drops=drop)
    began = time.perf_counter()
    count = args.count
    if args.prefixes:
        cut = cut_short(args.seed, args.count, flink, statement_of)
        statement_of, count = (lambda _seed, index: cut[index]), len(cut)
    counts, valid, findings = ask(
        args.seed,
        count,
        flink,
        dashboard,
        progress=True,
        statement_of=statement_of,
        classifier=classifier,
    )
    figures = [f"generated tables:       {count}", f"valid per Flink:        {valid}"]
    figures += [f"  {c:24s}{counts.get(c, 0)}" for c in CATEGORIES]
    figures.append(f"disagreements:          {sum(counts.get(c, 0) for c in DISAGREEMENTS)}")
    figures.append(f"time:                   {time.perf_counter() - began:.1f} s")
    figures.append(f"Flink cache:            {flink.hits} hits, {flink.misses} asked")
    print("\n".join(figures))
    mode = "computed-" if args.computed else "alter-" if args.alter else ""
    mode += "prefixes-" if args.prefixes else ""
    report = OUT / f"tables-{mode}{args.seed}.jsonl"
    report.parent.mkdir(parents=True, exist_ok=True)
    with report.open("w", encoding="utf-8") as out:
        for finding in findings:
            out.write(json.dumps(finding, ensure_ascii=False) + "\n")
    print(f"findings: {report}")


if __name__ == "__main__":
    main()
