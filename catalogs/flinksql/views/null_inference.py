"""The NULL literals among a call's or an operator's operands, typed as Flink's operand type
inference types them before the call is checked, or refused (:mod:`..null_operands`, Flink's
record of its functions; golden views_null_operands for the operators).

``PRINTF('%s', NULL)``, ``GREATEST(i, NULL)`` and ``ELT(1, s, NULL)`` are taken, each NULL
typed (:data:`~.calls.INFERRED`) so that the call is then checked and typed as any other;
``UPPER(NULL)``, ``SUBSTRING(NULL, 1)``, ``JSON_VALUE(NULL, '$')`` and ``NOT NULL`` are
refused with Flink's message. COALESCE, IFNULL and NULLIF type theirs themselves
(:mod:`.coalesce`; a NULLIF of a NULL first is Calcite's CASE of NULL results only), an
array function's element is typed by its array (:mod:`..array_elements`), and a NULL in a call
the record does not hold is refused where the call is typed. The operators ``||``, ``-``,
``+``, AND, OR and EXTRACT, and the window functions, refuse a NULL operand; arithmetic and
LIKE check theirs first (:func:`_refuse_null_arithmetic`, ``.operands.check_operator``).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from .. import null_operands
from ..array_elements import ELEMENT_FUNCTIONS
from ..dialect import UnaryPlus
from ..errors import ILLEGAL_NULL, ValidationError
from ..expressions import _is_literal, _strip
from ..json_syntax import JsonFunction
from ..precedence import BINARY_OPERATORS
from ..type_rules import numeric_result
from ..types import DataType
from .calls import (
    _NULL_TOLERANT,
    INFERRED,
    RANKING,
    is_bare_null,
    is_nullif,
    parsed_call,
    refuse_bare_null,
    without_distinct,
)
from .cases import ALL_RESULTS_NULL


def infer_null_operands(
    node: exp.Expression,
    type_of: Callable[[exp.Expression], DataType],
    is_udf: Callable[[exp.Anonymous], bool],
) -> None:
    """Type each bare NULL operand of ``node`` as Flink does, where it is a call of a built-in
    function whose answers with NULL operands Flink's record holds; raise Flink's refusal of a
    NULL operand of that call, or of an operator or window function that takes none."""
    if is_nullif(node) and node.expressions and is_bare_null(node.expressions[0]):
        raise ValidationError(ALL_RESULTS_NULL)  # CASE WHEN NULL = b THEN NULL ELSE NULL END
    _refuse_null_arithmetic(node, type_of)
    refuse_bare_null([o for o in _untyped(node) if o is not None])
    called = _called(node)
    if called is None:
        return
    call, name, operands = called
    nulls = [o for o in operands if is_bare_null(o)]
    # a user's function is looked up only for a call with a NULL (every node is typed here)
    if not nulls or (isinstance(call, exp.Anonymous) and is_udf(call)):
        return
    if name in _WINDOWED:  # no record: they take no call without OVER
        refuse_bare_null(nulls)
    if not null_operands.recorded(name):
        return
    arguments = [None if is_bare_null(o) else (type_of(o), _is_literal(o)) for o in operands]
    for null, data_type in zip(nulls, null_operands.inferred_types(name, arguments), strict=True):
        _strip(null).meta[INFERRED] = data_type


# Operators whose NULL operand Calcite's inference leaves untyped (``s || NULL``, ``-NULL``,
# ``b AND NULL``, ``EXTRACT(DAY FROM NULL)``; golden views_null_operands): refused.
_UNTYPED = (exp.DPipe, exp.Neg, UnaryPlus, exp.And, exp.Or, exp.Extract)


def _untyped(node: exp.Expression) -> list[exp.Expression | None]:
    """The operands of ``node`` that Calcite's inference leaves untyped, where a NULL is
    refused: an operator's (:data:`_UNTYPED`), ``NULL IS JSON``'s, ``CEIL(NULL TO DAY)``'s,
    a JSON function's ``DEFAULT NULL ON EMPTY``, a window's ``PARTITION BY NULL`` and
    ``ORDER BY NULL`` (and GROUP BY NULL, refused by .grouping)."""
    if isinstance(node, _UNTYPED):
        return [node.this, node.args.get("expression")]
    if isinstance(node, exp.Is) and isinstance(node.expression, exp.JSON):
        return [node.this]
    if isinstance(node, exp.Floor | exp.Ceil) and node.args.get("to") is not None:
        return [node.this]
    if isinstance(node, JsonFunction):
        return [node.args.get("empty_default"), node.args.get("error_default")]
    if isinstance(node, exp.Window):
        order = node.args.get("order")
        keys = [o.this for o in order.expressions] if order is not None else []
        return [*(node.args.get("partition_by") or []), *keys]
    return []


# The window functions, which refuse a NULL operand (``LAG(i, 1, NULL) OVER w``).
_WINDOWED = RANKING | {"LAG", "LEAD"}


def _refuse_null_arithmetic(
    node: exp.Expression, type_of: Callable[[exp.Expression], DataType]
) -> None:
    """Refuse an arithmetic operator of a NULL operand: ``Illegal use of 'NULL'``, but where
    the NULL follows an operand that is no number, which types it (FIRST_KNOWN) and fails the
    operator's check over two of its type (``ts + NULL``: ``Cannot apply '+' to arguments of
    type '<TIMESTAMP(3)> + <TIMESTAMP(3)>'``; an interval too)."""
    if not isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Div | exp.Mod):
        return
    if not (is_bare_null(node.this) or is_bare_null(node.expression)):
        return
    if not isinstance(node, exp.Mod) and not is_bare_null(node.this):
        first = type_of(node.this)
        numeric_result(type(node), BINARY_OPERATORS[type(node)][0], first, first)
    raise ValidationError(ILLEGAL_NULL)


def _called(node: exp.Expression) -> tuple[exp.Expression, str, list[exp.Expression]] | None:
    """The call ``node`` is or holds, the function it calls and its operands, where Flink's
    inference types its NULL operands as the record shows (a built-in function, unless a
    user's function has its name)."""
    if isinstance(node, exp.Window) and isinstance(node.this, exp.Anonymous):
        node = node.this  # a window function's operands are its call's
    if isinstance(node, exp.Anonymous):
        name = node.name.upper()
        if node.meta.get("niladic") or node.meta.get("multiset"):
            return None
        if name in _NULL_TOLERANT or name in ELEMENT_FUNCTIONS or name == "ROW":
            return None
        return node, name, without_distinct(node.expressions)
    if isinstance(node, exp.Initcap):
        return node, "INITCAP", [node.this]
    if isinstance(node, exp.Not):
        return node, "NOT", [node.this]
    if isinstance(node, exp.Substring):
        parts = (node.this, node.args.get("start"), node.args.get("length"))
        return node, "SUBSTRING", [p for p in parts if p is not None]
    parsed = parsed_call(node)
    return None if parsed is None else (node, *parsed)
