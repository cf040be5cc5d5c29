"""catalog_folder plan (#19) against real Flink: every plan of
``tests/test_catalog_folder_plan.py`` runs in Flink on the old definitions, and what Flink
then shows (SHOW CREATE TABLE / VIEW / MODEL / CATALOG, SHOW DATABASES; Flink shows no database's
properties) equals what it shows for the folder's definitions created afresh. One JVM, one
session, for every case."""

from __future__ import annotations

from typing import Any

import pytest

from catalogs import deployment_files, folder, snapshots
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.splitter import split_statements
from environments.models import Environment
from tests.snapshot_catalogs import require_flink
from tests.test_catalog_folder_plan import CHANGES, RECREATE, _environment


def _definitions(env: Any, snapshot: sf.Snapshot) -> dict[str, Any]:
    from catalogs.flink_verify.session import answer

    shown: dict[str, Any] = {"catalog": answer(env, "SHOW CREATE CATALOG `c`")}
    env._j_tenv.executeSql("USE CATALOG `c`")
    shown["databases"] = answer(env, "SHOW DATABASES")
    for table in snapshot.tables:
        shown[str(table.identifier)] = answer(env, f"SHOW CREATE TABLE {table.identifier.quoted()}")
    for view in snapshot.views:
        shown[str(view.identifier)] = answer(env, f"SHOW CREATE VIEW {view.identifier.quoted()}")
    for model in snapshot.models:
        shown[str(model.identifier)] = answer(env, f"SHOW CREATE MODEL {model.identifier.quoted()}")
    return shown


def _run(env: Any, statements: list[str]) -> str | None:
    from catalogs.flink_verify.session import error_message

    for text in statements:
        try:
            env._j_tenv.executeSql(text)
        except Exception as exc:
            return f"{text}\n-> {error_message(exc)}"
    return None


def _fresh(env: Any, environment: Environment) -> str | None:
    """Flink session back to the built-in catalog, then ``environment``'s catalog ``c``
    created by its init script."""
    _run(env, ["USE CATALOG default_catalog", "DROP CATALOG IF EXISTS `c`"])
    return _run(env, split_statements(deployment_files.init_script(environment, ["c"])))


@pytest.mark.flink
def test_every_plan_gives_in_flink_what_the_folder_gives(db: None) -> None:
    require_flink()
    from catalogs.flink_verify.session import new_environment

    env = new_environment()
    differences = {}
    for case, (old, new, *_) in {**CHANGES, **RECREATE}.items():
        target, source = _environment(old), _environment(new)
        files = folder.export_files(source)
        planned = folder.plan_folder(target, files)
        wanted = sf.validate(snapshots.live_document(snapshots.get_catalog(source, "c")))
        problem = _fresh(env, target) or _run(env, planned.sql)
        if problem is not None:
            differences[case] = f"Flink refused: {problem}"
            continue
        after_plan = _definitions(env, wanted)
        problem = _fresh(env, source)
        if problem is not None:
            differences[case] = f"Flink refused the folder: {problem}"
            continue
        if _definitions(env, wanted) != after_plan:
            differences[case] = (after_plan, _definitions(env, wanted))
    assert differences == {}
