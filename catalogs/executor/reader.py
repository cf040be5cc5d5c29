"""The catalog as the view normalizer reads it: relations and functions of one session."""

from __future__ import annotations

from typing import Literal

from catalogs.flinksql.catalog import CatalogTable, ObjectIdentifier, called_function
from catalogs.flinksql.types import DataType, parse_type
from catalogs.flinksql.views import Relation, RelationColumn, expand_view
from catalogs.flinksql.views.relations import ModelSchema, model_schema

from .handlers.context import Context


class SessionCatalogReader:
    """Resolves names for ``expand_view`` within one environment (never another's)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        found = self.ctx.find_relation(identifier)
        if found is None:
            return None
        is_table = isinstance(found, CatalogTable)
        if not is_table:
            # Flink expands a view it reads again, so a view over something gone fails the
            # reading statement with Flink's own error; the view keeps its stored columns,
            # whose names also rename its query's (``CREATE VIEW v (a, b) AS SELECT id, id``).
            names = [c.name for c in found.columns]
            expand_view(found.expanded_query, self, identifier.catalog, identifier.database, names)
        columns = found.time_attributed_columns() if is_table else found.columns
        return Relation(
            identifier,
            tuple(RelationColumn(c.name, c.data_type) for c in columns),
            is_view=not is_table,
            options=dict(found.options) if is_table else None,
        )

    def database_exists(self, catalog: str, database: str) -> bool:
        found = self.ctx.catalog_or_none(catalog)
        return found is not None and self.ctx.database_or_none(found, database) is not None

    def relation_named_alike(self, identifier: ObjectIdentifier) -> str | None:
        """The name of a table or view of that database that differs from the identifier's
        only in case (Calcite suggests it: "did you mean 'Orders'?"), if there is one."""
        catalog = self.ctx.catalog_or_none(identifier.catalog)
        database = (
            None if catalog is None else self.ctx.database_or_none(catalog, identifier.database)
        )
        if database is None:
            return None
        wanted = identifier.name.lower()
        temporary = [i.name for i in self.ctx.temporary_names(database) if i.name.lower() == wanted]
        stored = database.tables.filter(name__iexact=identifier.name).values_list("name", flat=True)
        alike = sorted({*temporary, *(n for n in stored if n.lower() == wanted)})
        return alike[0] if alike else None

    def function_return_type(self, name: str) -> DataType | None | Literal["unknown"]:
        qualified = self.ctx.function_name(name)
        if qualified is None:
            return None
        session = self.ctx.session
        called = called_function(session.current_catalog, session.current_database, name)
        function = self.ctx.stored_function(called)
        if function is None or not function.return_type:
            return "unknown"
        return parse_type(function.return_type, ddl=False)

    def model(self, identifier: ObjectIdentifier) -> ModelSchema | None:
        from .handlers.models import find_model

        found = find_model(self.ctx, identifier)
        return None if found is None else model_schema(found)
