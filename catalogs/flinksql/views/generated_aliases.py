"""The names Calcite gives unnamed FROM items (``EXPR$0``, ``EXPR$1``...), in the order its
validator registers them, set on each item before validation (meta ``generated_alias``).

Calcite numbers an unnamed subquery, VALUES, UNNEST, table function call, MATCH_RECOGNIZE or
UNPIVOT when it registers the item, before it registers what the item holds. A query block
registers, in this order: the subqueries of its WHERE, of its QUALIFY, its FROM items (a
join's left, its right, then its condition's subqueries), the subqueries of its GROUP BY, its
HAVING, its select list and its ORDER BY; a WITH its items, then its body; a set operation
its operands. So an unnamed item of a WHERE subquery is numbered before the block's own FROM
items (golden views_docs_examples: the documentation's window semi and anti joins). The
validator validates FROM first and reads the numbers given here.

The walk also makes the one refusal Calcite makes while it registers a block, before it
validates anything: an aggregate in the ORDER BY of a block that does not aggregate
("Aggregate expression is illegal in ORDER BY clause of non-aggregating SELECT"), once the
block's own subqueries are registered (golden views_distinct_order).
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlglot import exp

from ..dialect import TableArgument
from ..errors import ValidationError
from ..match_recognize_syntax import MatchRecognizeItem
from ..unpivot_syntax import UnpivotItem
from .calls import has_aggregate, is_aggregating
from .query_shapes import _read_as_select_over

GENERATED = "generated_alias"
_QUERIES = (exp.Select, exp.Union, exp.Intersect, exp.Except)
_CLAUSES_BEFORE_FROM = ("where", "qualify")
_CLAUSES_AFTER_FROM = ("group", "having", "expressions", "order")


def number_unnamed_items(query: exp.Expression) -> int:
    """Give every unnamed FROM item of ``query`` its generated alias; the count given."""
    count = 0
    for item in _query(query):
        item.meta[GENERATED] = f"EXPR${count}"
        count += 1
    return count


def _query(node: exp.Expression | None) -> Iterator[exp.Expression]:
    if node is None:
        return
    if _read_as_select_over(node):
        # a set operation (or a parenthesized one, or a WITH) with ORDER BY, OFFSET or FETCH:
        # Calcite reads SELECT * FROM (it) ORDER BY ..., whose FROM item is numbered first
        yield node
    with_ = node.args.get("with_")
    if with_ is not None:
        for cte in with_.expressions:
            yield from _query(cte.this)
    if isinstance(node, exp.Subquery):
        yield from _query(node.this)
    elif isinstance(node, exp.Select):
        yield from _select(node)
    elif isinstance(node, exp.Union | exp.Intersect | exp.Except):
        yield from _query(node.this)
        yield from _query(node.expression)
    if not isinstance(node, exp.Select):  # a set operation's or a parenthesized ORDER BY
        yield from _subqueries(node.args.get("order"))
        _refuse_order_aggregates(node.args.get("order"), False)  # of SELECT * FROM (...)


def _select(node: exp.Select) -> Iterator[exp.Expression]:
    for clause in _CLAUSES_BEFORE_FROM:
        yield from _subqueries(node.args.get(clause))
    from_ = node.args.get("from_")
    if from_ is not None:
        yield from _from_item(from_.this)
    for join in node.args.get("joins") or []:
        yield from _join(join)
    for clause in _CLAUSES_AFTER_FROM:
        yield from _subqueries(node.args.get(clause))
    _refuse_order_aggregates(node.args.get("order"), is_aggregating(node))


def _refuse_order_aggregates(order: exp.Expression | None, aggregating: bool) -> None:
    if order is None or aggregating:
        return
    if any(has_aggregate(ordered.this) for ordered in order.expressions):
        raise ValidationError(
            "Aggregate expression is illegal in ORDER BY clause of non-aggregating SELECT"
        )


def _join(join: exp.Join) -> Iterator[exp.Expression]:
    yield from _from_item(join.this)
    yield from _subqueries(join.args.get("on"))


def _from_item(node: exp.Expression) -> Iterator[exp.Expression]:
    if isinstance(node, MatchRecognizeItem | UnpivotItem):
        yield from _unnamed(node)
        yield from _from_item(node.this)
    elif isinstance(node, exp.Table):
        yield from _table(node)
    elif isinstance(node, exp.Subquery):
        inner = node.this
        if isinstance(inner, exp.Table) and inner.args.get("joins"):  # (a JOIN b): no name
            yield from _table(inner)
        else:
            yield from _unnamed(node)
            yield from _query(inner)
    elif isinstance(node, exp.Values):
        yield from _unnamed(node)
    elif isinstance(node, exp.Unnest):
        yield from _unnamed(node)
        yield from _subqueries(node)
    elif isinstance(node, exp.Lateral):
        inner = node.this
        if isinstance(inner, exp.Unnest):  # LATERAL UNNEST(...) AS u: the UNNEST's name
            if node.args.get("alias") is None:
                yield inner
            yield from _subqueries(inner)
        elif isinstance(inner, exp.Subquery):
            yield from _unnamed(node)
            yield from _query(inner.this)
        else:  # LATERAL TABLE(f(...))
            yield from _unnamed(node)
            yield from _subqueries(inner)


def _table(node: exp.Table) -> Iterator[exp.Expression]:
    call = node.this
    if isinstance(call, exp.Anonymous):  # TABLE(f(...)), TUMBLE(...), TO_CHANGELOG(...)
        yield from _unnamed(node)
        if call.name.upper() == "TABLE" and call.expressions:
            call = call.expressions[0]
        for argument in call.expressions if isinstance(call, exp.Func) else []:
            value = argument.expression if isinstance(argument, exp.Kwarg) else argument
            if isinstance(value, TableArgument):
                value = value.this
            while isinstance(value, exp.Subquery | exp.Paren):
                value = value.this
            if isinstance(value, _QUERIES):
                yield from _query(value)
    for join in node.args.get("joins") or []:  # (a JOIN b): a plain table first, no name
        yield from _join(join)


def _unnamed(node: exp.Expression) -> Iterator[exp.Expression]:
    alias = node.args.get("alias")
    if alias is None or not alias.name:
        yield node


def _subqueries(node: exp.Expression | list | None) -> Iterator[exp.Expression]:
    """The FROM items of the queries inside an expression, in the order Calcite registers them
    (operand by operand, a query as a whole)."""
    if node is None:
        return
    if isinstance(node, list):
        for item in node:
            yield from _subqueries(item)
        return
    if isinstance(node, _QUERIES):
        yield from _query(node)
        return
    for child in node.iter_expressions():
        yield from _subqueries(child)
