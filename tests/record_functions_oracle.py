"""Record what real Flink 2.3 answers for every built-in function:
``catalogs/flinksql/data/functions_oracle.json``.

Usage, from the project root::

    .venv/bin/python tests/record_functions_oracle.py [--check]

In one session: ``SHOW FUNCTIONS``, ``DESCRIBE FUNCTION EXTENDED`` of each name it lists, then
calls of each function (its listed name upper-cased, and the SQL-only names of ``SQL_ONLY``)
over the columns of one table ``t`` (``COLUMNS``: every typical argument type, nullable and NOT
NULL), as ``SELECT f(args) FROM t``. Each call's answer is recorded: the type of the query's
only column in the resolved schema Flink derived for it (the schema ``CREATE VIEW v AS SELECT
f(args) FROM t`` stores and ``DESCRIBE v`` prints, in ``LogicalType.asSummaryString()`` form),
or the message Flink refused it with (the root cause's, as ``tests/flink_oracle.error_message``
reads it). For each function, how a view stores its first accepted call (``written``, the
select item of ``SHOW CREATE VIEW``). Calls of 1, 2 and 3 arguments are tried where Flink does
not refuse that number of arguments outright: every column first, then the ``SECOND`` (and
``THIRD``) operands.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import error_message, new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

DATA = ROOT / "catalogs" / "flinksql" / "data" / "functions_oracle.json"

# The table every call reads: name -> type.
COLUMNS = {
    "s_char": "CHAR(5)",
    "s_varchar": "VARCHAR(10)",
    "s_string": "STRING",
    "n_string": "STRING NOT NULL",
    "i_tinyint": "TINYINT",
    "i_smallint": "SMALLINT",
    "i_int": "INT",
    "n_int": "INT NOT NULL",
    "i_bigint": "BIGINT",
    "n_bigint": "BIGINT NOT NULL",
    "f_float": "FLOAT",
    "f_double": "DOUBLE",
    "n_double": "DOUBLE NOT NULL",
    "d_5_2": "DECIMAL(5, 2)",
    "d_10_2": "DECIMAL(10, 2)",
    "n_10_2": "DECIMAL(10, 2) NOT NULL",
    "d_20_0": "DECIMAL(20, 0)",
    "d_38_10": "DECIMAL(38, 10)",
    "b_boolean": "BOOLEAN",
    "n_boolean": "BOOLEAN NOT NULL",
    "y_binary": "BINARY(4)",
    "y_bytes": "BYTES",
    "t_date": "DATE",
    "t_time": "TIME(0)",
    "t_time3": "TIME(3)",
    "t_ts0": "TIMESTAMP(0)",
    "t_ts3": "TIMESTAMP(3)",
    "n_ts3": "TIMESTAMP(3) NOT NULL",
    "t_ts6": "TIMESTAMP(6)",
    "t_ltz3": "TIMESTAMP_LTZ(3)",
    "t_ltz6": "TIMESTAMP_LTZ(6)",
    "a_int": "ARRAY<INT>",
    "n_a_int": "ARRAY<INT NOT NULL> NOT NULL",
    "a_string": "ARRAY<STRING>",
    "m_string_int": "MAP<STRING, INT>",
    "r_row": "ROW<a INT, b STRING>",
    "v_variant": "VARIANT",
    "x_bitmap": "BITMAP",
    "t_rowtime": "TIMESTAMP(3)",
    # the type of an array constructor of string literals (ARRAY['a']), last so that the
    # first accepted call of each function stays one over the columns above
    "a_char": "ARRAY<CHAR(1) NOT NULL> NOT NULL",
}
# t_rowtime is the table's rowtime attribute (CURRENT_WATERMARK takes only one).
WATERMARK = "WATERMARK FOR t_rowtime AS t_rowtime"
# Literal operands: their types are those of the literals.
LITERALS = ("3", "'x'")
FIRST = (*COLUMNS, *LITERALS)
# Every type root a second argument may have that decides a call on its own: Flink takes an
# INT precision for TO_TIMESTAMP_LTZ and refuses a SMALLINT one, which no rule over the other
# roots foretells (tables difftest --computed --seed 7).
SECOND = (
    "i_int",
    "n_int",
    "i_tinyint",
    "i_smallint",
    "i_bigint",
    "d_10_2",
    "f_float",
    "f_double",
    "s_char",
    "s_string",
    "n_string",
    "y_bytes",
    "t_date",
    "t_time",
    "t_ts3",
    "t_ltz3",
    "b_boolean",
    "a_int",
    "a_char",
    "x_bitmap",
    "3",
    "'x'",
)
THIRD = (
    ("i_int", "i_int"),
    ("n_int", "n_int"),
    ("s_string", "s_string"),
    ("n_string", "n_string"),
    ("i_int", "s_string"),
    ("s_string", "i_int"),
    ("3", "3"),
    ("'x'", "'x'"),
)
# The arguments of the calls of four and five arguments: each alone, and each first before
# strings.
MORE = ("s_char", "s_string", "n_string", "i_int", "n_int", "f_double", "d_10_2", "t_ts3", "a_int")
MORE_FIRST = ("s_char", "n_string", "i_int", "'x'", "b_boolean")
# ... and each after a string (a format, a separator: PRINTF of values of any type), so that every
# argument's family is recorded at every place of calls of four and five
MORE_AFTER = (*MORE, "i_bigint", "b_boolean", "t_date", "y_bytes", "m_string_int", "r_row")
# Functions SQL calls by a name SHOW FUNCTIONS does not list (Calcite's and Flink's SQL
# operator tables), besides the upper-cased listed names.
SQL_ONLY = """
UPPER LOWER INITCAP CHAR_LENGTH CHARACTER_LENGTH SUBSTRING SUBSTR OVERLAY POSITION TRIM LTRIM
RTRIM REPEAT REVERSE REGEXP_REPLACE REGEXP_EXTRACT REPLACE LPAD RPAD SPLIT_INDEX CONCAT CONCAT_WS
MD5 SHA1 SHA2 SHA224 SHA256 SHA384 SHA512 TO_BASE64 FROM_BASE64 HEX UUID LOCATE INSTR LEFT RIGHT
ASCII CHR DECODE ENCODE PARSE_URL STR_TO_MAP TRANSLATE IS_ALPHA IS_DIGIT IS_DECIMAL REGEXP
ABS MOD SQRT LN LOG LOG10 LOG2 EXP POWER POW SIN COS TAN ASIN ACOS ATAN ATAN2 SINH COSH TANH COT
DEGREES RADIANS SIGN ROUND TRUNCATE FLOOR CEIL CEILING RAND RAND_INTEGER PI E BIN UNHEX HASH_CODE
NULLIF CARDINALITY ELEMENT DATE_FORMAT FROM_UNIXTIME UNIX_TIMESTAMP TO_DATE TO_TIMESTAMP
CONVERT_TZ NOW PROCTIME CURRENT_ROW_TIMESTAMP CURRENT_DATABASE TIMESTAMPADD TIMESTAMPDIFF
YEAR QUARTER MONTH WEEK DAYOFYEAR DAYOFMONTH DAYOFWEEK HOUR MINUTE SECOND
COUNT SUM SUM0 AVG MIN MAX STDDEV STDDEV_POP STDDEV_SAMP VAR_POP VAR_SAMP VARIANCE COLLECT
LISTAGG FIRST_VALUE LAST_VALUE JSON_OBJECTAGG JSON_ARRAYAGG BIT_AND BIT_OR BIT_XOR
APPROX_COUNT_DISTINCT SINGLE_VALUE PERCENTILE_CONT PERCENTILE_DISC
ROW_NUMBER RANK DENSE_RANK PERCENT_RANK CUME_DIST NTILE LAG LEAD
""".split()
_EXPECTING = re.compile(r"^Invalid number of arguments to function '[^']*'\. Was expecting")
_UNKNOWN = re.compile(r"^No match found for function signature [^\n]*$")


def _takes(arity: int, probe: dict[str, str]) -> bool:
    """Whether a function may take ``arity`` arguments, by its answer to a call of that many
    (3 standing for 3 or more): unless Flink refused the number of arguments itself."""
    message = probe.get("error")
    if message is None or _EXPECTING.search(message):
        return message is None
    if "Supported signatures are:\n" not in message:
        return True
    for form in message.split("Supported signatures are:\n", 1)[1].split("\n"):
        inner = form[form.find("(") + 1 : form.rfind(")")].strip()
        if "..." in inner:
            return True
        depth, count = 0, 1 if inner else 0
        for char in inner:
            depth += char in "(<["
            depth -= char in ")>]"
            count += char == "," and depth == 0
        if min(count, 3) == arity:
            return True
    return False


class Session:
    """One Flink session with the table ``t``; answers calls, one query each."""

    def __init__(self) -> None:
        self.env = new_environment()
        columns = ", ".join(f"{name} {type_}" for name, type_ in COLUMNS.items())
        # a source every type can be read from (datagen generates no VARIANT); never read
        options = "'connector' = 'filesystem', 'path' = '/nonexistent', 'format' = 'json'"
        self.env.execute_sql(f"CREATE TABLE t ({columns}, {WATERMARK}) WITH ({options})")

    def rows(self, statement: str) -> list[list[str]]:
        with self.env.execute_sql(statement).collect() as rows:
            return [[str(v) for v in row] for row in rows]

    def call(self, text: str) -> dict[str, str]:
        try:
            schema = self.env.sql_query(f"SELECT {text} FROM t")._j_table.getResolvedSchema()
        except Exception as exc:
            return {"error": error_message(exc)}
        return {"type": str(schema.getColumnDataTypes().get(0).getLogicalType())}


def _describe(session: Session, name: str) -> list[list[str]] | str:
    try:
        return session.rows(f"DESCRIBE FUNCTION EXTENDED `{name}`")
    except Exception as exc:
        return error_message(exc)


def _calls(session: Session, name: str) -> dict[str, dict[str, str]]:
    """Every call of ``name`` tried, by its argument list text."""
    answers: dict[str, dict[str, str]] = {}

    def ask(args: tuple[str, ...]) -> dict[str, str]:
        text = f"{name}({', '.join(args)})"
        answer = answers.get(text)
        if answer is None:
            answer = answers[text] = session.call(text)
        return answer

    probes = [ask(("i_int",) * arity) for arity in range(4)]
    errors = [p.get("error", "") for p in probes]
    if all(_UNKNOWN.match(e) or e.startswith(("Encountered", "Incorrect syntax")) for e in errors):
        return answers  # no SQL call resolves to it
    arities = {arity for arity in (1, 2, 3) if _takes(arity, probes[arity])}
    if 1 in arities:
        for first in FIRST:
            ask((first,))
    if 2 in arities:
        for first in FIRST:
            for second in SECOND:
                ask((first, second))
    if 3 in arities:
        for first in FIRST:
            for second, third in THIRD:
                ask((first, second, third))
        # more: a function of three or more arguments over four and five (CONCAT, CONCAT_WS,
        # PRINTF, INSTR's fourth), whose typing of as many the dashboard takes for more
        for count in (4, 5):
            for each in MORE:
                ask((each,) * count)
            for first in MORE_FIRST:
                ask((first, *("s_string",) * (count - 1)))
            for each in MORE_AFTER:
                ask(("s_string", *(each,) * (count - 1)))
            ask(("s_string", "s_string", "i_int", *("i_int",) * (count - 3)))
            ask(("s_string", *("i_int",) * (count - 1)))
    return answers


def _written(session: Session, name: str, cases: dict[str, Any]) -> str | None:
    """How a view stores the first accepted call of ``name``: its select item in the expanded
    query of ``SHOW CREATE VIEW``."""
    call = next((text for text, answer in cases.items() if isinstance(answer, str)), None)
    if call is None:
        return None
    session.rows("DROP VIEW IF EXISTS v")
    session.rows(f"CREATE VIEW v AS SELECT {call} FROM t")
    text = session.rows("SHOW CREATE VIEW v")[0][0]
    return text.split("AS SELECT ", 1)[1].split("\nFROM ", 1)[0]


def record() -> dict[str, Any]:
    session = Session()
    listed = [row[0] for row in session.rows("SHOW FUNCTIONS")]
    described = {name: _describe(session, name) for name in listed}
    names = sorted({name.upper() for name in listed} | set(SQL_ONLY))
    messages: dict[str, int] = {}
    calls: dict[str, dict[str, Any]] = {}
    for name in names:
        cases = {}
        for text, answer in _calls(session, name).items():
            if "type" in answer:
                cases[text] = answer["type"]
            else:
                cases[text] = messages.setdefault(answer["error"], len(messages))
        calls[name] = cases
        print(name, sum(isinstance(v, str) for v in cases.values()), "/", len(cases), flush=True)
    written = {name: _written(session, name, cases) for name, cases in calls.items()}
    return {
        "columns": COLUMNS,
        "show_functions": listed,
        "describe_extended": described,
        "messages": list(messages),
        "calls": calls,
        "written": {name: text for name, text in written.items() if text is not None},
    }


def as_text(recorded: dict[str, Any]) -> str:
    """A function record's file text (this one's and the NULL operands' record's)."""
    return json.dumps(recorded, indent=0, sort_keys=False, ensure_ascii=False) + "\n"


def main() -> int:
    return record_or_check(__doc__ or "", DATA, lambda: as_text(record()))


if __name__ == "__main__":
    sys.exit(main())
