"""Column-level lineage: which table and view columns each view column derives from, and
how. The rows of the views that exist are computed from their stored expanded queries."""

import django.db.models.deletion
from django.db import migrations, models

from catalogs.flinksql.lineage import column_lineage

BATCH = 500


def backfill(apps, schema_editor):
    Table = apps.get_model("catalogs", "Table")
    Column = apps.get_model("catalogs", "Column")
    ColumnLineage = apps.get_model("catalogs", "ColumnLineage")
    views = Table.objects.filter(kind="VIEW").exclude(expanded_query=None)
    views = views.values_list("pk", "expanded_query", "database__catalog__environment_id")
    rows = []
    for pk, expanded_query, environment_id in views.iterator():
        names = Column.objects.filter(table_id=pk).order_by("position")
        try:
            sources = column_lineage(expanded_query, list(names.values_list("name", flat=True)))
        except Exception:  # a query the parser no longer reads keeps no lineage
            continue
        rows.extend(
            ColumnLineage(
                view_id=pk,
                environment_id=environment_id,
                view_column=s.column,
                catalog_name=s.source.catalog,
                database_name=s.source.database,
                object_name=s.source.name,
                column_name=s.source_column,
                how=s.how.value,
            )
            for s in sources
        )
        if len(rows) >= BATCH:
            ColumnLineage.objects.bulk_create(rows)
            rows = []
    ColumnLineage.objects.bulk_create(rows)


class Migration(migrations.Migration):
    dependencies = [
        ("catalogs", "0009_view_check"),
        ("environments", "0007_environment_name_whole"),
    ]

    operations = [
        migrations.CreateModel(
            name="ColumnLineage",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("view_column", models.CharField(blank=True, default="", max_length=255)),
                ("catalog_name", models.CharField(max_length=255)),
                ("database_name", models.CharField(max_length=255)),
                ("object_name", models.CharField(max_length=255)),
                ("column_name", models.CharField(max_length=255)),
                (
                    "how",
                    models.CharField(
                        choices=[
                            ("copy", "Copy"),
                            ("expression", "Expression"),
                            ("condition", "Condition"),
                        ],
                        max_length=10,
                    ),
                ),
                (
                    "environment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="environments.environment",
                    ),
                ),
                (
                    "view",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="column_lineage",
                        to="catalogs.table",
                    ),
                ),
            ],
            options={
                "ordering": ["view", "view_column", "catalog_name", "database_name", "object_name"],
                "indexes": [
                    models.Index(
                        fields=[
                            "environment",
                            "catalog_name",
                            "database_name",
                            "object_name",
                            "column_name",
                        ],
                        name="column_lineage_source",
                    )
                ],
            },
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
