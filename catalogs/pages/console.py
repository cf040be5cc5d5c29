"""The SQL console of an environment: a session that lives across submissions.

Sessions are kept in this process, keyed by the browser session, the user and the
environment, so two users (or two browsers) never share one; the oldest are forgotten first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from environments.lookup import get_environment
from environments.models import Environment

from ..executor import Executor, Session, StatementResult
from ..secrets import mask_ddl
from ..tableau import cell_text
from .common import render_page, tree

MAX_SESSIONS = 1000
MAX_HISTORY = 50
MAX_SCRIPT = 100_000


@dataclass
class ConsoleState:
    session: Session
    history: list[str] = field(default_factory=list)


_sessions: OrderedDict[tuple[str, int, int], ConsoleState] = OrderedDict()
_lock = threading.Lock()


def console_state(
    request: HttpRequest, environment: Environment, reset: bool = False
) -> ConsoleState:
    """This browser's console session in ``environment``, created on first use."""
    if not request.session.session_key:
        request.session.save()
    key = (request.session.session_key or "", request.user.pk, environment.pk)
    with _lock:
        state = None if reset else _sessions.get(key)
        if state is None:
            state = ConsoleState(Session.start(environment))
            _sessions[key] = state
        _sessions.move_to_end(key)
        while len(_sessions) > MAX_SESSIONS:
            _sessions.popitem(last=False)
    state.session.environment = environment  # fresh: it may have been renamed
    return state


@login_required
def console(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    state = console_state(request, found, reset="reset" in request.POST)
    script = request.POST.get("sql", "")[:MAX_SCRIPT] if request.method == "POST" else ""
    results: list[dict[str, Any]] = []
    if script.strip() and "reset" not in request.POST:
        executor = Executor(state.session, request.user, request.session.session_key or "")
        results = [_shown(r) for r in executor.execute_script(script, stop_on_error=True)]
        state.history = ([script] + [s for s in state.history if s != script])[:MAX_HISTORY]
    context = {
        "environment": found,
        "session": state.session,
        "temporary_tables": sorted(str(i) for i in state.session.temporary_tables),
        "temporary_functions": sorted(str(i) for i in state.session.temporary_functions),
        "history": state.history,
        "script": script,
        "results": results,
        "tree": tree(found),
    }
    return render_page(request, "catalogs/console.html", context, partial="console")


def _shown(result: StatementResult) -> dict[str, Any]:
    """How one result is shown: an error, a message, SQL text or a table."""
    shown: dict[str, Any] = {"result": result, "statement": result.statement.strip()}
    if not result.ok:
        shown["kind"] = "error"
    elif result.columns == ["result"] and result.rows == [["OK"]]:
        shown["kind"] = "ok"
    elif result.statement.strip().upper().startswith("SHOW CREATE") and result.rows:
        shown.update(kind="sql", text=mask_ddl(str(result.rows[0][0])))
    else:
        rows = [[cell_text(value) for value in row] for row in result.rows or []]
        shown.update(kind="table", columns=result.columns or [], rows=rows)
    return shown
