"""The column type fields' check as the user types (htmx): Flink's message for a type it would
not read, or the type's full logical form (as ``SHOW CREATE TABLE`` writes it)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..flinksql.errors import FlinkSqlError
from ..flinksql.types import parse_type

MAX_CHARACTERS = 2_000


@login_required
@require_GET
def type_check(request: HttpRequest) -> HttpResponse:
    """The one ``…data_type`` parameter the field sends, checked; empty text answers nothing."""
    text = next((v for k, v in request.GET.items() if k.endswith("data_type")), "").strip()
    context: dict[str, str] = {}
    if len(text) > MAX_CHARACTERS:
        context["error"] = f"A type of more than {MAX_CHARACTERS:,} characters is not checked here."
    elif text:
        try:
            context["reads_as"] = parse_type(text).serializable()
        except FlinkSqlError as exc:
            context["error"] = str(exc)
        except RecursionError:
            context["error"] = "This type is nested too deeply to check here."
    return render(request, "catalogs/_type_check.html", context)
