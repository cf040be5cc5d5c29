"""Checks: one statement run in Flink, its answer compared with the dashboard's."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from ..flinksql import render
from ..flinksql import snapshot_format as sf
from ..flinksql.catalog import (
    CatalogFunction,
    CatalogModel,
    CatalogTable,
    CatalogView,
    ObjectIdentifier,
    quote_identifier,
)
from ..flinksql.errors import FlinkSqlError
from .loadable import Loaded
from .objects import Definition
from .session import answer, error_message


@dataclass
class Check:
    subject: str  # e.g. "table sales.orders"
    what: str  # e.g. "SHOW CREATE TABLE (catalog API)"
    status: str  # ok, FAIL, skip
    detail: str = ""
    catalog: str = ""


@dataclass
class VerifyReport:
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.status != "FAIL" for c in self.checks)

    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.status == "FAIL"]

    def of_catalog(self, catalog: str) -> list[Check]:
        return [c for c in self.checks if c.catalog == catalog]


def short_name(obj: CatalogTable | CatalogView | CatalogModel | CatalogFunction) -> str:
    return sf.short_name(obj.identifier)


def compare(subject: str, what: str, expected: Any, actual: Any, catalog: str) -> Check:
    if expected == actual:
        return Check(subject, what, "ok", catalog=catalog)

    def text(value: Any) -> list[str]:
        if isinstance(value, str):
            return value.splitlines()
        return [repr(row) for row in value]

    detail = "\n".join(
        difflib.unified_diff(text(expected), text(actual), "dashboard", "Flink", lineterm="")
    )
    return Check(subject, what, "FAIL", detail, catalog)


def run_compare(
    env: Any,
    subject: str,
    what: str,
    statement: str,
    expected: Callable[[], Any],
    catalog: str,
    scalar: bool = False,
) -> Check:
    """Run ``statement`` in Flink and compare with the dashboard's answer, ``expected()``;
    where the dashboard refuses (as SHOW CREATE TABLE of a ``CHAR(0)`` column), Flink must
    refuse with the same message."""
    try:
        wanted, refusal = expected(), None
    except FlinkSqlError as exc:
        wanted, refusal = None, exc.message
    try:
        rows = answer(env, statement)
    except Exception as exc:
        message = error_message(exc)
        if refusal is not None and same_refusal(message, refusal):
            return Check(subject, what, "ok", f"both refuse: {message}", catalog)
        return Check(subject, what, "FAIL", message, catalog)
    if refusal is not None:
        detail = f"the dashboard refuses ({refusal}), Flink does not"
        return Check(subject, what, "FAIL", detail, catalog)
    actual: Any = rows[0][0] if scalar and rows else [list(row) for row in rows]
    return compare(subject, what, wanted, actual, catalog)


def check_objects(
    env: Any, definitions: list[Definition], how: str, derived_views: bool
) -> list[Check]:
    """SHOW CREATE and DESCRIBE of every table and view, against the dashboard's rendering."""
    checks = []
    for definition in definitions:
        catalog = definition.identifier.catalog
        subject = f"{'table' if isinstance(definition, CatalogTable) else 'view'} "
        subject += short_name(definition)
        quoted = definition.identifier.quoted()
        if isinstance(definition, CatalogTable):
            show = ("SHOW CREATE TABLE", lambda t=definition: render.show_create_table(t))
            describe = ("DESCRIBE", lambda t=definition: render.describe_table(t)[1])
        else:
            show = ("SHOW CREATE VIEW", lambda v=definition: render.show_create_view(v))
            what = "DESCRIBE, columns derived by Flink" if derived_views else "DESCRIBE"
            describe = (what, lambda v=definition: render.describe_view(v)[1])
        checks.append(
            run_compare(
                env, subject, f"{show[0]} ({how})", f"{show[0]} {quoted}", show[1], catalog, True
            )
        )
        checks.append(
            run_compare(
                env, subject, f"{describe[0]} ({how})", f"DESCRIBE {quoted}", describe[1], catalog
            )
        )
    return checks


def check_functions(env: Any, snapshot: sf.Snapshot) -> list[Check]:
    """Each function is listed; DESCRIBE FUNCTION loads the class, so it is compared only
    when the code is on the classpath here."""
    checks = []
    listed: dict[str, set[str]] = {}
    catalog = snapshot.catalog_name
    for function, _ in snapshot.functions:
        identifier = function.identifier
        subject = f"function {sf.short_name(identifier)}"
        if identifier.database not in listed:
            database = (
                f"{quote_identifier(identifier.catalog)}.{quote_identifier(identifier.database)}"
            )
            try:
                rows = answer(env, f"SHOW USER FUNCTIONS FROM {database}")
                listed[identifier.database] = {str(r[0]) for r in rows}
            except Exception as exc:
                checks.append(
                    Check(subject, "SHOW USER FUNCTIONS", "FAIL", error_message(exc), catalog)
                )
                continue
        if identifier.name not in listed[identifier.database]:
            checks.append(Check(subject, "SHOW USER FUNCTIONS", "FAIL", "not listed", catalog))
            continue
        checks.append(Check(subject, "SHOW USER FUNCTIONS", "ok", catalog=catalog))
        if function.language == "PYTHON":
            # PyFlink would import the named module into this very process to describe it
            detail = "a Python function's module is not imported here"
            checks.append(Check(subject, "DESCRIBE FUNCTION", "skip", detail, catalog))
            continue
        try:
            rows = answer(env, f"DESCRIBE FUNCTION {identifier.quoted()}")
        except Exception as exc:
            detail = f"its code is not available here: {error_message(exc)}"
            checks.append(Check(subject, "DESCRIBE FUNCTION", "skip", detail, catalog))
            continue
        info = {str(row[0]): row[1] for row in rows}
        expected = {"class name": function.class_name, "function language": function.language}
        actual = {k: info.get(k) for k in expected}
        checks.append(compare(subject, "DESCRIBE FUNCTION", expected, actual, catalog))
    return checks


# Calcite numbers the correlate variables of a session's plans ($cor0, $cor6 ...) as it goes:
# one refusal names another number in each session.
_CORRELATE_VARIABLE = re.compile(r"\$cor\d+")


def same_plan_refusal(loaded: str, own: str | None) -> bool:
    """Whether two sessions' refusals to plan a view are one refusal: the same message but for
    the numbers of the correlate variables they name."""
    if own is None:
        return False
    return _CORRELATE_VARIABLE.sub("$cor", loaded) == _CORRELATE_VARIABLE.sub("$cor", own)


def _explain(env: Any, view: CatalogView) -> str | None:
    """None when Flink plans ``SELECT * FROM view``, else its message."""
    try:
        env._j_tenv.executeSql(f"EXPLAIN SELECT * FROM {view.identifier.quoted()}")
    except Exception as exc:
        return error_message(exc)
    return None


def check_explain(
    env: Any,
    loaded: Loaded,
    own: Any | None = None,
    own_views: Collection[ObjectIdentifier] = (),
) -> list[Check]:
    """``EXPLAIN`` of every view :meth:`Loaded.explain_skip` does not rule out. Where Flink
    refuses to plan a loaded view, the same view in ``own`` (a session where Flink created it
    from DDL, the init script's) must be refused alike: then the refusal is Flink's, whatever
    loads the view, and the check is skipped with Flink's reason; else it failed."""
    checks = []
    for snapshot in loaded.snapshots:
        for view in snapshot.views:
            subject, catalog = f"view {short_name(view)}", snapshot.catalog_name
            reason = loaded.explain_skip(view)
            if reason is not None:
                checks.append(Check(subject, "EXPLAIN SELECT", "skip", reason, catalog))
                continue
            refusal = _explain(env, view)
            if refusal is None:
                checks.append(Check(subject, "EXPLAIN SELECT", "ok", catalog=catalog))
                continue
            unplannable = loaded.no_provider(view, refusal)
            if unplannable is not None:
                detail = f"{unplannable}: {first_line_of(refusal)}"
                checks.append(Check(subject, "EXPLAIN SELECT", "skip", detail, catalog))
                continue
            if (
                own is not None
                and view.identifier in own_views
                and same_plan_refusal(refusal, _explain(own, view))
            ):
                detail = (
                    "Flink refuses to plan this query, also where it created the view itself "
                    f"from DDL: {refusal}"
                )
                checks.append(Check(subject, "EXPLAIN SELECT", "skip", detail, catalog))
                continue
            checks.append(Check(subject, "EXPLAIN SELECT", "FAIL", refusal, catalog))
    return checks


def first_line_of(message: str) -> str:
    return message.split("\n", 1)[0]


def same_refusal(flink: str, ours: str | None) -> bool:
    """Whether Flink's error and the dashboard's are the same: their first lines, a parse
    error's with or without the "SQL parse failed. " that Flink's outer exception adds."""
    if ours is None:
        return False
    prefix = "SQL parse failed. "
    return first_line_of(flink).removeprefix(prefix) == first_line_of(ours).removeprefix(prefix)


def check_models(env: Any, snapshot: sf.Snapshot) -> list[Check]:
    """Each model the init script created: Flink's SHOW CREATE MODEL and DESCRIBE MODEL are
    the dashboard's."""
    checks = []
    for model in snapshot.models:
        identifier = model.identifier
        subject = f"model {sf.short_name(identifier)}"
        expected_describe = [list(r) for r in render.describe_model(model)[1]]
        for what, expected in (
            ("SHOW CREATE MODEL", render.show_create_model(model)),
            ("DESCRIBE MODEL", expected_describe),
        ):
            try:
                rows = answer(env, f"{what} {identifier.quoted()}")
            except Exception as exc:
                checks.append(Check(subject, what, "FAIL", error_message(exc), identifier.catalog))
                continue
            actual = rows[0][0] if what == "SHOW CREATE MODEL" else [list(r) for r in rows]
            checks.append(compare(subject, what, expected, actual, identifier.catalog))
    return checks
