"""The dashboard's answers to generated views: the real executor on an in-memory SQLite setup.

Every statement goes through ``catalogs.executor.Executor`` like any door's. An answer the
executor gives for a bug (code ``internal``) is kept with the traceback it logged, so the
report can show where it broke.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any

from catalogs.flinksql.splitter import split_statements
from tests.difftest.views import VIEW_DROPS, Answer, Record, Steps, answer_with, view_steps

ROOT = Path(__file__).resolve().parents[2]


def setup_django() -> None:
    """Django on an in-memory SQLite database, migrated (once per process)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.apps import apps

    if apps.ready:
        return
    os.environ["DATABASE_URL"] = "sqlite:///:memory:"
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class _Traceback(logging.Handler):
    """Keeps the last exception the executor logged as unexpected."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.last: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            import traceback

            self.last = "".join(traceback.format_exception(*record.exc_info))


class Dashboard:
    """The executor in one session that has loaded the schema."""

    def __init__(
        self,
        schema: str,
        steps: Steps = view_steps,
        drops: tuple[str, ...] = VIEW_DROPS,
    ) -> None:
        from catalogs.executor import Executor, Session
        from environments.models import Environment

        self.executor = Executor(Session.start(Environment.objects.get(name="default")))
        self._traceback = _Traceback()
        self.steps, self.drops = steps, drops
        for statement in split_statements(schema):
            record = self.run(statement)
            if not record["ok"]:
                raise RuntimeError(f"the dashboard refuses the schema: {statement}\n{record}")

    def run(self, statement: str) -> Record:
        self._traceback.last = None
        logger = logging.getLogger("catalogs.executor")
        # the report shows the tracebacks: keep them off the console, for this statement only
        propagate, logger.propagate = logger.propagate, False
        logger.addHandler(self._traceback)
        try:
            result: Any = self.executor.execute(statement)
        finally:
            logger.removeHandler(self._traceback)
            logger.propagate = propagate
        record: Record = {
            "statement": statement,
            "ok": result.ok,
            "columns": result.columns,
            "rows": result.rows,
            "error": result.error,
        }
        if getattr(result, "code", None) == "internal":
            record["internal"] = self._traceback.last or result.error
        return record

    def answer(self, statement: str) -> Answer:
        """The dashboard's answers to one generated statement (as :class:`FlinkOracle`)."""
        return answer_with(self.run, statement, self.steps, self.drops)
