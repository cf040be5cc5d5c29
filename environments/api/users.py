"""Users, for superusers and staff: list them and create one (``environments.users``)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from environments.access import may_manage_users
from environments.users import create_user

from . import serializers as s
from .errors import ErrorSerializer, error_responses
from .filters import NAME_FILTER, filter_by_name

REFUSED = {403: OpenApiResponse(ErrorSerializer, description="You are no superuser or staff")}


class UserList(generics.ListAPIView):
    serializer_class = s.UserSerializer

    def get_queryset(self) -> QuerySet:
        _check(self.request)
        users = get_user_model().objects.order_by("username")
        return filter_by_name(users, self.request, "username")

    @extend_schema(
        parameters=[NAME_FILTER],
        responses={200: s.UserSerializer(many=True), **REFUSED},
        description="Every user (superusers and staff).",
    )
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.CreateUserSerializer,
        responses={201: s.UserSerializer, **error_responses(400, 409), **REFUSED},
        description="Create a user who holds no role yet and is neither staff nor superuser "
        "(superusers and staff); the password must pass the site's password rules.",
    )
    def post(self, request: Request) -> Response:
        _check(request)
        serializer = s.CreateUserSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        created = create_user(data["username"], data["password"], data["email"])
        return Response(s.UserSerializer(created).data, status=status.HTTP_201_CREATED)


def _check(request: Request) -> None:
    if not may_manage_users(request.user):
        raise PermissionDenied("Only superusers and staff manage users.")
