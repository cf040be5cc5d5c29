"""What the ORDER BY of a DISTINCT block may read: Calcite's ``AggChecker`` over each item.

A SELECT DISTINCT sorts its distinct rows, so an ORDER BY item reads only what the block
selects. Calcite walks each item (an alias written as its select item) in order, as its
``AggChecker`` does with the select list as the group keys:

- a name, or a call, that is a select item as validated is read (``ORDER BY (i + 1) * 2`` of
  ``SELECT DISTINCT i + 1``; ``LOWER(UPPER(s))`` of ``UPPER(s)``); any other name is refused,
  ``Expression 'ts' is not in the select clause``;
- an aggregate call must itself be a select item (``ORDER BY COUNT(*) + 1`` of a grouped block
  that selects ``COUNT(*)``); its FILTER is not read;
- an OVER call reads its function's arguments and its window's keys first, even where the whole
  call is a select item; then, unless it is one, its function must be one (``ORDER BY
  ROW_NUMBER() OVER ()`` is refused, ``Expression 'ROW_NUMBER()' is not in the select
  clause``, unless ``ROW_NUMBER()`` alone is selected);
- a subquery is not read.

A refused aggregate is named as written, an OVER call's function with its names expanded
(golden ``views_distinct_order``).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from ..errors import ValidationError
from .calls import GROUP_WINDOW_HELPERS, QueryExpr, is_aggregate
from .context import names_as_written
from .scopes import OrderKeys

_NOT_READ = (exp.Literal, exp.Null, exp.Boolean, exp.DataType, exp.Star, exp.Var, exp.Identifier)


def check_distinct_order(
    node: exp.Expression, keys: OrderKeys, write: Callable[[exp.Expression], str]
) -> None:
    """Refuse what the resolved ORDER BY item ``node`` of a DISTINCT block reads that the block
    does not select (``write``: a validated expression as Flink writes it)."""
    selected = set(keys.texts)

    def expanded(found: exp.Expression) -> str:
        """``found`` as Calcite's validator expands it: names qualified, an alias as its item."""
        copy = found.copy()
        for column in copy.find_all(exp.Column):
            if column.meta.get("select_alias"):
                column.meta["written_as"] = keys.texts[keys.aliases.index(column.name)]
            else:
                column.meta.pop("written_as", None)
        return write(copy)

    def as_written(found: exp.Expression) -> str:
        copy = found.copy()
        names_as_written(copy)
        return write(copy)

    def refuse(name: str) -> None:
        raise ValidationError(f"Expression '{name}' is not in the select clause")

    def visit(found: exp.Expression) -> None:
        if isinstance(found, (QueryExpr, exp.Subquery, exp.Query, *_NOT_READ)):
            return
        if isinstance(found, exp.Column):
            if found.meta.get("select_alias"):  # the select item, read as it is
                item = keys.items[keys.aliases.index(found.name)]
                if item is not None and item.find(exp.Window) is not None:
                    visit(item)
                return
            written = found.meta.get("flink_text")
            if written is not None and written not in selected:
                refuse(found.meta.get("written_name") or found.name)
            return
        if isinstance(found, exp.Window):
            call = found.this.this if isinstance(found.this, exp.Filter) else found.this
            for child in call.iter_expressions():
                visit(child)
            for key in ("partition_by", "order"):
                for child in _listed(found.args.get(key)):
                    visit(child)
            function = expanded(call)
            if function not in selected and expanded(found) not in selected:
                refuse(function)
            return
        if is_aggregate(found):
            if expanded(found) not in selected:
                refuse(as_written(found))
            return
        if isinstance(found, exp.Filter):  # the aggregate, not its FILTER
            visit(found.this)
            return
        if isinstance(found, exp.Anonymous) and found.name.upper() in GROUP_WINDOW_HELPERS:
            return
        if not isinstance(found, exp.Paren) and expanded(found) in selected:
            return
        for child in found.iter_expressions():
            visit(child)

    visit(node)


def _listed(found: exp.Expression | list | None) -> list[exp.Expression]:
    if found is None:
        return []
    if isinstance(found, list):
        return found
    if isinstance(found, exp.Order):
        return [ordered.this for ordered in found.expressions]
    return [found]
