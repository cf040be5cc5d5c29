"""What the SQL editor asks the server (``static/js/sql_editor.js``): the words of Flink SQL, the
names of an environment's catalog for completion, and the Format action."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from config import limits
from environments import page_cache
from environments.lookup import get_environment

from ..executor import Session
from ..executor.formatting import FormatRefused, format_script
from ..flinksql import builtins, types
from ..flinksql.keywords import ANSWERS, RESERVED_KEYWORDS
from .completion_names import completion_names

# the type names DDL takes, as Flink's parser spells them (aliases included)
TYPE_NAMES = sorted(
    {
        types.CHAR,
        types.VARCHAR,
        "STRING",
        types.BOOLEAN,
        types.BINARY,
        types.VARBINARY,
        "BYTES",
        types.DECIMAL,
        "DEC",
        "NUMERIC",
        types.TINYINT,
        types.SMALLINT,
        types.INT,
        "INTEGER",
        types.BIGINT,
        types.FLOAT,
        types.DOUBLE,
        types.DATE,
        types.TIME,
        types.TIMESTAMP,
        types.TIMESTAMP_LTZ,
        types.ARRAY,
        types.MULTISET,
        types.MAP,
        types.ROW,
        types.RAW,
        types.VARIANT,
    }
)


# Words of Flink's DDL that its parser takes as names too (so not reserved, but keyword tokens
# of data/keywords.json): highlighted as keywords with the reserved ones. Other non-reserved
# tokens (``orders``, ``a``, ``absent``) are ordinary names in a statement and are shown so.
STATEMENT_WORDS = frozenset(
    """ADD AFTER CASCADE CATALOG COLUMNS COMMENT CONSTRAINTS DATABASE ENFORCED EXTENDED FIRST
    FUNCTIONS IF INPUT JAR JARS JAVA KEY LANGUAGE LIKE METADATA MODEL MODELS MODIFY MODULES
    OPTIONS OUTPUT PARTITIONED PARTITIONS PRIMARY PYTHON RENAME REPLACE RESET RESTRICT SCALA
    TEMPORARY VIEW VIEWS VIRTUAL WATERMARK WATERMARKS""".split()
)


@login_required
@require_GET
def language(request: HttpRequest) -> JsonResponse:
    """The words the editor highlights and completes: Flink's reserved keywords (the words it
    refuses as names, from data/keywords.json) and its DDL's other keywords, type names and
    the built-in functions."""
    keywords = RESERVED_KEYWORDS | (STATEMENT_WORDS & ANSWERS.keys())
    return JsonResponse(
        {
            "keywords": sorted(keywords),
            "reserved": sorted(RESERVED_KEYWORDS),
            "types": TYPE_NAMES,
            "functions": builtins.listed_functions(),
        }
    )


@login_required
@require_GET
@page_cache.kept_page
def completions(request: HttpRequest, environment: str) -> JsonResponse:
    """The catalogs, databases, tables and views (with their columns) and functions of the
    environment, for a reader of it (404 for an outsider, as every page of it); at most
    ``limits.COMPLETION_RELATIONS`` tables and views, those of ``?catalog=&database=`` (where
    the editor's statements run) first."""
    found = get_environment(request.user, environment)
    at = (request.GET.get("catalog", ""), request.GET.get("database", ""))
    return JsonResponse(completion_names(found, at, limits.COMPLETION_RELATIONS))


@login_required
@require_POST
def format_sql(request: HttpRequest, environment: str) -> JsonResponse:
    """``sql`` written as Flink writes it, in a session at ``catalog`` and ``database`` (default:
    the environment's own); 400 with Flink's message (and where) for a statement that fails."""
    found = get_environment(request.user, environment)
    script = request.POST.get("sql", "")
    try:
        limits.check_script(script)
    except limits.LimitExceeded as exc:
        return JsonResponse({"error": exc.message, "position": None}, status=413)
    session = Session.start(
        found, request.POST.get("catalog") or None, request.POST.get("database") or None
    )
    try:
        return JsonResponse({"sql": format_script(session, request.user, script)})
    except FormatRefused as exc:
        position = exc.position.as_json() if exc.position else None
        return JsonResponse({"error": exc.message, "position": position}, status=400)
