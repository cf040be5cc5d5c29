"""Change requests as JSON: open, add statements, comment, review, approve, preview, apply."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from environments import page_cache
from environments.api.errors import error_responses
from environments.lookup import get_environment
from environments.models import Role

from .. import editing, page_state, services
from ..models import ChangeRequest, Review
from . import serializers as s

NUMBER = OpenApiParameter("number", int, OpenApiParameter.PATH, description="Change request number")


def _valid(serializer_class: type, request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _change_request(request: Request, environment: str, number: int) -> ChangeRequest:
    found = get_environment(request.user, environment)
    return get_object_or_404(found.change_requests.select_related("environment"), pk=number)


def _answer(change_request: ChangeRequest) -> dict[str, Any]:
    change_request.approvers = [str(u) for u in services.approvers(change_request)]
    change_request.approved = services.is_approved(change_request)
    change_request.base_moved = (
        services.catalog_base(change_request.environment) != change_request.base_entry_id
    )
    return s.ChangeRequestSerializer(change_request).data


class ChangeRequestList(generics.ListAPIView):
    serializer_class = s.ChangeRequestSummarySerializer

    def get_queryset(self) -> QuerySet[ChangeRequest]:
        environment = get_environment(self.request.user, self.kwargs["environment"])
        return environment.change_requests.select_related("author")

    @extend_schema(responses={200: s.ChangeRequestSummarySerializer(many=True)})
    @page_cache.kept_answer(varies=page_state.shown)
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.OpenSerializer,
        responses={201: s.ChangeRequestSerializer, **error_responses(400, 403)},
        description="Open a change request (editors) with statements separated by semicolons.",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment)
        data = _valid(s.OpenSerializer, request)
        opened = services.open_request(
            found, request.user, data["title"], data.get("description", ""), data.get("sql", "")
        )
        return Response(_answer(opened), status=status.HTTP_201_CREATED)


class ChangeRequestDetail(APIView):
    @extend_schema(
        parameters=[NUMBER], responses={200: s.ChangeRequestSerializer, **error_responses()}
    )
    @page_cache.kept_answer(varies=page_state.shown)
    def get(self, request: Request, environment: str, number: int) -> Response:
        return Response(_answer(_change_request(request, environment, number)))

    @extend_schema(
        parameters=[NUMBER],
        request=s.EditSerializer,
        responses={200: s.ChangeRequestSerializer, **error_responses(400, 403, 409)},
        description="Edit an open request: its title and description (its author or an "
        "admin) and its statements (editors: all of them, edited, removed or reordered; a "
        "change starts a new revision, so approvals given before no longer count).",
    )
    def patch(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        get_environment(request.user, environment, Role.EDITOR)  # viewers change nothing
        data = _valid(s.EditSerializer, request)
        if "title" in data or "description" in data:
            editing.retitle(
                change_request,
                request.user,
                data.get("title", change_request.title),
                data.get("description", change_request.description),
            )
        if "sql" in data:
            editing.edit_statements(change_request, request.user, data["sql"])
        change_request.refresh_from_db()
        return Response(_answer(change_request))


class ChangeRequestPreview(APIView):
    @extend_schema(
        parameters=[NUMBER],
        responses={200: s.PreviewSerializer, **error_responses()},
        description="Run the statements in a rolled-back transaction and report each one's "
        "outcome, the definitions they change (before, after, unified diff) and the views "
        "they would break or make stale.",
    )
    @page_cache.kept_answer(varies=page_state.shown)
    def get(self, request: Request, environment: str, number: int) -> Response:
        preview = services.preview(_change_request(request, environment, number), request.user)
        return Response(s.PreviewSerializer(preview).data)


class ChangeRequestStatements(APIView):
    @extend_schema(
        parameters=[NUMBER],
        request=s.StatementsSerializer,
        responses={200: s.ChangeRequestSerializer, **error_responses(400, 403, 409)},
        description="Append statements (editors); approvals given before no longer count.",
    )
    def post(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        services.add_statements(
            change_request, request.user, _valid(s.StatementsSerializer, request)["sql"]
        )
        return Response(_answer(change_request))


class ChangeRequestComments(APIView):
    @extend_schema(
        parameters=[NUMBER],
        request=s.CommentWriteSerializer,
        responses={201: s.CommentSerializer, **error_responses(400, 403)},
        description="Comment on the request or on one statement (any viewer).",
    )
    def post(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        data = _valid(s.CommentWriteSerializer, request)
        position = data.get("statement")
        statement = (
            get_object_or_404(change_request.statements, position=position) if position else None
        )
        made = services.comment(change_request, request.user, data["body"], statement)
        return Response(s.CommentSerializer(made).data, status=status.HTTP_201_CREATED)


class ChangeRequestReviews(APIView):
    @extend_schema(
        parameters=[NUMBER],
        request=s.ReviewWriteSerializer,
        responses={201: s.ChangeRequestSerializer, **error_responses(400, 403, 409)},
        description="Approve or request changes (editors; authors approve their own request "
        "only where the environment allows it).",
    )
    def post(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        data = _valid(s.ReviewWriteSerializer, request)
        services.review(change_request, request.user, data["verdict"], data.get("body", ""))
        return Response(_answer(change_request), status=status.HTTP_201_CREATED)


class ChangeRequestApprove(APIView):
    @extend_schema(
        parameters=[NUMBER],
        request=s.ApproveSerializer,
        responses={201: s.ChangeRequestSerializer, **error_responses(400, 403, 409)},
        description="Approve (a review with the verdict approve).",
    )
    def post(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        body = _valid(s.ApproveSerializer, request).get("body", "")
        services.review(change_request, request.user, Review.Verdict.APPROVE, body)
        return Response(_answer(change_request), status=status.HTTP_201_CREATED)


class ChangeRequestApply(APIView):
    @extend_schema(
        parameters=[NUMBER],
        request=s.ApplySerializer,
        responses={200: s.ApplyOutcomeSerializer, **error_responses(400, 403, 409)},
        description="Apply an approved request (editors) as one transaction: all or nothing. "
        "409 when it is not approved, or when a statement fails (403 when it is refused for a "
        "permission the applier lacks, such as Use on an artifact): then nothing is applied, and "
        "besides ``errors`` the answer carries the fields of a successful one (``results``, "
        "``change_request``), so it shows which statement failed and why.",
    )
    def post(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        data = _valid(s.ApplySerializer, request)
        outcome = services.apply(change_request, request.user, take_snapshot=data["snapshot"])
        change_request.refresh_from_db()
        body = {
            "ok": outcome.ok,
            "message": outcome.message or "Applied.",
            "results": s.ResultSerializer(outcome.results, many=True).data,
            "change_request": _answer(change_request),
        }
        if outcome.ok:
            return Response(body)
        body["errors"] = [{"message": outcome.message}]
        refused = status.HTTP_403_FORBIDDEN if outcome.forbidden else status.HTTP_409_CONFLICT
        return Response(body, status=refused)


class ChangeRequestClose(APIView):
    @extend_schema(
        parameters=[NUMBER],
        request=None,
        responses={200: s.ChangeRequestSerializer, **error_responses(403, 409)},
        description="Close an open request without applying it (its author or an environment "
        "admin). 409 when it is not open.",
    )
    def post(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        services.close(change_request, request.user)
        return Response(_answer(change_request))


class ChangeRequestReopen(APIView):
    @extend_schema(
        parameters=[NUMBER],
        request=None,
        responses={200: s.ChangeRequestSerializer, **error_responses(403, 409)},
        description="Reopen a closed request (its author or an environment admin). 409 when "
        "it is not closed.",
    )
    def post(self, request: Request, environment: str, number: int) -> Response:
        change_request = _change_request(request, environment, number)
        services.reopen(change_request, request.user)
        return Response(_answer(change_request))
