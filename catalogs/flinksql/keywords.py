"""Flink SQL's reserved keywords: where a word must be quoted with backticks to be a name.

Nothing here is written from memory: ``data/keywords.json`` is real Flink 2.3's answer, recorded
by ``tests/record_keywords_oracle.py``, for every keyword token of its parser
(``FlinkSqlParserImplConstants.tokenImage``, 786 words) and a few words that are no token, in
lower case, in each position of ``POSITIONS``: a column of ``CREATE TABLE``, a table name, a select
item, a qualified ``t.word``, a select alias and a table alias. Flink's answer is ``true`` (the
statement ran), the view it stored (how it read the word: a column, a niladic function or a
literal), or its error's first line. A word that is not in the file is an ordinary identifier.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "keywords.json").read_text(encoding="utf-8")
)
POSITIONS: dict[str, str] = _DATA["positions"]
ANSWERS: dict[str, dict[str, Any]] = _DATA["words"]
_ENCOUNTERED = re.compile(r'Encountered "(.*)" at line 1, column (\d+)\.$')


@dataclass(frozen=True)
class Refusal:
    """How Flink's parser refuses a word in a position: its ``Encountered "..."`` shows
    ``tokens`` tokens, starting ``start`` tokens after the word (-1: the dot before it)."""

    start: int
    tokens: int


def _refusal(position: str, word: str, answer: Any) -> Refusal | None:
    if not isinstance(answer, str):
        return None
    match = _ENCOUNTERED.match(answer)
    if match is None:  # refused later than the parser (e.g. a duplicate name): not a keyword
        return None
    column = int(match.group(2))
    word_column = POSITIONS[position].index("<w>") + 1
    start = 0 if column >= word_column else -1
    return Refusal(start, len(match.group(1).split(" ")))


_REFUSALS: dict[str, dict[str, Refusal]] = {
    position: {
        word: refusal
        for word, answers in ANSWERS.items()
        if (refusal := _refusal(position, word, answers[position])) is not None
    }
    for position in POSITIONS
}

RESERVED_KEYWORDS: frozenset[str] = frozenset(_REFUSALS["column"])


def is_reserved(word: str) -> bool:
    """Whether ``word`` (in any case) must be quoted with backticks to be a name in Flink SQL."""
    return word.upper() in RESERVED_KEYWORDS


def refusal(position: str, word: str) -> Refusal | None:
    """How Flink refuses ``word`` unquoted in ``position`` (a key of ``POSITIONS``), or None
    when it takes it there."""
    return _REFUSALS[position].get(word.upper())


def refusal_message(images: list[str]) -> str:
    """Flink's parse error for a refused word, from the images of the tokens it shows: Calcite
    names a reserved word written in upper case as its keyword list spells it."""
    if images[0].isupper():
        return f"Incorrect syntax near the keyword '{images[0]}'"
    return f'Encountered "{" ".join(images)}"'


def read_as_column(word: str) -> bool:
    """Whether Flink reads ``word`` unquoted, in an expression, as the column of that name when
    there is one (``current_user``), rather than as its niladic function (``LOCALTIME``) or
    literal (``UNKNOWN``)."""
    answer = ANSWERS.get(word.upper(), {}).get("select")
    if not isinstance(answer, dict):
        return True
    return answer["query"].startswith(f"SELECT `t`.`{word.lower()}`")
