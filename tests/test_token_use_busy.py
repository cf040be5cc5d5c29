"""A token's use is noted without waiting for another connection's write (h20p found a 500):
while a long write (a job's) holds SQLite's write lock, a request with the token is answered,
and its use is noted the next time; on PostgreSQL nothing waits, and it is noted at once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from django.test import Client

from catalogs.models import ConsoleScript
from environments.models import ApiToken, Environment
from tests.access import make_members

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_a_request_with_a_token_is_answered_while_another_write_holds_the_lock(
    environment: Environment,
) -> None:
    members = make_members(environment)
    token, value = ApiToken.issue(members.users["viewer"], "ci")
    holding, release = threading.Event(), threading.Event()

    def long_write() -> None:  # a job's transaction: it has written and goes on for a while
        with transaction.atomic():
            ConsoleScript.objects.create(
                user=members.users["owner"], environment=environment, name="job", sql="SHOW TABLES"
            )
            holding.set()
            release.wait(10)
        connection.close()

    worker = threading.Thread(target=long_write)
    worker.start()
    try:
        assert holding.wait(10)
        client = Client(HTTP_AUTHORIZATION=f"Token {value}")
        answer = client.get("/api/v1/environments/")
        assert answer.status_code == 200, answer.content[:300]
    finally:
        release.set()
        worker.join(10)
    token.refresh_from_db()
    assert ConsoleScript.objects.filter(name="job").exists()
    if connection.vendor == "sqlite":
        assert token.last_used is None  # skipped while the lock was held: noted next time
        Client(HTTP_AUTHORIZATION=f"Token {value}").get("/api/v1/environments/")
        token.refresh_from_db()
    assert token.last_used is not None
