"""The type of a computed column's or a watermark's expression.

Flink validates both as it validates a view's select list, so they follow the view typer's
rules where those need no query: a CAST must be one Flink has (``CAST(ARRAY<TIMESTAMP> AS
TIMESTAMP(3))`` is refused), and COALESCE and IFNULL merge their types as Flink does (of any
types, not only those in the record of built-in calls). Found by the generated tables of
``tests/difftest/tables.py``.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlglot import exp

from ..expressions import _strip, _Typer
from ..types import DataType
from .casts import check_cast_call
from .coalesce import coalesce_result

_COALESCING = ("COALESCE", "IFNULL")


class _ColumnExpressionTyper(_Typer):
    def type_of(self, node: exp.Expression) -> DataType:
        bare = _strip(node)
        if isinstance(bare, exp.Cast):
            check_cast_call(bare, self.type_of)
        elif isinstance(bare, exp.Anonymous) and bare.name.upper() in _COALESCING:
            args = bare.expressions
            if args:
                types = [self.type_of(a) for a in args]
                result = coalesce_result(bare.name.upper(), args, types)
                return result.with_interval_qualifier(None)
        return super().type_of(node)


def column_expression_type(node: exp.Expression, scope: Mapping[str, DataType]) -> DataType:
    """The type Flink derives for ``node``, a computed column's or a watermark's expression,
    over the columns in ``scope``."""
    return _ColumnExpressionTyper(scope).type_of(node)
