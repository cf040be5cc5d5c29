"""The model pages: the database's list, a model's page, and the forms that change models."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from catalogs.models import HistoryEntry, Model
from tests.access import Members
from tests.conftest import RunScript

DB = "/env/default/catalogs/_env_default/databases/default"
CREATE = (
    "CREATE MODEL sentiment INPUT (text STRING) OUTPUT (label STRING NOT NULL COMMENT 'class') "
    "COMMENT 'reviews' WITH ('provider' = 'openai', 'api-key' = 'sk-live-secret')"
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def sentiment(run: RunScript) -> None:
    assert run(CREATE)[0].ok


def test_the_database_page_lists_models(client: Client, sentiment: None) -> None:
    page = client.get(DB).content.decode()
    assert "0 functions · 1 model</p>" in page
    assert f'<a href="{DB}/models/sentiment">sentiment</a>' in page
    assert f'href="{DB}/new-model"' in page
    tree = page[page.index('aria-label="Catalog tree"') :]
    assert (
        f'<span class="object-kind" title="model">M</span> <a href="{DB}/models/sentiment">' in tree
    )


def test_the_model_page_shows_schema_options_definition_and_history(
    client: Client, sentiment: None
) -> None:
    response = client.get(f"{DB}/models/sentiment")
    assert response.status_code == 200
    page = response.content.decode()
    assert '<th scope="col">is input</th>' in page
    assert "<td>label</td><td>STRING</td><td>FALSE</td><td>FALSE</td><td>class</td>" in page
    assert "<code>api-key</code></td><td><code>******</code>" in page
    assert "CREATE MODEL" in page and "OUTPUT (" in page
    assert "sk-live-secret" not in page
    assert 'class="history"' in page


def test_outsiders_do_not_see_a_model(members: Members, sentiment: None) -> None:
    outsider = Client()
    outsider.force_login(members.users["outsider"])
    assert outsider.get(f"{DB}/models/sentiment").status_code == 404
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    assert viewer.get(f"{DB}/models/sentiment").status_code == 200
    assert viewer.get(f"{DB}/models/sentiment/edit").status_code == 403


def test_the_create_form_previews_and_runs_create_model(client: Client) -> None:
    data = {
        "name": "m",
        "input_columns": "text STRING",
        "output_columns": "label STRING",
        "comment": "c",
        "options": "provider = openai\napi-key = sk-x",
    }
    preview = client.post(f"{DB}/new-model?preview", data).content.decode()
    text = html.unescape(re.sub(r"<[^>]+>", "", preview))
    assert "CREATE MODEL `_env_default`.`default`.`m`\nINPUT (text STRING)" in text
    assert "'api-key' = '******'" in text
    assert "sk-x" not in preview
    response = client.post(f"{DB}/new-model", data)
    assert response.status_code == 302
    model = Model.objects.get(name="m")
    assert model.options == {"provider": "openai", "api-key": "sk-x"}
    assert model.input_columns[0]["name"] == "text"


def test_the_create_form_shows_flinks_refusal(client: Client) -> None:
    data = {"name": "m", "input_columns": "text STRING", "options": "provider = openai"}
    response = client.post(f"{DB}/new-model", data)
    assert response.status_code == 200
    assert (
        "Output column list can not be empty with non-empty input column list."
        in response.content.decode()
    )
    assert not Model.objects.exists()


def test_the_options_form_keeps_a_masked_secret(client: Client, sentiment: None) -> None:
    model = Model.objects.get()
    page = client.get(f"{DB}/models/sentiment/edit").content.decode()
    assert "sk-live-secret" not in page
    data = {"version": model.version, "options": "provider = openai2\napi-key = ******"}
    assert client.post(f"{DB}/models/sentiment/edit", data).status_code == 302
    model.refresh_from_db()
    assert model.options == {"provider": "openai2", "api-key": "sk-live-secret"}
    assert HistoryEntry.objects.count() == 2


def test_rename_and_drop_run_alter_and_drop_model(client: Client, sentiment: None) -> None:
    model = Model.objects.get()
    response = client.post(
        f"{DB}/models/sentiment/rename", {"version": model.version, "new_name": "reviews"}
    )
    assert response.status_code == 302
    assert response["Location"] == f"{DB}/models/reviews"
    model.refresh_from_db()
    assert model.name == "reviews"
    response = client.post(f"{DB}/models/reviews/drop", {"version": model.version})
    assert response.status_code == 302
    assert not Model.objects.exists()


@pytest.fixture
def scored(run: RunScript, sentiment: None) -> None:
    """A view calling the model (ML_PREDICT)."""
    results = run(
        "CREATE TABLE reviews (id INT, text STRING) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW scored AS SELECT id, label "
        "FROM ML_PREDICT(TABLE reviews, MODEL sentiment, DESCRIPTOR(text))"
    )
    assert [r.ok for r in results] == [True, True], [r.error for r in results]


def test_a_view_calling_a_model_is_listed_on_its_page_and_broken_by_its_drop(
    client: Client, scored: None
) -> None:
    """ML_PREDICT's lineage: the view depends on the model it calls (golden views_ml_predict
    holds what Flink answers for such views)."""
    view = f"{DB}/views/scored"
    page = client.get(f"{DB}/models/sentiment").content.decode()
    section = page[page.index("<h2>Called by</h2>") : page.index("<h2>Options</h2>")]
    assert f'<a href="{view}"><code>_env_default.default.scored</code></a>' in section
    drop = client.get(f"{DB}/models/sentiment/drop").content.decode()
    assert f'<a href="{view}">_env_default.default.scored</a>' in drop
    model = Model.objects.get()
    assert client.post(f"{DB}/models/sentiment/drop", {"version": model.version}).status_code == 302
    from catalogs.models import Table

    scored = Table.objects.get(name="scored")
    assert scored.status == "broken"
    assert "Object 'sentiment' not found" in scored.status_reason


def test_a_model_no_view_calls_says_so(client: Client, sentiment: None) -> None:
    page = client.get(f"{DB}/models/sentiment").content.decode()
    assert "No view calls this model" in page


def test_the_lineage_graph_shows_the_model_a_view_calls(client: Client, scored: None) -> None:
    graph = client.get(f"{DB}/views/scored/lineage").context["graph"]
    nodes = {n["label"]: n for n in graph["nodes"]}
    model = nodes["_env_default.default.sentiment"]
    assert (model["kind"], model["url"]) == ("model", f"{DB}/models/sentiment")
    assert nodes["_env_default.default.reviews"]["kind"] == "table"
    assert len(graph["edges"]) == 2 and not any(e["broken"] for e in graph["edges"])


def test_renaming_a_called_model_marks_its_callers_broken(run: RunScript, scored: None) -> None:
    assert run("ALTER MODEL sentiment RENAME TO mood")[0].ok
    from catalogs.models import Table

    scored = Table.objects.get(name="scored")
    assert scored.status == "broken"
    assert "model _env_default.default.sentiment is gone" in scored.status_reason
