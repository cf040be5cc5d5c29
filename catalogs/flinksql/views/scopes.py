"""Scopes and namespaces of a view's query (Calcite's SqlValidatorScope and SqlValidatorNamespace):
what each query block sees, and the protocol the expression context asks of the validator."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from sqlglot import exp

from ..catalog import ObjectIdentifier
from ..errors import ValidationError
from ..types import DataType
from .calls import QueryExpr
from .common_type import least_restrictive
from .relations import CatalogReader, Dependency


@dataclass
class Field:
    name: str
    data_type: DataType


@dataclass
class Namespace:
    """A relation of a FROM clause, as the query sees it."""

    alias: str
    fields: list[Field]
    identifier: ObjectIdentifier | None = None

    def field(self, name: str) -> Field | None:
        """The column ``name``; a name two columns of a derived table share is ambiguous."""
        found = [f for f in self.fields if f.name == name]
        if len(found) > 1:
            raise ValidationError(f"Column '{name}' is ambiguous")
        return found[0] if found else None

    def refuse_duplicates(self) -> None:
        for f in self.fields:
            self.field(f.name)


@dataclass
class UsingColumn:
    """A column of a USING or NATURAL join: both sides' column, read as their COALESCE."""

    name: str
    left: Namespace
    right: Namespace

    def types(self) -> tuple[DataType, DataType]:
        left, right = self.left.field(self.name), self.right.field(self.name)
        assert left is not None and right is not None
        return left.data_type, right.data_type

    def data_type(self) -> DataType:
        a, b = self.types()
        common = least_restrictive(a, b) or a
        return common.with_nullable(a.nullable and b.nullable).with_time_attribute(None)


@dataclass
class Scope:
    namespaces: list[Namespace]
    parent: Scope | None = None
    ctes: dict[str, list[Field]] = field(default_factory=dict)
    # Group keys missing from some grouping set (ROLLUP, CUBE, GROUPING SETS): nullable.
    nullable_keys: frozenset[str] = frozenset()
    using: list[UsingColumn] = field(default_factory=list)
    # The block's named windows (WINDOW w AS (...)), by name.
    windows: dict[str, exp.Window] = field(default_factory=dict)

    def using_column(self, name: str) -> UsingColumn | None:
        return next((u for u in self.using if u.name == name), None)

    def cte(self, name: str) -> list[Field] | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.ctes:
                return scope.ctes[name]
            scope = scope.parent
        return None


@dataclass
class Query:
    text: str
    fields: list[Field]


class Resolver(Protocol):
    """What an expression's context asks of the validator: the query's text and catalog, the
    dependencies it records, columns resolved in scopes and subqueries validated."""

    reader: CatalogReader
    catalog: str
    database: str
    text: str
    position: tuple[int, int]
    dependencies: dict[tuple[str, ObjectIdentifier], Dependency]

    def _column_exists(self, name: str, scope: Scope | None) -> bool: ...

    def resolve_column(self, parts: list[str], scope: Scope) -> tuple[list[str], DataType]: ...

    def subquery(self, node: exp.Expression, scope: Scope) -> QueryExpr: ...


def _all_namespaces(scope: Scope | None) -> list[Namespace]:
    out: list[Namespace] = []
    while scope is not None:
        out.extend(scope.namespaces)
        scope = scope.parent
    return out


@dataclass
class SelectKeys:
    """A select list as ORDER BY reads it: each item's alias (None for an unnamed expression)
    and its written text without the alias."""

    aliases: list[str | None]
    texts: list[str]


@dataclass
class OrderKeys:
    """What an ORDER BY of a query block may refer to: the select list's aliases, items and
    fields, whether the block is DISTINCT, and its group keys when it is grouped."""

    aliases: list[str | None]
    texts: list[str]
    fields: list[Field]
    distinct: bool
    group_keys: list[str] | None


def refuse_duplicate_cte_columns(fields: list[Field]) -> None:
    """A WITH query without a column list names its columns once each, used or not."""
    seen: set[str] = set()
    for f in fields:
        if f.name in seen:
            raise ValidationError(
                f"Column has duplicate column name '{f.name}' and no column list specified"
            )
        seen.add(f.name)
