"""Indexes for lists and name search on large catalogs.

Name search (catalogs/search.py) compares lower-cased names in byte order for prefixes, and on
PostgreSQL finds substrings with pg_trgm. Those indexes depend on the database: they are made
here for the one in use and are not part of the models' state (``makemigrations`` ignores them).
"""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations, models


class RunSQLOn(migrations.RunSQL):
    """``RunSQL`` when the database is ``vendor``; nothing on the others."""

    def __init__(self, vendor, sql, reverse_sql):
        super().__init__(sql, reverse_sql)
        self.vendor = vendor

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_backwards(app_label, schema_editor, from_state, to_state)


def index_on(vendor, name, table, definition):
    return RunSQLOn(vendor, f"CREATE INDEX {name} ON {table} {definition}", f"DROP INDEX {name}")


class Migration(migrations.Migration):
    dependencies = [
        ("catalogs", "0004_snapshots"),
        ("environments", "0004_change_approval_settings"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="historyentry",
            index=models.Index(fields=["environment", "-created_at", "-id"], name="history_newest"),
        ),
        migrations.AddIndex(
            model_name="table",
            index=models.Index(fields=["database", "kind", "name"], name="table_kind_name"),
        ),
        # Prefixes: an ordered range scan over lower-cased names in byte order.
        index_on("postgresql", "table_name_lower", "catalogs_table", '((LOWER(name) COLLATE "C"))'),
        index_on("sqlite", "table_name_lower", "catalogs_table", "(LOWER(name))"),
        # Substrings (PostgreSQL): trigrams of upper-cased names and comments.
        TrigramExtension(),
        index_on(
            "postgresql",
            "table_name_trgm",
            "catalogs_table",
            "USING gin (UPPER(name) gin_trgm_ops)",
        ),
        index_on(
            "postgresql",
            "table_comment_trgm",
            "catalogs_table",
            "USING gin (UPPER(comment) gin_trgm_ops)",
        ),
        index_on(
            "postgresql",
            "column_name_trgm",
            "catalogs_column",
            "USING gin (UPPER(name) gin_trgm_ops)",
        ),
    ]
