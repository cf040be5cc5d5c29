"""Jobs through the API: start one, list an environment's, read one, retry a failed one. The
rules are :mod:`jobs.services`'."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config import limits
from environments.api.errors import error_responses
from environments.api.fields import StrictCharField
from environments.lookup import get_environment

from . import services
from .kinds import KINDS
from .liveness import settle
from .models import Job
from .outcome import JobFailed


class ResultSerializer(serializers.Serializer):
    label = serializers.CharField(help_text="What the link shows; empty when there is none")
    url = serializers.CharField(help_text="The page of what the job made")
    lines = serializers.ListField(child=serializers.CharField(), help_text="The report")


class JobSerializer(serializers.ModelSerializer):
    environment = serializers.CharField(source="environment.name")
    requested_by = serializers.SerializerMethodField()
    percent = serializers.IntegerField(read_only=True)
    result = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = [
            "id",
            "kind",
            "environment",
            "requested_by",
            "state",
            "done",
            "total",
            "percent",
            "message",
            "error",
            "params",
            "result",
            "attempts",
            "created_at",
            "started_at",
            "finished_at",
        ]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_requested_by(self, job: Job) -> str | None:
        return job.requested_by.username if job.requested_by else None

    @extend_schema_field(ResultSerializer)
    def get_result(self, job: Job) -> dict[str, Any]:
        result = job.result or {}
        return {
            "label": result.get("label", ""),
            "url": result.get("url", ""),
            "lines": result.get("lines", []),
        }


class StartSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=sorted(KINDS))
    params = serializers.DictField(required=False, default=dict, help_text="The kind's options")
    file = StrictCharField(
        required=False,
        default="",
        help_text="Base64 of the file the kind works on: the snapshot document to import, "
        "the zip of the folder to apply",
    )
    variables = serializers.DictField(
        child=StrictCharField(allow_blank=True),
        required=False,
        default=dict,
        help_text="Values of the ${VARIABLE} placeholders of secret options (import, folder "
        "apply): kept until the job succeeds, never shown",
    )


def _job(request: Request, environment: str, job: int) -> Job:
    found = get_environment(request.user, environment)
    try:
        return services.read(services.jobs_of(found).get(pk=job))
    except Job.DoesNotExist:
        raise Http404(f"No job {job} in environment '{found.name}'.") from None


def _refused(exc: JobFailed) -> ValidationError:
    return ValidationError(exc.message)


class JobList(generics.ListAPIView):
    serializer_class = JobSerializer

    def get_queryset(self) -> QuerySet[Job]:
        found = get_environment(self.request.user, self.kwargs["environment"])
        settle(services.jobs_of(found).filter(state=Job.State.RUNNING))
        return services.jobs_of(found).select_related("environment")

    @extend_schema(
        responses={200: JobSerializer(many=True)},
        description="The environment's jobs, newest first, with their progress.",
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=StartSerializer,
        responses={202: JobSerializer, **error_responses(400, 403)},
        description="Start a job: it is queued and runs in the background (a worker, or a "
        "thread of the server); read it for its progress (``done`` of ``total``), its "
        "outcome (``result``) or its ``error``. Needs the role the operation needs (editor).",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment)
        serializer = StartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            payload = base64.b64decode(data["file"], validate=True) if data["file"] else None
        except (binascii.Error, ValueError):
            raise ValidationError({"file": "Send the file's bytes as base64."}) from None
        try:
            job = services.start_job(
                found, request.user, data["kind"], data["params"], payload, data["variables"]
            )
        except JobFailed as exc:
            raise _refused(exc) from None
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)

    request_bytes = limits.UPLOAD_BYTES


class JobDetail(APIView):
    @extend_schema(responses={200: JobSerializer, **error_responses()})
    def get(self, request: Request, environment: str, job: int) -> Response:
        return Response(JobSerializer(_job(request, environment, job)).data)


class JobRetry(APIView):
    @extend_schema(
        request=None,
        responses={202: JobSerializer, **error_responses(400, 403)},
        description="Queue a failed job again, with its parameters and file; it runs as you. "
        "Only a failed job (400 otherwise).",
    )
    def post(self, request: Request, environment: str, job: int) -> Response:
        found = _job(request, environment, job)
        try:
            again = services.retry_job(found, request.user)
        except JobFailed as exc:
            raise _refused(exc) from None
        return Response(JobSerializer(again).data, status=status.HTTP_202_ACCEPTED)
