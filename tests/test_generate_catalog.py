"""generate_catalog builds a large, varied catalog through the executor."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from catalogs.management.commands.generate_catalog import CatalogGenerator
from catalogs.models import Database, Dependency, HistoryEntry, Table


def generate(**options) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("generate_catalog", stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_it_builds_tables_and_views_several_levels_deep(capsys) -> None:
    out, _ = generate(tables=24, views=15, databases=3, catalog="gen", batch=10)
    in_catalog = Table.objects.filter(database__catalog__name="gen")
    assert Database.objects.filter(catalog__name="gen").count() == 3
    assert in_catalog.filter(kind=Table.Kind.TABLE).count() == 24
    assert in_catalog.filter(kind=Table.Kind.VIEW).count() == 15
    assert not in_catalog.exclude(status=Table.Status.OK).exists()
    assert Dependency.objects.filter(kind=Dependency.Kind.VIEW).exists()  # views over views
    depths = {int(v.comment.rsplit(" ", 1)[1]) for v in in_catalog.filter(kind=Table.Kind.VIEW)}
    assert max(depths) >= 2
    types = " ".join(
        in_catalog.filter(kind=Table.Kind.TABLE).values_list("columns__data_type", flat=True)
    )
    for kind in ("BIGINT", "DECIMAL", "TIMESTAMP", "ARRAY<", "MAP<", "ROW<"):
        assert kind in types
    assert in_catalog.exclude(watermark_column=None).exists()
    assert in_catalog.exclude(partition_keys=[]).exists()
    assert HistoryEntry.objects.count() >= 24 + 15  # every object went through the executor
    assert "'gen': 3 databases, 24 tables, 15 views" in out
    assert "43/43 statements" in capsys.readouterr().err  # progress on stderr


def test_it_generates_the_same_statements_for_the_same_seed() -> None:
    first = list(CatalogGenerator("c", 50, 20, 4, seed=7).statements())
    again = list(CatalogGenerator("c", 50, 20, 4, seed=7).statements())
    other = list(CatalogGenerator("c", 50, 20, 4, seed=8).statements())
    assert first == again != other
    assert len(first) == CatalogGenerator("c", 50, 20, 4, seed=7).statement_count()


@pytest.mark.django_db
def test_it_stops_with_the_failing_statement_and_undoes_its_batch() -> None:
    generate(tables=2, databases=1, catalog="twice")
    with pytest.raises(CommandError, match="already exists"):
        generate(tables=2, databases=1, catalog="twice")
    assert Table.objects.filter(database__catalog__name="twice").count() == 2


@pytest.mark.django_db
def test_it_refuses_an_unknown_environment_and_empty_sizes() -> None:
    with pytest.raises(CommandError, match="Environment nowhere does not exist"):
        generate(tables=1, environment="nowhere")
    with pytest.raises(CommandError, match="at least 1"):
        generate(tables=0)
