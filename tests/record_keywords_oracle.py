"""Record which words real Flink 2.3 takes unquoted as names (catalogs/flinksql/data/keywords.json).

Usage, from the project root::

    .venv/bin/python tests/record_keywords_oracle.py

The candidates are every keyword token of Flink's SQL parser (the quoted words of
``FlinkSqlParserImplConstants.tokenImage``, read from the class in the ``apache-flink`` wheel's
``flink-sql-client`` jar) and a few words that are no token (``EXTRA_WORDS``). Each word, in lower
case, is tried in every position of ``POSITIONS`` (a statement with ``<w>`` in its place) against a
table ``t`` that has a column of every candidate's name; for each, Flink's answer is recorded:
``true`` when the statement ran, else the first line of its error (``Encountered ... at line L,
column C.``). A view that was created records its ``SHOW CREATE VIEW`` column list and query (how
Flink read the word: a column, a niladic function, a literal). ``catalogs/flinksql/keywords.py``
decides from this file; ``tests/test_keywords_oracle.py`` holds the dashboard to every answer.
"""

from __future__ import annotations

import glob
import json
import re
import struct
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import new_environment, run_statement  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

DATA = ROOT / "catalogs" / "flinksql" / "data" / "keywords.json"
CONSTANTS = "org/apache/flink/sql/parser/impl/FlinkSqlParserImplConstants.class"
EXTRA_WORDS = ("REGEXP", "ORDERS", "PRICE", "ID")
# The rows a query reads: a column ``a`` and a column named as the word.
ROWS = "(VALUES (1, 2)) AS t (a, `<w>`)"
POSITIONS = {
    "column": "CREATE TABLE t_column (<w> INT) WITH ('connector' = 'datagen')",
    "table": "CREATE TABLE <w> (a INT) WITH ('connector' = 'datagen')",
    "select": f"CREATE VIEW v AS SELECT <w> FROM {ROWS}",
    "qualified": f"CREATE VIEW v AS SELECT t.<w> FROM {ROWS}",
    "alias": "CREATE VIEW v AS SELECT a AS <w> FROM (VALUES (1)) AS t (a)",
    "table_alias": "CREATE VIEW v AS SELECT a FROM (VALUES (1)) AS <w> (a)",
}
# What to drop after a statement that ran, so that the next word starts from the same catalog.
CLEANUP = {"column": "DROP TABLE t_column", "table": "DROP TABLE `<w>`"}


def parser_keywords() -> list[str]:
    """The keyword tokens of Flink's SQL parser, from its generated constants class."""
    import pyflink

    jars = glob.glob(str(Path(pyflink.__file__).parent / "opt" / "flink-sql-client-*.jar"))
    data = zipfile.ZipFile(jars[0]).read(CONSTANTS)
    count, offset, index, texts = struct.unpack(">H", data[8:10])[0], 10, 1, []
    sizes = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2}
    sizes.update({17: 4, 18: 4, 19: 2, 20: 2})
    while index < count:  # the class file's constant pool: the token images are its UTF8 entries
        tag = data[offset]
        if tag == 1:
            length = struct.unpack(">H", data[offset + 1 : offset + 3])[0]
            texts.append(data[offset + 3 : offset + 3 + length].decode("utf-8", "replace"))
            offset += 3 + length
        else:
            offset += 1 + sizes[tag]
            index += 1 if tag in (5, 6) else 0
        index += 1
    return sorted({t[1:-1] for t in texts if re.fullmatch(r'"[A-Z_][A-Z0-9_]*"', t)})


def record(words: list[str]) -> dict[str, Any]:
    env = new_environment()
    answers: dict[str, dict[str, Any]] = {}
    for word in words:
        lower = word.lower()
        answers[word] = {}
        for position, template in POSITIONS.items():
            result = run_statement(env, template.replace("<w>", lower))
            if not result["ok"]:
                answers[word][position] = result["error"].split("\n", 1)[0]
                continue
            answers[word][position] = True
            if position in CLEANUP:
                assert run_statement(env, CLEANUP[position].replace("<w>", lower))["ok"]
            elif position in ("select", "qualified"):
                shown = run_statement(env, "SHOW CREATE VIEW v")["rows"][0][0]
                names, query = shown.split("\n)\nAS ", 1)
                answers[word][position] = {
                    "columns": [n.strip().rstrip(",") for n in names.split("\n")[1:]],
                    "query": query.rstrip("\n"),
                }
            if position not in CLEANUP:
                assert run_statement(env, "DROP VIEW v")["ok"]
        print(word, answers[word], flush=True)
    return {
        "about": "What Flink 2.3 answered for each word in lower case in each position; "
        "recorded by tests/record_keywords_oracle.py.",
        "positions": POSITIONS,
        "words": answers,
    }


def main() -> int:
    def recorded() -> str:
        words = sorted(set(parser_keywords()) | set(EXTRA_WORDS))
        return json.dumps(record(words), indent=1, ensure_ascii=False) + "\n"

    return record_or_check(__doc__ or "", DATA, recorded)


if __name__ == "__main__":
    sys.exit(main())
