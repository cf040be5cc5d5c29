"""The dashboard's side of a verify: the objects snapshots hold, as the view normalizer reads
them, and the init script run through the dashboard's language layer (no database)."""

from __future__ import annotations

from typing import Any, Literal

from ..flinksql import schema
from ..flinksql import snapshot_format as sf
from ..flinksql import statements as st
from ..flinksql import types as ft
from ..flinksql.catalog import (
    CatalogModel,
    CatalogTable,
    CatalogView,
    Column,
    ObjectIdentifier,
    called_function,
    function_name,
)
from ..flinksql.errors import FlinkSqlError, ValidationError
from ..flinksql.parser import parse_statement
from ..flinksql.views import Relation, RelationColumn, expand_view
from ..flinksql.views.relations import ModelSchema, model_schema

Definition = CatalogTable | CatalogView


class Objects:
    """Tables, views and functions by name, as the view normalizer reads them
    (a :class:`~.flinksql.views.CatalogReader`)."""

    def __init__(self) -> None:
        self.catalogs: set[str] = set()
        self.databases: set[tuple[str, str]] = set()
        self.relations: dict[ObjectIdentifier, Definition] = {}
        self.functions: dict[tuple[str, str, str], ft.DataType | Literal["unknown"]] = {}
        self.models: dict[ObjectIdentifier, CatalogModel] = {}
        self.current = ("", "")
        self._resolved: dict[ObjectIdentifier, Relation | FlinkSqlError] = {}
        self._expanding: set[ObjectIdentifier] = set()

    def add(self, definition: Definition) -> None:
        self.relations[definition.identifier] = definition
        self._resolved.clear()

    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        found = self.relations.get(identifier)
        if found is None:
            return None
        cached = self._resolved.get(identifier)
        if isinstance(cached, FlinkSqlError):
            raise cached
        if cached is not None:
            return cached
        if isinstance(found, CatalogView):
            # as in the executor: Flink expands a view it reads again, so reading a view over
            # something gone fails with Flink's own error; the view keeps its stored columns
            if identifier in self._expanding:  # a file may hold what no catalog can
                raise ValidationError(f"View '{identifier}' reads itself.")
            names = [c.name for c in found.columns]
            self._expanding.add(identifier)
            try:
                expand_view(
                    found.expanded_query, self, identifier.catalog, identifier.database, names
                )
            except FlinkSqlError as exc:
                self._resolved[identifier] = exc
                raise
            finally:
                self._expanding.discard(identifier)
        is_table = isinstance(found, CatalogTable)
        columns = found.time_attributed_columns() if is_table else found.columns
        result = Relation(
            identifier,
            tuple(RelationColumn(c.name, c.data_type) for c in columns),
            is_view=not is_table,
            options=dict(found.options) if is_table else None,
        )
        self._resolved[identifier] = result
        return result

    def database_exists(self, catalog: str, database: str) -> bool:
        return (catalog, database) in self.databases

    def function_return_type(self, name: str) -> ft.DataType | None | Literal["unknown"]:
        called = called_function(*self.current, name)  # a view's query names it in full
        return self.functions.get((called.catalog, called.database, called.name))

    def model(self, identifier: ObjectIdentifier) -> ModelSchema | None:
        found = self.models.get(identifier)
        return None if found is None else model_schema(found)


def _function_return_type(extras: dict[str, Any]) -> ft.DataType | Literal["unknown"]:
    text = extras.get("returnType")
    return ft.parse_type(text, ddl=False) if text else "unknown"


def loaded_objects(snapshots: list[sf.Snapshot]) -> Objects:
    """Everything the snapshots hold, as the catalog API loads it."""
    objects = Objects()
    for snapshot in snapshots:
        objects.catalogs.add(snapshot.catalog_name)
        for database in snapshot.databases:
            objects.databases.add((snapshot.catalog_name, database["name"]))
        for definition in [*snapshot.tables, *snapshot.views]:
            objects.add(definition)
        for function, extras in snapshot.functions:
            found = function.identifier
            key = (found.catalog, found.database, function_name(found.name))
            objects.functions[key] = _function_return_type(extras)
        for model in snapshot.models:
            objects.models[model.identifier] = model
    return objects


class Replay:
    """The init script's statements run by the dashboard's language layer (no database): the
    definitions the dashboard would hold after the script, to compare with Flink's."""

    def __init__(self, snapshots: list[sf.Snapshot]) -> None:
        self.objects = Objects()
        self.return_types = {
            (f.identifier.catalog, f.identifier.database, function_name(f.identifier.name)): extras
            for s in snapshots
            for f, extras in s.functions
        }

    def run(self, sql: str) -> str | None:
        """None when the statement succeeds, else the dashboard's message (Flink's)."""
        try:
            self._run(parse_statement(sql))
        except FlinkSqlError as exc:
            return exc.message
        return None

    def _identifier(self, path: tuple[str, ...]) -> ObjectIdentifier:
        catalog, database = self.objects.current
        return ObjectIdentifier(*([catalog, database][: 3 - len(path)] + list(path)))

    def _run(self, statement: st.Statement) -> None:
        objects = self.objects
        if isinstance(statement, st.CreateCatalog):
            objects.catalogs.add(statement.name)
            default = statement.options.get("default-database", "default")
            objects.databases.add((statement.name, default))
        elif isinstance(statement, st.CreateDatabase):
            path = statement.path
            objects.databases.add(
                (path[0], path[1]) if len(path) == 2 else (objects.current[0], path[0])
            )
        elif isinstance(statement, st.UseCatalog):
            objects.current = (statement.name, objects.current[1])
        elif isinstance(statement, st.UseDatabase):
            objects.current = (objects.current[0], statement.path[-1])
        elif isinstance(statement, st.CreateTable):
            identifier = self._identifier(statement.path)
            objects.add(schema.create_table(identifier, statement, None))
        elif isinstance(statement, st.CreateFunction):
            identifier = self._identifier(statement.path)
            key = (identifier.catalog, identifier.database, function_name(identifier.name))
            objects.functions[key] = _function_return_type(self.return_types.get(key, {}))
        elif isinstance(statement, st.CreateView):
            identifier = self._identifier(statement.path)
            expanded = expand_view(
                statement.query,
                objects,
                *objects.current,
                statement.column_names,
                statement.query_position,
            )
            columns = [Column(c.name, c.data_type) for c in expanded.columns]
            objects.add(
                CatalogView(
                    identifier,
                    columns,
                    statement.query,
                    expanded.expanded_query,
                    statement.comment,
                )
            )
        elif isinstance(statement, st.CreateModel):
            # check_models compares the models; views calling one (ML_PREDICT) read it here
            identifier = self._identifier(statement.path)
            objects.models[identifier] = CatalogModel(
                identifier,
                schema.model_columns(statement.input_columns),
                schema.model_columns(statement.output_columns),
            )
        else:
            raise ValueError(f"an init script does not hold {type(statement).__name__}")
