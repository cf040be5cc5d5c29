"""Type-aware expressions for the generator: columns, literals of every kind, operators,
functions, CASE, CAST/TRY_CAST, nested field access, and (through a callback) subqueries."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.difftest.faults import fault
from tests.difftest.recorded_calls import draw
from tests.difftest.schema_model import COMPARABLE, NUMERIC, Column
from tests.difftest.tree import Node, join_list, node

# a column as the expression scope sees it: the SQL that reads it and its column
Ref = tuple[str, Column]

LITERALS: dict[str, tuple[str, ...]] = {
    "int": (
        "0",
        "1",
        "7",
        "42",
        "-3",
        "2147483647",
        "-2147483648",
        "9999999999",
        "007",
        "+5",
        "CAST(NULL AS INT)",
    ),
    "dec": ("0.5", ".25", "1.50", "123.456", "-0.06", "1e0", "DECIMAL '0.06'", "100.0"),
    "approx": ("1.5E0", "2E3", "-1.0E-2", "CAST(1 AS DOUBLE)", "CAST(2.5 AS FLOAT)"),
    "str": (
        "'a'",
        "'abc'",
        "''",
        "'it''s'",
        "'Ä'",
        "_UTF16'x'",
        "'x'\n  'y'",
        "U&'\\00e4'",
        "CAST(NULL AS STRING)",
        "'a''b'",
    ),
    "bool": ("TRUE", "FALSE", "UNKNOWN"),
    "date": ("DATE '2024-01-15'", "DATE '1999-12-31'", "CURRENT_DATE"),
    "time": ("TIME '12:30:00'", "TIME '01:02:03.456'", "LOCALTIME"),
    "ts": (
        "TIMESTAMP '2024-01-15 10:00:00'",
        "TIMESTAMP '2024-01-15 10:00:00.123'",
        "LOCALTIMESTAMP",
    ),
    "ltz": ("CURRENT_TIMESTAMP", "NOW()", "TO_TIMESTAMP_LTZ(0, 3)"),
    "bytes": ("X'0A0B'", "X''", "CAST('ab' AS BYTES)"),
    "row": ("ROW(1, 'a')", "(1, 'b', TRUE)", "CAST(ROW(1) AS ROW<a INT>)"),
    "array": ("ARRAY[1, 2]", "ARRAY['a']", "ARRAY[CAST(NULL AS INT), 1]"),
    "map": ("MAP['a', 1]", "MAP[1, 'x', 2, 'y']"),
}
INTERVALS = (
    "INTERVAL '1' SECOND",
    "INTERVAL '5' MINUTE",
    "INTERVAL '10' MINUTES",
    "INTERVAL '2' HOUR",
    "INTERVAL '1' DAY",
    "INTERVAL '1:30' HOUR TO MINUTE",
    "INTERVAL '1' MONTH",
    "INTERVAL '1-2' YEAR TO MONTH",
)
CAST_TARGETS: dict[str, tuple[str, ...]] = {
    "int": ("INT", "BIGINT", "SMALLINT", "TINYINT"),
    "dec": ("DECIMAL(10, 2)", "DECIMAL(38, 18)", "DECIMAL(5)", "DECIMAL"),
    "approx": ("DOUBLE", "FLOAT"),
    "str": ("STRING", "VARCHAR(5)", "CHAR(2)"),
    "bool": ("BOOLEAN",),
    "date": ("DATE",),
    "time": ("TIME", "TIME(3)"),
    "ts": ("TIMESTAMP(3)", "TIMESTAMP", "TIMESTAMP(6)"),
    "ltz": ("TIMESTAMP_LTZ(3)",),
    "bytes": ("BYTES", "VARBINARY(3)"),
}
# which categories a CAST from ``key`` may read
CAST_SOURCES: dict[str, tuple[str, ...]] = {
    "int": ("int", "dec", "approx", "str", "bool"),
    "dec": ("int", "dec", "approx", "str"),
    "approx": ("int", "dec", "approx", "str"),
    "str": ("int", "dec", "approx", "str", "bool", "date", "time", "ts"),
    "bool": ("int", "str", "bool"),
    "date": ("str", "ts", "date"),
    "time": ("str", "ts", "time"),
    "ts": ("str", "date", "ts", "ltz"),
    "ltz": ("ts", "ltz"),
    "bytes": ("str", "bytes"),
}
COMPARISONS = ("=", "<>", "<", "<=", ">", ">=", "!=", "IS DISTINCT FROM", "IS NOT DISTINCT FROM")
# the categories of a generated ARRAY[...]'s elements, a MAP[...]'s keys and values, a ROW's fields
ELEMENTS = ("int", "str", "dec", "bool", "date", "ts")


@dataclass
class Scope:
    """The columns an expression may read, and what else it may use."""

    refs: list[Ref]
    aggregate: bool = False  # aggregate functions allowed (select list / HAVING of a GROUP BY)
    grouped: list[Ref] = field(default_factory=list)  # when aggregating: the grouped columns
    subquery: Callable[[str, int], Node] | None = None  # a scalar subquery of a category

    def of(self, cat: str) -> list[Ref]:
        pool = self.grouped if self.aggregate else self.refs
        return [r for r in pool if r[1].cat == cat]


class Expressions:
    """Draws expressions of a category, type-correct for Flink in most cases."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.faults = 0  # how many faults the mutator still has to inject

    def maybe_fault(self, scope: Scope, cat: str) -> Node | None:
        """A faulty expression when the mutator still has one to place (at a random site)."""
        if self.faults <= 0 or not self.chance(0.2):
            return None
        self.faults -= 1
        return fault(self.rng, cat, self.leaf(scope, cat))

    def pick(self, seq):  # noqa: ANN001, ANN201 - a random element
        return seq[self.rng.randrange(len(seq))]

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def literal(self, cat: str) -> Node:
        return node(self.pick(LITERALS[cat]), cat=cat)

    def column(self, scope: Scope, cat: str) -> Node | None:
        pool = scope.of(cat)
        nested = [
            (f"{sql}{suffix}", c)
            for sql, c in (scope.grouped if scope.aggregate else scope.refs)
            for suffix, ncat in c.nested
            if ncat == cat and "." in sql  # nested fields are read through a qualified name
        ]
        if nested and (not pool or self.chance(0.3)):
            text, _ = self.pick(nested)
            return node(text, cat=cat)
        if not pool:
            return None
        return node(self.pick(pool)[0], cat=cat)

    def leaf(self, scope: Scope, cat: str) -> Node:
        if cat in ("row", "array", "map") and self.chance(0.3):
            # a constructor as an operand: of a CASE, a comparison, a function (which may
            # derive its type before inference reaches it; goldens/views_derived_constructors)
            return self.constructed(scope, cat)
        if self.chance(0.7):
            col = self.column(scope, cat)
            if col is not None:
                return col
        return self.literal(cat)

    def constructed(self, scope: Scope, cat: str) -> Node:
        """A value of the ``row``, ``array`` or ``map`` category: a column or a literal, or a
        constructor of generated operands, now and then a bare NULL or a ROW(...) with NULL
        fields, which the constructor's first operand types (goldens/views_constructor_
        inference, where this class was first probed by hand)."""
        if self.chance(0.4):
            return self.column(scope, cat) or self.literal(cat)
        if cat == "row":
            return self._row_of(scope, self.pick(ELEMENTS), 1 + self.rng.randrange(3))
        width = self.pick((0, 0, 1, 2))  # operands of rows of that many fields, or none
        if cat == "array":
            element = self.pick(ELEMENTS)
            items = [self._operand(scope, element, width) for _ in range(1 + self.rng.randrange(3))]
            return node("ARRAY[", join_list(items), "]", cat="array")
        key, value = self.pick(ELEMENTS), self.pick(ELEMENTS)
        items = []
        for _ in range(1 + self.rng.randrange(2)):
            items += [self._operand(scope, key, 0), self._operand(scope, value, width)]
        return node("MAP[", join_list(items), "]", cat="map")

    def _operand(self, scope: Scope, cat: str, width: int) -> Node:
        if self.chance(0.2):
            return node("NULL", cat=cat)
        return self._row_of(scope, cat, width) if width else self.expr(scope, cat, 1)

    def _row_of(self, scope: Scope, cat: str, width: int) -> Node:
        fields = [
            node("NULL", cat=cat) if self.chance(0.3) else self.expr(scope, cat, 0)
            for _ in range(width)
        ]
        return node("ROW(", join_list(fields), ")", cat="row")

    def expr(self, scope: Scope, cat: str, depth: int = 2) -> Node:
        """An expression of category ``cat``."""
        faulty = self.maybe_fault(scope, cat)
        if faulty is not None:
            return faulty
        if depth <= 0 or self.chance(0.35):
            return self.leaf(scope, cat)
        if scope.aggregate and cat in NUMERIC + ("str", "ts", "date") and self.chance(0.35):
            return self.aggregate_call(scope, cat, depth)
        if scope.subquery is not None and self.chance(0.06):
            return scope.subquery(cat, depth)
        if self.chance(0.08):
            call = self.recorded_call(scope, cat, depth)
            if call is not None:
                return call
        maker = getattr(self, f"_{cat}", None)
        if maker is None or self.chance(0.15):
            return self._generic(scope, cat, depth)
        return maker(scope, depth - 1)

    def _sub(self, scope: Scope, cat: str, depth: int) -> Node:
        return self.expr(scope, cat, depth)

    def _generic(self, scope: Scope, cat: str, depth: int) -> Node:
        d = depth - 1
        a = self._sub(scope, cat, d)
        kind = self.rng.randrange(5)
        if kind == 0:
            cond = self.expr(scope, "bool", d)
            b = self._sub(scope, cat, d)
            if self.chance(0.5):
                return node(
                    "CASE WHEN ", cond, " THEN ", a, " ELSE ", b, " END", cat=cat, shrinks=(a, b)
                )
            return node("CASE WHEN ", cond, " THEN ", a, " END", cat=cat, shrinks=(a,))
        if kind == 1:
            b = self._sub(scope, cat, d)
            return node("COALESCE(", a, ", ", b, ")", cat=cat, shrinks=(a, b))
        if kind == 2 and cat in CAST_SOURCES:
            src = self.pick(CAST_SOURCES[cat])
            inner = self._sub(scope, src, d)
            fn = "TRY_CAST" if self.chance(0.3) else "CAST"
            return node(f"{fn}(", inner, f" AS {self.pick(CAST_TARGETS[cat])})", cat=cat)
        if kind == 3:
            return node("(", a, ")", cat=cat, shrinks=(a,))
        b = self._sub(scope, cat, d)
        return node("NULLIF(", a, ", ", b, ")", cat=cat, shrinks=(a,))

    def recorded_call(self, scope: Scope, cat: str, depth: int) -> Node | None:
        """A call of a built-in function as the engine's record holds one answering ``cat``
        (tests/difftest/recorded_calls.py), its column operands generated anew."""
        template = draw(self.rng, cat)
        if template is None:
            return None
        parts: list = [f"{template.name}("]
        operands = []
        for i, (kind, value) in enumerate(template.operands):
            if i:
                parts.append(", ")
            if kind == "literal":
                parts.append(value)
                continue
            operand = self._sub(scope, value, depth - 1)
            operands.append(operand)
            parts.append(operand)
        parts.append(")")
        return node(*parts, cat=cat, shrinks=tuple(o for o in operands if o.cat == cat))

    def aggregate_call(self, scope: Scope, cat: str, depth: int) -> Node:
        inner_scope = Scope(scope.refs)
        if cat == "int" and self.chance(0.4):
            form = self.pick(("COUNT(*)", "COUNT(1)", None, "DISTINCT"))
            if form is not None and form != "DISTINCT":
                return node(form, cat=cat)
            arg = self.expr(inner_scope, self.pick(("int", "str", "dec")), 1)
            distinct = "DISTINCT " if form == "DISTINCT" else ""
            return node(f"COUNT({distinct}", arg, ")", cat=cat)
        if cat == "int" and scope.grouped and self.chance(0.15):
            col = self.pick(scope.grouped)[0]
            return node(f"GROUPING({col})", cat=cat)
        arg = self.expr(inner_scope, cat, 1)
        if cat in NUMERIC:
            fn = self.pick(("SUM", "MIN", "MAX", "AVG", "SUM", "STDDEV_POP", "VAR_SAMP"))
            if fn in ("STDDEV_POP", "VAR_SAMP") and cat != "approx":
                fn = "MAX"
        elif cat == "str":
            fn = self.pick(("MIN", "MAX", "LISTAGG", "FIRST_VALUE", "LAST_VALUE"))
        else:
            fn = self.pick(("MIN", "MAX"))
        distinct = "DISTINCT " if fn in ("SUM", "MIN") and self.chance(0.15) else ""
        call = node(f"{fn}({distinct}", arg, ")", cat=cat)
        if self.chance(0.1):
            cond = self.expr(inner_scope, "bool", 1)
            return node(call, " FILTER (WHERE ", cond, ")", cat=cat, shrinks=(call,))
        return call

    # one maker per category
    def _int(self, scope: Scope, d: int) -> Node:
        k = self.rng.randrange(9)
        a = self._sub(scope, "int", d)
        if k <= 2:
            b = self._sub(scope, "int", d)
            op = self.pick((" + ", " - ", " * ", " / ", " % "))
            return node(a, op, b, cat="int", shrinks=(a, b))
        if k == 3:
            return node("ABS(", a, ")", cat="int", shrinks=(a,))
        if k == 4:
            s = self._sub(scope, "str", d)
            return node(
                self.pick(("CHAR_LENGTH(", "CHARACTER_LENGTH(", "POSITION('a' IN ")),
                s,
                ")",
                cat="int",
            )
        if k == 5:
            src = self.pick(("date", "ts"))
            unit = self.pick(("YEAR", "MONTH", "DAY", "HOUR", "QUARTER", "WEEK", "DOW"))
            if src == "date" and unit == "HOUR":
                unit = "DAY"
            return node(f"EXTRACT({unit} FROM ", self._sub(scope, src, d), ")", cat="int")
        if k == 6:
            sign = "- " if a.render().startswith(("-", "+")) else "-"
            return node(sign, a, cat="int", shrinks=(a,))
        if k == 7:
            b = self._sub(scope, "int", d)
            return node("MOD(", a, ", ", b, ")", cat="int", shrinks=(a, b))
        return node("CAST(", self._sub(scope, "dec", d), " AS INT)", cat="int")

    def _dec(self, scope: Scope, d: int) -> Node:
        a = self._sub(scope, "dec", d)
        k = self.rng.randrange(5)
        if k <= 1:
            b = self._sub(scope, self.pick(("dec", "int", "dec")), d)
            op = self.pick((" + ", " - ", " * ", " / "))
            return node(a, op, b, cat="dec", shrinks=(a,))
        if k == 2:
            return node("ROUND(", a, f", {self.rng.randrange(3)})", cat="dec", shrinks=(a,))
        if k == 3:
            return node("ABS(", a, ")", cat="dec", shrinks=(a,))
        return node("-(", a, ")", cat="dec", shrinks=(a,))

    def _approx(self, scope: Scope, d: int) -> Node:
        a = self._sub(scope, "approx", d)
        k = self.rng.randrange(5)
        if k <= 1:
            b = self._sub(scope, self.pick(("approx", "int", "dec")), d)
            return node(a, self.pick((" + ", " * ", " / ")), b, cat="approx", shrinks=(a,))
        if k == 2:
            fn = self.pick(("SQRT", "LN", "EXP", "ABS", "FLOOR", "CEIL", "SIN"))
            return node(f"{fn}(", a, ")", cat="approx", shrinks=(a,))
        if k == 3:
            return node("POWER(", a, ", 2)", cat="approx", shrinks=(a,))
        return node("RAND()", cat="approx")

    def _str(self, scope: Scope, d: int) -> Node:
        a = self._sub(scope, "str", d)
        k = self.rng.randrange(9)
        if k <= 1:
            b = self._sub(scope, "str", d)
            return node(a, " || ", b, cat="str", shrinks=(a, b))
        if k == 2:
            fn = self.pick(("UPPER", "LOWER", "TRIM", "LTRIM", "INITCAP", "REVERSE"))
            return node(f"{fn}(", a, ")", cat="str", shrinks=(a,))
        if k == 3:
            form = self.pick(
                ("SUBSTRING({} FROM 1 FOR 2)", "SUBSTR({}, 2)", "TRIM(LEADING 'x' FROM {})")
            )
            left, right = form.split("{}")
            return node(left, a, right, cat="str", shrinks=(a,))
        if k == 4:
            # CONCAT and CONCAT_WS of two to six strings (the record held calls of at most
            # three arguments: CONCAT of four was refused, twenty-eighth session)
            fn = self.pick(("CONCAT", "CONCAT", "CONCAT_WS"))
            rest = [self._sub(scope, "str", d) for _ in range(self.pick((1, 1, 2, 3, 5)))]
            parts: list = [f"{fn}(", a]
            for b in rest:
                parts += [", ", b]
            return node(*parts, ")", cat="str", shrinks=(a, *rest))
        if k == 5:
            return node("REPLACE(", a, ", 'a', 'b')", cat="str", shrinks=(a,))
        if k == 6:
            return node("LPAD(", a, ", 5, '-')", cat="str", shrinks=(a,))
        if k == 7:
            src = self.pick(("int", "date", "dec"))
            return node("CAST(", self._sub(scope, src, d), " AS STRING)", cat="str")
        lits = ", ".join(self.pick(LITERALS["str"][:4]) for _ in range(2))
        cond = self.expr(scope, "bool", d)
        return node(
            "CASE WHEN ",
            cond,
            f" THEN {lits.split(', ')[0]} ELSE {lits.split(', ')[1]} END",
            cat="str",
        )

    def _bool(self, scope: Scope, d: int) -> Node:
        k = self.rng.randrange(12)
        if k <= 2:
            cat = self.pick(COMPARABLE)
            a, b = self._sub(scope, cat, d), self._sub(scope, cat, d)
            if cat in NUMERIC:
                b = self._sub(scope, self.pick(NUMERIC), d)
            return node(a, f" {self.pick(COMPARISONS)} ", b, cat="bool")
        if k == 3:
            a, b = self._sub(scope, "bool", d), self._sub(scope, "bool", d)
            return node(a, self.pick((" AND ", " OR ")), b, cat="bool", shrinks=(a, b))
        if k == 4:
            a = self._sub(scope, "bool", d)
            return node("NOT ", a, cat="bool", shrinks=(a,))
        if k == 5:
            a = self._sub(scope, self.pick(COMPARABLE), d)
            return node(a, self.pick((" IS NULL", " IS NOT NULL")), cat="bool")
        if k == 6:
            cat = self.pick(("int", "dec", "date", "str", "ts"))
            a, lo, hi = (self._sub(scope, cat, d) for _ in range(3))
            sym = self.pick(("", "SYMMETRIC ", "ASYMMETRIC "))
            neg = self.pick(("", "NOT "))
            return node(a, f" {neg}BETWEEN {sym}", lo, " AND ", hi, cat="bool")
        if k == 7:
            cat = self.pick(("int", "str", "dec"))
            a = self._sub(scope, cat, d)
            items = ", ".join(self.literal(cat).render() for _ in range(1 + self.rng.randrange(3)))
            return node(a, f" {self.pick(('', 'NOT '))}IN ({items})", cat="bool")
        if k == 8:
            a = self._sub(scope, "str", d)
            pattern = self.pick(("'a%'", "'%b_'", "'x!%' ESCAPE '!'"))
            op = self.pick(("LIKE", "NOT LIKE", "SIMILAR TO"))
            return node(a, f" {op} {pattern}", cat="bool")
        if k == 9:
            a = self._sub(scope, "bool", d)
            return node(
                a,
                self.pick((" IS TRUE", " IS NOT FALSE", " IS UNKNOWN", " IS NOT UNKNOWN")),
                cat="bool",
            )
        if k == 10 and scope.subquery is not None:
            return scope.subquery("bool", d)
        return self.leaf(scope, "bool")

    def _date(self, scope: Scope, d: int) -> Node:
        k = self.rng.randrange(3)
        if k == 0:
            return node("CAST(", self._sub(scope, "ts", d), " AS DATE)", cat="date")
        if k == 1:
            a = self._sub(scope, "date", d)
            return node(
                a,
                " + ",
                self.pick(("INTERVAL '1' DAY", "INTERVAL '2' MONTH")),
                cat="date",
                shrinks=(a,),
            )
        return node("TO_DATE(", self._sub(scope, "str", d), ")", cat="date")

    def _ts(self, scope: Scope, d: int) -> Node:
        k = self.rng.randrange(4)
        a = self._sub(scope, "ts", d)
        if k == 0:
            return node(a, self.pick((" + ", " - ")), self.pick(INTERVALS), cat="ts", shrinks=(a,))
        if k == 1:
            unit = self.pick(("HOUR", "DAY", "MINUTE", "MONTH"))
            return node("FLOOR(", a, f" TO {unit})", cat="ts", shrinks=(a,))
        if k == 2:
            return node("TO_TIMESTAMP(", self._sub(scope, "str", d), ")", cat="ts")
        return node("TIMESTAMPADD(HOUR, 1, ", a, ")", cat="ts", shrinks=(a,))

    def _ltz(self, scope: Scope, d: int) -> Node:
        if self.chance(0.5):
            return node("TO_TIMESTAMP_LTZ(", self._sub(scope, "int", d), ", 3)", cat="ltz")
        a = self._sub(scope, "ltz", d)
        return node(a, " + ", self.pick(INTERVALS[:5]), cat="ltz", shrinks=(a,))
