"""Record how real Flink 2.3 parses and prints data types: ``tests/goldens/types_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_types_oracle.py [--check]

Every ``ddl`` case is a column type as written in ``CREATE TABLE t (c <type>) WITH (...)``; for
it Flink's answer is recorded: the column's type in ``SHOW CREATE TABLE`` (``serializable``, i.e.
``LogicalType.asSerializableString()`` with the top-level ``NOT NULL``), the ``type`` and ``null``
columns of ``DESCRIBE`` (``summary``, ``nullable``), and ``LogicalType.asSummaryString()`` of the
stored type (``summary_full``, with the top-level ``NOT NULL``), or the error Flink raised
(``error``: the root cause's message, as ``tests/flink_oracle.error_message`` reads it). Besides
the hand-picked cases, ``GENERATED`` random types (fixed seed, varied spellings) are recorded.

Every ``logical`` case is a type Flink's DDL rejects but its type system knows (INTERVAL types,
the NULL type), parsed by ``LogicalTypeParser``: its ``serializable`` and ``summary`` forms.
``time_attributes`` records ``DESCRIBE`` (name, type, null, and the stored type's summary) of
tables with rowtime and proctime columns.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import error_message, new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "goldens" / "types_oracle.json"
PREFIX = "CREATE TABLE t (c "
SUFFIX = ") WITH ('connector' = 'blackhole')"
GENERATED = 300
SEED = 20250101

DDL_CASES = [
    # character strings
    "CHAR", "CHAR(5)", "CHARACTER", "CHARACTER(3)", "char(2)", "CHAR(2147483647)",
    "VARCHAR", "VARCHAR(10)", "VARCHAR(2147483647)", "VARCHAR(00010)", "STRING", "string",
    "CHARACTER VARYING", "CHARACTER VARYING(4)", "CHAR VARYING", "CHAR VARYING(3)",
    # binary strings
    "BINARY", "BINARY(4)", "BINARY(2147483647)", "VARBINARY", "VARBINARY(8)",
    "VARBINARY(2147483647)", "BYTES", "bytes", "BINARY VARYING", "BINARY VARYING(3)",
    # zero lengths: accepted, DESCRIBE works, SHOW CREATE TABLE fails
    "VARCHAR(0)", "CHAR(0)", "BINARY(0)", "VARBINARY(0)",
    # numbers
    "BOOLEAN", "TINYINT", "SMALLINT", "INT", "INTEGER", "int", "BIGINT", "FLOAT", "DOUBLE",
    "DOUBLE PRECISION", "double  precision", "DECIMAL", "DECIMAL(5)", "DECIMAL(5, 2)",
    "DECIMAL(3 , 1)", "DEC", "DEC(7,3)", "NUMERIC", "NUMERIC(38, 38)", "DECIMAL(38)",
    "DECIMAL(1, 0)", "DECIMAL(39, 0)", "DECIMAL(40, 38)", "DECIMAL(2147483647, 0)",
    # date and time
    "DATE", "TIME", "TIME(0)", "TIME(1)", "TIME(3)", "TIME(4)", "TIME(9)", "TIME(10)",
    "TIME WITHOUT TIME ZONE", "TIME(3) WITHOUT TIME ZONE",
    "TIMESTAMP", "TIMESTAMP(0)", "TIMESTAMP(3)", "TIMESTAMP(9)", "TIMESTAMP(10)",
    "TIMESTAMP(100)", "TIMESTAMP ( 3 )", "TIMESTAMP WITHOUT TIME ZONE",
    "TIMESTAMP(3) WITHOUT TIME ZONE", "TIMESTAMP WITH LOCAL TIME ZONE",
    "TIMESTAMP(3) WITH LOCAL TIME ZONE", "TIMESTAMP(3) WITH LOCAL TIME ZONE NOT NULL",
    "TIMESTAMP_LTZ", "TIMESTAMP_LTZ(0)", "TIMESTAMP_LTZ(3)", "TIMESTAMP_LTZ(9)",
    "TIMESTAMP_LTZ(10)", "timestamp_ltz(3)",
    # other atomic types
    "VARIANT", "VARIANT NOT NULL", "BITMAP", "BITMAP NOT NULL",
    # nullability
    "INT NOT NULL", "INT NULL", "BOOLEAN NOT NULL", "STRING NOT NULL",
    # collections
    "ARRAY<INT>", "ARRAY<INT NOT NULL>", "ARRAY<INT NULL>", "INT ARRAY", "INT NOT NULL ARRAY",
    "INT ARRAY NOT NULL", "INT ARRAY ARRAY", "INT ARRAY MULTISET", "array<varchar(3)>",
    "ARRAY<ARRAY<INT NOT NULL> NOT NULL>", "ARRAY<VARIANT>", "ARRAY<BITMAP>",
    "TIMESTAMP_LTZ(3) ARRAY", "TIMESTAMP_LTZ(3) NOT NULL ARRAY", "TINYINT NOT NULL ARRAY",
    "INT NOT NULL ARRAY NOT NULL MULTISET", "MULTISET<STRING>", "STRING MULTISET",
    "MULTISET<ROW<a INT>>", "MAP<STRING, INT>", "MAP<STRING NOT NULL, ARRAY<INT NOT NULL>>",
    "MAP<INT NOT NULL, INT NOT NULL> NOT NULL", "MAP<INT, STRING> ARRAY",
    "MAP<INT, INT> MULTISET NOT NULL", "MAP<ROW<a INT>, MULTISET<BYTES>>",
    # rows
    "ROW<a INT>", "ROW<a INT NOT NULL, b STRING 'comment'>", "ROW(a INT, b STRING)",
    "ROW<`a b` INT, `x``y` STRING 'it''s'>", "ROW<>", "ROW()", "ROW<a INT> NOT NULL",
    "ROW<a INT> ARRAY", "ROW<a INT NOT NULL> NOT NULL ARRAY NOT NULL", "ROW<a INT> MULTISET",
    "ROW<a ROW<b TIMESTAMP_LTZ(3) NOT NULL, c TIMESTAMP(3)>>",
    "ROW<a STRING, b BYTES, c CHAR(1), d VARCHAR(1)>", "ROW<`select` INT>",
    "ROW<a INT 'x', b INT 'y'>", "ROW<a INT NOT NULL 'c'>", "ROW(a INT 'c')", "ROW<a INT NULL>",
    "row<a int>", "Row<A Int>", "ROW<a INT, `A` INT>", "ROW<a INT ARRAY, b MAP<INT, INT>>",
    "ROW<a DECIMAL, b TIME, c TIMESTAMP, d TIMESTAMP_LTZ>",
    # rejected: syntax
    "TIMESTAMP WITH TIME ZONE", "TIME WITH TIME ZONE", "TIME(3) WITH TIME ZONE",
    "TIMESTAMP_LTZ WITH LOCAL TIME ZONE", "TIMESTAMP(3) WITH LOCAL TIME ZONE(3)", "STRING(3)",
    "FLOAT(5)", "DOUBLE(5)", "INT(5)", "BIGINT UNSIGNED", "DECIMAL(5, -1)", "DECIMAL(+3)",
    "DECIMAL(3.0)", "VARCHAR(1e3)", "DECIMAL(", "DECIMAL()", "VARCHAR(3", "ARRAY",
    "ARRAY(INT)", "ARRAY<>", "ARRAY<INT", "INT ARRAY<INT>", "MAP<INT>", "MAP<INT, INT",
    "MULTISET", "ROW", "ROW<a INT", "ROW(a INT>", "ROW<a INT)", "ROW<a INT,>", "ROW<a>",
    "ROW<a.b INT>", "ROW<a INT NOT NULL COMMENT 'x'>", "ROW<SELECT INT>", "ROW<a SELECT>",
    "ROW<a INT> NOT", "INT NOT", "INT NOT 5", "INT NOT NULL NOT NULL", "INT NULL NOT NULL",
    "INT NOT NULL NULL", "RAW", "RAW('java.lang.String')", "SELECT", "VALUE", "NULL",
    "NULL ARRAY", "ARRAY<NULL>", "INTERVAL", "INTERVAL DAY", "INTERVAL YEAR TO MONTH",
    "INTERVAL DAY(2) TO SECOND(3)", "ROW<a INTERVAL DAY>", "STRUCTURED",
    "VARCHAR(2147483648)", "CHAR(2147483648)", "TIME(2147483648)", "TIMESTAMP(99999999999)",
    "DECIMAL(38, 2147483648)", "ROW<select INT>", "ROW<a select>", "array(INT)", "interval day",
    "null", "ROW<STRING INT>", "ROW<TIMESTAMP INT>", "ROW<timestamp INT>", "ROW<VALUE INT>",
    "ROW<COMMENT INT>", "ROW<MAP INT, KEY INT, ZONE INT, METADATA INT, ENFORCED INT>",
    "ROW<a INT 'x' NOT NULL>", "ROW<a INT, b INT", "MAP<INT ARRAY, INT MULTISET>",
    "ARRAY<INT ARRAY>", "MULTISET<INT MULTISET>", "ARRAY<ROW<a INT> NOT NULL>",
    # rejected: validation
    "FOO", "`INT`", "cat.db.mytype", "MAP", "ROW<a FOO>", "REAL", "ANY",
    "TIME WITH LOCAL TIME ZONE", "TIME(3) WITH LOCAL TIME ZONE", "DECIMAL(0)", "DECIMAL(0, 0)",
    "DECIMAL(5, 6)", "DECIMAL(38, 39)", "DECIMAL(39, 39)", "DECIMAL(100, 50)",
    "ROW<a INT, a STRING>", "ROW<a INT, a STRING, b INT, b INT>", "ARRAY<ROW<a INT, a INT>>",
    "ROW<a INT, a DECIMAL(0)>", "ROW<a DECIMAL(0), b FOO>",
    "RAW('java.lang.String', 'not a snapshot')",
]  # fmt: skip

LOGICAL_CASES = [
    "INTERVAL YEAR", "INTERVAL YEAR(1)", "INTERVAL YEAR(4)", "INTERVAL YEAR TO MONTH",
    "INTERVAL YEAR(3) TO MONTH", "INTERVAL MONTH", "INTERVAL DAY", "INTERVAL DAY(1)",
    "INTERVAL DAY(6)", "INTERVAL DAY TO HOUR", "INTERVAL DAY(3) TO HOUR", "INTERVAL DAY TO MINUTE",
    "INTERVAL DAY(4) TO MINUTE", "INTERVAL DAY TO SECOND", "INTERVAL DAY TO SECOND(0)",
    "INTERVAL DAY(2) TO SECOND(3)", "INTERVAL DAY(6) TO SECOND(9)", "INTERVAL HOUR",
    "INTERVAL HOUR TO MINUTE", "INTERVAL HOUR TO SECOND", "INTERVAL HOUR TO SECOND(2)",
    "INTERVAL MINUTE", "INTERVAL MINUTE TO SECOND", "INTERVAL MINUTE TO SECOND(1)",
    "INTERVAL SECOND", "INTERVAL SECOND(0)", "INTERVAL SECOND(3)", "INTERVAL SECOND(9)",
    "INTERVAL YEAR NOT NULL", "ARRAY<INTERVAL DAY>", "ROW<a INTERVAL MONTH NOT NULL>",
    "NULL", "ARRAY<NULL>",
    # rejected
    "INTERVAL YEAR(0)", "INTERVAL YEAR(5)", "INTERVAL DAY(0)", "INTERVAL DAY(7)",
    "INTERVAL DAY TO SECOND(10)", "INTERVAL SECOND(10)",
]  # fmt: skip


# -- random types, spelled in the many ways the DDL accepts -------------------------------------
_ATOMS = [
    lambda r: r.choice(["CHAR", "CHARACTER"]) + r.choice(["", f"({r.randint(1, 300)})"]),
    lambda r: r.choice(["VARCHAR", "CHARACTER VARYING"]) + r.choice(["", f"({r.randint(1, 9)})"]),
    lambda r: "STRING",
    lambda r: "BOOLEAN",
    lambda r: "BINARY" + r.choice(["", f"({r.randint(1, 64)})"]),
    lambda r: "VARBINARY" + r.choice(["", f"({r.randint(1, 64)})"]),
    lambda r: "BYTES",
    lambda r: _decimal(r),
    lambda r: r.choice(["TINYINT", "SMALLINT", "INT", "INTEGER", "BIGINT"]),
    lambda r: r.choice(["FLOAT", "DOUBLE", "DOUBLE PRECISION"]),
    lambda r: "DATE",
    lambda r: "TIME" + _precision(r, 5) + r.choice(["", " WITHOUT TIME ZONE"]),
    lambda r: "TIMESTAMP" + _precision(r, 11) + r.choice(["", " WITHOUT TIME ZONE"]),
    lambda r: "TIMESTAMP" + _precision(r, 11) + " WITH LOCAL TIME ZONE",
    lambda r: "TIMESTAMP_LTZ" + _precision(r, 11),
    lambda r: r.choice(["VARIANT", "BITMAP"]),
]


def _precision(r: random.Random, top: int) -> str:
    return r.choice(["", f"({r.randint(0, top)})"])


def _decimal(r: random.Random) -> str:
    name = r.choice(["DECIMAL", "DEC", "NUMERIC"])
    p = r.randint(1, 38)
    return name + r.choice(["", f"({p})", f"({p}, {r.randint(0, p)})"])


def _nullability(r: random.Random) -> str:
    return r.choice(["", "", " NOT NULL", " NULL"])


def _field_name(r: random.Random, used: set[str]) -> str:
    while True:
        name = r.choice(["a", "b", "c", "f0", "Name", "x_y", "`a b`", "`sel``ect`", "`timestamp`"])
        if name.strip("`").lower() not in used:
            used.add(name.strip("`").lower())
            return name


def random_type(r: random.Random, depth: int = 0) -> str:
    kind = r.random() if depth < 3 else 0.0
    if kind < 0.55:
        text = r.choice(_ATOMS)(r)
    elif kind < 0.65:
        text = f"ARRAY<{random_type(r, depth + 1)}>"
    elif kind < 0.7:
        text = f"MULTISET<{random_type(r, depth + 1)}>"
    elif kind < 0.8:
        text = f"MAP<{random_type(r, depth + 1)}, {random_type(r, depth + 1)}>"
    else:
        used: set[str] = set()
        fields = []
        for _ in range(r.randint(0, 3)):
            field = f"{_field_name(r, used)} {random_type(r, depth + 1)}"
            if r.random() < 0.2:
                field += " 'a comment'"
            fields.append(field)
        text = f"ROW<{', '.join(fields)}>" if r.random() < 0.8 else f"ROW({', '.join(fields)})"
    text += _nullability(r)
    while r.random() < 0.1:
        text += r.choice([" ARRAY", " MULTISET"]) + _nullability(r)
    return text


def generated_cases() -> list[str]:
    r = random.Random(SEED)
    cases: list[str] = []
    while len(cases) < GENERATED:
        text = random_type(r)
        if text not in cases and text not in DDL_CASES:
            cases.append(text)
    return cases


# -- asking Flink --------------------------------------------------------------------------------
def _rows(env: Any, statement: str) -> list[tuple[Any, ...]]:
    with env.execute_sql(statement).collect() as rows:
        return [tuple(row) for row in rows]


def record_ddl(env: Any, case: str) -> dict[str, Any]:
    out: dict[str, Any] = {"input": case}
    try:
        env.execute_sql(f"{PREFIX}{case}{SUFFIX}")
    except Exception as exc:  # Py4JJavaError and PyFlink's own exceptions alike
        out["error"] = error_message(exc)
        return out
    try:
        try:
            text = _rows(env, "SHOW CREATE TABLE t")[0][0]
            start = text.index("  `c` ") + len("  `c` ")
            out["serializable"] = text[start : text.index("\n)\n")]
        except Exception as exc:
            out["serializable_error"] = error_message(exc)
        row = _rows(env, "DESCRIBE t")[0]
        out["summary"] = row[1]
        out["nullable"] = row[2]
        table = getattr(env._j_tenv, "from")("t")  # TableEnvironment.from(path)
        logical = table.getResolvedSchema().getColumns().get(0).getDataType().getLogicalType()
        out["summary_full"] = logical.asSummaryString()
    finally:
        env.execute_sql("DROP TABLE t")
    return out


def record_logical(gateway: Any, case: str) -> dict[str, Any]:
    jvm = gateway.jvm
    loader = jvm.Thread.currentThread().getContextClassLoader()
    out: dict[str, Any] = {"input": case}
    try:
        logical = jvm.org.apache.flink.table.types.logical.utils.LogicalTypeParser.parse(
            case, loader
        )
    except Exception as exc:
        out["error"] = error_message(exc)
        return out
    out["serializable"] = logical.asSerializableString()
    out["summary"] = logical.asSummaryString()
    return out


TIME_ATTRIBUTE_TABLES = [
    "CREATE TABLE ta (ts TIMESTAMP(3), p AS PROCTIME(), WATERMARK FOR ts AS ts)",
    "CREATE TABLE ta (ts TIMESTAMP_LTZ(3) NOT NULL, WATERMARK FOR ts AS ts)",
    "CREATE TABLE ta (ts TIMESTAMP(0) NOT NULL, WATERMARK FOR ts AS ts)",
]


def record_time_attributes(env: Any) -> list[dict[str, Any]]:
    """DESCRIBE of tables with rowtime and proctime columns: how time attributes print."""
    out = []
    for ddl in TIME_ATTRIBUTE_TABLES:
        env.execute_sql(f"{ddl}{SUFFIX[1:]}")
        try:
            rows = [list(row[:3]) for row in _rows(env, "DESCRIBE ta")]
            table = getattr(env._j_tenv, "from")("ta")
            columns = table.getResolvedSchema().getColumns()
            for row, i in zip(rows, range(columns.size()), strict=True):
                row.append(columns.get(i).getDataType().getLogicalType().asSummaryString())
        finally:
            env.execute_sql("DROP TABLE ta")
        out.append({"statement": ddl, "describe": rows})
    return out


def raw_string_type(gateway: Any) -> str:
    """A RAW type with a serializer snapshot Flink can restore."""
    jvm = gateway.jvm
    raw = jvm.org.apache.flink.table.types.logical.RawType(
        jvm.java.lang.Class.forName("java.lang.String"),
        jvm.org.apache.flink.api.common.typeutils.base.StringSerializer.INSTANCE,
    )
    return str(raw.asSerializableString())


def record() -> dict[str, Any]:
    env = new_environment()
    from pyflink.java_gateway import get_gateway

    gateway = get_gateway()
    raw = raw_string_type(gateway)
    ddl_cases = [*DDL_CASES, raw, f"{raw} NOT NULL", f"ROW<r {raw}>", f"ARRAY<{raw}>"]
    ddl = [record_ddl(env, case) for case in ddl_cases]
    generated = [record_ddl(env, case) for case in generated_cases()]
    logical = [record_logical(gateway, case) for case in LOGICAL_CASES]
    time_attributes = record_time_attributes(env)
    return {
        "flink": str(gateway.jvm.org.apache.flink.runtime.util.EnvironmentInformation.getVersion()),
        "statement": f"{PREFIX}<input>{SUFFIX}",
        "ddl": ddl,
        "generated": generated,
        "logical": logical,
        "time_attributes": time_attributes,
    }


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    return record_or_check(__doc__ or "", GOLDEN, lambda: dump(record()), argv)


if __name__ == "__main__":
    sys.exit(main())
