"""Every stored view derived again by real Flink: ``manage.py flink_check [--environment E]``.

Exit status 0 when every view checked matches, 1 when any differs or Flink refuses any (or the
environment does not exist), 2 when Flink cannot run here.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from environments.models import Environment

UNAVAILABLE = (
    "Cannot check against Flink: real Flink is not available here (needs the apache-flink "
    "package and java on PATH)."
)


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

        if not flink_verify.flink_available():
            raise CommandError(UNAVAILABLE, returncode=2)
        environments = Environment.objects.order_by("name")
        if options["environment"] is not None:
            environments = environments.filter(name=options["environment"])
            if not environments.exists():
                raise CommandError(f"There is no environment '{options['environment']}'.")
        from catalogs.flink_check import check_environment
        from catalogs.flink_verify.stored_views import DIFFERS, NOT_CHECKED, OK, REFUSED
        from catalogs.flinksql import snapshot_format as sf

        counts = {OK: 0, DIFFERS: 0, REFUSED: 0, NOT_CHECKED: 0}
        for environment in environments:
            for check in check_environment(environment, self._progress):
                counts[check.result] += 1
                if check.result == OK:
                    continue
                self.stdout.write(f"[{check.result}] {environment.name}: {check.identifier}")
                for line in check.detail.splitlines():
                    self.stdout.write(f"    {line}")
        total = sum(counts.values())
        self.stdout.write(
            f"{total} views checked against Flink {sf.FLINK_VERSION}: {counts[OK]} match, "
            f"{counts[DIFFERS]} differ, {counts[REFUSED]} refused by Flink, "
            f"{counts[NOT_CHECKED]} not checked here"
        )
        wrong = counts[DIFFERS] + counts[REFUSED]
        if wrong:
            raise CommandError(
                f"{wrong} view(s) differ from what Flink {sf.FLINK_VERSION} makes of them."
            )

    def _progress(self, message: str) -> None:
        self.stderr.write(message)
