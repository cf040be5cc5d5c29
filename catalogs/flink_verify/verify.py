"""The three ways a deployment loads what the dashboard exports (catalog API, catalog store,
init script), each verified against the dashboard's own answers."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..flinksql import catalog_store as cs
from ..flinksql import snapshot_format as sf
from ..flinksql.catalog import CatalogView, ObjectIdentifier, quote_identifier
from .catalog_api import load_catalog_api
from .checks import (
    Check,
    VerifyReport,
    check_explain,
    check_functions,
    check_models,
    check_objects,
    compare,
    first_line_of,
    same_refusal,
)
from .loadable import Loaded
from .objects import Definition, Replay
from .session import answer, error_message, new_environment


def verify_catalog_api(
    snapshots: list[sf.Snapshot],
    own: Any | None = None,
    own_views: Collection[ObjectIdentifier] = (),
) -> list[Check]:
    env, checks = load_catalog_api(snapshots)
    loaded = Loaded(snapshots)
    for snapshot in snapshots:
        definitions: list[Definition] = [*snapshot.tables, *snapshot.views]
        checks += check_objects(env, definitions, "catalog API", derived_views=False)
        checks += check_functions(env, snapshot)
    checks += check_explain(env, loaded, own, own_views)
    return checks


def verify_catalog_store(snapshots: list[sf.Snapshot]) -> list[Check]:
    """Register the catalogs from a FileCatalogStore folder and read them back."""
    folder = tempfile.mkdtemp(prefix="catalog-store-")
    try:
        expected = {}
        for snapshot in snapshots:
            options = dict(snapshot.catalog_options) or {
                "type": "generic_in_memory",
                "default-database": snapshot.database_name,
            }
            expected[snapshot.catalog_name] = options
            Path(folder, cs.catalog_file_name(snapshot.catalog_name)).write_bytes(
                cs.catalog_store_file(options)
            )
        env = new_environment(folder)
        try:
            listed = answer(env, "SHOW CATALOGS")
        except Exception as exc:
            message = error_message(exc)
            return [
                Check(f"catalog {name}", "catalog store", "FAIL", message, name)
                for name in expected
            ]
        return [_check_store(env, name, options, listed) for name, options in expected.items()]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _check_store(env: Any, name: str, options: dict[str, str], listed: list[list[Any]]) -> Check:
    subject = f"catalog {name}"
    if [name] not in listed:
        return Check(subject, "catalog store", "FAIL", f"SHOW CATALOGS answered {listed}", name)
    try:
        rows = answer(env, f"DESCRIBE CATALOG EXTENDED {quote_identifier(name)}")
    except Exception as exc:
        return Check(subject, "catalog store", "FAIL", error_message(exc), name)
    found = {
        str(r[0]).removeprefix("option:"): r[1] for r in rows if str(r[0]).startswith("option:")
    }
    found["type"] = next((r[1] for r in rows if r[0] == "type"), None)
    return compare(
        subject,
        "catalog store (table.catalog-store.kind: file)",
        dict(sorted(options.items())),
        dict(sorted(found.items())),
        name,
    )


@dataclass
class InitScriptRun:
    """A Flink session that ran the init script, what the dashboard holds after the same
    statements, and the checks of the statements themselves."""

    env: Any
    created: list[Definition]  # by Flink and by the dashboard, as the dashboard holds them
    checks: list[Check]


def run_init_script(
    snapshots: list[sf.Snapshot], count: Callable[[int], None] | None = None
) -> InitScriptRun:
    """Run the init script of ``snapshots`` in a fresh Flink session and through the dashboard's
    language layer. Both must accept every statement, except views that a rule says cannot
    load, which are reported skipped with the reason: one whose query cannot load anywhere
    (:meth:`Loaded.missing`, :meth:`Loaded.unresolvable`), which both must refuse with the
    same message, and one that reads what Flink cannot build here (:meth:`Loaded.no_source`,
    or a view skipped before), which Flink must refuse. ``count`` is told each statement
    run."""
    env = new_environment()
    loaded = Loaded(snapshots)
    replay = Replay(snapshots)
    checks: list[Check] = []
    created: list[Definition] = []
    skipped: set[ObjectIdentifier] = set()
    for done, statement in enumerate(sf.init_statements(snapshots), 1):
        if count is not None:
            count(done)
        try:
            env._j_tenv.executeSql(statement.sql)
            refusal = None
        except Exception as exc:
            refusal = error_message(exc)
        ours = replay.run(statement.sql)
        if statement.kind not in ("table", "view"):
            if refusal is not None or ours is not None:
                detail = f"Flink: {refusal or 'ok'}\ndashboard: {ours or 'ok'}"
                subject = f"{statement.kind} {statement.name}"
                checks.append(
                    Check(subject, "init script statement", "FAIL", detail, statement.catalog)
                )
            continue
        identifier = statement.identifier
        assert identifier is not None  # a table's or view's statement names what it creates
        subject = f"{statement.kind} {statement.name}"
        what = "init script statement"
        if refusal is None and ours is None:
            created.append(replay.objects.relations[identifier])
            checks.append(Check(subject, what, "ok", catalog=statement.catalog))
            continue
        view = loaded.objects.relations.get(identifier)
        if isinstance(view, CatalogView) and refusal is not None:
            # both refuse a view whose query cannot load anywhere; Flink alone one that reads
            # what Flink cannot build here (a connector it lacks, a view it could not create)
            reason = loaded.missing(view) or loaded.unresolvable(view)
            alone = loaded.no_source(view) or loaded.no_provider(view, refusal)
            read_skipped = sorted(
                str(r) for r in sf.relations_read(view.expanded_query) if r in skipped
            )
            if alone is None and read_skipped:
                alone = f"reads {', '.join(read_skipped)}, which Flink could not create here"
            if reason is not None and same_refusal(refusal, ours):
                skipped.add(identifier)
                detail = (
                    f"{reason}; Flink and the dashboard both refuse it: {first_line_of(refusal)}"
                )
                checks.append(Check(subject, what, "skip", detail, statement.catalog))
                continue
            if reason is None and alone is not None:
                skipped.add(identifier)
                detail = f"{alone}; Flink refuses it: {first_line_of(refusal)}"
                checks.append(Check(subject, what, "skip", detail, statement.catalog))
                continue
        detail = f"Flink: {first_line_of(refusal) if refusal else 'ok'}\ndashboard: "
        detail += first_line_of(ours) if ours else "ok"
        checks.append(Check(subject, what, "FAIL", detail, statement.catalog))
    return InitScriptRun(env, created, checks)


def verify(
    snapshots: sf.Snapshot | list[sf.Snapshot],
    progress: Callable[[str], None] | None = None,
    count: Callable[[int, int], None] | None = None,
) -> VerifyReport:
    """Every check of every snapshot; the snapshots are loaded together, so a view may read
    another of them. ``count`` is told the steps done of the total: each statement of the
    init script, then each of the three later ways (catalog API, store, comparison)."""
    say = progress or (lambda _: None)
    chosen = [snapshots] if isinstance(snapshots, sf.Snapshot) else list(snapshots)
    total = len(sf.init_statements(chosen)) + 3 if count is not None else 0
    step = count or (lambda _done, _total: None)
    report = VerifyReport()
    say("running the init script in a fresh Flink session")
    init = run_init_script(chosen, lambda done: step(done - 1, total))
    say("loading the snapshots through Flink's catalog API")
    step(total - 3, total)
    own_views = {d.identifier for d in init.created if isinstance(d, CatalogView)}
    report.checks += verify_catalog_api(chosen, init.env, own_views)
    say("registering the catalogs from a FileCatalogStore folder")
    step(total - 2, total)
    report.checks += verify_catalog_store(chosen)
    say("comparing the objects the init script created")
    step(total - 1, total)
    report.checks += init.checks
    report.checks += check_objects(init.env, init.created, "init script", derived_views=True)
    for snapshot in chosen:
        report.checks += check_models(init.env, snapshot)
    order = {s.catalog_name: i for i, s in enumerate(chosen)}
    report.checks.sort(key=lambda c: order.get(c.catalog, len(order)))
    step(total, total)
    return report
