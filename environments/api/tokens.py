"""API tokens of the signed-in user (every user's, for superusers): list, issue, revoke."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from environments.models import ApiToken

from . import serializers as s
from .errors import ErrorSerializer, error_responses

ALL = OpenApiParameter(
    "all", bool, description="Every user's tokens, not only yours (superusers; others get 403)"
)

NOT_YOURS = {
    404: OpenApiResponse(
        ErrorSerializer, description="No such token, or another user's (you are no superuser)"
    )
}


def _refused(why: str) -> dict[int, OpenApiResponse]:
    return {403: OpenApiResponse(ErrorSerializer, description=why)}


class TokenList(generics.ListAPIView):
    serializer_class = s.ApiTokenSerializer

    def get_queryset(self) -> QuerySet[ApiToken]:
        query = s.ApiTokenListQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        user = self.request.user
        if query.validated_data["all"]:
            if not user.is_superuser:
                raise PermissionDenied("Only superusers list every user's tokens.")
            return ApiToken.visible_to(user)
        return ApiToken.visible_to(user).filter(user=user)

    @extend_schema(
        parameters=[ALL],
        responses={
            200: s.ApiTokenSerializer(many=True),
            **error_responses(400),
            **_refused("all=true, asked by a user who is no superuser"),
        },
        description="Your API tokens, newest first, with revoked and expired ones; never "
        "their values.",
    )
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.IssueApiTokenSerializer,
        responses={
            201: s.IssuedApiTokenSerializer,
            **error_responses(400),
            **_refused("Asked with a token"),
        },
        description="Issue a token of your own. The answer holds its value, the only time it "
        "is shown. Refused (403) when asked with a token: a person issues tokens, signed in.",
    )
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, ApiToken):
            raise PermissionDenied(
                "Tokens are issued from a signed-in session (or manage.py create_api_token), "
                "not with another token."
            )
        data = s.IssueApiTokenSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token, value = ApiToken.issue(
            request.user, data.validated_data["name"], data.validated_data.get("expires_in_days")
        )
        token.value = value  # for this answer only
        return Response(s.IssuedApiTokenSerializer(token).data, status=status.HTTP_201_CREATED)


class TokenDetail(APIView):
    @extend_schema(
        responses={200: s.ApiTokenSerializer, **error_responses(), **NOT_YOURS},
        description="One of your tokens (any user's, for superusers), without its value.",
    )
    def get(self, request: Request, token: int) -> Response:
        return Response(s.ApiTokenSerializer(_token(request, token)).data)

    @extend_schema(
        responses={204: None, **error_responses(), **NOT_YOURS},
        description="Revoke one of your tokens (any user's, for superusers): it is refused "
        "from now on. Revoking a revoked token changes nothing.",
    )
    def delete(self, request: Request, token: int) -> Response:
        _token(request, token).revoke()
        return Response(status=status.HTTP_204_NO_CONTENT)


def _token(request: Request, pk: int) -> ApiToken:
    """The token, or 404: other users' tokens do not exist for a user who is no superuser."""
    return get_object_or_404(ApiToken.visible_to(request.user), pk=pk)
