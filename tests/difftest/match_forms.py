"""MATCH_RECOGNIZE for the generator: PARTITION BY and ORDER BY a time attribute, MEASURES
(columns of a pattern variable, FIRST/LAST with offsets, aggregates, CLASSIFIER,
MATCH_ROWTIME/MATCH_PROCTIME, expressions, FINAL/RUNNING), ONE ROW / ALL ROWS PER MATCH,
AFTER MATCH SKIP, PATTERN with quantifiers, reluctance, groups and alternation, WITHIN, SUBSET
and DEFINE (PREV/NEXT/LAST/FIRST and aggregates in conditions), with an alias or without."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.difftest.expressions import Scope
from tests.difftest.schema_model import COMPARABLE, NUMERIC, TIMED, Column
from tests.difftest.tree import Node, clause, join_list, node

if TYPE_CHECKING:
    from tests.difftest.generator import Generator

VARIABLES = ("A", "B", "C", "D", "`Up`", "`DOWN`")
QUANTIFIERS = ("", "", "", "+", "*", "?", "{2}", "{1,3}", "{2,}", "{,2}", "+?", "*?", "??")
SKIPS = ("PAST LAST ROW", "TO NEXT ROW", "TO FIRST {v}", "TO LAST {v}", "TO {v}")
WITHINS = ("INTERVAL '10' SECOND", "INTERVAL '1' HOUR", "INTERVAL '1:30' MINUTE TO SECOND")


def match_recognize(gen: Generator, nested: bool) -> tuple[Node, list[Column]]:
    """``SELECT ... FROM t MATCH_RECOGNIZE (...) [AS m] [WHERE ...]`` and its columns."""
    rel = gen.pick(TIMED)
    source = gen.table(rel)
    columns = [c for c in rel.columns if not c.nested]
    time_name = rel.rowtime
    if rel.proctime and gen.chance(0.25):
        time_name = rel.proctime
    time_col = next(c for c in columns if c.name == time_name)
    plain = [c for c in columns if c.time_attr is None and c.cat in COMPARABLE]
    keys = _some(gen, plain, 0, 2)
    order = [time_col]
    order_text = [time_col.name]
    if plain and gen.chance(0.2):
        extra = gen.pick(plain)
        order.append(extra)
        order_text.append(extra.name + (" DESC" if gen.chance(0.5) else ""))
    variables = list(dict.fromkeys(_some(gen, list(VARIABLES), 1, 4)))
    subset = None
    if len(variables) > 1 and gen.chance(0.2):
        subset = ("S", _some(gen, variables, 1, len(variables)))
    readable = [*variables, *([subset[0]] if subset else [])]
    all_rows = gen.chance(0.25)

    measures, measure_cols = [], []
    for i in range(gen.rng.randint(0 if gen.chance(0.1) else 1, 4)):
        text, cat = _measure(gen, readable, columns, time_name == rel.rowtime)
        name = f"m{i}"
        measures.append(node(text, f" AS {name}"))
        measure_cols.append(Column(name, cat))

    parts: list[Node | str] = [source.sql, " MATCH_RECOGNIZE ("]
    inner: list[Node | str] = []
    if keys:
        inner.append(f"PARTITION BY {', '.join(k.name for k in keys)} ")
    inner.append(f"ORDER BY {', '.join(order_text)} ")
    if measures:
        inner.extend(["MEASURES ", join_list(measures), " "])
    if all_rows:
        inner.append("ALL ROWS PER MATCH ")
    elif gen.chance(0.3):
        inner.append("ONE ROW PER MATCH ")
    if gen.chance(0.3):
        skip = gen.pick(SKIPS).format(v=gen.pick(readable))
        inner.append(f"AFTER MATCH SKIP {skip} ")
    inner.append(f"PATTERN ({_pattern(gen, variables)}) ")
    if gen.chance(0.2) and time_name == rel.rowtime:
        inner.append(f"WITHIN {gen.pick(WITHINS)} ")
    if subset:
        inner.append(f"SUBSET {subset[0]} = ({', '.join(subset[1])}) ")
    defined = _some(gen, variables, 1, len(variables))
    definitions = [node(f"{v} AS ", _condition(gen, v, variables, columns)) for v in defined]
    inner.extend(["DEFINE ", join_list(definitions)])
    parts.extend([*inner, ")"])
    alias = gen.fresh("mr") if gen.chance(0.6) else None
    if alias:
        parts.append(f" AS {alias}" if gen.chance(0.7) else f" {alias}")

    head = [*keys] if not all_rows else [*keys, *order, *columns]
    if not measures and not all_rows:
        head = [*keys, *columns]
    out: list[Column] = []
    for c in [*head, *measure_cols]:
        if all(o.name != c.name for o in out):
            out.append(Column(c.name, c.cat, time_attr=c.time_attr))
    refs = [(f"{alias}.{c.name}" if alias and gen.chance(0.5) else c.name, c) for c in out]
    scope = Scope(refs)
    if gen.chance(0.5):
        items, cols = gen.items(scope, nested)
    else:
        items, cols = node("*"), out
    query: list[Node | str] = ["SELECT ", items, " FROM ", node(*parts)]
    if gen.chance(0.3):
        query.append(clause(" WHERE ", gen.ex.expr(scope, "bool", 2)))
    return node(*query), cols


def _some(gen: Generator, items: list, low: int, high: int) -> list:
    count = gen.rng.randint(low, min(high, len(items))) if items else 0
    return gen.rng.sample(items, count)


def _measure(
    gen: Generator, variables: list[str], columns: list[Column], rowtime: bool
) -> tuple[str, str]:
    """A measure's expression and its category."""
    var = gen.pick(variables)
    col = gen.pick(columns)
    numeric = [c for c in columns if c.cat in NUMERIC]
    kind = gen.rng.randrange(9)
    if kind == 0:
        text, cat = f"{var}.{col.name}", col.cat
    elif kind == 1:
        fn = gen.pick(("FIRST", "LAST"))
        offset = gen.pick(("", "", ", 1", ", 2"))
        text, cat = f"{fn}({var}.{col.name}{offset})", col.cat
    elif kind == 2 and numeric:
        agg = gen.pick(("SUM", "AVG", "MIN", "MAX", "COUNT"))
        num = gen.pick(numeric)
        text = f"{agg}({var}.{num.name})"
        cat = "int" if agg == "COUNT" else num.cat
    elif kind == 3:
        text, cat = "CLASSIFIER()", "str"
    elif kind == 4:
        text, cat = ("MATCH_ROWTIME()", "ts") if rowtime else ("MATCH_PROCTIME()", "ltz")
    elif kind == 5:
        text, cat = f"COUNT({var}.{col.name})", "int"
    elif kind == 6:
        scope = Scope([(f"LAST({var}.{c.name})", c) for c in columns if c.time_attr is None])
        cat = gen.pick(("int", "str", "bool"))
        text = gen.ex.expr(scope, cat, 2).render()
    else:
        text, cat = f"LAST({var}.{col.name})", col.cat
    if gen.chance(0.15):
        text = f"{gen.pick(('FINAL', 'RUNNING'))} {text}"
    return text, cat


def _pattern(gen: Generator, variables: list[str]) -> str:
    terms = [v + gen.pick(QUANTIFIERS) for v in variables]
    if len(terms) > 2 and gen.chance(0.2):
        terms[1:3] = [f"({terms[1]} | {terms[2]})"]
    elif len(terms) > 1 and gen.chance(0.15):
        terms[:2] = [f"({terms[0]} {terms[1]}){gen.pick(('+', '*', '{2}'))}"]
    if gen.chance(0.05):
        terms.insert(0, "^")
    return " ".join(terms)


def _condition(gen: Generator, var: str, variables: list[str], columns: list[Column]) -> Node:
    """A DEFINE condition of ``var``: its own columns, navigation and aggregates."""
    other = gen.pick(variables)
    refs = []
    for c in columns:
        if c.time_attr is not None:
            continue
        refs.append((f"{var}.{c.name}", c))
        refs.append((f"PREV({var}.{c.name})", c))
        if gen.chance(0.3):
            refs.append((f"LAST({other}.{c.name}, 1)", c))
        if gen.chance(0.2):
            refs.append((f"NEXT({var}.{c.name})", c))
    numeric = [c for c in columns if c.cat in NUMERIC and c.time_attr is None]
    if numeric and gen.chance(0.3):
        num = gen.pick(numeric)
        refs.append((f"{gen.pick(('SUM', 'AVG', 'MAX'))}({var}.{num.name})", num))
    return gen.ex.expr(Scope(refs), "bool", 2)
