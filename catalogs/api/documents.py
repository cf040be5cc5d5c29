"""One database as a snapshot document, live: what the Flink catalog plugin reads in one
request per database (tables, views and functions in full, secret values as ``${VARIABLE}``
placeholders, exactly as a stored snapshot holds them)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogs import lookup, snapshots
from environments.api.errors import error_responses


class DatabaseDocument(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="A snapshot document"),
            **error_responses(),
        },
        description="The database as it is now, in the snapshot format (``snapshotId`` "
        "``live``, not stored): its tables, views and functions in full, each secret option "
        "value replaced by a ``${VARIABLE}`` placeholder named as a snapshot names it. The "
        "Flink catalog plugin reads a database with this one request.",
    )
    def get(self, request: Request, environment: str, catalog: str, database: str) -> Response:
        found = lookup.get_database(request.user, environment, catalog, database)
        return Response(snapshots.live_document(found.catalog, [found.name]))
