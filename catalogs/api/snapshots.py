"""Catalog snapshots through the API: list, take, read (metadata and the stored bytes), diff,
import (dry run or apply) and delete. Every rule lives in :mod:`catalogs.snapshots`."""

from __future__ import annotations

import dataclasses
import json

from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs import snapshot_diffs, snapshots
from catalogs.flinksql.snapshot_format import SNAPSHOT_ID
from catalogs.models import Snapshot
from catalogs.secrets import mask_ddl
from config import limits
from environments.api.errors import error_body, error_responses
from environments.api.fields import SnapshotDocumentField, StrictBooleanField, StrictCharField
from environments.lookup import get_environment, url_name
from environments.models import Environment, Role

from .runner import FAILURE_STATUS

LABEL_FILTER = OpenApiParameter("label", str, description="Only snapshots with this label")
CATALOG_FILTER = OpenApiParameter("catalog", str, description="Only snapshots of this catalog")
AGAINST = OpenApiParameter(
    "against",
    # the snapshot id's own pattern, without its anchors
    {"type": "string", "pattern": f"^(live|{SNAPSHOT_ID.pattern.strip('^$')})$"},
    description="The snapshot id to compare with, or ``live`` (the default): the catalog now",
)


# -- serializers ------------------------------------------------------------------------------
class SnapshotSerializer(serializers.ModelSerializer):
    environment = serializers.CharField(source="environment.name")
    catalog = serializers.CharField(source="catalog_name")
    created_by = serializers.SerializerMethodField()
    size = serializers.IntegerField(
        read_only=True, help_text="Bytes of the document (the content served; its sha256)"
    )

    class Meta:
        model = Snapshot
        fields = [
            "snapshot_id",
            "environment",
            "catalog",
            "label",
            "note",
            "sha256",
            "size",
            "created_by",
            "created_at",
        ]

    def get_created_by(self, snapshot: Snapshot) -> str | None:
        return snapshot.created_by.username if snapshot.created_by else None


class TakeSnapshotSerializer(serializers.Serializer):
    catalog = StrictCharField()
    databases = serializers.ListField(
        # a name is what it is: one of white space alone (U+0085) is no blank field
        child=StrictCharField(trim_whitespace=False),
        required=False,
        default=list,
        help_text="The databases to export; all of them when empty",
    )
    label = StrictCharField(required=False, default="", allow_blank=True, max_length=255)
    note = StrictCharField(required=False, default="", allow_blank=True)
    leave_out_broken = StrictBooleanField(
        default=False,
        help_text="Leave out the views marked broken and the views reading them (listed in "
        "``left_out`` and recorded in the snapshot's note)",
    )


class SecretSerializer(serializers.Serializer):
    database = serializers.CharField(allow_null=True)
    object = serializers.CharField(allow_null=True, help_text="None: the catalog's own options")
    option = serializers.CharField()
    variable = serializers.CharField(help_text="The environment variable the deployment sets")


class TakenSnapshotSerializer(serializers.Serializer):
    snapshot = SnapshotSerializer()
    secrets = SecretSerializer(many=True)
    warnings = serializers.ListField(child=serializers.CharField())
    left_out = serializers.ListField(
        child=serializers.CharField(), help_text="The views left out (database.view)"
    )


class ObjectDiffSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="database, table, view or udf")
    database = serializers.CharField()
    name = serializers.CharField()
    change = serializers.CharField(help_text="added, removed or changed")
    columns_added = serializers.ListField(child=serializers.CharField())
    columns_removed = serializers.ListField(child=serializers.CharField())
    columns_retyped = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="[column, old type, new type]",
    )
    options = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(allow_null=True)),
        help_text="[key, old value, new value]; None where absent, secret values masked",
    )
    other = serializers.ListField(child=serializers.CharField())
    query_diff = serializers.ListField(
        child=serializers.CharField(), help_text="Unified diff of the expanded query"
    )
    breaking = serializers.ListField(
        child=serializers.CharField(), help_text="Why this change breaks running jobs"
    )


class DiffSerializer(serializers.Serializer):
    old = serializers.CharField()
    new = serializers.CharField()
    counts = serializers.DictField(child=serializers.IntegerField())
    breaking = serializers.ListField(child=serializers.CharField())
    objects = ObjectDiffSerializer(many=True)


class ImportRequestSerializer(serializers.Serializer):
    catalog = StrictCharField(help_text="The catalog to import into; created when missing")
    dry_run = StrictBooleanField(
        default=True, help_text="List what would run and roll it all back (the default)"
    )
    snapshot = SnapshotDocumentField(help_text="The snapshot document (flink-sql-bootstrap JSON)")
    skip_broken = StrictBooleanField(
        default=False,
        help_text="Leave out the views whose query no longer resolves (listed in ``skipped``); "
        "everything else stays all-or-nothing",
    )
    variables = serializers.DictField(
        child=StrictCharField(),
        required=False,
        help_text="The value of each ``${VARIABLE}`` placeholder the document holds in place "
        "of a secret, by variable name; without one for each the import answers 400 naming "
        "the missing ones",
    )

    def validate_snapshot(self, value: object) -> object:
        if not isinstance(value, dict):
            raise ValidationError("Send the snapshot document as a JSON object.")
        return value


class ImportStatementSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="catalog, database, table, function, use or view")
    name = serializers.CharField()
    sql = serializers.CharField(help_text="The statement, secret option values masked")
    ok = serializers.BooleanField(allow_null=True, help_text="None: not run")
    outcome = serializers.CharField(help_text="ok, not run, or what went wrong")


class ImportAnswerSerializer(serializers.Serializer):
    dry_run = serializers.BooleanField()
    applied = serializers.BooleanField()
    statements = ImportStatementSerializer(many=True)
    warnings = serializers.ListField(child=serializers.CharField())
    skipped = serializers.ListField(
        child=serializers.CharField(),
        help_text="With skip_broken: the views left out, each with why (database.view: ...)",
    )
    missing_variables = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="The placeholders without a value in ``variables`` (then nothing ran)",
    )


# -- lookups ----------------------------------------------------------------------------------
def _snapshot(request: Request, environment: str, snapshot_id: str) -> Snapshot:
    """The snapshot of the environment the URL names (404 for a user without a role in it)."""
    found = get_environment(request.user, environment)
    return _in(found, snapshot_id)


def _in(environment: Environment, snapshot_id: str) -> Snapshot:
    snapshot = (
        Snapshot.objects.filter(environment=environment, snapshot_id=url_name(snapshot_id))
        .select_related("environment", "created_by")
        .first()
    )
    if snapshot is None:
        raise Http404(f"No snapshot {snapshot_id} in environment '{environment.name}'.")
    return snapshot


# -- views ------------------------------------------------------------------------------------
class SnapshotList(generics.ListAPIView):
    serializer_class = SnapshotSerializer

    def get_queryset(self) -> QuerySet[Snapshot]:
        found = get_environment(self.request.user, self.kwargs["environment"])
        found_snapshots = (
            Snapshot.objects.filter(environment=found)
            .select_related("environment", "created_by")
            .defer("content")
        )
        params = self.request.query_params
        if "label" in params:
            found_snapshots = found_snapshots.filter(label=params["label"])
        if "catalog" in params:
            found_snapshots = found_snapshots.filter(catalog_name=params["catalog"])
        return found_snapshots

    @extend_schema(
        parameters=[LABEL_FILTER, CATALOG_FILTER],
        responses={200: SnapshotSerializer(many=True)},
        description="The environment's snapshots, newest first.",
    )
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=TakeSnapshotSerializer,
        responses={201: TakenSnapshotSerializer, **error_responses(400, 403)},
        description="Take a snapshot of the catalog (or of some of its databases) and store "
        "it; it is immutable from then on. Secret option values are written as ``${VAR}`` "
        "placeholders, listed in ``secrets``. Needs the editor role.",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment, Role.EDITOR)
        serializer = TakeSnapshotSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        snapshot, result = snapshots.take_snapshot(
            found,
            data["catalog"],
            request.user,
            data["databases"] or None,
            label=data["label"],
            note=data["note"],
            leave_out_broken=data["leave_out_broken"],
        )
        body = {
            "snapshot": SnapshotSerializer(snapshot).data,
            "secrets": SecretSerializer(result.secrets, many=True).data,
            "warnings": result.warnings,
            "left_out": result.left_out,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class SnapshotDetail(APIView):
    @extend_schema(responses={200: SnapshotSerializer, **error_responses()})
    def get(self, request: Request, environment: str, snapshot: str) -> Response:
        return Response(SnapshotSerializer(_snapshot(request, environment, snapshot)).data)

    @extend_schema(
        responses={204: None, **error_responses(403)},
        description="Delete the snapshot: environment admins only; the history records it.",
    )
    def delete(self, request: Request, environment: str, snapshot: str) -> Response:
        snapshots.delete_snapshot(_snapshot(request, environment, snapshot), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SnapshotContent(APIView):
    @extend_schema(
        responses={
            (200, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT, description="The stored bytes, exactly"
            ),
            **error_responses(),
        },
        description="The snapshot document, byte for byte as stored (its sha256 is the "
        "snapshot's ``sha256`` and its ETag).",
    )
    def get(self, request: Request, environment: str, snapshot: str) -> HttpResponse:
        found = _snapshot(request, environment, snapshot)
        return snapshots.snapshot_response(found, "application/json")


class SnapshotDiff(APIView):
    @extend_schema(
        parameters=[AGAINST],
        responses={200: DiffSerializer, **error_responses(400)},
        description="What changed from this snapshot to another one of the environment "
        "(``against=<id>``) or to the live catalog: objects added, removed and changed, and "
        "the changes that break running jobs.",
    )
    def get(self, request: Request, environment: str, snapshot: str) -> Response:
        found = _snapshot(request, environment, snapshot)
        against = request.query_params.get("against", "live")
        other = snapshot_diffs.compared_with(found, against, lambda i: _in(found.environment, i))
        if other is None:
            raise ValidationError({"against": "Send a snapshot id or 'live'."})
        result = snapshot_diffs.diff(found.snapshot_id, other, request.user)
        body = {
            "old": result.old_label,
            "new": result.new_label,
            "counts": result.counts(),
            "breaking": result.breaking,
            "objects": [dataclasses.asdict(o) for o in result.objects],
        }
        return Response(DiffSerializer(body).data)


class SnapshotImport(APIView):
    request_bytes = limits.UPLOAD_BYTES  # the document is in the body, as large as a file

    @extend_schema(
        request=ImportRequestSerializer,
        responses={200: ImportAnswerSerializer, **error_responses(400, 403, 409)},
        description="Import a snapshot document into a catalog: every statement runs through "
        "the executor in one transaction, kept only when all succeed and ``dry_run`` is "
        "false. A dry run lists the statements and what each would do, and changes nothing. "
        "A malformed document answers 400 with messages naming the object and the field; a "
        "failing statement answers its failure's status with ``errors`` beside "
        "``statements``; either way nothing is changed. Secret values exported as "
        "``${VARIABLE}`` placeholders take their values from ``variables``; a placeholder "
        "without one answers 400 naming it in ``missing_variables``, and nothing runs (a "
        "placeholder is never stored). Needs the editor role.",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment, Role.EDITOR)
        serializer = ImportRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        report = snapshots.import_snapshot(
            found,
            data["catalog"],
            json.dumps(data["snapshot"]),
            request.user,
            dry_run=data["dry_run"],
            variables=data.get("variables"),
            skip_broken=data["skip_broken"],
        )
        body = {
            "dry_run": report.dry_run,
            "applied": report.applied,
            "statements": [
                {
                    "kind": o.statement.kind,
                    "name": o.statement.name,
                    "sql": mask_ddl(o.statement.sql),
                    "ok": None if o.result is None else o.result.ok,
                    "outcome": o.message,
                }
                for o in report.outcomes
            ],
            "warnings": report.warnings,
            "skipped": report.skipped,
        }
        if report.missing_variables:
            body["missing_variables"] = report.missing_variables
        if report.ok:
            return Response(body)
        code = FAILURE_STATUS.get(report.code or "", status.HTTP_400_BAD_REQUEST)
        return Response({**error_body(*report.failures), **body}, status=code)
