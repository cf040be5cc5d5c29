"""The API's JSON parser, within the bounds of :mod:`config.limits`."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from . import limits


class JSONParser(parsers.JSONParser):
    """DRF's JSONParser reads the whole stream and recurses as deep as the document nests
    (a few thousand ``[`` end in RecursionError, a server error). This one reads at most
    ``REQUEST_BYTES`` (413 past it, also without a Content-Length) and refuses a document
    nested deeper than ``JSON_DEPTH`` (400)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = limits.request_bytes((parser_context or {}).get("view"))
        data = stream.read(limit + 1)
        if len(data) > limit:
            raise limits.body_too_large(None, limit)  # not read further
        try:
            return limits.load_json(data)
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
