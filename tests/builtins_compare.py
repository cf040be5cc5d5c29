"""The dashboard's view validator against Flink's recorded answer for every call of a built-in
function (``catalogs/flinksql/data/functions_oracle.json``).

Usage, from the project root::

    .venv/bin/python tests/builtins_compare.py [NAME...]

prints every difference (all functions, or the named ones) and a count by function.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from catalogs.flinksql import builtins  # noqa: E402
from catalogs.flinksql.catalog import ObjectIdentifier  # noqa: E402
from catalogs.flinksql.errors import FlinkSqlError  # noqa: E402
from catalogs.flinksql.views import (  # noqa: E402
    ExpandedView,
    Relation,
    RelationColumn,
    expand_view,
)

CATALOG, DATABASE = "default_catalog", "default_database"
TABLE = ObjectIdentifier(CATALOG, DATABASE, "t")


class _Reader:
    """A catalog of one table ``t`` with the recorder's columns, and no user functions."""

    def __init__(self) -> None:
        columns = builtins._data()["columns"]
        self.table = Relation(
            TABLE,
            tuple(RelationColumn(n, builtins.column_type(n)) for n in columns),
            is_view=False,
            options={"connector": "filesystem"},
        )

    def relation(self, identifier: ObjectIdentifier) -> Relation | None:
        return self.table if identifier == TABLE else None

    def function_return_type(self, name: str) -> None:
        return None


READER = _Reader()


def _expand(call: str) -> tuple[ExpandedView | None, str | None]:
    try:
        return expand_view(f"SELECT {call} FROM t", READER, CATALOG, DATABASE), None
    except FlinkSqlError as exc:
        return None, str(exc)
    except Exception as exc:  # a bug: reported as such
        return None, f"INTERNAL {type(exc).__name__}: {exc}"


def dashboard_answer(call: str) -> tuple[str | None, str | None]:
    """``(type, error)`` the validator gives ``SELECT <call> FROM t``."""
    view, error = _expand(call)
    return (None, error) if view is None else (view.columns[0].data_type.summary(), None)


def written_differences() -> dict[str, str]:
    """Each function whose first accepted call the view stores otherwise than Flink."""
    found = {}
    for name, written in builtins._data()["written"].items():
        cases = builtins._data()["calls"][name]
        text = next(t for t, answer in cases.items() if isinstance(answer, str))
        view, error = _expand(text)
        ours = error if view is None else view.expanded_query.split("SELECT ", 1)[1]
        ours = ours.split("\nFROM ", 1)[0]
        if ours != written:
            found[text] = f"Flink writes {written}, ours {ours}"
    return found


def differences(names: list[str] | None = None) -> dict[str, str]:
    """Every recorded call the validator answers differently, with the difference."""
    found: dict[str, str] = {}
    for name, calls in builtins.recorded_calls().items():
        if names and name not in names:
            continue
        for call in calls:
            ours, error = dashboard_answer(call.text)
            if call.result is not None:
                if ours != call.result.summary():
                    found[call.text] = f"Flink {call.result.summary()}, ours {ours or error}"
            elif ours is not None:
                found[call.text] = f"Flink refuses ({call.error.splitlines()[0]}), ours {ours}"
    return found


def main() -> int:
    names = [n.upper() for n in sys.argv[1:]] or None
    if names == ["WRITTEN"]:
        for text, difference in written_differences().items():
            print(f"{text}: {difference}")
        return 0
    found = differences(names)
    for text, difference in found.items():
        print(f"{text}: {difference}")
    counts = Counter(text[: text.index("(")] for text in found)
    print(counts.most_common())
    print(f"{len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
