"""Whether Java's ``DateTimeFormatter.ofPattern`` takes a pattern, and its message when not.

Flink checks a literal pattern of ``TO_TIMESTAMP_LTZ(string, pattern)`` with it while it
plans ("Invalid pattern for parsing TIMESTAMP_LTZ: <message>"). The pattern is read as Java 17
reads it: runs of one ASCII letter (a count of that letter, optionally padded by a run of
``p``), literals in single quotes, optional sections in brackets, ``{``, ``}`` and ``#``
reserved, anything else a literal. Held to the engine by a corpus of patterns recorded from
Flink's JVM (tests/goldens/java_patterns_oracle.json, tests/record_patterns_oracle.py).

One refusal is no IllegalArgumentException but Java's own fault (:data:`NUMBER_CAST`):
a padded number followed by a number parsed adjacent to it (``pyw``) fails a cast in the
builder, which Flink reports as a bug of its type inference.
"""

from __future__ import annotations

# the letters of fields (Java's FIELD_MAP), read by _field_problem
_FIELDS = frozenset("GyuQqMLDdFEceaHkKhmsSAnNg")
_TEXT_COUNTS = frozenset("MLQqEe")  # 1-2 a number (E: text), 3-5 text, more too many
_ONE_OR_TWO = frozenset("dhHkKms")
_WIDE = frozenset("yugAnN")  # a value of the count's width and up to 19 digits

# what Java throws, instead of an IllegalArgumentException, for a padded number followed by
# a number parsed adjacent to it
NUMBER_CAST = "java.lang.ClassCastException"


def pattern_problem(pattern: str) -> str | None:
    """Java's message refusing ``pattern``, or None when it is a pattern."""
    depth = 0  # optional sections open
    # The number the next one is parsed adjacent to: None when there is none (anything but a
    # number comes between), else whether it was padded.
    adjacent: bool | None = None
    pos = 0
    while pos < len(pattern):
        cur = pattern[pos]
        if _is_letter(cur):
            count, pos = _run(pattern, pos)
            padded = cur == "p"
            if padded:
                if pos < len(pattern) and _is_letter(pattern[pos]):
                    cur = pattern[pos]
                    count, pos = _run(pattern, pos)
                else:
                    return f"Pad letter 'p' must be followed by valid pad pattern: {pattern}"
            problem = _letter_problem(cur, count)
            if problem is not None:
                return problem
            if padded:
                adjacent = None  # padding starts afresh: the padded one is parsed alone
            number = _number(cur, count)
            if number is None:
                adjacent = None
            elif adjacent:
                return NUMBER_CAST
            elif adjacent is None or not number:
                # a number of fixed width keeps the one before as the one to follow
                adjacent = padded
            continue
        if cur == "'":
            end = _literal_end(pattern, pos)
            if end is None:
                return f"Pattern ends with an incomplete string literal: {pattern}"
            pos = end + 1
        elif cur == "[":
            depth += 1
            pos += 1
        elif cur == "]":
            if depth == 0:
                return "Pattern invalid as it contains ] without previous ["
            depth -= 1
            pos += 1
        elif cur in "{}#":
            return f"Pattern includes reserved character: '{cur}'"
        else:
            pos += 1
        adjacent = None  # a literal or an optional section's edge comes between
    return None


def _is_letter(char: str) -> bool:
    return "A" <= char <= "Z" or "a" <= char <= "z"


def _run(pattern: str, pos: int) -> tuple[int, int]:
    """How many times the letter at ``pos`` repeats, and where the run ends."""
    end = pos
    while end < len(pattern) and pattern[end] == pattern[pos]:
        end += 1
    return end - pos, end


def _literal_end(pattern: str, start: int) -> int | None:
    """Where the quoted literal opened at ``start`` closes (``''`` inside is a quote)."""
    pos = start + 1
    while pos < len(pattern):
        if pattern[pos] == "'":
            if pos + 1 < len(pattern) and pattern[pos + 1] == "'":
                pos += 2
                continue
            return pos
        pos += 1
    return None


def _letter_problem(cur: str, count: int) -> str | None:
    if cur in _FIELDS:
        return _field_problem(cur, count)
    too_many = f"Too many pattern letters: {cur}"
    if cur == "z":
        return too_many if count > 4 else None
    if cur == "V":
        return None if count == 2 else f"Pattern letter count must be 2: {cur}"
    if cur == "v":
        return None if count in (1, 4) else f"Wrong number of pattern letters: {cur}"
    if cur == "Z":
        return too_many if count > 5 else None
    if cur == "O":
        return None if count in (1, 4) else f"Pattern letter count must be 1 or 4: {cur}"
    if cur in "Xx":
        return too_many if count > 5 else None
    if cur == "W":
        return too_many if count > 1 else None
    if cur == "w":
        return too_many if count > 2 else None
    if cur == "Y":
        return None
    if cur == "B":
        return None if count in (1, 4, 5) else f"Wrong number of pattern letters: {cur}"
    return f"Unknown pattern letter: {cur}"


def _field_problem(cur: str, count: int) -> str | None:
    too_many = f"Too many pattern letters: {cur}"
    if cur in _WIDE:
        if cur in "uy" and count == 2:
            return None
        return _width_problem(count)
    if cur == "c":
        if count == 2:
            return 'Invalid pattern "cc"'
        return too_many if count > 5 else None
    if cur in _TEXT_COUNTS or cur == "G":
        return too_many if count > 5 else None
    if cur == "a" or cur == "F":
        return too_many if count > 1 else None
    if cur == "S":
        return (
            None if count <= 9 else f"Minimum width must be from 0 to 9 inclusive but was {count}"
        )
    if cur in _ONE_OR_TWO:
        return too_many if count > 2 else None
    if cur == "D":
        return too_many if count > 3 else None
    raise AssertionError(f"no rule for the field letter {cur}")  # _FIELDS lists only these


def _number(cur: str, count: int) -> bool | None:
    """For a letter Java appends as a number (a valid count), whether of fixed width (the
    same least and greatest number of digits, never signed); None for text, zones, offsets."""
    if cur in "uy":
        return count == 2
    if cur in "ceW":
        return True if count <= 2 else None
    if cur in "MLQq":
        return count == 2 if count <= 2 else None
    if cur in "dhHkKms":
        return count == 2
    if cur in "SY":
        return cur == "S" or count in (2, 19)
    if cur == "F":
        return False
    if cur == "D":
        return count == 3
    if cur == "g":
        return False
    if cur in "AnN":
        return count == 19
    if cur == "w":
        return count == 2
    return None


def _width_problem(count: int) -> str | None:
    if count > 19:
        return f"The minimum width must be from 1 to 19 inclusive but was {count}"
    return None
