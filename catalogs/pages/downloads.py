"""The Flink catalog plugin's jar for download, and the page that says how to use it."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from .common import render_page

# Where ``make flink-catalog`` writes the jar.
JAR_DIRECTORY = Path(settings.BASE_DIR) / "flink-catalog" / "build"
JAR_NAME = re.compile(r"flink-catalog-dashboard-[0-9A-Za-z.+-]+\.jar")


def built_jars() -> list[Path]:
    """The plugin jars that were built, newest version last."""
    if not JAR_DIRECTORY.is_dir():
        return []
    return sorted(p for p in JAR_DIRECTORY.iterdir() if JAR_NAME.fullmatch(p.name))


@require_GET
@login_required
def downloads(request: HttpRequest) -> HttpResponse:
    jars = built_jars()
    context = {
        "jar": jars[-1].name if jars else None,
        "dashboard_url": request.build_absolute_uri("/").rstrip("/"),
    }
    return render_page(request, "catalogs/downloads.html", context)


@require_GET
@login_required
def download(request: HttpRequest, file_name: str) -> FileResponse:
    found = next((p for p in built_jars() if p.name == file_name), None)
    if found is None:
        raise Http404(f"No file {file_name} to download.")
    return FileResponse(
        found.open("rb"),
        as_attachment=True,
        filename=found.name,
        content_type="application/java-archive",
    )
