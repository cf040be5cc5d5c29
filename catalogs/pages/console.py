"""The SQL console of an environment: a session that lives across submissions.

A console session (current catalog and database, temporary objects, recent scripts) is kept in
the browser's Django session, one per environment, so it survives across server processes
(several gunicorn workers) and two users or two browsers never share one. The state is
pickled, because temporary objects are rich values, and signed with the secret key: it is only
ever read back after the signature proves this server wrote it.
"""

from __future__ import annotations

import base64
import json
import pickle
from dataclasses import dataclass, field, replace
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.db import connection
from django.http import HttpRequest, HttpResponse

from changes import page_state, proposing
from config import limits
from environments import page_cache
from environments.lookup import get_environment
from environments.models import Environment

from ..executor import Executor, Session, StatementResult
from ..executor.impact import ImpactReport, impact_of
from ..flinksql.catalog import CatalogTable, CatalogView
from ..flinksql.errors import Forbidden
from ..flinksql.splitter import located_statements, split_statements
from ..models import ConsoleScript
from ..secrets import mask_ddl, mask_value
from ..tableau import cell_text
from .common import render_page, tree
from .console_propose import propose_script
from .console_scripts import opened_script, scripts_of
from .origin import console_origin

MAX_HISTORY = 50
SESSION_KEY = "console"
_SALT = "catalogs.console"


@dataclass
class ConsoleState:
    session: Session
    history: list[str] = field(default_factory=list)


def _dumps(state: ConsoleState) -> str:
    """The signed state; temporary tables keep their secret option values masked (the
    dashboard never connects to what they name, and the session is no place for a secret)."""
    session = state.session
    saved = (
        session.current_catalog,
        session.current_database,
        {name: _masked(table) for name, table in session.temporary_tables.items()},
        session.temporary_functions,
        {
            name: replace(model, options=_masked_options(model.options))
            for name, model in session.temporary_models.items()
        },
        [mask_ddl(script) for script in state.history],
    )
    payload = base64.b64encode(pickle.dumps(saved)).decode("ascii")
    return signing.Signer(salt=_SALT).sign(payload)


def _masked(table: CatalogTable | CatalogView) -> CatalogTable | CatalogView:
    if not isinstance(table, CatalogTable):
        return table
    return replace(table, options=_masked_options(table.options))


def _masked_options(options: dict[str, str]) -> dict[str, str]:
    return {k: mask_value(k, v) for k, v in options.items()}


def _loads(text: str, environment: Environment) -> ConsoleState | None:
    try:
        payload = signing.Signer(salt=_SALT).unsign(text)
    except signing.BadSignature:
        return None
    try:
        saved = pickle.loads(base64.b64decode(payload))
        catalog, database, tables, functions, models, history = saved
    except (pickle.UnpicklingError, AttributeError, ImportError, EOFError, TypeError, ValueError):
        return None  # written by an earlier release whose classes differ: start afresh
    session = Session(environment, catalog, database, tables, functions, models)
    return ConsoleState(session, history)


def console_state(
    request: HttpRequest, environment: Environment, reset: bool = False
) -> ConsoleState:
    """This browser's console session in ``environment``, created on first use."""
    saved = request.session.get(SESSION_KEY, {}).get(str(environment.pk))
    state = None if reset or saved is None else _loads(saved, environment)
    return state or ConsoleState(Session.start(environment))


def save_console_state(request: HttpRequest, environment: Environment, state: ConsoleState) -> None:
    """Keep ``state`` in the browser's session for its next submission."""
    states = dict(request.session.get(SESSION_KEY, {}))
    states[str(environment.pk)] = _dumps(state)
    request.session[SESSION_KEY] = states


_SCRIPTS = ConsoleScript._meta.db_table
_SCRIPTS_OF_USER = (
    f"SELECT s.id, s.name, s.updated_at FROM {_SCRIPTS} s "
    f"JOIN {Environment._meta.db_table} e ON e.id = s.environment_id "
    "WHERE s.user_id = %s AND e.name = %s ORDER BY s.id"
)


def _saved_states(request: HttpRequest, kwargs: dict[str, Any]) -> str:
    """What a console page shows besides the catalog: this browser's console sessions, the
    user's scripts (their names and when each last changed) and the open change requests it
    offers to propose in (``changes.page_state`` counts their writes). In SQL: it runs on
    every request for a kept console page."""
    with connection.cursor() as cursor:
        cursor.execute(_SCRIPTS_OF_USER, [request.user.pk, kwargs["environment"]])
        kept = cursor.fetchall()
    sessions = sorted(request.session.get(SESSION_KEY, {}).items())
    return repr((sessions, kept, page_state.shown(request, kwargs)))


@login_required
@page_cache.kept_page(varies=_saved_states)
def console(request: HttpRequest, environment: str) -> HttpResponse:
    found = get_environment(request.user, environment)
    state = console_state(request, found, reset="reset" in request.POST)
    opened = opened_script(request, found)
    script = request.POST.get("sql", "") if request.method == "POST" else ""
    if opened is not None and request.method != "POST":
        script = opened.sql
    results: list[dict[str, Any]] = _refused(script)
    if "propose" in request.POST and script.strip() and not results:
        proposed = propose_script(request, found, state.session, script)
        if isinstance(proposed, HttpResponse):
            return proposed
        results = [_shown(StatementResult("", False, error=proposed, code="propose"))]
        script = mask_ddl(script)
    impact, script_masked = None, False
    if script.strip() and "reset" not in request.POST and not results:
        impact = _breaking(request, state, script)
    if impact is None and script.strip() and "reset" not in request.POST and not results:
        executor = Executor(state.session, request.user, console_origin(request))
        ran = executor.execute_script(script, stop_on_error=True)
        results = [_shown(r, at) for r, at in zip(ran, located_statements(script), strict=False)]
        masked = mask_ddl(script)  # shown again and kept for "Run again": never its secrets
        script_masked, script = masked != script, masked
        state.history = ([script] + [s for s in state.history if s != script])[:MAX_HISTORY]
    if request.method == "POST":
        save_console_state(request, found, state)
    context = {
        "environment": found,
        "session": state.session,
        "temporary_tables": sorted(str(i) for i in state.session.temporary_tables),
        "temporary_functions": sorted(str(i) for i in state.session.temporary_functions),
        "temporary_models": sorted(str(i) for i in state.session.temporary_models),
        "history": state.history,
        "script": script,
        "results": results,
        "impact": impact,
        "markers_json": json.dumps([shown["marker"] for shown in results if "marker" in shown]),
        "scripts": scripts_of(request.user, found),
        "open_requests": proposing.open_requests(found),
        "needs_request": any(shown["result"].code == Forbidden.code for shown in results)
        and bool(found.required_approvals),
        "script_masked": script_masked,
        "opened": opened,
        "tree": tree(found),
    }
    return render_page(request, "catalogs/console.html", context, partial="console")


def _breaking(request: HttpRequest, state: ConsoleState, script: str) -> ImpactReport | None:
    """What the script would break or make stale, when it would, and the user has not
    confirmed it yet: then it does not run, and the console asks first."""
    if request.POST.get("confirm_impact") or mask_ddl(script) != script:
        # (a script with a secret is not shown again to be confirmed: it runs)
        return None
    report = impact_of(state.session, request.user, split_statements(script))
    return None if report.breaks_nothing else report


def _refused(script: str) -> list[dict[str, Any]]:
    """The error of a script past a bound of :mod:`config.limits`, shown as a failed result
    (nothing of it runs); none for a script within them."""
    try:
        limits.check_script(script)
    except limits.LimitExceeded as exc:
        return [_shown(StatementResult("", False, error=exc.message, code="limit"))]
    return []


def _shown(result: StatementResult, located: tuple[str, int, int] | None = None) -> dict[str, Any]:
    """How one result is shown: an error, a message, SQL text or a table. An error's range
    (Flink's, in its statement) is also given in the script (``located``: where the statement
    starts in it), for the editor's marker."""
    shown: dict[str, Any] = {"result": result, "statement": result.statement.strip()}
    if not result.ok:
        shown["kind"] = "error"
        if result.position is not None and located is not None:
            _, line, column = located
            shown["marker"] = {
                **result.position.shifted(line, column).as_json(),
                "message": result.error,
            }
    elif result.columns == ["result"] and result.rows == [["OK"]]:
        shown["kind"] = "ok"
    elif result.statement.strip().upper().startswith("SHOW CREATE") and result.rows:
        shown.update(kind="sql", text=str(result.rows[0][0]))
    else:
        rows = [[cell_text(value) for value in row] for row in result.rows or []]
        shown.update(kind="table", columns=result.columns or [], rows=rows)
    return shown
