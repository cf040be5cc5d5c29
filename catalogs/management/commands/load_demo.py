"""Load the demo catalog ``shop`` into the default environment; loading it twice is a no-op."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from catalogs.models import Database, Function, Table
from environments.models import Environment

DEMO_SCRIPT = Path(__file__).resolve().parents[2] / "demo" / "demo.sql"
DEMO_CATALOG = "shop"


class Command(BaseCommand):
    help = "Create the demo catalog 'shop' in the default environment (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        from catalogs.executor import Executor, Session

        environment = Environment.objects.filter(name="default").first()
        if environment is None:
            raise CommandError("The default environment does not exist: run 'migrate' first.")
        results = Executor(Session.start(environment)).execute_script(
            DEMO_SCRIPT.read_text(encoding="utf-8")
        )
        failed = [r for r in results if not r.ok]
        if failed:
            details = "\n\n".join(f"{r.statement}\n-> {r.error}" for r in failed)
            raise CommandError(f"{len(failed)} demo statement(s) failed:\n\n{details}")
        databases = Database.objects.filter(
            catalog__environment=environment, catalog__name=DEMO_CATALOG
        )
        tables = Table.objects.filter(database__in=databases).count()
        functions = Function.objects.filter(database__in=databases).count()
        self.stdout.write(
            f"Demo catalog '{DEMO_CATALOG}': {databases.count()} databases, {tables} tables, "
            f"{functions} functions ({len(results)} statements run)."
        )
