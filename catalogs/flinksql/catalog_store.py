"""Flink's ``FileCatalogStore`` files: one ``<catalog>.yaml`` per catalog (pure, no Django).

Flink 2.3 writes a catalog's options in two YAML layers, and this module reproduces both byte
for byte (the tests compare with files real Flink writes):

- each value is first turned into YAML text by ``ConfigurationUtils.convertToString``
  (snakeyaml-engine, YAML 1.2 core schema, no line wrapping): ``sales`` stays ``sales``, ``123``
  becomes ``'123'``, a value with a line break becomes a literal block ``|-``;
- the map of those texts is then written by Jackson's YAML mapper: every value in double quotes,
  lines wrapped at 80 columns, keys plain unless they look like a keyword or a number.

The keys come in the order of the Java ``HashMap`` Flink serializes (``Configuration.toMap``), which
this module computes from Java's string hash, starting from the options in key order (the order
``SHOW CREATE CATALOG`` lists them in, and the order the dashboard writes them in DDL).

Reading a file undoes both layers. Files come from users, so reading validates: a size limit, a
file name that is a plain catalog name (no folders), ``yaml.safe_load`` only, a flat map of
scalars with a ``type``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import yaml

from .quoting import quote_in_comment

FILE_EXTENSION = ".yaml"
MAX_FILE_BYTES = 64 * 1024
MAX_FILES = 1000
MAX_NAME_BYTES = 255 - len(FILE_EXTENSION)  # file systems name files of at most 255 bytes
_STORABLE = re.compile(r"^(?!\.)[^/\\\x00-\x1f\x7f]+$")
_BEST_WIDTH = 80
_INDENT = 2

_ESCAPES = {
    "\0": "0",
    "\x07": "a",
    "\x08": "b",
    "\t": "t",
    "\n": "n",
    "\x0b": "v",
    "\x0c": "f",
    "\r": "r",
    "\x1b": "e",
    '"': '"',
    "\\": "\\",
    "\x85": "N",
    "\xa0": "_",
    "\u2028": "L",
    "\u2029": "P",
}
# What snakeyaml-engine's representer writes as a literal block (``|``).
_MULTILINE = "\n\x85\u2028\u2029"

# YAML 1.2 core schema: plain scalars that would read back as something else than a string.
_CORE_NON_STRING = re.compile(
    r"""^(?:null|Null|NULL|~|
    true|True|TRUE|false|False|FALSE|
    [-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|
    [-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|
    [-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$""",
    re.VERBOSE,
)
# Jackson quotes a key that reads as a YAML 1.1 keyword or starts like a number.
_JACKSON_KEYWORDS = set(
    "false False FALSE n N no No NO null Null NULL on On ON off Off OFF true True TRUE "
    "y Y yes Yes YES".split()
)


class CatalogStoreError(ValueError):
    """A catalog-store file that cannot be read; the message names the file."""


# -- the store file ---------------------------------------------------------------------------
def catalog_store_file(options: dict[str, str]) -> bytes:
    """The bytes of ``<catalog>.yaml`` that Flink's ``FileCatalogStore`` writes for ``options``."""
    lines = []
    for key in java_hash_map_order(sorted(options)):
        inner = configuration_string(options[key])
        text_key = _key(key)
        column = len(text_key) + 2  # "key: "
        lines.append(f"{text_key}: {_double_quoted(inner, column, split=True)}\n")
    return "".join(lines).encode("utf-8")


def catalog_file_name(catalog: str) -> str:
    """``<catalog>.yaml``, the file Flink's FileCatalogStore keeps ``catalog`` in; a name that
    would leave the folder, hide the file or not fit a file name is refused, naming it."""
    if not is_storable(catalog):
        raise CatalogStoreError(
            f"Catalog {quote_in_comment(catalog)} cannot be stored by Flink's FileCatalogStore, "
            "which keeps a catalog in the file <catalog>.yaml of its folder: a name for it holds "
            "no '/', '\\', NUL or other control character, does not start with '.', and is at "
            f"most {MAX_NAME_BYTES} bytes in UTF-8."
        )
    return catalog + FILE_EXTENSION


def is_storable(catalog: str) -> bool:
    """Whether ``<catalog>.yaml`` is a plain file name in the store folder. Flink would write a
    name with '/' into (or out of) subfolders and list a name starting with '.' as a hidden file;
    control characters are refused too, so no exported file name breaks a line."""
    return (
        bool(_STORABLE.match(catalog))
        and len(catalog.encode("utf-8", "surrogatepass")) <= MAX_NAME_BYTES
    )


def configuration_string(value: str) -> str:
    """``ConfigurationUtils.convertToString`` of a string option: its YAML text."""
    if any(ch in _MULTILINE for ch in value):
        analysis = _analyze(value)
        if analysis.allow_block:
            return _literal(value)
        return _double_quoted(value, 0, split=False)
    analysis = _analyze(value)
    if analysis.allow_plain and not _CORE_NON_STRING.match(value):
        return value
    if analysis.allow_single_quoted:
        return "'" + value.replace("'", "''") + "'"
    return _double_quoted(value, 0, split=False)


def _key(key: str) -> str:
    if not key or key[0] in "0123456789-+.~" or key in _JACKSON_KEYWORDS:
        return _double_quoted(key, 0, split=False)
    analysis = _analyze(key)
    if analysis.allow_plain:
        return key
    if analysis.allow_single_quoted:
        return "'" + key.replace("'", "''") + "'"
    return _double_quoted(key, 0, split=False)


# -- Java's HashMap iteration order -----------------------------------------------------------
def java_string_hash(text: str) -> int:
    """``String.hashCode()``: over UTF-16 code units, as a signed 32-bit int."""
    h = 0
    data = text.encode("utf-16-be")
    for i in range(0, len(data), 2):
        h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
    return h


def _bucket(key: str, capacity: int) -> int:
    h = java_string_hash(key)
    return (h ^ (h >> 16)) & (capacity - 1)


def _table_size_for(capacity: int) -> int:
    size = 1
    while size < capacity:
        size *= 2
    return size


def java_hash_map_order(keys: list[str]) -> list[str]:
    """The iteration order of ``Configuration.toMap()`` for keys put in ``keys`` order.

    The configuration's own map grows from 16 buckets as entries are put; ``toMap`` copies it
    into a map sized for its entries. A HashMap iterates bucket by bucket, and within a bucket in
    the order entries were put: a stable sort by bucket, once per map.
    """
    count = len(keys)
    grown = 16
    while count > grown * 0.75:
        grown *= 2
    expected = count + 1 if count <= 2 else math.ceil(count / 0.75)
    copied = _table_size_for(expected)
    order = sorted(keys, key=lambda k: _bucket(k, grown))
    return sorted(order, key=lambda k: _bucket(k, copied))


# -- scalar writing (the snakeyaml emitter's rules) ---------------------------------------------
@dataclass
class _Analysis:
    allow_plain: bool
    allow_single_quoted: bool
    allow_block: bool


def _printable(ch: str) -> bool:
    return (
        "\x20" <= ch <= "\x7e"
        or ch in "\n\x85"
        or "\xa0" <= ch <= "\ud7ff"
        or "\ue000" <= ch <= "\ufffd"
        or "\U00010000" <= ch <= "\U0010ffff"
    )


def _analyze(scalar: str) -> _Analysis:
    """Which styles can hold ``scalar`` (block context; only ``\\n`` breaks a line)."""
    if not scalar:
        return _Analysis(False, True, False)
    block_indicators = scalar.startswith(("---", "..."))
    line_breaks = special = False
    leading_space = scalar[0] == " "
    trailing_space = scalar[-1] == " "
    leading_break = scalar[0] == "\n"
    trailing_break = scalar[-1] == "\n"
    break_space = space_break = False
    previous_space = previous_break = False
    whitespace = "\0 \t\r\n"
    for index, ch in enumerate(scalar):
        followed = index + 1 >= len(scalar) or scalar[index + 1] in whitespace
        preceded = index == 0 or scalar[index - 1] in whitespace
        if index == 0:
            if ch in "#,[]{}&*!|>'\"%@`":
                block_indicators = True
            if ch in "?:-" and followed:
                block_indicators = True
        else:
            if ch == ":" and followed:
                block_indicators = True
            if ch == "#" and preceded:
                block_indicators = True
        if ch == "\n":
            line_breaks = True
        elif not _printable(ch):
            special = True
        if ch == " ":
            break_space = break_space or previous_break
            previous_space, previous_break = True, False
        elif ch == "\n":
            space_break = space_break or previous_space
            previous_space, previous_break = False, True
        else:
            previous_space = previous_break = False
    allow_plain = not (
        leading_space or leading_break or trailing_space or trailing_break or line_breaks
    )
    allow_single = True
    allow_block = not trailing_space
    if break_space:
        allow_plain = allow_single = False
    if space_break or special:
        allow_plain = allow_single = allow_block = False
    if block_indicators:
        allow_plain = False
    return _Analysis(allow_plain, allow_single, allow_block)


def _escape(ch: str) -> str:
    if ch in _ESCAPES:
        return "\\" + _ESCAPES[ch]
    if _printable(ch):
        return ch
    code = ord(ch)
    if code <= 0xFF:
        return "\\x" + format(code, "02x")
    if code <= 0xFFFF:
        return "\\u" + format(code, "04x")
    return "\\U" + format(code, "08x")


def _double_quoted(text: str, column: int, split: bool) -> str:
    """snakeyaml's double-quoted scalar, wrapped at 80 columns when ``split``."""
    out = ['"']
    column += 1
    start = end = 0
    while end <= len(text):
        ch = text[end] if end < len(text) else None
        if ch is None or ch in '"\\\x85\u2028\u2029' or not ("\x20" <= ch <= "\x7e"):
            if start < end:
                out.append(text[start:end])
                column += end - start
                start = end
            if ch is not None:
                data = _escape(ch)
                out.append(data)
                column += len(data)
                start = end + 1
        if (
            split
            and 0 < end < len(text) - 1
            and (ch == " " or start >= end)
            and column + (end - start) > _BEST_WIDTH
        ):
            out.append(text[start:end] + "\\")
            if start < end:
                start = end
            out.append("\n" + " " * _INDENT)
            column = _INDENT
            if text[start] == " ":
                out.append("\\")
                column += 1
        end += 1
    out.append('"')
    return "".join(out)


def _literal(text: str) -> str:
    """A literal block scalar (``|``) at the top level, without its final line break."""
    hints = ""
    if text[0] in " \n":
        hints += str(_INDENT)
    if text[-1] != "\n":
        hints += "-"
    elif len(text) == 1 or text[-2] == "\n":
        hints += "+"
    body = "\n".join(" " * _INDENT + line if line else "" for line in text.split("\n"))
    if text.endswith("\n"):
        body = body[:-1]
    return f"|{hints}\n{body}"


# -- reading ----------------------------------------------------------------------------------
def check_file_name(file_name: str) -> str:
    """The catalog name of a store file; names that could leave the folder are refused."""
    name = file_name.removesuffix(FILE_EXTENSION)
    if not file_name.endswith(FILE_EXTENSION) or not is_storable(name):
        raise CatalogStoreError(
            f"{file_name!r}: not a catalog-store file name: expected <catalog>.yaml, a plain "
            "file name without folders."
        )
    return name


def read_catalog_store_file(file_name: str, data: bytes) -> tuple[str, dict[str, str]]:
    """The catalog name and options a store file holds, both YAML layers undone."""
    name = check_file_name(file_name)
    if len(data) > MAX_FILE_BYTES:
        raise CatalogStoreError(
            f"{file_name}: {len(data)} bytes, more than the {MAX_FILE_BYTES} a catalog-store file "
            "may hold."
        )
    try:
        text = data.decode("utf-8")
        loaded = yaml.safe_load(text)
    except UnicodeDecodeError:
        raise CatalogStoreError(f"{file_name}: not UTF-8 text.") from None
    except yaml.YAMLError as exc:
        raise CatalogStoreError(f"{file_name}: not valid YAML: {_yaml_problem(exc)}") from None
    except RecursionError:  # PyYAML composes nested collections recursively
        raise CatalogStoreError(
            f"{file_name}: nests lists or maps too deeply; a catalog-store file is a flat map."
        ) from None
    if not isinstance(loaded, dict):
        raise CatalogStoreError(f"{file_name}: expected a map of option keys to values.")
    options: dict[str, str] = {}
    for key, value in loaded.items():
        if not isinstance(key, str):
            raise CatalogStoreError(f"{file_name}: option key {key!r} is not a string.")
        options[key] = _option_value(file_name, key, value)
    if not options.get("type"):
        raise CatalogStoreError(f"{file_name}: option 'type' is missing: Flink needs it.")
    return name, options


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """What PyYAML found wrong and where, without the line of the file it quotes (that line may
    hold a secret option's value)."""
    problem = getattr(exc, "problem", None) or "unreadable"
    mark = getattr(exc, "problem_mark", None)
    if mark is None:
        return problem
    return f"{problem} at line {mark.line + 1}, column {mark.column + 1}"


def _option_value(file_name: str, key: str, value: object) -> str:
    if isinstance(value, bool):
        inner = "true" if value else "false"
    elif isinstance(value, (int, float, str)):
        inner = str(value)
    else:
        raise CatalogStoreError(
            f"{file_name}: option '{key}' must be a string, not {type(value).__name__}."
        )
    # The second layer: Flink reads the text as YAML again when it reads the option.
    try:
        decoded = yaml.safe_load(inner)
    except yaml.YAMLError:
        return inner
    return decoded if isinstance(decoded, str) else inner
