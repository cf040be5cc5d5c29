"""Promotion through the API: compare chosen catalogs of another environment with this one
(a dry run with the plan), and open the change request that promotes them. Every rule lives
in :mod:`catalogs.promotion`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs import promotion
from environments.api.errors import error_body, error_responses
from environments.api.fields import StrictBooleanField, StrictCharField
from environments.lookup import get_environment
from environments.models import Role

from .folder import PlanAnswerSerializer, not_opened, plan_body


class PromotionRequestSerializer(serializers.Serializer):
    source = StrictCharField(
        max_length=255, trim_whitespace=False, help_text="The environment promoted from"
    )
    catalogs = serializers.ListField(
        child=StrictCharField(max_length=511, trim_whitespace=False),
        min_length=1,
        max_length=100,
        help_text="``shop`` (same name) or ``shop_dev:shop`` (source name: target name)",
    )
    allow_drops = StrictBooleanField(default=False)


class PromoteSerializer(PromotionRequestSerializer):
    variables = serializers.DictField(
        child=StrictCharField(),
        required=False,
        help_text="The value of each ``${VARIABLE}`` placeholder of a secret option",
    )


class DifferenceSerializer(serializers.Serializer):
    path = serializers.CharField(help_text="The object's file in the folder")
    change = serializers.CharField(help_text="added, removed or changed")
    diff = serializers.ListField(child=serializers.CharField(), help_text="A unified diff")


class ComparedSerializer(PlanAnswerSerializer):
    differences = DifferenceSerializer(many=True)


class PromotedSerializer(PlanAnswerSerializer):
    change_request = serializers.IntegerField(allow_null=True)
    source_snapshots = serializers.ListField(child=serializers.CharField())


def _chosen(request: Request, environment: str) -> tuple[Any, Any, Any, dict[str, Any]]:
    target = get_environment(request.user, environment)
    serializer = PromoteSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    source = get_environment(request.user, data["source"])
    return source, target, promotion.parse_mapping(data["catalogs"]), data


class PromotionCompare(APIView):
    @extend_schema(
        request=PromotionRequestSerializer,
        responses={200: ComparedSerializer, **error_responses(400, 404)},
        description="What differs between the source's chosen catalogs (under their names "
        "here) and this environment's, object by object as unified diffs of the normalized "
        "definitions, and the plan that would make this environment equal them. A dry run.",
    )
    def post(self, request: Request, environment: str) -> Response:
        try:
            source, target, mapping, data = _chosen(request, environment)
            planned = promotion.plan_promotion(source, target, mapping, data["allow_drops"])
            differences = promotion.compare(source, target, mapping)
        except promotion.fd.FolderInvalid as exc:
            return Response(error_body(*exc.errors), status=status.HTTP_400_BAD_REQUEST)
        body = plan_body(planned)
        body["differences"] = [
            {"path": d.path, "change": d.change, "diff": d.diff} for d in differences
        ]
        return Response(body)


class Promote(APIView):
    @extend_schema(
        request=PromoteSerializer,
        responses={201: PromotedSerializer, **error_responses(400, 403, 404)},
        description="Open a change request here (editors) that makes this environment equal "
        "the source for the chosen catalogs; it records the source environment and a snapshot "
        "of each source catalog taken now. Nothing to promote, a plan with errors or a "
        "placeholder without a value answers 400 and opens nothing.",
    )
    def post(self, request: Request, environment: str) -> Response:
        get_environment(request.user, environment, Role.EDITOR)
        source, target, mapping, data = _chosen(request, environment)
        promoted = promotion.promote(
            source, target, mapping, request.user, data.get("variables"), data["allow_drops"]
        )
        applied = promoted.applied
        body = {**plan_body(applied.plan), "change_request": None, "source_snapshots": []}
        if applied.change_request is None:
            return not_opened(body, applied, "The target equals the source: nothing to promote.")
        body["change_request"] = applied.change_request.pk
        body["source_snapshots"] = promoted.snapshot_ids
        return Response(body, status=status.HTTP_201_CREATED)
