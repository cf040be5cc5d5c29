"""Concurrent sessions on a real database: the unique constraints decide, not luck."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from catalogs.executor import Executor, Session
from catalogs.models import Table
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


@pytest.mark.django_db(transaction=True)
def test_it_lets_exactly_one_of_concurrent_creates_of_a_name_succeed() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is proven on PostgreSQL; SQLite serializes writers")
    results = _race("CREATE TABLE contested (a INT)")
    assert sum(r.ok for r in results) == 1
    errors = {r.error for r in results if not r.ok}
    assert errors == {"Table (or view) default.contested already exists in Catalog _env_default."}
    assert Table.objects.filter(name="contested").count() == 1
