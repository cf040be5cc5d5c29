"""Which CAST Flink supports: the explicit casting rules of Flink's ``LogicalTypeCasts``, as a
table from each target type root to the source roots it accepts, checked against Flink 2.3's
recorded answers (tests/goldens/views_checks_operands.json)."""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from ..calcite_names import message_type
from ..casts import cast_refusal
from ..date_strings import parsed_date_year
from ..errors import ValidationError
from ..expressions import _strip, cast_target, is_interval_literal
from ..sql_writer import _is_typed_literal
from ..types import DataType
from .live_branches import surely_kept

_INTEGERS = frozenset(["TINYINT", "SMALLINT", "INT", "BIGINT"])
_EXACT = _INTEGERS | {"DECIMAL"}
_NUMERIC = _EXACT | {"FLOAT", "DOUBLE"}
_CHARACTER = frozenset(["CHAR", "VARCHAR"])
_BINARY = frozenset(["BINARY", "VARBINARY"])
_TIMESTAMPS = frozenset(["TIMESTAMP", "TIMESTAMP_LTZ"])
_DATETIME = _TIMESTAMPS | {"DATE", "TIME"}
_INTERVALS = frozenset(["INTERVAL_YEAR_MONTH", "INTERVAL_DAY_TIME"])
_CONSTRUCTED = frozenset(["ARRAY", "MULTISET", "MAP", "ROW"])
_OPAQUE = frozenset(["BITMAP", "VARIANT"])
_BITMAP_TARGETS = _CHARACTER | {"VARBINARY"}
_PREDEFINED = _NUMERIC | _CHARACTER | _BINARY | _DATETIME | _INTERVALS | {"BOOLEAN"}

# Target root -> the source roots an explicit CAST accepts (besides its own root and NULL).
_SOURCES: dict[str, frozenset[str]] = {
    **dict.fromkeys(_CHARACTER, _PREDEFINED | _CONSTRUCTED),
    **dict.fromkeys(_BINARY, _BINARY | _CHARACTER),
    "BOOLEAN": _CHARACTER | _NUMERIC | {"BOOLEAN"},
    # no interval to a number: Calcite refuses CAST(INTERVAL '1' HOUR AS BIGINT) while it
    # validates, before Flink's own rules (views_difftest_found)
    **dict.fromkeys(_INTEGERS, _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"}),
    "DECIMAL": _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"},
    "FLOAT": _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"},
    "DOUBLE": _NUMERIC | _CHARACTER | _TIMESTAMPS | {"BOOLEAN"},
    # a binary string casts to a date, a time or a timestamp too (golden views_cast_matrix)
    "DATE": _TIMESTAMPS | _CHARACTER | _BINARY | {"DATE"},
    "TIME": _TIMESTAMPS | _CHARACTER | _BINARY | {"TIME"},
    **dict.fromkeys(_TIMESTAMPS, _DATETIME | _CHARACTER | _NUMERIC | _BINARY),
    **dict.fromkeys(_INTERVALS, _EXACT | _CHARACTER),
}


def supports_cast(source: DataType, target: DataType) -> bool:
    """Whether ``CAST(<source> AS <target>)`` is a cast Flink has."""
    if source.name == "NULL":
        return True
    if source.name in _OPAQUE or target.name in _OPAQUE:
        # BITMAP casts only to a character string or a VARBINARY, VARIANT to nothing, not
        # even to its own type (golden tables_generated_classes)
        return source.name == "BITMAP" and target.name in _BITMAP_TARGETS
    if source.name == target.name and not source.children:
        return True
    if source.name in _CONSTRUCTED or target.name in _CONSTRUCTED:
        if target.name in _CHARACTER or (source.name in _CHARACTER and target.name == "ARRAY"):
            return True  # a string casts to an array too (Flink's string-to-array rule)
        if source.name != target.name or len(source.children) != len(target.children):
            return False
        return all(
            supports_cast(s, t) for s, t in zip(source.children, target.children, strict=True)
        )
    if target.is_interval and source.name in _EXACT:
        # an exact number casts only to an interval of one field (INTERVAL DAY, not DAY TO HOUR)
        qualifier = target.interval_qualifier
        return qualifier is None or qualifier.end is None
    sources = _SOURCES.get(target.name)
    return sources is None or source.name in sources


def check_cast(source: DataType, target: DataType) -> None:
    if not supports_cast(source, target):
        # Calcite's BITMAP type spec is NOT NULL (golden tables_generated_classes)
        shown = message_type(target.with_nullable(target.name != "BITMAP"))
        raise ValidationError(
            f"Cast function cannot convert value of type {message_type(source)} to type {shown}"
        )


def check_cast_call(node: exp.Cast, type_of: Callable[[exp.Expression], DataType]) -> None:
    """Calcite's check of a written CAST (``type_of`` types its operand): a cast Flink has,
    and of a literal one Flink's rules can evaluate; a typed literal (``CAST('1' AS DATE)``
    read as ``DATE '1'``) is a literal, not a cast, refused here where its value is not one
    (the parser kept the error: Calcite checks it where it validates the literal, after what
    comes before it, ``SELECT nope, DATE '2024-13-45'`` naming the column)."""
    if isinstance(node.this, exp.Literal) and node.this.is_string and _is_typed_literal(node):
        check_literal_value(node)
        return
    source, target = type_of(node.this), cast_target(node.to)
    check_cast(source, target)
    check_literal_cast(node, source, target)


def check_literal_value(node: exp.Expression) -> None:
    """Refuse a DATE, TIME or TIMESTAMP literal whose value the parser could not read."""
    error = node.meta.get("literal_error")
    if error is not None:
        raise error


def check_literal_cast(node: exp.Cast, source: DataType, target: DataType) -> None:
    """Flink's own rule for a CAST that Calcite folds as it converts the query: of a literal
    (:func:`folds_to_literal`), Flink's cast rules evaluate it, and they have no cast from a
    character string to an interval (``LogicalTypeCasts``), though Calcite validates one. A
    column's value is cast at run time and passes, and so does a TRY_CAST, or a cast in a
    condition (:func:`mark_filter_casts`; golden views_difftest_seed8_classes)."""
    if isinstance(node, exp.TryCast):
        return
    if target.name == "DATE" and source.is_string and node.meta.get("filtered") != "WHERE":
        _check_folded_date(node.this)
    if node.meta.get("filtered"):
        return
    if folds_to_literal(node.this) and source.is_string and target.is_interval:
        raise ValidationError(
            f"Unsupported cast from '{source.with_nullable(False).summary()}' "
            f"to '{target.with_nullable(False).summary()}'."
        )


def _check_folded_date(operand: exp.Expression) -> None:
    """Calcite's rule for a string constant cast to DATE that it folds as it converts the
    query: Flink reads the date (:func:`~..date_strings.parsed_date_year`), and Calcite keeps
    it as a ``DateString``, which has no year 0 (``CAST('0' AS DATE)``, ``CAST(CAST(0 AS
    STRING) AS DATE)``: "Year out of range: [0]"; seed 46). Everywhere but in a WHERE
    condition, which Calcite builds without folding (HAVING and JOIN ... ON fold it); a
    column's value is cast at run time, and so is a TRY_CAST (golden views_folded_dates)."""
    text = _folded_string(operand)
    if text is not None and parsed_date_year(text) == 0:
        raise ValidationError("Year out of range: [0]")


def _folded_string(node: exp.Expression) -> str | None:
    """The string a constant folds to: a string literal, or an integer literal (negated or
    not) cast to a character string; None for anything else."""
    node = _strip(node)
    if isinstance(node, exp.Literal) and node.is_string:
        return node.this
    if isinstance(node, exp.Cast) and not isinstance(node, exp.TryCast):
        if not cast_target(node.to).is_string:
            return None
        operand, sign = _strip(node.this), 1
        if isinstance(operand, exp.Neg):
            operand, sign = _strip(operand.this), -1
        if isinstance(operand, exp.Literal) and operand.is_int:
            return str(sign * int(operand.this))
    return None


def check_folded_implicit_cast(
    owner: exp.Expression, item: exp.Expression, source: DataType, target: DataType
) -> None:
    """Flink's rule for an implicit cast Calcite folds as it converts the query: an item of
    ARRAY[...] or MAP[...] or a result of a CASE (of ``owner``), cast from ``source`` to the
    constructor's or the CASE's ``target``, that folds to a literal (:func:`folds_to_literal`:
    ``1``, ``CAST('1' AS INT)``, ``(1)``), is evaluated by Flink's cast rules, which cast no
    number to a TIMESTAMP or TIMESTAMP_LTZ (``ARRAY[ts, 1]``, ``CASE WHEN b THEN ts ELSE 1
    END``: "The cast from NUMERIC type to TIMESTAMP type is not allowed..."). A column's value
    is cast at run time and passes (``ARRAY[ts, i]``), and so does a cast in a condition
    (:func:`mark_filter_casts`), and one in a CASE branch Calcite's simplifier may drop
    (:func:`~.live_branches.surely_kept`; golden views_folded_implicit_casts)."""
    if owner.meta.get("filtered") or not folds_to_literal(item) or not surely_kept(item):
        return
    if source.is_numeric and target.name in _TIMESTAMPS:
        refusal = cast_refusal(source, target)
        if refusal is not None:
            raise ValidationError(refusal)


def check_folded_in_casts(node: exp.In, left: DataType, values: list[DataType]) -> None:
    """Flink's rule for the casts of an IN list whose type Calcite's least restrictive walk
    took at once from a date-time (``ts IN (ts, 1)``, :func:`.common_type.looked_ahead_type`):
    the list becomes comparisons with the left operand, and each item that folds to a literal
    is cast to the left operand's type by Flink's cast rules, which refuse a number or an
    interval there ("The cast from NUMERIC type to TIMESTAMP type is not allowed...",
    "Unsupported cast from 'INT NOT NULL' to 'TIME(0) NOT NULL'."). A column's value is cast
    at run time, and so is an item of a WHERE condition, whose casts are not folded
    (:func:`mark_filter_casts`; golden views_case_syntax)."""
    if node.meta.get("filtered") == "WHERE":  # HAVING and ON fold them
        return
    for item, source in zip(node.expressions, values, strict=True):
        if (source.is_numeric or source.is_interval) and _folds_to_literal_or_interval(item):
            refusal = cast_refusal(source, left.with_nullable(source.nullable))
            if refusal is not None and surely_kept(item):
                raise ValidationError(refusal)


def _folds_to_literal_or_interval(node: exp.Expression) -> bool:
    """:func:`folds_to_literal`, or an interval literal (``INTERVAL '1' DAY``)."""
    bare = _strip(node)
    return folds_to_literal(bare) or (isinstance(bare, exp.Interval) and is_interval_literal(bare))


def folds_to_literal(node: exp.Expression) -> bool:
    """Whether Calcite folds ``node`` into a literal as it converts the query: a literal, or a
    CAST of one (``CAST(1 AS VARCHAR(3))`` is the literal '1'); a call of one is converted
    as a call (``UPPER('1')``)."""
    node = _strip(node)
    if isinstance(node, exp.Literal | exp.Boolean):
        return True
    if isinstance(node, exp.Cast) and not isinstance(node, exp.TryCast):
        return folds_to_literal(node.this)
    return False


# the mark of a condition's casts: its clause (Calcite folds some casts in HAVING and ON)
_CLAUSES = {exp.Where: "WHERE", exp.Having: "HAVING", exp.Join: "ON"}


def mark_filter_casts(query: exp.Expression) -> None:
    """Mark the casts of the conditions of WHERE, HAVING and JOIN ... ON: Calcite builds a
    filter without folding its casts (``WHERE CAST('1' AS INTERVAL DAY) IS NULL`` passes),
    a projection (select list, GROUP BY, ORDER BY, an aggregate's FILTER) with (golden
    views_difftest_seed8_classes). A query inside a condition projects its own select list."""
    for clause in query.find_all(exp.Where, exp.Having, exp.Join):
        if isinstance(clause, exp.Where) and isinstance(clause.parent, exp.Filter):
            continue
        condition = clause.args.get("on") if isinstance(clause, exp.Join) else clause.this
        if condition is None:
            continue
        for node in condition.walk(prune=lambda n: isinstance(n, exp.Query | exp.Subquery)):
            # the casts written, and those a constructor, a CASE or an IN makes of its operands
            if isinstance(node, exp.Cast | exp.Array | exp.Bracket | exp.Case | exp.In):
                node.meta["filtered"] = _CLAUSES[type(clause)]


def drop_casts_of_expanded_calls(operand: exp.Expression) -> None:
    """Unmark the implicit casts Flink does not write back in an UNNEST's ``operand``: those of
    the operands of every call around a column written otherwise than Flink writes it (``i``
    for `t`.`i`). Calcite's validator expands such a call into a copy, which its type coercion
    casts, and writes the view from the call as it was: ``UNNEST(ARRAY[i, bi])`` is written
    without the casts its type needs, ``UNNEST(ARRAY[t.i, t.bi])`` and ``UNNEST(ARRAY[1,
    2.5])`` with them (golden views_unnest_casts)."""
    expanded: set[int] = set()
    for column in operand.find_all(exp.Column):
        written = column.meta.get("as_written")
        if written is None or written == column.meta.get("flink_text"):
            continue
        node: exp.Expression | None = column.parent
        while node is not None and id(node) not in expanded:
            expanded.add(id(node))
            node = node.parent
    if not expanded:
        return
    for node in operand.walk():
        if id(node) in expanded:
            for child in node.iter_expressions():
                child.meta.pop("coerce_to", None)
