#!/usr/bin/env python
"""How fast the dashboard normalizes a view, beside real Flink doing the same.

For every view of the golden scripts (tests/goldens/views_*.sql) that both Flink and the
dashboard accept alike, it measures

* the dashboard's normalization alone (``expand_view``: parse, resolve, expand, derive types),
* the dashboard's whole ``CREATE VIEW`` + ``SHOW CREATE VIEW`` + ``DESCRIBE`` through the
  executor (SQLite in memory, or a new PostgreSQL database with ``--database-url``), with
  DEBUG off as deployed,
* real Flink 2.3 (PyFlink, warm JVM) running the same three statements, its rows read as the
  dashboard's verify reads them (the JVM writes them as JSON in one call),

and prints the median time per view of each, the ratios, the queries per statement and the
load average. Needs ``java`` and ``apache-flink``. Run: ``.venv/bin/python bench/normalize.py``.

``--profile`` runs only the dashboard's side under cProfile and prints the entries with the
most cumulative and own time (Flink is not started).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# as deployed: DEBUG off (with it on, Django keeps and formats every query for the debug page)
os.environ["DJANGO_DEBUG"] = "0"
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-not-a-secret")


def _database_url() -> str:
    """SQLite in memory, or ``--database-url postgres://HOST:PORT``: a new database
    ``bench_normalize`` on that server (dropped first)."""
    if "--database-url" not in sys.argv:
        return "sqlite:///:memory:"
    server = sys.argv[sys.argv.index("--database-url") + 1].rstrip("/")
    import psycopg

    with psycopg.connect(server, dbname="postgres", autocommit=True) as connection:
        connection.execute("DROP DATABASE IF EXISTS bench_normalize WITH (FORCE)")
        connection.execute("CREATE DATABASE bench_normalize")
    return f"{server}/bench_normalize"


os.environ["DATABASE_URL"] = _database_url()

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

GOLDENS = ROOT / "tests" / "goldens"
REPEAT = 5


def selected_views() -> dict[str, set[str]]:
    """Per script, the CREATE VIEW statements Flink accepted and the dashboard answers alike."""
    gaps = json.loads((GOLDENS / "gaps.json").read_text())
    deviations = json.loads((GOLDENS / "deviations.json").read_text())
    declared = json.loads((GOLDENS / "declared_types.json").read_text())
    chosen: dict[str, set[str]] = {}
    for sql in sorted(GOLDENS.glob("views_*.sql")):
        script = sql.stem
        if any(name in sql.read_text() for name in declared):
            continue  # its functions' result types are declared between statements (no SQL)
        skip = gaps.get(script, {}).keys() | deviations.get(script, {}).keys()
        records = json.loads(sql.with_suffix(".json").read_text())
        chosen[script] = {
            r["statement"]
            for r in records
            if r["ok"]
            and r["statement"].upper().startswith("CREATE VIEW")
            and "IF NOT EXISTS" not in r["statement"].upper()
            and r["statement"] not in skip
        }
    return chosen


def view_name(statement: str) -> str:
    from catalogs.flinksql.catalog import quote_identifier
    from catalogs.flinksql.parser import parse_statement

    return ".".join(quote_identifier(p) for p in parse_statement(statement).path)


def dashboard(
    chosen: dict[str, set[str]],
    queries: list[int] | None = None,
    cpu: list[float] | None = None,
) -> tuple[list[float], list[float]]:
    from django.db import connection

    from catalogs.executor import Executor, Session
    from catalogs.executor.handlers import Context
    from catalogs.executor.reader import SessionCatalogReader
    from catalogs.flinksql.parser import parse_statement
    from catalogs.flinksql.views import expand_view
    from environments.models import Environment

    call_command("migrate", verbosity=0)
    normalize, triple = [], []
    environment = Environment.objects.get(name="default")
    for script, views in chosen.items():
        records = json.loads((GOLDENS / f"{script}.json").read_text())
        executor = Executor(Session.start(environment))
        for record in records:
            statement = record["statement"]
            if statement in views:
                parsed = parse_statement(statement)
                reader = SessionCatalogReader(Context(executor.session))
                session = executor.session
                times = []
                for _ in range(REPEAT):
                    cold()
                    start = time.perf_counter()
                    expand_view(
                        parsed.query,
                        reader,
                        session.current_catalog,
                        session.current_database,
                        parsed.column_names,
                    )
                    times.append(time.perf_counter() - start)
                normalize.append(min(times))
                name = view_name(statement)
                counted = _Counter()
                cold()
                with connection.execute_wrapper(counted):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    results = [
                        executor.execute(statement),
                        executor.execute(f"SHOW CREATE VIEW {name}"),
                        executor.execute(f"DESCRIBE {name}"),
                    ]
                    triple.append(time.perf_counter() - start)
                    if cpu is not None:
                        cpu.append(time.process_time() - start_cpu)
                if queries is not None:
                    queries.append(counted.count)
                assert all(r.ok for r in results), results
            else:
                executor.execute(statement)
    return normalize, triple


def cold() -> None:
    """Forget the tokens and trees kept of the texts read so far: each timed run reads its
    view's text for the first time, as a new statement does."""
    from catalogs.flinksql import dialect, lineage

    # absent in a checkout from before them (a before/after run)
    for kept in (getattr(dialect, "_tokens_of", None), lineage.parse_expanded):
        if hasattr(kept, "cache_clear"):
            kept.cache_clear()


class _Counter:
    """A database execute wrapper counting the queries (BEGIN, SAVEPOINT and COMMIT too)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):  # noqa: ANN001, ANN204
        self.count += 1
        return execute(sql, params, many, context)


def flink(chosen: dict[str, set[str]], pyflink_rows: bool = False) -> list[float]:
    """Flink's time for the three statements of each chosen view, in one warm JVM, a session per
    script. Rows are read as the dashboard's verify reads them (the JVM writes them as JSON in
    one call); ``pyflink_rows`` reads them through PyFlink's ``collect()`` instead, as this
    bench did until 2026-12-05: it converts every field of every row through the gateway, a
    Python-side cost of PyFlink, not Flink's (bench/README.md has both figures)."""
    from pyflink.table import EnvironmentSettings

    from catalogs.flink_verify.session import answer, create_session
    from catalogs.flinksql.splitter import split_statements

    def collect(env, statement: str) -> None:  # noqa: ANN001
        if pyflink_rows:
            with env.execute_sql(statement).collect() as rows:
                list(rows)
        else:
            answer(env, statement)

    timings: list[float] = []
    for round_ in ("warm-up", "measure"):
        for script, views in chosen.items():
            env = create_session(EnvironmentSettings.new_instance().in_streaming_mode())
            for statement in split_statements((GOLDENS / f"{script}.sql").read_text()):
                if statement in views:
                    name = view_name(statement)
                    start = time.perf_counter()
                    collect(env, statement)
                    collect(env, f"SHOW CREATE VIEW {name}")
                    collect(env, f"DESCRIBE {name}")
                    if round_ == "measure":
                        timings.append(time.perf_counter() - start)
                else:
                    # the golden scripts document errors on purpose
                    with contextlib.suppress(Exception):
                        collect(env, statement)
            if round_ == "warm-up":
                break
    return timings


def profile(chosen: dict[str, set[str]], top: int) -> None:
    """The dashboard's side under cProfile: the entries with most cumulative and own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    dashboard(chosen)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    if os.environ.get("BENCH_PROFILE_CALLERS"):
        stats.print_callers(os.environ["BENCH_PROFILE_CALLERS"])
    print(f"load average: {load_average()}")


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="profile the dashboard only")
    parser.add_argument("--top", type=int, default=30, help="profile entries to print")
    parser.add_argument("--no-flink", action="store_true", help="the dashboard's figures only")
    parser.add_argument("--scripts", type=int, help="only the first SCRIPTS golden scripts")
    parser.add_argument(
        "--pyflink-rows",
        action="store_true",
        help="read Flink's rows through PyFlink's collect() (this bench's way before 2026-12-05)",
    )
    parser.add_argument(
        "--database-url",
        help="a PostgreSQL server (postgres://user@host:port) instead of SQLite in memory",
    )
    args = parser.parse_args()
    chosen = selected_views()
    if args.scripts is not None:
        chosen = dict(list(chosen.items())[: args.scripts])
    count = sum(len(v) for v in chosen.values())
    if args.profile:
        profile(chosen, args.top)
        return
    queries: list[int] = []
    cpu: list[float] = []
    normalize, triple = dashboard(chosen, queries, cpu)
    ms = 1000
    n_med, t_med, c_med = (statistics.median(x) * ms for x in (normalize, triple, cpu))
    print(f"database:                                     {os.environ['DATABASE_URL']}")
    print(f"views measured:                               {count}")
    print(f"dashboard, normalization only (median):       {n_med:8.3f} ms per view")
    print(f"dashboard, CREATE + SHOW CREATE + DESCRIBE:   {t_med:8.3f} ms per view")
    print(f"  the same, CPU time of the process:          {c_med:8.3f} ms per view")
    print(f"queries for the three statements (median):    {statistics.median(queries):8.0f}")
    if args.no_flink:
        print(f"load average:                                 {load_average()}")
        return
    flink_times = flink(chosen, args.pyflink_rows)
    f_med = statistics.median(flink_times) * ms
    rows = "PyFlink's collect()" if args.pyflink_rows else "rows as JSON"
    print(f"Flink 2.3 (warm, {rows}), the same three: {f_med:8.3f} ms per view")
    print(f"ratio Flink / dashboard normalization:        {f_med / n_med:8.1f}x")
    print(f"ratio Flink / dashboard three statements:     {f_med / t_med:8.1f}x")
    print(f"load average:                                 {load_average()}")


if __name__ == "__main__":
    main()
