"""The pages of every API list: ``?limit=`` and ``?offset=``, as DRF's limit/offset pagination."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination


class Pagination(LimitOffsetPagination):
    """At most ``max_limit`` items a page: a larger ``limit`` is cut to it, rather than handed
    to the database, which fails on an integer past its range (a server error)."""

    max_limit = 1000
