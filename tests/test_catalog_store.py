"""Catalog-store folders: the files Flink's FileCatalogStore writes, exported and imported.

The byte-for-byte claim is checked against files real Flink writes during the test run (marked
``flink``): once through ``CREATE CATALOG`` with ``table.catalog-store.kind: file``, once through
``FileCatalogStore.storeCatalog`` for options that Flink's own catalog factories would refuse.
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command

from catalogs import deployment_files, snapshots
from catalogs.executor import Executor, Session
from catalogs.flinksql import catalog_store as cs
from catalogs.flinksql import render
from catalogs.models import Catalog
from environments.models import Environment
from environments.services import create_environment
from tests.snapshot_catalogs import catalog_dump, require_flink

ODD_VALUES = [
    "sales",
    "123",
    "true",
    "yes",
    "null",
    "",
    "x: y #z",
    " spaced ",
    'it\'s "q"',
    "a\\b",
    "line1\nline2",
    "trail\n",
    "tab\there",
    "é漢",
    "- x",
    "@home",
    "word " * 30,
    "1_000",
    "0x1F",
    "http://a:b@c/d?e=f#g",
]
ODD_KEYS = [
    "type",
    "default-database",
    "url",
    "base-url",
    "username",
    "password",
    "x y",
    "12",
    "yes",
    "#h",
    "Alpha",
    "alpha",
    "hive-conf-dir",
    "property-version",
    "a" * 30,
    "~",
]


@pytest.fixture
def demo(environment: Environment) -> Catalog:
    call_command("load_demo", stdout=io.StringIO())
    return Catalog.objects.get(environment=environment, name="shop")


def test_it_exports_one_file_per_catalog(demo: Catalog) -> None:
    files, secrets = deployment_files.catalog_store_files(demo.environment)
    assert sorted(files) == ["_env_default.yaml", "shop.yaml"]
    assert secrets == []
    archive = zipfile.ZipFile(io.BytesIO(deployment_files.catalog_store_zip(files)))
    assert sorted(archive.namelist()) == [
        "catalog-store/_env_default.yaml",
        "catalog-store/shop.yaml",
    ]
    assert archive.read("catalog-store/shop.yaml") == files["shop.yaml"]
    assert deployment_files.catalog_store_zip(files) == deployment_files.catalog_store_zip(files)


def test_secret_catalog_options_become_placeholders(environment: Environment) -> None:
    Executor(Session.start(environment)).execute(
        "CREATE CATALOG j WITH ('type' = 'jdbc', 'base-url' = 'jdbc:postgresql://db:5432', "
        "'default-database' = 'x', 'username' = 'u', 'password' = 'hunter2')"
    )
    files, secrets = deployment_files.catalog_store_files(environment)
    assert b"hunter2" not in files["j.yaml"]
    assert b'password: "${J_PASSWORD}"' in files["j.yaml"]
    assert secrets[0]["variable"] == "J_PASSWORD"
    with pytest.raises(TypeError):  # no export writes a stored secret out, asked or not
        deployment_files.catalog_store_files(environment, include_secrets=True)


@pytest.mark.parametrize("value", ODD_VALUES)
def test_reading_a_file_gives_back_the_options(value: str) -> None:
    options = {"type": "generic_in_memory", "default-database": value}
    # Flink writes a value's final line break nowhere in the file, so none comes back.
    expected = {**options, "default-database": value.removesuffix("\n")}
    assert cs.read_catalog_store_file("c.yaml", cs.catalog_store_file(options)) == ("c", expected)


def test_the_page_downloads_the_zip(demo: Catalog, client) -> None:
    response = client.get("/env/default/catalog-store.zip")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    files, _ = deployment_files.catalog_store_files(demo.environment)
    assert response.content == deployment_files.catalog_store_zip(files)


def test_it_imports_an_exported_folder(demo: Catalog, tmp_path: Path) -> None:
    call_command(
        "catalog_store",
        "export",
        "--environment",
        "default",
        "--output",
        str(tmp_path),
        stdout=io.StringIO(),
    )
    (tmp_path / "_env_default.yaml").unlink()  # every environment has its own
    target = create_environment("restore")
    call_command(
        "catalog_store", "import", str(tmp_path), "--environment", "restore", stdout=io.StringIO()
    )
    shop = Catalog.objects.get(environment=target, name="shop")
    assert shop.options == demo.options
    assert shop.databases.filter(name="sales").exists()


BAD_FILES = [
    ("c.yaml", b"type: [unclosed", "not valid YAML"),
    ("c.yaml", b"- a\n- b\n", "expected a map"),
    ("c.yaml", b"default-database: d\n", "option 'type' is missing"),
    ("c.yaml", b"type: generic_in_memory\nx:\n  nested: 1\n", "must be a string"),
    ("c.yaml", b"type: " + b"x" * (cs.MAX_FILE_BYTES + 1), "more than"),
    ("c.yaml", b"\xff\xfe", "not UTF-8"),
    ("c.yaml", b"!!python/object:os.system 'x'", "not valid YAML"),
    ("../c.yaml", b"type: generic_in_memory\n", "not a catalog-store file name"),
    ("a/b.yaml", b"type: generic_in_memory\n", "not a catalog-store file name"),
    (".yaml", b"type: generic_in_memory\n", "not a catalog-store file name"),
    ("c.yaml", b"type: generic_in_memory\nbogus: x\n", "Unsupported options"),
    # PyYAML quotes the line it stopped at: the message names only the place
    ("c.yaml", b"type: jdbc\npassword: hunter2: x\n", "not allowed here at line 2, column 18"),
]


@pytest.mark.parametrize(("name", "data", "message"), BAD_FILES)
def test_it_rejects_invalid_files_and_changes_nothing(
    environment: Environment, name: str, data: bytes, message: str
) -> None:
    before = catalog_dump(environment)
    good = {"good.yaml": b'type: "generic_in_memory"\n'}
    report = deployment_files.import_catalog_store(environment, {**good, name: data})
    assert not report.ok
    assert any(message in failure for failure in report.failures), report.failures
    assert "hunter2" not in str(report.failures)
    assert catalog_dump(environment) == before


def test_reading_a_folder_refuses_links_and_oversized_files(tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_bytes(b'type: "generic_in_memory"\n')
    (tmp_path / "notes.txt").write_text("ignored")
    assert list(deployment_files.read_catalog_store_folder(tmp_path)) == ["ok.yaml"]
    os.symlink("/etc/passwd", tmp_path / "evil.yaml")
    with pytest.raises(snapshots.ServiceError, match="not a regular file"):
        deployment_files.read_catalog_store_folder(tmp_path)
    (tmp_path / "evil.yaml").unlink()
    (tmp_path / "big.yaml").write_bytes(b"x" * (cs.MAX_FILE_BYTES + 1))
    with pytest.raises(snapshots.ServiceError, match="larger than"):
        deployment_files.read_catalog_store_folder(tmp_path)


# -- compared with what real Flink writes -----------------------------------------------------
def flink_writes_with_ddl(statements: list[str]) -> dict[str, bytes]:
    """The files Flink writes for these CREATE CATALOG statements (recorded now)."""
    from catalogs.flink_verify.session import new_environment, run

    folder = tempfile.mkdtemp(prefix="flink-store-")
    try:
        env = new_environment(folder)
        for statement in statements:
            run(env, statement)
        return {p.name: p.read_bytes() for p in Path(folder).iterdir()}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def flink_writes_with_store(catalogs: dict[str, dict[str, str]]) -> dict[str, bytes]:
    """The files Flink's FileCatalogStore writes for these options, put in key order."""
    from pyflink.java_gateway import get_gateway

    from catalogs.flink_verify.session import new_environment

    new_environment()  # starts the JVM
    jvm = get_gateway().jvm
    folder = tempfile.mkdtemp(prefix="flink-store-")
    try:
        store = jvm.org.apache.flink.table.catalog.FileCatalogStore(folder)
        store.open()
        for name, options in catalogs.items():
            ordered = jvm.java.util.LinkedHashMap()
            for key in sorted(options):
                ordered.put(key, options[key])
            configuration = jvm.org.apache.flink.configuration.Configuration.fromMap(ordered)
            descriptor = jvm.org.apache.flink.table.catalog.CatalogDescriptor.of(
                name, configuration
            )
            store.storeCatalog(name, descriptor)
        return {p.name: p.read_bytes() for p in Path(folder).iterdir()}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.flink
def test_the_files_equal_what_flink_writes_for_the_same_catalogs(environment: Environment) -> None:
    require_flink()
    call_command("load_demo", stdout=io.StringIO())
    executor = Executor(Session.start(environment))
    for i, value in enumerate(ODD_VALUES):
        if "\n" in value or "\t" in value or not value:
            # line breaks are tested through the store API below; an empty default database
            # Flink refuses, and so does the dashboard (tests/goldens/catalogs.sql)
            continue
        literal = value.replace("'", "''")
        result = executor.execute(
            f"CREATE CATALOG c{i:02d} WITH ('type' = 'generic_in_memory', "
            f"'default-database' = '{literal}', 'property-version' = '1')"
        )
        assert result.ok, result.error
    ours, _ = deployment_files.catalog_store_files(environment)
    statements = [
        render.show_create_catalog(snapshots.store.descriptor(c))
        for c in Catalog.objects.filter(environment=environment)
    ]
    flinks = flink_writes_with_ddl(statements)
    assert sorted(flinks) == sorted(ours)
    for name, data in flinks.items():
        assert ours[name] == data, name


@pytest.mark.flink
def test_the_files_equal_what_flinks_file_catalog_store_writes_for_any_options() -> None:
    require_flink()
    catalogs = {
        f"v{i:02d}": {"type": "jdbc", "default-database": v} for i, v in enumerate(ODD_VALUES)
    }
    for count in (1, 3, 5, 8, 13, len(ODD_KEYS)):
        catalogs[f"k{count:02d}"] = {k: f"value of {k}" for k in ODD_KEYS[:count]}
    flinks = flink_writes_with_store(catalogs)
    for name, options in catalogs.items():
        assert cs.catalog_store_file(options) == flinks[cs.catalog_file_name(name)], name
