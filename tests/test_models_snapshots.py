"""Models in snapshots (an extra ``models`` array), their import, and the init script."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from catalogs import snapshots
from catalogs.executor import Executor, Session
from catalogs.models import Catalog, Model
from environments.models import Environment
from environments.services import create_environment

FIXED = {"snapshot_id": "20240622-155500-a1b2", "created_at": 1719071700000}
SCRIPT = (
    "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"
    "CREATE MODEL c.d.sentiment INPUT (text STRING) OUTPUT (label STRING NOT NULL COMMENT 'x') "
    "COMMENT 'reviews' WITH ('provider' = 'openai', 'api-key' = 'sk-live-secret');"
    "CREATE MODEL c.d.bare WITH ('provider' = 'x')"
)


@pytest.fixture
def catalog(environment: Environment) -> Catalog:
    results = Executor(Session.start(environment)).execute_script(SCRIPT)
    assert all(r.ok for r in results), [r.error for r in results]
    return Catalog.objects.get(environment=environment, name="c")


@pytest.mark.django_db
def test_it_writes_models_with_secrets_as_placeholders(catalog: Catalog) -> None:
    data, result = snapshots.export_bytes(catalog, **FIXED)
    document = json.loads(data)
    assert list(document)[-2:] == ["models", "secrets"]
    assert [m["name"] for m in document["models"]] == ["bare", "sentiment"]
    sentiment = document["models"][1]
    assert sentiment["options"] == {"api-key": "${C_D_SENTIMENT_API_KEY}", "provider": "openai"}
    assert sentiment["comment"] == "reviews"
    assert [c["name"] for c in sentiment["inputColumns"]] == ["text"]
    assert sentiment["outputColumns"][0]["nullable"] is False
    assert sentiment["outputColumns"][0]["comment"] == "x"
    assert document["models"][0]["inputColumns"] == []
    assert result.models == 2
    assert b"sk-live-secret" not in data


@pytest.mark.django_db
def test_it_imports_models_back_with_the_secret_given(catalog: Catalog) -> None:
    data, result = snapshots.export_bytes(catalog, **FIXED)
    target = create_environment("restore-models")
    values = {s["variable"]: "sk-restored" for s in result.secrets}
    report = snapshots.import_snapshot(target, "c", data, dry_run=False, variables=values)
    assert report.ok, report.failures
    restored = Model.objects.get(database__catalog__environment=target, name="sentiment")
    assert restored.options == {"provider": "openai", "api-key": "sk-restored"}
    again, _ = snapshots.export_bytes(Catalog.objects.get(environment=target, name="c"), **FIXED)
    assert again == data


@pytest.mark.django_db
def test_a_snapshot_without_models_still_loads(catalog: Catalog) -> None:
    data, _ = snapshots.export_bytes(catalog, **FIXED)
    document = json.loads(data)
    del document["models"]
    target = create_environment("no-models")
    report = snapshots.import_snapshot(target, "c", json.dumps(document), dry_run=False)
    assert report.ok, report.failures
    assert not Model.objects.filter(database__catalog__environment=target).exists()


@pytest.mark.django_db
def test_it_names_what_is_wrong_with_a_model_entry(catalog: Catalog) -> None:
    data, _ = snapshots.export_bytes(catalog, **FIXED)
    document = json.loads(data)
    document["models"][0]["options"] = {}
    document["models"][1]["outputColumns"] = []
    report = snapshots.import_snapshot(catalog.environment, "x", json.dumps(document))
    assert report.errors == [
        "models[0] (d.bare): options: a model needs at least one option (its provider).",
        "models[1] (d.sentiment): a model has both input and output columns, or neither.",
    ]


@pytest.mark.django_db
def test_the_init_script_creates_models_before_views(catalog: Catalog) -> None:
    out = io.StringIO()
    call_command("init_script", "--environment", "default", "--catalog", "c", stdout=out)
    script = out.getvalue()
    assert "--   ${C_D_SENTIMENT_API_KEY}" in script
    assert (
        "CREATE MODEL `c`.`d`.`sentiment`\n"
        "INPUT (`text` VARCHAR(2147483647))\n"
        "OUTPUT (`label` VARCHAR(2147483647) NOT NULL COMMENT 'x')\n"
        "COMMENT 'reviews'\n"
        "WITH (\n"
        "  'api-key' = '${C_D_SENTIMENT_API_KEY}',\n"
        "  'provider' = 'openai'\n"
        ");\n"
    ) in script
    assert "sk-live-secret" not in script
