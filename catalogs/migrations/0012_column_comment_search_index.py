"""Search finds column comments too (catalogs/search.py): on PostgreSQL, a trigram index of
upper-cased column comments, as migration 0005 made for column names."""

from importlib import import_module

from django.db import migrations

# the one definition of an index made on one database only
index_on = import_module("catalogs.migrations.0005_search_and_list_indexes").index_on


class Migration(migrations.Migration):
    dependencies = [("catalogs", "0011_models")]

    operations = [
        index_on(
            "postgresql",
            "column_comment_trgm",
            "catalogs_column",
            "USING gin (UPPER(comment) gin_trgm_ops)",
        ),
    ]
