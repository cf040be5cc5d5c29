"""The pages of every API list: ``?limit=`` and ``?offset=``, as DRF's limit/offset pagination,
but strict: a limit or offset that is not a whole number answers 400 instead of being ignored."""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .filters import integer_parameter


class Pagination(LimitOffsetPagination):
    """At most ``max_limit`` items a page: a larger ``limit`` is cut to it, rather than handed
    to the database, which fails on an integer past its range (a server error)."""

    max_limit = 1000

    def get_limit(self, request: Request) -> int:
        limit = integer_parameter(request, self.limit_query_param, minimum=1)
        return self.default_limit if limit is None else min(limit, self.max_limit)

    def get_offset(self, request: Request) -> int:
        return integer_parameter(request, self.offset_query_param) or 0

    def get_schema_operation_parameters(self, view: APIView) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 0
        parameters[0]["schema"]["minimum"] = 1
        parameters[0]["description"] = (
            f"Number of results to return per page ({self.default_limit} when absent); a "
            f"larger one than {self.max_limit} is cut to {self.max_limit}"
        )
        return parameters


class UncountedPagination(Pagination):
    """Pages of a list that only grows, of which people read the first pages (history):
    without ``count``, which would read all of it; ``next`` is there when another row follows.
    """

    largest_offset = 2**62  # past it nothing is asked of the database, which stops at 2**63

    def paginate_queryset(
        self, queryset: QuerySet, request: Request, view: APIView | None = None
    ) -> list | None:
        self.request = request
        self.limit = self.get_limit(request)
        if self.limit is None:
            return None
        self.offset = self.get_offset(request)
        rows = []
        if self.offset <= self.largest_offset:
            rows = list(queryset[self.offset : self.offset + self.limit + 1])
        # What get_next_link compares with: past this page when one more row came.
        self.count = self.offset + len(rows)
        return rows[: self.limit]

    def get_paginated_response(self, data: list) -> Response:
        return Response(
            {"next": self.get_next_link(), "previous": self.get_previous_link(), "results": data}
        )

    def get_paginated_response_schema(self, schema: dict) -> dict:
        answer = super().get_paginated_response_schema(schema)
        del answer["properties"]["count"]
        answer["required"] = ["results"]
        return answer
