"""Scalar expressions: the typer the view typer builds on, and the types of literals, casts
and intervals.

``_Typer`` resolves a column's names as Flink's scope of columns does, and is the base of
:class:`.views.typer.ViewTyper`. Expressions are written back out by :mod:`.sql_writer`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from sqlglot import exp

from . import builtin_rules, builtins, literals
from .calcite_names import calcite_type_name
from .dialect import UnaryPlus
from .errors import ILLEGAL_NULL, ValidationError, unknown_function_type
from .json_syntax import JsonFunction
from .literal_checks import DEFER_RANGE_CHECKS, in_filter_condition, numeric_of
from .precedence import BINARY_OPERATORS
from .precedence import strip as _strip
from .row_fields import field_of
from .sql_writer import (
    _cast_type_for_parser,
    _is_typed_literal,
    is_map_constructor,
    unparse,
)
from .type_rules import (
    T,
    if_result,
    least_restrictive_type,
    numeric_result,
    operand_family,
    string_result,
)
from .types import DataType, parse_type

# -- type derivation ---------------------------------------------------------------------

# Finds a user-defined function by the name written in an expression: its qualified name,
# or None when no catalog or temporary function has that name.
FunctionLookup = Callable[[str], "str | None"]
_user_functions: ContextVar[FunctionLookup | None] = ContextVar("user_functions", default=None)


@contextmanager
def user_functions(lookup: FunctionLookup) -> Iterator[None]:
    """Resolve function names against the session's functions while the block runs."""
    token = _user_functions.set(lookup)
    try:
        yield
    finally:
        _user_functions.reset(token)


class _Typer:
    def __init__(self, scope: Mapping[str, DataType]) -> None:
        self.scope = scope

    def type_of(self, node: exp.Expression) -> DataType:
        node = _strip(node)
        if isinstance(node, exp.Column):
            parts = [p.name for p in node.parts]
            if parts[0] not in self.scope:
                shown = parts[0]  # as named, quoted or not ("Unknown identifier 'a b'")
                raise ValidationError(f"Unknown identifier '{shown}'")
            data_type = self.scope[parts[0]]
            for name in parts[1:]:
                data_type = field_of(data_type, name, identifier=True)
            return data_type
        if isinstance(node, exp.Dot) and isinstance(node.expression, exp.Identifier):
            return field_of(
                self.type_of(node.this), node.expression.name, identifier=_is_chain(node.this)
            )
        if isinstance(node, exp.Bracket) and not is_map_constructor(node):
            return self._item(node)
        if isinstance(node, exp.Literal):
            return literal_type(node)
        if isinstance(node, exp.Boolean):
            return T("BOOLEAN NOT NULL")
        if isinstance(node, exp.HexString):
            return DataType("BINARY", (len(node.this) // 2,), nullable=False)
        if isinstance(node, UnaryPlus):
            return self.type_of(node.this)
        if isinstance(node, JsonFunction):
            return self._json_function(node)
        if isinstance(node, exp.JSONObject):
            for kv in node.expressions:
                key = self.type_of(kv.this)
                if key.nullable:
                    raise ValidationError(
                        f"Argument to function '{_message_text(kv.this)}' must not be NULL"
                    )
                self.type_of(kv.expression)
            return T("STRING NOT NULL")
        if isinstance(node, exp.Floor | exp.Ceil):
            return self._floor_ceil(node)
        if isinstance(node, exp.Null):
            return T("NULL")
        if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Div | exp.Mod):
            return self._arithmetic(node)
        if isinstance(node, exp.Neg):
            return self.type_of(node.this)
        if isinstance(node, exp.EQ | exp.NEQ | exp.GT | exp.GTE | exp.LT | exp.LTE):
            return self._boolean_of(node.this, node.expression)
        if isinstance(node, exp.And | exp.Or):
            return self._boolean_of(node.this, node.expression)
        if isinstance(node, exp.Like):
            return self._boolean_of(node.this, node.expression)
        if isinstance(node, exp.Between):
            return self._boolean_of(node.this, node.args["low"], node.args["high"])
        if isinstance(node, exp.In):
            return self._boolean_of(node.this, *node.expressions)
        if isinstance(node, exp.Not):
            inner = _strip(node.this)
            if isinstance(inner, exp.Is):
                return self._is(inner)
            return self._boolean_of(node.this)
        if isinstance(node, exp.Is):
            return self._is(node)
        if isinstance(node, exp.NullSafeEQ | exp.NullSafeNEQ):
            self._boolean_of(node.this, node.expression)
            return T("BOOLEAN NOT NULL")
        if isinstance(node, exp.DPipe):
            return string_result(self.type_of(node.this), self.type_of(node.expression))
        if isinstance(node, exp.Cast):
            return self._cast(node, safe=isinstance(node, exp.TryCast))
        if isinstance(node, exp.Interval):
            if is_interval_literal(node):
                return _interval_literal_type(node)
            value = _unsigned(_strip(node.this))
            # INTERVAL qty DAY: as nullable as its value
            return _interval_literal_type(node).with_nullable(self.type_of(value).nullable)
        if isinstance(node, exp.CurrentTimestamp):
            return T("TIMESTAMP_LTZ(3) NOT NULL")
        if isinstance(node, exp.CurrentDate):
            return T("DATE NOT NULL")
        if isinstance(node, exp.Substring | exp.Trim):
            parts = ("this", "start", "length", "expression")  # TRIM's characters: expression
            args = [a for a in (node.args.get(p) for p in parts) if a]
            nullable = any([self.type_of(a).nullable for a in args])
            # Flink's SUBSTRING answers NULL past the end: always nullable
            nullable = nullable or isinstance(node, exp.Substring)
            source = self.type_of(node.this)
            if source.is_string:
                # Calcite keeps the length: SUBSTRING/TRIM of CHAR(3) is VARCHAR(3).
                return DataType("VARCHAR", (source.length,), nullable)
            return T("STRING").with_nullable(nullable)
        if isinstance(node, exp.Overlay):
            parts = [node.this, node.expression, node.args.get("from_"), node.args.get("for_")]
            types = [self.type_of(a) for a in parts if a is not None]
            nullable = any(t.nullable for t in types)
            length = min((types[0].length or 0) + (types[1].length or 0), 2147483647)
            if types[0].name in ("BINARY", "VARBINARY"):  # whatever is placed: its bytes
                return DataType("VARBINARY", (length,), nullable)
            if types[0].is_string and types[1].is_string:
                return DataType("VARCHAR", (length,), nullable)
            return T("STRING").with_nullable(nullable)
        if isinstance(node, exp.Anonymous):
            return self._function(node)
        if isinstance(node, exp.Array):
            return self._array(node)
        if isinstance(node, exp.Bracket) and is_map_constructor(node):
            keys, values = node.expressions[0::2], node.expressions[1::2]
            key, value = self._common_strict(keys), self._common_strict(values)
            self._coerce_items(keys, key)
            self._coerce_items(values, value)
            return DataType("MAP", children=(key, value), nullable=False)
        if isinstance(node, exp.If):
            return self._if([node.this, node.args["true"], node.args.get("false")])
        if isinstance(node, exp.Case):
            types = [self._branch_type(b) for b in node.args.get("ifs") or []]
            default = node.args.get("default")
            types.append(self.type_of(default if default is not None else exp.Null()))
            return self._case_result(types)
        raise ValidationError(f"Cannot derive the type of the expression: {unparse(node)}")

    def _is(self, node: exp.Is) -> DataType:
        operand = self.type_of(node.this)
        value = node.expression
        parent = node.parent  # x IS NOT TRUE is the infix NOT over IS (NOT (x IS TRUE) is not)
        negated = isinstance(parent, exp.Not) and not parent.meta.get("prefix")
        truth = isinstance(value, exp.Boolean)
        tests_truth = truth or value.meta.get("unknown")  # IS [NOT] TRUE/FALSE/UNKNOWN
        if tests_truth and operand.name == "NULL":
            raise ValidationError(ILLEGAL_NULL)  # NULL IS NULL is taken
        if tests_truth and operand.name != "BOOLEAN":
            word = ("TRUE" if value.this else "FALSE") if truth else "UNKNOWN"
            op = f"IS NOT {word}" if negated else f"IS {word}"
            raise ValidationError(
                f"Cannot apply '{op}' to arguments of type '<{calcite_type_name(operand)}> {op}'."
                f" Supported form(s): '<BOOLEAN> {op}'"
            )
        return T("BOOLEAN NOT NULL")

    def _item(self, node: exp.Bracket) -> DataType:
        """``arr[i]`` and ``m[k]``: an element or value, nullable as an absent one is NULL."""
        container = self.type_of(node.this)
        if container.name in ("ARRAY", "MULTISET"):
            return container.children[0].with_nullable(True)
        if container.name == "MAP":
            return container.children[1].with_nullable(True)
        raise ValidationError(f"Cannot apply 'ITEM' to {container.summary()}")

    def _json_function(self, node: JsonFunction) -> DataType:
        for arg in node.expressions:
            self.type_of(arg)
        for key in ("empty_default", "error_default"):
            if node.args.get(key) is not None:
                self.type_of(node.args[key])
        name = node.name
        if name == "JSON_ARRAY":
            return T("STRING NOT NULL")
        if name == "JSON_EXISTS":
            return T("BOOLEAN")
        returning = node.args.get("returning")
        if returning:
            return parse_type(returning, ddl=False).with_nullable(True)
        return T("STRING")

    def _floor_ceil(self, node: exp.Expression) -> DataType:
        """FLOOR/CEIL keep the argument's type; a DECIMAL loses its scale."""
        arg = self.type_of(node.this)
        if node.args.get("to") is not None:
            return arg
        if arg.name == "DECIMAL":
            return DataType("DECIMAL", (arg.precision, 0), arg.nullable)
        return arg.with_time_attribute(None)

    def _common_strict(self, operands: list[exp.Expression]) -> DataType:
        """The least restrictive type of ``operands``, nullable if any of them is."""
        return self._common(*operands)

    def _array(self, node: exp.Array) -> DataType:
        """ARRAY[...]: elements whose type differs from the common one are cast to it (Calcite
        writes that cast back into the stored expression)."""
        element = self._common_strict(list(node.expressions))
        self._coerce_items(node.expressions, element)
        return DataType("ARRAY", children=(element,), nullable=False)

    def _coerce_items(self, items: list[exp.Expression], element: DataType) -> None:
        """Mark the items of a constructor whose type is not ``element`` (nullability too)
        with the cast Calcite writes back (to the type, without a time attribute)."""
        target = calcite_type_name(element.with_time_attribute(None))
        for item in items:
            if self.type_of(item) != element:
                item.meta["coerce_to"] = target

    def _boolean_of(self, *operands: exp.Expression) -> DataType:
        # Every operand is typed (and so checked), not only those before the first nullable;
        # a row of a nullable field makes its comparison nullable.
        nullable = any([self.type_of(o).contains_nullable for o in operands])
        return T("BOOLEAN").with_nullable(nullable)

    def _branch_type(self, branch: exp.If) -> DataType:
        """A searched CASE's result: NOT NULL where its condition tests it (``WHEN x IS NOT
        NULL THEN x``, as Calcite's CASE type inference reads it; goldens/views_jdbc_functions
        records it through {fn IFNULL})."""
        result = branch.args["true"]
        data_type = self.type_of(result)
        test = _strip(branch.this)
        if (
            isinstance(test, exp.Not)
            and not test.meta.get("prefix")  # IS NOT NULL, not NOT (x IS NULL)
            and isinstance(test.this, exp.Is)
            and isinstance(test.this.expression, exp.Null)
            and _strip(test.this.this) == _strip(result)
        ):
            return data_type.with_nullable(False)
        return data_type

    def _common(self, *operands: exp.Expression) -> DataType:
        return self._common_types([self.type_of(o) for o in operands])

    def _if(self, operands: list[exp.Expression | None]) -> DataType:
        """Flink's ``IF(condition, first, second)``: three operands, none an untyped NULL."""
        given = [o for o in operands if o is not None]
        if len(given) != 3:
            raise ValidationError(
                "Invalid number of arguments to function 'IF'. Was expecting 3 arguments"
            )
        types = [self.type_of(o) for o in given]
        if any(t.name == "NULL" for t in types):
            raise ValidationError(ILLEGAL_NULL)
        return if_result(*types)

    def _case_result(self, types: list[DataType]) -> DataType:
        """The type of a CASE of results of ``types``."""
        return self._common_types(types)

    def _common_types(self, types: list[DataType]) -> DataType:
        known = [t for t in types if t.name != "NULL"]
        if not known:
            return T("NULL")
        result = known[0]
        for other in known[1:]:
            result = least_restrictive_type(result, other)
        return result.with_nullable(any(t.nullable for t in types))

    def _arithmetic(self, node: exp.Expression) -> DataType:
        left, right = self.type_of(node.this), self.type_of(node.expression)
        nullable = left.nullable or right.nullable
        datetime = ("DATE", "TIME", "TIMESTAMP", "TIMESTAMP_LTZ")
        additive = op_is(node, exp.Add, exp.Sub)
        if right.is_interval and left.name in datetime and additive:
            return left.with_nullable(nullable)  # <DATETIME> +- <INTERVAL>
        if left.is_interval and right.name == left.name and additive:
            return least_restrictive_type(left, right).with_nullable(nullable)
        if left.is_interval and right.name in datetime and op_is(node, exp.Add):
            return right.with_nullable(nullable)  # <DATETIME_INTERVAL> + <DATETIME>
        if left.is_interval and right.is_numeric and op_is(node, exp.Mul, exp.Div):
            return left.with_nullable(nullable)
        if left.is_numeric and right.is_interval and op_is(node, exp.Mul):
            return right.with_nullable(nullable)
        result = numeric_result(type(node), BINARY_OPERATORS[type(node)][0], left, right)
        modulo = builtin_rules.modulo_type([left, right]) if op_is(node, exp.Mod) else None
        return (modulo or result).with_nullable(nullable)  # ``%`` is MOD in Calcite

    def _cast(self, node: exp.Cast, safe: bool) -> DataType:
        value = node.meta.get("datetime")
        if value is not None:
            return _datetime_type(node.meta["keyword"], value)
        if isinstance(node.this, exp.Literal) and node.this.is_string and _is_typed_literal(node):
            return _typed_literal_type(node.to.sql().upper(), node.this.this)
        source = self.type_of(node.this)
        return cast_target(node.to).with_nullable(True if safe else source.nullable)

    def _function(self, node: exp.Anonymous) -> DataType:
        name = node.name.upper()
        if name in ("TIMESTAMPADD", "TIMESTAMPDIFF") and len(node.expressions) == 3:
            unit, *operands = node.expressions  # the unit is a time unit, no column
            types = [self.type_of(a) for a in operands]
            return builtin_rules.timestamp_add_type(name, unit.name, types)
        if name == "IF":
            return self._if(list(node.expressions))
        args = [self.type_of(a) for a in node.expressions]
        lookup = _user_functions.get()
        qualified = lookup(node.name) if lookup is not None else None
        if qualified is not None:
            # Flink instantiates the class to learn its result type; the dashboard has no JVM.
            raise unknown_function_type(qualified)
        arguments = [(t, _is_literal(a)) for t, a in zip(args, node.expressions, strict=True)]
        # Flink's record of its built-in functions types every call (data/functions_oracle.json);
        # a call by a path (db.f) names a catalog function, never a built-in one
        recorded = builtins.call_type(name, arguments) if "." not in name else None
        if recorded is None:
            families = ", ".join(operand_family(a) for a in args)
            called = node.name.split(".")[-1]  # Flink names the function, not its path
            raise ValidationError(f"No match found for function signature {called}({families})")
        return recorded


def _is_literal(node: exp.Expression) -> bool:
    """A number or character literal, signed or not (a call may need one where a column of
    the same type is refused)."""
    node = _strip(node)
    if isinstance(node, exp.Neg):
        node = _strip(node.this)
    return isinstance(node, exp.Literal)


def op_is(node: exp.Expression, *kinds: type) -> bool:
    return type(node) in kinds


# Calcite's own collection spec (``BIGINT ARRAY``, as Flink writes an implicit cast), not
# Flink's ``ARRAY<BIGINT>``.
_POSTFIX_COLLECTION = re.compile(r"\b(ARRAY|MULTISET)\s*$", re.IGNORECASE)


def _spec_members(data_type: DataType) -> DataType:
    """A collection of Calcite's spec: its elements NOT NULL, as Calcite derives them
    (``COALESCE(CAST(a AS BIGINT ARRAY), ...)`` is ``ARRAY<BIGINT NOT NULL>``;
    golden views_collection_casts)."""
    if data_type.name not in ("ARRAY", "MULTISET"):
        return data_type
    (element,) = data_type.children
    return replace(data_type, children=(_spec_members(element).with_nullable(False),))


def cast_target(to: exp.DataType) -> DataType:
    """The type a CAST gives. Flink keeps every interval as one of its two SQL interval types
    (the types of interval literals): CAST(x AS INTERVAL DAY) is INTERVAL SECOND(3), and
    INTERVAL DAY while Calcite validates."""
    written = _cast_type_for_parser(to)
    words = written.split(None, 1)
    qualifier = None
    if words[0].upper() == "INTERVAL" and len(words) == 2:
        try:
            qualifier = literals.read_qualifier(words[1])
        except ValueError:
            qualifier = None
    if qualifier is None:
        parsed = parse_type(written, ddl=False)
        return _spec_members(parsed) if _POSTFIX_COLLECTION.search(written) else parsed
    # Calcite's qualifier (also SECOND(3, 2), MINUTE(4) TO SECOND, which Flink's type syntax
    # lacks): Flink converts a day-time one to its INTERVAL SECOND(3) unless the leading
    # precision exceeds 3 (FlinkTypeFactory.toLogicalType)
    leading = qualifier.start_precision or 2
    if not qualifier.year_month and leading > 3:
        raise ValidationError(f"DAY_INTERVAL_TYPES precision is not supported: {leading}")
    return _interval_type(qualifier)


def _unsigned(value: exp.Expression) -> exp.Expression:
    return _strip(value.this) if isinstance(value, exp.Neg) else value


def is_interval_literal(node: exp.Interval) -> bool:
    """``INTERVAL '1' DAY`` (signed or not), not ``INTERVAL qty DAY`` of an expression."""
    return isinstance(_unsigned(_strip(node.this)), exp.Literal)


def _interval_type(qualifier: literals.IntervalQualifier) -> DataType:
    """The type of an interval of ``qualifier``: INTERVAL MONTH or INTERVAL SECOND(3) in Flink,
    the qualifier's own in Calcite's messages."""
    name = "INTERVAL MONTH" if qualifier.year_month else "INTERVAL SECOND(3)"
    return T(name).with_interval_qualifier(qualifier)


def _interval_literal_type(node: exp.Interval) -> DataType:
    qualifier = node.meta.get("qualifier")
    if qualifier is None:
        unit = node.unit
        first = unit.this if isinstance(unit, exp.IntervalSpan) else unit
        start = literals.singular_unit(first.name) if first is not None else "SECOND"
        qualifier = literals.IntervalQualifier(start)
    return _interval_type(qualifier).with_nullable(False)


def _typed_literal_type(keyword: str, text: str) -> DataType:
    """DATE '...', TIME '...', TIMESTAMP '...': the precision is the literal's own digits."""
    fraction = text.split(".", 1)[1] if "." in text else ""
    if keyword == "DATE":
        return T("DATE NOT NULL")
    return T(f"{keyword}({len(fraction.strip())}) NOT NULL")


def _datetime_type(keyword: str, value: literals.DateTime) -> DataType:
    """A DATE/TIME/TIMESTAMP literal's type: its precision is its fractional digits (at most
    3 for TIME, 9 for the timestamps)."""
    if value.keyword == "DATE":
        return T("DATE NOT NULL")
    if value.keyword == "TIME":
        return T(f"TIME({min(value.fraction_digits, 3)}) NOT NULL")
    name = "TIMESTAMP_LTZ" if keyword == "TIMESTAMP_WITH_LOCAL_TIME_ZONE" else "TIMESTAMP"
    return T(f"{name}({min(value.fraction_digits, 9)}) NOT NULL")


def literal_type(node: exp.Literal) -> DataType:
    """A numeric or character literal's type, refused where Calcite refuses its value."""
    text = node.this
    if node.is_string:
        return T(f"CHAR({literals.char_length(text)}) NOT NULL")
    try:
        derived = numeric_of(node).type_text(checked=not in_filter_condition(node))
    except ValidationError:  # out of range: a BIGINT until its check, where that is deferred
        if not DEFER_RANGE_CHECKS.get():
            raise
        derived = "BIGINT"
    return T(f"{derived} NOT NULL")


def _is_chain(node: exp.Expression) -> bool:
    """Whether ``node`` is a chain of names (``p.r.h``), not an expression read by field."""
    while isinstance(node, exp.Dot):
        node = node.this
    return isinstance(node, exp.Column)


def _message_text(node: exp.Expression) -> str:
    """An operand as Calcite names it in a message (``orders.day_str``)."""
    text = node.meta.get("flink_text") if node.meta else None
    if text:
        return text.replace("`", "")
    return node.sql()
