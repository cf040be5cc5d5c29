"""Models as JSON: list, read, create, change options, rename, drop. Every change is a Flink
SQL statement (CREATE / ALTER / DROP MODEL) run by the executor."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs import lookup
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.models import Database, HistoryChange, Model
from catalogs.secrets import mask_ddl
from environments.api.errors import error_responses
from environments.api.filters import NAME_FILTER, filter_by_name
from environments.models import Role
from environments.page_cache import kept_answer

from . import serializers as s
from . import statements as sql
from .runner import run_change
from .views import ObjectHistory, _DatabaseObjects, _valid


def _identifier(model: Model) -> ObjectIdentifier:
    return ObjectIdentifier(model.database.catalog.name, model.database.name, model.name)


def _model(request: Request, names: dict[str, str], needed: Role = Role.VIEWER) -> Model:
    environment, catalog, database = names["environment"], names["catalog"], names["database"]
    return lookup.get_model(request.user, environment, catalog, database, names["model"], needed)


def _answer(database: Database, name: str, statements: list[str], code: int = 200) -> Response:
    model = database.models.select_related("database__catalog").get(name=name)
    body = {
        "statements": [mask_ddl(t) for t in statements],
        "model": s.CatalogModelSerializer(model).data,
    }
    return Response(body, status=code)


class ModelList(_DatabaseObjects):
    serializer_class = s.CatalogModelSerializer

    def get_queryset(self) -> QuerySet[Model]:
        models = self.database().models.select_related("database__catalog")
        return filter_by_name(models, self.request)

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.CatalogModelSerializer(many=True)})
    @kept_answer
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.NewModelSerializer,
        responses={201: s.ModelChangeAnswerSerializer, **error_responses(400, 403, 409)},
        description="Create a model: builds a CREATE MODEL statement and runs it. Flink stores "
        "the provider's options without contacting the provider.",
    )
    def post(self, request: Request, **kwargs: str) -> Response:
        database = self.database(Role.EDITOR)
        data = _valid(s.NewModelSerializer, request)
        identifier = ObjectIdentifier(database.catalog.name, database.name, data["name"])
        statement = sql.create_model(identifier, data)
        change = run_change(request, database.catalog.environment, database, [statement])
        if not change.ok:
            return change.failure()
        return _answer(database, data["name"], change.statements, status.HTTP_201_CREATED)


class ModelDetail(APIView):
    @extend_schema(responses={200: s.CatalogModelSerializer, **error_responses()})
    @kept_answer
    def get(self, request: Request, **names: str) -> Response:
        return Response(s.CatalogModelSerializer(_model(request, names)).data)

    @extend_schema(
        request=s.ModelChangeSerializer,
        responses={200: s.ModelChangeAnswerSerializer, **error_responses(400, 403)},
        description="Set or reset options (ALTER MODEL SET / RESET), then rename (ALTER MODEL "
        "RENAME TO), all in one transaction.",
    )
    def patch(self, request: Request, **names: str) -> Response:
        model = _model(request, names, Role.EDITOR)
        data = _valid(s.ModelChangeSerializer, request)
        statements = sql.alter_model(_identifier(model), data)
        new_name = data.get("name")
        if new_name is not None and new_name != model.name:
            statements.append(sql.rename_model(_identifier(model), new_name))
        if not statements:
            return _answer(model.database, model.name, [])
        environment = model.database.catalog.environment
        change = run_change(request, environment, model.database, statements)
        if not change.ok:
            return change.failure()
        return _answer(model.database, new_name or model.name, change.statements)

    @extend_schema(
        responses={200: s.ChangeAnswerSerializer, **error_responses(400, 403)},
        description="Drop the model: builds DROP MODEL and runs it.",
    )
    def delete(self, request: Request, **names: str) -> Response:
        model = _model(request, names, Role.EDITOR)
        statement = sql.drop_model(_identifier(model))
        environment = model.database.catalog.environment
        change = run_change(request, environment, model.database, [statement])
        return change.failure() if not change.ok else Response({"statements": change.statements})


class ModelHistory(ObjectHistory):
    kind = HistoryChange.Kind.MODEL
