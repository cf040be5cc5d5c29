"""Compare the two sides' answers to one view and classify the difference.

The rules are those of the goldens (``tests.test_goldens.compare``): parse errors are compared
loosely, other messages exactly. Categories, worst first:

- ``internal``: the dashboard failed with an internal error (always a disagreement);
- ``flink-ok-ours-refused`` / ``flink-refused-ours-ok``: success differs;
- ``text``: both created the view, ``SHOW CREATE VIEW`` differs;
- ``describe``: both created the view, ``DESCRIBE`` differs;
- ``message``: both refused, with different messages (counted separately);
- ``agree``.
"""

from __future__ import annotations

import re

from tests.difftest.views import Answer

DISAGREEMENTS = ("internal", "flink-ok-ours-refused", "flink-refused-ours-ok", "text", "describe")
CATEGORIES = DISAGREEMENTS + ("message", "agree")


def classify(flink: Answer, ours: Answer) -> tuple[str, str | None]:
    """The category of the difference between the answers and a description of it."""
    from tests.test_goldens import compare

    internal = next((r for r in ours if r.get("internal")), None)
    if internal is not None:
        return "internal", _exception_line(internal["internal"])
    create_f, create_o = flink[0], ours[0]
    if create_f["ok"] and not create_o["ok"]:
        return "flink-ok-ours-refused", create_o["error"]
    if not create_f["ok"] and create_o["ok"]:
        return "flink-refused-ours-ok", create_f["error"]
    if not create_f["ok"]:
        difference = compare(create_f, create_o)
        return ("message", difference) if difference else ("agree", None)
    for kind, want, got in (("text", flink[1], ours[1]), ("describe", flink[2], ours[2])):
        difference = compare(want, got)
        if difference:
            return kind, difference
    return "agree", None


_NAMES = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\b\d+\b")


def signature(category: str, flink: Answer, ours: Answer) -> str:
    """A coarse key that groups disagreements of one kind (names and numbers blanked), so that the
    report reduces a few of each rather than every one."""
    if category == "internal":
        text = _exception_line(next(r["internal"] for r in ours if r.get("internal")))
    elif category == "flink-ok-ours-refused":
        text = ours[0]["error"] or ""
    elif category in ("flink-refused-ours-ok", "message"):
        text = flink[0]["error"] or ""
    elif category == "text":
        return f"text: {_first_difference(flink[1]['rows'][0][0], ours[1]['rows'][0][0])}"
    else:
        text = _describe_difference(flink[2]["rows"], ours[2]["rows"])
    first = text.split("\n", 1)[0]
    return f"{category}: {_NAMES.sub('_', first)[:120]}"


_EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception)\b.*$", re.MULTILINE)


def _exception_line(traceback: str) -> str:
    """The ``SomeError: message`` line of a Python traceback (its last such line)."""
    found = _EXCEPTION.findall(traceback)
    lines = [m.group(0) for m in _EXCEPTION.finditer(traceback)]
    return lines[-1] if found else traceback.strip().splitlines()[-1]


def _first_difference(want: str, got: str) -> str:
    """Where two texts part: the token each has there, and a little after, from the start of
    the token the difference falls in (names and literals blanked)."""
    pairs = enumerate(zip(want, got, strict=False))
    at = next((i for i, (a, b) in pairs if a != b), min(len(want), len(got)))
    while at > 0 and want[at - 1] not in " ,()\n":
        at -= 1
    want, got = (_NAMES.sub("_", t[at : at + 24]).replace("\n", "⏎") for t in (want, got))
    return f"Flink «{want}» ours «{got}»"


def _describe_difference(want: list, got: list) -> str:
    if len(want) != len(got):
        return f"{len(want)} columns, ours {len(got)}"
    for a, b in zip(want, got, strict=True):
        if a != b:
            if a[1] != b[1]:
                return f"type Flink {a[1]} ours {b[1]}"
            if a[2] != b[2]:
                return f"nullable Flink {a[2]} ours {b[2]}"
            return f"Flink {a} ours {b}"
    return "same rows"
