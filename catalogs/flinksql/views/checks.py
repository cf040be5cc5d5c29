"""Every call and operator of a view's expression checked once, wherever it stands.

Calcite validates each node of an expression (a comparison's right side, a later AND term, an IN
list, a CASE condition, a window's PARTITION BY, an aggregate's FILTER) before it derives the
expression's type. The type derivation alone looks only where a result type depends on an
operand, so this one traversal types every call and operator node; typing a node runs its
checks (unknown function, arity, operand types, casts). Subqueries are validated as queries of
their own and are not entered here.
"""

from __future__ import annotations

from typing import Protocol

from sqlglot import exp

from ..literal_checks import literal_range_error
from ..more_syntax import JDBC_TYPES, JdbcCall
from ..types import DataType
from .calls import QueryExpr
from .inference import typed_by_constructor

# The nodes that are calls or operators: each is typed, and so checked, on its own.
_CHECKED = (
    exp.Anonymous,
    exp.Cast,
    exp.EQ,
    exp.NEQ,
    exp.GT,
    exp.GTE,
    exp.LT,
    exp.LTE,
    exp.And,
    exp.Or,
    exp.Not,
    exp.Like,
    exp.Escape,
    exp.Initcap,
    exp.Between,
    exp.Substring,
    exp.In,
    exp.Add,
    exp.Sub,
    exp.Mul,
    exp.Div,
    exp.Neg,
    exp.DPipe,
    exp.Array,
    exp.Window,
)


class Typer(Protocol):
    def type_of(self, node: exp.Expression) -> DataType: ...


def check_every_call(node: exp.Expression, typer: Typer) -> None:
    """Type every call and operator node of ``node`` (outside its subqueries), innermost
    first, as Calcite's validator visits them."""
    for child in _calls(node):
        typer.type_of(child)


def _calls(node: exp.Expression) -> list[exp.Expression]:
    found: list[exp.Expression] = []

    def visit(current: exp.Expression) -> None:
        # An INTERVAL literal holds its sign, value and qualifier (DAY(3) TO SECOND(1)), no calls.
        if isinstance(current, QueryExpr | exp.Interval):
            return
        for child in current.iter_expressions():
            visit(child)
        if isinstance(current, _CHECKED) and not _typed_by_parent(current):
            found.append(current)

    visit(node)
    return found


def _typed_by_parent(node: exp.Expression) -> bool:
    """A call that only its enclosing node can type: the function of an OVER window (a ranking
    function is no call of its own), a niladic keyword, an IN or quantified comparison over a
    subquery (typed as a predicate), a ROW(...) among an ARRAY's or a MAP's operands (typed by
    it once their first has given it its inferred types: .inference)."""
    parent = node.parent
    if typed_by_constructor(node):
        return True
    if isinstance(node, exp.Anonymous):
        if node.meta.get("niladic"):
            return True
        if isinstance(parent, exp.Overlaps) and node.name.upper() == "PERIOD":
            return True  # a side of OVERLAPS, typed by it
        if isinstance(parent, JdbcCall) and parent.args["name"] in JDBC_TYPES:
            return True  # {fn DAYNAME(ts)}: a function of Calcite's, typed by the escape
        if isinstance(parent, exp.WithinGroup) and node.arg_key == "this":
            return True  # PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY k): typed with its keys
        if isinstance(parent, exp.IgnoreNulls | exp.RespectNulls) and isinstance(
            parent.parent, exp.Window
        ):
            return True
        if isinstance(parent, exp.Window) and node.arg_key == "this":
            return True
        if (
            isinstance(parent, exp.Filter)
            and isinstance(parent.parent, exp.Window)
            and node.arg_key == "this"
        ):
            return True
    return False


def check_literal_values(nodes: list[exp.Expression]) -> None:
    """Refuse the first literal of ``nodes`` whose value Calcite refuses: an interval's that
    does not fit its qualifier (``INTERVAL '1' HOUR TO SECOND``), a number out of range
    (``99999999999999999999``). Calcite checks literals once a clause is typed, so a type
    error or an unknown column of the clause comes first (``MOD(99999999999999999999, 'a')``
    is refused for its types, the number a BIGINT there), a grouping error after."""
    for node in nodes:
        for literal in node.walk():
            error = literal.meta.get("interval_error") or literal_range_error(literal)
            if error is not None:
                raise error
