"""What the generator knows of ``schema.sql``: the relations, their columns and type categories.

Categories: int, dec, approx (numeric); str; bool; date; time; ts (TIMESTAMP), ltz
(TIMESTAMP_LTZ); bytes; row, array, map. ``rowtime``/``proctime`` mark time attributes.
Nested fields are listed as paths below a column, so that the generator can read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

NUMERIC = ("int", "dec", "approx")
SCALAR = ("int", "dec", "approx", "str", "bool", "date", "time", "ts", "ltz", "bytes")
COMPARABLE = ("int", "dec", "approx", "str", "bool", "date", "time", "ts", "ltz")


@dataclass(frozen=True)
class Column:
    name: str  # as written in SQL (quoted when it must be)
    cat: str
    flink_type: str = ""
    time_attr: str | None = None  # "rowtime" | "proctime"
    nested: tuple[tuple[str, str], ...] = ()  # (suffix such as ".a" or "[1].f", category)
    key: bool = False  # NOT NULL / primary-key column


@dataclass(frozen=True)
class Relation:
    name: str  # as written in FROM (maybe qualified)
    alias: str
    columns: tuple[Column, ...]
    rowtime: str | None = None
    proctime: str | None = None
    primary_key: str | None = None
    extra: dict = field(default_factory=dict)


def _c(name: str, cat: str, ftype: str = "", **kw) -> Column:
    return Column(name, cat, ftype, **kw)


T_ALL = Relation(
    "t_all",
    "ta",
    (
        _c("id", "int", "INT", key=True),
        _c("ti", "int", "TINYINT"),
        _c("si", "int", "SMALLINT"),
        _c("i", "int", "INT"),
        _c("bi", "int", "BIGINT", key=True),
        _c("f", "approx", "FLOAT"),
        _c("d", "approx", "DOUBLE"),
        _c("dec5", "dec", "DECIMAL(5, 2)"),
        _c("dec38", "dec", "DECIMAL(38, 10)"),
        _c("dec10", "dec", "DECIMAL(10)"),
        _c("b", "bool", "BOOLEAN"),
        _c("c", "str", "CHAR(3)"),
        _c("vc", "str", "VARCHAR(20)"),
        _c("s", "str", "STRING"),
        _c("bn", "bytes", "BINARY(4)"),
        _c("vb", "bytes", "VARBINARY(10)"),
        _c("bs", "bytes", "BYTES"),
        _c("dt", "date", "DATE"),
        _c("tm", "time", "TIME"),
        _c("tm3", "time", "TIME(3)"),
        _c("ts", "ts", "TIMESTAMP(3)"),
        _c("ts0", "ts", "TIMESTAMP(0)"),
        _c("ts6", "ts", "TIMESTAMP(6)"),
        _c("ltz", "ltz", "TIMESTAMP_LTZ(3)"),
        _c(
            "r",
            "row",
            "ROW<a INT, b STRING, n ROW<x DOUBLE, y ARRAY<INT>>>",
            nested=((".a", "int"), (".b", "str"), (".n.x", "approx"), (".n.y[1]", "int")),
        ),
        _c("arr", "array", "ARRAY<INT>", nested=(("[1]", "int"), ("[2]", "int"))),
        _c(
            "arr_r",
            "array",
            "ARRAY<ROW<f INT, g STRING>>",
            nested=(("[1].f", "int"), ("[1].g", "str")),
        ),
        _c("m", "map", "MAP<STRING, INT>", nested=(("['k']", "int"),)),
        _c("total", "dec", "DECIMAL(16, 2)"),
        _c("up", "str", "STRING"),
    ),
)

ORDERS = Relation(
    "orders",
    "o",
    (
        _c("order_id", "int", "BIGINT", key=True),
        _c("cust", "int", "INT"),
        _c("amount", "dec", "DECIMAL(10, 2)"),
        _c("product", "str", "STRING"),
        _c("qty", "int", "INT"),
        _c("ts", "ts", "TIMESTAMP(3)", time_attr="rowtime"),
        _c("pt", "ltz", "TIMESTAMP_LTZ(3)", time_attr="proctime"),
    ),
    rowtime="ts",
    proctime="pt",
    primary_key="order_id",
)

CUSTOMERS = Relation(
    "customers",
    "cu",
    (
        _c("cust_id", "int", "INT", key=True),
        _c("name", "str", "STRING"),
        _c("tier", "str", "STRING"),
        _c("upd", "ts", "TIMESTAMP(3)", time_attr="rowtime"),
    ),
    rowtime="upd",
    primary_key="cust_id",
)

PAYMENTS = Relation(
    "payments",
    "p",
    (
        _c("pay_id", "int", "BIGINT", key=True),
        _c("order_id", "int", "BIGINT"),
        _c("paid", "dec", "DECIMAL(12, 4)"),
        _c("pmethod", "str", "STRING"),
        _c("pts", "ts", "TIMESTAMP(3)", time_attr="rowtime"),
    ),
    rowtime="pts",
)

QUOTED = Relation(
    "`quoted`",
    "q",
    (
        _c("`value`", "int", "INT"),
        _c("`year`", "int", "INT"),
        _c("`user`", "str", "STRING"),
        _c("`select`", "str", "STRING"),
        _c("`Mixed Case`", "int", "BIGINT"),
        _c("`timestamp`", "ts", "TIMESTAMP(3)"),
        _c("`end`", "date", "DATE"),
    ),
)

FILES = Relation(
    "files",
    "fi",
    (
        _c("line", "str", "STRING"),
        _c("n", "int", "INT"),
        _c("fpath", "str", "STRING"),
        _c("fsize", "int", "BIGINT"),
    ),
)

EVENTS = Relation(
    "other.events",
    "e",
    (
        _c("e_id", "int", "BIGINT", key=True),
        _c("kind", "str", "STRING"),
        _c(
            "payload",
            "row",
            "ROW<id INT, tags ARRAY<STRING>, score DOUBLE>",
            nested=((".id", "int"), (".tags[1]", "str"), (".score", "approx")),
        ),
        _c("attrs", "map", "MAP<STRING, STRING>", nested=(("['a']", "str"),)),
        _c("ets", "ltz", "TIMESTAMP_LTZ(3)", time_attr="rowtime"),
    ),
    rowtime="ets",
)

DIM = Relation(
    "dt2.`default`.dim",
    "dm",
    (
        _c("k", "int", "INT", key=True),
        _c("label", "str", "VARCHAR(10)"),
        _c("weight", "approx", "DOUBLE"),
    ),
)

V_ORDERS = Relation(
    "v_orders",
    "vo",
    (
        _c("order_id", "int", "BIGINT", key=True),
        _c("cust", "int", "INT"),
        _c("amount", "dec", "DECIMAL(10, 2)"),
        _c("product", "str", "STRING"),
        _c("ts", "ts", "TIMESTAMP(3)", time_attr="rowtime"),
    ),
    rowtime="ts",
)

V_BY_CUST = Relation(
    "v_orders_by_cust",
    "vc",
    (
        _c("cust", "int", "INT"),
        _c("n", "int", "BIGINT", key=True),
        _c("total", "dec", "DECIMAL(38, 2)"),
    ),
)

V_EVENTS = Relation(
    "other.v_events",
    "ve",
    (
        _c("e_id", "int", "BIGINT", key=True),
        _c("kind", "str", "STRING"),
        _c("score", "approx", "DOUBLE"),
        _c("ets", "ltz", "TIMESTAMP_LTZ(3)", time_attr="rowtime"),
    ),
    rowtime="ets",
)

RELATIONS = (
    T_ALL,
    ORDERS,
    CUSTOMERS,
    PAYMENTS,
    QUOTED,
    FILES,
    EVENTS,
    DIM,
    V_ORDERS,
    V_BY_CUST,
    V_EVENTS,
)
TIMED = tuple(r for r in RELATIONS if r.rowtime)
