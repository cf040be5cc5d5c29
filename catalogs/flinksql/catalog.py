"""Resolved catalog objects, as Flink's catalog holds them (pure data, no Django)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .distribution import TableDistribution
from .quoting import quote_identifier, quote_string
from .statements import ColumnKind
from .types import DataType

# Re-exported: most callers name the quoting helpers from here.
__all__ = [
    "CatalogDescriptor",
    "CatalogFunction",
    "CatalogModel",
    "CatalogTable",
    "CatalogView",
    "Column",
    "ObjectIdentifier",
    "PrimaryKey",
    "TableDistribution",
    "Watermark",
    "called_function",
    "function_identifier",
    "function_name",
    "quote_identifier",
    "quote_string",
]


@dataclass(frozen=True)
class ObjectIdentifier:
    catalog: str
    database: str
    name: str

    def quoted(self) -> str:
        return ".".join(quote_identifier(p) for p in (self.catalog, self.database, self.name))

    def __str__(self) -> str:
        return f"{self.catalog}.{self.database}.{self.name}"


def function_name(name: str) -> str:
    """A function's name as Flink resolves and stores it: letter case does not count
    (``MASK_EMAIL``, ``Mask_Email`` and `` `MASK_EMAIL` `` name one function)."""
    return name.lower()


def function_identifier(catalog: str, database: str, name: str) -> ObjectIdentifier:
    """The one spelling of a function's identifier: catalog and database as written (Flink
    compares them case-sensitively), the name by :func:`function_name`. Every lookup,
    permission check, dependency row and mark compares functions by it."""
    return ObjectIdentifier(catalog, database, function_name(name))


def called_function(catalog: str, database: str, name: str) -> ObjectIdentifier:
    """The function a call names: ``f`` in the current database (``catalog``.``database``),
    ``db.f`` in the current catalog, ``cat.db.f`` by its whole path."""
    parts = name.split(".")
    if len(parts) == 3:
        return function_identifier(*parts)
    if len(parts) == 2:
        return function_identifier(catalog, parts[0], parts[1])
    return function_identifier(catalog, database, name)


@dataclass(frozen=True)
class Column:
    name: str
    data_type: DataType
    kind: ColumnKind = ColumnKind.PHYSICAL
    comment: str | None = None
    expression: str | None = None  # computed: the expression as Flink writes it
    metadata_key: str | None = None
    virtual: bool = False

    @property
    def is_persisted(self) -> bool:
        """Physical and non-virtual metadata columns are written to a sink."""
        return self.kind == ColumnKind.PHYSICAL or (
            self.kind == ColumnKind.METADATA and not self.virtual
        )

    @property
    def is_proctime(self) -> bool:
        """A computed column whose expression types as a processing-time attribute (the
        type of a column read back is typed again: ``schema.with_time_attributes``)."""
        return self.kind == ColumnKind.COMPUTED and self.data_type.time_attribute == "PROCTIME"

    def renamed(self, name: str) -> Column:
        return replace(self, name=name)


@dataclass(frozen=True)
class Watermark:
    rowtime_attribute: str
    expression: str  # as Flink writes it


@dataclass(frozen=True)
class PrimaryKey:
    name: str
    columns: tuple[str, ...]


@dataclass
class CatalogTable:
    identifier: ObjectIdentifier
    columns: list[Column]
    watermark: Watermark | None = None
    primary_key: PrimaryKey | None = None
    partition_keys: list[str] = field(default_factory=list)
    comment: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    temporary: bool = False
    distribution: TableDistribution | None = None

    def column(self, name: str) -> Column | None:
        return next((c for c in self.columns if c.name == name), None)

    def time_attributed_columns(self) -> list[Column]:
        """The columns with their time attributes: the watermark's column is a rowtime
        attribute; a processing-time attribute is already in its column's type."""
        rowtime = self.watermark.rowtime_attribute if self.watermark else None
        result = []
        for column in self.columns:
            if column.name == rowtime:
                column = replace(column, data_type=column.data_type.with_time_attribute("ROWTIME"))
            result.append(column)
        return result


@dataclass
class CatalogDescriptor:
    name: str
    options: dict[str, str]
    comment: str | None = None

    @property
    def catalog_type(self) -> str:
        return self.options.get("type", "")


@dataclass
class CatalogFunction:
    identifier: ObjectIdentifier
    class_name: str
    language: str = "JAVA"
    jars: list[str] = field(default_factory=list)
    temporary: bool = False


@dataclass
class CatalogView:
    """A view: the query as written, the query Flink expanded, and the columns derived."""

    identifier: ObjectIdentifier
    columns: list[Column]
    original_query: str
    expanded_query: str
    comment: str | None = None
    temporary: bool = False


@dataclass
class CatalogModel:
    """A model (Flink's ``CatalogModel``): its input and output columns (physical, both empty
    or both given), comment and options. Flink stores it without contacting the provider."""

    identifier: ObjectIdentifier
    input_columns: list[Column] = field(default_factory=list)
    output_columns: list[Column] = field(default_factory=list)
    comment: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    temporary: bool = False
