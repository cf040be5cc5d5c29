#!/usr/bin/env python
"""Exporting a catalog of 100,000 tables streams: time and peak memory beside an empty export.

The tables (eight columns each, every other one with a watermark, primary key and a secret
option) are written straight into a throw-away SQLite file with ``bulk_create``: the executor
would take the better part of an hour to create them, and what is measured is the export. The
export reads tables in chunks (``.iterator(chunk_size=...)``) and writes each one as it goes, so
its peak memory must not grow with the catalog: the claim is at most 200 MB more than an empty
export. Peak memory is Python's (``tracemalloc``) and the process's resident set (``ru_maxrss``).

Run: ``.venv/bin/python bench/snapshot.py [--tables N] [--keep]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATABASE = Path(tempfile.gettempdir()) / "bench-snapshot.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

LIMIT_BYTES = 200 * 1024 * 1024
BATCH = 2000


def build(tables: int) -> None:
    from catalogs.models import Catalog, Column, Database, Table
    from environments.models import Environment

    environment = Environment.objects.get(name="default")
    empty = Catalog.objects.create(
        environment=environment,
        name="empty",
        catalog_type="generic_in_memory",
        options={"type": "generic_in_memory", "default-database": "d"},
    )
    Database.objects.create(catalog=empty, name="d")
    big = Catalog.objects.create(
        environment=environment,
        name="big",
        catalog_type="generic_in_memory",
        options={"type": "generic_in_memory", "default-database": "d0"},
    )
    databases = [Database.objects.create(catalog=big, name=f"d{i}") for i in range(10)]
    for start in range(0, tables, BATCH):
        rows = []
        for i in range(start, min(start + BATCH, tables)):
            keyed = i % 2 == 0
            options = {"connector": "kafka", "topic": f"topic-{i}", "format": "json"}
            if keyed:
                options["properties.sasl.jaas.config"] = f"secret {i}"
            rows.append(
                Table(
                    database=databases[i % len(databases)],
                    name=f"table_{i:06d}",
                    comment=f"table {i}",
                    options=options,
                    primary_key_name="PK_id" if keyed else None,
                    primary_key_columns=["id"] if keyed else [],
                    watermark_column="ts" if keyed else None,
                    watermark_expression="`ts` - INTERVAL '5' SECOND" if keyed else None,
                )
            )
        created = Table.objects.bulk_create(rows)
        columns = []
        for table in created:
            keyed = table.primary_key_name is not None
            columns += [
                Column(table=table, position=0, name="id", data_type="BIGINT", nullable=not keyed),
                Column(table=table, position=1, name="name", data_type="VARCHAR(2147483647)"),
                Column(table=table, position=2, name="price", data_type="DECIMAL(10, 2)"),
                Column(
                    table=table, position=3, name="tags", data_type="ARRAY<VARCHAR(2147483647)>"
                ),
                Column(table=table, position=4, name="ms", data_type="BIGINT", comment="epoch ms"),
                Column(
                    table=table,
                    position=5,
                    name="ts",
                    kind="computed",
                    data_type="TIMESTAMP(3) WITH LOCAL TIME ZONE",
                    expression="`TO_TIMESTAMP_LTZ`(`ms`, 3)",
                ),
                Column(
                    table=table,
                    position=6,
                    name="offset",
                    kind="metadata",
                    data_type="BIGINT",
                    is_virtual=True,
                ),
                Column(
                    table=table,
                    position=7,
                    name="amount",
                    kind="computed",
                    data_type="DECIMAL(21, 2)",
                    expression="`price` * 2",
                ),
            ]
        Column.objects.bulk_create(columns, batch_size=5000)
        print(f"built {min(start + BATCH, tables)} tables", file=sys.stderr, end="\r")
    print(file=sys.stderr)


def measure(catalog_name: str, output: Path) -> tuple[float, int, int]:
    """Seconds, tracemalloc peak and the growth of the resident set, of one export to a file."""
    from catalogs import snapshots
    from catalogs.models import Catalog

    catalog = Catalog.objects.get(name=catalog_name)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    tracemalloc.start()
    started = time.perf_counter()
    with output.open("w", encoding="utf-8") as out:
        result = snapshots.write_snapshot(out, catalog, snapshot_id="bench", created_at=0)
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(
        f"{catalog_name}: {result.tables} tables, {output.stat().st_size / 1e6:.1f} MB written "
        f"in {elapsed:.1f} s; Python peak {peak / 1e6:.1f} MB; "
        f"resident set grew {(rss_after - rss_before) / 1e6:.1f} MB"
    )
    return elapsed, peak, rss_after - rss_before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--keep", action="store_true", help="reuse the database of a last run")
    args = parser.parse_args()
    if not (args.keep and DATABASE.exists()):
        DATABASE.unlink(missing_ok=True)
        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        build(args.tables)
        print(f"built the catalog in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    folder = Path(tempfile.mkdtemp(prefix="bench-snapshot-"))
    _, empty_peak, _ = measure("empty", folder / "empty.json")
    _, big_peak, _ = measure("big", folder / "big.json")
    extra = big_peak - empty_peak
    verdict = "within" if extra <= LIMIT_BYTES else "OVER"
    print(f"peak memory beyond an empty export: {extra / 1e6:.1f} MB ({verdict} the 200 MB budget)")
    return 0 if extra <= LIMIT_BYTES else 1


if __name__ == "__main__":
    sys.exit(main())
