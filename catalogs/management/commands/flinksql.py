"""Run a Flink SQL script in one session, printing results as Flink's SQL client does."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from environments.models import Environment


class Command(BaseCommand):
    help = "Run Flink SQL statements (from --file, --execute or standard input) in one session."
    # Checks import every URL and view; a script runner does not need them and starts faster.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--environment", default="default", help="environment name")
        parser.add_argument("--catalog", help="current catalog at the start of the session")
        parser.add_argument("--database", help="current database at the start of the session")
        source = parser.add_mutually_exclusive_group()
        source.add_argument("--file", "-f", type=Path, help="a file of statements")
        source.add_argument("--execute", "-e", help="statements given on the command line")
        parser.add_argument("--format", choices=["table", "jsonl"], default="table")
        parser.add_argument(
            "--stop-on-error", action="store_true", help="stop at the first failed statement"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        from catalogs.executor import Executor, Session
        from catalogs.tableau import render_result

        environment = Environment.objects.filter(name=options["environment"]).first()
        if environment is None:
            raise CommandError(f"Environment {options['environment']} does not exist.")
        executor = Executor(Session.start(environment))
        # USE statements set the starting point, so a missing catalog gets Flink's own message.
        self._use(executor, options["catalog"], options["database"])

        script = self._script(options)
        results = executor.execute_script(script, stop_on_error=options["stop_on_error"])
        for index, result in enumerate(results):
            if options["format"] == "jsonl":
                self.stdout.write(json.dumps(result.as_json(), ensure_ascii=False))
            else:
                self.stdout.write(("\n" if index else "") + render_result(result))
        if not all(result.ok for result in results):
            sys.exit(1)

    def _use(self, executor: Any, catalog: str | None, database: str | None) -> None:
        from catalogs.flinksql.catalog import quote_identifier

        statements = []
        if catalog:
            statements.append(f"USE CATALOG {quote_identifier(catalog)}")
        if database:
            statements.append(f"USE {quote_identifier(database)}")
        for statement in statements:
            result = executor.execute(statement)
            if not result.ok:
                raise CommandError(result.error)

    def _script(self, options: dict[str, Any]) -> str:
        if options["execute"] is not None:
            return options["execute"]
        if options["file"] is not None:
            try:
                return options["file"].read_text(encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"Cannot read {options['file']}: {exc.strerror}") from None
        return sys.stdin.read()
