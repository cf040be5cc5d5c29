"""Creating environments: an environment never exists without its environment catalog."""

from __future__ import annotations

from django.db import transaction

from catalogs.models import Catalog, Database

from .models import (
    ENVIRONMENT_CATALOG_OPTIONS,
    ENVIRONMENT_CATALOG_TYPE,
    ENVIRONMENT_DATABASE,
    Environment,
)


@transaction.atomic
def create_environment(name: str, description: str = "") -> Environment:
    """The new environment with its catalog ``_env_<name>`` and that catalog's database."""
    environment = Environment(name=name, description=description)
    environment.full_clean()
    environment.save()
    catalog = Catalog.objects.create(
        environment=environment,
        name=environment.catalog_name,
        catalog_type=ENVIRONMENT_CATALOG_TYPE,
        options=dict(ENVIRONMENT_CATALOG_OPTIONS),
        is_environment_catalog=True,
    )
    Database.objects.create(catalog=catalog, name=ENVIRONMENT_DATABASE)
    return environment
