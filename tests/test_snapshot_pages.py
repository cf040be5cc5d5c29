"""The snapshot diff page: a view's query diff as text, and both sides chosen by the user,
shown old → new (#17)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from catalogs import snapshots
from catalogs.models import Snapshot
from environments.models import Environment
from tests.conftest import RunScript
from tests.test_accessibility import Audit

SETUP = """
CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
CREATE TABLE c.d.t (id BIGINT, price INT) WITH ('connector' = 'datagen');
CREATE VIEW c.d.v AS SELECT id FROM c.d.t WHERE price > 1;
"""


@pytest.fixture
def two(environment: Environment, run: RunScript) -> tuple[Snapshot, Snapshot]:
    """An older snapshot and a newer one, the view's query changed between them."""
    run(SETUP)
    older, _ = snapshots.take_snapshot(environment, "c", label="before")
    run("CREATE OR REPLACE VIEW c.d.v AS SELECT id FROM c.d.t WHERE price > 2;")
    newer, _ = snapshots.take_snapshot(environment, "c", label="after")
    # two snapshots taken in one second: make their order certain
    Snapshot.objects.filter(pk=older.pk).update(created_at=newer.created_at - dt.timedelta(hours=1))
    older.refresh_from_db()
    return older, newer


def diff_url(snapshot: Snapshot) -> str:
    return reverse("snapshot-diff", args=[snapshot.snapshot_id])


def test_it_shows_a_views_query_diff_as_lines(client: Client, two: tuple) -> None:
    older, newer = two
    response = client.get(diff_url(older), {"old": older.snapshot_id, "new": newer.snapshot_id})
    assert response.status_code == 200
    html = response.text
    assert "query_diff" not in html
    assert "-WHERE `t`.`price` &gt; 1\n+WHERE `t`.`price` &gt; 2\n" in html


def test_it_shows_the_sides_the_user_chooses_old_then_new(client: Client, two: tuple) -> None:
    older, newer = two
    response = client.get(diff_url(newer), {"old": older.snapshot_id, "new": newer.snapshot_id})
    assert f"{older.snapshot_id} → {newer.snapshot_id}</h1>" in response.text
    # the page offers both sides again, each with its choice selected, and the swap
    assert f'<option value="{older.snapshot_id}" selected>' in response.text
    assert f'<option value="{newer.snapshot_id}" selected>' in response.text
    swap = f"?old={newer.snapshot_id}&amp;new={older.snapshot_id}"
    assert swap in response.text


def test_against_a_snapshot_puts_the_one_taken_first_on_the_old_side(
    client: Client, two: tuple
) -> None:
    older, newer = two
    for start, other in ((newer, older), (older, newer)):
        response = client.get(diff_url(start), {"against": other.snapshot_id})
        assert f"{older.snapshot_id} → {newer.snapshot_id}</h1>" in response.text
        assert "-WHERE `t`.`price` &gt; 1" in response.text


def test_the_live_catalog_is_a_side_either_way(client: Client, two: tuple) -> None:
    older, _ = two
    after = client.get(diff_url(older), {"old": older.snapshot_id, "new": "live"}).text
    assert f"{older.snapshot_id} → c (live)</h1>" in after
    before = client.get(diff_url(older), {"old": "live", "new": older.snapshot_id}).text
    assert f"c (live) → {older.snapshot_id}</h1>" in before
    assert "+WHERE `t`.`price` &gt; 1" in before
    assert client.get(diff_url(older), {"old": "nope"}).status_code == 404


def test_the_snapshot_page_offers_both_sides(client: Client, two: tuple) -> None:
    older, newer = two
    html = client.get(reverse("snapshot", args=[newer.snapshot_id])).text
    assert f'name="old"><option value="{newer.snapshot_id}" selected>' in html
    assert '<option value="live" selected>c as it is now (live)</option></select>' in html
    assert f'<option value="{older.snapshot_id}">' in html


@pytest.mark.parametrize("page", ["snapshot", "snapshot-diff"])
def test_the_snapshot_pages_label_every_field_and_order_headings(
    client: Client, two: tuple, page: str
) -> None:
    older, _ = two
    audit = Audit()
    audit.feed(client.get(reverse(page, args=[older.snapshot_id])).text)
    assert all(f["_wrapped"] for f in audit.fields)
    assert audit.headings.count(1) == 1
    for before, after in zip(audit.headings, audit.headings[1:], strict=False):
        assert after <= before + 1, audit.headings
