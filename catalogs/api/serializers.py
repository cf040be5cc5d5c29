from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalogs.flinksql.distribution import KINDS
from catalogs.flinksql.errors import FlinkSqlError
from catalogs.flinksql.types import parse_type
from catalogs.models import (
    Catalog,
    Column,
    ColumnLineage,
    Database,
    Dependency,
    Function,
    Model,
    Table,
)
from catalogs.secrets import mask_ddl, mask_options
from config import limits
from environments.api.fields import (
    FlinkClassField,
    FlinkSqlField,
    FlinkTypeField,
    StrictBooleanField,
    StrictCharField,
)
from environments.api.serializers import HistoryChangeSerializer, OriginField, ViaField


def few_options(value: dict) -> dict:
    if len(value) > limits.LIST_ITEMS:
        raise serializers.ValidationError(
            f"Ensure this field has no more than {limits.LIST_ITEMS} options."
        )
    return value


def no_nul(value: str) -> str:
    if "\x00" in value:
        raise serializers.ValidationError("NUL characters are not allowed.")
    return value


def flink_type(value: str) -> str:
    try:
        parse_type(value)
    except FlinkSqlError as exc:
        raise serializers.ValidationError(exc.message) from None
    return value


class MaskedOptionsField(serializers.DictField):
    """Options as Flink lists them, sorted, with the values of secret options masked."""

    child = serializers.CharField()

    def to_representation(self, value: dict) -> dict:
        return mask_options(value)


# What is read -------------------------------------------------------------------------------


class CatalogSerializer(serializers.ModelSerializer):
    type = serializers.CharField(source="catalog_type")
    options = MaskedOptionsField()

    class Meta:
        model = Catalog
        fields = ["name", "type", "comment", "options", "is_environment_catalog", "version"]


class DatabaseSerializer(serializers.ModelSerializer):
    catalog = serializers.CharField(source="catalog.name")
    properties = MaskedOptionsField()

    class Meta:
        model = Database
        fields = ["name", "catalog", "comment", "properties"]


class ColumnSerializer(serializers.ModelSerializer):
    type = serializers.CharField(source="data_type", help_text="Flink type, without NOT NULL")
    virtual = serializers.BooleanField(source="is_virtual")

    class Meta:
        model = Column
        fields = ["name", "kind", "type", "nullable", "comment", "expression"]
        fields += ["metadata_key", "virtual"]


class ViewColumnSerializer(serializers.ModelSerializer):
    type = serializers.CharField(source="data_type", help_text="Flink type, without NOT NULL")
    member_time_attributes = serializers.JSONField(
        read_only=True,
        help_text="[[member path, ROWTIME or PROCTIME], ...]: the time attributes inside the "
        "type, which its text cannot say; a path gives the positions of the members from the "
        "column down ([0] is a row's first field or an array's element, [1] a map's value)",
    )

    class Meta:
        model = Column
        fields = ["name", "type", "nullable", "time_attribute", "member_time_attributes"]


class WatermarkSerializer(serializers.Serializer):
    column = serializers.CharField(source="watermark_column")
    expression = serializers.CharField(source="watermark_expression")


class PrimaryKeySerializer(serializers.Serializer):
    name = serializers.CharField(source="primary_key_name")
    columns = serializers.ListField(source="primary_key_columns", child=serializers.CharField())


class TableSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Table
        fields = ["name", "comment", "version"]


class ViewSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Table
        fields = ["name", "comment", "status", "version"]


class DistributionSerializer(serializers.Serializer):
    """A table's buckets: ``DISTRIBUTED BY HASH(a) INTO 4 BUCKETS`` is kind HASH, bucket keys
    [a], bucket count 4; kind UNKNOWN leaves the algorithm to the connector; a count is null
    when none was written."""

    kind = serializers.ChoiceField(choices=KINDS, default="UNKNOWN")
    bucket_keys = serializers.ListField(
        child=StrictCharField(validators=[no_nul]),
        required=False,
        default=list,
        max_length=limits.LIST_ITEMS,
    )
    bucket_count = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=2**31 - 1
    )

    def validate(self, data: dict) -> dict:
        # Flink's grammar: DISTRIBUTED BY [HASH | RANGE] (keys) [INTO n BUCKETS], or
        # DISTRIBUTED INTO n BUCKETS alone
        if not data["bucket_keys"] and (data["kind"] != "UNKNOWN" or data["bucket_count"] is None):
            raise serializers.ValidationError(
                "A distribution names its bucket keys, or only its bucket count "
                "(DISTRIBUTED INTO n BUCKETS, kind UNKNOWN)."
            )
        return data


class TableSerializer(serializers.ModelSerializer):
    catalog = serializers.CharField(source="database.catalog.name")
    database = serializers.CharField(source="database.name")
    columns = ColumnSerializer(many=True)
    watermark = serializers.SerializerMethodField()
    primary_key = serializers.SerializerMethodField()
    partition_keys = serializers.ListField(child=serializers.CharField())
    distribution = serializers.SerializerMethodField()
    options = MaskedOptionsField()

    class Meta:
        model = Table
        fields = ["name", "catalog", "database", "comment", "columns", "watermark"]
        fields += ["primary_key", "distribution", "partition_keys", "options", "version"]
        fields += ["updated_at"]

    @extend_schema_field(DistributionSerializer(allow_null=True))
    def get_distribution(self, table: Table) -> dict | None:
        distribution = table.distribution
        if distribution is None:
            return None
        return {
            "kind": distribution.kind,
            "bucket_keys": list(distribution.bucket_keys),
            "bucket_count": distribution.bucket_count,
        }

    @extend_schema_field(WatermarkSerializer(allow_null=True))
    def get_watermark(self, table: Table) -> dict | None:
        return WatermarkSerializer(table).data if table.watermark_column else None

    @extend_schema_field(PrimaryKeySerializer(allow_null=True))
    def get_primary_key(self, table: Table) -> dict | None:
        return PrimaryKeySerializer(table).data if table.primary_key_name else None


class ObjectNameSerializer(serializers.Serializer):
    catalog = serializers.CharField()
    database = serializers.CharField()
    name = serializers.CharField()


class DependencySerializer(serializers.ModelSerializer):
    catalog = serializers.CharField(source="catalog_name")
    database = serializers.CharField(source="database_name")
    name = serializers.CharField(source="object_name")
    columns = serializers.DictField(
        child=serializers.CharField(), help_text="Column read -> its type when the view was defined"
    )

    class Meta:
        model = Dependency
        fields = ["kind", "catalog", "database", "name", "columns"]


class ViewSerializer(serializers.ModelSerializer):
    catalog = serializers.CharField(source="database.catalog.name")
    database = serializers.CharField(source="database.name")
    columns = ViewColumnSerializer(many=True)
    dependencies = DependencySerializer(many=True, help_text="What the view reads")
    readers = ObjectNameSerializer(many=True, help_text="The views that read this view")

    class Meta:
        model = Table
        fields = ["name", "catalog", "database", "comment", "original_query", "expanded_query"]
        fields += ["columns", "dependencies", "readers", "status", "status_reason", "version"]
        fields += ["updated_at"]


class FunctionSerializer(serializers.ModelSerializer):
    jars = serializers.ListField(child=serializers.CharField())
    artifact = serializers.CharField(source="artifact.name", default=None, allow_null=True)

    class Meta:
        model = Function
        fields = ["name", "class_name", "language", "jars", "return_type", "artifact"]


class ModelColumnSerializer(serializers.Serializer):
    """A model's input or output column (models have only physical columns)."""

    name = serializers.CharField()
    type = serializers.CharField(help_text="Flink type, without NOT NULL")
    nullable = serializers.BooleanField()
    comment = serializers.CharField(allow_null=True)


class CatalogModelSerializer(serializers.ModelSerializer):
    """A model: its input and output columns, comment and options (secrets masked)."""

    catalog = serializers.CharField(source="database.catalog.name")
    database = serializers.CharField(source="database.name")
    input_columns = ModelColumnSerializer(many=True)
    output_columns = ModelColumnSerializer(many=True)
    options = MaskedOptionsField()

    class Meta:
        model = Model
        fields = ["name", "catalog", "database", "comment", "input_columns", "output_columns"]
        fields += ["options", "version", "updated_at"]


# What is sent -------------------------------------------------------------------------------


class StatementRequestSerializer(serializers.Serializer):
    statement = FlinkSqlField(
        trim_whitespace=False,
        validators=[no_nul],
        help_text="One statement or a script of several separated by ';'",
    )
    catalog = StrictCharField(required=False, validators=[no_nul])
    database = StrictCharField(required=False, validators=[no_nul])
    all_or_nothing = StrictBooleanField(
        required=False,
        default=False,
        help_text="True: the script is one transaction; at its first failure nothing of it "
        "is kept (the Flink catalog plugin sends the statements of one change so)",
    )


class ViewImpactSerializer(serializers.Serializer):
    view = serializers.CharField(help_text="The view whose mark the change sets")
    mark = serializers.ChoiceField(["ok", "broken", "stale"], help_text="Its mark after it")
    before = serializers.CharField(help_text="Its mark before: ok, broken or stale")
    path = serializers.ListField(
        child=serializers.CharField(), help_text="From the view to the object that changed"
    )
    columns = serializers.ListField(child=serializers.CharField(), help_text="Columns concerned")
    consequence = serializers.CharField(help_text="What Flink will do reading the view")


class ImpactAnswerSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="Whether every statement would run")
    breaks_nothing = serializers.BooleanField()
    summary = serializers.CharField()
    results = serializers.ListField(child=serializers.DictField())
    impact = ViewImpactSerializer(many=True)


@extend_schema_field({"anyOf": [{"type": "string"}, {"type": "boolean"}], "nullable": True})
class CellField(serializers.JSONField):
    """A cell of a result row: text, a boolean (DESCRIBE's ``null`` column), or null."""


class ErrorPositionSerializer(serializers.Serializer):
    """The range of the statement its error names (Flink's lines and columns, from 1, both
    ends inclusive)."""

    line = serializers.IntegerField(min_value=1)
    column = serializers.IntegerField(min_value=1)
    end_line = serializers.IntegerField(min_value=1)
    end_column = serializers.IntegerField(min_value=1)


class StatementResultSerializer(serializers.Serializer):
    statement = serializers.CharField()
    ok = serializers.BooleanField()
    columns = serializers.ListField(child=serializers.CharField(), allow_null=True)
    rows = serializers.ListField(child=serializers.ListField(child=CellField()), allow_null=True)
    error = serializers.CharField(allow_null=True)
    position = ErrorPositionSerializer(
        allow_null=True, help_text="Where in the statement the error is, when Flink says"
    )


class StatementAnswerSerializer(serializers.Serializer):
    results = StatementResultSerializer(many=True)
    changes = HistoryChangeSerializer(
        many=True, help_text="The objects the statements changed, in the order they ran"
    )


class ChangeAnswerSerializer(serializers.Serializer):
    statements = serializers.ListField(
        child=serializers.CharField(), help_text="The Flink SQL statements that were run"
    )


class NewColumnSerializer(serializers.Serializer):
    name = StrictCharField(validators=[no_nul])
    kind = serializers.ChoiceField(choices=Column.Kind.choices, default=Column.Kind.PHYSICAL)
    type = FlinkTypeField(required=False, validators=[no_nul, flink_type])
    nullable = StrictBooleanField(default=True)
    comment = StrictCharField(required=False, allow_blank=True, validators=[no_nul])
    expression = FlinkSqlField(required=False, validators=[no_nul])
    metadata_key = StrictCharField(required=False, validators=[no_nul])
    virtual = StrictBooleanField(default=False)

    def validate(self, data: dict) -> dict:
        if data["kind"] == Column.Kind.COMPUTED and not data.get("expression"):
            raise serializers.ValidationError("A computed column needs an expression.")
        if data["kind"] != Column.Kind.COMPUTED and not data.get("type"):
            raise serializers.ValidationError("A physical or metadata column needs a type.")
        return data


class NewWatermarkSerializer(serializers.Serializer):
    column = StrictCharField(validators=[no_nul])
    expression = FlinkSqlField(validators=[no_nul])


class NewTableSerializer(serializers.Serializer):
    name = StrictCharField(validators=[no_nul])
    columns = NewColumnSerializer(many=True, allow_empty=False, max_length=limits.LIST_ITEMS)
    watermark = NewWatermarkSerializer(required=False)
    primary_key = serializers.ListField(
        child=StrictCharField(validators=[no_nul]), required=False, max_length=limits.LIST_ITEMS
    )
    distribution = DistributionSerializer(required=False)
    partition_keys = serializers.ListField(
        child=StrictCharField(validators=[no_nul]), required=False, max_length=limits.LIST_ITEMS
    )
    comment = StrictCharField(required=False, allow_blank=True, validators=[no_nul])
    options = serializers.DictField(
        child=StrictCharField(validators=[no_nul]), required=False, validators=[few_options]
    )


class TableChangeSerializer(serializers.Serializer):
    set_options = serializers.DictField(
        child=StrictCharField(validators=[no_nul]), required=False, validators=[few_options]
    )
    reset_options = serializers.ListField(
        child=StrictCharField(validators=[no_nul]), required=False, max_length=limits.LIST_ITEMS
    )


class NewViewSerializer(serializers.Serializer):
    name = StrictCharField(validators=[no_nul])
    query = FlinkSqlField(max_length=limits.SCRIPT_CHARACTERS, validators=[no_nul])
    comment = StrictCharField(required=False, allow_blank=True, validators=[no_nul])


class ViewChangeSerializer(serializers.Serializer):
    query = FlinkSqlField(
        max_length=limits.SCRIPT_CHARACTERS, validators=[no_nul], help_text="The view's new query"
    )


class NewModelColumnSerializer(serializers.Serializer):
    name = StrictCharField(validators=[no_nul])
    type = FlinkTypeField(validators=[no_nul, flink_type])
    nullable = StrictBooleanField(default=True)
    comment = StrictCharField(required=False, allow_blank=True, validators=[no_nul])


class NewModelSerializer(serializers.Serializer):
    """CREATE MODEL: input and output columns both given or both left out, and at least one
    option (Flink refuses a model without options)."""

    name = StrictCharField(validators=[no_nul])
    input_columns = NewModelColumnSerializer(
        many=True, required=False, max_length=limits.LIST_ITEMS
    )
    output_columns = NewModelColumnSerializer(
        many=True, required=False, max_length=limits.LIST_ITEMS
    )
    comment = StrictCharField(required=False, allow_blank=True, validators=[no_nul])
    options = serializers.DictField(
        child=StrictCharField(validators=[no_nul]), validators=[few_options]
    )


class NewFunctionSerializer(serializers.Serializer):
    name = StrictCharField(validators=[no_nul])
    class_name = FlinkClassField(validators=[no_nul])
    language = serializers.ChoiceField(choices=Function.Language.choices, default="JAVA")
    jars = serializers.ListField(
        child=StrictCharField(validators=[no_nul]), required=False, max_length=limits.LIST_ITEMS
    )


class FunctionChangeSerializer(serializers.Serializer):
    return_type = FlinkTypeField(
        allow_null=True, required=False, validators=[no_nul], help_text="A Flink type, or null"
    )
    artifact = StrictCharField(
        allow_null=True, required=False, validators=[no_nul], help_text="An artifact, or null"
    )


class MaskedDdlField(serializers.CharField):
    """Flink DDL text with the values of secret options masked."""

    def to_representation(self, value: str) -> str:
        return mask_ddl(value)


class HistoryVersionSerializer(serializers.Serializer):
    entry = serializers.IntegerField(source="entry_id")
    user = serializers.CharField(source="entry.user.username", default=None, allow_null=True)
    origin = OriginField(source="entry.origin")
    via = ViaField(source="entry.origin")
    created_at = serializers.DateTimeField(source="entry.created_at")
    statement = MaskedDdlField(source="entry.statement")
    before = MaskedDdlField(help_text="SHOW CREATE text before; empty: it did not exist")
    after = MaskedDdlField(help_text="SHOW CREATE text after; empty: it was dropped")


class HistoryDiffSerializer(serializers.Serializer):
    from_entry = serializers.IntegerField(
        allow_null=True, help_text="None: from nothing (``to`` alone, and it made the object)"
    )
    to_entry = serializers.IntegerField()
    diff = serializers.CharField(help_text="Unified diff of the definition between the versions")


class TableChangeAnswerSerializer(ChangeAnswerSerializer):
    table = TableSerializer()


class ViewChangeAnswerSerializer(ChangeAnswerSerializer):
    view = ViewSerializer()


class FunctionChangeAnswerSerializer(ChangeAnswerSerializer):
    function = FunctionSerializer()


class ObjectHistorySerializer(serializers.Serializer):
    versions = HistoryVersionSerializer(many=True)
    diff = HistoryDiffSerializer(allow_null=True, help_text="With ?from=&to= only")


class LineageNodeSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="catalog, database and name, joined by U+001F")
    label = serializers.CharField()
    kind = serializers.ChoiceField(["table", "view", "missing"])
    status = serializers.ChoiceField(Table.Status.choices)
    exists = serializers.BooleanField()
    current = serializers.BooleanField(help_text="The object the lineage was asked for")
    url = serializers.CharField(allow_null=True, help_text="Its page; null when it is gone")
    columns = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="With columns=1"
    )


class LineageEdgeSerializer(serializers.Serializer):
    source = serializers.CharField(help_text="Read by target")
    target = serializers.CharField()
    broken = serializers.BooleanField(help_text="The source no longer exists")


class ColumnEdgeSerializer(serializers.Serializer):
    source = serializers.CharField()
    source_column = serializers.CharField()
    target = serializers.CharField(help_text="The view reading source_column")
    target_column = serializers.CharField(
        allow_blank=True, help_text="Empty when the view reads the column only in a condition"
    )
    how = serializers.ChoiceField(ColumnLineage.How.choices)


class LineageSerializer(serializers.Serializer):
    nodes = LineageNodeSerializer(many=True)
    edges = LineageEdgeSerializer(many=True)
    truncated = serializers.BooleanField()
    column_edges = ColumnEdgeSerializer(many=True, required=False, help_text="With columns=1")


class ModelChangeSerializer(TableChangeSerializer):
    """Set or reset a model's options, or rename it within its database."""

    name = StrictCharField(required=False, validators=[no_nul], help_text="A new name")


class ModelChangeAnswerSerializer(serializers.Serializer):
    statements = serializers.ListField(child=serializers.CharField())
    model = CatalogModelSerializer()
