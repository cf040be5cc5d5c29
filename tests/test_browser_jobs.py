"""Jobs in a real browser: one started from the Jobs page links its result; a job's page follows
its progress in the database (htmx polling a fragment) to its result without being reloaded;
no script error."""

from __future__ import annotations

import pytest
from django.test import override_settings

from catalogs.models import Snapshot
from tests.test_browser import log_in, page  # noqa: F401 - the fixture, with its skip

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@override_settings(JOBS_REDIS_URL=None)
def test_a_job_started_from_the_jobs_page_links_its_result(
    page,  # noqa: F811
    live_server: object,
) -> None:
    from playwright.sync_api import expect

    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    page.goto(f"{base}/env/default/")
    page.get_by_role("link", name="Jobs").first.click()
    expect(page.get_by_role("heading", name="Jobs default")).to_be_visible()
    form = page.locator("form", has=page.get_by_role("heading", name="Take a snapshot"))
    form.get_by_label("Catalog").select_option("shop")
    form.get_by_label("Release label").fill("from the browser")
    form.get_by_role("button", name="Take snapshot in the background").click()
    expect(page.get_by_role("heading", name="Snapshot export job")).to_be_visible()
    expect(page.get_by_test_id("job-state")).to_have_text("done", timeout=60_000)
    snapshot = Snapshot.objects.get(label="from the browser")
    link = page.get_by_test_id("job-result")
    expect(link).to_have_text(f"snapshot {snapshot.snapshot_id}")
    progress = page.get_by_label("Progress")
    total = progress.get_attribute("max")
    assert total == progress.get_attribute("value") and int(total or 0) > 0
    link.click()
    expect(page).to_have_url(f"{base}/snapshots/{snapshot.snapshot_id}")
    assert page.errors == []  # type: ignore[attr-defined]


@override_settings(JOBS_REDIS_URL=None)
def test_the_job_page_follows_the_progress_in_the_database_without_a_reload(
    page,  # noqa: F811
    live_server: object,
) -> None:
    from playwright.sync_api import expect

    from environments.models import Environment
    from jobs import liveness
    from jobs.models import Job

    base = live_server.url  # type: ignore[attr-defined]
    log_in(page, base)
    job = Job.objects.create(
        kind="generate-catalog",
        environment=Environment.objects.get(name="default"),
        state=Job.State.RUNNING,
        done=1,
        total=4,
        worker=liveness.identity(),  # this process: a live worker
    )
    page.goto(f"{base}/env/default/jobs/{job.pk}")
    count = page.get_by_test_id("job-count")
    expect(count).to_have_text("1 of 4 objects (25 %)")
    page.evaluate("window.__sameDocument = true")
    Job.objects.filter(pk=job.pk).update(done=3, message="3/4 statements")
    expect(count).to_have_text("3 of 4 objects (75 %): 3/4 statements")
    assert page.get_by_label("Progress").get_attribute("value") == "3"
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.DONE,
        done=4,
        message="Catalog 'shop' ...",
        result={"label": "catalog shop", "url": "/env/default/catalogs/shop", "lines": []},
    )
    expect(page.get_by_test_id("job-result")).to_have_text("catalog shop")
    assert page.evaluate("window.__sameDocument") is True
    assert page.errors == []  # type: ignore[attr-defined]
