"""A change request raced by its own apply: statements added while it is applied either come
before (and void its approval) or are refused; it never ends applied holding one that never
ran. On PostgreSQL, with threads, like tests/test_concurrency.py."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections, transaction

from catalogs.models import Table
from changes import page_state, services
from changes.models import ChangeRequest, RequestsChange
from environments.models import Environment, Membership, Role
from environments.services import ServiceError

ROUNDS = 12


def _race(pk: int, users: dict[str, User], round_: int) -> dict[str, str]:
    """Apply request ``pk`` in one thread while another adds a statement to it, the adder
    starting a little later each round so that it lands at every point of the apply."""
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def apply() -> None:
        change_request = ChangeRequest.objects.get(pk=pk)  # read as a request's view does
        barrier.wait()
        outcome = services.apply(change_request, users["owner"])
        outcomes["apply"] = "ok" if outcome.ok else outcome.message

    def add() -> None:
        change_request = ChangeRequest.objects.get(pk=pk)
        barrier.wait()
        time.sleep(0.004 * round_)
        services.add_statements(
            change_request, users["editor"], f"CREATE TABLE late{round_} (a INT)"
        )
        outcomes["add"] = "ok"

    def work(name: str, action) -> None:  # noqa: ANN001 - one of the two above
        try:
            action()
        except ServiceError as exc:
            outcomes[name] = exc.message
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=work, args=item) for item in (("apply", apply), ("add", add))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_never_applies_a_request_holding_a_statement_that_did_not_run() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is proven on PostgreSQL; SQLite serializes writers")
    environment = Environment.objects.get(name="default")
    environment.required_approvals = 1
    environment.save()
    users = {who: User.objects.create_user(who) for who in ("owner", "editor")}
    for who, role in (("owner", Role.ADMIN), ("editor", Role.EDITOR)):
        Membership.objects.create(environment=environment, user=users[who], role=role)
    seen = set()
    for round_ in range(ROUNDS):
        change_request = services.open_request(
            environment, users["editor"], f"Round {round_}", sql=f"CREATE TABLE t{round_} (a INT)"
        )
        services.review(change_request, users["owner"], "approve")
        outcomes = _race(change_request.pk, users, round_)
        change_request.refresh_from_db()
        statements = list(change_request.statements.values_list("sql", flat=True))
        ran = set(Table.objects.values_list("name", flat=True))
        if change_request.status == ChangeRequest.Status.APPLIED:
            assert (outcomes["apply"], change_request.revision) == ("ok", 1), outcomes
            assert statements == [f"CREATE TABLE t{round_} (a INT)"]
            assert outcomes["add"] == (
                f"Change request #{change_request.pk} is applied; only open requests change."
            )
            assert f"late{round_}" not in ran
            seen.add("apply first")
        else:
            assert (outcomes["add"], change_request.revision) == ("ok", 2), outcomes
            assert outcomes["apply"] == (
                f"Change request #{change_request.pk} needs 1 approval(s) from reviewers "
                "other than its author before it is applied; it has 0."
            )
            assert not {f"t{round_}", f"late{round_}"} & ran
            seen.add("add first")
    assert seen  # (which comes first depends on the machine's timing)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_write_in_autocommit_that_reaches_a_fold_folds(monkeypatch: pytest.MonkeyPatch) -> None:
    # A write outside any transaction (a signal of a single row's save in autocommit) that
    # reaches the thousandth row folds in a transaction of its own. On PostgreSQL its row
    # locks failed there ("select_for_update cannot be used outside of a transaction"), the
    # write already saved: seen in a fresh clone's run of the suite.
    environment = Environment.objects.get(name="default")
    before = page_state.written(environment.name)
    monkeypatch.setattr(page_state, "FOLD_EVERY", 1)  # every write reaches a fold
    assert connection.get_autocommit()
    for _ in range(3):
        page_state.changed([environment.pk])
    assert page_state.written(environment.name) == before + 3
    assert RequestsChange.objects.filter(environment_id=environment.pk).count() == 1


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_folds_of_the_requests_writes_never_wait_for_each_other_nor_lower_a_sum() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is proven on PostgreSQL; SQLite serializes writers")
    environment = Environment.objects.get(name="default")
    before = page_state.written(environment.name)  # (a database restored counts writes too)
    for _ in range(5):
        page_state.changed([environment.pk])
    up_to = RequestsChange.objects.latest("pk").pk
    folded, go_on = threading.Event(), threading.Event()

    def first() -> None:  # folds, and holds its rows until told to commit
        try:
            with transaction.atomic():
                page_state.fold(up_to)
                folded.set()
                go_on.wait(10)
        finally:
            connections.close_all()

    thread = threading.Thread(target=first)
    thread.start()
    assert folded.wait(10)
    with transaction.atomic():
        with connection.cursor() as cursor:  # a wait for a held row fails the fold at once
            cursor.execute("SET LOCAL lock_timeout = '1ms'")
        page_state.fold(up_to)  # every row is held by the first fold: skipped, not waited for
    assert page_state.written(environment.name) == before + 5  # the first fold not yet committed
    go_on.set()
    thread.join()
    assert page_state.written(environment.name) == before + 5
    assert RequestsChange.objects.filter(environment_id=environment.pk).count() == 1
