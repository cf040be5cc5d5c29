"""What a view's validation reads and returns: relations, columns, dependencies, the catalog
reader's protocol and the expanded view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from ..catalog import CatalogModel, ObjectIdentifier
from ..types import DataType


@dataclass(frozen=True)
class RelationColumn:
    name: str
    data_type: DataType


@dataclass(frozen=True)
class Relation:
    """A table or view a query reads.

    ``columns`` holds, for a table, its computed and metadata columns too, in table order, with
    the time attributes set (the rowtime column ``ROWTIME``, a ``PROCTIME()`` column
    ``PROCTIME``).
    """

    identifier: ObjectIdentifier
    columns: tuple[RelationColumn, ...]
    is_view: bool
    # A table's options, when the reader knows them: a view cannot read a table that has no
    # 'connector' option (Flink builds the table source while it validates the view).
    options: Mapping[str, str] | None = None


class CatalogReader(Protocol):
    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        """The table or view of that name, or None."""
        ...

    def function_return_type(self, name: str) -> DataType | None | Literal["unknown"]:
        """A user-defined function's declared return type; "unknown" if the function exists
        without one; None if there is no such function."""
        ...

    def model(self, identifier: ObjectIdentifier) -> ModelSchema | None:
        """A model's input and output columns (name, type), or None if there is none."""
        ...


# A model's input and output columns, each (name, type).
ModelSchema = tuple[list[tuple[str, DataType]], list[tuple[str, DataType]]]


def model_schema(model: CatalogModel) -> ModelSchema:
    """What a view calling ``model`` reads of it: its input and output columns."""
    inputs = [(c.name, c.data_type) for c in model.input_columns]
    return inputs, [(c.name, c.data_type) for c in model.output_columns]


@dataclass(frozen=True)
class Dependency:
    kind: Literal["table", "view", "function", "model"]
    identifier: ObjectIdentifier


@dataclass(frozen=True)
class ExpandedView:
    expanded_query: str  # what SHOW CREATE VIEW prints after "AS "
    columns: tuple[RelationColumn, ...]  # DESCRIBE's columns, named by the column list if any
    dependencies: tuple[Dependency, ...]  # every table, view and function the query reads
