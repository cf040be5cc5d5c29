"""Search finds models (#15): by a prefix of their name, and by a text inside their name or
comment, linking each to its page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.search import find
from environments.models import Environment
from tests.conftest import RunScript

MODEL = (
    "CREATE MODEL churn_score INPUT (features STRING) OUTPUT (score DOUBLE) "
    "COMMENT 'Predicts who leaves' WITH ('provider' = 'openai', 'model' = 'gpt-4o')"
)


@pytest.fixture
def model(run: RunScript) -> None:
    results = run(MODEL)
    assert all(r.ok for r in results), [r.error for r in results]


def test_it_finds_a_model_by_its_name_and_its_comment(
    model: None, environment: Environment
) -> None:
    by_prefix = find(environment, "ch")["models"]
    assert [(m.kind, m.catalog, m.database, m.name, m.detail) for m in by_prefix] == [
        ("model", "_env_default", "default", "churn_score", "Predicts who leaves")
    ]
    assert [m.name for m in find(environment, "score")["models"]] == ["churn_score"]
    assert [m.name for m in find(environment, "leaves")["models"]] == ["churn_score"]
    assert find(environment, "le")["models"] == []  # two characters: prefixes of names only
    assert find(environment, "nothing")["models"] == []


def test_the_search_page_links_a_model_to_its_page(model: None, client: Client) -> None:
    page = client.get(reverse("search", args=["default"]), {"q": "churn"}).text
    url = reverse("model", args=["default", "_env_default", "default", "churn_score"])
    assert (
        f'<span class="object-kind-label">model</span> <a href="{url}">'
        '_env_default.default.churn_score</a> <span class="muted">— Predicts who leaves</span>'
    ) in page
