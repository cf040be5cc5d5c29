"""The model pages in a real browser: create a model through its form (the statement preview
follows the typing, Flink's refusal shows in place), read its page, change and drop it."""

from __future__ import annotations

from playwright.sync_api import Page, expect  # noqa: E402  (after the module skip)

from catalogs.models import Model
from tests.browser import log_in, settle_previews, shot
from tests.test_browser import pytestmark  # noqa: F401

DB = "/env/default/catalogs/shop/databases/sales"


def test_a_data_engineer_manages_a_model(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)

    # The database page lists the demo's model; its page shows the schema and definition.
    page.goto(f"{base}{DB}")
    page.locator("#main").get_by_role("link", name="review_sentiment").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("review_sentiment")
    expect(page.locator("table.describe")).to_contain_text("the review text")
    expect(page.locator("#show-create")).to_contain_text("CREATE MODEL `shop`.`sales`")
    shot(page, "model")

    # Create one: the preview follows the typing and masks the secret; Flink's refusal of
    # an input list without an output list shows in place.
    page.goto(f"{base}{DB}/new-model")
    page.get_by_label("Name", exact=True).fill("churn")
    page.get_by_label("Input columns").fill("customer_id BIGINT, features STRING")
    page.get_by_label("Options").fill("provider = openai\napi-key = sk-typed-secret")
    preview = page.locator("#statement")
    expect(preview).to_contain_text("CREATE MODEL `shop`.`sales`.`churn`")
    expect(preview).to_contain_text("INPUT (customer_id BIGINT, features STRING)")
    expect(preview).to_contain_text("'api-key' = '******'")
    settle_previews(page)
    page.get_by_role("button", name="Create model").click()
    expect(page.locator(".errors, .field-error, [role=alert]").first).to_contain_text(
        "Output column list can not be empty with non-empty input column list."
    )
    page.get_by_label("Output columns").fill("churn_probability DOUBLE")
    settle_previews(page)
    page.get_by_role("button", name="Create model").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("sales")
    page.locator("#main").get_by_role("link", name="churn").click()
    expect(page.locator(".options")).to_contain_text("******")
    expect(page.locator("body")).not_to_contain_text("sk-typed-secret")
    shot(page, "model-created")

    # Edit its options: the secret stays as the mask and is kept.
    page.get_by_role("link", name="Edit options").click()
    page.get_by_label("Options").fill("provider = openai\napi-key = ******\nmodel = gpt-4o")
    expect(page.locator("#statement")).to_contain_text("SET ('model' = 'gpt-4o')")
    settle_previews(page)
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".options")).to_contain_text("gpt-4o")
    kept = Model.objects.filter(name="churn").values_list("options", flat=True)
    assert list(kept)[0]["api-key"] == "sk-typed-secret"

    # Rename, then drop.
    page.get_by_role("link", name="Rename model").click()
    page.get_by_label("New name").fill("churn_v2")
    settle_previews(page)
    page.get_by_role("button", name="Rename model").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("churn_v2")
    page.get_by_role("link", name="Drop model").click()
    page.get_by_role("button", name="Drop model").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("sales")
    assert not Model.objects.filter(name__startswith="churn").exists()

    assert page.errors == []  # type: ignore[attr-defined]
