"""Scalar expressions of a view's query: name resolution, types and Calcite's spelling.

Builds on the computed-column writer and typer of :mod:`..expressions`: a view's expression is
first *resolved* (each column reference replaced by its qualified, typed form, each subquery by
its validated text), then typed and written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from sqlglot import exp

from ..catalog import quote_identifier
from ..errors import ValidationError
from ..expressions import (
    PARSER_FUNCTIONS,
    T,
    _least_restrictive,
    _strip,
    _Typer,
    _Writer,
    calcite_type_name,
)
from ..keywords import read_as_column
from ..types import DataType, parse_type

if TYPE_CHECKING:
    from .validator import Scope, Validator

AGGREGATES = frozenset(
    """
    COUNT SUM SUM0 AVG MIN MAX STDDEV STDDEV_POP STDDEV_SAMP VAR_POP VAR_SAMP VARIANCE COLLECT
    LISTAGG FIRST_VALUE LAST_VALUE ARRAY_AGG JSON_OBJECTAGG JSON_ARRAYAGG BIT_AND BIT_OR BIT_XOR
    GROUPING GROUP_ID GROUPING_ID
    """.split()
)
RANKING = frozenset(["ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST", "NTILE"])
# Functions a view writes by their upper-case name (resolved by Calcite's or Flink's operator
# tables at parse time); any other call keeps the name as written, quoted.
VIEW_FUNCTIONS = (
    PARSER_FUNCTIONS
    | AGGREGATES
    | RANKING
    | frozenset(
        """
    LAG LEAD CURRENT_ROW_TIMESTAMP TUMBLE_START TUMBLE_END TUMBLE_ROWTIME TUMBLE_PROCTIME
    HOP_START HOP_END HOP_ROWTIME HOP_PROCTIME SESSION_START SESSION_END SESSION_ROWTIME
    SESSION_PROCTIME ROW ARRAY MAP TIMESTAMPADD TIMESTAMPDIFF
    """.split()
    )
)
# Group window functions of the legacy GROUP BY TUMBLE(...) syntax and their helpers.
GROUP_WINDOWS = frozenset(["TUMBLE", "HOP", "SESSION"])
GROUP_WINDOW_HELPERS = frozenset(
    f"{w}_{p}" for w in GROUP_WINDOWS for p in ("START", "END", "ROWTIME", "PROCTIME")
)
_NILADIC = ("CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "LOCALTIME", "LOCALTIMESTAMP")
# Functions Calcite's parser turns into EXTRACT(<unit> FROM x).
EXTRACT_FUNCTIONS = {
    "YEAR": "YEAR",
    "QUARTER": "QUARTER",
    "MONTH": "MONTH",
    "WEEK": "WEEK",
    "DAYOFYEAR": "DOY",
    "DAYOFMONTH": "DAY",
    "DAYOFWEEK": "DOW",
    "HOUR": "HOUR",
    "MINUTE": "MINUTE",
    "SECOND": "SECOND",
}
# Functions whose first argument is a time unit (a keyword, not a column).
UNIT_FUNCTIONS = frozenset(["TIMESTAMPADD", "TIMESTAMPDIFF"])
_SUB_DAY_UNITS = frozenset(["HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND"])
# Calls whose operands may be a bare NULL (its type is inferred from the other operands).
_NULL_TOLERANT = frozenset(["COALESCE", "IFNULL", "NULLIF"])


class QueryExpr(exp.Expression):
    """A validated subquery inside an expression: its text and its fields."""

    arg_types: dict[str, bool] = {}

    # sqlglot copies a tree by calling each node's class without arguments and then copying its
    # meta, so both must stay optional here.
    def __init__(
        self, text: str = "", fields: list[tuple[str, DataType]] | None = None, **args: Any
    ) -> None:
        super().__init__(**args)
        self.meta["text"] = text
        self.meta["fields"] = fields or []


def is_aggregate(node: exp.Expression) -> bool:
    """An aggregate call that is not a window (OVER) call."""
    if isinstance(node, exp.Anonymous) and node.name.upper() in AGGREGATES:
        return not isinstance(node.parent, exp.Window) and not (
            isinstance(node.parent, exp.Filter) and isinstance(node.parent.parent, exp.Window)
        )
    return False


class ExpressionContext:
    def __init__(self, validator: Validator, scope: Scope, grouped: bool) -> None:
        self.validator = validator
        self.scope = scope
        self.grouped = grouped

    def resolve(self, node: exp.Expression) -> exp.Expression:
        """A copy of ``node`` whose columns and subqueries are resolved."""
        return node.copy().transform(self._resolve_node, copy=False)

    def _resolve_node(self, node: exp.Expression) -> exp.Expression:
        if (
            isinstance(node, exp.Column)
            and isinstance(node.parent, exp.Anonymous)
            and node.parent.name.upper() in UNIT_FUNCTIONS
            and node.arg_key == "expressions"
            and node.index == 0
            and not node.table
        ):
            return exp.Var(this=node.name.upper())
        if isinstance(node, exp.Column) and not isinstance(node.this, exp.Star):
            if (
                isinstance(node.parent, exp.Bracket)
                and node.arg_key == "this"
                and not node.table
                and node.name.upper() == "MAP"
                and not self.validator._column_exists(node.name, self.scope)
            ):
                return node
            return self._column(node)
        if isinstance(node, exp.Dot) and isinstance(_leftmost(node), exp.Column):
            return self._column(node)
        if isinstance(node, exp.CurrentUser) and (written := self._bare_current_user()):
            return self._column(exp.column(written))
        if (
            isinstance(node, exp.Anonymous)
            and node.name.startswith("$")
            and node.name[1:].upper() in GROUP_WINDOWS
        ):
            # GROUP BY $TUMBLE(...): a stored view's group window, read back.
            node.set("this", node.name[1:].upper())
            node.meta["in_group_by"] = True
            return node
        if (
            isinstance(node, exp.Anonymous)
            and node.name.upper() == "ALL"
            and isinstance(node.parent, _COMPARISONS)
            and node.arg_key == "expression"
        ):
            # k <> ALL (1, 2): the parser reads a call of a function ALL.
            return exp.All(this=exp.Tuple(expressions=node.expressions))
        if isinstance(node, exp.Values) and isinstance(node.parent, exp.Exists | exp.Any | exp.All):
            return self.validator.subquery(node, self.scope)
        if isinstance(node, exp.Select | exp.Union | exp.Intersect | exp.Except):
            return self.validator.subquery(node, self.scope)
        if isinstance(node, exp.Subquery):
            return self.validator.subquery(node.this, self.scope)
        return node

    def _bare_current_user(self) -> str | None:
        """``current_user`` as written without parentheses, when a column has that name: Flink
        reads the column then (data/keywords.json), and the function only without one."""
        text = self.validator.text
        for match in re.finditer(r"(?i)\bcurrent_user\b(?!\s*\()", text):
            if self.validator._column_exists(match.group(0), self.scope):
                return match.group(0)
        return None

    def _column(self, node: exp.Expression) -> exp.Expression:
        if "flink_text" in node.meta:
            return node
        parts = [p.name for p in _parts(node)]
        using = self.scope.using_column(parts[0]) if len(parts) == 1 else None
        if using is not None:
            left_type, right_type = using.types()
            operands = []
            for ns, data_type in ((using.left, left_type), (using.right, right_type)):
                column = exp.column(using.name)
                column.meta["flink_text"] = (
                    f"{quote_identifier(ns.alias)}.{quote_identifier(using.name)}"
                )
                column.meta["flink_type"] = data_type
                column.meta["written_name"] = using.name
                operands.append(column)
            return exp.Anonymous(this="COALESCE", expressions=operands)
        # LOCALTIME is the function even beside a column of that name, UNKNOWN the literal.
        word = parts[0]
        if (
            len(parts) == 1
            and word.upper() in (*_NILADIC, "UNKNOWN")
            and not (read_as_column(word) and self.validator._column_exists(word, self.scope))
        ):
            niladic = exp.Anonymous(this=word.upper(), expressions=[])
            niladic.meta["niladic"] = True
            niladic.meta["literal"] = word.upper() == "UNKNOWN"
            return niladic
        qualified, data_type = self.validator.resolve_column(parts, self.scope)
        column = exp.column(parts[-1])
        if self.scope.nullable_keys and not data_type.nullable:
            text = ".".join(quote_identifier(p) for p in qualified)
            if text in self.scope.nullable_keys and not _inside_aggregate(node):
                data_type = data_type.with_nullable(True)
        column.meta["flink_text"] = ".".join(quote_identifier(p) for p in qualified)
        column.meta["flink_type"] = data_type
        column.meta["written_name"] = ".".join(parts)
        return column


def _contains_aggregate(node: exp.Expression) -> bool:
    """Whether ``node`` calls an aggregate outside subqueries and OVER calls."""
    if is_aggregate(node):
        return True
    if isinstance(node, QueryExpr | exp.Window | exp.Select | exp.Subquery):
        return False
    return any(_contains_aggregate(child) for child in node.iter_expressions())


def _inside_aggregate(node: exp.Expression) -> bool:
    parent = node.parent
    while parent is not None:
        if is_aggregate(parent):
            return True
        parent = parent.parent
    return False


def _unparenthesised(node: exp.Expression) -> tuple[exp.Expression, exp.Expression | None]:
    """``node`` or the outermost parentheses around it, and the parent of that."""
    child = node
    while isinstance(child.parent, exp.Paren):
        child = child.parent
    return child, child.parent


def _is_query_operand(child: exp.Expression, parent: exp.Expression | None) -> bool:
    """Whether a subquery is the query of IN, EXISTS or a quantified comparison, whose writer
    puts it in parentheses of their own."""
    if isinstance(parent, exp.In):
        return child.arg_key == "query"
    return isinstance(parent, exp.Exists | exp.Any | exp.All)


def _in_function_argument(child: exp.Expression, parent: exp.Expression | None) -> bool:
    if isinstance(parent, exp.Between):
        return child.arg_key == "low"
    if isinstance(parent, exp.Case):
        return child.arg_key != "this"
    if isinstance(parent, exp.If) and isinstance(parent.parent, exp.Case):
        return child.arg_key == "true" or parent.parent.this is None
    return isinstance(parent, exp.Func | exp.Tuple) and not isinstance(parent, exp.Any | exp.All)


def _leftmost(node: exp.Expression) -> exp.Expression:
    while isinstance(node, exp.Dot):
        node = node.this
    return node


def _parts(node: exp.Expression) -> list[exp.Identifier]:
    if isinstance(node, exp.Column):
        return [p for p in node.parts if isinstance(p, exp.Identifier)]
    if isinstance(node, exp.Dot):
        return [*_parts(node.this), node.expression]
    return [node]  # type: ignore[list-item]


class ViewWriter(_Writer):
    """Calcite's spelling of a validated expression."""

    def __init__(self, context: ExpressionContext) -> None:
        self.context = context

    def _column(self, node: exp.Column) -> str:
        return node.meta["flink_text"]

    def _queryexpr(self, node: QueryExpr) -> str:
        text = node.meta["text"]
        child, parent = _unparenthesised(node)
        if _is_query_operand(child, parent):
            return text
        # Calcite writes a scalar subquery as $SCALAR_QUERY((SELECT ...)), and parenthesises that
        # call once more where its context binds tighter than nothing: an operand of an operator,
        # a list item, a whole clause. Function arguments (CAST's and CASE's parts among them) and
        # BETWEEN's lower bound are written with no binding around them.
        if _in_function_argument(child, parent):
            return f"(({text}))"
        return f"((({text})))"

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

    def _dot(self, node: exp.Dot) -> str:
        return f"{self.write(node.this)}.{quote_identifier(node.expression.name)}"

    def _var(self, node: exp.Var) -> str:
        return node.name.upper()

    def _tuple(self, node: exp.Tuple) -> str:
        return "ROW(" + ", ".join(self.write(e) for e in node.expressions) + ")"

    def _anonymous(self, node: exp.Anonymous) -> str:
        name = node.name
        upper = name.upper()
        if node.meta.get("niladic"):
            return upper
        if node.meta.get("function_text") is None:
            if upper in EXTRACT_FUNCTIONS and len(node.expressions) == 1:
                return f"EXTRACT({EXTRACT_FUNCTIONS[upper]} FROM {self.write(node.expressions[0])})"
            if upper == "CEILING":
                return f"CEIL({', '.join(self.write(a) for a in node.expressions)})"
        if upper == "NULLIF" and len(node.expressions) == 2:
            a, b = (self.write(e) for e in node.expressions)
            return f"CASE WHEN {a} = {b} THEN NULL ELSE {a} END"
        args = ", ".join(self.write(a) for a in node.expressions)
        if upper in GROUP_WINDOWS and node.meta.get("in_group_by"):
            return f"${upper}({args})"
        if upper in VIEW_FUNCTIONS:
            return f"{upper}({args})"
        qualified = node.meta.get("function_text")
        if qualified is not None:
            return f"{qualified}({args})"
        return f"{quote_identifier(name)}({args})"

    def _neg(self, node: exp.Neg) -> str:
        inner = _strip(node.this)
        if isinstance(inner, exp.Literal) and not inner.is_string:
            return f"-{self.write(inner)}"
        return super()._neg(node)

    def _case(self, node: exp.Case) -> str:
        subject = node.this
        if subject is None:
            return super()._case(node)
        parts = ["CASE"]
        left = self._operand(subject, 30)
        for branch in node.args.get("ifs") or []:
            right = self._operand(branch.this, 30, right=True)
            parts.append(f"WHEN {left} = {right} THEN {self.write(branch.args['true'])}")
        default = node.args.get("default")
        parts.append(f"ELSE {self.write(default) if default is not None else 'NULL'}")
        parts.append("END")
        return " ".join(parts)

    def _currenttimestamp(self, node: exp.Expression) -> str:
        return "CURRENT_TIMESTAMP"

    def _operand(self, node: exp.Expression, parent_prec: int, right: bool = False) -> str:
        if isinstance(_strip(node), exp.Window):
            return f"({self.write(node)})"
        return super()._operand(node, parent_prec, right)

    def _between(self, node: exp.Between, negated: bool = False) -> str:
        text = super()._between(node, negated)
        if node.args.get("symmetric"):
            text = text.replace("BETWEEN ASYMMETRIC", "BETWEEN SYMMETRIC", 1)
        return text

    def _interval(self, node: exp.Interval) -> str:
        unit = node.unit
        if isinstance(unit, exp.IntervalSpan):
            start, end = unit.this.name.upper(), unit.expression.name.upper()
            return f"INTERVAL {self.write(node.this)} {start} TO {end}"
        return super()._interval(node)

    def _initcap(self, node: exp.Initcap) -> str:
        return f"INITCAP({self.write(node.this)})"

    def _currenttime(self, node: exp.Expression) -> str:
        return "CURRENT_TIME"

    def _filter(self, node: exp.Filter) -> str:
        condition = node.expression.this
        return f"{self.write(node.this)} FILTER (WHERE {self.write(condition)})"

    def _escape(self, node: exp.Escape) -> str:
        return f"{self.write(node.this)} ESCAPE {self.write(node.expression)}"

    def _similarto(self, node: exp.SimilarTo, negated: bool = False) -> str:
        keyword = "NOT SIMILAR TO" if negated or node.args.get("negate") else "SIMILAR TO"
        return f"{self._operand(node.this, 32)} {keyword} {self._operand(node.expression, 33)}"

    def _not(self, node: exp.Not) -> str:
        inner = _strip(node.this)
        if isinstance(inner, exp.SimilarTo):
            return self._similarto(inner, negated=True)
        return super()._not(node)

    def _kwarg(self, node: exp.Kwarg) -> str:
        return f"{quote_identifier(node.this.name)} => {self.write(node.expression)}"

    def _window(self, node: exp.Window) -> str:
        call = self.write(node.this)
        if (
            node.args.get("partition_by") is None
            and node.args.get("order") is None
            and (node.args.get("spec") is None and node.args.get("alias") is not None)
        ):
            return f"{call} OVER {quote_identifier(node.args['alias'].name)}"
        return f"{call} OVER ({self.window_spec(node)})"

    def window_spec(self, node: exp.Window) -> str:
        parts = []
        partition = node.args.get("partition_by")
        if partition:
            parts.append("PARTITION BY " + ", ".join(self.write(p) for p in partition))
        order = node.args.get("order")
        if order is not None:
            items = []
            for ordered in order.expressions:
                text = self.write(ordered.this)
                if ordered.args.get("desc"):
                    text += " DESC"
                nulls = ordered.meta.get("explicit_nulls")
                if nulls:
                    text += f" NULLS {nulls}"
                items.append(text)
            parts.append("ORDER BY " + ", ".join(items))
        spec = node.args.get("spec")
        if spec is not None:
            kind = spec.args.get("kind")
            start = self._bound(spec.args.get("start"), spec.args.get("start_side"))
            end_value = spec.args.get("end")
            if end_value is None:
                parts.append(f"{kind} {start}")
            else:
                end = self._bound(end_value, spec.args.get("end_side"))
                parts.append(f"{kind} BETWEEN {start} AND {end}")
        return " ".join(parts)

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


class ViewTyper(_Typer):
    """The types Flink derives for a view's expressions."""

    def __init__(self, context: ExpressionContext) -> None:
        super().__init__({})
        self.context = context

    def type_of(self, node: exp.Expression) -> DataType:
        node = _strip(node)
        if isinstance(node, exp.Column):
            return node.meta["flink_type"]
        if isinstance(node, QueryExpr):
            fields = node.meta["fields"]
            if len(fields) != 1:
                record = ", ".join(f"{calcite_type_name(t)} {n.upper()}" for n, t in fields)
                raise ValidationError(
                    "Cannot apply '$SCALAR_QUERY' to arguments of type '$SCALAR_QUERY(<RECORDTYPE("
                    f"{record})>)'. Supported form(s): '$SCALAR_QUERY(<RECORDTYPE(SINGLE FIELD)>)'"
                )
            return fields[0][1].with_nullable(True)
        if isinstance(node, exp.Exists):
            return T("BOOLEAN NOT NULL")
        if isinstance(node, exp.In) and node.args.get("query") is not None:
            return self._query_predicate(node.this, node.args["query"])
        if isinstance(node, _COMPARISONS) and isinstance(
            _strip(node.expression), exp.Any | exp.All
        ):
            return self._query_predicate(node.this, _strip(node.expression).this)
        if isinstance(node, exp.Window):
            return self._window(node)
        if isinstance(node, exp.Filter):
            return self.type_of(node.this)
        if isinstance(node, exp.Escape | exp.SimilarTo):
            inner = node.this if isinstance(node, exp.Escape) else node
            return self._boolean_of(inner.this, inner.expression)
        if isinstance(node, exp.Case) and node.this is not None:
            self.type_of(node.this)
            branches = [b.args["true"] for b in node.args.get("ifs") or []]
            default = node.args.get("default")
            return self._common(*branches, default if default is not None else exp.Null())
        if isinstance(node, exp.StrPosition):
            args = [self.type_of(node.this), self.type_of(node.args["substr"])]
            return T("INT").with_nullable(any(a.nullable for a in args))
        if isinstance(node, exp.Extract):
            return T("BIGINT").with_nullable(self.type_of(node.expression).nullable)
        if isinstance(node, exp.Initcap):
            arg = self.type_of(node.this)
            if arg.is_string:
                return arg.with_time_attribute(None)
            return T("STRING").with_nullable(arg.nullable)
        if isinstance(node, exp.DPipe):
            return _concat(self.type_of(node.this), self.type_of(node.expression))
        if isinstance(node, exp.CurrentTime):
            return T("TIME(0) NOT NULL")
        if isinstance(node, exp.Anonymous):
            return self._call(node)
        if isinstance(node, exp.Dot) and isinstance(node.expression, exp.Identifier):
            row = self.type_of(node.this)
            name = node.expression.name
            if not row.is_row or name not in row.field_names:
                raise ValidationError(f"Unknown field '{name}'")
            member = dict(row.fields)[name]
            return member.with_nullable(member.nullable or row.nullable)
        if isinstance(node, exp.Tuple):
            types = [self.type_of(a) for a in node.expressions]
            names = tuple(f"EXPR${i}" for i in range(len(types)))
            return DataType("ROW", (), False, tuple(types), names)
        if isinstance(node, exp.If):
            operands = (node.this, node.args.get("true"), node.args.get("false"))
            if any(o is not None and isinstance(_strip(o), exp.Null) for o in operands):
                raise ValidationError("Illegal use of 'NULL'")
        if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Div | exp.Mod) and any(
            isinstance(_strip(o), exp.Null) for o in (node.this, node.expression)
        ):
            raise ValidationError("Illegal use of 'NULL'")
        if isinstance(node, exp.Neg):
            return self.type_of(node.this).with_time_attribute(None)
        if isinstance(node, exp.Cast):
            return super().type_of(node).with_time_attribute(None)
        if isinstance(node, exp.Bracket) and not _is_map(node):
            return self._item(node)
        if isinstance(node, exp.Array):
            if any(isinstance(_strip(e), QueryExpr) for e in node.expressions):
                raise ValidationError("Query expression encountered in illegal context")
            result = self._array(node)
            for item in node.expressions:
                target = item.meta.get("coerce_to")
                if target and target.startswith(("CHAR", "VARCHAR")):
                    item.meta["coerce_to"] = f"{target} CHARACTER SET `UTF-16LE`"
            return result
        result = super().type_of(node)
        return result

    def _query_predicate(self, left: exp.Expression, query: exp.Expression) -> DataType:
        """The type of ``left IN (query)`` or ``left <op> SOME|ALL (query)``: a row value on the
        left is compared field by field with the query's columns."""
        query = _strip(query)
        if not isinstance(query, QueryExpr):  # k = SOME (1, 2): a list of values
            items = query.expressions if isinstance(query, exp.Tuple) else [query]
            types = [self.type_of(left), *(self.type_of(i) for i in items)]
            return T("BOOLEAN").with_nullable(any(t.nullable for t in types))
        row = _strip(left)
        if isinstance(row, exp.Tuple) or (
            isinstance(row, exp.Anonymous) and row.name.upper() == "ROW"
        ):
            operands = [self.type_of(e) for e in row.expressions]
        else:
            operands = [self.type_of(left)]
        fields = query.meta["fields"]
        if len(fields) != len(operands):
            raise ValidationError("Values passed to IN operator must have compatible types")
        nullable = any(t.nullable for t in operands) or any(t.nullable for _, t in fields)
        return T("BOOLEAN").with_nullable(nullable)

    def _item(self, node: exp.Bracket) -> DataType:
        container = self.type_of(node.this)
        if container.name in ("ARRAY", "MULTISET"):
            return container.children[0].with_nullable(True)
        if container.name == "MAP":
            return container.children[1].with_nullable(True)
        raise ValidationError(f"Cannot apply 'ITEM' to {container.summary()}")

    def _window(self, node: exp.Window) -> DataType:
        # Calcite refuses a subquery among PARTITION BY keys (its ORDER BY takes one).
        keys = node.args.get("partition_by") or []
        if any(isinstance(n, QueryExpr) for key in keys for n in key.walk()):
            raise ValidationError("Query expression encountered in illegal context")
        call = node.this
        if isinstance(call, exp.Filter):
            call = call.this
        name = call.name.upper() if isinstance(call, exp.Anonymous) else ""
        if name in ("ROW_NUMBER", "RANK", "DENSE_RANK", "NTILE"):
            return T("BIGINT NOT NULL")
        if name in ("PERCENT_RANK", "CUME_DIST"):
            return T("DOUBLE NOT NULL")
        if name in ("LAG", "LEAD"):
            return self.type_of(call.expressions[0]).with_nullable(True)
        return self._aggregate(call, grouped=True)

    def _call(self, node: exp.Anonymous) -> DataType:
        name = node.name.upper()
        if node.meta.get("niladic"):
            return {
                "CURRENT_TIMESTAMP": T("TIMESTAMP_LTZ(3) NOT NULL"),
                "LOCALTIMESTAMP": T("TIMESTAMP(3) NOT NULL"),
                "CURRENT_DATE": T("DATE NOT NULL"),
                "CURRENT_TIME": T("TIME(0) NOT NULL"),
                "LOCALTIME": T("TIME(0) NOT NULL"),
                "UNKNOWN": T("BOOLEAN"),
            }[name]
        if name not in _NULL_TOLERANT and any(
            isinstance(_strip(a), exp.Null) for a in node.expressions
        ):
            raise ValidationError("Illegal use of 'NULL'")
        if name in AGGREGATES:
            if is_aggregate(node) and any(_contains_aggregate(a) for a in node.expressions):
                raise ValidationError("Aggregate expressions cannot be nested")
            return self._aggregate(node, grouped=self.context.grouped)
        if name in ("PROCTIME",):
            return T("TIMESTAMP_LTZ(3) NOT NULL").with_time_attribute("PROCTIME")
        if name in GROUP_WINDOWS:
            return self.type_of(node.expressions[0]).with_nullable(False)
        if name in GROUP_WINDOW_HELPERS and name.endswith(("_ROWTIME", "_PROCTIME")):
            for arg in node.expressions:
                self.type_of(arg)
            if name.endswith("_PROCTIME"):
                return T("TIMESTAMP_LTZ(3) NOT NULL").with_time_attribute("PROCTIME")
            time = self.type_of(node.expressions[0])
            return time.with_time_attribute("ROWTIME") if time.is_timestamp else time
        if name == "CURRENT_ROW_TIMESTAMP":
            return T("TIMESTAMP_LTZ(3) NOT NULL")
        if name == "ROW":
            types = [self.type_of(a) for a in node.expressions]
            return DataType(
                "ROW",
                (),
                False,
                tuple(types),
                tuple(f"EXPR${i}" for i in range(len(types))),
            )
        udf = self._user_function(node)
        if udf is not None:
            return udf
        special = self._builtin(node, name)
        if special is not None:
            return special
        if name in _MORE_FUNCTIONS:
            args = [self.type_of(a) for a in node.expressions]
            return _MORE_FUNCTIONS[name](args, any(a.nullable for a in args))
        result = self._function(node)
        if name in ("FLOOR", "CEIL", "ABS"):
            return result
        return result.with_time_attribute(None) if result.time_attribute else result

    def _builtin(self, node: exp.Anonymous, name: str) -> DataType | None:
        """Built-in functions whose type depends on more than their arguments' types."""
        args = node.expressions
        if name in EXTRACT_FUNCTIONS and len(args) == 1:
            return T("BIGINT").with_nullable(self.type_of(args[0]).nullable)
        if name == "CEILING" and len(args) == 1:
            return self._floor_ceil(exp.Ceil(this=args[0]))
        if name in ("TIMESTAMPADD", "TIMESTAMPDIFF") and len(args) == 3:
            unit = args[0].name.upper()
            types = [self.type_of(a) for a in args[1:]]
            nullable = any(t.nullable for t in types)
            if name == "TIMESTAMPDIFF":
                return T("INT").with_nullable(nullable)
            target = types[1]
            if unit in _SUB_DAY_UNITS:
                if target.name == "DATE":
                    return T("TIMESTAMP(0)").with_nullable(nullable)
                target = target.with_time_attribute(None)
            return target.with_nullable(nullable)
        if name in ("ROUND", "TRUNCATE") and args:
            arg = self.type_of(args[0])
            for other in args[1:]:
                self.type_of(other)
            nullable = arg.nullable or any(self.type_of(a).nullable for a in args[1:])
            if arg.name != "DECIMAL":
                return arg.with_nullable(nullable).with_time_attribute(None)
            digits = 0
            if len(args) > 1:
                literal = _strip(args[1])
                negative = isinstance(literal, exp.Neg)
                literal = _strip(literal.this) if negative else literal
                if not (isinstance(literal, exp.Literal) and literal.is_int):
                    return arg.with_nullable(nullable)
                digits = -int(literal.this) if negative else int(literal.this)
            precision, scale = arg.precision, arg.scale
            if digits >= scale:
                return arg.with_nullable(nullable)
            if digits < 0:
                return DataType("DECIMAL", (min(38, 1 + precision - scale), 0), nullable)
            return DataType("DECIMAL", (1 + precision - scale + digits, digits), nullable)
        if name in ("COALESCE", "IFNULL") and args:
            types = [self.type_of(a) for a in args]
            known = [t for t in types if t.name != "NULL"]
            if not known:
                raise ValidationError("Illegal use of 'NULL'")
            common = known[0].with_time_attribute(None)
            for other in known[1:]:
                common = _least_restrictive(common, other.with_time_attribute(None))
            common = common.with_nullable(True)
            for arg, t in zip(args, types, strict=True):
                if t.name != "NULL" and _needs_cast(t, common):
                    arg.meta["coerce_to"] = calcite_type_name(common)
            return common.with_nullable(all(t.nullable for t in types))
        return None

    def _user_function(self, node: exp.Anonymous) -> DataType | None:
        reader = self.context.validator.reader
        declared = reader.function_return_type(node.name)
        if declared is None:
            return None
        from .. import catalog as _catalog
        from . import Dependency

        validator = self.context.validator
        identifier = function_identifier(node.name, validator.catalog, validator.database)
        validator.dependencies.setdefault(
            ("function", identifier), Dependency("function", identifier)
        )
        node.meta["function_text"] = _catalog.quote_identifier(node.name)
        if declared == "unknown":
            raise ValidationError(f"Cannot instantiate user-defined function '{identifier}'.")
        for arg in node.expressions:
            self.type_of(arg)
        return declared

    def _aggregate(self, node: exp.Anonymous, grouped: bool) -> DataType:
        name = node.name.upper()
        args = node.expressions
        if name in ("GROUPING", "GROUP_ID", "GROUPING_ID"):
            return T("BIGINT NOT NULL")
        if name == "COUNT":
            for arg in args:
                if not isinstance(arg, exp.Star):
                    self.type_of(arg.expressions[0] if isinstance(arg, exp.Distinct) else arg)
            return T("BIGINT NOT NULL")
        if not args:
            raise ValidationError(f"Invalid number of arguments to function '{name}'")
        first = args[0]
        if isinstance(first, exp.Distinct):
            first = first.expressions[0]
        typed = self.type_of(first)
        arg = typed.with_time_attribute(None)
        nullable = arg.nullable or not grouped
        if name in ("MIN", "MAX"):
            return typed.with_nullable(nullable)
        if name in ("SUM", "SUM0"):
            if arg.name == "DECIMAL":
                return DataType("DECIMAL", (38, arg.scale), nullable)
            return arg.with_nullable(nullable)
        if name == "AVG":
            if arg.name == "DECIMAL":
                return DataType("DECIMAL", (38, max(6, arg.scale)), nullable)
            return arg.with_nullable(nullable)
        if name in ("MIN", "MAX", "FIRST_VALUE", "LAST_VALUE"):
            return arg.with_nullable(nullable)
        if name in ("STDDEV", "STDDEV_POP", "STDDEV_SAMP", "VAR_POP", "VAR_SAMP", "VARIANCE"):
            if arg.name == "DECIMAL":
                return DataType("DECIMAL", (38, max(6, arg.scale)), True)
            return arg.with_nullable(True)
        if name == "LISTAGG":
            return T("STRING").with_nullable(True)
        if name == "COLLECT":
            return DataType("MULTISET", (), False, (arg,))
        if name == "ARRAY_AGG":
            return DataType("ARRAY", (), True, (arg,))
        return arg.with_nullable(True)

    @staticmethod
    def least_restrictive(a: DataType, b: DataType) -> DataType | None:
        """The common type of two columns of a set operation, or None if they have none."""
        from ..expressions import _least_restrictive

        nullable = a.nullable or b.nullable
        if a.name == "NULL":
            return b.with_nullable(True)
        if b.name == "NULL":
            return a.with_nullable(True)
        string_like = {"CHAR", "VARCHAR"}
        if (a.name in string_like) != (b.name in string_like):
            return None
        if a.is_integer and b.name == "TIMESTAMP" or b.is_integer and a.name == "TIMESTAMP":
            # Flink's type factory widens an integer and a TIMESTAMP to the TIMESTAMP.
            stamp = a if a.name == "TIMESTAMP" else b
            return stamp.with_nullable(nullable).with_time_attribute(None)
        if a.is_numeric != b.is_numeric:
            return None
        result = _least_restrictive(a.with_nullable(True), b.with_nullable(True))
        time_attribute = a.time_attribute if a.time_attribute == b.time_attribute else None
        return result.with_nullable(nullable).with_time_attribute(time_attribute)


_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)


def _needs_cast(source: DataType, target: DataType) -> bool:
    """Whether Flink casts an operand of ``source`` type to the common ``target`` type."""
    if source.is_string and target.is_string:
        return False
    if source.is_binary and target.is_binary:
        return False
    plain = source.with_nullable(True).with_time_attribute(None)
    return plain != target.with_nullable(True).with_time_attribute(None)


def _concat(a: DataType, b: DataType) -> DataType:
    """``a || b``: CHAR if both are CHAR, else VARCHAR, of the summed length."""
    nullable = a.nullable or b.nullable
    if not (a.is_string and b.is_string):
        return T("STRING").with_nullable(nullable)
    length = min((a.length or 0) + (b.length or 0), 2147483647)
    name = "CHAR" if a.name == b.name == "CHAR" else "VARCHAR"
    return DataType(name, (length,), nullable)


def _is_map(node: exp.Bracket) -> bool:
    return (
        isinstance(node.this, exp.Column)
        and node.this.name.upper() == "MAP"
        and "flink_type" not in node.this.meta
    )


def function_identifier(name: str, catalog: str, database: str) -> Any:
    """The identifier a call of ``name`` (``f``, ``db.f`` or ``cat.db.f``) names."""
    from .. import catalog as _catalog

    parts = name.split(".")
    if len(parts) == 3:
        return _catalog.function_identifier(*parts)
    if len(parts) == 2:
        return _catalog.function_identifier(catalog, parts[0], parts[1])
    return _catalog.function_identifier(catalog, database, name)


def _fixed(text: str, always_not_null: bool = False) -> Any:
    def rule(args: list[DataType], nullable: bool) -> DataType:
        return parse_type(text, ddl=False).with_nullable(False if always_not_null else nullable)

    return rule


def _string_function(args: list[DataType], nullable: bool) -> DataType:
    return T("STRING").with_nullable(nullable)


def _same(args: list[DataType], nullable: bool) -> DataType:
    return args[0].with_nullable(nullable).with_time_attribute(None)


def _element(args: list[DataType], nullable: bool) -> DataType:
    return args[0].children[0].with_nullable(True)


_MORE_FUNCTIONS = {
    "MOD": lambda args, nullable: args[1].with_nullable(nullable),
    "ROUND": _same,
    "TRUNCATE": _same,
    "NULLIF": lambda args, nullable: args[0].with_nullable(True),
    "ELEMENT": _element,
    "GROUPING": _fixed("BIGINT", always_not_null=True),
    "GROUP_ID": _fixed("BIGINT", always_not_null=True),
    "INITCAP": _string_function,
    "UUID": _fixed("CHAR(36)", always_not_null=True),
    "CHARACTER_LENGTH": _fixed("INT"),
    "POSITION": _fixed("INT"),
    "LOCATE": _fixed("INT"),
    "INSTR": _fixed("INT"),
    "SUBSTR": _string_function,
    "SUBSTRING": _string_function,
    "LPAD": _string_function,
    "RPAD": _string_function,
    "REPEAT": _string_function,
    "REVERSE": _string_function,
    "SPLIT_INDEX": _string_function,
    "JSON_QUERY": _string_function,
    "TO_BASE64": _string_function,
    "FROM_BASE64": _string_function,
    "HEX": _string_function,
    "SHA1": _fixed("CHAR(40)"),
    "SHA256": _fixed("CHAR(64)"),
    "LOCALTIMESTAMP": _fixed("TIMESTAMP(3)", always_not_null=True),
    "CURRENT_DATE": _fixed("DATE", always_not_null=True),
    "TUMBLE_START": _fixed("TIMESTAMP(3)", always_not_null=True),
    "TUMBLE_END": _fixed("TIMESTAMP(3)", always_not_null=True),
    "HOP_START": _fixed("TIMESTAMP(3)", always_not_null=True),
    "HOP_END": _fixed("TIMESTAMP(3)", always_not_null=True),
    "SESSION_START": _fixed("TIMESTAMP(3)", always_not_null=True),
    "SESSION_END": _fixed("TIMESTAMP(3)", always_not_null=True),
    "JSON_EXISTS": _fixed("BOOLEAN"),
    "IS_ALPHA": _fixed("BOOLEAN"),
    "IS_DIGIT": _fixed("BOOLEAN"),
    "IS_DECIMAL": _fixed("BOOLEAN"),
    "REGEXP": _fixed("BOOLEAN"),
    "LN": _fixed("DOUBLE"),
    "LOG": _fixed("DOUBLE"),
    "LOG10": _fixed("DOUBLE"),
    "LOG2": _fixed("DOUBLE"),
    "EXP": _fixed("DOUBLE"),
    "SQRT": _fixed("DOUBLE"),
    "POWER": _fixed("DOUBLE"),
    "SIN": _fixed("DOUBLE"),
    "COS": _fixed("DOUBLE"),
    "TAN": _fixed("DOUBLE"),
    "RAND": _fixed("DOUBLE", always_not_null=True),
    "PI": _fixed("DOUBLE", always_not_null=True),
    "E": _fixed("DOUBLE", always_not_null=True),
    "HASH_CODE": _fixed("INT"),
    "DATEDIFF": _fixed("INT"),
    "CARDINALITY": _fixed("INT"),
    "TO_TIMESTAMP_LTZ": _fixed("TIMESTAMP_LTZ(3)"),
    "SHA2": _fixed("VARCHAR(128)"),
    "STR_TO_MAP": _fixed("MAP<STRING, STRING>"),
    "UNIX_TIMESTAMP": lambda args, nullable: T("BIGINT").with_nullable(bool(args) and nullable),
    "JSON_STRING": lambda args, nullable: T("STRING").with_nullable(nullable),
}
