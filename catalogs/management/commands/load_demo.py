"""Load the demo catalog ``shop`` into the default environment, once: never into a catalog that
exists, and never again after the user dropped it (the history remembers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from catalogs.models import Catalog, HistoryChange
from environments.models import Environment

DEMO = Path(__file__).resolve().parents[2] / "demo"
# tables and functions; then the views (once the function they call has a declared result
# type: the dashboard runs no JVM to load its class); then a few changes for the history
DEMO_SCRIPTS = ("demo.sql", "demo_views.sql", "demo_history.sql")
DEMO_CATALOG = "shop"
DECLARED_RESULT_TYPES = {("sales", "mask_email"): "STRING"}


class Command(BaseCommand):
    help = (
        f"Create the demo catalog '{DEMO_CATALOG}' in the default environment, unless it exists "
        "or existed (a dropped demo stays dropped)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--again",
            action="store_true",
            help=f"Load the demo even though '{DEMO_CATALOG}' existed before (not when it exists).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        from catalogs.executor import Executor, Session

        environment = Environment.objects.filter(name="default").first()
        if environment is None:
            raise CommandError("The default environment does not exist: run 'migrate' first.")
        found = Catalog.objects.filter(environment=environment, name=DEMO_CATALOG).first()
        if found is not None:
            self.stdout.write(
                f"Demo catalog '{DEMO_CATALOG}' exists ({found.contents()}): left as it is."
            )
            return
        existed = HistoryChange.objects.filter(
            entry__environment=environment,
            kind=HistoryChange.Kind.CATALOG,
            catalog_name=DEMO_CATALOG,
        ).exists()
        if existed and not options["again"]:
            self.stdout.write(
                f"Demo catalog '{DEMO_CATALOG}' was dropped: not loaded again "
                "('manage.py load_demo --again' loads it)."
            )
            return
        results = []
        for script in DEMO_SCRIPTS:
            ran = Executor(Session.start(environment)).execute_script(
                (DEMO / script).read_text(encoding="utf-8")
            )
            failed = [r for r in ran if not r.ok]
            if failed:
                details = "\n\n".join(f"{r.statement}\n-> {r.error}" for r in failed)
                raise CommandError(f"{len(failed)} demo statement(s) failed:\n\n{details}")
            results += ran
            if script == "demo.sql":
                _declare_result_types(environment)
        loaded = Catalog.objects.get(environment=environment, name=DEMO_CATALOG)
        self.stdout.write(
            f"Demo catalog '{DEMO_CATALOG}' loaded: {loaded.contents()} "
            f"({len(results)} statements run)."
        )


def _declare_result_types(environment: Environment) -> None:
    from catalogs.models import Function
    from catalogs.services import set_function_details

    for (database, name), data_type in DECLARED_RESULT_TYPES.items():
        function = Function.objects.get(
            database__catalog__environment=environment,
            database__catalog__name=DEMO_CATALOG,
            database__name=database,
            name=name,
        )
        set_function_details(function, None, return_type=data_type)
