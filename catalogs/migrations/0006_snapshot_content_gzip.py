"""Snapshots keep their document gzip-compressed, with its size; ``sha256`` stays that of the
document. Snapshots stored before are compressed here: their bytes, as served, do not change."""

import gzip

from django.db import migrations, models


def compress(apps, schema_editor):
    Snapshot = apps.get_model("catalogs", "Snapshot")
    for pk in Snapshot.objects.values_list("pk", flat=True):
        row = Snapshot.objects.get(pk=pk)
        data = bytes(row.content)
        row.content = gzip.compress(data, mtime=0)
        row.size = len(data)
        row.save(update_fields=["content", "size"])


def decompress(apps, schema_editor):
    Snapshot = apps.get_model("catalogs", "Snapshot")
    for pk in Snapshot.objects.values_list("pk", flat=True):
        row = Snapshot.objects.get(pk=pk)
        row.content = gzip.decompress(bytes(row.content))
        row.save(update_fields=["content"])


class Migration(migrations.Migration):
    dependencies = [("catalogs", "0005_search_and_list_indexes")]

    operations = [
        migrations.AddField(
            model_name="snapshot", name="size", field=models.BigIntegerField(default=0)
        ),
        migrations.RunPython(compress, decompress),
    ]
