"""The seeded generator of views: a weighted grammar over ``schema_model``, type-aware so that
most views are valid, with a mutator (``faults``) that makes some of them invalid on purpose.

``generate(seed, count)`` is deterministic: statement ``i`` of a seed depends only on
``(seed, i)``, so a sample is the same on every machine and every run.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from tests.difftest.expressions import INTERVALS, Expressions, Scope
from tests.difftest.match_forms import match_recognize
from tests.difftest.schema_model import (
    COMPARABLE,
    RELATIONS,
    SCALAR,
    TIMED,
    Column,
    Relation,
)
from tests.difftest.tree import Node, clause, join_list, node
from tests.difftest.views import create_view, lower_keywords

MUTANT_SHARE = 0.25


@dataclass(frozen=True)
class Generated:
    index: int
    tree: Node  # the query
    mutant: bool
    header: str = ""  # a column list / comment between the view's name and AS
    lower: bool = False  # keywords written in lower case

    @property
    def statement(self) -> str:
        return self.statement_of(self.tree)

    def statement_of(self, tree: Node) -> str:
        """The statement of this view with ``tree`` as its query (the reducer's smaller trees)."""
        text = create_view(tree.render(), self.header)
        return lower_keywords(text) if self.lower else text


@dataclass
class Source:
    """A FROM item: its SQL and the columns it brings, by qualifier."""

    sql: Node
    entries: list[tuple[str, list[Column]]]
    rowtime: tuple[str, Column] | None = None


def _qualifier(rel_name: str) -> str:
    return rel_name.rsplit(".", 1)[-1]


class Generator:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.ex = Expressions(rng)
        self.names = 0

    # -- helpers
    def pick(self, seq):  # noqa: ANN001, ANN201
        return seq[self.rng.randrange(len(seq))]

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def fresh(self, prefix: str) -> str:
        self.names += 1
        return f"{prefix}{self.names}"

    def refs(self, source: Source) -> list[tuple[str, Column]]:
        counts: dict[str, int] = {}
        for _, cols in source.entries:
            for c in cols:
                counts[c.name.lower()] = counts.get(c.name.lower(), 0) + 1
        out = []
        for qual, cols in source.entries:
            for c in cols:
                name = c.name
                if not name.startswith("`") and self.chance(0.08):
                    name = f"`{name}`"  # a plain name quoted: the same column
                if not qual or counts[c.name.lower()] == 1 and not c.nested and self.chance(0.4):
                    out.append((name, c))
                else:
                    out.append((f"{qual}.{name}", c))
        return out

    def scope(self, source: Source, depth: int) -> Scope:
        return Scope(self.refs(source), subquery=self.subquery_maker(source, depth))

    # -- FROM
    def table(self, rel: Relation | None = None) -> Source:
        rel = rel or self.pick(RELATIONS)
        if self.chance(0.6):
            alias = self.fresh(rel.alias)
            sql = node(f"{rel.name} AS {alias}" if self.chance(0.7) else f"{rel.name} {alias}")
        else:
            alias = _qualifier(rel.name)
            sql = node(rel.name)
        rowtime = None
        if rel.rowtime:
            rowtime = (alias, next(c for c in rel.columns if c.name == rel.rowtime))
        return Source(sql, [(alias, list(rel.columns))], rowtime)

    def source(self, depth: int) -> Source:
        k = self.rng.random()
        if depth <= 0 or k < 0.45:
            return self.table()
        if k < 0.62:
            return self.join(depth)
        if k < 0.72:
            return self.derived(depth)
        if k < 0.78:
            return self.values_source()
        if k < 0.86:
            return self.unnest()
        if k < 0.92:
            return self.temporal_join()
        if k < 0.96:
            return self.interval_join()
        return self.unpivot()

    def derived(self, depth: int) -> Source:
        sql, cols = self.query(depth - 1, nested=True)
        if self.chance(0.2):  # unnamed: Calcite names it EXPR$n, its columns read unqualified
            return Source(node("(", sql, ")"), [("", cols)])
        alias = self.fresh("sq")
        return Source(node("(", sql, f") AS {alias}"), [(alias, cols)])

    def values_source(self) -> Source:
        cats = [
            self.pick(("int", "str", "dec", "bool", "date"))
            for _ in range(1 + self.rng.randrange(3))
        ]
        rows = []
        for _ in range(1 + self.rng.randrange(3)):
            rows.append("(" + ", ".join(self.ex.literal(c).render() for c in cats) + ")")
        alias = self.fresh("vv")
        names = [f"x{i}" for i in range(len(cats))]
        cols = [Column(n, c) for n, c in zip(names, cats, strict=True)]
        return Source(
            node(f"(VALUES {', '.join(rows)}) AS {alias}({', '.join(names)})"), [(alias, cols)]
        )

    def unnest(self) -> Source:
        base = self.table(self.pick((RELATIONS[0], RELATIONS[6])))
        qual = base.entries[0][0]
        alias = self.fresh("u")
        if base.entries[0][1][0].name == "id":
            form = self.pick(
                (
                    ("arr", [("x", "int")]),
                    ("arr_r", [("f", "int"), ("g", "str")]),
                    ("m", [("mk", "str"), ("mv", "int")]),
                )
            )
        else:
            form = ("payload.tags", [("tag", "str")])
        col, out = form
        names = ", ".join(n for n, _ in out)
        join = self.pick((" CROSS JOIN ", ", ", " CROSS JOIN LATERAL "))
        wo = " WITH ORDINALITY" if self.chance(0.15) and len(out) == 1 else ""
        cols = [Column(n, c) for n, c in out]
        if wo:
            names += ", ord"
            cols.append(Column("ord", "int"))
        sql = node(base.sql, f"{join}UNNEST({qual}.{col}){wo} AS {alias}({names})")
        return Source(sql, base.entries + [(alias, cols)], base.rowtime)

    def unpivot(self) -> Source:
        """UNPIVOT of a table or of a subquery of it: columns of one category (most often;
        sometimes two, which Flink may refuse) turned into rows, the values named or not."""
        rel = self.pick(RELATIONS)
        plain = [c for c in rel.columns if c.cat in SCALAR and not c.nested and not c.time_attr]
        by_cat: dict[str, list[Column]] = {}
        for c in plain:
            by_cat.setdefault(c.cat, []).append(c)
        groups = [cols for cols in by_cat.values() if len(cols) >= 2]
        if not groups:
            return self.table(rel)
        taken = self.pick(groups)[: 2 + self.rng.randrange(2)]
        if self.chance(0.1):
            taken = [*taken[:1], self.pick(plain)]  # maybe of another type, maybe twice
        kept = [c for c in rel.columns if c not in taken and not c.nested]
        if self.chance(0.5):
            listed = ", ".join(c.name for c in [*kept[:2], *taken])
            inner = f"(SELECT {listed} FROM {rel.name})"
            kept = kept[:2]
        else:
            inner = rel.name
        measure, axis = self.fresh("m"), self.fresh("k")
        named = self.chance(0.4)
        entries = ", ".join(
            c.name + (f" AS '{chr(97 + i)}{i}'" if named else "") for i, c in enumerate(taken)
        )
        nulls = self.pick(("", "INCLUDE NULLS ", "EXCLUDE NULLS "))
        clause = f"{inner} UNPIVOT {nulls}({measure} FOR {axis} IN ({entries}))"
        alias = self.fresh("up") if self.chance(0.5) else None
        qualifier = alias or "EXPR$0"
        cols = [*kept, Column(axis, "str"), Column(measure, taken[0].cat)]
        if alias is None:  # unnamed: its columns are read unqualified
            return Source(node(clause), [(qualifier, cols)])
        return Source(node(f"{clause} AS {alias}"), [(alias, cols)])

    def join(self, depth: int) -> Source:
        left = self.source(depth - 1) if self.chance(0.3) else self.table()
        right = self.table()
        kind = self.pick(
            (
                "JOIN",
                "INNER JOIN",
                "LEFT JOIN",
                "LEFT OUTER JOIN",
                "RIGHT JOIN",
                "FULL JOIN",
                "FULL OUTER JOIN",
                "CROSS JOIN",
                ",",
            )
        )
        both = Source(node(), left.entries + right.entries, left.rowtime)
        if kind in ("CROSS JOIN", ","):
            sep = ", " if kind == "," else f" {kind} "
            return Source(node(left.sql, sep, right.sql), both.entries, left.rowtime)
        cond = self.join_condition(left, right, both, depth)
        return Source(node(left.sql, f" {kind} ", right.sql, " ON ", cond), both.entries)

    def join_condition(self, left: Source, right: Source, both: Source, depth: int) -> Node:
        lrefs = [(f"{q}.{c.name}" if q else c.name, c) for q, cols in left.entries for c in cols]
        rrefs = [(f"{q}.{c.name}" if q else c.name, c) for q, cols in right.entries for c in cols]
        pairs = [
            (a, b) for a in lrefs for b in rrefs if a[1].cat == b[1].cat and a[1].cat in COMPARABLE
        ]
        if pairs:
            a, b = self.pick(pairs)
            eq = node(f"{a[0]} = {b[0]}", cat="bool")
        else:
            eq = node("TRUE", cat="bool")
        if self.chance(0.3):
            extra = self.ex.expr(self.scope(both, depth - 1), "bool", 1)
            return node(eq, self.pick((" AND ", " OR ")), extra, cat="bool", shrinks=(eq,))
        return eq

    def temporal_join(self) -> Source:
        left = self.table(self.pick((RELATIONS[1], RELATIONS[8])))  # orders, v_orders
        lq = left.entries[0][0]
        alias = self.fresh("c")
        attr = "ts" if left.entries[0][1][-1].name != "pt" or self.chance(0.6) else "pt"
        kind = self.pick(("JOIN", "LEFT JOIN", "INNER JOIN"))
        on = f"{lq}.cust = {alias}.cust_id"
        sql = node(
            left.sql, f" {kind} customers FOR SYSTEM_TIME AS OF {lq}.{attr} AS {alias} ON {on}"
        )
        return Source(sql, left.entries + [(alias, list(RELATIONS[2].columns))], left.rowtime)

    def interval_join(self) -> Source:
        left, right = self.table(RELATIONS[1]), self.table(RELATIONS[3])  # orders, payments
        lq, rq = left.entries[0][0], right.entries[0][0]
        iv = self.pick(INTERVALS[:5])
        forms = (
            f"{rq}.pts BETWEEN {lq}.ts - {iv} AND {lq}.ts",
            f"{rq}.pts >= {lq}.ts AND {rq}.pts < {lq}.ts + {iv}",
            f"{lq}.ts BETWEEN {rq}.pts AND {rq}.pts + {iv}",
        )
        cond = f"{lq}.order_id = {rq}.order_id AND {self.pick(forms)}"
        kind = self.pick(("JOIN", "LEFT JOIN", "FULL JOIN", "INNER JOIN"))
        return Source(
            node(left.sql, f" {kind} ", right.sql, f" ON {cond}"), left.entries + right.entries
        )

    # -- subqueries inside expressions
    def subquery_maker(self, outer: Source, depth: int):  # noqa: ANN201
        def make(cat: str, d: int) -> Node:
            if depth <= 0:
                return self.ex.literal(cat)
            inner = self.table()
            inner_scope = Scope(self.refs(inner))
            cols = [c for c in inner.entries[0][1] if c.cat in COMPARABLE]
            outer_refs = [r for r in self.refs(outer) if r[1].cat in COMPARABLE]
            where = ""
            if outer_refs and self.chance(0.4):
                o = self.pick(outer_refs)
                same = [c for c in cols if c.cat == o[1].cat]
                if same:
                    where = f" WHERE {inner.entries[0][0]}.{self.pick(same).name} = {o[0]}"
            if cat != "bool":
                col = self.ex.column(inner_scope, cat)
                arg = col.render() if col is not None else self.ex.literal(cat).render()
                fn = self.pick(("MAX", "MIN", "")) if cat in SCALAR else ""
                item = f"{fn}({arg})" if fn else arg
                limit = "" if fn else " LIMIT 1" if self.chance(0.5) else ""
                return node("(SELECT ", item, " FROM ", inner.sql, where, limit, ")", cat=cat)
            k = self.rng.randrange(5)
            if k == 0:
                return node(
                    self.pick(("", "NOT ")) + "EXISTS (SELECT 1 FROM ",
                    inner.sql,
                    where,
                    ")",
                    cat="bool",
                )
            if not outer_refs or not cols:
                return self.ex.literal("bool")
            o = self.pick(outer_refs)
            same = [c for c in cols if c.cat == o[1].cat]
            if not same:
                return node(f"{o[0]} IS NOT NULL", cat="bool")
            ic = f"{inner.entries[0][0]}.{self.pick(same).name}"
            if k == 1:
                return node(
                    f"{o[0]} {self.pick(('', 'NOT '))}IN (SELECT {ic} FROM ",
                    inner.sql,
                    where,
                    ")",
                    cat="bool",
                )
            if k in (2, 3):
                op = self.pick(("=", ">=", "<", "<>", ">"))
                q = self.pick(("ANY", "ALL", "SOME"))
                return node(
                    f"{o[0]} {op} {q} (SELECT {ic} FROM ", inner.sql, where, ")", cat="bool"
                )
            o2 = self.pick(outer_refs)
            same2 = [c for c in cols if c.cat == o2[1].cat]
            if not same2:
                return node(f"{o[0]} IN (SELECT {ic} FROM ", inner.sql, ")", cat="bool")
            ic2 = f"{inner.entries[0][0]}.{self.pick(same2).name}"
            return node(
                f"({o[0]}, {o2[0]}) IN (SELECT {ic}, {ic2} FROM ", inner.sql, ")", cat="bool"
            )

        return make

    # -- select lists
    def items(
        self, scope: Scope, nested: bool, count: int | None = None, cats: list[str] | None = None
    ) -> tuple[Node, list[Column]]:
        n = count or (1 + self.rng.randrange(4))
        parts, cols, seen = [], [], set()
        for i in range(n):
            cat = cats[i] if cats else self.pick(SCALAR + ("int", "str", "dec"))
            if not cats and not scope.aggregate and self.chance(0.08):
                cat = self.pick(("row", "array", "map"))
            e = self.ex.expr(scope, cat, 2) if cat in SCALAR else self.ex.constructed(scope, cat)
            cat = e.cat or cat
            text = e.render()
            bare = text.split(".")[-1] if _is_column(text) else None
            name = None if bare is None or bare.lower() in seen else bare
            alias = None
            wants_alias = nested or cats is not None or self.chance(0.7)
            if (name is None or self.chance(0.3)) and wants_alias:
                alias = self.fresh("c")
            if alias is None and name is None:
                name = f"`EXPR${i}`"
            if alias is not None:
                name = alias
                item = node(e, self.pick((" AS ", " ")), alias)
            else:
                item = e
            seen.add(name.lower())
            parts.append(item)
            cols.append(Column(name, cat))
        return join_list(parts), cols

    def star(self, source: Source) -> tuple[Node, list[Column]]:
        if len(source.entries) > 1 and self.chance(0.5):
            qual, cols = self.pick(source.entries)
            return node(f"{qual}.*"), list(cols)
        cols = [c for _, cs in source.entries for c in cs]
        names = [c.name.lower() for c in cols]
        if len(set(names)) != len(names):
            qual, cols = source.entries[0]
            return node(f"{qual}.*"), list(cols)
        return node("*"), cols

    # -- queries
    def query(self, depth: int, nested: bool = False) -> tuple[Node, list[Column]]:
        k = self.rng.random()
        if depth <= 0 or k < 0.38:
            return self.select(depth, nested)
        if k < 0.55:
            return self.aggregate(depth, nested)
        if k < 0.64:
            return self.window_tvf(nested)
        if k < 0.73:
            return self.over(depth, nested)
        if k < 0.84:
            return self.set_operation(depth)
        if k < 0.94:
            return self.with_query(depth)
        if k < 0.97:
            return match_recognize(self, nested)
        return self.values_query()

    def select(
        self,
        depth: int,
        nested: bool,
        cats: list[str] | None = None,
        src: Source | None = None,
        tail: bool = True,
    ) -> tuple[Node, list[Column]]:
        source = src or self.source(depth)
        scope = self.scope(source, depth)
        if cats is None and self.chance(0.15):
            items, cols = self.star(source)
        else:
            items, cols = self.items(scope, nested, len(cats) if cats else None, cats)
        distinct = "DISTINCT " if self.chance(0.08) else ""
        parts: list = [
            "SELECT ",
            distinct,
            items,
            "\nFROM " if self.chance(0.2) else " FROM ",
            source.sql,
        ]
        if self.chance(0.55):
            parts.append(clause(" WHERE ", self.ex.expr(scope, "bool", 3)))
        if cats is None and tail:
            parts.extend(self.order_limit(cols, scope, nested))
        return node(*parts), cols

    def order_limit(self, cols: list[Column], scope: Scope | None, nested: bool) -> list[Node]:
        out: list[Node] = []
        if self.chance(0.25):
            keys = []
            for _ in range(1 + self.rng.randrange(2)):
                k = self.rng.randrange(4)
                if k == 0:
                    keys.append(str(1 + self.rng.randrange(len(cols))))
                elif k == 1 or scope is None:
                    keys.append(self.pick(cols).name)
                else:
                    keys.append(self.ex.expr(scope, self.pick(("int", "str")), 1).render())
                keys[-1] += self.pick(("", " ASC", " DESC", " DESC NULLS LAST", " NULLS FIRST"))
            out.append(clause(" ORDER BY ", ", ".join(keys)))
        if self.chance(0.2):
            n = self.rng.randrange(1, 20)
            out.append(
                clause(
                    self.pick(
                        (
                            f" LIMIT {n}",
                            f" FETCH FIRST {n} ROWS ONLY",
                            f" FETCH NEXT {n} ROW ONLY",
                            f" OFFSET {n} ROWS",
                            f" LIMIT {n} OFFSET 2",
                            f" OFFSET 1 ROW FETCH NEXT {n} ROWS ONLY",
                        )
                    )
                )
            )
        return out

    def aggregate(self, depth: int, nested: bool) -> tuple[Node, list[Column]]:
        source = self.source(depth)
        refs = [r for r in self.refs(source) if r[1].cat in COMPARABLE]
        if not refs:
            return self.select(depth, nested, src=source)
        grouped = [self.pick(refs) for _ in range(1 + self.rng.randrange(2))]
        grouped = list(dict.fromkeys(grouped))
        names = [g[0] for g in grouped]
        form = self.rng.randrange(6)
        if form <= 2 or len(names) < 2:
            group = ", ".join(names)
        elif form == 3:
            group = f"GROUPING SETS (({names[0]}), ({', '.join(names)}), ())"
        elif form == 4:
            group = f"ROLLUP ({', '.join(names)})"
        else:
            group = f"CUBE ({', '.join(names)})"
        scope = Scope(self.refs(source), aggregate=True, grouped=grouped, subquery=None)
        if self.ex.faults and self.chance(0.2):
            scope.grouped = scope.refs  # a non-grouped column in the select list
            self.ex.faults -= 1
        items, cols = self.items(scope, nested)
        where_scope = self.scope(source, depth)
        parts: list = ["SELECT ", items, " FROM ", source.sql]
        if self.chance(0.4):
            parts.append(clause(" WHERE ", self.ex.expr(where_scope, "bool", 2)))
        parts.append(f" GROUP BY {group}")
        if self.chance(0.35):
            parts.append(
                clause(" HAVING ", self.ex.expr(Scope(scope.refs, True, grouped), "bool", 2))
            )
        parts.extend(self.order_limit(cols, None, nested))
        return node(*parts), cols

    def window_tvf(self, nested: bool) -> tuple[Node, list[Column]]:
        rel = self.pick(TIMED)
        time_col = rel.rowtime
        if rel.proctime and self.chance(0.3):
            time_col = rel.proctime
        tcol = next(c for c in rel.columns if c.name == time_col)
        size = self.pick(
            (
                "INTERVAL '10' MINUTES",
                "INTERVAL '1' HOUR",
                "INTERVAL '5' SECOND",
                "INTERVAL '1' DAY",
            )
        )
        fn = self.pick(("TUMBLE", "HOP", "CUMULATE", "SESSION"))
        table = f"TABLE {rel.name}"
        if fn == "TUMBLE":
            args = f"{table}, DESCRIPTOR({time_col}), {size}"
            if self.chance(0.2):
                args = f"DATA => {table}, TIMECOL => DESCRIPTOR({time_col}), SIZE => {size}"
        elif fn == "HOP":
            args = f"{table}, DESCRIPTOR({time_col}), INTERVAL '5' MINUTE, {size}"
        elif fn == "CUMULATE":
            args = f"{table}, DESCRIPTOR({time_col}), INTERVAL '1' MINUTE, INTERVAL '1' HOUR"
        else:
            key = rel.columns[0].name
            args = (
                f"{table} PARTITION BY {key}, DESCRIPTOR({time_col}), {size}"
                if self.chance(0.5)
                else f"{table}, DESCRIPTOR({time_col}), {size}"
            )
        alias = self.fresh("w")
        wcols = [
            Column("window_start", "ts"),
            Column("window_end", "ts"),
            Column("window_time", tcol.cat),
        ]
        cols = list(rel.columns) + wcols
        source = Source(
            node(f"TABLE({fn}({args}))", f" AS {alias}" if self.chance(0.6) else ""),
            [(alias, cols)],
        )
        if not source.sql.parts[1]:
            source.entries = [("", cols)]
            refs = [(c.name, c) for c in cols]
        else:
            refs = [(f"{alias}.{c.name}" if self.chance(0.5) else c.name, c) for c in cols]
        if self.chance(0.6):
            ws, we = refs[-3][0], refs[-2][0]
            others = [r for r in refs[:-3] if r[1].cat in ("int", "str") and r[1].time_attr is None]
            grouped = [(ws, wcols[0]), (we, wcols[1])]
            if others and self.chance(0.5):
                grouped.append(self.pick(others))
            scope = Scope(refs, aggregate=True, grouped=grouped)
            items, icols = self.items(scope, nested, cats=None)
            head = join_list([node(ws), node(we)] + [node(g[0]) for g in grouped[2:]])
            lead = [Column(g[1].name, g[1].cat) for g in grouped]
            gb = ", ".join(g[0] for g in grouped)
            parts = ["SELECT ", head, ", ", items, " FROM ", source.sql, f" GROUP BY {gb}"]
            cols_out = lead + icols
            return node(*parts), cols_out
        scope = Scope(refs)
        items, icols = self.items(scope, nested)
        parts = ["SELECT ", items, " FROM ", source.sql]
        if self.chance(0.4):
            parts.append(clause(" WHERE ", self.ex.expr(scope, "bool", 2)))
        return node(*parts), icols

    def over(self, depth: int, nested: bool) -> tuple[Node, list[Column]]:
        rel = self.pick(TIMED)
        source = self.table(rel)
        qual = source.entries[0][0]
        refs = [(f"{qual}.{c.name}", c) for c in rel.columns]
        order_col = rel.rowtime if not rel.proctime or self.chance(0.7) else rel.proctime
        part_refs = [r for r in refs if r[1].cat in ("int", "str") and r[1].time_attr is None]
        partition = (
            f"PARTITION BY {self.pick(part_refs)[0]} " if part_refs and self.chance(0.8) else ""
        )
        frame = self.pick(
            (
                "",
                " ROWS BETWEEN 2 PRECEDING AND CURRENT ROW",
                " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW",
                " RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW",
                " rows between 5 preceding and current row",
                " ROWS 3 PRECEDING",
                " RANGE UNBOUNDED PRECEDING",
            )
        )
        spec = f"{partition}ORDER BY {qual}.{order_col}{frame}"
        named = self.chance(0.3)
        nums = [r for r in refs if r[1].cat in ("int", "dec", "approx")]
        items, cols = [], []
        for _ in range(1 + self.rng.randrange(3)):
            k = self.rng.randrange(5)
            if k == 0 or not nums:
                fn, cat = (
                    self.pick(
                        (("ROW_NUMBER()", "int"), ("RANK()", "int"), ("DENSE_RANK()", "int"))
                    ),
                    None,
                )
                fn, cat = fn
                key = part_refs[0][0] if part_refs else f"{qual}.{order_col}"
                over = (
                    "OVER w" if named else f"OVER (PARTITION BY {key} ORDER BY {qual}.{order_col})"
                )
            else:
                col = self.pick(nums)
                if k == 1:
                    fn, cat = f"LAG({col[0]}, 1{self.pick(('', ', 0'))})", col[1].cat
                else:
                    agg = self.pick(("SUM", "COUNT", "MIN", "MAX", "AVG"))
                    fn, cat = f"{agg}({col[0]})", "int" if agg == "COUNT" else col[1].cat
                over = "OVER w" if named else f"OVER ({spec})"
            alias = self.fresh("ov")
            items.append(node(f"{fn} {over} AS {alias}"))
            cols.append(Column(alias, cat))
        plain = self.pick(refs)
        items.insert(0, node(plain[0]))
        cols.insert(0, Column(plain[1].name, plain[1].cat))
        parts: list = ["SELECT ", join_list(items), " FROM ", source.sql]
        if named:
            if partition and self.chance(0.4):
                # a named window built on another one
                rest = spec.removeprefix(partition)
                parts.append(f" WINDOW w0 AS ({partition.strip()}), w AS (w0 {rest})")
            else:
                parts.append(f" WINDOW w AS ({spec})")
        query = node(*parts)
        if not nested and self.chance(0.3):
            # Top-N: filter on the row number in an outer query
            alias = self.fresh("rn")
            rank = f"ROW_NUMBER() OVER (PARTITION BY {plain[0]} ORDER BY {qual}.{order_col} DESC)"
            inner = node(f"SELECT {plain[0]} AS k, {rank} AS {alias} FROM ", source.sql)
            return node("SELECT * FROM (", inner, f") WHERE {alias} <= 3"), [
                Column("k", plain[1].cat),
                Column(alias, "int"),
            ]
        return query, cols

    def set_operation(self, depth: int) -> tuple[Node, list[Column]]:
        first, cols = self.select(depth - 1, True, tail=False)
        cats = [c.cat for c in cols]
        if any(c not in SCALAR for c in cats):
            return first, cols
        second, _ = self.select(depth - 1, True, cats=cats)
        op = self.pick(
            (
                "UNION",
                "UNION ALL",
                "INTERSECT",
                "EXCEPT",
                "UNION DISTINCT",
                "INTERSECT ALL",
                "EXCEPT ALL",
            )
        )
        if self.chance(0.2):
            first = node("(", first, self.pick((" LIMIT 3", " ORDER BY 1 LIMIT 2", "")), ")")
            second = node("(", second, self.pick((" LIMIT 3", " FETCH FIRST 1 ROWS ONLY", "")), ")")
        parts: list = [first, f" {op} ", second]
        if self.chance(0.3):
            parts.extend(self.order_limit(cols, None, False))
        return node(*parts, shrinks=(first,)), cols

    def with_query(self, depth: int) -> tuple[Node, list[Column]]:
        name = self.fresh("cte")
        body, cols = self.query(depth - 1, nested=True)
        ctes = [node(f"{name} AS (", body, ")")]
        rel = Relation(name, name, tuple(cols))
        if self.chance(0.4):
            name2 = self.fresh("cte")
            b2, cols2 = self.select(0, True, src=self.table(rel))
            ctes.append(node(f"{name2} AS (", b2, ")"))
            rel = Relation(name2, name2, tuple(cols2))
        src = self.table(rel)
        main, mcols = self.select(0, False, src=src)
        return node("WITH ", join_list(ctes), " ", main), mcols

    def values_query(self) -> tuple[Node, list[Column]]:
        src = self.values_source()
        text = src.sql.render()
        rows = text[1 : text.index(") AS ")]  # "VALUES (...), (...)"
        cols = [Column(f"`EXPR${i}`", c.cat) for i, c in enumerate(src.entries[0][1])]
        return node(rows), cols


def _is_column(text: str) -> bool:
    import re

    return (
        re.fullmatch(r"(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)(\.(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*))?", text)
        is not None
    )


def generate_one(seed: int, index: int) -> Generated:
    rng = random.Random(f"{seed}:{index}")
    gen = Generator(rng)
    mutant = rng.random() < MUTANT_SHARE
    gen.ex.faults = 1 if mutant else 0
    tree, cols = gen.query(2)
    if gen.ex.faults:  # the mutator found no site: add a faulty select item in front
        from tests.difftest.faults import fault

        bad = fault(rng, "int", node("1", cat="int"))
        tree = node("SELECT ", bad, " AS bad, * FROM (", tree, ")")
        gen.ex.faults = 0
        cols = []
    header = ""
    if cols and rng.random() < 0.1:
        names = [f"n{i}" for i in range(len(cols))]
        if mutant and rng.random() < 0.5:
            names = names[:-1] or ["n0", "n1"]  # a column list of the wrong length
        header = f" ({', '.join(names)})"
    if rng.random() < 0.05:
        header += " COMMENT 'generated view'"
    return Generated(index, tree, mutant, header, rng.random() < 0.08)


def generate(seed: int, count: int, start: int = 0) -> Iterator[Generated]:
    for index in range(start, start + count):
        yield generate_one(seed, index)
