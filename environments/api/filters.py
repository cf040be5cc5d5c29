"""The one name filter of every list, HTML and API alike: ``?name=`` matches a substring."""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model, QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

NAME_FILTER = OpenApiParameter(
    "name", str, description="Only objects whose name contains this (case-insensitive)"
)


M = TypeVar("M", bound=Model)


def filter_by_name(queryset: QuerySet[M], request: Request, field: str = "name") -> QuerySet[M]:
    text = request.query_params.get("name", "")
    if "\x00" in text:
        raise ValidationError({"name": "A name cannot contain NUL characters."})
    return queryset.filter(**{f"{field}__icontains": text}) if text else queryset
