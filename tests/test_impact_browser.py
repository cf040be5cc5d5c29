"""In the browser: the transitive warning before a drop, and the marks after it at depth 3."""

from __future__ import annotations

from django.urls import reverse
from playwright.sync_api import Page, expect  # noqa: E402  (after the module skip)

from catalogs.executor import Executor, Session
from environments.models import Environment
from tests.browser import log_in, shot
from tests.test_browser import pytestmark  # noqa: F401
from tests.test_impact import CHAIN

ARGS = ["default", "_env_default", "default"]


def test_a_drop_warns_of_every_view_it_breaks_and_marks_them(
    page: Page,
    live_server: object,
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    results = Executor(Session.start(Environment.objects.get(name="default"))).execute_script(CHAIN)
    assert all(r.ok for r in results)
    log_in(page, base)
    page.goto(base + reverse("table-drop", args=[*ARGS, "customers"]))
    warning = page.locator("#impact")
    expect(warning).to_contain_text("3 views would become broken.")
    expect(warning.get_by_role("link", name="_env_default.default.top_three")).to_be_visible()
    expect(warning).to_contain_text(
        "(path _env_default.default.top_three -> _env_default.default.top_countries -> "
        "_env_default.default.revenue_by_country -> _env_default.default.customers)"
    )
    shot(page, "impact-before-drop")
    page.get_by_label("Type the name to confirm").fill("customers")  # it breaks views (#17)
    page.get_by_role("button", name="Drop table").click()
    expect(page.get_by_role("heading", name="default")).to_be_visible()

    page.goto(base + reverse("view", args=[*ARGS, "top_three"]))
    expect(page.get_by_text("Flink cannot plan a read of this view")).to_be_visible()
    expect(page.locator("body")).to_contain_text("table _env_default.default.customers is gone")
    shot(page, "impact-marked-depth-3")
    assert page.errors == []  # type: ignore[attr-defined]
