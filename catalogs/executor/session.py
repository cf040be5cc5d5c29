"""A SQL session: the current catalog and database, and the session's temporary objects."""

from __future__ import annotations

from dataclasses import dataclass, field

from catalogs.flinksql.catalog import (
    CatalogFunction,
    CatalogModel,
    CatalogTable,
    CatalogView,
    ObjectIdentifier,
)
from environments.models import ENVIRONMENT_DATABASE, Environment


@dataclass
class Session:
    environment: Environment
    current_catalog: str
    current_database: str
    temporary_tables: dict[ObjectIdentifier, CatalogTable | CatalogView] = field(
        default_factory=dict
    )
    temporary_functions: dict[ObjectIdentifier, CatalogFunction] = field(default_factory=dict)
    temporary_models: dict[ObjectIdentifier, CatalogModel] = field(default_factory=dict)

    @classmethod
    def start(
        cls,
        environment: Environment,
        catalog: str | None = None,
        database: str | None = None,
    ) -> Session:
        """A session starts in the environment catalog and its database ``default``."""
        return cls(
            environment,
            catalog or environment.catalog_name,
            database or ENVIRONMENT_DATABASE,
        )

    def resolve(self, path: tuple[str, ...]) -> ObjectIdentifier:
        """A 1-3 part name completed with the current catalog and database."""
        if len(path) == 3:
            return ObjectIdentifier(*path)
        if len(path) == 2:
            return ObjectIdentifier(self.current_catalog, path[0], path[1])
        return ObjectIdentifier(self.current_catalog, self.current_database, path[0])

    def resolve_database(self, path: tuple[str, ...]) -> tuple[str, str]:
        if len(path) == 2:
            return path[0], path[1]
        return self.current_catalog, path[0]
