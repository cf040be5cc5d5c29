"""The SQL editor's Format action: statements as Flink writes them.

A query is validated in the session and written by the view normalizer's writer (Calcite's
SqlPrettyWriter spelling, what ``SHOW CREATE VIEW`` prints after ``AS``). Every other statement
runs, in a transaction that is rolled back (with the user's roles: a viewer formats queries,
not DDL): a ``CREATE TABLE`` or ``CREATE VIEW`` is answered as ``SHOW CREATE`` answers it, the
rest (``USE``, ``ALTER``, ...) kept as written; DML is kept as written, not run. A statement
that does not parse or validate refuses the whole script with Flink's message (its range moved
into the script).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from catalogs.flinksql import statements as st
from catalogs.flinksql.errors import FlinkSqlError, statement_message
from catalogs.flinksql.expressions import user_functions
from catalogs.flinksql.parser import parse_statement
from catalogs.flinksql.positions import Position, error_position
from catalogs.flinksql.splitter import located_statements

from .core import Executor
from .handlers import Context
from .handlers.views import _expand
from .session import Session

_SHOWN = {st.CreateTable: "TABLE", st.CreateView: "VIEW"}


class FormatRefused(Exception):
    """A statement of the script failed: Flink's message and where in the script."""

    def __init__(self, message: str, position: Position | None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position


class _RollBack(Exception):
    pass


def format_script(session: Session, user: Any, script: str) -> str:
    """``script`` with each statement written as Flink writes it, separated as the script
    separated them (a trailing semicolon kept, or not). Raises :class:`FormatRefused`."""
    executor = Executor(session, user)
    saved = executor.save_session()
    written: list[str] = []
    executor.in_unit = True  # nothing is published: nothing stays
    try:
        with transaction.atomic():
            for text, line, column in located_statements(script):
                written.append(_formatted(executor, text, line, column))
            raise _RollBack
    except _RollBack:
        pass
    finally:
        executor.restore_session(saved)
        executor.in_unit = False
        executor.unpublished = False
    ending = ";" if script.rstrip().endswith(";") else ""
    return ";\n\n".join(written) + ending


def _formatted(executor: Executor, text: str, line: int, column: int) -> str:
    try:
        statement = parse_statement(text)
    except FlinkSqlError as exc:
        raise _refused(exc.message, line, column) from None
    if isinstance(statement, st.UnsupportedStatement) and statement.keyword in ("SELECT", "WITH"):
        context = Context(executor.session, executor.user)
        try:
            with user_functions(context.function_name):
                return _expand(context, text, None).expanded_query
        except FlinkSqlError as exc:
            raise _refused(statement_message(exc), line, column) from None
    if isinstance(statement, st.UnsupportedStatement):
        return text  # DML and the like: the dashboard runs no data, nor writes them
    # every other statement runs (USE moves the session, a CREATE is read back), rolled back
    result = executor.execute(text)
    if not result.ok:
        raise _refused(result.error or "The statement failed.", line, column)
    kind = _SHOWN.get(type(statement))
    if kind is None:
        return text
    path = executor.session.resolve(statement.path).quoted()  # type: ignore[attr-defined]
    shown = executor.execute(f"SHOW CREATE {kind} {path}")
    if not shown.ok or not shown.rows:
        return text
    return str(shown.rows[0][0]).rstrip().removesuffix(";")


def _refused(message: str, line: int, column: int) -> FormatRefused:
    position = error_position(message)
    return FormatRefused(message, position.shifted(line, column) if position else None)
