"""The one way doors find catalog objects by the names in their URL: the object, or 404.

The environment comes first, through ``environments.lookup.get_environment``: an environment
the user holds no role in answers 404 at every level below it, as if it did not exist.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404

from environments.lookup import get_environment, url_name
from environments.models import Role

from .models import Catalog, Database, Function, Table


def get_catalog(user: Any, environment: str, catalog: str, needed: Role = Role.VIEWER) -> Catalog:
    found = get_environment(user, environment, needed)
    return get_object_or_404(
        Catalog.objects.select_related("environment"), environment=found, name=url_name(catalog)
    )


def get_database(
    user: Any, environment: str, catalog: str, database: str, needed: Role = Role.VIEWER
) -> Database:
    found = get_environment(user, environment, needed)
    return get_object_or_404(
        Database.objects.select_related("catalog__environment"),
        catalog__environment=found,
        catalog__name=url_name(catalog),
        name=url_name(database),
    )


def get_table(
    user: Any,
    environment: str,
    catalog: str,
    database: str,
    table: str,
    needed: Role = Role.VIEWER,
    kind: Table.Kind | None = None,
) -> Table:
    """The table or view; with ``kind`` only that kind (the other one is a 404)."""
    found = get_environment(user, environment, needed)
    tables = Table.objects.select_related("database__catalog__environment")
    if kind is not None:
        tables = tables.filter(kind=kind)
    return get_object_or_404(
        tables,
        database__catalog__environment=found,
        database__catalog__name=url_name(catalog),
        database__name=url_name(database),
        name=url_name(table),
    )


def get_function(
    user: Any, environment: str, catalog: str, database: str, function: str, needed: Role
) -> Function:
    found = get_environment(user, environment, needed)
    return get_object_or_404(
        Function.objects.select_related("database__catalog__environment", "artifact"),
        database__catalog__environment=found,
        database__catalog__name=url_name(catalog),
        database__name=url_name(database),
        name=url_name(function).lower(),
    )
