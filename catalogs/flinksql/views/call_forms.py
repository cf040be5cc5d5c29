"""The types of the call forms around an aggregate or a collection that are not plain
``f(args)`` calls: ``f(x) IGNORE NULLS``, ``f(...) WITHIN GROUP (ORDER BY k)`` and the MULTISET
constructors, with Calcite's refusals of them (tests/goldens/views_call_forms.json)."""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from ..calcite_names import message_type
from ..errors import ValidationError
from ..expressions import _is_literal, _strip
from ..types import DataType
from .calls import NULL_TREATMENT, QueryExpr
from .common_type import least_restrictive_of
from .operands import in_family

TypeOf = Callable[[exp.Expression], DataType]


def _name(call: exp.Expression) -> str:
    return call.name.upper() if isinstance(call, exp.Anonymous) else call.key.upper()


def _sql_type_name(t: DataType) -> str:
    """The name of a type's root as Calcite's SqlTypeName spells it (``VARCHAR``)."""
    return {"INT": "INTEGER", "TIMESTAMP_LTZ": "TIMESTAMP_WITH_LOCAL_TIME_ZONE"}.get(t.name, t.name)


def null_treatment_type(node: exp.IgnoreNulls | exp.RespectNulls, type_of: TypeOf) -> DataType:
    """``ARRAY_AGG(x) IGNORE NULLS``, ``LAG(x) RESPECT NULLS OVER (...)``: the call's type."""
    call = _strip(node.this)
    name = _name(call)
    if name not in NULL_TREATMENT:
        raise ValidationError(f"Cannot specify IGNORE NULLS or RESPECT NULLS following '{name}'")
    return type_of(call)


def within_group_type(node: exp.WithinGroup, type_of: TypeOf) -> DataType:
    """``f(...) WITHIN GROUP (ORDER BY k)``: PERCENTILE_CONT and PERCENTILE_DISC are of their
    (numeric) key's type, JSON_ARRAYAGG of its own; other aggregates refuse it."""
    call = _strip(node.this)
    name = _name(call)
    keys = [type_of(o.this) for o in node.expression.expressions]
    if name in ("PERCENTILE_CONT", "PERCENTILE_DISC"):
        for argument in call.expressions:
            type_of(argument)
            if not _is_literal(argument):
                raise ValidationError(f"Argument to function '{name}' must be a literal")
        key = keys[0].with_time_attribute(None)
        if not in_family(key, "NUMERIC"):
            raise ValidationError(
                f"Invalid type '{_sql_type_name(key)}' in ORDER BY clause of '{name}' "
                "function. Only NUMERIC types are supported"
            )
        return key
    if name != "JSON_ARRAYAGG":
        raise ValidationError(
            f"Aggregate expression '{name}' must not contain a WITHIN GROUP clause"
        )
    return type_of(call)


def multiset_type(node: exp.Anonymous, type_of: Callable[[exp.Expression], DataType]) -> DataType:
    """MULTISET[a, b] of Calcite's least restrictive type of its elements (not cast to it,
    unlike ARRAY's: MULTISET[ARRAY[i], ARRAY[bi]] is of ARRAY<BIGINT>, golden
    views_converted_types), MULTISET(query) of its one column's type, and ARRAY(query) and
    MAP(query) alike; NOT NULL."""
    if node.meta["multiset"] == "query":
        query = _strip(node.expressions[0])
        fields = query.meta["fields"] if isinstance(query, QueryExpr) else []
        name = node.name.upper()
        if name == "MAP":  # MAP(query) of its two columns' types
            if len(fields) != 2:
                record = ", ".join(f"{message_type(t)} {n}" for n, t in fields)
                raise ValidationError(
                    f"MAP requires exactly two fields, got {len(fields)}; "
                    f"row type RecordType({record})"
                )
            key, value = (t.with_time_attribute(None) for _, t in fields)
            return DataType("MAP", (), False, (key, value))
        if name == "ARRAY" and len(fields) > 1:  # ARRAY of its rows
            names = tuple(n for n, _ in fields)
            members = tuple(t.with_time_attribute(None) for _, t in fields)
            row = DataType("ROW", (), False, members, field_names=names)
            return DataType("ARRAY", (), False, (row,))
        if len(fields) != 1:
            raise ValidationError(f"Only scalar sub-queries allowed in {name}")
        element = fields[0][1]
        if name == "ARRAY":
            return DataType("ARRAY", (), False, (element.with_time_attribute(None),))
    else:
        # MULTISET[NULL]: no element type to derive, nor of elements of no common type
        element = least_restrictive_of([type_of(o) for o in node.expressions])
        if element is None:
            raise ValidationError("Parameters must be of the same type")
    return DataType("MULTISET", (), False, (element.with_time_attribute(None),))
