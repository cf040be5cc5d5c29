"""Every API error is JSON ``{"errors": [{"message": "..."}]}`` with the status that fits."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config import limits
from environments.services import ServiceError

SERVICE_STATUS = {
    "invalid": status.HTTP_400_BAD_REQUEST,
    "conflict": status.HTTP_409_CONFLICT,
    "forbidden": status.HTTP_403_FORBIDDEN,
    "not_found": status.HTTP_404_NOT_FOUND,
}


class PreconditionFailed(exceptions.APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = "The object changed since you read it."
    default_code = "precondition_failed"


def _messages(detail: Any, field: str = "") -> list[str]:
    """The messages of a DRF error detail, each prefixed with the field it is about."""
    if isinstance(detail, dict):
        found = []
        for key, value in detail.items():
            name = "" if key == "non_field_errors" else str(key)
            found += _messages(value, f"{field}.{name}" if field and name else field or name)
        return found
    if isinstance(detail, list):
        return [message for item in detail for message in _messages(item, field)]
    return [f"{field}: {detail}" if field else str(detail)]


def error_body(*messages: str) -> dict[str, list[dict[str, str]]]:
    return {"errors": [{"message": message} for message in messages]}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        return Response(error_body(exc.message), status=SERVICE_STATUS[exc.code])
    if isinstance(exc, limits.LimitExceeded):
        return Response(error_body(exc.message), status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    detail = data["detail"] if isinstance(data, dict) and set(data) == {"detail"} else data
    response.data = error_body(*_messages(detail))
    return response


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 404 of a URL that matches nothing: JSON under ``/api/``, the page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("Not found."), status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("Internal server error."), status=500)
    return defaults.server_error(request)


class ErrorMessageSerializer(serializers.Serializer):
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    errors = ErrorMessageSerializer(many=True)


DESCRIPTIONS = {
    400: "Bad input",
    401: "Not authenticated (send a token or log in)",
    403: "The role or the Use permission this needs is missing",
    404: "No such object (the path's, or one the body names), or it is in an environment you "
    "hold no role in",
    409: "Conflict: an object of that name exists already",
    412: "If-Match names a version that is no longer current; nothing was changed",
    413: "The request or its script is larger than the dashboard's bound; nothing was run",
}


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """The documented error answers of an endpoint: 401 and 404 always, plus ``codes``."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=DESCRIPTIONS[code])
        for code in sorted({401, 404, *codes})
    }
