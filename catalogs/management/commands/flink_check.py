"""Every stored view derived again by real Flink: ``manage.py flink_check [--environment E]``.

Exit status 0 when every view checked matches, 1 when any differs or Flink refuses any (or the
environment does not exist), 2 when Flink cannot run here.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from environments.models import Environment


class Command(BaseCommand):
    help = (
        "Create every stored view in real Flink from its stored query and report each view "
        "whose SHOW CREATE VIEW or DESCRIBE differs from what is stored, or which Flink refuses."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--environment", help="only this environment")

    def handle(self, *args: Any, **options: Any) -> None:
        from catalogs import flink_verify
        from catalogs.flink_check import UNAVAILABLE

        if not flink_verify.flink_available():
            raise CommandError(UNAVAILABLE, returncode=2)
        environments = Environment.objects.order_by("name")
        if options["environment"] is not None:
            environments = environments.filter(name=options["environment"])
            if not environments.exists():
                raise CommandError(f"There is no environment '{options['environment']}'.")
        from catalogs.flink_check import check_environment, summary
        from catalogs.flinksql import snapshot_format as sf

        results = []
        for environment in environments:
            checked = check_environment(environment, self._progress)
            for line in summary(checked, where=f"{environment.name}: ")[1]:
                self.stdout.write(line)
            results += checked
        text, _, wrong = summary(results)
        self.stdout.write(text)
        if wrong:
            raise CommandError(
                f"{wrong} view(s) differ from what Flink {sf.FLINK_VERSION} makes of them."
            )

    def _progress(self, message: str) -> None:
        self.stderr.write(message)
