"""Environments, their roles, artifacts and history, as JSON."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs.models import HistoryEntry
from environments import services
from environments.access import may_use, role_of, visible_environments
from environments.lookup import get_environment, url_name
from environments.models import Artifact, Environment, Membership, Role
from environments.page_cache import kept_answer

from . import serializers as s
from .errors import error_responses
from .filters import NAME_FILTER, filter_by_name
from .pagination import UncountedPagination


def _user(username: str) -> AbstractBaseUser:
    return get_object_or_404(get_user_model(), username=url_name(username))


class EnvironmentList(generics.ListAPIView):
    serializer_class = s.EnvironmentSerializer

    def get_queryset(self) -> QuerySet[Environment]:
        return filter_by_name(visible_environments(self.request.user), self.request)

    def get_serializer_context(self) -> dict:
        user = self.request.user
        return {**super().get_serializer_context(), "roles": lambda env: role_of(user, env)}

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.EnvironmentSerializer(many=True)})
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.EnvironmentWriteSerializer,
        responses={201: s.EnvironmentSerializer, **error_responses(400, 403, 409)},
        description="Create an environment with its environment catalog (superusers only).",
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_superuser:
            raise PermissionDenied("Only superusers create environments.")
        data = _valid(s.EnvironmentWriteSerializer, request)
        environment = services.add_environment(data["name"], data["description"])
        return Response(self._answer(environment), status=status.HTTP_201_CREATED)

    def _answer(self, environment: Environment) -> dict:
        return s.EnvironmentSerializer(environment, context=self.get_serializer_context()).data


class EnvironmentDetail(APIView):
    @extend_schema(responses={200: s.EnvironmentSerializer, **error_responses()})
    def get(self, request: Request, environment: str) -> Response:
        return Response(_environment(request, get_environment(request.user, environment)))

    @extend_schema(
        request=s.EnvironmentChangeSerializer,
        responses={200: s.EnvironmentSerializer, **error_responses(400, 403, 409)},
        description="Rename (its environment catalog is renamed too), describe, or set the "
        "approval rules of its change requests (admins). All or nothing.",
    )
    def patch(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment, Role.ADMIN)
        data = _valid(s.EnvironmentChangeSerializer, request)
        with transaction.atomic():
            if "required_approvals" in data or "allow_self_approval" in data:
                services.set_approval_rules(
                    found,
                    data.get("required_approvals", found.required_approvals),
                    data.get("allow_self_approval", found.allow_self_approval),
                )
            changed = services.update_environment(
                found,
                data.get("name", found.name),
                data.get("description", found.description),
                request.user,
            )
        return Response(_environment(request, changed))

    @extend_schema(
        responses={204: None, **error_responses(403, 409)},
        description="Delete the environment (admins); refused (409) while its environment "
        "catalog holds tables or views.",
    )
    def delete(self, request: Request, environment: str) -> Response:
        services.delete_environment(get_environment(request.user, environment, Role.ADMIN))
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoleList(generics.ListAPIView):
    serializer_class = s.RoleSerializer

    def get_queryset(self) -> QuerySet[Membership]:
        environment = get_environment(self.request.user, self.kwargs["environment"], Role.ADMIN)
        memberships = environment.memberships.select_related("user").order_by("user__username")
        return filter_by_name(memberships, self.request, "user__username")

    @extend_schema(
        parameters=[NAME_FILTER],
        responses={200: s.RoleSerializer(many=True), **error_responses(403)},
        description="Who holds which role (admins). Superusers are admins without a row here.",
    )
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.GrantRoleSerializer,
        responses={200: s.RoleSerializer, **error_responses(400, 403)},
        description="Grant a role, replacing the one the user held (admins).",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment, Role.ADMIN)
        data = _valid(s.GrantRoleSerializer, request)
        membership = services.grant_role(found, services.find_user(data["user"]), data["role"])
        return Response(s.RoleSerializer(membership).data)


class RoleDetail(APIView):
    @extend_schema(responses={200: s.RoleSerializer, **error_responses(403)})
    def get(self, request: Request, environment: str, user: str) -> Response:
        found = get_environment(request.user, environment, Role.ADMIN)
        return Response(
            s.RoleSerializer(get_object_or_404(_memberships(found), user=_user(user))).data
        )

    @extend_schema(
        request=s.SetRoleSerializer, responses={200: s.RoleSerializer, **error_responses(400, 403)}
    )
    def put(self, request: Request, environment: str, user: str) -> Response:
        found = get_environment(request.user, environment, Role.ADMIN)
        data = _valid(s.SetRoleSerializer, request)
        return Response(
            s.RoleSerializer(services.grant_role(found, _user(user), data["role"])).data
        )

    @extend_schema(responses={204: None, **error_responses(403)})
    def delete(self, request: Request, environment: str, user: str) -> Response:
        found = get_environment(request.user, environment, Role.ADMIN)
        services.revoke_role(found, _user(user))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ArtifactList(generics.ListAPIView):
    serializer_class = s.ArtifactSerializer
    parser_classes = [MultiPartParser]

    def get_queryset(self) -> QuerySet[Artifact]:
        environment = get_environment(self.request.user, self.kwargs["environment"])
        artifacts = environment.artifacts.prefetch_related("versions__uploaded_by", "users")
        return filter_by_name(artifacts, self.request)

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.ArtifactSerializer(many=True)})
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request={"multipart/form-data": s.UploadSerializer},
        responses={201: s.ArtifactVersionSerializer, **error_responses(400, 403)},
        description="Upload a file as the next immutable version of an artifact (admins).",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment, Role.ADMIN)
        data = _valid(s.UploadSerializer, request)
        upload = data["file"]
        version = services.upload_artifact(
            found, data["name"], upload.name, upload.read(), request.user
        )
        return Response(s.ArtifactVersionSerializer(version).data, status=status.HTTP_201_CREATED)


class ArtifactDetail(APIView):
    @extend_schema(responses={200: s.ArtifactSerializer, **error_responses()})
    def get(self, request: Request, environment: str, artifact: str) -> Response:
        return Response(s.ArtifactSerializer(_artifact(request, environment, artifact)).data)


class ArtifactContent(APIView):
    @extend_schema(
        responses={(200, "application/octet-stream"): bytes, **error_responses(403)},
        description="The newest version's file, as uploaded: what a Flink job loads a "
        "function's code from (the Flink catalog plugin downloads it with its token). Needs "
        "the Use permission on the artifact.",
    )
    def get(self, request: Request, environment: str, artifact: str) -> HttpResponse:
        found = _artifact(request, environment, artifact)
        if not may_use(request.user, found):
            raise PermissionDenied(
                f"Downloading artifact '{found.name}' needs the Use permission on artifact "
                f"'{found.name}', which you do not hold."
            )
        version = found.versions.order_by("-version").first()
        if version is None:
            raise NotFound(f"Artifact '{found.name}' has no version to download.")
        response = HttpResponse(bytes(version.content), content_type="application/octet-stream")
        response["Content-Disposition"] = f'attachment; filename="{version.file_name}"'
        response["ETag"] = f'"{version.sha256}"'
        return response


class ArtifactUse(APIView):
    """The Use permission of one user on one artifact."""

    @extend_schema(
        request=None,
        responses={200: s.ArtifactSerializer, **error_responses(403, 409)},
        description="Grant the user Use on the artifact (admins); 409 while they hold no role "
        "in the environment.",
    )
    def put(self, request: Request, environment: str, artifact: str, user: str) -> Response:
        found = _artifact(request, environment, artifact, Role.ADMIN)
        services.grant_use(found, _user(user))
        return Response(s.ArtifactSerializer(found).data)

    @extend_schema(responses={204: None, **error_responses(403)}, description="Revoke Use.")
    def delete(self, request: Request, environment: str, artifact: str, user: str) -> Response:
        services.revoke_use(_artifact(request, environment, artifact, Role.ADMIN), _user(user))
        return Response(status=status.HTTP_204_NO_CONTENT)


class HistoryList(generics.ListAPIView):
    serializer_class = s.HistoryEntrySerializer
    pagination_class = UncountedPagination

    def get_queryset(self) -> QuerySet[HistoryEntry]:
        environment = get_environment(self.request.user, self.kwargs["environment"])
        entries = environment.history.listed()
        named = filter_by_name(entries, self.request, "changes__object_name")
        # With a name, an entry that changed several matching objects comes once per change;
        # without one, no DISTINCT: the page's count reads the index alone.
        return named.distinct() if self.request.query_params.get("name") else named

    @extend_schema(
        parameters=[NAME_FILTER],
        responses={200: s.HistoryEntrySerializer(many=True), **error_responses()},
        description="Every statement that changed the environment, newest first. ``name`` "
        "keeps the entries that changed an object whose name contains it. The pages have no "
        "``count`` (history grows long); ``next`` is null on the last one.",
    )
    @kept_answer
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)


def _valid(serializer_class: type, request: Request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _environment(request: Request, environment: Environment) -> dict:
    context = {"request": request, "roles": lambda env: role_of(request.user, env)}
    return s.EnvironmentSerializer(environment, context=context).data


def _memberships(environment: Environment) -> QuerySet[Membership]:
    return environment.memberships.select_related("user")


def _artifact(
    request: Request, environment: str, name: str, needed: Role = Role.VIEWER
) -> Artifact:
    found = get_environment(request.user, environment, needed)
    return get_object_or_404(
        found.artifacts.prefetch_related("versions__uploaded_by", "users"),
        name=url_name(name),
    )
