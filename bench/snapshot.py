#!/usr/bin/env python
"""Exporting a catalog of 100,000 tables streams: time and peak memory beside an empty export.

The tables (eight columns each, every other one with a watermark, primary key and a secret
option) are written straight into a throw-away SQLite file with ``bulk_create``: what is
measured is the export, not the building. The export reads tables in chunks
(``.iterator(chunk_size=...)``) and writes each one as it goes, so its peak memory must not grow
with the catalog: the claim is at most 200 MB more than an empty export.

Each export runs in a process of its own, without tracing, and reports the process's peak
resident set (``VmHWM``; the parent checks it against ``getrusage(RUSAGE_CHILDREN)``); one more
process repeats the large export under ``tracemalloc`` for the Python heap's peak. Two ways are
measured: writing the snapshot to a file as it is produced (``write_snapshot``), and what
``snapshot export --output FILE`` and the API do: taking a stored snapshot (``take_snapshot``,
which keeps the document gzip-compressed, hashing it as it is written) and writing the stored
document out to a file piece by piece (``snapshot_chunks``).

Run: ``.venv/bin/python bench/snapshot.py [--tables N] [--keep]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATABASE = Path(tempfile.gettempdir()) / "bench-snapshot.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"
os.environ.setdefault("STATEMENT_LOG_LEVEL", "WARNING")
# as in production: with DEBUG on, Django keeps every query's text, a stored snapshot's bytes
# included, for the life of the process
os.environ["DJANGO_DEBUG"] = "0"
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-snapshot-not-a-secret")
# the snapshot page is rendered as in production, its static files' names from a manifest
os.environ["DJANGO_STATIC_ROOT"] = str(Path(tempfile.gettempdir()) / "bench-snapshot-static")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import models  # noqa: E402

LIMIT_BYTES = 200 * 1024 * 1024
BATCH = 2000
MB = 1024 * 1024


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


# -- one export, in a process of its own --------------------------------------------------------
def _peak_rss() -> int:
    """The process's peak resident set (VmHWM), in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def export_here(catalog_name: str, way: str, output: Path, traced: bool) -> dict[str, float]:
    """Export once in this process; what it took."""
    import tracemalloc

    from catalogs import snapshots
    from catalogs.models import Catalog

    catalog = Catalog.objects.get(name=catalog_name)
    start_rss = _peak_rss()
    if traced:
        tracemalloc.start()
    started = time.perf_counter()
    if way == "file":
        with output.open("w", encoding="utf-8") as out:
            result = snapshots.write_snapshot(out, catalog, snapshot_id="bench", created_at=0)
        size = output.stat().st_size
    elif way in READS:
        return read_here(catalog, way, start_rss, traced)
    else:  # what ``snapshot export --output FILE`` does: store it, then write the stored bytes
        stored, result = snapshots.take_snapshot(catalog.environment, catalog_name)
        with output.open("wb") as out:
            for chunk in snapshots.snapshot_chunks(stored):
                out.write(chunk)
        size = output.stat().st_size
    seconds = time.perf_counter() - started
    figures = {
        "tables": result.tables,
        "bytes": size,
        "seconds": seconds,
        "start_rss": start_rss,
        "peak_rss": _peak_rss(),
        "heap_peak": tracemalloc.get_traced_memory()[1] if traced else 0,
        "snapshot": stored.pk if way == "stored" else None,
        "stored_bytes": len(stored.content) if way == "stored" else 0,
    }
    return figures


READS = ("page", "diff-live", "diff-stored")


def read_here(catalog: Any, way: str, start_rss: int, traced: bool) -> dict[str, float]:
    """Read the catalog's stored snapshots once in this process: the snapshot page (its summary,
    then one database's seventh page), or a diff with the live catalog or the later snapshot."""
    import tracemalloc

    from django.contrib.auth import get_user_model
    from django.test import RequestFactory

    from catalogs import snapshot_diffs
    from catalogs.models import Snapshot
    from catalogs.pages.snapshots import snapshot_page

    first, later = Snapshot.objects.filter(catalog_name=catalog.name).order_by("pk")[:2]
    if traced:
        tracemalloc.start()
    started = time.perf_counter()
    if way == "page":
        user = get_user_model().objects.get(username="bench")
        for query in ({}, {"database": catalog.databases.order_by("name")[0].name, "page": "7"}):
            request = RequestFactory().get(f"/snapshots/{first.snapshot_id}", query)
            request.user = user
            response = snapshot_page(request, first.snapshot_id)
            assert response.status_code == 200, response.status_code
        changes = 0
    else:
        other = f"live:{catalog.environment.name}/{catalog.name}"
        if way == "diff-stored":
            other = later.snapshot_id
        changes = len(snapshot_diffs.diff(first.snapshot_id, other).objects)
    return {
        "tables": catalog.databases.aggregate(n=models.Count("tables"))["n"],
        "changes": changes,
        "bytes": first.size,
        "seconds": time.perf_counter() - started,
        "start_rss": start_rss,
        "peak_rss": _peak_rss(),
        "heap_peak": tracemalloc.get_traced_memory()[1] if traced else 0,
        "snapshot": None,
        "stored_bytes": 0,
    }


def prepare_reads(catalog_names: list[str], changed: int) -> None:
    """Two stored snapshots of each catalog, ``changed`` tables retyped between them (and
    left so: the live catalog differs from the first snapshot as the later one does)."""
    from django.contrib.auth import get_user_model

    from catalogs import snapshots
    from catalogs.models import Catalog, Column, Snapshot

    users = get_user_model().objects
    if not users.filter(username="bench").exists():
        users.create_superuser("bench", "bench@example.com", "bench")
    for name in catalog_names:
        catalog = Catalog.objects.get(name=name)
        Snapshot.objects.filter(catalog_name=name).delete()
        snapshots.take_snapshot(catalog.environment, name)
        tables = Column.objects.filter(table__database__catalog=catalog, name="price")
        chosen = list(tables.order_by("pk").values_list("pk", flat=True)[:changed])
        now = Column.objects.filter(pk__in=chosen[:1]).values_list("data_type", flat=True)
        retyped = "DECIMAL(10, 2)" if list(now) == ["DECIMAL(12, 2)"] else "DECIMAL(12, 2)"
        Column.objects.filter(pk__in=chosen).update(data_type=retyped)
        snapshots.take_snapshot(catalog.environment, name)


def export_in_child(catalog_name: str, way: str, folder: Path, traced: bool = False) -> dict:
    command = [sys.executable, __file__, "--child", catalog_name, "--way", way]
    command += ["--output", str(folder / f"{catalog_name}-{way}.json")]
    if traced:
        command.append("--traced")
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["children_maxrss"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    if figures["snapshot"] is not None:  # here, so that the child's peak is the export's
        from catalogs.models import Snapshot

        Snapshot.objects.filter(pk=figures["snapshot"]).delete()
    return figures


def report(name: str, way: str, figures: dict) -> None:
    print(
        f"{way:11} {name:5}: {figures['tables']:>7} tables, {figures['bytes'] / MB:7.1f} MB in "
        f"{figures['seconds']:6.1f} s; peak RSS {figures['peak_rss'] / MB:6.1f} MB "
        f"(after start-up {figures['start_rss'] / MB:5.1f} MB)"
        + (f"; kept as {figures['stored_bytes'] / MB:.1f} MB" if figures["stored_bytes"] else "")
        + (f"; {figures['changes']} changes" if figures.get("changes") else "")
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--keep", action="store_true", help="reuse the database of a last run")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument(
        "--way", choices=["file", "stored", *READS], default="file", help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--only",
        choices=["exports", "reads"],
        help="measure only the exports, or only the reads (page, diff) of stored snapshots",
    )
    parser.add_argument("--output", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--traced", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(export_here(args.child, args.way, args.output, args.traced)))
        return 0
    if not (args.keep and DATABASE.exists()):
        DATABASE.unlink(missing_ok=True)
        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        build(args.tables)
        print(f"built the catalog in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if args.only != "exports":
        call_command("collectstatic", interactive=False, verbosity=0)
    folder = Path(tempfile.mkdtemp(prefix="bench-snapshot-"))
    verdicts = []
    ways = [] if args.only == "reads" else ["file", "stored"]
    if args.only != "exports":
        started = time.perf_counter()
        prepare_reads(["empty", "big"], changed=100)
        print(
            f"took the snapshots to read in {time.perf_counter() - started:.0f} s", file=sys.stderr
        )
        ways += list(READS)
    for way in ways:
        empty = export_in_child("empty", way, folder)
        report("empty", way, empty)
        big = export_in_child("big", way, folder)
        report("big", way, big)
        extra = big["peak_rss"] - empty["peak_rss"]
        verdict = "within" if extra <= LIMIT_BYTES else "OVER"
        print(
            f"{way:11}: peak RSS beyond an empty snapshot: {extra / MB:.1f} MB ({verdict} the "
            f"200 MB budget); largest child by getrusage: {big['children_maxrss'] / MB:.1f} MB"
        )
        verdicts.append(extra <= LIMIT_BYTES)
        for path in folder.iterdir():
            path.unlink()
    if args.only != "reads":
        traced = export_in_child("big", "file", folder, traced=True)
        print(f"file   big  : Python heap peak under tracemalloc {traced['heap_peak'] / MB:.1f} MB")
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
