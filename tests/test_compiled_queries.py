"""Querysets compiled once (config.compiled) answer what the ORM answers: the same
rows, with the same field values (JSON, booleans and dates converted on SQLite), the same
related instances, and the values of each call, not of the first; ``values_list`` querysets
(CompiledValues) the same tuples."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogs import models as m
from catalogs.executor import Executor
from config.compiled import CompiledQuery, CompiledValues

SETUP = (
    "CREATE TABLE t (a INT NOT NULL, b STRING, PRIMARY KEY (a) NOT ENFORCED) "
    "COMMENT 'the t' WITH ('connector' = 'datagen', 'rows-per-second' = '5')",
    "CREATE TABLE u (x TIMESTAMP(3), WATERMARK FOR x AS x) WITH ('connector' = 'datagen')",
    "CREATE VIEW v AS SELECT a FROM t",
)

NAMED = CompiledQuery(
    lambda database, name: m.Table.objects.filter(database_id=database, name=name), int, str
)
WITH_PLACE = CompiledQuery(
    lambda name: m.Table.objects.filter(name=name, kind=m.Table.Kind.VIEW).select_related(
        "database__catalog"
    ),
    str,
)


def fields(row: m.Table) -> dict:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields}


@pytest.fixture
def catalog(executor: Executor) -> m.Database:
    for statement in SETUP:
        assert executor.execute(statement).ok
    return m.Table.objects.get(name="t").database


def test_it_answers_what_the_orm_answers_for_each_call(catalog: m.Database) -> None:
    for name in ["t", "u", "v", "nothing"]:
        orm = list(m.Table.objects.filter(database_id=catalog.pk, name=name))
        compiled = NAMED.rows(catalog.pk, name)
        assert [fields(r) for r in compiled] == [fields(r) for r in orm]
    t = NAMED.first(catalog.pk, "t")
    assert t.options == {"connector": "datagen", "rows-per-second": "5"}
    assert t.comment == "the t" and t.primary_key_columns == ["a"]
    assert t.created_at == m.Table.objects.get(pk=t.pk).created_at and t.is_view is False
    # an instance Django can save and read its relations from, as one the ORM made
    assert [c.name for c in t.columns.all()] == ["a", "b"]
    t.comment = "changed"
    t.save()
    assert m.Table.objects.get(pk=t.pk).comment == "changed"


def test_it_makes_the_related_instances_of_select_related(catalog: m.Database) -> None:
    [view] = WITH_PLACE.rows("v")
    with CaptureQueriesContext(connection) as queries:
        place = (view.database.name, view.database.catalog.name)
    assert place == (catalog.name, catalog.catalog.name) and not queries.captured_queries
    # the fixed values of the queryset stay: the table t is no view
    assert WITH_PLACE.rows("t") == []


def test_it_sends_one_query_a_call(catalog: m.Database) -> None:
    NAMED.rows(catalog.pk, "t")
    with CaptureQueriesContext(connection) as queries:
        NAMED.rows(catalog.pk, "u")
    assert len(queries.captured_queries) == 1
    assert "'u'" in queries.captured_queries[0]["sql"]


def test_it_refuses_a_queryset_it_cannot_make_rows_of(catalog: m.Database) -> None:
    values = CompiledQuery(lambda name: m.Table.objects.filter(name=name).values("pk"), str)
    with pytest.raises(TypeError, match="not a plain queryset"):
        values.rows("t")
    fixed = CompiledQuery(lambda name: m.Table.objects.filter(name="t"), str)
    with pytest.raises(TypeError, match=r"values \[0\] are not parameters"):
        fixed.rows("t")


VALUES = CompiledValues(
    lambda kind, *keys: (
        m.Table.objects.filter(kind=kind, pk__in=keys)
        .order_by("name")
        .values_list("name", "options", "database__catalog__name", "primary_key_columns")
    ),
    str,
    int,
    int,
)


def test_its_values_are_the_orms_values_list(catalog: m.Database) -> None:
    keys = dict(m.Table.objects.values_list("name", "pk"))
    for kind, pair in [("TABLE", ("t", "u")), ("VIEW", ("t", "v")), ("TABLE", ("v", "v"))]:
        wanted = [keys[name] for name in pair]
        orm = m.Table.objects.filter(kind=kind, pk__in=wanted).order_by("name")
        fields = ("name", "options", "database__catalog__name", "primary_key_columns")
        assert VALUES.rows(kind, *wanted) == list(orm.values_list(*fields))
    [(name, options, catalog_name, key)] = VALUES.rows("TABLE", keys["t"], keys["v"])
    assert (name, options, key) == ("t", {"connector": "datagen", "rows-per-second": "5"}, ["a"])
    assert catalog_name == catalog.catalog.name


def test_its_values_refuse_what_is_no_values_list(catalog: m.Database) -> None:
    for build in [
        lambda name: m.Table.objects.filter(name=name),
        lambda name: m.Table.objects.filter(name=name).values_list("pk", flat=True),
        lambda name: m.Table.objects.filter(name=name).values("pk"),
    ]:
        with pytest.raises(TypeError, match="not a values_list of named fields"):
            CompiledValues(build, str).rows("t")
