from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalogs.api.serializers import no_nul
from catalogs.secrets import mask_ddl
from environments.api.fields import (
    FlinkSqlField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)

from ..models import ChangeRequest, ChangeStatement, Comment, Review
from ..services import MAX_SQL


class MaskedSqlField(serializers.CharField):
    def to_representation(self, value: str) -> str:
        return mask_ddl(value)


class StatementSerializer(serializers.ModelSerializer):
    sql = MaskedSqlField()

    class Meta:
        model = ChangeStatement
        fields = ["position", "sql"]


class CommentSerializer(serializers.ModelSerializer):
    author = serializers.StringRelatedField(allow_null=True)
    statement = serializers.SerializerMethodField()

    class Meta:
        model = Comment
        fields = ["id", "author", "statement", "body", "created_at"]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_statement(self, comment: Comment) -> int | None:
        return comment.statement.position if comment.statement else None


class ReviewSerializer(serializers.ModelSerializer):
    reviewer = serializers.StringRelatedField()

    class Meta:
        model = Review
        fields = ["id", "reviewer", "verdict", "body", "revision", "created_at"]


class ChangeRequestSerializer(serializers.ModelSerializer):
    """A change request with its statements, reviews and comments; ``approvers`` lists who
    approves its current statements, ``base_moved`` whether the catalog changed since it was
    opened."""

    author = serializers.StringRelatedField(allow_null=True)
    status = serializers.CharField(help_text="open, applied or closed")
    applied_by = serializers.StringRelatedField(allow_null=True)
    closed_by = serializers.StringRelatedField(allow_null=True)
    statements = StatementSerializer(many=True, read_only=True)
    reviews = ReviewSerializer(many=True, read_only=True)
    comments = CommentSerializer(many=True, read_only=True)
    approvers = serializers.ListField(child=serializers.CharField())
    required_approvals = serializers.IntegerField(source="environment.required_approvals")
    approved = serializers.BooleanField()
    base_moved = serializers.BooleanField()
    history_entries = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    snapshots = serializers.SlugRelatedField(many=True, read_only=True, slug_field="snapshot_id")

    class Meta:
        model = ChangeRequest
        fields = [
            "id",
            "title",
            "description",
            "author",
            "status",
            "revision",
            "created_at",
            "base_entry_id",
            "base_moved",
            "required_approvals",
            "approvers",
            "approved",
            "failure",
            "applied_at",
            "applied_by",
            "closed_at",
            "closed_by",
            "history_entries",
            "snapshots",
            "statements",
            "reviews",
            "comments",
        ]


class ChangeRequestSummarySerializer(serializers.ModelSerializer):
    author = serializers.StringRelatedField(allow_null=True)
    status = serializers.CharField(help_text="open, applied or closed")

    class Meta:
        model = ChangeRequest
        fields = ["id", "title", "author", "status", "created_at"]


class OpenSerializer(serializers.Serializer):
    title = StrictCharField(max_length=255, validators=[no_nul])
    description = StrictCharField(required=False, allow_blank=True, validators=[no_nul])
    sql = FlinkSqlField(
        required=False,
        allow_blank=True,
        max_length=MAX_SQL,
        validators=[no_nul],
        help_text="Statements separated by semicolons, kept in order",
    )


class EditSerializer(serializers.Serializer):
    title = StrictCharField(required=False, max_length=255, validators=[no_nul])
    description = StrictCharField(required=False, allow_blank=True, validators=[no_nul])
    sql = FlinkSqlField(
        required=False,
        max_length=MAX_SQL,
        validators=[no_nul],
        help_text="All the statements, separated by semicolons, in their new order; one sent "
        "as the API shows it (secret values masked) keeps the stored one",
    )


class StatementsSerializer(serializers.Serializer):
    sql = FlinkSqlField(
        max_length=MAX_SQL, validators=[no_nul], help_text="Statements to append, in order"
    )


class CommentWriteSerializer(serializers.Serializer):
    body = StrictCharField(validators=[no_nul])
    statement = StrictIntegerField(
        required=False, allow_null=True, min_value=1, help_text="Position of the statement"
    )


class ReviewWriteSerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=Review.Verdict.choices)
    body = StrictCharField(required=False, allow_blank=True, validators=[no_nul])


class ApproveSerializer(serializers.Serializer):
    body = StrictCharField(required=False, allow_blank=True, validators=[no_nul])


class ApplySerializer(serializers.Serializer):
    snapshot = StrictBooleanField(
        default=False, help_text="Take a snapshot of each changed catalog, labelled with the title"
    )


class ResultSerializer(serializers.Serializer):
    statement = MaskedSqlField()
    ok = serializers.BooleanField()
    error = serializers.CharField(allow_null=True)


class ObjectChangeSerializer(serializers.Serializer):
    kind = serializers.CharField()
    name = serializers.CharField()
    action = serializers.CharField()
    before = MaskedSqlField()
    after = MaskedSqlField()
    diff = serializers.CharField()


class ImpactSerializer(serializers.Serializer):
    view = serializers.CharField()
    status = serializers.CharField()
    reason = serializers.CharField()
    path = serializers.ListField(
        child=serializers.CharField(), help_text="From the view to the object that changed"
    )
    columns = serializers.ListField(child=serializers.CharField(), help_text="Columns concerned")


class PreviewSerializer(serializers.Serializer):
    """What the statements would do, computed in a rolled-back transaction on the catalog as it
    is now (``base``: its newest history entry)."""

    ok = serializers.BooleanField()
    base = serializers.IntegerField()
    results = ResultSerializer(many=True)
    changes = ObjectChangeSerializer(many=True)
    impact = ImpactSerializer(many=True)


class ApplyOutcomeSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    message = serializers.CharField()
    results = ResultSerializer(many=True)
    change_request = ChangeRequestSerializer()
