"""The one way views find catalog objects by the names in their URL: the object, or 404.

Every reader who is logged in may browse every environment for now; when environments get
roles, the access check belongs here so that no view can forget it.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from .models import Catalog, Database, Table


def get_catalog(environment: str, catalog: str) -> Catalog:
    return get_object_or_404(
        Catalog.objects.select_related("environment"),
        environment__name=environment,
        name=catalog,
    )


def get_database(environment: str, catalog: str, database: str) -> Database:
    return get_object_or_404(
        Database.objects.select_related("catalog__environment"),
        catalog__environment__name=environment,
        catalog__name=catalog,
        name=database,
    )


def get_table(environment: str, catalog: str, database: str, table: str) -> Table:
    return get_object_or_404(
        Table.objects.select_related("database__catalog__environment"),
        database__catalog__environment__name=environment,
        database__catalog__name=catalog,
        database__name=database,
        name=table,
    )
