"""Security headers the framework does not set itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import unquote_plus

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse

from . import limits


class ContentSecurityPolicyMiddleware:
    """Sets ``settings.CONTENT_SECURITY_POLICY`` on every response that has none yet: scripts
    only from this site's own files, never inline."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy:
            response.headers.setdefault("Content-Security-Policy", self.policy)
        return response


class RequestSizeMiddleware:
    """Answers 413, naming the bound, to a request whose Content-Length is past its view's
    bound (:func:`limits.request_bytes`; plus ``UPLOAD_BYTES`` for a form with files), before
    anything reads its body; Django alone answers a bare 400 once the body is read."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view_func: Callable[..., Any], *args: Any
    ) -> HttpResponse | None:
        raw = request.META.get("CONTENT_LENGTH") or ""
        size = int(raw) if raw.isascii() and raw.isdigit() else 0
        limit = limits.request_bytes(getattr(view_func, "view_class", None))
        if request.content_type == "multipart/form-data":
            limit += limits.UPLOAD_BYTES
        if size <= limit:
            return None
        message = limits.body_too_large(size, limit).message
        if request.path.startswith("/api/"):
            return JsonResponse({"errors": [{"message": message}]}, status=413)
        return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")


NUL_IN_URL = "The URL holds a NUL character (%00), which no name or parameter may hold."


class NulCharacterMiddleware:
    """PostgreSQL refuses NUL in text, so a NUL in the path answers 404 (no object has such a
    name) and one in a query parameter 400, before a view hands it to a query."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info:
            raise Http404("No object has a name holding NUL.")
        if "\x00" in unquote_plus(request.META.get("QUERY_STRING", "")):
            if request.path.startswith("/api/"):
                return JsonResponse({"errors": [{"message": NUL_IN_URL}]}, status=400)
            return HttpResponse(NUL_IN_URL, status=400, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
