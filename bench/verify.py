#!/usr/bin/env python
"""``snapshot verify``: time and peak memory by catalog size, beside a one-table catalog.

Each catalog is built by ``generate_catalog`` (tables, and views over them and over each other,
across databases) in a throw-away SQLite file, exported to a file, and verified by
``manage.py snapshot verify FILE`` in a process of its own. A sampler reads the resident set
(``VmRSS`` in ``/proc``) of that process and, apart, of its children (PyFlink's JVM) every
0.1 s; the figures are the peaks. The claim for the Python process: at most 200 MB beyond the
one-table catalog's peak, whatever the catalog's size (issue #20), since the document is read
in passes and verified a bounded batch of objects at a time (``--batch-objects``).

Run: ``.venv/bin/python bench/verify.py [--tables 2000,10000] [--batch-objects N]``; a catalog
of N tables has N/10 views in N/100 databases (at least one).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
LIMIT = 200 * MB


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _descendants(pid: int) -> list[int]:
    found, pending = [], [pid]
    while pending:
        parent = pending.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        found += map(int, children)
        pending += map(int, children)
    return found


def manage(environment: dict[str, str], *arguments: str) -> None:
    command = [sys.executable, str(ROOT / "manage.py"), *arguments]
    done = subprocess.run(command, env=environment, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(arguments)} failed:\n{done.stdout}\n{done.stderr}")


def verify(environment: dict[str, str], path: Path, batch_objects: int) -> dict[str, float]:
    """Verify ``path`` in a child process, sampling its memory and its children's."""
    command = [sys.executable, str(ROOT / "manage.py"), "snapshot", "verify", str(path)]
    command += ["--batch-objects", str(batch_objects)]
    started = time.perf_counter()
    child = subprocess.Popen(
        command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    peaks = {"python": 0, "jvm": 0}

    def sample() -> None:
        while child.poll() is None:
            peaks["python"] = max(peaks["python"], _rss(child.pid))
            jvm = sum(_rss(pid) for pid in _descendants(child.pid))
            peaks["jvm"] = max(peaks["jvm"], jvm)
            time.sleep(0.1)

    sampler = threading.Thread(target=sample)
    sampler.start()
    last = ""
    assert child.stdout is not None
    for line in child.stdout:
        last = line.strip() or last
    child.wait()
    sampler.join()
    return {
        "seconds": time.perf_counter() - started,
        "summary": last,
        "python": peaks["python"],
        "jvm": peaks["jvm"],
        "bytes": path.stat().st_size,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="2000,10000", help="catalog sizes, comma-separated")
    parser.add_argument("--batch-objects", type=int, default=2000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-verify-"))
    environment = dict(os.environ)
    environment["DATABASE_URL"] = f"sqlite:///{folder / 'db.sqlite3'}"
    environment["STATEMENT_LOG_LEVEL"] = "WARNING"
    manage(environment, "migrate", "--verbosity", "0")
    sizes = [1, *(int(n) for n in args.tables.split(","))]
    print(f"batch objects {args.batch_objects}; load average {os.getloadavg()}")
    print(
        "| tables | views | document MB | time s | checks | Python peak MB | beyond 1 table "
        "MB | JVM peak MB |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    base = 0
    for tables in sizes:
        name = f"g{tables}"
        views, databases = tables // 10, max(1, tables // 100)
        manage(
            environment,
            "generate_catalog",
            "--catalog",
            name,
            "--tables",
            str(tables),
            "--views",
            str(views),
            "--databases",
            str(databases),
        )
        path = folder / f"{name}.json"
        manage(
            environment,
            "snapshot",
            "export",
            "--environment",
            "default",
            "--catalog",
            name,
            "--output",
            str(path),
        )
        figures = verify(environment, path, args.batch_objects)
        base = base or figures["python"]
        beyond = figures["python"] - base
        over = "" if beyond <= LIMIT else " (OVER)"
        print(
            f"| {tables:,} | {views:,} | {figures['bytes'] / MB:.1f} | {figures['seconds']:.1f} "
            f"| {figures['summary']} | {figures['python'] / MB:.1f} | "
            f"{beyond / MB:.1f}{over} | {figures['jvm'] / MB:.1f} |",
            flush=True,
        )
    print(f"load average at the end {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
