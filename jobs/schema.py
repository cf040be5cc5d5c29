"""A postprocessing hook of the OpenAPI schema: starting a job takes a body (drf-spectacular
marks no body of a polymorphic serializer required)."""

from __future__ import annotations

from typing import Any

START_PATH = "/api/v1/environments/{environment}/jobs/"


def body_required(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    body = result.get("paths", {}).get(START_PATH, {}).get("post", {}).get("requestBody")
    if body is not None:
        body["required"] = True
    return result
