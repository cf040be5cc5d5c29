"""The lineage of a table or view as JSON, the picture's data; ``?columns=1`` adds each
object's columns and the column edges between them."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs import lookup
from catalogs.lineage import lineage_graph
from catalogs.models import Table
from environments.api.errors import error_responses
from environments.api.filters import integer_parameter
from environments.page_cache import kept_answer

from . import serializers as s

COLUMNS = OpenApiParameter(
    "columns",
    {"type": "integer", "minimum": 0, "maximum": 1},
    description="1: each object's columns and the column edges (column-level lineage)",
)


class _Lineage(APIView):
    kind = Table.Kind.TABLE

    @extend_schema(
        parameters=[COLUMNS],
        responses={200: s.LineageSerializer, **error_responses(400)},
        description="Tables and views upstream and downstream of this one, up to six levels.",
    )
    @kept_answer
    def get(self, request: Request, **names: str) -> Response:
        columns = integer_parameter(request, "columns")
        if columns not in (None, 0, 1):
            raise ValidationError({"columns": f"'{columns}' is not 0 or 1."})
        name = names["view" if self.kind == Table.Kind.VIEW else "table"]
        found = lookup.get_table(
            request.user,
            names["environment"],
            names["catalog"],
            names["database"],
            name,
            kind=self.kind,
        )
        graph = lineage_graph(found.database.catalog.environment, found, columns=bool(columns))
        return Response(graph)


class TableLineage(_Lineage):
    kind = Table.Kind.TABLE


class ViewLineage(_Lineage):
    kind = Table.Kind.VIEW
