"""SQL LIKE patterns of SHOW ... LIKE, matched the way Flink matches them."""

from __future__ import annotations

import re

from .statements import LikePattern


def like_regex(pattern: str, case_insensitive: bool = False) -> re.Pattern[str]:
    """``%`` is any run of characters, ``_`` one character, ``\\`` escapes the next one."""
    out = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            out.append(re.escape(pattern[i + 1]))
            i += 2
            continue
        out.append(".*" if ch == "%" else "." if ch == "_" else re.escape(ch))
        i += 1
    return re.compile("".join(out), re.DOTALL | (re.IGNORECASE if case_insensitive else 0))


def filter_names(names: list[str], like: LikePattern | None) -> list[str]:
    """``names`` sorted, keeping those the pattern accepts."""
    names = sorted(names)
    if like is None:
        return names
    regex = like_regex(like.pattern, like.case_insensitive)
    return [n for n in names if bool(regex.fullmatch(n)) != like.negated]
