"""What every browser test shares: Debian's Chromium driven by Playwright, a page that records
JavaScript errors and failed responses, and axe-core run on every page it visits.

axe-core (vendored under ``static/vendor/axe-core-<version>/``) is injected into every document
before the page's own scripts; it checks the document once it has loaded, and again whenever a
test takes a screenshot (after htmx swaps). A page with a critical or serious violation fails the
test that visited it, when it ends, with the rule, the page and the elements named.

Skipped where /usr/bin/chromium is missing, unless REQUIRE_BROWSER=1 (CI) makes that a failure.
Screenshots are kept under ``test-artifacts/`` (gitignored); each path is printed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # live_server + Playwright's sync API

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
AXE = next(iter(sorted((ROOT / "static" / "vendor").glob("axe-core-*/axe.min.js"))))
FAILING_IMPACTS = ("critical", "serious")

if not Path(CHROMIUM).exists() and os.environ.get("REQUIRE_BROWSER") != "1":
    pytest.skip("Chromium is not installed", allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright  # noqa: E402

# How long an expectation waits for the page to reach it: Playwright's default, 5 s, is short for
# a form posted to a live server on a loaded CI machine (a POST through the executor on
# PostgreSQL once took longer there). Only a failing expectation waits this long.
expect.set_options(timeout=15_000)

# Runs in every top-level document after axe itself: one check at a time (axe refuses a second
# run while one is going), the first when the document has loaded.
AXE_RUNNER = """
(() => {
  if (window.top !== window) return;
  let queue = Promise.resolve();
  window.__axeCheck = () => {
    const options = {resultTypes: ["violations"]};
    const run = queue.then(() => axe.run(document, options)).then((result) => {
      const failing = result.violations
        .filter((v) => IMPACTS.includes(v.impact))
        .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" "))}));
      window.__axeReport(location.href, failing);
      return failing;
    });
    queue = run.catch(() => null);
    return run;
  };
  window.addEventListener("load", () => { window.__axeLoaded = window.__axeCheck(); });
})();
""".replace("IMPACTS", json.dumps(FAILING_IMPACTS))


def launch(playwright: Any) -> Browser:
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    )


def watched_page(context: BrowserContext) -> Page:
    """A page of ``context`` that records errors in ``page.errors`` and axe's critical and
    serious violations in ``page.axe`` (one entry per page address and rule)."""
    violations: dict[tuple[str, str], str] = {}

    def report(url: str, failing: list[dict[str, Any]]) -> None:
        for v in failing:
            violations[(url, v["id"])] = (
                f"{v['impact']} {v['id']} on {url}: {v['help']} ({'; '.join(v['nodes'])})"
            )

    context.expose_function("__axeReport", report)
    context.add_init_script(script=AXE.read_text(encoding="utf-8") + AXE_RUNNER)
    page = context.new_page()
    page.axe = violations  # type: ignore[attr-defined]
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(f"pageerror: {error}"))
    page.on(
        "console",
        lambda message: (
            page.errors.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    page.on(
        "response",
        lambda response: (
            page.errors.append(f"HTTP {response.status}: {response.url}")
            if response.status >= 400
            else None
        ),
    )
    page.on("dialog", lambda dialog: page.errors.append(f"dialog: {dialog.message}"))
    _check_after_goto(page)
    return page


def _check_after_goto(page: Page) -> None:
    """``page.goto`` returns once axe has checked the page it loaded."""
    goto: Callable[..., Any] = page.goto

    def goto_and_check(url: str, **kwargs: Any) -> Any:
        response = goto(url, **kwargs)
        page.evaluate("() => window.__axeLoaded || (window.__axeCheck && window.__axeCheck())")
        return response

    page.goto = goto_and_check  # type: ignore[method-assign]


def check_accessibility(page: Page) -> list[str]:
    """Run axe on the page as it is now (after any htmx swap); the failing violations found so
    far on every page this page visited. A navigation a click started is waited for: axe run
    while the next document loads finds none (``documentElement`` of null)."""
    page.wait_for_load_state()
    page.evaluate("() => window.__axeCheck && window.__axeCheck()")
    return sorted(page.axe.values())  # type: ignore[attr-defined]


def accessibility_failures(page: Page) -> list[str]:
    """The failing violations of every page visited, the current one checked once more."""
    try:
        return check_accessibility(page)
    except Exception:  # the page is gone or navigating: what was found stands
        return sorted(page.axe.values())  # type: ignore[attr-defined]


@contextmanager
def opened_page() -> Iterator[Page]:
    """A watched page in a fresh browser; on leaving, an error names every critical or serious
    accessibility violation found on any page it visited (the ``browser_page`` and ``page``
    fixtures of tests/conftest.py)."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = watched_page(context)
        yield page
        failures = accessibility_failures(page)
        browser.close()
    assert not failures, "axe-core found:\n" + "\n".join(failures)


def with_demo_and_admin() -> None:
    """The demo, and the superuser ``admin`` (password ``admin-password``)."""
    call_command("load_demo", stdout=None)
    User.objects.create_superuser("admin", password="admin-password")


def shot(page: Page, name: str) -> Path:
    """Check the page with axe as it is now and keep a full-page screenshot of it."""
    check_accessibility(page)
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def log_in(page: Page, base: str, user: str = "admin", password: str = "admin-password") -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill(user)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Environments")).to_be_visible()


def settle_previews(page: Page) -> None:
    """Let a form's htmx preview finish before submitting. The preview is a dry run of the
    statement, in a transaction that is rolled back; on the live server's shared in-memory
    SQLite a submit that runs beside it is refused ("database table is locked") or reads its
    uncommitted version ("This model changed since you opened it"). File SQLite and
    PostgreSQL do neither; a browser test has to wait."""
    page.locator("body").click(position={"x": 1, "y": 1})  # leaves the field: its change fires
    page.wait_for_timeout(400)  # past the preview's 300 ms input delay
    # a locator's wait, not wait_for_function: that polls a string through eval in the page,
    # which the page's Content-Security-Policy (script-src 'self') refuses
    expect(page.locator(".htmx-request")).to_have_count(0, timeout=30_000)
    page.wait_for_load_state("networkidle")
