"""The pages "Export as folder" and "Plan from folder" (#19)."""

from __future__ import annotations

import io
import zipfile

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from catalogs import folder
from changes.models import ChangeRequest
from environments.models import Environment
from tests.access import Members

TABLE = b"CREATE TABLE c.d.t (a INT) WITH ('connector' = 'jdbc', 'password' = '${PW}');"
CATALOG = b"CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"


def _zip(files: dict[str, bytes]) -> SimpleUploadedFile:
    return SimpleUploadedFile("folder.zip", folder.folder_zip(files), "application/zip")


def test_export_as_folder_is_a_stable_zip_of_the_files(
    client: Client, environment: Environment
) -> None:
    call_command("load_demo", stdout=io.StringIO())
    url = reverse("folder-zip", args=["default"]) + "?catalog=shop"
    first, second = client.get(url), client.get(url)
    assert first.status_code == 200 and first["Content-Type"] == "application/zip"
    assert 'filename="default-folder.zip"' in first["Content-Disposition"]
    assert first.content == second.content
    archive = zipfile.ZipFile(io.BytesIO(first.content))
    files = {name: archive.read(name) for name in archive.namelist()}
    assert files == folder.export_files(environment, ["shop"])
    assert client.get(reverse("folder-zip", args=["default"]) + "?catalog=nope").status_code == 404


def test_plan_from_folder_shows_the_plan_and_opens_a_change_request(
    client: Client, environment: Environment
) -> None:
    url = reverse("folder-plan", args=["default"])
    assert client.get(url).status_code == 200
    files = {"c/catalog.sql": CATALOG, "c/d/tables/t.sql": TABLE}
    page = client.post(url, {"file": _zip(files), "open": "0"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Plan: 2 to create, 0 to change, 0 to re-create, 0 to drop" in text
    assert "CREATE TABLE `c`.`d`.`t`" in text
    assert 'name="variable-PW"' in text
    opened = client.post(
        url, {"file": _zip(files), "open": "1", "title": "from git", "variable-PW": "s3cret"}
    )
    request = ChangeRequest.objects.get()
    assert opened.status_code == 302
    assert opened["Location"] == reverse("change-request", args=["default", request.pk])
    assert request.title == "from git"
    assert "'password' = 's3cret'" in request.statements.get(position=2).sql
    assert not environment.catalogs.filter(name="c").exists()


def test_a_bad_folder_answers_400_naming_the_file_and_line(
    client: Client, environment: Environment
) -> None:
    files = {"c/catalog.sql": CATALOG, "c/d/t.sql": b"\nCREATE TABLE c.d.t (a INT,);"}
    page = client.post(reverse("folder-plan", args=["default"]), {"file": _zip(files)})
    assert page.status_code == 400
    assert "c/d/t.sql:2: SQL parse failed." in page.content.decode()
    upload = SimpleUploadedFile("x.zip", b"not a zip", "application/zip")
    page = client.post(reverse("folder-plan", args=["default"]), {"file": upload})
    assert page.status_code == 400
    assert "The upload is not a zip file." in page.content.decode()


def test_a_viewer_plans_but_cannot_open_a_change_request(
    members: Members, environment: Environment
) -> None:
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    url = reverse("folder-plan", args=["default"])
    files = {"c/catalog.sql": CATALOG}
    page = viewer.post(url, {"file": _zip(files)})
    assert page.status_code == 200
    assert "Open a change request" not in page.content.decode()
    assert viewer.post(url, {"file": _zip(files), "open": "1"}).status_code == 403
    outsider = Client()
    outsider.force_login(members.users["outsider"])
    assert outsider.get(url).status_code == 404
    assert outsider.get(reverse("folder-zip", args=["default"])).status_code == 404
    assert ChangeRequest.objects.count() == 0
