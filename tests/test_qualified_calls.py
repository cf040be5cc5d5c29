"""A catalog function called by its path (``db.f(x)``, ``cat.db.f(x)``): resolved in that
database, written by its whole path, recorded as a dependency, and read back from the stored
text, so the marks of a view calling it are computed again like any other view's. Flink's
answers for the refusals are in the golden views_qualified_calls."""

from __future__ import annotations

import pytest

from catalogs.models import Dependency, Function, Table
from tests.conftest import RunScript

SETUP = """
CREATE DATABASE fns;
CREATE DATABASE crm;
CREATE TABLE crm.people (id BIGINT, email STRING) WITH ('connector' = 'datagen');
CREATE FUNCTION fns.mask_email AS 'com.example.MaskEmail'
"""


@pytest.fixture
def declared(run: RunScript) -> None:
    assert all(r.ok for r in run(SETUP))
    Function.objects.filter(name="mask_email").update(return_type="STRING")


@pytest.mark.parametrize(
    "call", ["fns.mask_email", "`_env_default`.fns.MASK_EMAIL", "fns.`Mask_Email`"]
)
def test_a_call_by_path_resolves_in_its_database(run: RunScript, declared: None, call: str) -> None:
    written = call.split(".")[-1].strip("`")
    (created,) = run(f"CREATE VIEW crm.masked AS SELECT id, {call}(email) AS email FROM crm.people")
    assert created.ok, created.error
    (shown,) = run("SHOW CREATE VIEW crm.masked")
    assert shown.rows[0][0] == (
        "CREATE VIEW `_env_default`.`crm`.`masked` (\n  `id`,\n  `email`\n)\n"
        f"AS SELECT `people`.`id`, `_env_default`.`fns`.`{written}`(`people`.`email`) AS `email`\n"
        "FROM `_env_default`.`crm`.`people` AS `people`\n"
    )
    (described,) = run("DESCRIBE crm.masked")
    assert [row[:2] for row in described.rows] == [["id", "BIGINT"], ["email", "STRING"]]
    view = Table.objects.get(name="masked")
    assert ("function", "_env_default", "fns", "mask_email") in {
        (d.kind, d.catalog_name, d.database_name, d.object_name) for d in view.dependencies.all()
    }


def test_a_view_calling_a_function_by_path_is_marked_from_its_stored_text(
    run: RunScript, declared: None
) -> None:
    run("CREATE VIEW crm.masked AS SELECT id, fns.mask_email(email) AS email FROM crm.people")
    # the view is expanded again from its stored text: the call by path must read back
    assert all(r.ok for r in run("ALTER TABLE crm.people MODIFY email VARCHAR(100)"))
    view = Table.objects.get(name="masked")
    assert (view.status, view.status_reason) == ("ok", "")
    assert all(r.ok for r in run("DROP FUNCTION fns.mask_email"))
    view.refresh_from_db()
    assert view.status == "broken"
    assert "function _env_default.fns.mask_email is gone" in view.status_reason
    assert Dependency.objects.filter(view=view, kind="function").count() == 1
