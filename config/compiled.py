"""Querysets of a fixed shape, compiled to SQL once and then run with new values.

Building a query costs Django far more than SQLite or PostgreSQL take to answer it: a lookup
of one row by its name spends most of its time in ``Query.build_filter`` and
``SQLCompiler.as_sql``. The executor reads the same few shapes in every statement (a catalog
by its name, a database by its name, a table or view by its name, a relation's columns), so
each :class:`CompiledQuery` builds its queryset once per database connection, with stand-in
values, keeps the SQL and where each value goes, and afterwards only sends the SQL with the
values of the call, and makes model instances of the rows with the field converters the
compiler chose (JSON, booleans and dates on SQLite).

The queryset stays the one definition of the query: what it selects, filters and orders.
Querysets of model instances qualify, with ``select_related`` and ``select_for_update``
but no annotations, ``extra``, ``values``, deferred fields or prefetches; :meth:`CompiledQuery.rows`
refuses any other shape when it first compiles it. The rows become instances as Django's own
``ModelIterable`` makes them (the related instances by Django's related populators).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import ValuesListIterable, get_related_populators

M = TypeVar("M", bound=Model)

# stand-in values: each one is told apart from every other value of a compiled query's params;
# the integers fit a 32-bit key (Django answers a query of a value beyond a field's range as
# empty, with no SQL)
_STAND_IN = {int: lambda i: -2_073_100_000 - i, str: lambda i: f"\x00compiled-{i}\x00"}


@dataclass(frozen=True)
class _Compiled:
    sql: str
    # for each parameter of the SQL: ("value", index of the call's value) or ("fixed", value)
    params: tuple[tuple[str, Any], ...]
    attnames: tuple[str, ...]
    # where the model's own fields are in a row, and what makes its related instances
    fields: slice
    related: tuple
    converters: dict
    model: type[Model]


C = TypeVar("C", bound="_Compiled | _CompiledValues")


class _Compiles(Generic[C]):
    """What both kinds of compiled query share: ``build(*values)``'s queryset, compiled once
    per connection (``kinds`` are the types, int or str, of the values, in order), and the
    fetch of its SQL with the values of a call."""

    def __init__(self, build: Callable[..., QuerySet], *kinds: type) -> None:
        self._build = build
        self._kinds = kinds
        self._compiled: dict[tuple[str, str], C] = {}

    def _fetched(self, values: tuple, using: str) -> tuple[C, list]:
        """The compiled form for ``using`` (compiled at its first use) and the rows of its SQL
        sent with ``values``, their fields converted as the compiler chose (JSON, booleans and
        dates on SQLite)."""
        connection = connections[using]
        key = (using, connection.vendor)
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = self._compiled[key] = self._compile(using)
        params = [values[v] if how == "value" else v for how, v in compiled.params]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            fetched = cursor.fetchall()
        if compiled.converters:
            compiler = compiled.model.objects.none().query.get_compiler(using)
            fetched = list(compiler.apply_converters(fetched, compiled.converters))
        return compiled, fetched

    def _stand_in_queryset(self) -> tuple[QuerySet, list[Any]]:
        """The queryset built of stand-in values, and those values."""
        stand_ins = [_STAND_IN[kind](i) for i, kind in enumerate(self._kinds)]
        return self._build(*stand_ins), stand_ins

    def _compile(self, using: str) -> C:
        raise NotImplementedError


class CompiledQuery(_Compiles[_Compiled], Generic[M]):
    """``build(*values)``'s queryset of model instances, compiled once per connection."""

    def rows(self, *values: Any, using: str = "default") -> list[M]:
        """The model instances the queryset of ``values`` returns, in its order."""
        compiled, fetched = self._fetched(values, using)
        model, attnames, fields = compiled.model, compiled.attnames, compiled.fields
        found = []
        for row in fetched:
            row = tuple(row)
            instance = model.from_db(using, attnames, row[fields])
            for populator in compiled.related:
                populator.populate(row, instance)
            found.append(instance)
        return found

    def first(self, *values: Any, using: str = "default") -> M | None:
        found = self.rows(*values, using=using)
        return found[0] if found else None

    def _compile(self, using: str) -> _Compiled:
        queryset, stand_ins = self._stand_in_queryset()
        query = queryset.query
        if (
            query.annotations
            or query.extra
            or query.deferred_loading != (frozenset(), True)
            or queryset._prefetch_related_lookups
            or queryset._fields is not None
        ):
            raise TypeError(f"not a plain queryset of one model: {queryset.query}")
        compiler = query.get_compiler(using)
        sql, params = _sql(compiler, stand_ins)
        selected = [column for column, _, _ in compiler.select]
        own = compiler.klass_info["select_fields"]
        fields = slice(own[0], own[-1] + 1)
        attnames = tuple(column.target.attname for column in selected[fields])
        related = tuple(get_related_populators(compiler.klass_info, compiler.select, using))
        converters = compiler.get_converters(selected)
        return _Compiled(sql, params, attnames, fields, related, converters, queryset.model)


@dataclass(frozen=True)
class _CompiledValues:
    sql: str
    params: tuple[tuple[str, Any], ...]
    width: int  # the fields named, first in each row
    converters: dict
    model: type[Model]


class CompiledValues(_Compiles[_CompiledValues]):
    """``build(*values)``'s ``values_list`` queryset (of named fields, not flat), compiled
    once per connection like :class:`CompiledQuery`; its rows are tuples of those fields."""

    def rows(self, *values: Any, using: str = "default") -> list[tuple]:
        """The rows the queryset of ``values`` returns, in its order."""
        compiled, fetched = self._fetched(values, using)
        return [tuple(row[: compiled.width]) for row in fetched]

    def _compile(self, using: str) -> _CompiledValues:
        queryset, stand_ins = self._stand_in_queryset()
        query = queryset.query
        if (
            query.annotations
            or query.extra
            or queryset._prefetch_related_lookups
            or not queryset._fields
            or queryset._iterable_class is not ValuesListIterable
        ):
            raise TypeError(f"not a values_list of named fields: {queryset.query}")
        compiler = query.get_compiler(using)
        sql, params = _sql(compiler, stand_ins)
        width = len(queryset._fields)
        selected = [column for column, _, _ in compiler.select][:width]
        converters = compiler.get_converters(selected)
        return _CompiledValues(sql, params, width, converters, queryset.model)


def _sql(compiler: Any, stand_ins: list[Any]) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """The compiler's SQL, and for each of its parameters where its value comes from: the
    call's value that ``stand_ins`` stood for, or a value fixed in the queryset."""
    sql, raw_params = compiler.as_sql()
    places = {value: i for i, value in enumerate(stand_ins)}
    params = tuple(
        ("value", places[p]) if _hashable(p) and p in places else ("fixed", p) for p in raw_params
    )
    missing = set(range(len(stand_ins))) - {v for how, v in params if how == "value"}
    if missing:
        raise TypeError(f"values {sorted(missing)} are not parameters of {sql}")
    return sql, params


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True
