"""Syntax highlighting of Flink SQL text: tokens wrapped in spans, everything escaped."""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from catalogs.flinksql.keywords import RESERVED_KEYWORDS

# Words that are not reserved in Flink but read as keywords in DDL.
_DDL_WORDS = frozenset(
    """CATALOG DATABASE VIEW TEMPORARY IF ENFORCED KEY METADATA VIRTUAL PARTITIONED
    TEMPORARY SYSTEM JAR CASCADE RESTRICT ASC DESC NULLS FIRST LAST REPLACE""".split()
)
_KEYWORDS = RESERVED_KEYWORDS | _DDL_WORDS

_TOKEN = re.compile(
    r"""
    (?P<comment>--[^\n]*|/\*.*?(?:\*/|\Z))
    |(?P<string>'(?:[^']|'')*(?:'|\Z))
    |(?P<identifier>`(?:[^`]|``)*(?:`|\Z))
    |(?P<number>\b\d+(?:\.\d+)?\b)
    |(?P<word>[A-Za-z_][A-Za-z0-9_$]*)
    """,
    re.VERBOSE | re.DOTALL,
)


@lru_cache(maxsize=1024)
def highlight_sql(text: str) -> SafeString:
    """``text`` as HTML: keywords, strings, quoted names, numbers and comments in classed spans.

    Kept for the texts last shown (a definition is shown far more often than it changes)."""
    parts: list[str] = []
    end = 0
    for match in _TOKEN.finditer(text):
        parts.append(escape(text[end : match.start()]))
        kind = match.lastgroup
        token = match.group()
        if kind == "word":
            kind = "keyword" if token.upper() in _KEYWORDS else None
        parts.append(f'<span class="sql-{kind}">{escape(token)}</span>' if kind else escape(token))
        end = match.end()
    parts.append(escape(text[end:]))
    return mark_safe("".join(parts))  # noqa: S308 - every piece of text above is escaped
