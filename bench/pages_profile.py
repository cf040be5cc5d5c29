#!/usr/bin/env python
"""What each page and API endpoint of ``bench/pages.py`` costs inside the Django process.

Reads every endpoint in process (Django's test client, production settings: DEBUG off, the page
cache off unless ``--page-cache on``) as the bench's viewer, ``--runs`` times, and prints the
least CPU time of the process and the least wall time of a read, with the number of database
queries it made; ``--top N --endpoint LABEL`` also prints cProfile's top entries (by cumulative
time) of that endpoint's reads. Its catalog is the one ``bench/pages.py`` prepared (run that
first, or pass the same ``--database-url``: the catalog is generated when missing).

Run: ``.venv/bin/python bench/pages_profile.py --database-url postgres://... [--top 30
--endpoint view]``
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))
sys.path.insert(0, str(ROOT))

import pages  # noqa: E402 - the bench's endpoints and catalog


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--page-cache", choices=["on", "off"], default="off")
    parser.add_argument("--endpoint", help="profile only this endpoint (a label of the bench)")
    parser.add_argument("--top", type=int, default=0, help="cProfile's top entries to print")
    parser.add_argument("--sort", default="cumulative", help="cProfile order: cumulative, tottime")
    parser.add_argument("--callers", help="also print the callers of the functions matching this")
    args = parser.parse_args()
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    os.environ.update(
        pages.production_settings(args.page_cache == "on", host="testserver"),
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("collectstatic", interactive=False, verbosity=0)
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    session, token, sizes, names = pages.prepared(100_000, 10_000, 1_000)
    print(f"{sizes}; page cache {args.page_cache}; least of {args.runs} reads\n")
    endpoints = [("trivial", "/healthz", None), *pages._endpoints(*names.split(","))]
    if args.endpoint:
        endpoints = [e for e in endpoints if e[0] == args.endpoint]
    client = Client()
    cookie_name, cookie_value = session.split("=", 1)
    client.cookies[cookie_name] = cookie_value
    print("| endpoint | CPU ms | wall ms | queries |")
    print("| --- | --- | --- | --- |")
    profile = cProfile.Profile() if args.top else None
    for label, path, api in endpoints:
        headers = {"HTTP_AUTHORIZATION": f"Token {token}"} if api else {}
        cpu, wall, queries = [], [], 0
        client.get(path, **headers)  # warm: imports, URL patterns and templates, not measured
        for _ in range(args.runs):
            with CaptureQueriesContext(connection) as captured:
                started_cpu, started = time.process_time(), time.perf_counter()
                if profile:
                    profile.enable()
                response = client.get(path, **headers)
                if profile:
                    profile.disable()
                cpu.append((time.process_time() - started_cpu) * 1000)
                wall.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{path} answered {response.status_code}")
            queries = len(captured)
        print(f"| {label} | {min(cpu):.2f} | {min(wall):.2f} | {queries} |")
    if profile:
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out).sort_stats(args.sort)
        stats.print_stats(args.top)
        if args.callers:
            stats.print_callers(args.callers)
        print(out.getvalue())


if __name__ == "__main__":
    main()
