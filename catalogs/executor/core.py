"""Run statements in a session, each in one transaction: a failure leaves nothing behind."""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import DataError, IntegrityError, OperationalError, connection, transaction

from catalogs import models as m
from catalogs.flinksql import statements as st
from catalogs.flinksql.errors import FlinkSqlError, Forbidden, statement_message
from catalogs.flinksql.expressions import user_functions
from catalogs.flinksql.parser import parse_statement
from catalogs.flinksql.positions import Position, error_position
from catalogs.flinksql.refusals import refusal_reason
from catalogs.flinksql.secrets import MASK, is_secret
from catalogs.flinksql.splitter import split_statements
from catalogs.flinksql.tokens import identifiers
from catalogs.secrets import mask_ddl, mask_error, mask_rows
from environments import versions
from environments.access import NEEDED, has_role

from . import history
from .bulk import execute_all_or_nothing
from .handlers import HANDLERS, Context, Result
from .identity import IdentityMap
from .session import Session

logger = logging.getLogger("catalogs.executor")

Value = str | bool | None


@dataclass
class StatementResult:
    """What a statement answered, with every secret option value masked: the statement as it
    is shown (``statement``), its rows (SHOW CREATE TABLE / CATALOG, DESCRIBE CATALOG
    EXTENDED) and its error. Every door shows results through this; ``text`` is the statement
    as it was run, to be compared with what the caller sent and never shown."""

    statement: str
    ok: bool
    columns: list[str] | None = None
    rows: list[list[Value]] | None = None
    error: str | None = None
    # what kind of failure: invalid, parse, conflict (already exists), forbidden, internal
    code: str | None = None
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.text = self.statement
        self.statement = mask_ddl(self.statement)
        if self.rows:
            self.rows = mask_rows(self.rows)
        if self.error:
            self.error = mask_error(self.error, self.text)

    @property
    def position(self) -> Position | None:
        """Where in the statement its error is, when the message (Flink's) says."""
        return error_position(self.error)

    def as_json(self) -> dict[str, Any]:
        return {"statement": self.statement, "ok": self.ok, "rows": self.rows, "error": self.error}


class Executor:
    """Runs statements for ``user`` (None: the system itself, e.g. the demo loader).

    A user needs the viewer role in the session's environment to read and the editor role to
    change anything; every change is kept in the history.
    """

    def __init__(
        self,
        session: Session,
        user: Any = None,
        origin: str = "",
        change_request: Any = None,
    ) -> None:
        self.session = session
        self.user = user
        # what the history keeps as the statements' origin (never an authentication secret)
        self.origin = origin
        # set when an approved change request is being applied (or previewed)
        self.change_request = change_request
        # a change applied and not yet counted in the environment's version (see ``publish``)
        self.unpublished = False
        self.in_unit = False
        # the rows its statements read, kept from one statement to the next: only for a run
        # whose transaction is rolled back (a change request's preview), else None: each
        # statement reads the rows again, seeing what others committed in between
        self.kept_rows: IdentityMap | None = None

    def execute_script(
        self, script: str, stop_on_error: bool = False, all_or_nothing: bool = False
    ) -> list[StatementResult]:
        """Run each statement of ``script``. With ``all_or_nothing`` the script is one
        transaction: at the first failure everything it did is undone (and the session is as
        it was), and the statements after it are not run."""
        if all_or_nothing:
            return execute_all_or_nothing(self, split_statements(script), set_wise=False)
        results = []
        for text in split_statements(script):
            result = self.execute(text)
            results.append(result)
            if stop_on_error and not result.ok:
                break
        return results

    def save_session(self) -> tuple:
        """The session's state, for ``restore_session`` when a script is undone."""
        s = self.session
        return (
            s.current_catalog,
            s.current_database,
            copy.copy(s.temporary_tables),
            copy.copy(s.temporary_functions),
            copy.copy(s.temporary_models),
        )

    def execute(self, text: str) -> StatementResult:
        saved = self.save_session()
        try:
            statement = parse_statement(text)
            context = Context(self.session, self.user)
            # the rows the statement reads are kept for its transaction only
            with transaction.atomic(), context.keeping_rows(self.kept_rows):
                with user_functions(context.function_name):
                    columns, rows = self.apply(context, statement)
                if not self.in_unit:
                    self.publish()
        except Exception as exc:  # failure() answers every kind, bugs included
            self.restore_session(saved)
            self.unpublished = False
            return self.failure(text, exc)
        self.log("statement ok", text)
        return StatementResult(text, True, columns, rows)

    @contextmanager
    def all_or_nothing(self) -> Iterator[None]:
        """One transaction around the statements run in it (and whatever else the caller
        writes): the environment's version is raised once, as its last write, when any of
        them changed something. Nested, it is a savepoint of the outer one, which publishes."""
        outermost = not self.in_unit
        self.in_unit = True
        try:
            with transaction.atomic():
                yield
                if outermost:
                    self.publish()
        finally:
            if outermost:
                self.in_unit = False
                self.unpublished = False

    def execute_bulk(self, statements: Iterable[str]) -> list[StatementResult]:
        """Run ``statements`` (one statement each) as one all-or-nothing transaction, like an
        all-or-nothing script, with the same rules and the same stored result; CREATE
        DATABASE / TABLE / VIEW are written set-wise, which makes large batches fast."""
        return execute_all_or_nothing(self, list(statements), set_wise=True)

    def apply(self, context: Context, statement: st.Statement) -> Result:
        """Check and run one parsed statement in ``context``, keeping it in the history;
        raises the error that refuses it."""
        handler = HANDLERS.get(type(statement))
        if handler is None:
            raise FlinkSqlError(_unsupported_message(statement))
        if "\x00" in statement.text:
            # PostgreSQL refuses NUL in text (names, options, the history's statement); SQLite
            # would store it. Refused alike on both, from every door, before any lookup.
            raise FlinkSqlError(
                "The statement holds a NUL character (U+0000), which the catalog cannot store."
            )
        changing = isinstance(statement, history.CHANGING)
        self._check_role(statement, changing)
        if changing:
            _check_name_lengths(statement)
            _check_no_masked_secret(statement)
        touched = history.touched(context, statement) if changing else []
        before = {item: history.definition(context, item) for item in touched}
        writes = _Writes()
        with connection.execute_wrapper(writes):
            columns, rows = handler(context, statement)
        recorded = history.record(context, statement, before, self.origin) if before else None
        # A statement that rewrote rows without changing a definition (ALTER VIEW to the same
        # query) still raised their versions, the ETags a reader holds: it publishes too.
        if recorded is not None or writes.seen:
            self.unpublished = True
        return columns, rows

    def publish(self) -> None:
        """Raise the environment's version for the changes applied (every statement that
        wrote to the catalog, whether or not the history keeps it): the last write of their
        transaction (a statement's, or a whole script's), so readers see both together."""
        if self.unpublished and not transaction.get_rollback():
            versions.changed(self.session.environment.pk)
        self.unpublished = False

    def failure(self, text: str, exc: Exception) -> StatementResult:
        """What a statement that raised ``exc`` answers (called while ``exc`` is handled)."""
        if isinstance(exc, FlinkSqlError):
            self.log("statement refused", text, exc.code)
            return StatementResult(text, False, error=statement_message(exc), code=exc.code)
        if isinstance(exc, IntegrityError):
            # a concurrent change removed or took something this statement relied on
            self.log("statement refused", text, "conflict")
            return _conflict(text)
        if isinstance(exc, OperationalError) and "deadlock" in str(exc).lower():
            # PostgreSQL broke a deadlock between concurrent statements by failing this one
            return _conflict(text)
        if isinstance(exc, DataError):
            # a name or value longer than its column (PostgreSQL enforces the limit)
            return StatementResult(
                text,
                False,
                error="A name or value in the statement is longer than the catalog stores "
                "(names are at most 255 characters).",
                code="invalid",
            )
        if isinstance(exc, RecursionError):
            return StatementResult(
                text,
                False,
                error="The statement is nested too deeply to be parsed; simplify it.",
                code="parse",
            )
        # a bug must not take the session down; it is logged in full
        return self._internal_error(text)

    def log(self, event: str, text: str, code: str | None = None) -> None:
        """One structured log record per statement: who ran what where, and how it ended."""
        if not logger.isEnabledFor(logging.INFO):
            return  # masking secrets costs more than a cheap statement
        extra = {
            "environment": self.session.environment.name,
            "user": str(self.user) if self.user is not None else "system",
            "statement": mask_ddl(text),
        }
        if code is not None:
            extra["code"] = code
        logger.info(event, extra=extra)

    def _internal_error(self, text: str) -> StatementResult:
        logger.exception("statement failed unexpectedly: %s", mask_ddl(text))
        return StatementResult(
            text,
            False,
            error="Internal error while running the statement; it was not applied.",
            code="internal",
        )

    def _check_role(self, statement: st.Statement, changing: bool) -> None:
        environment = self.session.environment
        needs_request = (
            changing
            and environment.required_approvals
            and self.change_request is None
            and not getattr(statement, "temporary", False)
        )
        if needs_request:
            raise Forbidden(
                f"Environment '{environment.name}' needs {environment.required_approvals} "
                "approval(s) for every change: open a change request with this statement "
                "instead of running it directly."
            )
        if self.user is None:
            return
        needed = NEEDED["change"] if changing else NEEDED["read"]
        if not has_role(self.user, environment, needed):
            action = "change the catalog" if changing else "read the catalog"
            raise Forbidden(
                f"You need the {needed.value} role in environment '{environment.name}' to {action}."
            )

    def restore_session(self, saved: tuple) -> None:
        s = self.session
        (
            s.current_catalog,
            s.current_database,
            s.temporary_tables,
            s.temporary_functions,
            s.temporary_models,
        ) = saved


# Names are stored in columns of this length (PostgreSQL enforces it, SQLite does not): a
# longer one is refused alike on both, before anything is written, naming it.
MAX_NAME = m.Table._meta.get_field("name").max_length


def _check_name_lengths(statement: st.Statement) -> None:
    names = statement.names if statement.names is not None else identifiers(statement.text)
    for name in names:
        if len(name) > MAX_NAME:
            raise FlinkSqlError(
                f"The name `{name[:40]}…` is {len(name)} characters long; the catalog stores "
                f"names of at most {MAX_NAME} characters."
            )


def _check_no_masked_secret(statement: st.Statement) -> None:
    """Refuse to store the mask as a secret's value: a script copied from a page, the console's
    history or a statement answer shows ``******`` where the secret was, and running it again
    must not overwrite the real value with the mask."""
    options = getattr(statement, "options", None) or getattr(statement, "properties", None)
    for key, value in (options or {}).items():
        if is_secret(key) and value == MASK:
            raise FlinkSqlError(
                f"The value of '{key}' is '{MASK}', the mask the dashboard shows in place of a "
                "stored secret, not the secret itself: write the value, or leave the option out "
                "to keep the stored one."
            )


def _conflict(text: str) -> StatementResult:
    return StatementResult(
        text,
        False,
        error="Another change to the same objects ran at the same time; nothing of this "
        "statement was applied. Run it again.",
        code="conflict",
    )


class _Writes:
    """A database execute wrapper that notes whether anything it sees writes."""

    def __init__(self) -> None:
        self.seen = False

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if not self.seen and sql.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE"):
            self.seen = True
        return execute(sql, params, many, context)


def _unsupported_message(statement: st.Statement) -> str:
    keyword = statement.keyword if isinstance(statement, st.UnsupportedStatement) else "This"
    return refusal_reason(keyword)
