"""The error answers every operation may give, added to the OpenAPI schema in one place."""

from __future__ import annotations

from typing import Any

from .errors import DESCRIPTIONS

WRITES = {"post", "put", "patch"}


def _error(code: int) -> dict[str, Any]:
    return {
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        "description": DESCRIPTIONS[code],
    }


def add_error_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """401 and 403 anywhere; 404 under a named object; 400 where input is taken (a body or a
    query parameter: every one is checked against its declared type and bounds)."""
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            codes = {401, 403}
            if "{" in path:
                codes.add(404)
            queried = [p for p in operation.get("parameters", []) if p["in"] == "query"]
            if method in WRITES or queried:
                codes.add(400)
            responses = operation.setdefault("responses", {})
            for code in sorted(codes):
                responses.setdefault(str(code), _error(code))
    return result
