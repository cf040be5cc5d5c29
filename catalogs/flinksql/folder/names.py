"""File names for Flink names: every Flink name gives a safe, distinct, stable file name.

A name is written as its UTF-8 bytes; the bytes ``a``-``z``, ``0``-``9``, ``_`` and ``-`` stand
for themselves and every other byte is ``%XX`` (two upper-case hex digits). So:

- ``/``, ``\\``, ``.`` and ``..``, NUL, control characters and back-ticks never reach the file
  system (``%2F``, ``%2E``, ``%60``...);
- upper-case letters are encoded too (``Orders`` is ``%4Frders``): two names that differ only
  in letter case (Flink tells them apart) give two files on a case-insensitive file system
  (macOS, Windows);
- unicode is encoded byte by byte, so no file system normalizes two names into one;
- the empty name is ``%00`` (NUL is no part of any name the catalog stores);
- a name Windows reserves (``con``, ``nul``, ``com1``...) gets its last byte encoded;
- an encoded name longer than :data:`LONGEST` bytes is cut and ends in ``~`` and 16 hex
  digits of the SHA-256 of the whole name, so it stays distinct and stable.

Reading a folder never depends on file names (each file says what it creates); the names are
only for people and for Git diffs. :func:`decode_name` reads a folder name back (a
hand-written ``Shop`` decodes to ``Shop``), used only to resolve unqualified names in
hand-written files.
"""

from __future__ import annotations

import hashlib
import re

LONGEST = 200  # bytes; file systems allow 255
_SAFE = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789_-")
_WINDOWS_RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])")
EMPTY = "%00"


def encode_name(name: str) -> str:
    """The file-name form of a Flink name (see the module's description)."""
    if name == "":
        return EMPTY
    data = name.encode("utf-8")
    encoded = "".join(chr(b) if b in _SAFE else f"%{b:02X}" for b in data)
    if _WINDOWS_RESERVED.fullmatch(encoded):
        encoded = encoded[:-1] + f"%{ord(encoded[-1]):02X}"
    if len(encoded) > LONGEST:
        cut = encoded[: LONGEST - 17]
        if "%" in cut[-2:]:  # never cut inside a %XX
            cut = cut[: cut.rindex("%")]
        encoded = cut + "~" + hashlib.sha256(data).hexdigest()[:16]
    return encoded


def decode_name(encoded: str) -> str | None:
    """The Flink name a folder or file name stands for; None for a cut name (it ends in a
    hash) or bytes that are not UTF-8."""
    if encoded == EMPTY:
        return ""
    if re.search(r"~[0-9a-f]{16}\Z", encoded):
        return None
    try:
        raw = re.sub(
            rb"%([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), encoded.encode()
        )
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
