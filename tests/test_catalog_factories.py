"""Each catalog type's options are checked as its factory declares them (issue #17, defect 5).

generic_in_memory's messages are Flink's own (recorded in tests/goldens/catalogs.sql); jdbc and
hive are checked with the same FactoryUtil texts over the options their factories declare;
Paimon and Iceberg with the checks those libraries make when the catalog opens.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogs.flinksql.catalog_factories import FACTORIES
from catalogs.models import Catalog
from tests.conftest import RunScript

MISSING = "One or more required options are missing.\n\nMissing required options are:\n\n"


def _refused(run: RunScript, statement: str) -> str:
    (result,) = run(statement)
    assert not result.ok
    return result.error


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ("'type' = 'jdbc'", MISSING + "base-url\npassword\nusername"),
        (
            "'type' = 'jdbc', 'base-url' = 'jdbc:postgresql://db/x', 'username' = 'u'",
            MISSING + "password",
        ),
        (
            "'type' = 'jdbc', 'base-url' = 'b', 'username' = 'u', 'password' = 'p', "
            "'url' = 'x', 'default-database' = 'd'",
            "Unsupported options found for 'jdbc'.\n\nUnsupported options:\n\nurl\n\n"
            "Supported options:\n\nbase-url\ncompatible-mode\ndefault-database\npassword\n"
            "property-version\nusername",
        ),
        (
            "'type' = 'hive', 'hive.metastore.uris' = 'thrift://m:9083'",
            "Unsupported options found for 'hive'.\n\nUnsupported options:\n\n"
            "hive.metastore.uris\n\nSupported options:\n\ndefault-database\nhadoop-conf-dir\n"
            "hive-conf-dir\nhive-version\nproperty-version",
        ),
        ("'type' = 'paimon'", "Paimon 'warehouse' path must be set"),
        (
            "'type' = 'iceberg', 'catalog-type' = 'nessie'",
            "Unknown catalog-type: nessie (Must be 'hive', 'hadoop' or 'rest')",
        ),
        (
            "'type' = 'iceberg', 'catalog-type' = 'hadoop'",
            "Option 'warehouse' is required for catalog-type 'hadoop': Cannot initialize "
            "HadoopCatalog because warehousePath must not be null or empty",
        ),
        (
            "'type' = 'iceberg', 'catalog-type' = 'rest'",
            "Option 'uri' is required for catalog-type 'rest': Invalid uri for http client: null",
        ),
        (
            "'type' = 'iceberg', 'catalog-type' = 'hive', 'catalog-impl' = 'com.x.C'",
            "Cannot create catalog, both catalog-type and catalog-impl are set: "
            "catalog-type=hive, catalog-impl=com.x.C",
        ),
    ],
)
def test_it_refuses_options_the_catalog_factory_refuses(
    run: RunScript, options: str, error: str
) -> None:
    before = list(Catalog.objects.values_list("name", flat=True))
    assert _refused(run, f"CREATE CATALOG c WITH ({options})") == error
    assert list(Catalog.objects.values_list("name", flat=True)) == before


@pytest.mark.parametrize(
    "options",
    [
        "'type' = 'jdbc', 'base-url' = 'jdbc:postgresql://db:5432', 'username' = 'u', "
        "'password' = 'p'",
        "'type' = 'hive'",  # every hive option is optional (hive-site.xml from the classpath)
        "'type' = 'paimon', 'warehouse' = 's3://lake/w', 's3.access-key' = 'k'",
        "'type' = 'paimon', 'metastore' = 'rest', 'uri' = 'http://r'",
        "'type' = 'iceberg'",  # catalog-type defaults to hive
        "'type' = 'iceberg', 'catalog-type' = 'REST', 'uri' = 'http://r', 'any.key' = 'x'",
        "'type' = 'iceberg', 'catalog-impl' = 'com.x.C'",
        "'type' = 'kafka'",
        "'type' = 'my_own_catalog', 'whatever' = 'x'",  # unknown types are stored as written
    ],
)
def test_it_accepts_options_the_factory_accepts(run: RunScript, options: str) -> None:
    (result,) = run(f"CREATE CATALOG c WITH ({options})")
    assert result.ok, result.error
    assert Catalog.objects.filter(name="c").exists()


def test_alter_and_reset_are_checked_against_the_same_factory(run: RunScript) -> None:
    run(
        "CREATE CATALOG j WITH ('type' = 'jdbc', 'base-url' = 'b', 'username' = 'u', "
        "'password' = 'p')"
    )
    assert _refused(run, "ALTER CATALOG j RESET ('password')") == MISSING + "password"
    assert _refused(run, "ALTER CATALOG j SET ('user' = 'x')").startswith(
        "Unsupported options found for 'jdbc'.\n\nUnsupported options:\n\nuser\n\n"
    )
    assert Catalog.objects.get(name="j").options == {
        "type": "jdbc",
        "base-url": "b",
        "username": "u",
        "password": "p",
    }
    (result,) = run("ALTER CATALOG j SET ('default-database' = 'sales')")
    assert result.ok, result.error


def test_the_form_marks_required_options_and_says_where_each_type_comes_from(
    admin_client: Client,
) -> None:
    url = reverse("catalog-create", args=["default"])
    page = admin_client.post(url, {"name": "c", "catalog_type": "jdbc", "choose_type": "1"})
    text = page.content.decode()
    assert "From flink-connector-jdbc 4.1.0 (JdbcCatalogFactory)." in text
    for key in ("base-url", "username", "password"):
        assert f"{key} (required)" in text
    assert "default-database (required)" not in text
    kafka = admin_client.post(url, {"name": "c", "catalog_type": "kafka", "choose_type": "1"})
    assert "Apache Flink has no &#x27;kafka&#x27; catalog type" in kafka.content.decode()


def test_the_form_shows_the_factory_refusal_and_creates_nothing(admin_client: Client) -> None:
    url = reverse("catalog-create", args=["default"])
    data = {"name": "c", "catalog_type": "jdbc", "jdbc__base_url": "jdbc:x", "options": ""}
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "Missing required options are:" in response.content.decode()
    assert not Catalog.objects.filter(name="c").exists()


def test_every_offered_type_has_a_source() -> None:
    assert sorted(FACTORIES) == ["generic_in_memory", "hive", "iceberg", "jdbc", "kafka", "paimon"]
    assert all(f.source for f in FACTORIES.values())
