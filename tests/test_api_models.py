"""The models API: list, read, create, change and drop through CREATE / ALTER / DROP MODEL."""

from __future__ import annotations

import pytest

from catalogs.models import HistoryEntry, Model
from tests.access import Members
from tests.conftest import RunScript

DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"
MODEL = {
    "name": "sentiment",
    "input_columns": [{"name": "text", "type": "STRING"}],
    "output_columns": [{"name": "label", "type": "STRING", "nullable": False, "comment": "c"}],
    "comment": "reviews",
    "options": {"provider": "openai", "api-key": "sk-live-secret"},
}
CREATED = (
    "CREATE MODEL `_env_default`.`default`.`sentiment`\n"
    "INPUT (`text` STRING)\n"
    "OUTPUT (`label` STRING NOT NULL COMMENT 'c')\n"
    "COMMENT 'reviews'\n"
    "WITH (\n  'provider' = 'openai', 'api-key' = '******'\n)"
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def sentiment(members: Members) -> None:
    response = members["editor"].post(f"{DB}/models/", MODEL, format="json")
    assert response.status_code == 201, response.content


def test_it_creates_a_model_through_create_model(members: Members) -> None:
    response = members["editor"].post(f"{DB}/models/", MODEL, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["statements"] == [CREATED]
    assert body["model"]["options"] == {"api-key": "******", "provider": "openai"}
    assert body["model"]["output_columns"] == [
        {"name": "label", "type": "VARCHAR(2147483647)", "nullable": False, "comment": "c"}
    ]
    assert Model.objects.get().options["api-key"] == "sk-live-secret"
    assert "sk-live-secret" not in response.content.decode()
    assert HistoryEntry.objects.get().origin == "api"


def test_it_lists_and_reads_models_for_readers_only(members: Members, sentiment: None) -> None:
    listed = members["viewer"].get(f"{DB}/models/").json()
    assert [m["name"] for m in listed["results"]] == ["sentiment"]
    detail = members["viewer"].get(f"{DB}/models/sentiment")
    assert detail.status_code == 200
    assert detail.json()["comment"] == "reviews"
    assert members["outsider"].get(f"{DB}/models/sentiment").status_code == 404
    assert members["viewer"].get(f"{DB}/models/missing").status_code == 404
    history = members["viewer"].get(f"{DB}/models/sentiment/history").json()
    assert [v["before"] == "" for v in history["versions"]] == [True]


def test_a_viewer_cannot_create_change_or_drop(members: Members, sentiment: None) -> None:
    viewer = members["viewer"]
    assert viewer.post(f"{DB}/models/", {**MODEL, "name": "x"}, format="json").status_code == 403
    patch = {"set_options": {"model": "x"}}
    assert viewer.patch(f"{DB}/models/sentiment", patch, format="json").status_code == 403
    assert viewer.delete(f"{DB}/models/sentiment").status_code == 403
    assert Model.objects.get().options == MODEL["options"]


def test_it_answers_flinks_error_and_keeps_nothing(members: Members, sentiment: None) -> None:
    response = members["editor"].post(f"{DB}/models/", MODEL, format="json")
    assert response.status_code == 409
    assert response.json()["errors"][0]["message"] == (
        "Model default.sentiment already exists in Catalog _env_default."
    )
    no_options = {**MODEL, "name": "bare", "options": {}}
    response = members["editor"].post(f"{DB}/models/", no_options, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"] == "Model property list can not be empty."
    assert list(Model.objects.values_list("name", flat=True)) == ["sentiment"]


def test_it_sets_resets_and_renames_in_one_transaction(
    members: Members, sentiment: None, run: RunScript
) -> None:
    change = {"set_options": {"model": "gpt-4o"}, "reset_options": ["api-key"], "name": "reviews"}
    response = members["editor"].patch(f"{DB}/models/sentiment", change, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["statements"] == [
        "ALTER MODEL `_env_default`.`default`.`sentiment` SET ('model' = 'gpt-4o')",
        "ALTER MODEL `_env_default`.`default`.`sentiment` RESET ('api-key')",
        "ALTER MODEL `_env_default`.`default`.`sentiment` RENAME TO `reviews`",
    ]
    model = Model.objects.get()
    assert (model.name, model.options) == ("reviews", {"provider": "openai", "model": "gpt-4o"})
    assert run("CREATE MODEL taken WITH ('provider' = 'x')")[0].ok
    failing = {"set_options": {"model": "x"}, "name": "taken"}
    response = members["editor"].patch(f"{DB}/models/reviews", failing, format="json")
    assert response.status_code == 409
    assert response.json()["errors"][0]["message"] == (
        "Model default.taken already exists in Catalog _env_default."
    )
    assert Model.objects.get(name="reviews").options["model"] == "gpt-4o"  # SET rolled back


def test_it_drops_a_model(members: Members, sentiment: None) -> None:
    response = members["editor"].delete(f"{DB}/models/sentiment")
    assert response.json() == {"statements": ["DROP MODEL `_env_default`.`default`.`sentiment`"]}
    assert not Model.objects.exists()
