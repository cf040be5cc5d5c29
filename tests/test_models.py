"""Models through the executor: stored, kept in the history, secrets masked, undone on failure.
What Flink answers for each model statement is in tests/goldens/models.sql."""

from __future__ import annotations

import pytest

from catalogs import models as m
from catalogs.flinksql.secrets import MASK

pytestmark = pytest.mark.django_db

CREATE = (
    "CREATE MODEL sentiment INPUT (text STRING) OUTPUT (label STRING NOT NULL COMMENT 'class') "
    "COMMENT 'reviews' WITH ('provider' = 'openai', 'model' = 'gpt-4o', "
    "'api-key' = 'sk-live-secret')"
)


def test_it_stores_a_model_with_its_schema_and_options(run) -> None:
    [result] = run(CREATE)
    assert result.ok, result.error
    model = m.Model.objects.get(name="sentiment")
    assert model.database.name == "default"
    assert model.comment == "reviews"
    assert model.options == {"provider": "openai", "model": "gpt-4o", "api-key": "sk-live-secret"}
    assert model.input_columns == [
        {"name": "text", "type": "VARCHAR(2147483647)", "nullable": True, "comment": None}
    ]
    assert model.output_columns == [
        {"name": "label", "type": "VARCHAR(2147483647)", "nullable": False, "comment": "class"}
    ]


def test_it_masks_the_secret_in_show_create_model_and_the_history(run, environment) -> None:
    run(CREATE)
    [shown] = run("SHOW CREATE MODEL sentiment")
    catalog = environment.catalog_name
    assert shown.rows == [
        [
            f"CREATE MODEL `{catalog}`.`default`.`sentiment`\n"
            "INPUT (`text` VARCHAR(2147483647))\n"
            "OUTPUT (`label` VARCHAR(2147483647) NOT NULL COMMENT 'class')\n"
            "COMMENT 'reviews'\n"
            "WITH (\n"
            f"  'api-key' = '{MASK}',\n"
            "  'model' = 'gpt-4o',\n"
            "  'provider' = 'openai'\n"
            ")\n"
        ]
    ]
    entry = m.HistoryEntry.objects.get()
    [change] = entry.changes.all()
    assert change.kind == "model"
    assert (change.catalog_name, change.database_name, change.object_name) == (
        catalog,
        "default",
        "sentiment",
    )
    assert change.before == ""
    # the history keeps the definition; every door shows it through mask_ddl
    assert "'api-key' = 'sk-live-secret'" in change.after


def test_it_keeps_each_change_of_a_model_in_the_history(run) -> None:
    run(CREATE)
    results = run(
        "ALTER MODEL sentiment SET ('model' = 'gpt-4.1');"
        "ALTER MODEL sentiment RESET ('api-key');"
        "ALTER MODEL sentiment RENAME TO reviews;"
        "DROP MODEL reviews"
    )
    assert [r.error for r in results] == [None] * 4
    kinds = [
        [(c.object_name, bool(c.before), bool(c.after)) for c in e.changes.all()]
        for e in m.HistoryEntry.objects.order_by("pk")
    ]
    assert kinds == [
        [("sentiment", False, True)],
        [("sentiment", True, True)],
        [("sentiment", True, True)],
        [("sentiment", True, False), ("reviews", False, True)],
        [("reviews", True, False)],
    ]
    assert not m.Model.objects.exists()


def test_it_refuses_the_mask_as_a_secret_value(run) -> None:
    run(CREATE)
    [result] = run(f"ALTER MODEL sentiment SET ('api-key' = '{MASK}')")
    assert not result.ok
    assert result.error.startswith(f"The value of 'api-key' is '{MASK}'")
    assert m.Model.objects.get().options["api-key"] == "sk-live-secret"


def test_a_temporary_model_is_session_state_not_history(run, executor) -> None:
    [result] = run(CREATE.replace("CREATE MODEL", "CREATE TEMPORARY MODEL"))
    assert result.ok, result.error
    assert not m.Model.objects.exists()
    assert not m.HistoryEntry.objects.exists()
    [key] = executor.session.temporary_models
    assert key.name == "sentiment"
    [shown] = run("SHOW CREATE MODEL sentiment")
    assert shown.rows[0][0].startswith("CREATE TEMPORARY MODEL ")
    assert f"'api-key' = '{MASK}'" in shown.rows[0][0]


def test_a_failed_script_leaves_no_model(executor) -> None:
    results = executor.execute_script(
        CREATE + "; CREATE MODEL sentiment WITH ('provider' = 'x')", all_or_nothing=True
    )
    assert [r.ok for r in results] == [True, False]
    assert results[1].error.endswith(
        "already exists in Catalog " + executor.session.current_catalog + "."
    )
    assert not m.Model.objects.exists()


def test_a_database_holding_a_model_is_not_empty(run) -> None:
    results = run("CREATE DATABASE d; CREATE MODEL d.m WITH ('provider' = 'x'); DROP DATABASE d")
    assert not results[2].ok
    assert results[2].error.startswith("Database d in catalog ")
    assert m.Model.objects.filter(name="m").exists()
    [dropped] = run("DROP DATABASE d CASCADE")
    assert dropped.ok
    assert not m.Model.objects.exists()


def test_a_bulk_run_creates_a_model_in_a_database_it_created(executor) -> None:
    results = executor.execute_bulk(
        [
            "CREATE DATABASE x",
            "CREATE MODEL x.m INPUT (a STRING) OUTPUT (b STRING) WITH ('provider' = 'p')",
            "CREATE TABLE x.t (a INT) WITH ('connector' = 'datagen')",
        ]
    )
    assert [r.error for r in results] == [None] * 3
    assert list(m.Model.objects.values_list("database__name", "name")) == [("x", "m")]
