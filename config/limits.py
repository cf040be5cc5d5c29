"""Every bound on what one request, script or file may hold, in one place.

Each is read once from the environment (``LIMIT_...``), with the default shown. Past a bound a
door refuses the whole input with :class:`LimitExceeded`, whose message names the bound: never
a silent truncation, never a partial run. Pure Python (``config.settings`` reads it too).
"""

from __future__ import annotations

import json
import os
from typing import Any


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, str(default)))


# The body of one request, files excepted (Django's DATA_UPLOAD_MAX_MEMORY_SIZE; the API's too).
REQUEST_BYTES = _int("LIMIT_REQUEST_BYTES", 2_621_440)
# One uploaded file (a snapshot to import).
UPLOAD_BYTES = _int("LIMIT_UPLOAD_BYTES", 50 * 1024 * 1024)
# One script or query, from any door (console, statements API, change requests, forms).
SCRIPT_CHARACTERS = _int("LIMIT_SCRIPT_CHARACTERS", 100_000)
# The statements of one script run at once (console, statements API).
SCRIPT_STATEMENTS = _int("LIMIT_SCRIPT_STATEMENTS", 1_000)
# The statements one change request holds.
CHANGE_REQUEST_STATEMENTS = _int("LIMIT_CHANGE_REQUEST_STATEMENTS", 200)
# A change request of more statements is previewed by a job, not while its page is read.
PREVIEW_IN_PAGE_STATEMENTS = _int("LIMIT_PREVIEW_IN_PAGE_STATEMENTS", 50)
# How deeply a JSON document (an API body, a snapshot file) may nest arrays and objects.
JSON_DEPTH = _int("LIMIT_JSON_DEPTH", 64)
# The rows of one form (the columns of the table form).
FORM_ROWS = _int("LIMIT_FORM_ROWS", 200)
# The fields of one posted form (Django's DATA_UPLOAD_MAX_NUMBER_FIELDS): room for the bound
# of table-form rows, each of some ten fields.
FORM_FIELDS = _int("LIMIT_FORM_FIELDS", 10 * FORM_ROWS + 100)
# The items of one list or map of an API body (a table's columns, keys and options; jars).
LIST_ITEMS = _int("LIMIT_LIST_ITEMS", 1_000)
# The tables and views (with their columns) the SQL editor's completions answer names.
COMPLETION_RELATIONS = _int("LIMIT_COMPLETION_RELATIONS", 5_000)
# The characters of one search text (the search page's ``q``).
SEARCH_CHARACTERS = _int("LIMIT_SEARCH_CHARACTERS", 200)
# The largest id a URL or query parameter may name: the databases' 64-bit integers.
LARGEST_ID = 2**63 - 1


class LimitExceeded(Exception):
    """An input past one of the bounds; ``status`` is the HTTP answer (413: too large)."""

    def __init__(self, message: str, status: int = 413) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def check_script(text: str) -> None:
    """Refuse a script longer than ``SCRIPT_CHARACTERS`` or of more than ``SCRIPT_STATEMENTS``
    statements, before any of it runs."""
    if len(text) > SCRIPT_CHARACTERS:
        raise LimitExceeded(
            f"The script is {len(text)} characters long; the dashboard runs scripts of at most "
            f"{SCRIPT_CHARACTERS} characters. Nothing was run."
        )
    from catalogs.flinksql.splitter import split_statements

    count = len(split_statements(text))
    if count > SCRIPT_STATEMENTS:
        raise LimitExceeded(
            f"The script holds {count} statements; the dashboard runs at most "
            f"{SCRIPT_STATEMENTS} statements at once. Nothing was run."
        )


def request_bytes(view: object = None) -> int:
    """The body bound of a view: its ``request_bytes`` (the snapshot import takes a whole
    snapshot document), else ``REQUEST_BYTES``."""
    return getattr(view, "request_bytes", None) or REQUEST_BYTES


def body_too_large(size: int | None, limit: int) -> LimitExceeded:
    """The refusal of a body of ``size`` bytes (None: more than ``limit``, not read further)."""
    told = f"{size} bytes" if size is not None else f"more than {limit} bytes"
    return LimitExceeded(
        f"The request body is {told}; the dashboard accepts at most {limit} bytes."
    )


def load_json(data: bytes | str) -> Any:
    """``json.loads``, refusing (400) a document nested deeper than ``JSON_DEPTH``; Python's
    parser would raise RecursionError on a few thousand ``[``. ValueError when not JSON."""
    too_deep = LimitExceeded(
        f"The JSON document nests arrays and objects more than {JSON_DEPTH} levels deep; the "
        f"dashboard reads at most {JSON_DEPTH}.",
        400,
    )
    try:
        document = json.loads(data)
    except RecursionError:
        raise too_deep from None
    pending = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, (dict, list)):
            if depth > JSON_DEPTH:
                raise too_deep
            children = value.values() if isinstance(value, dict) else value
            pending.extend((child, depth + 1) for child in children)
    return document


def parse_id(text: str) -> int | None:
    """The id ``text`` names (ASCII digits, at most ``LARGEST_ID``), else None."""
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > LARGEST_ID:
        return None
    return int(text)
