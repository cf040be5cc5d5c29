"""The snapshot import page (#17): from a stored snapshot or a file, the file kept across a dry
run, the dry run the primary action, and what refused the import summarised at the top."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from catalogs import snapshots
from catalogs.models import Catalog, Snapshot, Table
from environments.models import Environment, Membership, Role
from tests.conftest import RunScript

SETUP = """
CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
CREATE TABLE c.d.t (id BIGINT, price INT) WITH ('connector' = 'datagen');
CREATE VIEW c.d.v AS SELECT id FROM c.d.t WHERE price > 1;
"""
URL = reverse("snapshot-import", args=["default"])


@pytest.fixture
def stored(environment: Environment, run: RunScript) -> Snapshot:
    assert all(r.ok for r in run(SETUP))
    snapshot, _ = snapshots.take_snapshot(environment, "c", label="release 1")
    return snapshot


def held_token(html: str) -> str:
    found = re.search(r'<input type="hidden" name="held" value="([^"]+)">', html)
    assert found, "the page holds no file"
    return found.group(1)


def test_it_offers_the_stored_snapshots_and_the_dry_run_first(
    client: Client, stored: Snapshot
) -> None:
    html = client.get(URL).text
    assert f'<option value="{stored.snapshot_id}">c “release 1”' in html
    buttons = re.findall(r'<button type="submit" name="apply" value="(\d)"', html)
    assert buttons == ["0", "1"]  # Enter in a field runs the first: the dry run
    assert '<button type="submit" name="apply" value="1" class="secondary">Import</button>' in html


def test_a_snapshots_page_links_to_its_import(client: Client, stored: Snapshot) -> None:
    page = client.get(reverse("snapshot", args=[stored.snapshot_id])).text
    link = f"{URL}?snapshot={stored.snapshot_id}"
    assert f'<a href="{link}">Import it into a catalog</a>' in page
    form = client.get(link).text
    assert f'<option value="{stored.snapshot_id}" selected>' in form
    assert 'id="source-stored" name="source" value="stored" checked' in form


def test_it_dry_runs_then_imports_a_stored_snapshot(client: Client, stored: Snapshot) -> None:
    form = {"source": "stored", "snapshot": stored.snapshot_id, "catalog": "copy"}
    dry = client.post(URL, {**form, "apply": "0"})
    assert dry.status_code == 200
    assert f"Dry run of snapshot {stored.snapshot_id}: every statement would succeed" in dry.text
    assert not Catalog.objects.filter(name="copy").exists()
    assert f'<option value="{stored.snapshot_id}" selected>' in dry.text  # still chosen
    done = client.post(URL, {**form, "apply": "1"})
    assert f"Imported snapshot {stored.snapshot_id} into catalog copy" in done.text
    assert {"t", "v"} == set(
        Table.objects.filter(database__catalog__name="copy").values_list("name", flat=True)
    )


def test_it_keeps_the_file_across_a_dry_run(client: Client, stored: Snapshot) -> None:
    data = snapshots.snapshot_bytes(stored)
    upload = SimpleUploadedFile("release.json", data, content_type="application/json")
    dry = client.post(URL, {"source": "file", "file": upload, "catalog": "copy", "apply": "0"})
    assert "Dry run of file release.json: every statement would succeed" in dry.text
    assert f"Kept from the dry run: release.json ({len(data)} bytes)." in dry.text
    token = held_token(dry.text)
    assert not Catalog.objects.filter(name="copy").exists()
    # Import without choosing the file again
    done = client.post(URL, {"source": "file", "held": token, "catalog": "copy", "apply": "1"})
    assert "Imported file release.json into catalog copy" in done.text
    assert Table.objects.filter(database__catalog__name="copy", name="v").exists()
    assert 'name="held"' not in done.text  # imported: the file is let go
    again = client.post(URL, {"source": "file", "held": token, "catalog": "other", "apply": "1"})
    assert again.status_code == 400
    assert "The file of the dry run is no longer kept" in again.text
    assert not Catalog.objects.filter(name="other").exists()


def test_a_held_file_is_its_uploaders_only(
    client: Client, stored: Snapshot, environment: Environment
) -> None:
    upload = SimpleUploadedFile("release.json", snapshots.snapshot_bytes(stored))
    token = held_token(client.post(URL, {"file": upload, "catalog": "copy", "apply": "0"}).text)
    editor = User.objects.create_user("eve")
    Membership.objects.create(environment=environment, user=editor, role=Role.EDITOR)
    other = Client()
    other.force_login(editor)
    answer = other.post(URL, {"held": token, "catalog": "copy", "apply": "1"})
    assert answer.status_code == 400
    assert "The file of the dry run is no longer kept" in answer.text
    assert not Catalog.objects.filter(name="copy").exists()


def test_it_summarises_what_refused_the_import_above_the_form(
    client: Client, stored: Snapshot, run: RunScript
) -> None:
    assert all(r.ok for r in run("CREATE CATALOG taken WITH ('type' = 'generic_in_memory');"))
    assert all(r.ok for r in run("CREATE DATABASE taken.d;"))
    assert all(r.ok for r in run("CREATE TABLE taken.d.t (x INT) WITH ('connector' = 'datagen');"))
    form = {"snapshot": stored.snapshot_id, "catalog": "taken", "apply": "1"}
    html = client.post(URL, form).text
    summary = html.index('data-testid="import-summary"')
    assert summary < html.index('<form method="post" enctype')
    assert "Not imported: catalog taken is unchanged" in html
    assert "1 problem in snapshot " in html
    problem = re.search(r'<li class="error">(table d\.t: [^<]+)</li>', html)
    assert problem, html[summary : summary + 2000]
    assert Table.objects.get(database__catalog__name="taken", name="t").columns.count() == 1


def test_a_file_sent_without_a_catalog_stays_held(client: Client, stored: Snapshot) -> None:
    upload = SimpleUploadedFile("release.json", snapshots.snapshot_bytes(stored))
    first = client.post(URL, {"file": upload, "catalog": " ", "apply": "0"})
    assert first.status_code == 400
    assert "Name the catalog to import the snapshot into." in first.text
    token = held_token(first.text)
    done = client.post(URL, {"held": token, "catalog": "copy", "apply": "0"})
    assert "Dry run of file release.json: every statement would succeed" in done.text


def test_it_says_what_to_choose_when_nothing_is_chosen(client: Client, stored: Snapshot) -> None:
    nothing = client.post(URL, {"source": "file", "catalog": "copy", "apply": "0"})
    assert nothing.status_code == 400
    assert "Choose a snapshot file to import, or a stored snapshot." in nothing.text
    no_catalog = client.post(URL, {"source": "stored", "snapshot": stored.snapshot_id})
    assert "Name the catalog to import the snapshot into." in no_catalog.text
    unknown = client.post(URL, {"source": "stored", "snapshot": "s-nope", "catalog": "x"})
    assert "No snapshot s-nope." in unknown.text
    assert not Catalog.objects.filter(name__in=["copy", "x"]).exists()
