"""All-or-nothing batches of statements, their CREATE statements written set-wise.

Consecutive CREATE DATABASE / TABLE / VIEW statements form a run: each is checked and applied
by the executor's own rules (``Executor.apply`` and the handlers) in a
:class:`~catalogs.executor.batch.BatchContext`, and the run is written with bulk inserts at its
end. Any other statement runs through ``Executor.execute``, in its place. The whole batch is one
transaction: at the first failure nothing of it stays, and the session is as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from catalogs.flinksql import statements as st
from catalogs.flinksql.expressions import user_functions
from catalogs.flinksql.parser import parse_statement

from .batch import BatchContext, FlushFailed

if TYPE_CHECKING:
    from .core import Executor, StatementResult

# What a run writes set-wise; CREATE OR REPLACE VIEW may replace, so it runs alone.
BATCHED = (st.CreateDatabase, st.CreateTable, st.CreateView)

Run = list[tuple[str, st.Statement | None]]  # statement text, and what it parsed to

# Views whose reads are looked up together; well under the 512 queries the view validator
# keeps parsed, so each query (and the stored views it reads) is parsed once.
LOOK_AHEAD = 100


def execute_all_or_nothing(
    executor: Executor, texts: list[str], set_wise: bool
) -> list[StatementResult]:
    """Run ``texts`` in order, all or nothing; the results end at the first failure. With
    ``set_wise`` runs of CREATE statements are written set-wise, otherwise every statement
    runs alone."""
    saved = executor.save_session()
    results: list[StatementResult] = []
    try:
        with executor.all_or_nothing():
            for run in _runs(texts, set_wise):
                if run[0][1] is None:
                    _run_alone(executor, run[0][0], results)
                else:
                    _run_set_wise(executor, run, results)
    except _Failed:
        executor.restore_session(saved)
    return results


class _Failed(Exception):
    """Undoes the batch at its first failed statement."""


def _runs(texts: list[str], set_wise: bool) -> Iterator[Run]:
    """Runs of statements written set-wise, and statements that run alone (statement None)."""
    run: Run = []
    for text in texts:
        statement = _batched(text) if set_wise else None
        if statement is None:
            if run:
                yield run
                run = []
            yield [(text, None)]
        else:
            run.append((text, statement))
    if run:
        yield run


def _batched(text: str) -> st.Statement | None:
    """The statement, when it can be written set-wise (one that does not parse, or holds NUL,
    which no set-wise lookup may send to PostgreSQL, runs alone and fails there with its
    message)."""
    if "\x00" in text:
        return None
    try:
        statement = parse_statement(text)
    except Exception:  # Executor.execute reports it
        return None
    if not isinstance(statement, BATCHED) or getattr(statement, "or_replace", False):
        return None
    return statement


def _run_alone(executor: Executor, text: str, results: list[StatementResult]) -> None:
    result = executor.execute(text)
    results.append(result)
    if not result.ok:
        raise _Failed


def _run_set_wise(executor: Executor, run: Run, results: list[StatementResult]) -> None:
    from .core import StatementResult

    start = len(results)
    context = BatchContext(executor.session, executor.user)
    statements = [statement for _, statement in run if statement is not None]
    context.look_up_created(statements)
    with user_functions(context.function_name):
        for position, (text, statement) in enumerate(run):
            assert statement is not None
            if position % LOOK_AHEAD == 0:
                context.look_up_read(statements[position : position + LOOK_AHEAD])
            context.position = position
            try:
                columns, rows = executor.apply(context, statement)
            except Exception as exc:  # failure() answers every kind, bugs included
                results.append(executor.failure(text, exc))
                raise _Failed from None
            results.append(StatementResult(text, True, columns, rows))
    try:
        context.flush()
    except FlushFailed as failed:
        text = run[failed.position][0]
        del results[start + failed.position :]
        results.append(executor.failure(text, failed.cause))
        raise _Failed from None
    for text, _ in run:
        executor.log("statement ok", text)
