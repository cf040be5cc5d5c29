"""What a secret is, and masking it: the one definition every door, page and log uses.

An option is a secret when its key names a credential. A key is split into words (on ``.``,
``-``, ``_``, any other non-alphanumeric character and camelCase humps, case-insensitive), and
it is a secret when

- a word, or two neighbouring words joined, contains one of ``SECRET_ROOTS`` (``password``,
  ``db-passwd``, ``client-secret``, ``secret.access.key``, ``auth.token``, ``gcp.credentials``,
  ``sasl.jaas.config``, ``api-key``/``apikey``/``apiKey``, ``private-key``, ``access-key``,
  ``fs.azure.account.key``, ``ssl.keystore.key``, ``oauth.bearer``), or
- a word is one of ``SECRET_WORDS`` (``pw``, ``pwd``, ``pass``, ``auth``, ``authorization``,
  ``sas``, ``hmac``: ``basic.auth.user.info``, ``http.authorization``, Azure's
  ``fs.azure.sas.<container>.<account>...``, whose value is a SAS token).

``key`` alone is not a secret (Kafka's ``key.format``, ``key.fields``), nor are ``username``,
``sasl.mechanism`` or ``keystore.type``. A string literal in a view's query is not an option
and not a secret: it is the view's text, shown as Flink stores it.

Masking fails closed: text the scanner cannot read to its end (an unterminated quote) is cut
after the first secret-looking word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

MASK = "******"

SECRET_ROOTS = (
    "password",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "credential",
    "jaas",
    "bearer",
    "apikey",
    "privatekey",
    "accesskey",
    "accountkey",
    "keystorekey",
)
SECRET_WORDS = frozenset({"pw", "pwd", "pass", "auth", "authorization", "sas", "hmac"})

_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def key_words(key: str) -> list[str]:
    """The words of an option key, lower case: ``secretAccess-KEY`` is secret, access, key."""
    return [w for w in _NOT_WORD.split(_HUMP.sub(" ", key).lower()) if w]


def is_secret(key: str) -> bool:
    """Whether an option's value is a credential that must never be displayed again."""
    words = key_words(key)
    if any(word in SECRET_WORDS for word in words):
        return True
    joined = words + [a + b for a, b in zip(words, words[1:], strict=False)]
    return any(root in word for word in joined for root in SECRET_ROOTS)


def mask_value(key: str, value: str) -> str:
    """``value``, or the mask when ``key`` names a secret."""
    return MASK if is_secret(key) else value


def mask_options(options: Mapping[str, str]) -> dict[str, str]:
    """The options sorted by key, as Flink lists them, with secret values masked."""
    return {key: mask_value(key, options[key]) for key in sorted(options)}


def mask_rows(rows: Iterable[list]) -> list[list]:
    """Result rows with secrets masked: a (key, value) row whose key names a secret (with or
    without DESCRIBE CATALOG's ``option:`` prefix), and options inside any text cell."""
    masked = []
    for row in rows:
        row = [mask_ddl(cell) if isinstance(cell, str) else cell for cell in row]
        if len(row) == 2 and isinstance(row[0], str) and isinstance(row[1], str):
            key = row[0].removeprefix("option:")
            if is_secret(key):
                row[1] = MASK
        masked.append(row)
    return masked


# -- masking SQL text ----------------------------------------------------------------------------

_SCAN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<comment>--[^\n]*|/\*.*?(?:\*/|\Z))
  | (?P<string>(?:[uU]&|[nNeExX])?'[^']*(?:''[^']*)*(?P<s_end>')?)
  | (?P<dq>"[^"]*(?:""[^"]*)*(?P<d_end>")?)
  | (?P<bq>`[^`]*(?:``[^`]*)*(?P<b_end>`)?)
  | (?P<punct>[=,();])
  | (?P<word>[^\s'"`=,();]+)
    """,
    re.S | re.X,
)
# Wherever a key could name a secret (a superset of ``is_secret``'s words, and ``U&`` keys,
# whose escapes can spell anything): text without any of them is returned as it is.
_SECRET_SPELLINGS = [
    *(r"[\W_]*".join(re.escape(c) for c in root) for root in SECRET_ROOTS),
    *sorted(SECRET_WORDS),
    "u&",
]
# Led by a lookahead of the letters they start with, which the alternatives imply: the same
# matches, three times faster (the engine tries the alternatives only where one may start).
_MAYBE_SECRET = re.compile(
    f"(?=[{''.join(sorted({s[0] for s in _SECRET_SPELLINGS}))}])(?:{'|'.join(_SECRET_SPELLINGS)})",
    re.I,
)


def mask_ddl(text: str) -> str:
    """SQL text (Flink's SHOW CREATE output, a statement as typed, an error message listing
    options) with the value after every secret key replaced by the mask.

    A key is a quoted string (``'...'``, ``U&'...'``, ``"..."``) followed by ``=`` or
    directly by another quoted value; the value runs to the next ``,``, ``)``, ``;`` or ``'key' =``
    outside parentheses. Comments are masked inside. Text with an unterminated quote is cut after
    the first secret-looking word."""
    first = _MAYBE_SECRET.search(text)
    if first is None:
        return text
    tokens = [(m.lastgroup, m.start(), m.end(), m) for m in _SCAN.finditer(text)]
    unterminated = any(
        (kind == "string" and m.group("s_end") is None)
        or (kind == "dq" and m.group("d_end") is None)
        or (kind == "bq" and m.group("b_end") is None)
        for kind, _, _, m in tokens
    )
    spans = _secret_value_spans(tokens)
    cut = len(text)
    if unterminated:
        # a quote that never closes may hide keys and values from the scan: cut after the first
        # secret-looking word that is not a key whose value was masked
        covered = [(key, end) for key, _, end in spans]
        for found in _MAYBE_SECRET.finditer(text):
            if not any(start <= found.start() < end for start, end in covered):
                cut = found.end()
                break
    # each secret value becomes the mask, each comment is masked inside
    edits = [(start, end, f"'{MASK}'") for _, start, end in spans]
    edits += [
        (start, end, match.group(0)[:2] + mask_ddl(match.group(0)[2:]))
        for kind, start, end, match in tokens
        if kind == "comment" and not any(s <= start < e for _, s, e in spans)
    ]
    parts: list[str] = []
    position = 0
    for start, end, replacement in sorted(edits):
        if end > cut:
            break
        parts += [text[position:start], replacement]
        position = end
    parts.append(text[position:cut])
    if cut < len(text):
        parts.append(f"'{MASK}'")
    return "".join(parts)


def mask_error(error: str, statement: str) -> str:
    """An error message about ``statement`` masked as SQL text, and without any secret value
    of the statement, which a parse error quotes alone (``Encountered "'...'"``)."""
    masked = mask_ddl(error)
    if _MAYBE_SECRET.search(statement) is None:
        return masked
    tokens = [(m.lastgroup, m.start(), m.end(), m) for m in _SCAN.finditer(statement)]
    values: set[str] = set()
    for _, start, end in _secret_value_spans(tokens):
        inside = [m for m in _SCAN.finditer(statement[start:end]) if m.lastgroup != "ws"]
        values.update(
            _literal(m.group(0)) if m.lastgroup == "string" and m.group("s_end") else m.group(0)
            for m in inside
            if m.lastgroup not in ("punct", "comment")
        )
    for value in sorted(values, key=len, reverse=True):
        if value.strip():
            pattern = rf"(?<![A-Za-z0-9]){re.escape(value)}(?![A-Za-z0-9])"
            masked = re.sub(pattern, MASK, masked)
    return masked


def _secret_value_spans(tokens: list) -> list[tuple[int, int, int]]:
    """(where the key starts, where its value starts, where the value ends) of every secret."""
    meaningful = [t for t in tokens if t[0] not in ("ws", "comment")]
    spans = []
    i = 0
    while i < len(meaningful):
        key, j = _key(meaningful, i)
        if key is None or not is_secret(key):
            i += 1
            continue
        if j < len(meaningful) and meaningful[j][3].group(0) == "=":
            j += 1
        elif j >= len(meaningful) or meaningful[j][0] not in ("string", "dq"):
            i += 1
            continue
        first = last = j
        depth = 0
        while last < len(meaningful):
            text = meaningful[last][3].group(0)
            ends = text in (",", ";", ")") or last > first and _is_key(meaningful, last)
            if depth == 0 and ends:
                break
            depth += {"(": 1, ")": -1}.get(text, 0)
            last += 1
        if last > first:
            spans.append((meaningful[i][1], meaningful[first][1], meaningful[last - 1][2]))
        i = last
    return spans


def _key(meaningful: list, i: int) -> tuple[str | None, int]:
    """The text of the key that token ``i`` starts, and the index of the token after it: a
    quoted name (``'...'``, ``"..."``, `` `...` ``, ``U&'...'`` with its ``UESCAPE 'c'``), or
    several joined by ``||``; None when token ``i`` is no quoted name."""
    if meaningful[i][0] not in ("string", "dq", "bq"):
        return None, i + 1
    key = _literal(meaningful[i][3].group(0))
    j = i + 1
    if (
        meaningful[i][3].group(0)[:2].lower() == "u&"
        and j + 1 < len(meaningful)
        and meaningful[j][3].group(0).lower() == "uescape"
        and meaningful[j + 1][0] == "string"
    ):
        escape = _literal(meaningful[j + 1][3].group(0))
        key = _literal(meaningful[i][3].group(0), escape)
        j += 2
    if j + 1 < len(meaningful) and meaningful[j][3].group(0) == "||":
        rest, after = _key(meaningful, j + 1)
        if rest is not None:
            return key + rest, after
    return key, j


def _is_key(meaningful: list, i: int) -> bool:
    """Whether token ``i`` starts another ``'key' =`` (options listed one a line)."""
    key, after = _key(meaningful, i)
    return key is not None and after < len(meaningful) and meaningful[after][3].group(0) == "="


def _literal(quoted: str, escape: str = "\\") -> str:
    """The text of a quoted key; a U&'...' key with its escapes (``escape``, as its UESCAPE
    clause names it) decoded: one that cannot be decoded counts as a secret."""
    if quoted[:2].lower() == "u&":
        if len(escape) != 1 or escape in "0123456789abcdefABCDEF+'\" \t\n":
            return "password"
        body = quoted[3:-1]
        pattern = re.escape(escape) + r"(?:\+([0-9A-Fa-f]{6})|([0-9A-Fa-f]{4}))"
        decoded = re.sub(pattern, lambda m: chr(int(m.group(1) or m.group(2), 16)), body)
        return decoded if escape not in decoded else "password"
    if quoted[0] in "nNeExX":
        quoted = quoted[1:]
    return quoted[1:-1].replace(quoted[0] * 2, quoted[0])


# -- placeholders ------------------------------------------------------------------------------
# An export without secrets writes ``${VARIABLE}`` in place of each secret value; in the
# statement that re-creates the object it is the literal '${VARIABLE}'.
_PLACEHOLDER_LITERAL = re.compile(r"'\$\{([A-Za-z_][A-Za-z0-9_]*)\}'")


def placeholder_variables(statements: Iterable[str]) -> list[str]:
    """The variables of the ``'${VARIABLE}'`` placeholders in ``statements``, in order."""
    found: dict[str, None] = {}
    for text in statements:
        found.update(dict.fromkeys(_PLACEHOLDER_LITERAL.findall(text)))
    return list(found)


def fill_placeholders(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each ``'${VARIABLE}'`` replaced by its value, quoted (every variable of
    :func:`placeholder_variables` must have one)."""
    return _PLACEHOLDER_LITERAL.sub(
        lambda m: "'" + values[m.group(1)].replace("'", "''") + "'", text
    )
