"""What a change would mark, before it runs: the statements run in a transaction that is
rolled back, and every view whose mark they set is reported, at any depth, with the path,
the columns concerned and what Flink will do (catalogs.executor.marks defines the marks)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.flinksql.errors import FlinkSqlError
from catalogs.flinksql.parser import parse_statement

from . import marks
from .core import Executor, StatementResult
from .session import Session

NOTHING = "Nothing becomes broken or stale: no view's mark changes."


@dataclass(frozen=True)
class Impact:
    """One view whose mark the change sets (or clears)."""

    view: ObjectIdentifier
    mark: str  # ok, broken or stale once the change ran
    before: str  # its mark before
    path: tuple[ObjectIdentifier, ...]  # from the view to what changed
    columns: tuple[str, ...]  # the columns concerned
    consequence: str  # what Flink will do when a statement reads the view

    def as_json(self) -> dict[str, Any]:
        return {
            "view": str(self.view),
            "mark": self.mark,
            "before": self.before,
            "path": [str(p) for p in self.path],
            "columns": list(self.columns),
            "consequence": self.consequence,
        }


@dataclass
class ImpactReport:
    results: list[StatementResult] = field(default_factory=list)
    impacts: list[Impact] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every statement would run."""
        return all(r.ok for r in self.results)

    @property
    def breaks_nothing(self) -> bool:
        return not [i for i in self.impacts if i.mark != "ok"]

    @property
    def summary(self) -> str:
        if not self.impacts:
            return NOTHING
        broken = sum(1 for i in self.impacts if i.mark == "broken")
        stale = sum(1 for i in self.impacts if i.mark == "stale")
        cleared = sum(1 for i in self.impacts if i.mark == "ok")
        parts = []
        if broken:
            parts.append(f"{broken} view{'s' if broken != 1 else ''} would become broken")
        if stale:
            parts.append(f"{stale} view{'s' if stale != 1 else ''} would become stale (cast)")
        if cleared:
            parts.append(f"{cleared} view{'s' if cleared != 1 else ''} would be ok again")
        return ", ".join(parts) + "."

    def as_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "breaks_nothing": self.breaks_nothing,
            "summary": self.summary,
            "results": [r.as_json() for r in self.results],
            "impact": [i.as_json() for i in self.impacts],
        }


def impacts_of(changes: list[marks.MarkChange]) -> list[Impact]:
    """The net mark changes, each view once (its first mark before, its last after)."""
    first: dict[ObjectIdentifier, marks.MarkChange] = {}
    last: dict[ObjectIdentifier, marks.MarkChange] = {}
    for change in changes:
        first.setdefault(change.view, change)
        last[change.view] = change
    found = []
    for view, change in last.items():
        before = first[view]
        mark = change.mark
        if (before.before, before.before_reason) == (mark.status, mark.reason):
            continue
        path = mark.causes[0].path if mark.causes else ()
        consequence = mark.reason or (
            f"It was {before.before}; Flink reads it again as it was defined."
        )
        columns = tuple(mark.columns)
        found.append(Impact(view, mark.status, before.before, path, columns, consequence))
    order = {"broken": 0, "stale": 1, "ok": 2}
    return sorted(found, key=lambda i: (order.get(i.mark, 3), len(i.path), str(i.view)))


class _RollBack(Exception):
    pass


# Statements that only add a name: they can clear marks, never set one.
_ADDING = (st.CreateCatalog, st.CreateDatabase, st.CreateTable, st.CreateView, st.CreateFunction)


def may_mark(statements: list[str]) -> bool:
    """Whether running ``statements`` could set any view's mark: a plain CREATE (not OR
    REPLACE, not TEMPORARY, which shadows what a view reads) only adds a new name. Doors use it
    to skip a dry run that cannot find anything; a statement that does not parse may."""
    for text in statements:
        try:
            statement = parse_statement(text)
        except FlinkSqlError:
            return True
        replaces = getattr(statement, "or_replace", False) or getattr(statement, "temporary", False)
        if not isinstance(statement, _ADDING) or replaces:
            return True
    return False


def impact_of(session: Session, user: Any, statements: list[str], origin: str = "") -> ImpactReport:
    """Run ``statements`` (stopping at the first that fails) in a transaction that is rolled
    back, and report every view whose mark they would set, transitively. The session is left
    as it was, and nothing is published or kept in the history."""
    executor = Executor(session, user, origin)
    saved = executor.save_session()
    report = ImpactReport()
    executor.in_unit = True  # no version is published: nothing stays
    try:
        with transaction.atomic(), marks.observed() as changes:
            for text in statements:
                result = executor.execute(text)
                report.results.append(result)
                if not result.ok:
                    break
            report.impacts = impacts_of(changes)
            raise _RollBack
    except _RollBack:
        pass
    finally:
        executor.restore_session(saved)
        executor.in_unit = False
        executor.unpublished = False
    return report
