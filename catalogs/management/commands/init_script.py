"""An init script for ``sql-client.sh -i init.sql`` that re-creates catalogs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from environments.models import Environment
from environments.services import ServiceError


class Command(BaseCommand):
    help = "Print (or write) the Flink SQL init script that re-creates the given catalogs."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--environment", required=True)
        parser.add_argument("--catalog", action="append", required=True, help="repeatable")
        parser.add_argument("--output", type=Path, help="write to this file")
        parser.add_argument(
            "--leave-out-broken",
            action="store_true",
            help="leave out views marked broken and the views reading them (named at the top)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        from catalogs import deployment_files

        name = options["environment"]
        environment = Environment.objects.filter(name=name).first()
        if environment is None:
            raise CommandError(f"There is no environment '{name}'.")
        try:
            script = deployment_files.init_script(
                environment, options["catalog"], leave_out_broken=options["leave_out_broken"]
            )
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        if options["output"] is None:
            self.stdout.write(script, ending="")
            return
        try:
            options["output"].write_text(script, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot write {options['output']}: {exc.strerror}") from None
        self.stderr.write(f"written to {options['output']}")
