"""A bounded schemathesis run against the API's own schema: no request makes a server error.

GET operations and the statements endpoint (the one write that takes arbitrary text) only,
a few examples each, no shrinking, as a member of the environment ``default`` whose catalog
holds a table, a view and a function, so that some generated names resolve.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from catalogs.executor import Executor, Session
from config.wsgi import application
from environments.models import Environment, Membership, Role


@pytest.fixture
def keep_connection() -> Iterator[None]:
    """Requests go through the WSGI handler, whose signals would close the test's database
    connection mid-transaction; Django's own test client disconnects them the same way."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(db: None, keep_connection: None) -> str:
    environment = Environment.objects.get(name="default")
    user = User.objects.create_user("fuzzer")
    Membership.objects.create(environment=environment, user=user, role=Role.EDITOR)
    Executor(Session.start(environment), user).execute_script(
        "CREATE TABLE t (a INT, b STRING); CREATE VIEW v AS SELECT a FROM t;"
        "CREATE FUNCTION f AS 'com.example.F'"
    )
    return Token.objects.create(user=user).key


# Served by the application itself; loading it reads no database.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application).include(
    lambda ctx: ctx.operation.method.upper() == "GET" or ctx.operation.path.endswith("/statements")
)


@schema.parametrize()
@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_it_answers_no_server_error(case: schemathesis.Case, token: str) -> None:
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=[not_a_server_error, status_code_conformance, response_schema_conformance],
    )
