"""The query parameters every list shares: ``?name=`` (the one name filter of every list, HTML
and API alike, matching a substring) and the integers that pages and versions are named by."""

from __future__ import annotations

import re
from typing import TypeVar

from django.db.models import Model, QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from .fields import NO_NUL

NAME_FILTER = OpenApiParameter(
    "name",
    {"type": "string", "pattern": NO_NUL},
    description="Only objects whose name contains this (case-insensitive)",
)

DIGITS = re.compile(r"[0-9]+")


M = TypeVar("M", bound=Model)


def filter_by_name(queryset: QuerySet[M], request: Request, field: str = "name") -> QuerySet[M]:
    text = request.query_params.get("name", "")
    if "\x00" in text:
        raise ValidationError({"name": "A name cannot contain NUL characters."})
    return queryset.filter(**{f"{field}__icontains": text}) if text else queryset


def integer_parameter(request: Request, name: str, minimum: int = 0) -> int | None:
    """The query parameter ``name`` as an integer of at least ``minimum``; None when absent.
    Anything else (a sign, a fraction, a word, the parameter given twice) answers 400, as the
    schema's ``integer`` with its ``minimum`` promises, rather than being silently ignored."""
    values = request.query_params.getlist(name)
    if not values:
        return None
    if len(values) > 1:
        raise ValidationError({name: "Give this parameter once."})
    value = values[0]
    if not DIGITS.fullmatch(value) or int(value) < minimum:
        raise ValidationError({name: f"'{value}' is not an integer of at least {minimum}."})
    return int(value)
