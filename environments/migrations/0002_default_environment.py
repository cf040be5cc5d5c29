"""Every installation starts with the environment ``default`` and its environment catalog."""

from django.db import migrations

from environments.models import (
    ENVIRONMENT_CATALOG_OPTIONS,
    ENVIRONMENT_CATALOG_PREFIX,
    ENVIRONMENT_CATALOG_TYPE,
    ENVIRONMENT_DATABASE,
)

DEFAULT_ENVIRONMENT = "default"


def create_default_environment(apps, schema_editor):
    Environment = apps.get_model("environments", "Environment")
    Catalog = apps.get_model("catalogs", "Catalog")
    Database = apps.get_model("catalogs", "Database")
    environment, _ = Environment.objects.get_or_create(name=DEFAULT_ENVIRONMENT)
    catalog, _ = Catalog.objects.get_or_create(
        environment=environment,
        name=f"{ENVIRONMENT_CATALOG_PREFIX}{DEFAULT_ENVIRONMENT}",
        defaults={
            "catalog_type": ENVIRONMENT_CATALOG_TYPE,
            "options": dict(ENVIRONMENT_CATALOG_OPTIONS),
            "is_environment_catalog": True,
        },
    )
    Database.objects.get_or_create(catalog=catalog, name=ENVIRONMENT_DATABASE)


def delete_default_environment(apps, schema_editor):
    Environment = apps.get_model("environments", "Environment")
    Environment.objects.filter(name=DEFAULT_ENVIRONMENT).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("environments", "0001_initial"),
        ("catalogs", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(create_default_environment, delete_default_environment),
    ]
