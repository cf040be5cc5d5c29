"""Catalog names that cannot be a file of Flink's FileCatalogStore (which stores catalog ``c``
as ``<folder>/c.yaml``) are refused by name, in the zip download and in ``catalog_store export``,
before anything is written; every file of an export stays inside its folder."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from catalogs import deployment_files, snapshots
from catalogs.executor import Executor, Session
from catalogs.flinksql.quoting import quote_identifier, quote_in_comment
from catalogs.models import Catalog
from environments.models import Environment

ESCAPING = ["../../../tmp/x", "/tmp/y", "a\\b", ".hidden", "..", "n\x01l", "é" * 128]


def create(environment: Environment, *names: str) -> None:
    script = ";".join(
        f"CREATE CATALOG {quote_identifier(n)} "
        "WITH ('type' = 'generic_in_memory', 'default-database' = 'd')"
        for n in names
    )
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results]


def refusal(name: str) -> str:
    return (
        f"Catalog {quote_in_comment(name)} cannot be stored by Flink's FileCatalogStore, which "
        "keeps a catalog in the file <catalog>.yaml of its folder: a name for it holds no '/', "
        "'\\', NUL or other control character, does not start with '.', "
        "and is at most 250 bytes in UTF-8. Nothing was exported."
    )


@pytest.mark.parametrize("name", ESCAPING)
def test_it_refuses_to_export_a_catalog_whose_name_leaves_the_folder(
    environment: Environment, client: Client, tmp_path: Path, name: str
) -> None:
    create(environment, "good", name)
    with pytest.raises(snapshots.ServiceError) as refused:
        deployment_files.catalog_store_files(environment)
    assert refused.value.message == refusal(name)

    response = client.get("/env/default/catalog-store.zip")
    assert response.status_code == 400
    assert response.content.decode() == refusal(name)

    output = tmp_path / "store"
    with pytest.raises(CommandError) as failed:
        call_command("catalog_store", "export", "--environment", "default", "--output", output)
    assert str(failed.value) == refusal(name)
    assert not output.exists()
    assert sorted(p.name for p in tmp_path.rglob("*")) == []


def test_every_path_of_an_export_stays_in_its_folder(
    environment: Environment, client: Client, tmp_path: Path
) -> None:
    names = ["good", "with space", "dots.in.it", "a..b", "ünï`cødé", "x" * 250]
    create(environment, *names)
    expected = sorted(f"{n}.yaml" for n in [*names, "_env_default"])
    archive = zipfile.ZipFile(io.BytesIO(client.get("/env/default/catalog-store.zip").content))
    assert sorted(archive.namelist()) == [f"catalog-store/{n}" for n in expected]
    for entry in archive.namelist():
        assert Path("/x", entry).resolve().parent == Path("/x/catalog-store")
    output = tmp_path / "store"
    call_command("catalog_store", "export", "--environment", "default", "--output", output)
    assert sorted(p.name for p in output.iterdir()) == expected
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == sorted(
        ["store", *(f"store/{n}" for n in expected)]
    )


@pytest.mark.parametrize("data", [b"[" * 30000, b"a: " + b"{" * 20000])
def test_it_refuses_a_store_file_nested_too_deeply(environment: Environment, data: bytes) -> None:
    report = deployment_files.import_catalog_store(environment, {"c.yaml": data})
    assert report.errors == [
        "c.yaml: nests lists or maps too deeply; a catalog-store file is a flat map."
    ]
    assert not Catalog.objects.filter(name="c").exists()


def test_an_export_into_a_folder_that_exists_adds_its_files_there(
    environment: Environment, tmp_path: Path
) -> None:
    create(environment, "good")
    (tmp_path / "other.txt").write_text("kept")
    call_command("catalog_store", "export", "--environment", "default", "--output", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "_env_default.yaml",
        "good.yaml",
        "other.txt",
    ]
