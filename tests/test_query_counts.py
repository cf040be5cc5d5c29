"""Every page issues as many queries for a catalog of 600+ objects as for one of a few."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from catalogs.models import Column, Dependency, Function, Table
from environments.models import Environment
from tests.conftest import RunScript

DB = ("default", "big", "db1")


def build(run: RunScript, size: int) -> None:
    """A catalog with ``size`` tables, views and functions, bulk-created after one real table
    and view made through the executor (the pages' subjects)."""
    results = run(
        "CREATE CATALOG big WITH ('type' = 'generic_in_memory', 'default-database' = 'db1');\n"
        "CREATE TABLE big.db1.t0000 (a INT, b STRING) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW big.db1.v0000 AS SELECT a, b FROM big.db1.t0000;\n"
        "ALTER TABLE big.db1.t0000 SET ('rows-per-second' = '5');"
    )
    assert all(r.ok for r in results), [r.error for r in results]
    table = Table.objects.get(name="t0000")
    database, environment = table.database, Environment.objects.get(name="default")
    tables = Table.objects.bulk_create(
        [Table(database=database, name=f"t{i:04}", comment=f"table {i}") for i in range(1, size)]
        + [
            Table(
                database=database,
                name=f"v{i:04}",
                kind=Table.Kind.VIEW,
                original_query=f"SELECT a FROM t{i:04}",
                expanded_query=f"SELECT `a` FROM `big`.`db1`.`t{i:04}`",
            )
            for i in range(1, size)
        ]
    )
    Column.objects.bulk_create(
        Column(table=t, position=p, name=n, data_type="INT")
        for t in tables
        for p, n in enumerate(("a", "b", "c"))
    )
    Dependency.objects.bulk_create(
        Dependency(
            view=t,
            environment=environment,
            kind="table",
            catalog_name="big",
            database_name="db1",
            object_name="t" + t.name[1:],
        )
        for t in tables
        if t.is_view
    )
    Function.objects.bulk_create(
        Function(database=database, name=f"f{i:04}", class_name="com.example.F")
        for i in range(size)
    )


PAGES = [
    ("home", ()),
    ("catalog", ("default", "big")),
    ("database", DB),
    ("table", (*DB, "t0000")),
    ("view", (*DB, "v0000")),
    ("table-lineage", (*DB, "t0000")),
    ("view-lineage", (*DB, "v0000")),
    ("tree-catalog", ("default", "big")),
    ("tree-database", DB),
    ("console", ("default",)),
    ("table-create", DB),
    ("view-alter", (*DB, "v0000")),
    ("table-drop", (*DB, "t0000")),
    ("catalog-drop", ("default", "big")),
    ("database-drop", DB),
]


def count_queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def counts(client: Client) -> dict[str, int]:
    result = {name: count_queries(client, reverse(name, args=args)) for name, args in PAGES}
    result["search"] = count_queries(client, reverse("search", args=["default"]) + "?q=t00")
    result["database-page-2"] = count_queries(client, reverse("database", args=DB) + "?tables=2")
    return result


@pytest.mark.django_db
def test_it_builds_a_catalog_of_at_least_500_objects(run: RunScript) -> None:
    build(run, 200)
    objects = Table.objects.filter(database__catalog__name="big").count()
    assert objects + Function.objects.filter(database__catalog__name="big").count() >= 500


def test_every_page_costs_the_same_for_a_small_and_a_large_catalog(
    client: Client, run: RunScript, settings: Any
) -> None:
    settings.PAGE_CACHE = False  # what rendering costs, every time
    build(run, 3)
    client.get(reverse("home"))  # warm the session
    small = counts(client)
    Table.objects.filter(database__catalog__name="big").delete()
    Function.objects.filter(database__catalog__name="big").delete()
    run("DROP CATALOG big")
    build(run, 200)
    large = counts(client)
    # A full page of names that start with the text needs no search inside names: fewer.
    assert large.pop("search") <= small.pop("search")
    # The drop-catalog page shows what the drop would break by running it in a rolled-back
    # transaction; deleting 600 objects takes a few more batched DELETEs than deleting 9 (the
    # database's limit of variables per statement), never one per object.
    assert small["catalog-drop"] <= large.pop("catalog-drop") <= small.pop("catalog-drop") + 5
    assert large == small
