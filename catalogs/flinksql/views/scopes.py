"""Scopes and namespaces of a view's query (Calcite's SqlValidatorScope and SqlValidatorNamespace):
what each query block sees, and the protocol the expression context asks of the validator."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from sqlglot import exp

from ..catalog import ObjectIdentifier, quote_identifier
from ..errors import ValidationError
from ..types import DataType
from .calls import QueryExpr
from .common_type import cast_type_text, least_restrictive
from .relations import CatalogReader, Dependency


@dataclass
class Field:
    name: str
    data_type: DataType
    # the type Flink's conversion gives the column where it is not ``data_type``
    # (.converted_types: an ARRAY of elements cast in a constructor)
    converted: DataType | None = None

    def renamed(self, name: str) -> Field:
        """The same column under another name (an alias's column list)."""
        return Field(name, self.data_type, self.converted)

    def made_nullable(self) -> Field:
        """The column on the null-generating side of an outer join."""
        converted = self.converted.with_nullable(True) if self.converted else None
        return Field(self.name, self.data_type.with_nullable(True), converted)


@dataclass
class Namespace:
    """A relation of a FROM clause, as the query sees it."""

    alias: str
    fields: list[Field]
    identifier: ObjectIdentifier | None = None
    # a FROM item, which Calcite suggests for a qualifier in another case; not a pattern
    # variable of MATCH_RECOGNIZE
    suggested: bool = True

    def field(self, name: str) -> Field | None:
        """The column ``name``; a name two columns of a derived table share is ambiguous."""
        found = [f for f in self.fields if f.name == name]
        if len(found) > 1:
            raise ValidationError(f"Column '{name}' is ambiguous")
        return found[0] if found else None

    def suggestion(self, name: str, qualified: bool) -> str | None:
        """The name Calcite's message suggests for ``name`` written in another case: the
        column's, or a peeked field's (named so only after a table's name; an unqualified one
        is suggested as '')."""
        for f in self.fields:
            if f.name.lower() == name.lower():
                return f.name
        for f in self.fields:
            if f.data_type.is_row and (paths := field_paths(f.data_type.fields, [name], True)):
                return paths[0][-1] if qualified else ""
        return None

    def peeked(self, names: list[str]) -> list[list[str]]:
        """The paths to ``names`` through the fields of the relation's ROW columns, as
        Calcite's scope resolves a name that is no column: Flink's ROW types let it peek into
        their fields (``h`` reads ``t.r.h``, ``deep`` reads ``t.n.a.deep``); more than one path
        is an ambiguous name."""
        return [
            [f.name, *path]
            for f in self.fields
            if f.data_type.is_row
            for path in field_paths(f.data_type.fields, names)
        ]

    def refuse_duplicates(self) -> None:
        for f in self.fields:
            self.field(f.name)


def field_paths(
    fields: tuple[tuple[str, DataType], ...], names: list[str], fold: bool = False
) -> list[list[str]]:
    """The paths to ``names`` among ``fields``: a field of the first name is read by the rest;
    without one, every ROW field is peeked into (Calcite's ``resolveInNamespace``). ``fold``
    matches names in any case."""
    for name, data_type in fields:
        if name == names[0] or fold and name.lower() == names[0].lower():
            if len(names) == 1:
                return [[name]]
            if not data_type.is_row:
                return []
            return [[name, *path] for path in field_paths(data_type.fields, names[1:], fold)]
    return [
        [name, *path]
        for name, data_type in fields
        if data_type.is_row
        for path in field_paths(data_type.fields, names, fold)
    ]


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

    def casts(self) -> tuple[str | None, str | None]:
        """The type each side's column is cast to in Calcite's expansion (None: not cast):
        the common type, where the side's own type is another (nullability aside)."""
        common = self.data_type().with_nullable(True)
        left, right = (t.plain() for t in self.types())
        text = cast_type_text(common)
        return (None if left == common else text, None if right == common else text)

    def data_type(self) -> DataType:
        """The common type of both sides' column (golden ``views_using_types``): a character
        string beside another comparable type takes that type, others widen as a set
        operation's columns do; NOT NULL if either side is."""
        a, b = self.types()
        if a.is_string != b.is_string:
            common = b if a.is_string else a
        else:
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

    def converted(self, qualified: list[str]) -> DataType | None:
        """The converted type of the column ``qualified`` (an alias and a column name) resolved
        to, from the nearest scope with that relation (:attr:`Field.converted`)."""
        if len(qualified) != 2:
            return None
        scope: Scope | None = self
        while scope is not None:
            for ns in scope.namespaces:
                if ns.alias == qualified[0]:
                    found = ns.field(qualified[1])
                    return found.converted if found is not None else None
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
    """A select list as ORDER BY reads it: each item's alias (None for an unnamed expression),
    its written text without the alias, and its resolved expression (None for a column of a
    ``*``)."""

    aliases: list[str | None]
    texts: list[str]
    items: list[exp.Expression | None] = field(default_factory=list)


@dataclass
class OrderKeys:
    """What an ORDER BY of a query block may refer to: the select list's aliases, items and
    fields, whether the block is DISTINCT, and its group keys when it is grouped."""

    aliases: list[str | None]
    texts: list[str]
    fields: list[Field]
    distinct: bool
    group_keys: list[str] | None
    items: list[exp.Expression | None] = field(default_factory=list)


def register_table_function(
    scope: Scope, node: exp.Expression, alias: str, text: str, fields: list[Field]
) -> str:
    """A table function's FROM item (``text``, its call) registered in ``scope`` as
    ``alias``, its columns renamed by the alias's column list where one is written
    (``AS t (a, b)``); the item as written."""
    text += f" AS {quote_identifier(alias)}"
    alias_node = node.args.get("alias")
    columns = list(alias_node.columns) if alias_node is not None else []
    if columns:
        fields = [f.renamed(c.name) for c, f in zip(columns, fields, strict=False)]
        text += " (" + ", ".join(quote_identifier(c.name) for c in columns) + ")"
    scope.namespaces.append(Namespace(alias, fields))
    return text


def refuse_duplicate_cte_columns(fields: list[Field]) -> None:
    """A WITH query without a column list names its columns once each, used or not."""
    seen: set[str] = set()
    for f in fields:
        if f.name in seen:
            raise ValidationError(
                f"Column has duplicate column name '{f.name}' and no column list specified"
            )
        seen.add(f.name)
