"""Calcite's spelling of a view's validated expression (its SqlPrettyWriter as Flink configures
it), on top of the computed-column writer of :mod:`..sql_writer`."""

from __future__ import annotations

import re
from typing import Any

from sqlglot import exp

from .. import builtins
from ..catalog import quote_identifier
from ..expressions import _strip, is_interval_literal
from ..more_syntax import JdbcCall, TranslateUsing, WithinDistinct
from ..sql_writer import _Writer, interval_unit, is_map_constructor
from .calls import EXTRACT_FUNCTIONS, GROUP_WINDOWS, VIEW_FUNCTIONS, QueryExpr, is_nullif
from .context import ExpressionContext
from .periods import period_bounds


def _unparenthesised(node: exp.Expression) -> tuple[exp.Expression, exp.Expression | None]:
    """``node`` or the outermost parentheses around it, and the parent of that."""
    child = node
    while isinstance(child.parent, exp.Paren):
        child = child.parent
    return child, child.parent


# the mark of an UNNEST's operand, which is written apart from the UNNEST around it
UNNESTED = "unnested"


def _is_query_operand(child: exp.Expression, parent: exp.Expression | None) -> bool:
    """Whether a subquery is the query of IN, EXISTS or a quantified comparison, whose writer
    puts it in parentheses of their own."""
    if isinstance(parent, exp.In):
        return child.arg_key == "query"
    return isinstance(parent, exp.Exists | exp.Any | exp.All)


def _in_function_argument(child: exp.Expression, parent: exp.Expression | None) -> bool:
    if isinstance(parent, exp.Between):
        # Calcite's BETWEEN writes its lower bound bound tighter where it holds an AND call,
        # inside a subquery too (its AndFinder): TPC-DS q54's (((SELECT ... WHERE a AND b)))
        return child.arg_key == "low" and not _holds_and(child)
    if isinstance(parent, exp.Case):
        return child.arg_key != "this"
    if isinstance(parent, exp.StrPosition | exp.Trim | exp.Overlay):
        # Calcite writes the operands of POSITION, TRIM and OVERLAY with the call's own
        # context: POSITION(s IN (((SELECT ...)))) as a select item (an alias binds it), but
        # ABS(POSITION(s IN ((SELECT ...)))) as a function's argument or BETWEEN's lower bound
        return _in_function_argument(*_unparenthesised(parent))
    if isinstance(parent, exp.If) and isinstance(parent.parent, exp.Case):
        return child.arg_key == "true" or parent.parent.this is None
    if isinstance(parent, exp.Array) or (
        isinstance(parent, exp.Bracket) and is_map_constructor(parent)
    ):
        # an item of ARRAY[...] or MAP[...] is written with the constructor's own context:
        # ARRAY[1, (((SELECT 1)))] as a select item or an operand, CARDINALITY(ARRAY[1, ((SELECT
        # 1))]) as a function's argument, UNNEST's too, through an item of it: ABS(ARRAY[1,
        # ((SELECT 1))][1]) (golden views_subquery_items)
        constructor, around = _unparenthesised(parent)
        while (
            isinstance(around, exp.Bracket)
            and not is_map_constructor(around)
            and constructor.arg_key == "this"
        ):
            constructor, around = _unparenthesised(around)
        if around is None:
            return bool(constructor.meta.get(UNNESTED))
        return _in_function_argument(constructor, around)
    return isinstance(parent, exp.Func | exp.Tuple) and not isinstance(parent, exp.Any | exp.All)


class ViewWriter(_Writer):
    """Calcite's spelling of a validated expression."""

    _writing_else = False  # writing NULLIF's first argument again, as its CASE's ELSE

    def __init__(self, context: ExpressionContext) -> None:
        self.context = context

    def _column(self, node: exp.Column) -> str:
        return node.meta.get("written_as") or node.meta["flink_text"]

    def _queryexpr(self, node: QueryExpr) -> str:
        text = node.meta["text"]
        child, parent = _unparenthesised(node)
        if _is_query_operand(child, parent):
            return text
        # Calcite writes a scalar subquery as $SCALAR_QUERY((SELECT ...)), and parenthesises that
        # call once more where its context binds tighter than nothing: an operand of an operator,
        # a list item, a whole clause. Function arguments (CAST's and CASE's parts among them) and
        # BETWEEN's lower bound are written with no binding around them.
        # The call's own parentheses and the SELECT's (a WITH or a set operation has none).
        depth = 2 if node.meta.get("framed", True) else 1
        if "coerce_to" in child.meta:  # written as an implicit cast's argument
            in_argument = True
        elif is_nullif(parent):
            # written as CASE WHEN a = b THEN NULL ELSE a END: operands of =, then an argument
            in_argument = self._writing_else
        else:
            in_argument = _in_function_argument(child, parent)
        if not in_argument:
            depth += 1
        return "(" * depth + text + ")" * depth

    def _any(self, node: exp.Any) -> str:
        return f"SOME ({self._quantified_query(node)})"

    def _all(self, node: exp.All) -> str:
        return f"ALL ({self._quantified_query(node)})"

    def _quantified_query(self, node: exp.Any | exp.All) -> str:
        query = _strip(node.this)
        if isinstance(query, QueryExpr):
            return self.write(query)
        if isinstance(query, exp.Tuple):
            return ", ".join(self.write(e) for e in query.expressions)
        return self.write(query)

    def _exists(self, node: exp.Exists) -> str:
        return f"EXISTS ({self.write(node.this)})"

    def _in(self, node: exp.In, negated: bool = False) -> str:
        query = node.args.get("query")
        keyword = "NOT IN" if negated else "IN"
        if query is not None:
            return f"{self._operand(node.this, 32)} {keyword} ({self.write(query)})"
        return super()._in(node, negated)

    def _star(self, node: exp.Star) -> str:
        return "*"

    def _distinct(self, node: exp.Distinct) -> str:
        return "DISTINCT " + ", ".join(self.write(e) for e in node.expressions)

    def _var(self, node: exp.Var) -> str:
        return node.name.upper()

    def _tuple(self, node: exp.Tuple) -> str:
        return "ROW(" + ", ".join(self.write(e) for e in node.expressions) + ")"

    def _anonymous(self, node: exp.Anonymous) -> str:
        name = node.name
        upper = name.upper()
        using = node.meta.get("using_name")
        if using is not None:  # Calcite's expansion of a USING join's column, AS and all
            operands = ", ".join(self.write(a) for a in node.expressions)
            return f"COALESCE({operands}) AS {quote_identifier(using)}"
        if node.meta.get("niladic"):
            return "PI()" if upper == "PI" else upper
        if node.meta.get("multiset") == "values":
            return "MULTISET[" + ", ".join(self.write(a) for a in node.expressions) + "]"
        if node.meta.get("multiset") == "query":
            query = _strip(node.expressions[0])
            return f"{upper} (({query.meta['text']}))"  # MULTISET, ARRAY or MAP
        if node.meta.get("function_text") is None:
            if upper in EXTRACT_FUNCTIONS and len(node.expressions) == 1:
                return f"EXTRACT({EXTRACT_FUNCTIONS[upper]} FROM {self.write(node.expressions[0])})"
            if upper == "CEILING":
                return f"CEIL({', '.join(self.write(a) for a in node.expressions)})"
        if upper == "NULLIF" and len(node.expressions) == 2:
            first, second = node.expressions
            a, b = self._operand(first, 30), self._operand(second, 30, right=True)
            self._writing_else = True
            try:
                otherwise = self.write(node.expressions[0])
            finally:
                self._writing_else = False
            return f"CASE WHEN {a} = {b} THEN NULL ELSE {otherwise} END"
        args = ", ".join(self.write(a) for a in node.expressions)
        if node.args.get("order") is not None:  # ARRAY_AGG(x ORDER BY k)
            args += " " + self.order_by(node.args["order"])
        if upper == "JSON_ARRAYAGG" and len(node.expressions) == 1:
            return f"JSON_ARRAYAGG({args} {node.meta.get('on_null', 'ABSENT')} ON NULL)"
        if upper == "JSON_OBJECTAGG" and len(node.expressions) == 2:
            key, value = (self.write(a) for a in node.expressions)
            on_null = node.meta.get("on_null", "NULL")
            return f"JSON_OBJECTAGG(KEY {key} VALUE {value} {on_null} ON NULL)"
        renamed = builtins.renamed_functions().get(upper)
        if renamed is not None and node.meta.get("function_text") is None:
            return f"{quote_identifier(renamed)}({args})"
        if upper in GROUP_WINDOWS and node.meta.get("in_group_by"):
            return f"${upper}({args})"
        if upper in VIEW_FUNCTIONS:
            return f"{upper}({args})"
        qualified = node.meta.get("function_text")
        if qualified is not None:
            return f"{qualified}({args})"
        return f"{quote_identifier(name)}({args})"

    def _overlaps(self, node: exp.Overlaps) -> str:
        sides = []
        for side in (node.this, node.expression):
            sides.append("PERIOD (" + ", ".join(self.write(e) for e in period_bounds(side)) + ")")
        return " OVERLAPS ".join(sides)

    def _neg(self, node: exp.Neg) -> str:
        inner = _strip(node.this)
        if isinstance(inner, exp.Literal) and not inner.is_string:
            return f"-{self.write(inner)}"
        return super()._neg(node)

    def _binds_loosest(self, node: exp.Expression) -> bool:
        # OVER and FILTER bind looser than every operator (Calcite's precedences 20 and 2), and
        # so does AS (a USING join's column)
        return isinstance(_strip(node), exp.Window | exp.Filter) or "using_name" in node.meta

    def _between_low(self, low: exp.Expression) -> str:
        # Calcite writes BETWEEN's lower bound with no precedence unless it holds an AND: an
        # OVER or FILTER call there is bare
        if isinstance(_strip(low), exp.Window | exp.Filter) and not any(low.find_all(exp.And)):
            return self.write(low)
        return super()._between_low(low)

    def _interval(self, node: exp.Interval) -> str:
        unit = node.unit
        if isinstance(unit, exp.IntervalSpan) and "qualifier" not in node.meta:
            start, end = unit.this.name.upper(), unit.expression.name.upper()
            return f"INTERVAL {self.write(node.this)} {start} TO {end}"
        if is_interval_literal(node):
            return super()._interval(node)
        return self._interval_of(node, _strip(node.this))

    def _interval_of(self, node: exp.Interval, value: exp.Expression) -> str:
        """``INTERVAL qty DAY`` of a value that is no literal, as Calcite writes it: a name
        bare, any other value in parentheses (``- x`` signed), the whole in parentheses
        unless it is a function's argument."""
        if isinstance(value, exp.Neg) and isinstance(_strip(value.this), exp.Column):
            operand = f"- {self.write(value.this)}"
        elif isinstance(value, exp.Column):
            operand = self.write(value)
        else:
            operand = f"({self.write(value)})"
        qualifier = node.meta.get("qualifier")
        text = f"INTERVAL {operand} {qualifier.text if qualifier else interval_unit(node)}"
        inside_call = isinstance(node.parent, exp.Func) and not isinstance(
            node.parent, exp.Binary | exp.Unary
        )
        return text if inside_call or node.meta.get("whole_column") else f"({text})"

    def _cast_like(self, node: exp.Cast, keyword: str) -> str:
        value = node.meta.get("datetime")
        if value is not None:
            # The validated view writes the literal's value in Flink's format.
            return f"{node.meta['keyword']} '{value.text}'"
        return super()._cast_like(node, keyword)

    def _initcap(self, node: exp.Initcap) -> str:
        return f"INITCAP({self.write(node.this)})"

    def _filter(self, node: exp.Filter) -> str:
        condition = node.expression.this
        return f"{self.write(node.this)} FILTER (WHERE {self.write(condition)})"

    def _not(self, node: exp.Not) -> str:
        inner = node.this
        if isinstance(inner, exp.SimilarTo) and not node.meta.get("prefix"):
            return self._similarto(inner, negated=True)
        return super()._not(node)

    def _jdbccall(self, node: JdbcCall) -> str:
        arguments = ", ".join(self.write(a) for a in node.this.expressions)
        return f"{{fn {node.args['name']}({arguments}) }}"  # Calcite prints "}" after a space

    def _translateusing(self, node: TranslateUsing) -> str:
        # Calcite writes CONVERT(x USING name) as TRANSLATE too, the name quoted as written
        name = quote_identifier(node.args["charset"].name)
        return f"TRANSLATE({self.write(node.this)} USING {name})"

    def _withindistinct(self, node: WithinDistinct) -> str:
        keys = ", ".join(self.write(k) for k in node.expressions)
        return f"{self.write(node.this)} WITHIN DISTINCT ({keys})"

    def _kwarg(self, node: exp.Kwarg) -> str:
        return f"{quote_identifier(node.this.name)} => {self.write(node.expression)}"

    def _window(self, node: exp.Window) -> str:
        call = self.write(node.this)
        if (
            node.args.get("partition_by") is None
            and node.args.get("order") is None
            and (node.args.get("spec") is None and node.args.get("alias") is not None)
            and not node.meta.get("parenthesised")
        ):
            return f"{call} OVER {quote_identifier(node.args['alias'].name)}"
        return f"{call} OVER ({self.window_spec(node)})"

    def window_spec(self, node: exp.Window) -> str:
        """The inside of a window's parentheses: the window it builds on (``w1 ORDER BY ts``),
        PARTITION BY, ORDER BY and the frame, keywords in upper case."""
        parts = []
        reference = node.args.get("alias")
        if reference is not None:
            parts.append(quote_identifier(reference.name))
        partition = node.args.get("partition_by")
        if partition:
            parts.append("PARTITION BY " + ", ".join(self.write(p) for p in partition))
        order = node.args.get("order")
        if order is not None:
            parts.append(self.order_by(order))
        spec = node.args.get("spec")
        if spec is not None:
            kind = str(spec.args.get("kind")).upper()
            start = self._bound(spec.args.get("start"), spec.args.get("start_side"))
            end_value = spec.args.get("end")
            if end_value is None:
                parts.append(f"{kind} {start}")
            else:
                end = self._bound(end_value, spec.args.get("end_side"))
                parts.append(f"{kind} BETWEEN {start} AND {end}")
        if node.meta.get("partial") == "DISALLOW":  # ALLOW PARTIAL, the default, is not kept
            parts.append("DISALLOW PARTIAL")
        return " ".join(parts)

    def order_by(self, order: exp.Order) -> str:
        """``ORDER BY k [DESC] [NULLS FIRST|LAST]`` of a window or an aggregate."""
        items = []
        for ordered in order.expressions:
            text = self.write(ordered.this)
            if ordered.args.get("desc"):
                text += " DESC"
            nulls = ordered.meta.get("explicit_nulls")
            if nulls:
                text += f" NULLS {nulls}"
            items.append(text)
        return "ORDER BY " + ", ".join(items)

    def _ignorenulls(self, node: exp.IgnoreNulls) -> str:
        return f"{self.write(node.this)} IGNORE NULLS"

    def _respectnulls(self, node: exp.RespectNulls) -> str:
        return f"{self.write(node.this)} RESPECT NULLS"

    def _withingroup(self, node: exp.WithinGroup) -> str:
        return f"{self.write(node.this)} WITHIN GROUP ({self.order_by(node.expression)})"

    def _bound(self, value: Any, side: Any) -> str:
        if isinstance(value, str):
            text = value.upper()
        elif isinstance(value, exp.Expression):
            text = self.write(value)
        else:
            text = str(value)
        if side:
            text += f" {str(side).upper()}"
        return text


# Quoted names and string literals, whose words are no keywords
_QUOTED = re.compile(r"`(?:[^`]|``)*`|'(?:[^']|'')*'")


def _holds_and(node: exp.Expression) -> bool:
    """Whether an expression holds an AND call, also inside a subquery's written text (there,
    an AND that is not a BETWEEN's or a frame's)."""
    if any(node.find_all(exp.And)):
        return True
    for query in [node, *node.find_all(QueryExpr)]:
        if isinstance(query, QueryExpr):
            words = _QUOTED.sub(" ", query.meta["text"])
            if len(re.findall(r"\bAND\b", words)) > len(re.findall(r"\bBETWEEN\b", words)):
                return True
    return False
