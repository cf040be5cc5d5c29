"""Jobs through the API: start one, list an environment's, read one, retry a failed one. The
rules are :mod:`jobs.services`'."""

from __future__ import annotations

import base64
from typing import Any

from django.core.validators import RegexValidator
from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema, extend_schema_field
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
from .kinds import KINDS, Kind
from .liveness import settle
from .models import Job
from .outcome import JobFailed
from .progress import overlay


class JobResultSerializer(serializers.Serializer):
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

    def to_representation(self, instance: Job) -> dict[str, Any]:
        overlay([instance])  # a running job's latest progress (read already by ``read``)
        return super().to_representation(instance)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_requested_by(self, job: Job) -> str | None:
        return job.requested_by.username if job.requested_by else None

    @extend_schema_field(JobResultSerializer)
    def get_result(self, job: Job) -> dict[str, Any]:
        result = job.result or {}
        return {
            "label": result.get("label", ""),
            "url": result.get("url", ""),
            "lines": result.get("lines", []),
        }


BASE64 = RegexValidator(
    r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$",
    "Send the file's bytes as base64.",
)


def _start_serializer(kind: Kind) -> type[serializers.Serializer]:
    """What starting a job of ``kind`` takes: its parameters, and its file and placeholder
    values if it works on them."""
    required = any(f.required for f in kind.params().fields.values())
    fields: dict[str, Any] = {
        "kind": serializers.ChoiceField(choices=[kind.name]),
        "params": kind.params(required=required, help_text=f"The options of {kind.label}"),
    }
    if kind.payload:
        fields["file"] = StrictCharField(
            validators=[BASE64],
            help_text="Base64 of the file it works on: a snapshot document to import, or the "
            "zip of a catalog folder to apply",
        )
    if kind.secrets:
        fields["variables"] = serializers.DictField(
            child=StrictCharField(allow_blank=True, max_length=limits.SCRIPT_CHARACTERS),
            required=False,
            default=dict,
            help_text="Values of the ${VARIABLE} placeholders of secret options: kept until the "
            "job succeeds, never shown",
        )
    name = "".join(part.title() for part in kind.name.split("-")) + "Start"
    return type(name, (serializers.Serializer,), fields)


STARTS = {name: _start_serializer(kind) for name, kind in KINDS.items()}
START = PolymorphicProxySerializer(
    component_name="JobStart",
    serializers=STARTS,
    resource_type_field_name="kind",
)


class KindSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=sorted(KINDS))


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
        request=START,
        responses={202: JobSerializer, **error_responses(400, 403)},
        description="Start a job: it is queued and runs in the background (a worker, or a "
        "thread of the server); read it for its progress (``done`` of ``total``), its "
        "outcome (``result``) or its ``error``. Needs the role the operation needs (editor).",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment)
        body = request.data if isinstance(request.data, dict) else {}
        KindSerializer(data=body).is_valid(raise_exception=True)
        serializer = STARTS[body["kind"]](data=body)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        payload = base64.b64decode(data["file"]) if "file" in data else None
        try:
            job = services.start_job(
                found,
                request.user,
                data["kind"],
                data.get("params", {}),
                payload,
                data.get("variables"),
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
        "A job queued longer than JOBS_STALE_SECONDS ago (it may have been lost on the way) is "
        "handed to its runner again, as its requester. Any other job: 400.",
    )
    def post(self, request: Request, environment: str, job: int) -> Response:
        found = _job(request, environment, job)
        try:
            again = services.retry_job(found, request.user)
        except JobFailed as exc:
            raise _refused(exc) from None
        return Response(JobSerializer(again).data, status=status.HTTP_202_ACCEPTED)
