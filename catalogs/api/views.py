"""Catalogs, databases, tables, views and functions as JSON; every change is a Flink SQL
statement run by the executor (function details excepted: Flink's DDL has no clause for them)."""

from __future__ import annotations

import difflib

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs import lookup, services
from catalogs.executor import StatementResult
from catalogs.executor.impact import impact_of
from catalogs.flinksql.catalog import ObjectIdentifier, function_name
from catalogs.flinksql.splitter import split_statements
from catalogs.models import Catalog, Database, Function, HistoryChange, Table
from catalogs.readers import readers_of
from catalogs.secrets import mask_ddl
from config import limits
from environments.api.errors import error_responses
from environments.api.filters import NAME_FILTER, filter_by_name, integer_parameter
from environments.api.serializers import HistoryChangeSerializer
from environments.lookup import get_environment, url_name
from environments.models import Environment, Role
from environments.page_cache import kept_answer

from . import serializers as s
from . import statements as sql
from .runner import etag, executor, request_origin, run_change, status_of

IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description="The ETag you read; a change to a newer version is refused with 412",
)
CONFIRM = OpenApiParameter(
    "confirm",
    str,
    description="In a kafka catalog, the table's name: dropping it deletes the topic and its data",
)
VERSIONS = [
    OpenApiParameter(
        "from",
        {"type": "integer", "minimum": 1},
        description="History entry id of the version to diff from (alone: to the newest)",
    ),
    OpenApiParameter(
        "to",
        {"type": "integer", "minimum": 1},
        description="History entry id of the version to diff to (alone: from the one before)",
    ),
]
TABLE_ANSWER = {200: s.TableChangeAnswerSerializer}


def _valid(serializer_class: type, request: Request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _identifier(table: Table | Function) -> ObjectIdentifier:
    database = table.database
    return ObjectIdentifier(database.catalog.name, database.name, table.name)


class Statements(APIView):
    @extend_schema(
        request=s.StatementRequestSerializer,
        responses={
            200: s.StatementAnswerSerializer,
            **error_responses(400, 403, 409, 413),
        },
        description="Run Flink SQL statements in a session that starts in ``catalog`` and "
        "``database`` (default: the environment catalog and ``default``). They run in order, "
        "each in its own transaction (all in one with ``all_or_nothing``), and stop at the "
        "first failure, which is the last result; a failure answers 400 (409 when the object "
        "exists already, 403 when a role or the Use permission is missing) with ``errors`` "
        "beside ``results``. ``changes`` lists the objects the statements changed (those "
        "before a failure stay changed, unless ``all_or_nothing``). A script longer than "
        "the dashboard's bound (characters or statements) answers 413 and nothing of it runs. "
        "``/impact`` answers what the same statements would mark, without running them.",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment)
        data = _valid(s.StatementRequestSerializer, request)
        limits.check_script(data["statement"])
        database = None
        if "catalog" in data or "database" in data:
            database = _session_database(found, data.get("catalog"), data.get("database"))
        last = found.history.order_by("-pk").values_list("pk", flat=True).first() or 0
        runner = executor(request, found, database)
        results = runner.execute_script(data["statement"], True, data["all_or_nothing"])
        body: dict = {
            "results": [_result(r) for r in results],
            "changes": _changes(found, request, last, results),
        }
        failed = [r for r in results if not r.ok]
        if failed:
            body["errors"] = [{"message": failed[0].error}]
        return Response(body, status=status_of(results))


class Impact(APIView):
    @extend_schema(
        request=s.StatementRequestSerializer,
        responses={200: s.ImpactAnswerSerializer, **error_responses(400, 403, 413)},
        description="A dry run: the statements run as ``/statements`` would run them, in a "
        "transaction that is rolled back (nothing changes, nothing is kept in the history), "
        "stopping at the first failure (``ok`` false, its error in ``results``). ``impact`` "
        "lists every view whose mark they would set, at any depth: its mark after and "
        "before, the path from it to the object that changed, the columns concerned, and "
        "what Flink will do when a statement reads it. ``breaks_nothing`` says when no view "
        "becomes broken or stale.",
    )
    def post(self, request: Request, environment: str) -> Response:
        found = get_environment(request.user, environment)
        data = _valid(s.StatementRequestSerializer, request)
        limits.check_script(data["statement"])
        database = None
        if "catalog" in data or "database" in data:
            database = _session_database(found, data.get("catalog"), data.get("database"))
        session = executor(request, found, database).session
        statements = split_statements(data["statement"])
        report = impact_of(session, request.user, statements, request_origin(request))
        return Response(report.as_json())


def _result(result: StatementResult) -> dict:
    return {
        "statement": result.statement,
        "ok": result.ok,
        "columns": result.columns,
        "rows": result.rows,
        "error": result.error,
        "position": result.position.as_json() if result.position else None,
    }


def _changes(
    environment: Environment, request: Request, last: int, results: list[StatementResult]
) -> list[dict]:
    """The objects the statements changed, in the order they ran: the history entries that
    this request's statements left (entries are numbered in the order they are made)."""
    ran = {result.text for result in results if result.ok}
    changes = HistoryChange.objects.filter(
        entry__environment=environment,
        entry__pk__gt=last,
        entry__user=request.user,
        entry__origin=request_origin(request),
        entry__statement__in=ran,
    ).order_by("entry_id", "pk")
    return HistoryChangeSerializer(changes, many=True).data


def _session_database(
    environment: Environment, catalog: str | None, database: str | None
) -> Database:
    catalog = catalog or environment.catalog_name
    found = Database.objects.select_related("catalog").filter(
        catalog__environment=environment, catalog__name=catalog
    )
    found = found.filter(name=database) if database else found.order_by("name")
    first = found.first()
    if first is None:
        raise NotFound(
            {"database": f"No database '{database}' in catalog '{catalog}'."}
            if database
            else {"catalog": f"No catalog '{catalog}' with a database in this environment."}
        )
    return first


class CatalogList(generics.ListAPIView):
    serializer_class = s.CatalogSerializer

    def get_queryset(self) -> QuerySet[Catalog]:
        found = get_environment(self.request.user, self.kwargs["environment"])
        return filter_by_name(found.catalogs.all(), self.request)

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.CatalogSerializer(many=True)})
    @kept_answer
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)


class CatalogDetail(APIView):
    @extend_schema(responses={200: s.CatalogSerializer, **error_responses()})
    @kept_answer
    def get(self, request: Request, environment: str, catalog: str) -> Response:
        return Response(
            s.CatalogSerializer(lookup.get_catalog(request.user, environment, catalog)).data
        )


class DatabaseList(generics.ListAPIView):
    serializer_class = s.DatabaseSerializer

    def get_queryset(self) -> QuerySet[Database]:
        kwargs = self.kwargs
        found = lookup.get_catalog(self.request.user, kwargs["environment"], kwargs["catalog"])
        return filter_by_name(found.databases.select_related("catalog"), self.request)

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.DatabaseSerializer(many=True)})
    @kept_answer
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)


class DatabaseDetail(APIView):
    @extend_schema(responses={200: s.DatabaseSerializer, **error_responses()})
    @kept_answer
    def get(self, request: Request, environment: str, catalog: str, database: str) -> Response:
        found = lookup.get_database(request.user, environment, catalog, database)
        return Response(s.DatabaseSerializer(found).data)


class _DatabaseObjects(generics.ListAPIView):
    """A list of one kind of object of a database, filtered by name."""

    def database(self, needed: Role = Role.VIEWER) -> Database:
        k = self.kwargs
        return lookup.get_database(
            self.request.user, k["environment"], k["catalog"], k["database"], needed
        )


class TableList(_DatabaseObjects):
    serializer_class = s.TableSummarySerializer

    def get_queryset(self) -> QuerySet[Table]:
        tables = self.database().tables.filter(kind=Table.Kind.TABLE)
        return filter_by_name(tables, self.request)

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.TableSummarySerializer(many=True)})
    @kept_answer
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.NewTableSerializer,
        responses={201: s.TableChangeAnswerSerializer, **error_responses(400, 403, 409)},
        description="Create a table: builds a CREATE TABLE statement and runs it.",
    )
    def post(self, request: Request, **kwargs: str) -> Response:
        database = self.database(Role.EDITOR)
        data = _valid(s.NewTableSerializer, request)
        identifier = ObjectIdentifier(database.catalog.name, database.name, data["name"])
        change = run_change(
            request, database.catalog.environment, database, [sql.create_table(identifier, data)]
        )
        if not change.ok:
            return change.failure()
        return _table_answer(database, data["name"], change.statements, status.HTTP_201_CREATED)


class TableDetail(APIView):
    @extend_schema(responses={200: s.TableSerializer, **error_responses()})
    @kept_answer
    def get(self, request: Request, **names: str) -> Response:
        table = _table(request, names, Table.Kind.TABLE)
        return Response(s.TableSerializer(table).data, headers={"ETag": etag(table)})

    @extend_schema(
        parameters=[IF_MATCH],
        request=s.TableChangeSerializer,
        responses={**TABLE_ANSWER, **error_responses(400, 403, 412)},
        description="Set or reset options: builds ALTER TABLE statements and runs them (none "
        "when there is nothing to set or reset: the table is answered as it is).",
    )
    def patch(self, request: Request, **names: str) -> Response:
        table = _table(request, names, Table.Kind.TABLE, Role.EDITOR)
        statements = sql.alter_table(_identifier(table), _valid(s.TableChangeSerializer, request))
        if not statements:
            return _table_answer(table.database, table.name, [])
        change = run_change(request, _environment(table), table.database, statements, table)
        if not change.ok:
            return change.failure()
        return _table_answer(table.database, table.name, change.statements)

    @extend_schema(
        parameters=[IF_MATCH, CONFIRM],
        responses={200: s.ChangeAnswerSerializer, **error_responses(400, 403, 412)},
        description="Drop the table. In a kafka catalog this deletes the topic and its data, "
        "so ``confirm`` must name the table.",
    )
    def delete(self, request: Request, **names: str) -> Response:
        table = _table(request, names, Table.Kind.TABLE, Role.EDITOR)
        catalog = table.database.catalog
        if catalog.catalog_type == "kafka" and request.query_params.get("confirm") != table.name:
            raise ValidationError(
                f"Dropping table '{table.name}' of kafka catalog '{catalog.name}' deletes its "
                f"topic and all its data. To confirm, send ?confirm={table.name}"
            )
        change = run_change(
            request,
            _environment(table),
            table.database,
            [sql.drop_table(_identifier(table))],
            table,
        )
        return change.failure() if not change.ok else Response({"statements": change.statements})


class ViewList(_DatabaseObjects):
    serializer_class = s.ViewSummarySerializer

    def get_queryset(self) -> QuerySet[Table]:
        return filter_by_name(self.database().tables.filter(kind=Table.Kind.VIEW), self.request)

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.ViewSummarySerializer(many=True)})
    @kept_answer
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.NewViewSerializer,
        responses={201: s.ViewChangeAnswerSerializer, **error_responses(400, 403, 409)},
        description="Create a view: builds a CREATE VIEW statement and runs it. Unqualified "
        "names in the query resolve in the view's catalog and database.",
    )
    def post(self, request: Request, **kwargs: str) -> Response:
        database = self.database(Role.EDITOR)
        data = _valid(s.NewViewSerializer, request)
        identifier = ObjectIdentifier(database.catalog.name, database.name, data["name"])
        change = run_change(
            request, database.catalog.environment, database, [sql.create_view(identifier, data)]
        )
        if not change.ok:
            return change.failure()
        return _view_answer(database, data["name"], change.statements, status.HTTP_201_CREATED)


class ViewDetail(APIView):
    @extend_schema(responses={200: s.ViewSerializer, **error_responses()})
    @kept_answer
    def get(self, request: Request, **names: str) -> Response:
        view = _table(request, names, Table.Kind.VIEW)
        return Response(_view(view), headers={"ETag": etag(view)})

    @extend_schema(
        parameters=[IF_MATCH],
        request=s.ViewChangeSerializer,
        responses={200: s.ViewChangeAnswerSerializer, **error_responses(400, 403, 412)},
        description="Give the view a new query: builds ALTER VIEW ... AS and runs it.",
    )
    def patch(self, request: Request, **names: str) -> Response:
        view = _table(request, names, Table.Kind.VIEW, Role.EDITOR)
        query = _valid(s.ViewChangeSerializer, request)["query"]
        statement = sql.alter_view(_identifier(view), query)
        change = run_change(request, _environment(view), view.database, [statement], view)
        if not change.ok:
            return change.failure()
        return _view_answer(view.database, view.name, change.statements)

    @extend_schema(
        parameters=[IF_MATCH],
        responses={200: s.ChangeAnswerSerializer, **error_responses(400, 403, 412)},
        description="Drop the view (views that read it become broken).",
    )
    def delete(self, request: Request, **names: str) -> Response:
        view = _table(request, names, Table.Kind.VIEW, Role.EDITOR)
        statement = sql.drop_view(_identifier(view))
        change = run_change(request, _environment(view), view.database, [statement], view)
        return change.failure() if not change.ok else Response({"statements": change.statements})


class FunctionList(_DatabaseObjects):
    serializer_class = s.FunctionSerializer

    def get_queryset(self) -> QuerySet[Function]:
        functions = self.database().functions.select_related("artifact")
        return filter_by_name(functions, self.request)

    @extend_schema(parameters=[NAME_FILTER], responses={200: s.FunctionSerializer(many=True)})
    @kept_answer
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=s.NewFunctionSerializer,
        responses={201: s.FunctionChangeAnswerSerializer, **error_responses(400, 403, 409)},
        description="Create a function: builds a CREATE FUNCTION statement and runs it.",
    )
    def post(self, request: Request, **kwargs: str) -> Response:
        database = self.database(Role.EDITOR)
        data = _valid(s.NewFunctionSerializer, request)
        identifier = ObjectIdentifier(database.catalog.name, database.name, data["name"])
        statement = sql.create_function(identifier, data)
        change = run_change(request, database.catalog.environment, database, [statement])
        if not change.ok:
            return change.failure()
        created = function_name(data["name"])
        function = database.functions.select_related("artifact").get(name=created)
        body = {"statements": change.statements, "function": s.FunctionSerializer(function).data}
        return Response(body, status=status.HTTP_201_CREATED)


class FunctionDetail(APIView):
    @extend_schema(responses={200: s.FunctionSerializer, **error_responses()})
    @kept_answer
    def get(self, request: Request, **names: str) -> Response:
        function = _function(request, names, Role.VIEWER)
        return Response(s.FunctionSerializer(function).data)

    @extend_schema(
        request=s.FunctionChangeSerializer,
        responses={200: s.FunctionSerializer, **error_responses(400, 403)},
        description="Declare the function's return type and the artifact it comes from "
        "(Flink's DDL has no clause for them). Changing the artifact needs Use on the old and "
        "the new one.",
    )
    def patch(self, request: Request, **names: str) -> Response:
        function = _function(request, names, Role.EDITOR)
        data = _valid(s.FunctionChangeSerializer, request)
        changed = services.set_function_details(function, request.user, **data)
        return Response(s.FunctionSerializer(changed).data)

    @extend_schema(
        responses={200: s.ChangeAnswerSerializer, **error_responses(400, 403)},
        description="Drop the function: builds DROP FUNCTION and runs it.",
    )
    def delete(self, request: Request, **names: str) -> Response:
        function = _function(request, names, Role.EDITOR)
        statement = sql.drop_function(_identifier(function))
        change = run_change(request, _environment(function), function.database, [statement])
        return change.failure() if not change.ok else Response({"statements": change.statements})


class ObjectHistory(APIView):
    """The versions of one table or view, which may have been dropped since."""

    kind = HistoryChange.Kind.TABLE

    @extend_schema(
        parameters=VERSIONS,
        responses={200: s.ObjectHistorySerializer, **error_responses(400)},
        description="Every change of the object, newest first, with its definition before and "
        "after; with ``from`` and ``to`` (history entry ids), also the unified diff between "
        "the definitions those two entries left. ``from`` alone diffs to the newest version, "
        "``to`` alone from the version before it (what that entry changed). An id that is "
        "no entry of the object answers 404.",
    )
    @kept_answer
    def get(self, request: Request, **names: str) -> Response:
        found = get_environment(request.user, names["environment"])
        changes = (
            HistoryChange.objects.filter(
                entry__environment=found,
                kind=self.kind,
                catalog_name=url_name(names["catalog"]),
                database_name=url_name(names["database"]),
                object_name=url_name(names[self.kind]),
            )
            .select_related("entry__user")
            .order_by("-entry__created_at", "-entry_id")
        )
        found_changes = list(changes)
        versions = s.HistoryVersionSerializer(found_changes, many=True).data
        return Response({"versions": versions, "diff": _diff(request, found_changes)})


class ViewHistory(ObjectHistory):
    kind = HistoryChange.Kind.VIEW


class FunctionHistory(ObjectHistory):
    kind = HistoryChange.Kind.FUNCTION


def _diff(request: Request, changes: list[HistoryChange]) -> dict | None:
    """The diff between the versions ``?from=`` and ``?to=`` name (``changes``: newest first);
    either alone is diffed with the newest version or with the one before it."""
    wanted = {end: integer_parameter(request, end, minimum=1) for end in ("from", "to")}
    if wanted["from"] is None and wanted["to"] is None:
        return None
    position = {change.entry_id: i for i, change in enumerate(changes)}
    for end, entry in wanted.items():
        if entry is not None and entry not in position:
            raise NotFound(f"{end}: {entry} is not a history entry of this object.")
    if wanted["from"] is None:
        newer = changes[position[wanted["to"]]]
        older = changes[position[newer.entry_id] + 1 :][:1]
        start, before = (older[0].entry_id if older else None), newer.before
    else:
        start, before = wanted["from"], changes[position[wanted["from"]]].after
    newer = changes[position[wanted["to"]] if wanted["to"] is not None else 0]
    lines = difflib.unified_diff(
        mask_ddl(before).splitlines(keepends=True),
        mask_ddl(newer.after).splitlines(keepends=True),
        fromfile=f"entry {start}" if start else "nothing",
        tofile=f"entry {newer.entry_id}",
    )
    return {"from_entry": start, "to_entry": newer.entry_id, "diff": "".join(lines)}


def _table(request: Request, names: dict[str, str], kind: str, needed: Role = Role.VIEWER) -> Table:
    """The table (or view) the URL names, from its ``table`` (or ``view``) part."""
    name = names["view" if kind == Table.Kind.VIEW else "table"]
    environment, catalog, database = names["environment"], names["catalog"], names["database"]
    return lookup.get_table(request.user, environment, catalog, database, name, needed, kind)


def _function(request: Request, names: dict[str, str], needed: Role) -> Function:
    environment, catalog, database = names["environment"], names["catalog"], names["database"]
    return lookup.get_function(
        request.user, environment, catalog, database, names["function"], needed
    )


def _environment(obj: Table | Function) -> Environment:
    return obj.database.catalog.environment


def _table_answer(
    database: Database, name: str, statements: list[str], code: int = 200
) -> Response:
    table = database.tables.get(name=name)
    body = {"statements": [mask_ddl(t) for t in statements], "table": s.TableSerializer(table).data}
    return Response(body, status=code, headers={"ETag": etag(table)})


def _view(view: Table) -> dict:
    database = view.database
    view.readers = [
        {"catalog": r.database.catalog.name, "database": r.database.name, "name": r.name}
        for r in readers_of(
            database.catalog.environment,
            ObjectIdentifier(database.catalog.name, database.name, view.name),
            "relation",
        ).select_related("database__catalog")
    ]
    return s.ViewSerializer(view).data


def _view_answer(database: Database, name: str, statements: list[str], code: int = 200) -> Response:
    view = database.tables.get(name=name)
    return Response(
        {"statements": [mask_ddl(t) for t in statements], "view": _view(view)},
        status=code,
        headers={"ETag": etag(view)},
    )
