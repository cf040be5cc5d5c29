"""Concurrent sessions on a real database: the unique constraints decide, not luck."""

from __future__ import annotations

import random
import threading
import time

import pytest
from django.db import connection, connections, transaction
from django.db.models import Count

from catalogs.executor import Executor, Session, marks
from catalogs.executor.handlers.context import Context
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.flinksql.lineage import column_lineage, columns_read
from catalogs.models import Dependency, Table
from environments.models import Environment

WORKERS = 8


def _race(statement: str) -> list:
    environment = Environment.objects.get(name="default")
    barrier = threading.Barrier(WORKERS)
    results: list = [None] * WORKERS

    def work(i: int) -> None:
        try:
            barrier.wait()
            results[i] = Executor(Session.start(environment)).execute(statement)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_lets_exactly_one_of_concurrent_creates_of_a_name_succeed() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is proven on PostgreSQL; SQLite serializes writers")
    results = _race("CREATE TABLE contested (a INT)")
    assert sum(r.ok for r in results) == 1
    errors = {r.error for r in results if not r.ok}
    assert errors == {"Table (or view) default.contested already exists in Catalog _env_default."}
    assert Table.objects.filter(name="contested").count() == 1


# Codes a client can act on; "internal" means a bug or an unhandled database error.
DATAGEN = "WITH ('connector' = 'datagen')"  # a view reads only tables with a connector
CLEAR_CODES = {"invalid", "parse", "conflict", "forbidden"}


def _run_concurrently(scripts: list[list[str]], delays: list[float] | None = None) -> list[list]:
    """Each script in its own thread, session and database connection, started together
    (script ``i`` after ``delays[i]`` seconds)."""
    environment = Environment.objects.get(name="default")
    barrier = threading.Barrier(len(scripts))
    results: list[list] = [[] for _ in scripts]
    crashes: list[BaseException] = []

    def work(i: int) -> None:
        try:
            executor = Executor(Session.start(environment))
            barrier.wait()
            time.sleep(delays[i] if delays else 0)
            for statement in scripts[i]:
                results[i].append(executor.execute(statement))
        except BaseException as exc:  # noqa: BLE001 - reported below, with the thread's results
            crashes.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(scripts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert crashes == []
    return results


def _assert_clear(results: list[list]) -> None:
    unclear = [
        (r.statement, r.code, r.error)
        for thread in results
        for r in thread
        if not r.ok and r.code not in CLEAR_CODES
    ]
    assert unclear == []


def _assert_catalog_consistent() -> None:
    names = Table.objects.values("database_id", "name").annotate(n=Count("id")).filter(n__gt=1)
    assert list(names) == []
    existing = {
        (t.database.catalog.name, t.database.name, t.name)
        for t in Table.objects.select_related("database__catalog")
    }
    silently_broken = [
        (view.name, str(dependency))
        for view in Table.objects.filter(kind=Table.Kind.VIEW).prefetch_related("dependencies")
        for dependency in view.dependencies.all()
        if dependency.kind != Dependency.Kind.FUNCTION
        and (dependency.catalog_name, dependency.database_name, dependency.object_name)
        not in existing
        and view.status != Table.Status.BROKEN
    ]
    assert silently_broken == []


def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is proven on PostgreSQL; SQLite serializes writers")


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_loses_no_concurrent_alter_of_one_table() -> None:
    _postgres_only()
    Executor(Session.start(Environment.objects.get(name="default"))).execute(
        "CREATE TABLE shared (a INT)"
    )
    results = _run_concurrently([[f"ALTER TABLE shared ADD c{i} INT"] for i in range(WORKERS)])
    _assert_clear(results)
    added = {f"c{i}" for i, thread in enumerate(results) if thread[0].ok}
    table = Table.objects.get(name="shared")
    columns = set(table.columns.values_list("name", flat=True))
    assert added <= columns, f"lost updates: {sorted(added - columns)}"
    assert table.version == 1 + len(added)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_marks_a_view_broken_when_its_table_is_dropped_while_it_is_created() -> None:
    _postgres_only()
    executor = Executor(Session.start(Environment.objects.get(name="default")))
    # The drop starts a little later each round, so it lands at every point of the creations.
    for round_ in range(6):
        assert executor.execute(f"CREATE TABLE src{round_} (a INT, b STRING) {DATAGEN}").ok
        scripts = [[f"DROP TABLE src{round_}"]] + [
            [f"CREATE VIEW v{round_}_{i} AS SELECT a, b FROM src{round_}"]
            for i in range(WORKERS - 1)
        ]
        delays = [0.03 * round_] + [0.0] * (WORKERS - 1)
        _assert_clear(_run_concurrently(scripts, delays))
    _assert_catalog_consistent()


def _assert_marks_and_lineage_recomputed() -> None:
    """Every stored mark, and every view's lineage rows (what it reads, which columns its
    columns derive from), are what a recomputation from scratch finds."""
    views = list(
        Table.objects.filter(kind=Table.Kind.VIEW)
        .select_related("database__catalog")
        .prefetch_related("columns", "dependencies", "column_lineage")
        .order_by("pk")
    )
    stored = {view.pk: (view.status, view.status_reason) for view in views}
    context = Context(Session.start(Environment.objects.get(name="default")))
    with transaction.atomic():
        marks.recompute(context, Table.objects.filter(pk__in=stored).order_by("pk"))
        rows = Table.objects.filter(pk__in=stored).values_list("pk", "status", "status_reason")
        recomputed = {pk: (status, reason) for pk, status, reason in rows}
        transaction.set_rollback(True)
    assert {pk: (stored[pk], now) for pk, now in recomputed.items() if now != stored[pk]} == {}
    for view in views:
        names = [c.name for c in view.columns.all()]
        expected = {
            (s.column, s.source.catalog, s.source.database, s.source.name, s.source_column, s.how)
            for s in column_lineage(view.expanded_query, names)
        }
        found = {
            (r.view_column, r.catalog_name, r.database_name, r.object_name, r.column_name, r.how)
            for r in view.column_lineage.all()
        }
        assert found == expected, view.name
        read = columns_read(view.expanded_query)
        relations = {
            ObjectIdentifier(d.catalog_name, d.database_name, d.object_name): d
            for d in view.dependencies.all()
            if d.kind != Dependency.Kind.FUNCTION
        }
        assert set(relations) == set(read), view.name
        for identifier, dependency in relations.items():
            assert set(dependency.columns) <= read[identifier], (view.name, identifier)


def _storm_script(seed: int, length: int) -> list[str]:
    """Random statements over a few shared names: tables, views over them and over views."""
    rnd = random.Random(seed)
    tables, views = ["t0", "t1", "t2"], ["v0", "v1", "v2"]
    script = []
    for _ in range(length):
        t, t2, v, v2 = rnd.choice(tables), rnd.choice(tables), rnd.choice(views), rnd.choice(views)
        script.append(
            rnd.choice(
                [
                    f"CREATE TABLE {t} (a INT, b STRING) {DATAGEN}",
                    f"CREATE TABLE IF NOT EXISTS {t} (a INT, b STRING) {DATAGEN}",
                    f"ALTER TABLE {t} ADD c{rnd.randrange(1000)} INT",
                    f"ALTER TABLE {t} MODIFY a BIGINT",
                    f"ALTER TABLE {t} RENAME TO {t2}",
                    f"DROP TABLE IF EXISTS {t}",
                    f"CREATE VIEW {v} AS SELECT a, b FROM {t}",
                    f"CREATE VIEW {v} AS SELECT a FROM {v2}",
                    f"ALTER VIEW {v} AS SELECT a, b FROM {t}",
                    f"ALTER VIEW {v} RENAME TO {v2}",
                    f"DROP VIEW IF EXISTS {v}",
                ]
            )
        )
    return script


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_stays_consistent_under_a_storm_of_changes_to_the_same_objects() -> None:
    _postgres_only()
    results = _run_concurrently([_storm_script(seed, 20) for seed in range(WORKERS)])
    assert sum(r.ok for thread in results for r in thread) > 0
    _assert_clear(results)
    _assert_catalog_consistent()
    # views took part (whether any is left at the end depends on the threads' order)
    assert any(r.ok and r.statement.startswith("CREATE VIEW") for t in results for r in t)
    _assert_marks_and_lineage_recomputed()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_mark_written_while_its_view_is_renamed_names_the_new_name() -> None:
    """A statement marking a view waits for a concurrent rename of that view and writes its
    cause with the new name (it once wrote the old one over the rename's mark)."""
    _postgres_only()
    environment = Environment.objects.get(name="default")
    setup = Executor(Session.start(environment))
    script = (f"CREATE TABLE t (a INT) {DATAGEN}", "CREATE VIEW v_before AS SELECT a FROM t")
    for statement in script:
        assert setup.execute(statement).ok
    renamed, altered = threading.Event(), threading.Event()
    results: dict[str, object] = {}

    def rename() -> None:
        try:
            with transaction.atomic():
                results["rename"] = Executor(Session.start(environment)).execute(
                    "ALTER VIEW v_before RENAME TO v_after"
                )
                renamed.set()
                altered.wait(timeout=1)  # the alter runs now and meets the rename's locks
        finally:
            connections.close_all()

    def alter() -> None:
        try:
            renamed.wait(timeout=10)
            results["alter"] = Executor(Session.start(environment)).execute(
                "ALTER TABLE t MODIFY a BIGINT"
            )
        finally:
            altered.set()
            connections.close_all()

    threads = [threading.Thread(target=rename), threading.Thread(target=alter)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results["rename"].ok and results["alter"].ok  # type: ignore[attr-defined]
    view = Table.objects.get(name="v_after")
    assert (view.status, view.status_reason) == (
        "stale",
        "Flink plans a read of this view but casts to its stored types: column a of "
        "_env_default.default.t changed from INT to BIGINT; Flink casts a BIGINT -> INT "
        "(narrowing: values can be cut, overflow or fail to convert) "
        "(path _env_default.default.v_after -> _env_default.default.t).",
    )
    _assert_marks_and_lineage_recomputed()
