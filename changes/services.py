"""The rules of change requests: who may open, review and apply them, and what they would do.

Every function raises :class:`ServiceError` with the message a user sees when a rule says no;
the pages and the API only translate it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.cache import caches
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from catalogs import models as cm
from catalogs import snapshots
from catalogs.executor import Executor, Session, StatementResult, history, marks
from catalogs.executor.handlers import Context
from catalogs.executor.identity import kept_rows
from catalogs.executor.impact import Impact as ViewImpact
from catalogs.executor.impact import impacts_of
from catalogs.flinksql import statements as st
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.flinksql.errors import FlinkSqlError, Forbidden
from catalogs.flinksql.parser import parse_statement
from catalogs.flinksql.splitter import split_statements
from catalogs.lineage import lineage_graph
from catalogs.readers import readers_of, views_not_ok
from config import limits
from environments import page_cache, versions
from environments.access import has_role, holding_role, role_of
from environments.models import Environment, Role
from environments.services import ServiceError

from . import page_state
from .models import ChangeRequest, ChangeStatement, Comment, Review
from .object_changes import ObjectChange, object_changes

# Names of the bounds in config.limits, as this module's doors (forms, API) know them.
MAX_STATEMENTS = limits.CHANGE_REQUEST_STATEMENTS
MAX_SQL = limits.SCRIPT_CHARACTERS


def _require(user: Any, environment: Environment, role: Role, action: str) -> None:
    if not has_role(user, environment, role):
        raise ServiceError(
            f"You need the {role.value} role in environment '{environment.name}' to {action}.",
            "forbidden",
        )


def _require_open(change_request: ChangeRequest) -> None:
    if change_request.status != ChangeRequest.Status.OPEN:
        raise ServiceError(
            f"Change request #{change_request.pk} is {change_request.status}; "
            "only open requests change.",
            "conflict",
        )


def _lock_open(change_request: ChangeRequest) -> None:
    """Lock the request's row to the end of the transaction and refresh ``change_request``'s
    status and revision from it; refuses a request that is not open. Adding statements,
    reviewing and applying all take this lock, so none of them acts on what another one is
    changing: an addition waits for an apply, then finds the request applied."""
    locked = ChangeRequest.objects.select_for_update().filter(pk=change_request.pk)
    change_request.status, change_request.revision = locked.values_list("status", "revision").get()
    _require_open(change_request)


def catalog_base(environment: Environment) -> int:
    """The newest history entry of ``environment``: what a preview is computed on."""
    newest = cm.HistoryEntry.objects.filter(environment=environment).aggregate(Max("pk"))
    return newest["pk__max"] or 0


def split_sql(sql: str) -> list[str]:
    if len(sql) > MAX_SQL:
        raise ServiceError(f"The SQL is longer than {MAX_SQL} characters.", "invalid")
    statements = split_statements(sql)
    if not statements:
        raise ServiceError("Give at least one statement.", "invalid")
    return statements


# -- opening and editing ---------------------------------------------------------------------
@transaction.atomic
def open_request(
    environment: Environment, user: Any, title: str, description: str = "", sql: str = ""
) -> ChangeRequest:
    """Open a change request (editors) with the statements of ``sql``, in order."""
    _require(user, environment, Role.EDITOR, "open a change request")
    if not title.strip():
        raise ServiceError("Give the change request a title.", "invalid")
    statements = split_sql(sql) if sql.strip() else []
    change_request = ChangeRequest.objects.create(
        environment=environment,
        title=title.strip(),
        description=description,
        author=user,
        base_entry_id=catalog_base(environment),
    )
    _require_use(change_request, user, [], statements)
    _append(change_request, statements)
    return change_request


@transaction.atomic
def add_statements(change_request: ChangeRequest, user: Any, sql: str) -> list[ChangeStatement]:
    """Append statements (editors); approvals given before no longer count."""
    _require(user, change_request.environment, Role.EDITOR, "change a change request")
    statements = split_sql(sql)
    _lock_open(change_request)
    earlier = [s.sql for s in change_request.statements.all()]
    _require_use(change_request, user, earlier, statements)
    added = _append(change_request, statements)
    change_request.revision += 1
    change_request.save(update_fields=["revision"])
    return added


def _require_use(
    change_request: ChangeRequest, user: Any, earlier: list[str], statements: list[str]
) -> None:
    """Who proposes ``statements`` needs the Use permission they would need to run them (on
    the artifacts of the functions they call, alter or drop): they run as the proposer, after
    the request's ``earlier`` statements, in a transaction that is rolled back, and the
    executor's refusal refuses the proposal."""
    executor = Executor(
        Session.start(change_request.environment), user, change_request=change_request
    )
    refused: tuple[int, StatementResult] | None = None
    with executor.all_or_nothing():
        for text in earlier:
            executor.execute(text)
        for position, text in enumerate(statements, start=len(earlier) + 1):
            result = executor.execute(text)
            if result.code == Forbidden.code:
                refused = position, result
                break
        transaction.set_rollback(True)
    if refused is not None:
        position, result = refused
        raise ServiceError(f"Statement {position}: {result.error}", "forbidden")


def _append(change_request: ChangeRequest, statements: list[str]) -> list[ChangeStatement]:
    start = change_request.statements.count()
    if start + len(statements) > MAX_STATEMENTS:
        raise ServiceError(
            f"A change request holds at most {MAX_STATEMENTS} statements.", "invalid"
        )
    rows = [
        ChangeStatement(change_request=change_request, position=start + i + 1, sql=text)
        for i, text in enumerate(statements)
    ]
    created = ChangeStatement.objects.bulk_create(rows)
    page_state.changed([change_request.environment_id])  # bulk_create sends no signal
    return created


# -- comments and reviews --------------------------------------------------------------------
def comment(
    change_request: ChangeRequest,
    user: Any,
    body: str,
    statement: ChangeStatement | None = None,
) -> Comment:
    """Any viewer may comment, on the request or on one of its statements."""
    _require(user, change_request.environment, Role.VIEWER, "comment")
    if not body.strip():
        raise ServiceError("Write something to comment.", "invalid")
    if statement is not None and statement.change_request_id != change_request.pk:
        raise ServiceError("That statement belongs to another change request.", "invalid")
    return Comment.objects.create(
        change_request=change_request, statement=statement, author=user, body=body
    )


@transaction.atomic
def review(change_request: ChangeRequest, user: Any, verdict: str, body: str = "") -> Review:
    """Approve or request changes (editors) of the current revision. Authors approve their own
    request only where the environment allows it."""
    environment = change_request.environment
    _require(user, environment, Role.EDITOR, "review a change request")
    _lock_open(change_request)
    if verdict not in Review.Verdict.values:
        raise ServiceError(f"A review either approves or requests changes, not '{verdict}'.")
    if verdict == Review.Verdict.APPROVE and not may_approve(change_request, user):
        raise ServiceError(
            f"You opened this change request; environment '{environment.name}' does not let "
            "authors approve their own requests.",
            "forbidden",
        )
    return Review.objects.create(
        change_request=change_request,
        reviewer=user,
        verdict=verdict,
        body=body,
        revision=change_request.revision,
        statements=[s.sql for s in change_request.statements.order_by("position")],
    )


def may_approve(change_request: ChangeRequest, user: Any) -> bool:
    """Whether an approval by ``user`` counts: an editor's, and not its author's where the
    environment forbids self-approval (pages offer Approve only then)."""
    environment = change_request.environment
    own = change_request.author_id == user.pk
    return has_role(user, environment, Role.EDITOR) and (environment.allow_self_approval or not own)


def approvers(change_request: ChangeRequest) -> list[Any]:
    """Who approves the current statements: each reviewer's latest review counts."""
    latest: dict[int, Review] = {}
    for item in change_request.reviews.select_related("reviewer"):
        latest[item.reviewer_id] = item
    environment = change_request.environment
    # an approval counts while its reviewer may still review: not once demoted or removed
    reviewing = holding_role([i.reviewer for i in latest.values()], environment, Role.EDITOR)
    return [
        item.reviewer
        for item in latest.values()
        if item.verdict == Review.Verdict.APPROVE
        and item.revision == change_request.revision
        and item.reviewer_id in reviewing
        and (environment.allow_self_approval or item.reviewer_id != change_request.author_id)
    ]


def is_approved(change_request: ChangeRequest) -> bool:
    return len(approvers(change_request)) >= change_request.environment.required_approvals


# -- what the statements would do ------------------------------------------------------------
@dataclass
class Impact:
    view: str
    status: str
    reason: str
    path: list[str] = field(default_factory=list)  # from the view to what changed
    columns: list[str] = field(default_factory=list)  # the columns concerned


@dataclass
class Preview:
    results: list[StatementResult]
    changes: list[ObjectChange] = field(default_factory=list)
    impact: list[Impact] = field(default_factory=list)
    graph: dict[str, Any] = field(default_factory=dict)
    base: int = 0

    @property
    def ok(self) -> bool:
        return all(result.ok for result in self.results)


class _RollBack(Exception):
    pass


def preview(
    change_request: ChangeRequest,
    user: Any,
    count: snapshots.Counted | None = None,
) -> Preview:
    """Run the statements in a transaction that is rolled back, and report what they did
    (``count``: told the statements run of all, after each).

    The report is kept (``CACHES["pages"]``) for the request's revision and the environment's
    version: the statements change only with the revision and the catalog they run on only
    with the version, so every viewer of one revision at one version is shown the same."""
    environment = change_request.environment
    _require(user, environment, Role.VIEWER, "see a change request")
    # the key before reading the catalog: never newer than it
    key = preview_key(change_request) if page_cache.enabled() else None
    kept = caches["pages"].get(key) if key else None
    if kept is not None:
        return kept
    statements = [s.sql for s in change_request.statements.all()]
    found = Preview(results=[], base=catalog_base(environment))
    try:
        with transaction.atomic():
            _run_for_preview(change_request, user, statements, found, count)
            raise _RollBack
    except _RollBack:
        pass
    if key:
        caches["pages"].set(key, found)
    return found


def preview_key(change_request: ChangeRequest) -> str:
    """What a preview depends on: the statements (the revision), the catalog (the
    environment's version) and the author it runs as (their role)."""
    environment = change_request.environment
    author = change_request.author
    role = role_of(author, environment) if author is not None else None
    return (
        f"change-request-preview:{change_request.pk}:{change_request.revision}:"
        f"{versions.current(environment.pk)}:{author and author.pk}:{role}"
    )


def _run_for_preview(
    change_request: ChangeRequest,
    user: Any,
    statements: list[str],
    found: Preview,
    count: snapshots.Counted | None = None,
) -> None:
    environment = change_request.environment
    session = Session.start(environment)
    # Run as the author (whatever the viewer's role), so the preview meets the rules that
    # applying will.
    author = change_request.author
    executor = Executor(session, author, change_request=change_request)
    context = Context(session, author)
    before: dict[history.Touched, str] = {}
    renamed: dict[history.Touched, history.Touched] = {}  # new name -> the name it had
    marks_before = _view_marks(environment)
    # The statements and the definitions before and after read each catalog, database and
    # relation row once, unless a write may have changed it: the transaction is rolled back,
    # so nothing read here is kept beyond the preview.
    with kept_rows() as rows, marks.observed() as changes:
        executor.kept_rows = context.rows = rows
        _run_all(executor, context, statements, before, found, renamed, count)
        if not found.ok:
            return
        found.changes = object_changes(context, before, renamed)
    marks_after = _view_marks(environment)
    how = {str(i.view): i for i in impacts_of(changes)}
    found.impact = [
        Impact(name, status, reason, *_how(how.get(name)))
        for name, (status, reason) in sorted(marks_after.items())
        if marks_before.get(name, ("ok", ""))[0] != status
    ]
    found.graph = _touched_graph(environment, list(before))


def _how(impact: ViewImpact | None) -> tuple[list[str], list[str]]:
    if impact is None:
        return [], []
    return [str(p) for p in impact.path], list(impact.columns)


def _run_all(
    executor: Executor,
    context: Context,
    statements: list[str],
    before: dict[history.Touched, str],
    found: Preview,
    renamed: dict[history.Touched, history.Touched],
    count: snapshots.Counted | None = None,
) -> None:
    told = count or snapshots.uncounted
    told(0, len(statements))
    for text in statements:
        items, is_rename = _touched(context, text)
        if is_rename:  # the object under its name, then under its new name
            renamed[items[1]] = items[0]
        for item in items:
            if item not in before:
                before[item] = history.definition(context, item)
        result = executor.execute(text)
        found.results.append(result)
        told(len(found.results), len(statements))
        if not result.ok:
            return  # the statements after it would not run either


def _touched(context: Context, text: str) -> tuple[list[history.Touched], bool]:
    """What the statement may change, and whether it renames a table or view."""
    try:
        statement = parse_statement(text)
    except (FlinkSqlError, RecursionError):
        return [], False
    if not isinstance(statement, history.CHANGING):
        return [], False
    is_rename = isinstance(statement, (st.AlterTableRename, st.AlterViewRename))
    try:
        items = history.touched(context, statement)
    except FlinkSqlError:
        return [], False
    return items, is_rename and len(items) == 2


def _view_marks(environment: Environment) -> dict[str, tuple[str, str]]:
    """The broken and stale views of ``environment`` (one query)."""
    rows = views_not_ok(environment).values_list(
        "database__catalog__name", "database__name", "name", "status", "status_reason"
    )
    return {f"{c}.{d}.{n}": (status, reason) for c, d, n, status, reason in rows}


def _touched_graph(environment: Environment, items: list[history.Touched]) -> dict[str, Any]:
    """The lineage around every touched table and view, touched ones marked ``current``."""
    nodes: dict[str, dict[str, Any]] = {}
    edges: dict[tuple[str, str], dict[str, Any]] = {}
    touched_ids = set()
    truncated = False
    for item in items:
        if item.kind not in (cm.HistoryChange.Kind.TABLE, cm.HistoryChange.Kind.VIEW):
            continue
        identifier = item.identifier
        touched_ids.add("\x1f".join((identifier.catalog, identifier.database, identifier.name)))
        row = (
            cm.Table.objects.filter(
                database__catalog__environment=environment,
                database__catalog__name=identifier.catalog,
                database__name=identifier.database,
                name=identifier.name,
            )
            .select_related("database__catalog")
            .first()
        )
        # a dropped object is drawn through the views that still read it
        starts = [row] if row is not None else list(_readers(environment, identifier))
        for start in starts:
            graph = lineage_graph(environment, start)
            truncated = truncated or graph["truncated"]
            for node in graph["nodes"]:
                nodes.setdefault(node["id"], {**node, "current": False})
            for edge in graph["edges"]:
                edges[(edge["source"], edge["target"])] = edge
    for node_id, node in nodes.items():
        node["current"] = node_id in touched_ids
    return {"nodes": list(nodes.values()), "edges": list(edges.values()), "truncated": truncated}


def _readers(environment: Environment, identifier: ObjectIdentifier) -> Any:
    return readers_of(environment, identifier, "relation").select_related("database__catalog")[:20]


# -- closing ---------------------------------------------------------------------------------
def may_close(change_request: ChangeRequest, user: Any) -> bool:
    """Its author (still an editor) and the environment's admins close and reopen a request."""
    environment = change_request.environment
    if change_request.author_id == user.pk and has_role(user, environment, Role.EDITOR):
        return True
    return has_role(user, environment, Role.ADMIN)


def may_close_as_reviewer(change_request: ChangeRequest, user: Any) -> bool:
    """An editor who reviewed the request closes it (a reviewer ends a proposal that will not
    be applied); reopening stays its author's or an admin's."""
    return has_role(user, change_request.environment, Role.EDITOR) and (
        change_request.reviews.filter(reviewer_id=user.pk).exists()
    )


def _require_author_or_admin(change_request: ChangeRequest, user: Any, action: str) -> None:
    if not may_close(change_request, user):
        raise ServiceError(
            f"Only the author of change request #{change_request.pk} or an admin of "
            f"environment '{change_request.environment.name}' may {action} it.",
            "forbidden",
        )


def close(change_request: ChangeRequest, user: Any) -> None:
    """Withdraw an open request without applying it (its author or an admin), or close it
    as one of its reviewers."""
    if not may_close_as_reviewer(change_request, user):
        _require_author_or_admin(change_request, user, "close")
    _change_status(change_request, ChangeRequest.Status.OPEN, ChangeRequest.Status.CLOSED, user)


def reopen(change_request: ChangeRequest, user: Any) -> None:
    """Open a closed request again (its author or an admin); its reviews still count."""
    _require_author_or_admin(change_request, user, "reopen")
    _change_status(change_request, ChangeRequest.Status.CLOSED, ChangeRequest.Status.OPEN, user)


def _change_status(change_request: ChangeRequest, was: str, becomes: str, user: Any) -> None:
    """Move the request from ``was`` to ``becomes``, locked against a concurrent apply."""
    with transaction.atomic():
        current = ChangeRequest.objects.select_for_update().get(pk=change_request.pk).status
        if current != was:
            raise ServiceError(
                f"Change request #{change_request.pk} is {current}; "
                f"only {was} requests can be {'closed' if was == 'open' else 'reopened'}.",
                "conflict",
            )
        closing = becomes == ChangeRequest.Status.CLOSED
        ChangeRequest.objects.filter(pk=change_request.pk).update(
            status=becomes,
            closed_at=timezone.now() if closing else None,
            closed_by=user if closing else None,
        )
        page_state.changed([change_request.environment_id])  # update() sends no signal
    change_request.refresh_from_db()


# -- applying --------------------------------------------------------------------------------
@dataclass
class Outcome:
    ok: bool
    results: list[StatementResult]
    message: str = ""

    @property
    def forbidden(self) -> bool:
        """Whether a statement was refused for a permission the applier lacks."""
        return any(result.code == Forbidden.code for result in self.results)


def apply(
    change_request: ChangeRequest,
    user: Any,
    take_snapshot: bool = False,
    count: snapshots.Counted | None = None,
) -> Outcome:
    """Run the statements as one transaction (editors, approved requests only): all or
    nothing. A failure is kept on the request and nothing is applied. ``count`` is told the
    statements run of all (a job's progress)."""
    environment = change_request.environment
    _require(user, environment, Role.EDITOR, "apply a change request")
    _require_open(change_request)
    executor = Executor(Session.start(environment), user, change_request.origin, change_request)
    results: list[StatementResult] = []
    failure = ""
    try:
        with executor.all_or_nothing():
            # Two editors pressing apply at once, or one adding statements: the second waits
            # here, then finds it applied (or applies what was added, if still approved).
            _lock_open(change_request)
            statements = _approved_statements(change_request)
            for position, text in enumerate(statements, start=1):
                result = executor.execute(text)
                results.append(result)
                if not result.ok:
                    failure = f"Statement {position} failed: {result.error} Nothing was applied."
                    raise _RollBack
                if count is not None:
                    count(position, len(statements))
            _mark_applied(change_request, user)
    except _RollBack:
        outcome = Outcome(False, results, failure)
        if not outcome.forbidden:  # the applier's missing permission is not the request's
            change_request.failure = failure
            change_request.save(update_fields=["failure"])
        return outcome
    if take_snapshot:
        _snapshot(change_request, user)
    return Outcome(True, results)


def _approved_statements(change_request: ChangeRequest) -> list[str]:
    """The statements of the (locked) request, refused unless there are some and the current
    revision has the approvals the environment needs."""
    statements = [s.sql for s in change_request.statements.all()]
    if not statements:
        raise ServiceError("The change request holds no statements to apply.", "conflict")
    count, needed = len(approvers(change_request)), change_request.environment.required_approvals
    if count < needed:
        raise ServiceError(
            f"Change request #{change_request.pk} needs {needed} approval(s) from reviewers "
            f"other than its author before it is applied; it has {count}.",
            "conflict",
        )
    return statements


def _mark_applied(change_request: ChangeRequest, user: Any) -> None:
    change_request.status = ChangeRequest.Status.APPLIED
    change_request.applied_at = timezone.now()
    change_request.applied_by = user
    change_request.failure = ""
    change_request.save(update_fields=["status", "applied_at", "applied_by", "failure"])
    entries = cm.HistoryEntry.objects.filter(
        environment=change_request.environment, origin=change_request.origin
    )
    change_request.history_entries.set(entries)


def _snapshot(change_request: ChangeRequest, user: Any) -> None:
    """A snapshot of every catalog the request changed, labelled with its title."""
    names = (
        cm.HistoryChange.objects.filter(entry__in=change_request.history_entries.all())
        .values_list("catalog_name", flat=True)
        .distinct()
    )
    for name in sorted(set(names)):
        if not change_request.environment.catalogs.filter(name=name).exists():
            continue  # dropped by the request
        try:
            snapshot, _ = snapshots.take_snapshot(
                change_request.environment,
                name,
                user,
                label=change_request.title[:255],
                note=f"Change request #{change_request.pk}",
            )
        except ServiceError:
            continue
        change_request.snapshots.add(snapshot)
