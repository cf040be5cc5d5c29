"""Masking secret option values (passwords, tokens, JAAS configs) wherever options are shown."""

from __future__ import annotations

import re

from sqlglot.errors import TokenError
from sqlglot.tokens import TokenType

from catalogs.flinksql.dialect import tokenize

MASK = "******"
_SECRET_WORDS = ("password", "secret", "token", "credential", "sasl.jaas.config")

# An option anywhere in a statement: `'key' = 'value'`, quotes doubled inside. Used only when
# the text cannot be tokenized (an unterminated quote).
_OPTION = re.compile(r"(?P<head>'(?P<key>(?:[^']|'')*)'\s*=\s*)'(?:[^']|'')*'?")


def is_secret(key: str) -> bool:
    """Whether an option's value is a credential that must never be displayed."""
    lowered = key.lower()
    return any(word in lowered for word in _SECRET_WORDS)


def mask_options(options: dict[str, str]) -> dict[str, str]:
    """The options sorted by key, as Flink lists them, with secret values masked."""
    return {key: MASK if is_secret(key) else options[key] for key in sorted(options)}


def mask_ddl(text: str) -> str:
    """SQL text (Flink's SHOW CREATE output or a statement as typed, on one line or many) with
    the values of secret options replaced by the mask."""
    lowered = text.lower()
    if not any(word in lowered for word in _SECRET_WORDS):
        return text  # no key can name a secret (keys are parts of the text): skip tokenizing
    try:
        tokens = tokenize(text)
    except TokenError:
        return _OPTION.sub(_mask_match, text)
    spans = [
        (value.start, value.end)
        for key, eq, value in zip(tokens, tokens[1:], tokens[2:], strict=False)
        if key.token_type == TokenType.STRING
        and eq.token_type == TokenType.EQ
        and value.token_type == TokenType.STRING
        and is_secret(key.text)
    ]
    for start, end in reversed(spans):
        text = f"{text[:start]}'{MASK}'{text[end + 1 :]}"
    return text


def _mask_match(match: re.Match[str]) -> str:
    key = match.group("key").replace("''", "'")
    if not is_secret(key):
        return match.group(0)
    return f"{match.group('head')}'{MASK}'"
