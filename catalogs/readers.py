"""What reads an object: one indexed query on the dependency table, for pages and the API."""

from __future__ import annotations

from django.db.models import QuerySet

from environments.models import Environment

from .flinksql.catalog import ObjectIdentifier
from .models import Table


def readers_of(environment: Environment, identifier: ObjectIdentifier) -> QuerySet[Table]:
    """The views that read ``identifier`` (a table, view or function) in ``environment``."""
    return (
        Table.objects.filter(
            dependencies__environment=environment,
            dependencies__catalog_name=identifier.catalog,
            dependencies__database_name=identifier.database,
            dependencies__object_name=identifier.name,
        )
        .distinct()
        .order_by("name")
    )
