"""``python -m flink_dashboard_catalog run``: a DML-only script against a pinned snapshot.

    python -m flink_dashboard_catalog run --dashboard https://catalog.example.com \\
        --environment prod --snapshot 20260601T120000Z-ab12 --script job.sql

The catalog is registered under its dashboard name and is the current one; the script's
statements run in order. A statement that would define or change something is refused before
anything runs: the definitions are the snapshot's, and views work as they were released.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from catalogs.flinksql.splitter import split_statements

from . import register_catalog

# What a job script may hold: its queries and inserts, and session settings.
DML = ("INSERT", "EXECUTE", "BEGIN", "END", "SELECT", "WITH", "SET", "RESET", "USE")


class LaunchError(Exception):
    """What the user must fix; printed without a trace, exit status 2."""


def not_dml(statements: list[str]) -> list[str]:
    """The statements of a job script that are no DML (nor SET, RESET or USE)."""
    return [s for s in statements if s.split(None, 1)[0].upper() not in DML]


def _quote(name: str) -> str:
    return urllib.parse.quote(urllib.parse.quote(name, safe=""), safe="")


def snapshot_catalog(dashboard: str, environment: str, snapshot: str, token: str) -> str:
    """The dashboard catalog the snapshot was taken of."""
    path = f"environments/{_quote(environment)}/snapshots/{_quote(snapshot)}"
    request = urllib.request.Request(f"{dashboard.rstrip('/')}/api/v1/{path}")
    request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)["catalog"]
    except urllib.error.HTTPError as error:
        try:
            message = json.load(error)["errors"][0]["message"]
        except (ValueError, KeyError, IndexError):
            message = f"HTTP {error.code}"
        refused = f"The dashboard at {dashboard} refused snapshot {snapshot}: {message}"
        raise LaunchError(refused) from None
    except OSError as error:
        raise LaunchError(f"Cannot reach the dashboard at {dashboard}: {error}") from None


def run(args: argparse.Namespace) -> int:
    token = args.token or os.environ.get("DASHBOARD_TOKEN")
    if not token:
        raise LaunchError("Give --token or set DASHBOARD_TOKEN.")
    statements = split_statements(Path(args.script).read_text())
    refused = not_dml(statements)
    if refused:
        raise LaunchError(
            f"{args.script} may hold DML only (INSERT, SELECT, EXECUTE STATEMENT SET, SET, USE): "
            f"the definitions come from snapshot {args.snapshot}; refused: {refused[0]}"
        )
    catalog = args.catalog or snapshot_catalog(
        args.dashboard, args.environment, args.snapshot, token
    )
    from pyflink.table import EnvironmentSettings, TableEnvironment

    settings = (
        EnvironmentSettings.in_batch_mode()
        if args.mode == "batch"
        else EnvironmentSettings.in_streaming_mode()
    )
    env = TableEnvironment.create(settings)
    register_catalog(
        env,
        catalog,
        url=args.dashboard,
        environment=args.environment,
        catalog=catalog,
        token=token,
        snapshot=args.snapshot,
        jar=args.jar,
        use=True,
    )
    for statement in statements:
        result = env.execute_sql(statement)
        if statement.split(None, 1)[0].upper() in ("SELECT", "WITH"):
            result.print()
        else:
            result.wait()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m flink_dashboard_catalog")
    commands = parser.add_subparsers(dest="command", required=True)
    launch = commands.add_parser("run", help="Run a DML-only script against a pinned snapshot")
    launch.add_argument("--dashboard", required=True, help="The dashboard's base URL")
    launch.add_argument("--environment", default="default")
    launch.add_argument("--snapshot", required=True, help="The snapshot id to pin")
    launch.add_argument("--script", required=True, help="The job's SQL file")
    launch.add_argument("--catalog", help="The snapshot's catalog (default: asked of the API)")
    launch.add_argument("--token", help="An API token (default: $DASHBOARD_TOKEN)")
    launch.add_argument("--jar", help="The plugin jar (default: the built one)")
    launch.add_argument("--mode", choices=["streaming", "batch"], default="streaming")
    args = parser.parse_args(argv)
    try:
        return run(args)
    except LaunchError as error:
        print(error, file=sys.stderr)
        return 2
