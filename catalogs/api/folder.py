"""Catalog folders through the API: export the files, plan a folder (a dry run that changes
nothing), and open a change request of its plan. Every rule lives in :mod:`catalogs.folder`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs import folder
from catalogs.secrets import mask_ddl
from config import limits
from environments.api.errors import error_body, error_responses
from environments.api.fields import NO_NUL, FlinkSqlField, StrictBooleanField, StrictCharField
from environments.lookup import get_environment
from environments.models import Role

CATALOGS = OpenApiParameter(
    "catalog",
    {"type": "array", "items": {"type": "string", "pattern": NO_NUL}},
    explode=True,
    description="The catalogs to export (repeatable); default: all",
)


class FilesField(serializers.DictField):
    """The folder: each ``.sql`` file's path and its text."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=FlinkSqlField(allow_blank=True), **kwargs)


class FolderSerializer(serializers.Serializer):
    files = FilesField(help_text="Path (``<catalog>/<database>/tables/<t>.sql``...) -> text")


class PlanRequestSerializer(serializers.Serializer):
    files = FilesField(help_text="The folder: path -> the text of each .sql file")
    allow_drops = StrictBooleanField(
        default=False, help_text="Drop what the folder's catalogs no longer hold"
    )
    variables = serializers.DictField(
        child=StrictCharField(),
        required=False,
        help_text="The value of each ``${VARIABLE}`` placeholder of a secret option; a plan "
        "sets a secret again when its value differs from the stored one",
    )


class ChangeRequestSerializer(PlanRequestSerializer):
    title = StrictCharField(required=False, default="", allow_blank=True, max_length=255)


class StepSerializer(serializers.Serializer):
    action = serializers.CharField(help_text="create, change, re-create or drop")
    kind = serializers.CharField()
    name = serializers.CharField()
    reason = serializers.CharField(help_text="Why Flink needs a drop and a create, or empty")
    warning = serializers.CharField(help_text="What a drop deletes outside the catalog, or empty")
    statements = serializers.ListField(child=serializers.CharField())
    declaration = serializers.CharField(
        help_text="A function's declared result type the dashboard sets (Flink's DDL has no "
        "clause for it), or empty"
    )


class ImpactItemSerializer(serializers.Serializer):
    view = serializers.CharField()
    mark = serializers.CharField()
    before = serializers.CharField()
    path = serializers.ListField(child=serializers.CharField())
    columns = serializers.ListField(child=serializers.CharField())
    consequence = serializers.CharField()


class PlanAnswerSerializer(serializers.Serializer):
    exit_code = serializers.IntegerField(
        help_text="As terraform plan -detailed-exitcode: 0 no changes, 2 pending, 1 error"
    )
    problems = serializers.ListField(
        child=serializers.CharField(), help_text="file:line: message, or what no plan can do"
    )
    steps = StepSerializer(many=True)
    skipped_drops = StepSerializer(many=True, help_text="Drops not allowed")
    impact = ImpactItemSerializer(many=True, help_text="The views the plan marks")
    impact_summary = serializers.CharField()


class OpenedSerializer(PlanAnswerSerializer):
    change_request = serializers.IntegerField(allow_null=True, help_text="Its number")


def _files(data: dict[str, str]) -> dict[str, bytes]:
    return {path: text.encode("utf-8") for path, text in data.items() if path.endswith(".sql")}


def _step(step: Any) -> dict[str, Any]:
    return {
        "action": step.action,
        "kind": step.kind,
        "name": step.name,
        "reason": step.reason,
        "warning": step.warning,
        "statements": [mask_ddl(p.sql) for p in step.statements],
        "declaration": step.declaration.shown if step.declaration else "",
    }


def plan_body(planned: folder.FolderPlan) -> dict[str, Any]:
    impact = planned.impact
    return {
        "exit_code": planned.exit_code,
        "problems": planned.errors + planned.plan.errors,
        "steps": [_step(s) for s in planned.plan.steps],
        "skipped_drops": [_step(s) for s in planned.plan.skipped_drops],
        "impact": [i.as_json() for i in impact.impacts] if impact else [],
        "impact_summary": impact.summary if impact else "",
    }


def not_opened(body: dict[str, Any], applied: folder.Applied, nothing: str) -> Response:
    """400 for a plan that opened no change request: its problems, else the placeholders
    without a value, else ``nothing`` (there was nothing to propose)."""
    missing = [f"Give a value for ${{{name}}}." for name in applied.missing_variables]
    message = body["problems"] or missing or [nothing]
    return Response({**body, **error_body(*message)}, status=status.HTTP_400_BAD_REQUEST)


class FolderExport(APIView):
    @extend_schema(
        parameters=[CATALOGS],
        responses={200: FolderSerializer, **error_responses()},
        description="The catalogs as a folder of Flink SQL files, one per object, in their "
        "canonical form (the same catalogs give the same text); secret option values are "
        "``${VARIABLE}`` placeholders. Every catalog but the environment's own unless "
        "``catalog`` names some.",
    )
    def get(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment)
        files = folder.export_files(found, request.query_params.getlist("catalog") or None)
        return Response({"files": {p: data.decode("utf-8") for p, data in files.items()}})


class FolderPlan(APIView):
    request_bytes = limits.UPLOAD_BYTES

    @extend_schema(
        request=PlanRequestSerializer,
        responses={200: PlanAnswerSerializer, **error_responses(400, 413)},
        description="The plan that makes the environment equal the folder: each step's "
        "statements (the smallest ALTER Flink supports, or a drop and a create with the "
        "reason), the drops left out unless ``allow_drops``, and the impact. A dry run: "
        "nothing changes. ``exit_code`` is 1 with ``problems`` naming the file and the line "
        "when the folder cannot be planned.",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment)
        serializer = PlanRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        planned = folder.plan_folder(
            found, _files(data["files"]), data["allow_drops"], data.get("variables")
        )
        return Response(plan_body(planned))


class FolderChangeRequest(APIView):
    request_bytes = limits.UPLOAD_BYTES

    @extend_schema(
        request=ChangeRequestSerializer,
        responses={201: OpenedSerializer, **error_responses(400, 403, 413)},
        description="Open a change request holding the folder's plan, to be reviewed and "
        "applied as any other (editors). A folder that cannot be planned, one without "
        "changes, or a placeholder without a value answers 400 and opens nothing.",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment, Role.EDITOR)
        serializer = ChangeRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        applied = folder.open_change_request(
            found,
            _files(data["files"]),
            request.user,
            data.get("variables"),
            data["allow_drops"],
            data["title"],
        )
        body = {**plan_body(applied.plan), "change_request": None}
        if applied.change_request is None:
            return not_opened(
                body, applied, "The environment equals the folder: nothing to propose."
            )
        body["change_request"] = applied.change_request.pk
        return Response(body, status=status.HTTP_201_CREATED)
