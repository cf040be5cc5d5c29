"""Masking secret option values (passwords, tokens, JAAS configs) wherever options are shown."""

from __future__ import annotations

import re

MASK = "******"
_SECRET_WORDS = ("password", "secret", "token", "credential", "sasl.jaas.config")

# One option line of Flink's SHOW CREATE text: `  'key' = 'value',` with quotes doubled inside.
_OPTION = re.compile(r"^(?P<head>\s*'(?P<key>(?:[^']|'')*)'\s*=\s*)'(?:[^']|'')*'", re.MULTILINE)


def is_secret(key: str) -> bool:
    """Whether an option's value is a credential that must never be displayed."""
    lowered = key.lower()
    return any(word in lowered for word in _SECRET_WORDS)


def mask_options(options: dict[str, str]) -> dict[str, str]:
    """The options sorted by key, as Flink lists them, with secret values masked."""
    return {key: MASK if is_secret(key) else options[key] for key in sorted(options)}


def mask_ddl(text: str) -> str:
    """Flink's DDL text with the values of secret options replaced by the mask."""

    def replace(match: re.Match[str]) -> str:
        key = match.group("key").replace("''", "'")
        if not is_secret(key):
            return match.group(0)
        return f"{match.group('head')}'{MASK}'"

    return _OPTION.sub(replace, text)
