"""The persistent catalog. Only the executor writes these models.

Tables and views of one database share one set of names, so both are rows of ``Table``
(``kind`` tells which, as Flink's ``CatalogBaseTable.TableKind`` does) under one unique
constraint: two concurrent creates of one name cannot both succeed.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from environments.models import Environment

from .flinksql.distribution import TableDistribution
from .secret_fingerprints import SecretOptions


class Catalog(SecretOptions, models.Model):
    FINGERPRINT_KIND = "catalog"

    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="catalogs")
    name = models.CharField(max_length=255)
    catalog_type = models.CharField(max_length=255)
    comment = models.TextField(null=True, blank=True)
    options = models.JSONField(default=dict)
    secret_fingerprints = models.JSONField(
        default=dict,
        editable=False,
        help_text="Option key -> the fingerprint of its secret value (never shown)",
    )
    is_environment_catalog = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["environment", "name"], name="unique_catalog_name")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_read_only(self) -> bool:
        """Flink's JDBC catalog implements only reading."""
        return self.catalog_type == "jdbc"

    @property
    def lower_cases_names(self) -> bool:
        """The Hive Metastore stores names in lower case."""
        return self.catalog_type == "hive"

    def contents(self) -> str:
        """``3 databases, 6 tables, 1 view, 2 functions``: what the catalog holds, each kind
        counted as itself (a view is no table)."""
        databases = Database.objects.filter(catalog=self)
        objects = Table.objects.filter(database__in=databases)
        numbers = [
            (databases.count(), "database"),
            (objects.filter(kind=Table.Kind.TABLE).count(), "table"),
            (objects.filter(kind=Table.Kind.VIEW).count(), "view"),
            (Function.objects.filter(database__in=databases).count(), "function"),
        ]
        return ", ".join(f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in numbers)


class Database(SecretOptions, models.Model):
    OPTIONS_FIELD = "properties"
    FINGERPRINT_KIND = "database"

    catalog = models.ForeignKey(Catalog, on_delete=models.CASCADE, related_name="databases")
    name = models.CharField(max_length=255)
    comment = models.TextField(null=True, blank=True)
    properties = models.JSONField(default=dict)
    secret_fingerprints = models.JSONField(
        default=dict,
        editable=False,
        help_text="Option key -> the fingerprint of its secret value (never shown)",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["catalog", "name"], name="unique_database_name")
        ]

    def __str__(self) -> str:
        return self.name


class Table(SecretOptions, models.Model):
    FINGERPRINT_KIND = "table"

    class Kind(models.TextChoices):
        TABLE = "TABLE"
        VIEW = "VIEW"

    class Status(models.TextChoices):
        """A view is broken when something it reads is gone, stale when a column it reads
        changed type or disappeared."""

        OK = "ok"
        BROKEN = "broken"
        STALE = "stale"

    database = models.ForeignKey(Database, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=255)
    kind = models.CharField(max_length=5, choices=Kind.choices, default=Kind.TABLE)
    comment = models.TextField(null=True, blank=True)
    options = models.JSONField(default=dict)
    secret_fingerprints = models.JSONField(
        default=dict,
        editable=False,
        help_text="Option key -> the fingerprint of its secret value (never shown)",
    )
    partition_keys = models.JSONField(default=list)
    # DISTRIBUTED BY: the kind (UNKNOWN, HASH, RANGE) is null when the table has none
    distribution_kind = models.CharField(max_length=7, null=True, blank=True)
    bucket_keys = models.JSONField(default=list)
    bucket_count = models.IntegerField(null=True, blank=True)
    primary_key_name = models.CharField(max_length=255, null=True, blank=True)
    primary_key_columns = models.JSONField(default=list)
    watermark_column = models.CharField(max_length=255, null=True, blank=True)
    watermark_expression = models.TextField(null=True, blank=True)
    original_query = models.TextField(null=True, blank=True)
    expanded_query = models.TextField(null=True, blank=True)
    status = models.CharField(max_length=6, choices=Status.choices, default=Status.OK)
    status_reason = models.TextField(blank=True, default="")
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["database", "name"], name="unique_table_or_view_name")
        ]
        # A database's tables (or views) in name order, and their counts, from the index alone;
        # migration 0005 adds the indexes of name search (catalogs/search.py), per database.
        # The views not ok (broken or stale), few among many, for the marks a change request's
        # preview compares and the export pages' warning: without it each read scans every
        # table of the environment.
        indexes = [
            models.Index(fields=["database", "kind", "name"], name="table_kind_name"),
            models.Index(
                fields=["database"],
                name="view_not_ok",
                condition=models.Q(kind="VIEW") & ~models.Q(status="ok"),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_view(self) -> bool:
        return self.kind == self.Kind.VIEW

    @property
    def distribution(self) -> TableDistribution | None:
        """The table's buckets (``DISTRIBUTED BY``), or None."""
        if self.distribution_kind is None:
            return None
        return TableDistribution(self.distribution_kind, tuple(self.bucket_keys), self.bucket_count)


class Column(models.Model):
    class Kind(models.TextChoices):
        PHYSICAL = "physical"
        COMPUTED = "computed"
        METADATA = "metadata"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="columns")
    position = models.PositiveIntegerField()
    name = models.CharField(max_length=255)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PHYSICAL)
    data_type = models.TextField(help_text="Serializable Flink type, without top-level NOT NULL")
    nullable = models.BooleanField(default=True)
    comment = models.TextField(null=True, blank=True)
    expression = models.TextField(null=True, blank=True)
    metadata_key = models.CharField(max_length=255, null=True, blank=True)
    is_virtual = models.BooleanField(default=False)
    time_attribute = models.CharField(
        max_length=8, null=True, blank=True, help_text="ROWTIME or PROCTIME, for view columns"
    )
    member_time_attributes = models.JSONField(
        default=list,
        blank=True,
        help_text="[[member path, ROWTIME or PROCTIME], ...]: the time attributes inside a view "
        "column's type (a row's field, an array's element), which its type text cannot say",
    )

    class Meta:
        ordering = ["table", "position"]
        constraints = [models.UniqueConstraint(fields=["table", "name"], name="unique_column_name")]

    def __str__(self) -> str:
        return self.name


class Function(models.Model):
    class Language(models.TextChoices):
        JAVA = "JAVA"
        SCALA = "SCALA"
        PYTHON = "PYTHON"

    database = models.ForeignKey(Database, on_delete=models.CASCADE, related_name="functions")
    name = models.CharField(max_length=255)
    class_name = models.TextField()
    language = models.CharField(max_length=6, choices=Language.choices, default=Language.JAVA)
    jars = models.JSONField(default=list)
    return_type = models.TextField(
        null=True, blank=True, help_text="Declared result type; Flink's DDL has no clause for it"
    )
    artifact = models.ForeignKey(
        "environments.Artifact",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="functions",
        help_text="The artifact holding the function's code; calling it needs Use on it",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["database", "name"], name="unique_function_name")
        ]

    def __str__(self) -> str:
        return self.name


class Model(SecretOptions, models.Model):
    """A model (Flink's ``CatalogModel``): its input and output columns, comment and options.
    Models have their own names in a database, apart from tables, views and functions.
    Columns are kept as ``{"name", "type", "comment"}`` objects, the type in Flink's
    serializable form with its nullability; a model's columns are only physical ones."""

    FINGERPRINT_KIND = "model"

    database = models.ForeignKey(Database, on_delete=models.CASCADE, related_name="models")
    name = models.CharField(max_length=255)
    comment = models.TextField(null=True, blank=True)
    options = models.JSONField(default=dict)
    secret_fingerprints = models.JSONField(
        default=dict,
        editable=False,
        help_text="Option key -> the fingerprint of its secret value (never shown)",
    )
    input_columns = models.JSONField(default=list)
    output_columns = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["database", "name"], name="unique_model_name")
        ]

    def __str__(self) -> str:
        return self.name


class Dependency(models.Model):
    """A view reads a table, a view, a user-defined function or a model (``ML_PREDICT``).

    Indexed from the view (what does it read) and from the object's name (what reads it), so
    both questions take one indexed query whatever the catalog's size. The object is named,
    not referenced, because it may be dropped and created again.
    """

    class Kind(models.TextChoices):
        TABLE = "table"
        VIEW = "view"
        FUNCTION = "function"
        MODEL = "model"

    view = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="dependencies")
    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    catalog_name = models.CharField(max_length=255)
    database_name = models.CharField(max_length=255)
    object_name = models.CharField(max_length=255)
    columns = models.JSONField(
        default=dict, help_text="Column name -> type the view read, when it was last defined"
    )

    class Meta:
        ordering = ["catalog_name", "database_name", "object_name"]
        indexes = [
            models.Index(
                fields=["environment", "catalog_name", "database_name", "object_name"],
                name="dependency_target",
            )
        ]

    def __str__(self) -> str:
        return f"{self.catalog_name}.{self.database_name}.{self.object_name}"


class ColumnLineage(models.Model):
    """A view column derives from a column of a table or view it reads, as a plain copy or
    through an expression; or the view reads that column only in a condition (a filter, a
    join, a grouping), and then ``view_column`` is empty.

    Indexed from the source column, so "what reads this column" is one indexed query whatever
    the catalog's size; the source is named, not referenced, as in ``Dependency``.
    """

    class How(models.TextChoices):
        COPY = "copy"
        EXPRESSION = "expression"
        CONDITION = "condition"

    view = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="column_lineage")
    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="+")
    view_column = models.CharField(max_length=255, blank=True, default="")
    catalog_name = models.CharField(max_length=255)
    database_name = models.CharField(max_length=255)
    object_name = models.CharField(max_length=255)
    column_name = models.CharField(max_length=255)
    how = models.CharField(max_length=10, choices=How.choices)

    class Meta:
        ordering = ["view", "view_column", "catalog_name", "database_name", "object_name"]
        indexes = [
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
        ]

    def __str__(self) -> str:
        source = f"{self.catalog_name}.{self.database_name}.{self.object_name}.{self.column_name}"
        return f"{self.view_column or '(condition)'} <- {source} ({self.how})"


class HistoryEntryQuerySet(models.QuerySet):
    def listed(self) -> HistoryEntryQuerySet:
        """The entries as a list shows them: with their user, and in ``change_list`` what
        each changed, by name only (not the definitions before and after: long, and masked
        only where shown)."""
        fields = ("entry_id", "kind", "catalog_name", "database_name", "object_name")
        names = HistoryChange.objects.only(*fields)
        changes = models.Prefetch("changes", names, to_attr="change_list")
        return self.select_related("user").prefetch_related(changes)


class HistoryEntry(models.Model):
    """A statement that changed the catalog: who ran it, when, where. Never edited."""

    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="history")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Where the statement came from: "api", "api:<client>" (a known client naming itself, as
    # the Flink catalog plugin does), "change-request:<number>", or "console:<random id>" for a
    # browser's console and forms (one id per Django session, never its key: that key logs in
    # whoever presents it, and the history is shown to every viewer). See catalogs/origins.py.
    origin = models.CharField(max_length=64, blank=True, default="")
    statement = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = HistoryEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["environment", "-created_at", "-id"], name="history_newest")
        ]

    def __str__(self) -> str:
        return self.statement[:80]


class HistoryChange(models.Model):
    """One object a history entry changed, with its definition before and after.

    ``before``/``after`` hold the object's SHOW CREATE text (empty when it did not exist).
    """

    class Kind(models.TextChoices):
        CATALOG = "catalog"
        DATABASE = "database"
        TABLE = "table"
        VIEW = "view"
        FUNCTION = "function"
        MODEL = "model"

    entry = models.ForeignKey(HistoryEntry, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    catalog_name = models.CharField(max_length=255)
    database_name = models.CharField(max_length=255, blank=True, default="")
    object_name = models.CharField(max_length=255, blank=True, default="")
    before = models.TextField(blank=True, default="")
    after = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["entry", "pk"]
        indexes = [
            models.Index(
                fields=["catalog_name", "database_name", "object_name"], name="history_object"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.catalog_name}.{self.database_name}.{self.object_name}"


class Snapshot(models.Model):
    """An immutable catalog snapshot (flink-sql-bootstrap JSON), served unchanged forever."""

    snapshot_id = models.CharField(max_length=32, unique=True)  # YYYYMMDD-HHMMSS-<4 hex>
    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="snapshots")
    catalog_name = models.CharField(max_length=255)
    # the document's bytes, gzip-compressed (a 100,000-table snapshot: ~280 MB, stored in a few);
    # ``sha256`` and ``size`` are those of the document itself, the bytes served
    content = models.BinaryField()
    sha256 = models.CharField(max_length=64)
    size = models.BigIntegerField(default=0)
    label = models.CharField(max_length=255, blank=True, default="")
    note = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.snapshot_id


class ViewCheck(models.Model):
    """What real Flink made of a stored view when ``manage.py flink_check`` last created it
    from the view's stored query (``catalogs.flink_check``), shown on the view's page. Not part
    of the catalog: the command writes it, not the executor."""

    class Result(models.TextChoices):
        OK = "ok"
        DIFFERS = "differs"
        REFUSED = "refused"
        NOT_CHECKED = "not checked"

    view = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="flink_check")
    view_version = models.PositiveIntegerField(help_text="The view's version that was checked")
    flink_version = models.CharField(max_length=32)
    result = models.CharField(max_length=11, choices=Result.choices)
    detail = models.TextField(
        blank=True, default="", help_text="The differences, Flink's message, or the reason"
    )
    checked_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.view}: {self.result}"


class ConsoleScript(models.Model):
    """A script a user keeps in the SQL console of an environment, by name. Kept as the console
    shows it, secret values masked (a script is no place for a secret)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=200)
    sql = models.TextField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "environment", "name"], name="console_script_name_unique"
            )
        ]

    def __str__(self) -> str:
        return self.name
