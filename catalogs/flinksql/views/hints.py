"""Flink's SQL hints in a view's query, kept in its stored text as Calcite writes them.

A query hint follows SELECT (``SELECT /*+ STATE_TTL('t' = '1d') */ ...``); a table hint follows
a table's name in FROM (``FROM t /*+ OPTIONS('k' = 'v') */ AS x``). Both take the hints Flink's
HintStrategyTable registers, each written ```NAME`(options)`` with its name's case kept.

sqlglot reads a table hint as a comment on the table, like any other comment. So that the two
stay apart, :func:`mark_table_hints` marks each ``/*+`` that is not a query hint before parsing
(one character for one, so every position Flink reports stays where it was), and
:func:`check_hint_places` gives each marked hint to the table whose name it follows.
"""

from __future__ import annotations

import re

from sqlglot import exp

from ..dialect import DIALECT
from ..errors import SqlParseError, ValidationError
from ..quoting import quote_identifier, quote_string
from ..secrets import is_secret
from .reserved import text_position

# Flink's hints by their options' form: key-value options or names (of tables).
HINT_FORMS = {
    "OPTIONS": "kv",
    "LOOKUP": "kv",
    "STATE_TTL": "kv",
    **dict.fromkeys(("BROADCAST", "SHUFFLE_HASH", "SHUFFLE_MERGE", "NEST_LOOP"), "names"),
}

# Replaces the '+' of a table hint's '/*+': a control character no one types in a comment.
MARK = "\x1f"
_QUOTED = re.compile(r"'(?:[^']|'')*'|`(?:[^`]|``)*`")
_HINT_START = re.compile(r"/\*\+")
_TRAILING_COMMA = re.compile(r",\s*\)")
# a comment that is no hint (between a table's name and its hint)
_COMMENT = re.compile(r"/\*(?![+" + MARK + r"]).*?\*/|--[^\n]*", re.DOTALL)
_AFTER_SELECT = re.compile(r"\bSELECT\s*$", re.IGNORECASE)

# LookupJoinHintOptions: the options Flink parses, by their ConfigOption type.
_LOOKUP_BOOLEAN = ("async",)
_LOOKUP_INTEGER = ("capacity", "max-attempts")
_LOOKUP_DURATION = ("timeout", "fixed-delay")
_LOOKUP_ENUMS = {
    "output-mode": ("ORDERED", "ALLOW_UNORDERED"),
    "retry-strategy": ("FIXED_DELAY",),
}
_LOOKUP_RETRY = ("retry-predicate", "retry-strategy", "fixed-delay", "max-attempts")
# TimeUtils.parseDuration: a number and an optional unit among its labels.
_DURATION = re.compile(
    r"\s*\d+\s*(d|day|days|h|hour|hours|min|m|minute|minutes|s|sec|secs|second|seconds|"
    r"ms|milli|millis|millisecond|milliseconds|µs|micro|micros|microsecond|microseconds|"
    r"ns|nano|nanos|nanosecond|nanoseconds)?\s*",
    re.IGNORECASE,
)


def mark_table_hints(query: str) -> str:
    """``query`` with each table hint's ``/*+`` marked (a query hint's stays as it is)."""
    if "/*+" not in query:
        return query
    masked = _masked(query)
    marked = list(query)
    for found in _HINT_START.finditer(masked):
        if not _AFTER_SELECT.search(masked[: found.start()]):
            marked[found.start() + 2] = MARK
    return "".join(marked)


def check_hint_places(root: exp.Expression, query: str, query_position: tuple[int, int]) -> None:
    """Give each table in FROM the table hint written right after its name (``table_hint``
    meta), and refuse, as Flink's parser does, a table hint anywhere else (a second one after
    the first among them) and a hint's options ending in a comma (which sqlglot reads past).

    Hints are placed by their positions in the text: sqlglot attaches a comment to the token
    before it or, on a line of its own (as Flink writes a table's hints), to the one after."""
    if "/*" not in query:  # no hint of either kind: most views
        return
    masked = _masked(query)
    for found in re.finditer(r"/\*[+" + MARK + r"].*?\*/", masked, re.DOTALL):
        comma = _TRAILING_COMMA.search(found.group())
        if comma is not None:
            line, column = text_position(query, found.start() + comma.end() - 1, query_position)
            raise SqlParseError('Encountered ")"', line, column)
    hints = {m.start(): m for m in re.finditer(r"/\*" + MARK + r"(.*?)\*/", query, re.DOTALL)}
    if not hints:
        return
    for table in root.find_all(exp.Table):
        name = table.this
        if not (isinstance(table.parent, exp.From | exp.Join) and isinstance(name, exp.Identifier)):
            continue
        end = name.meta.get("end")
        if end is None:
            continue
        after = _past_space(masked, end + 1)
        while after in hints or _COMMENT.match(masked, after):
            if after in hints:
                table.meta["table_hint"] = hints.pop(after).group(1)
                break
            after = _past_space(masked, _COMMENT.match(masked, after).end())
    if hints:
        line, column = text_position(query, min(hints), query_position)
        raise SqlParseError('Encountered "/*+"', line, column)


def _masked(query: str) -> str:
    """``query`` with its quoted strings and names blanked, one space for each character."""
    return _QUOTED.sub(lambda m: " " * len(m.group()), query)


def _past_space(text: str, at: int) -> int:
    """The offset of the first character from ``at`` on that is no white space."""
    return at + len(text[at:]) - len(text[at:].lstrip())


def table_hint_text(table: exp.Table, on_view: str | None) -> str | None:
    """The table hint after ``table`` as Calcite writes it, or None without one; ``on_view`` is
    the view the table's name resolved to, which Flink refuses to give OPTIONS."""
    comment = table.meta.get("table_hint")
    if comment is None:
        return None
    try:  # the dialect reads it as it reads a query hint
        parsed = DIALECT.parse(f"SELECT /*+ {comment} */ 1")[0].args.get("hint")
    except Exception:  # noqa: BLE001 - any text sqlglot cannot read as hints
        parsed = None
    if not isinstance(parsed, exp.Hint):
        raise ValidationError(f"Cannot read the table hint /*+{comment}*/")
    for item in parsed.expressions:
        if _hint_name(item) == "OPTIONS":
            if not _kv_options(item):
                raise ValidationError("Hint [OPTIONS] only support non empty key value options")
            if on_view is not None:
                raise ValidationError(
                    f"View '{on_view}' cannot be enriched with new options. "
                    "Hints can only be applied to tables."
                )
    text = hint_text(parsed)
    if text is None:
        raise ValidationError(
            "The dashboard cannot keep this table hint in a view's stored text yet, so the "
            "view would lose it. Write the query without it."
        )
    return text


def hint_text(hint: exp.Hint) -> str | None:
    """A hint as Calcite writes it (```STATE_TTL`('t' = '1d'), `BROADCAST`(`u`)``), or None
    where the dashboard does not keep it; an unregistered hint is refused as Flink does, and a
    LOOKUP hint's options are checked as Flink checks them."""
    texts = []
    for item in hint.expressions:
        if not isinstance(item, exp.Anonymous | exp.Var | exp.Column):
            return None
        name = item.name
        form = HINT_FORMS.get(name.upper())
        if form is None:
            raise ValidationError(f"Hint: {name} should be registered in the HintStrategyTable")
        options = item.expressions if isinstance(item, exp.Anonymous) else []
        kv = _kv_options(item)
        if name.upper() == "LOOKUP":
            _check_lookup(options, kv)
        if not options:
            return None
        if form == "kv" and kv is not None:
            _refuse_secrets(kv)
            written = [f"{key} = {quote_string(value)}" for key, value, _ in kv]
        elif form == "names" and all(isinstance(o, exp.Column) and not o.table for o in options):
            written = [quote_identifier(o.name) for o in options]
        else:
            return None
        texts.append(f"{quote_identifier(name)}({', '.join(written)})")
    return ", ".join(texts)


def _hint_name(item: exp.Expression) -> str:
    return item.name.upper() if isinstance(item, exp.Anonymous | exp.Var | exp.Column) else ""


def _kv_options(item: exp.Expression) -> list[tuple[str, str, str]] | None:
    """A hint's key-value options as (written key, value, key), or None when it has none or
    others: a key is a string or a simple name, a value a string."""
    options = item.expressions if isinstance(item, exp.Anonymous) else []
    kv = []
    for option in options:
        if not isinstance(option, exp.EQ):
            return None
        key, value = option.this, option.expression
        if not (isinstance(value, exp.Literal) and value.is_string):
            return None
        if isinstance(key, exp.Literal) and key.is_string:
            kv.append((quote_string(key.this), value.this, key.this))
        elif isinstance(key, exp.Column) and not key.table:
            kv.append((quote_identifier(key.name), value.this, key.name))
        else:
            return None
    return kv or None


def _refuse_secrets(kv: list[tuple[str, str, str]]) -> None:
    """A view's text is shown to everyone who may read the view: a credential is never kept
    there (the table's own options keep it write-only)."""
    for _, _, key in kv:
        if is_secret(key):
            raise ValidationError(
                f"The hint option '{key}' is a secret, and a view's text is shown to everyone "
                "who reads the view, so the dashboard does not store it there. Set it in the "
                "table's options, where it stays write-only."
            )


def _check_lookup(options: list[exp.Expression], kv: list[tuple[str, str, str]] | None) -> None:
    """LookupJoinHintOptions as the planner checks them when it converts the query."""
    if options and kv is None:
        raise ValidationError(
            "Invalid list options in LOOKUP hint, only support key-value options."
        )
    values = {key: value for _, value, key in kv or []}
    if "table" not in values:
        raise ValidationError(
            "Invalid LOOKUP hint: incomplete required option(s): "
            "[Key: 'table' , default: null (fallback keys: [])]"
        )
    for key, value in values.items():
        if not _parses(key, value):
            raise ValidationError(
                f"Invalid LOOKUP hint options: Could not parse value '{value}' for key '{key}'."
            )
    retry = [key in values for key in _LOOKUP_RETRY]
    if any(retry) and not all(retry):
        raise ValidationError("Invalid LOOKUP hint: retry options can be both null or all not null")
    predicate = values.get("retry-predicate")
    if predicate is not None and predicate.lower() != "lookup_miss":
        raise ValidationError(
            f"Invalid LOOKUP hint option: unsupported retry-predicate '{predicate}', only "
            "'lookup_miss' is supported currently"
        )


def _parses(key: str, value: str) -> bool:
    if key in _LOOKUP_BOOLEAN:
        return value.lower() in ("true", "false")
    if key in _LOOKUP_INTEGER:
        return re.fullmatch(r"\s*[+-]?\d+\s*", value) is not None
    if key in _LOOKUP_DURATION:
        return _DURATION.fullmatch(value) is not None
    if key in _LOOKUP_ENUMS:
        return value.upper() in _LOOKUP_ENUMS[key]
    return True
