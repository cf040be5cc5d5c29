"""The vocabulary of a view's expressions: the function names Calcite and Flink know, the node of
a validated subquery, what an aggregate call is, and the identifier a call names."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlglot import exp

from .. import builtins
from ..catalog import quote_identifier
from ..errors import ILLEGAL_NULL, ValidationError
from ..expressions import _strip
from ..json_syntax import JsonFunction
from ..keywords import read_as_column
from ..more_syntax import WithinDistinct
from ..query_places import QUERIES, leads_with_query
from ..sql_writer import PARSER_FUNCTIONS, is_map_constructor
from ..types import DataType

# Calcite's aggregate functions (a view writes them by their upper-case name); Flink's own
# (BITMAP_BUILD_AGG ...) come from the record of its built-in functions.
_SQL_AGGREGATES = frozenset(
    """
    COUNT SUM SUM0 AVG MIN MAX STDDEV STDDEV_POP STDDEV_SAMP VAR_POP VAR_SAMP VARIANCE COLLECT
    LISTAGG FIRST_VALUE LAST_VALUE ARRAY_AGG JSON_OBJECTAGG JSON_ARRAYAGG BIT_AND BIT_OR BIT_XOR
    GROUPING GROUP_ID GROUPING_ID PERCENTILE_CONT PERCENTILE_DISC
    """.split()
)
AGGREGATES = _SQL_AGGREGATES | (builtins.aggregate_functions() - {"LAG", "LEAD", "DISTINCT"})
RANKING = frozenset(["ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST", "NTILE"])
# Functions a view writes by their upper-case name (resolved by Calcite's or Flink's operator
# tables at parse time); any other call keeps the name as written, quoted.
VIEW_FUNCTIONS = (
    PARSER_FUNCTIONS
    | _SQL_AGGREGATES
    | RANKING
    | frozenset(
        """
    LAG LEAD CURRENT_ROW_TIMESTAMP TUMBLE_START TUMBLE_END TUMBLE_ROWTIME TUMBLE_PROCTIME
    HOP_START HOP_END HOP_ROWTIME HOP_PROCTIME SESSION_START SESSION_END SESSION_ROWTIME
    SESSION_PROCTIME ROW ARRAY MAP TIMESTAMPADD TIMESTAMPDIFF
    """.split()
    )
    | builtins.unquoted_functions()
)
# Group window functions of the legacy GROUP BY TUMBLE(...) syntax and their helpers.
GROUP_WINDOWS = frozenset(["TUMBLE", "HOP", "SESSION"])
GROUP_WINDOW_HELPERS = frozenset(
    f"{w}_{p}" for w in GROUP_WINDOWS for p in ("START", "END", "ROWTIME", "PROCTIME")
)
# Functions a view calls without parentheses; they take empty ones too, written without.
NILADIC = ("CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "LOCALTIME", "LOCALTIMESTAMP")


def is_function_identifier(node: exp.Expression) -> bool:
    """Whether ``node`` is ``PI`` as a simple unquoted name: Calcite's validator reads it as
    the call ``PI()`` before it looks for a column of that name (its FUNCTION_ID syntax)."""
    if not isinstance(node, exp.Column) or node.table or not isinstance(node.this, exp.Identifier):
        return False
    return node.name.upper() == "PI" and not node.this.quoted


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
# The calls whose argument at an index Calcite reads as a time unit, not a name: the unit
# functions' first; DATE_TRUNC(d, MONTH)'s and its kin's last (which Flink then refuses).
UNIT_ARGUMENTS = {
    **dict.fromkeys(UNIT_FUNCTIONS, 0),
    "DATE_TRUNC": 1,
    "TIMESTAMP_TRUNC": 1,
    "TIMESTAMP_DIFF": 2,
}
TIME_UNITS = frozenset(
    "YEAR QUARTER MONTH WEEK DAY HOUR MINUTE SECOND MILLISECOND MICROSECOND".split()
)


def is_unit_argument(column: exp.Column) -> bool:
    """Whether ``column`` is a time unit sqlglot reads as a column: ``TIMESTAMPADD(DAY, ...)``'s
    first argument, ``DATE_TRUNC(d, MONTH)``'s second."""
    parent = column.parent
    if not isinstance(parent, exp.Anonymous) or column.arg_key != "expressions" or column.table:
        return False
    at = UNIT_ARGUMENTS.get(parent.name.upper())
    if at is None or at >= len(parent.expressions) or parent.expressions[at] is not column:
        return False
    return at == 0 or column.name.upper() in TIME_UNITS


# Calls whose operands may be a bare NULL (its type is inferred from the other operands).
_NULL_TOLERANT = frozenset(["COALESCE", "IFNULL", "NULLIF"])

# The meta key of a NULL literal's inferred type (.inference, .null_inference).
INFERRED = "inferred_type"


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
    """An aggregate call that is not a window (OVER) call (with its WITHIN GROUP keys)."""
    if isinstance(node, exp.WithinGroup | WithinDistinct):
        return is_aggregate(node.this)
    if isinstance(node, exp.Anonymous) and node.name.upper() in AGGREGATES:
        parent = node.parent
        while isinstance(parent, exp.Filter | exp.IgnoreNulls | exp.RespectNulls):
            parent = parent.parent  # ARRAY_AGG(x) IGNORE NULLS OVER (...)
        return not isinstance(parent, exp.Window)
    return False


def has_aggregate(node: exp.Expression) -> bool:
    """Whether ``node`` calls an aggregate function outside its subqueries and OVER calls."""
    if is_aggregate(node):
        return True
    if isinstance(node, exp.Select | exp.Subquery | exp.Union | exp.Window):
        return False
    return any(has_aggregate(child) for child in node.iter_expressions())


def is_aggregating(select: exp.Select) -> bool:
    """Calcite's ``isAggregate``: whether a query block groups its rows (GROUP BY, HAVING,
    or an aggregate in its select list)."""
    return (
        select.args.get("group") is not None
        or select.args.get("having") is not None
        or any(has_aggregate(item) for item in select.expressions)
    )


# Calls Calcite takes RESPECT NULLS or IGNORE NULLS after (Flink's FIRST_VALUE is its own).
NULL_TREATMENT = frozenset(["ARRAY_AGG", "LAG", "LEAD"])


_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
# What gives its operands a type they lack: a NULL field of a row among them takes the type of
# the field at its position in the first operand whose type is known (Calcite's FIRST_KNOWN
# inference; an ARRAY[...]'s and a MAP[...]'s operands, likewise: is_constructor).
_INFERRING = (
    *_COMPARISONS,
    exp.NullSafeEQ,
    exp.NullSafeNEQ,
    exp.In,
    exp.Between,
    exp.Is,
    exp.Case,
    exp.If,  # a branch of a CASE: its WHEN, THEN (NULLIF as Flink writes it back)
)


def is_row_constructor(node: exp.Expression | None) -> bool:
    return isinstance(node, exp.Tuple) or (
        isinstance(node, exp.Anonymous) and node.name.upper() == "ROW"
    )


def is_constructor(node: exp.Expression | None) -> bool:
    """Whether ``node`` is an ``ARRAY[...]`` or a ``MAP[...]``."""
    return isinstance(node, exp.Array) or (
        isinstance(node, exp.Bracket) and is_map_constructor(node)
    )


def leads_with_view_query(node: exp.Expression) -> bool:
    """:func:`~..query_places.leads_with_query` of a view's expression, whose queries are
    :class:`QueryExpr` nodes."""
    return leads_with_query(node, (*QUERIES, QueryExpr))


def compared_row(node: exp.Expression) -> bool:
    """Whether ``node``, a row constructor, is given the type of what it stands beside: an
    operand of ``=``, ``<>``, ``<`` ..., ``IS [NOT] DISTINCT FROM``, ``IS NULL``, ``IN``,
    ``BETWEEN``, ``NULLIF`` or ``COALESCE``, an operand of an ARRAY[...] or MAP[...] (whose first
    operand types the others: .inference), the operand of a CAST, an operand or result
    of a CASE, or a field of such a row. Its fields may then be a bare NULL (``ROW(1, NULL) =
    ROW(1, 2)``), which a row elsewhere may not (``SELECT ROW(1, NULL)``: ``Illegal use of
    'NULL'``; golden ``views_row_comparisons``)."""
    parent = row_context(node)
    return (
        isinstance(parent, _INFERRING)
        or is_constructor(parent)
        or isinstance(parent, exp.Cast)  # typed by the target (as Flink writes a cast back)
        or (isinstance(parent, exp.Anonymous) and parent.name.upper() in _NULL_TOLERANT)
    )


def row_context(node: exp.Expression) -> exp.Expression | None:
    """What ``node`` stands in, beyond the parentheses and row constructors around it."""
    parent = node.parent
    while isinstance(parent, exp.Paren) or is_row_constructor(parent):
        parent = parent.parent  # type: ignore[union-attr]
    return parent


def refuse_bare_null(items: list[exp.Expression]) -> None:
    """``Illegal use of 'NULL'`` for a NULL literal among ``items``, operands that nothing
    gives a type to."""
    if any(is_bare_null(item) for item in items):
        raise ValidationError(ILLEGAL_NULL)


def is_nullif(node: exp.Expression | None) -> bool:
    """A call of NULLIF (which Calcite rewrites: CASE WHEN a = b THEN NULL ELSE a END)."""
    return isinstance(node, exp.Anonymous) and node.name.upper() == "NULLIF"


def is_bare_null(node: exp.Expression) -> bool:
    """A NULL literal that nothing has given a type to (:data:`INFERRED`)."""
    node = _strip(node)
    return isinstance(node, exp.Null) and INFERRED not in node.meta


def refuse_untyped_null_field(row: exp.Expression) -> None:
    """Refuse a NULL literal as a field of ``row`` (a row constructor) unless what it stands
    beside types it (:func:`compared_row`)."""
    if not compared_row(row):
        refuse_bare_null(row.expressions)


def quantified_test(node: exp.Expression) -> exp.Any | exp.All | None:
    """The quantifier of ``k = ALL (...) IS NULL`` as sqlglot reads it (the IS test around the
    right operand, where Calcite tests the whole comparison), or None."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Not):
        node = node.this
    if isinstance(node, exp.Is) and isinstance(node.this, exp.Any | exp.All):
        return node.this
    return None


def function_identifier(name: str, catalog: str, database: str) -> Any:
    """The identifier a call of ``name`` (``f``, ``db.f`` or ``cat.db.f``) names."""
    from ..catalog import called_function

    return called_function(catalog, database, name)


def alias_text(item: exp.Alias) -> str:
    """A select item's alias as Calcite writes it: quoted, but for an unquoted ``pi``, which it
    writes as the name of the function ``PI`` (a function identifier, see
    :func:`is_function_identifier`)."""
    identifier = item.args.get("alias")
    name = item.alias
    if isinstance(identifier, exp.Identifier) and not identifier.quoted and name.upper() == "PI":
        return "PI"
    return quote_identifier(name)


def niladic_name(node: exp.Expression, column_exists: Callable[[str], bool]) -> str | None:
    """The name of a select item that calls a niladic function (``CURRENT_DATE``, ``PI``) by
    its name alone, or None: a column of that name wins where Flink reads the word as one."""
    if isinstance(node, exp.CurrentTimestamp | exp.CurrentDate | exp.CurrentTime):
        return node.meta.get("written") or type(node).__name__.upper().replace(
            "CURRENT", "CURRENT_"
        )
    if is_function_identifier(node):
        return node.name
    if (
        isinstance(node, exp.Column)
        and not node.table
        and not getattr(node.this, "quoted", False)  # `CURRENT_DATE` is a name
        and node.name.upper() in NILADIC
        and not (read_as_column(node.name) and column_exists(node.name))
    ):
        return node.name
    return None


def grouping_calls(node: exp.Expression) -> list[exp.Anonymous]:
    """The GROUPING and GROUPING_ID calls of ``node`` outside its subqueries."""
    found: list[exp.Anonymous] = []

    def visit(n: exp.Expression) -> None:
        if isinstance(n, QueryExpr):
            return
        if isinstance(n, exp.Anonymous) and n.name.upper() in ("GROUPING", "GROUPING_ID"):
            found.append(n)
        for child in n.iter_expressions():
            visit(child)

    visit(node)
    return found


def contains_aggregate(node: exp.Expression) -> bool:
    """Whether ``node`` calls an aggregate outside subqueries and OVER calls."""
    if is_aggregate(node):
        return True
    if isinstance(node, QueryExpr | exp.Window | exp.Select | exp.Subquery):
        return False
    return any(contains_aggregate(child) for child in node.iter_expressions())


def parsed_call(node: exp.Expression) -> tuple[str, list[exp.Expression]] | None:
    """A built-in call sqlglot reads into a node of its own: the function's name and operands."""
    if isinstance(node, exp.Floor | exp.Ceil) and node.args.get("to") is None:
        operands = [node.this, node.args.get("decimals")]
        name = "FLOOR" if isinstance(node, exp.Floor) else "CEIL"
        return name, [o for o in operands if o is not None]
    if isinstance(node, JsonFunction):
        return node.name, list(node.expressions)
    if (
        isinstance(node, exp.Trim)
        and not node.args.get("expression")
        and not node.args.get("position")
    ):
        return "TRIM", [node.this]
    return None


def without_distinct(args: list[exp.Expression]) -> list[exp.Expression]:
    """A call's operands, DISTINCT's among them (``PERCENTILE(DISTINCT x, 0.5)``: sqlglot
    reads one DISTINCT of both)."""
    operands: list[exp.Expression] = []
    for arg in args:
        operands.extend(arg.expressions if isinstance(arg, exp.Distinct) else [arg])
    return operands


def check_elt_index(args: list[exp.Expression]) -> None:
    """ELT's index, where it is a literal, may not be negative (views_difftest_seed15)."""
    index = literal_value(args[0]) if args else None
    if index is not None and index < 0 and index.as_tuple().exponent == 0:  # an integer
        raise ValidationError(f"Index must be an integer starting from '0', but was '{index}'.")


def literal_value(node: exp.Expression) -> Decimal | None:
    """The value of a number literal, signed or not; None for another expression."""
    node = _strip(node)
    negative = isinstance(node, exp.Neg)
    if negative:
        node = _strip(node.this)
    if not isinstance(node, exp.Literal) or node.is_string:
        return None
    try:
        value = Decimal(node.this)
    except InvalidOperation:
        return None
    return -value if negative else value
