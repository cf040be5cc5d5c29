"""Write the golden scripts that ask Flink for the common type of every pair of a set of types:
``views_set_operation_types`` (UNION ALL, EXCEPT, INTERSECT, VALUES and CASE),
``views_operator_pairs`` (arithmetic, comparisons, ``||``), ``views_coalesce_pairs``
(COALESCE, IFNULL, GREATEST, LEAST, ARRAY[...], MAP[...]), ``views_using_types`` (USING
and NATURAL joins), ``views_if_function`` (Flink's IF) and ``views_type_lists`` (lists of
three types, which Calcite walks as a whole). Each pair is a view of its own,
so that a refused pair refuses nothing else; ``tests/flink_oracle.py <name>`` records
Flink's answers.

    .venv/bin/python tests/make_type_pair_goldens.py
"""

from __future__ import annotations

import itertools
from pathlib import Path

GOLDENS = Path(__file__).parent / "goldens"

TABLE = """CREATE TABLE t (
  i INT, bi BIGINT NOT NULL, dec5 DECIMAL(5, 2), f FLOAT, b BOOLEAN, c CHAR(3), s STRING,
  bn BINARY(4), vb VARBINARY(10), dt DATE, tm0 TIME(0), tm3 TIME(3),
  ts0 TIMESTAMP(0), ts3 TIMESTAMP(3), ts6 TIMESTAMP(6), ts9 TIMESTAMP(9),
  ltz0 TIMESTAMP_LTZ(0), ltz3 TIMESTAMP_LTZ(3), ltz6 TIMESTAMP_LTZ(6),
  arr ARRAY<INT>, arrb ARRAY<BIGINT>, arrs ARRAY<STRING>, ms MULTISET<BIGINT>,
  m MAP<STRING, INT>, mb MAP<VARCHAR(3), BIGINT>,
  r ROW<a INT, b STRING>, r2 ROW<x BIGINT, y VARCHAR(3)>, r3 ROW<a INT>,
  rt TIMESTAMP(3),
  WATERMARK FOR rt AS rt
) WITH ('connector' = 'datagen');"""

CORE = ["i", "dec5", "f", "b", "s", "bn", "dt", "tm3", "ts0", "ltz3",
        "INTERVAL '1' DAY", "INTERVAL '1' YEAR"]  # fmt: skip
TIMESTAMPS = ["ts0", "ts3", "ts6", "ts9", "ltz0", "ltz3", "ltz6"]
MEMBERS = ["i", "arr", "arrb", "arrs", "ms", "ARRAY[1, 2]", "m", "mb", "r", "r2", "r3",
           "ROW(1, 'x')", "ROW(i, s)"]  # fmt: skip


def _pairs() -> list[tuple[str, str]]:
    pairs = list(itertools.permutations(CORE, 2))
    pairs += [(a, b) for a, b in itertools.permutations(TIMESTAMPS, 2) if a[:2] != b[:2]]
    pairs += [("ts3", "ts6"), ("ts6", "ts3"), ("tm0", "tm3"), ("tm3", "tm0"), ("c", "s")]
    pairs += [("bi", "dt"), ("dt", "bi"), ("bi", "ltz6"), ("INTERVAL '1.5' SECOND", "dt")]
    pairs += list(itertools.permutations(MEMBERS, 2))
    return pairs


def _write(name: str, header: str, catalog: str, queries: list[str]) -> None:
    lines = [header, f"CREATE CATALOG {catalog} WITH ('type' = 'generic_in_memory');",
             f"USE CATALOG {catalog};", "", TABLE, ""]  # fmt: skip
    for n, query in enumerate(queries):
        lines += [f"CREATE VIEW v{n} AS {query};", f"SHOW CREATE VIEW v{n};", f"DESCRIBE v{n};"]
    (GOLDENS / f"{name}.sql").write_text("\n".join(lines) + "\n", encoding="utf-8")


def set_operation_queries() -> list[str]:
    queries = [f"SELECT {a} AS c FROM t UNION ALL SELECT {b} FROM t" for a, b in _pairs()]
    for keyword in ("UNION", "EXCEPT", "INTERSECT ALL"):
        for a, b in (("i", "ltz3"), ("dec5", "dt"), ("dt", "dec5"), ("ts3", "ltz3"), ("b", "i")):
            queries.append(f"SELECT {a} AS c FROM t {keyword} SELECT {b} FROM t")
    queries += [  # the time attribute of a rowtime column
        "SELECT rt AS c FROM t UNION ALL SELECT ts3 FROM t",
        "SELECT ts3 AS c FROM t UNION ALL SELECT rt FROM t",
        "SELECT rt AS c FROM t UNION ALL SELECT ltz3 FROM t",
        "SELECT i AS c FROM t UNION ALL SELECT rt FROM t",
    ]
    queries += [  # VALUES rows
        "SELECT * FROM (VALUES (1), (DATE '2020-01-01')) AS v(c)",
        "SELECT * FROM (VALUES (DATE '2020-01-01'), (1.5)) AS v(c)",
        "SELECT * FROM (VALUES (1.5), (DATE '2020-01-01')) AS v(c)",
        "SELECT * FROM (VALUES (1), ('a')) AS v(c)",
        "SELECT * FROM (VALUES (1, 'a'), (2, 3)) AS v(c, d)",
        "SELECT * FROM (VALUES (TRUE), (1)) AS v(c)",
        "SELECT * FROM (VALUES (ARRAY[1]), (ARRAY['a'])) AS v(c)",
        "SELECT * FROM (VALUES (TIMESTAMP '2020-01-01 00:00:00'),"
        " (CAST(NULL AS TIMESTAMP_LTZ(3)))) AS v(c)",
    ]
    case = [(a, b) for a, b in _pairs() if a in CORE + TIMESTAMPS and b in CORE + TIMESTAMPS]
    queries += [f"SELECT CASE WHEN b THEN {a} ELSE {b} END AS c FROM t" for a, b in case]
    queries += [
        "SELECT CASE WHEN b THEN rt ELSE CAST(NULL AS TIMESTAMP(3)) END AS c FROM t",
        "SELECT CASE WHEN b THEN CAST(NULL AS TIMESTAMP(3)) ELSE rt END AS c FROM t",
        "SELECT CASE WHEN b THEN rt ELSE ltz3 END AS c FROM t",
        "SELECT CASE WHEN b THEN rt ELSE ts6 END AS c FROM t",
        "SELECT CASE i WHEN 1 THEN i WHEN 2 THEN rt ELSE NULL END AS c FROM t",
        "SELECT CASE WHEN i = 1 THEN dec5 WHEN i = 2 THEN rt ELSE i END AS c FROM t",
        "SELECT CASE WHEN i = 1 THEN rt WHEN i = 2 THEN dec5 ELSE i END AS c FROM t",
    ]
    return queries


def if_queries() -> list[str]:
    items = [*CORE, "c", "vb", "tm0", "ts3", "arr", "m", "r"]
    queries = [f"SELECT IF(b, {a}, {b}) AS c FROM t" for a, b in itertools.product(items, items)]
    queries += [
        "SELECT IF(b, NULL, i) AS c FROM t",
        "SELECT IF(b, i, NULL) AS c FROM t",
        "SELECT IF(i, 1, 2) AS c FROM t",
        "SELECT IF(s, 1, 2) AS c FROM t",
        "SELECT IF(NULL, 1, 2) AS c FROM t",
        "SELECT IF(b, 1) AS c FROM t",
        "SELECT IF(b, 1, 2, 3) AS c FROM t",
        "SELECT IF(b, rt, CAST(NULL AS TIMESTAMP(3))) AS c FROM t",
        "SELECT IF(b, CAST(NULL AS TIMESTAMP(3)), rt) AS c FROM t",
        "SELECT IF(b, i, rt) AS c FROM t",
        "SELECT IF(b, bi, bi) AS c FROM t",
        "SELECT IF(bi > 1, bi, bi) AS c FROM t",
        "SELECT IF(b, 1, 2.5) AS c FROM t",
        "SELECT IF(b, 'a', 'bcd') AS c FROM t",
        "SELECT IF(b, c, 'abcdef') AS c FROM t",
        "SELECT IF(b, ms, ms) AS c FROM t",
    ]
    return queries


def operator_queries() -> list[str]:
    items = ["i", "dec5", "b", "s", "c", "dt", "ts0", "ltz3", "INTERVAL '1' DAY", "arr", "r"]
    queries = [f"SELECT {a} + {b} AS c FROM t" for a, b in itertools.product(items, items)]
    queries += [f"SELECT {a} < {b} AS c FROM t" for a, b in itertools.product(items, items)]
    queries += [f"SELECT {a} || {b} AS c FROM t" for a, b in itertools.product(items, items)]
    for text in ("s", "c", "'1'"):
        for interval in ("INTERVAL '1' DAY", "INTERVAL '1' YEAR", "INTERVAL '1:2' HOUR TO MINUTE"):
            queries += [
                f"SELECT {text} = {interval} AS c FROM t",
                f"SELECT {interval} <> {text} AS c FROM t",
                f"SELECT {text} IN ({interval}, {interval}) AS c FROM t",
                f"SELECT {interval} IN ({text}, 'x') AS c FROM t",
                f"SELECT NULLIF({text}, {interval}) AS c FROM t",
                f"SELECT NULLIF({interval}, {text}) AS c FROM t",
                f"SELECT {interval} BETWEEN {text} AND {interval} AS c FROM t",
                f"SELECT CASE {text} WHEN {interval} THEN 1 END AS c FROM t",
            ]
    return queries


def constructor_queries() -> list[str]:
    items = ["i", "dec5", "f", "b", "s", "c", "bn", "dt", "tm3", "ts0", "ltz3",
             "INTERVAL '1' DAY", "arr", "r"]  # fmt: skip
    pairs = list(itertools.product(items, items))
    queries = [f"SELECT COALESCE({a}, {b}) AS c FROM t" for a, b in pairs]
    queries += [f"SELECT ARRAY[{a}, {b}] AS c FROM t" for a, b in pairs]
    queries += [f"SELECT GREATEST({a}, {b}) AS c FROM t" for a, b in pairs]
    queries += [
        "SELECT COALESCE(INTERVAL '1' DAY, bi) AS c FROM t",
        "SELECT COALESCE(bi, INTERVAL '1' DAY) AS c FROM t",
        "SELECT COALESCE(rt, i) AS c FROM t",
        "SELECT COALESCE(i, dt, f) AS c FROM t",
        "SELECT IFNULL(i, dt) AS c FROM t",
        "SELECT IFNULL(dt, ts3) AS c FROM t",
        "SELECT IFNULL(ts3, dt) AS c FROM t",
        "SELECT IFNULL(dec5, f) AS c FROM t",
        "SELECT IFNULL(f, dec5) AS c FROM t",
        "SELECT IFNULL(b, s) AS c FROM t",
        "SELECT ARRAY[ts0, i] AS c FROM t",
        "SELECT ARRAY[NULL, i, ts0] AS c FROM t",
        "SELECT MAP[i, dt, bi, dt] AS c FROM t",
        "SELECT MAP[s, i, s, ts0] AS c FROM t",
        "SELECT MAP[s, i, s, dt] AS c FROM t",
        "SELECT LEAST(i, f, dec5) AS c FROM t",
        "SELECT LEAST(dec5, f, i) AS c FROM t",
        "SELECT GREATEST(dt, ts3, ts0) AS c FROM t",
        "SELECT GREATEST(b, i, s) AS c FROM t",
    ]
    return queries


def list_queries() -> list[str]:
    """Lists of three types (ARRAY[...], CASE results, a column of VALUES): Calcite walks
    the whole list, looking one type ahead, which no pair shows."""
    items = ["i", "dec5", "ts0", "ltz3", "dt", "INTERVAL '1' DAY"]
    triples = [t for t in itertools.product(items, repeat=3) if len(set(t)) > 1]
    queries = [f"SELECT ARRAY[{a}, {b}, {c}] AS c FROM t" for a, b, c in triples]
    queries += [
        f"SELECT CASE WHEN i = 1 THEN {a} WHEN i = 2 THEN {b} ELSE {c} END AS c FROM t"
        for a, b, c in triples
        if "dec5" not in (a, b, c)
    ]
    literals = ["1", "DATE '2020-01-01'", "TIMESTAMP '2020-01-01 00:00:00'", "INTERVAL '1' DAY"]
    queries += [
        f"SELECT * FROM (VALUES ({a}), ({b}), ({c})) AS v(c)"
        for a, b, c in itertools.permutations(literals, 3)
    ]
    queries += [
        "SELECT ARRAY[i, NULL, ts0] AS c FROM t",
        "SELECT ARRAY[ts6, ts0, i] AS c FROM t",
        "SELECT ARRAY[ts0, ts6, i] AS c FROM t",
        "SELECT ARRAY[f, i, ts0] AS c FROM t",
        "SELECT ARRAY[bi, i, dt] AS c FROM t",
        "SELECT MAP[i, 1, ts0, 2, ltz3, 3] AS c FROM t",
        "SELECT MAP[1, dt, 2, i, 3, dec5] AS c FROM t",
        "SELECT CASE WHEN b THEN dt WHEN i = 1 THEN i ELSE dec5 END AS c FROM t",
        "SELECT CASE WHEN b THEN ts6 WHEN i = 1 THEN ts0 ELSE INTERVAL '1' DAY END AS c FROM t",
    ]
    return queries


def element_queries() -> list[str]:
    """The functions of an array and an element (ARRAY_CONTAINS, ARRAY_POSITION,
    ARRAY_REMOVE, ARRAY_APPEND, ARRAY_PREPEND): which element types take which argument
    types, and where Flink writes the argument cast to the element type."""
    elements = ["i", "CAST(i AS TINYINT)", "bi", "dec5", "CAST(dec5 AS DECIMAL(38, 10))", "f",
                "CAST(f AS DOUBLE)", "b", "c", "CAST(s AS VARCHAR(2))", "s", "bn", "vb", "dt",
                "tm3", "ts3", "ts6", "ltz3", "arr", "r3"]  # fmt: skip
    arguments = [*elements, "CAST(i AS SMALLINT)", "CAST(c AS CHAR(1))", "CAST(s AS VARCHAR(20))",
                 "CAST(vb AS BYTES)", "tm0", "ts0", "ltz6", "arrb", "m", "rt", "3", "'x'",
                 "'xyz'", "NULL"]  # fmt: skip
    queries = [
        f"SELECT ARRAY_CONTAINS(ARRAY[{e}], {a}) AS c FROM t"
        for e, a in itertools.product(elements, arguments)
    ]
    pairs = [("i", "CAST(i AS TINYINT)"), ("i", "bi"), ("s", "c"), ("c", "s"),
             ("CAST(s AS VARCHAR(2))", "'xyz'"), ("CAST(s AS VARCHAR(2))", "s"),
             ("dec5", "CAST(dec5 AS DECIMAL(38, 10))"), ("ts6", "ts3"), ("CAST(f AS DOUBLE)", "f"),
             ("bi", "i"), ("arr", "arr"), ("i", "3")]  # fmt: skip
    for name in ("ARRAY_POSITION", "ARRAY_REMOVE", "ARRAY_APPEND", "ARRAY_PREPEND"):
        queries += [f"SELECT {name}(ARRAY[{e}], {a}) AS c FROM t" for e, a in pairs]
        queries += [f"SELECT {name}(arr, {a}) AS c FROM t" for a in ("i", "bi", "3", "NULL")]
    queries += [f"SELECT ARRAY_CONTAINS(arrs, {a}) AS c FROM t" for a in ("s", "c", "'x'", "i")]
    return queries


def common_array_queries() -> list[str]:
    """The functions of arrays of a common type (ARRAY_CONCAT, ARRAY_UNION, ARRAY_EXCEPT,
    ARRAY_INTERSECT) over pairs of arrays of a set of element types."""
    elements = ["i", "bi", "dec5", "CAST(dec5 AS DECIMAL(38, 10))", "f", "s", "c",
                "CAST(s AS VARCHAR(2))", "ts3", "ts6", "dt", "ltz3"]  # fmt: skip
    queries = [
        f"SELECT ARRAY_UNION(ARRAY[{a}], ARRAY[{b}]) AS c FROM t"
        for a, b in itertools.product(elements, elements)
    ]
    pairs = [("i", "bi"), ("dec5", "i"), ("s", "c"), ("c", "CAST(s AS VARCHAR(2))"), ("i", "i"),
             ("ts3", "ts6"), ("i", "s"), ("dt", "ts3")]  # fmt: skip
    for name in ("ARRAY_CONCAT", "ARRAY_EXCEPT", "ARRAY_INTERSECT"):
        queries += [f"SELECT {name}(ARRAY[{a}], ARRAY[{b}]) AS c FROM t" for a, b in pairs]
        queries += [f"SELECT {name}(arr, ARRAY[{a}]) AS c FROM t" for a in ("i", "bi", "1")]
        queries += [f"SELECT {name}(ARRAY['a'], ARRAY['bb']) AS c FROM t"]
    queries += [
        "SELECT ARRAY_CONCAT(ARRAY[i], ARRAY[bi], ARRAY[dec5]) AS c FROM t",
        "SELECT ARRAY_CONCAT(ARRAY[1], arr, arrb) AS c FROM t",
        "SELECT ARRAY_CONCAT(arrs, ARRAY['x'], ARRAY[c]) AS c FROM t",
        "SELECT ARRAY_CONCAT(ARRAY[i]) AS c FROM t",
    ]
    return queries


def using_queries() -> list[str]:
    items = ["i", "bi", "dec5", "f", "s", "c", "dt", "ts0", "ltz3", "b"]
    queries = [
        f"SELECT * FROM (SELECT {a} AS k, 1 AS x FROM t) AS l"
        f" JOIN (SELECT {b} AS k, 2 AS y FROM t) AS r USING (k)"
        for a, b in itertools.product(items, items)
    ]
    queries += [
        "SELECT k, x, y FROM (SELECT i AS k, 1 AS x FROM t) AS l"
        " LEFT JOIN (SELECT s AS k, 2 AS y FROM t) AS r USING (k)",
        "SELECT * FROM (SELECT s AS k, 1 AS x FROM t) AS l"
        " FULL JOIN (SELECT bi AS k, 2 AS y FROM t) AS r USING (k)",
        "SELECT * FROM (SELECT dec5 AS k, 1 AS x FROM t) AS l"
        " NATURAL JOIN (SELECT i AS k, 2 AS y FROM t) AS r",
        "SELECT * FROM (SELECT dt AS k, 1 AS x FROM t) AS l"
        " NATURAL JOIN (SELECT ts0 AS k, 2 AS y FROM t) AS r",
        "SELECT k + 1 AS z FROM (SELECT i AS k FROM t) AS l"
        " JOIN (SELECT f AS k FROM t) AS r USING (k)",
    ]
    return queries


def main() -> None:
    _write(
        "views_set_operation_types",
        "-- The common type of two columns of a set operation, of VALUES rows and of CASE\n"
        "-- results, for every pair of a set of types (#14: written by\n"
        "-- tests/make_type_pair_goldens.py; one view a pair).",
        "g_pairs",
        set_operation_queries(),
    )
    _write(
        "views_operator_pairs",
        "-- Arithmetic and comparisons of every pair of a set of types, and character strings\n"
        "-- compared with intervals (#14: written by tests/make_type_pair_goldens.py).",
        "g_operators",
        operator_queries(),
    )
    _write(
        "views_coalesce_pairs",
        "-- COALESCE, IFNULL, GREATEST, LEAST and the ARRAY and MAP constructors of every pair\n"
        "-- of a set of types"
        " (#15: written by tests/make_type_pair_goldens.py).",
        "g_coalesce",
        constructor_queries(),
    )
    _write(
        "views_using_types",
        "-- The column of a USING or NATURAL join of two types, for every pair of a set of types\n"
        "-- (#14: written by tests/make_type_pair_goldens.py).",
        "g_using",
        using_queries(),
    )
    _write(
        "views_type_lists",
        "-- The common type of lists of three types: ARRAY[...], CASE results and a column of\n"
        "-- VALUES (#14: written by tests/make_type_pair_goldens.py; one view a list).",
        "g_lists",
        list_queries(),
    )
    _write(
        "views_array_elements",
        "-- ARRAY_CONTAINS of an array of each of a set of types and an argument of each, and\n"
        "-- the other functions of an array and an element (#15: written by\n"
        "-- tests/make_type_pair_goldens.py; one view a pair).",
        "g_elements",
        element_queries(),
    )
    _write(
        "views_array_commons",
        "-- ARRAY_UNION of arrays of each pair of a set of element types, and the other\n"
        "-- functions of arrays of a common type (#15: written by\n"
        "-- tests/make_type_pair_goldens.py; one view a call).",
        "g_arrays",
        common_array_queries(),
    )
    _write(
        "views_if_function",
        "-- Flink's IF(condition, first, second) for every pair of a set of types (#15:\n"
        "-- written by tests/make_type_pair_goldens.py; one view a pair).",
        "g_if",
        if_queries(),
    )


if __name__ == "__main__":
    main()
