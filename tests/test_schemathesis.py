"""Bounded schemathesis runs against the API's own OpenAPI schema, with every check that fits
it: no server error; only the status codes, content types, headers and bodies it documents;
what it forbids refused (negative data), what it allows not refused for its form (positive
data); deleted objects gone and created ones there; no operation that ignores its auth.

Each run goes twice, as a superuser (who may do everything, so that writes get past the role
checks) and as a viewer, who must never get a 2xx for a change. Both work in the environment
``default``, whose catalog holds a table ``t``, a view ``v`` and a function ``f``, with an
artifact, a snapshot and a change request:

- stateless: each operation alone, a few examples each, positive and negative; half of the
  generated path parameters are swapped for the names of those objects, so that requests reach
  real objects, not just 404;
- stateful: chains of calls that follow the OpenAPI links the schema declares
  (``config/openapi_links.py``): create an environment, table, view, function, snapshot, change
  request or artifact and then read, change, drop, approve or apply that very object.

Write bodies are sometimes drawn from realistic values (Flink types, queries, statements), so
that creations succeed and the links have something to follow. Both runs are bounded (a few
examples, a few steps, no shrinking) and derandomized.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core import signals
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from schemathesis.checks import CheckContext, not_a_server_error
from schemathesis.specs.openapi.checks import (
    allow_header_conformance,
    content_type_conformance,
    ensure_resource_availability,
    ignored_auth,
    missing_required_header,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
    use_after_free,
)
from schemathesis.transport.serialization import Binary

from catalogs import snapshots
from catalogs.executor import Executor, Session
from changes import services as change_requests
from config.wsgi import application
from environments import services
from environments.api.schema import takes_flink_sql
from environments.models import ApiToken, Environment, Role

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
DB = "/api/v1/environments/{environment}/catalogs/{catalog}/databases/{database}"
CR = "/api/v1/environments/{environment}/change-requests/"
STATEMENTS = "/api/v1/environments/{environment}/statements"
# A dry run: it runs the statements in a rolled-back transaction and keeps nothing
# (tests/test_impact.py checks the database is unchanged after it, whoever asks).
IMPACT = "/api/v1/environments/{environment}/impact"
FOLDER_PLAN = "/api/v1/environments/{environment}/folder/plan"


def schema_valid_data_accepted(ctx: CheckContext, response: Any, case: schemathesis.Case) -> Any:
    """``positive_data_acceptance``, but for the 400 of Flink SQL that does not run (what a
    statement, a query, a type or a snapshot document means is the executor's to judge, beyond
    what a schema can say; the schema marks those operations, ``x-flink-sql``), and for the 412
    of an ``If-Match`` that names no current version (which only a read can tell)."""
    if response.status_code == 400 and takes_flink_sql(case.operation.definition.raw):
        return None
    if response.status_code == 412 and "If-Match" in (case.headers or {}):
        return None
    return positive_data_acceptance(ctx, response, case)


def schema_violating_data_rejected(
    ctx: CheckContext, response: Any, case: schemathesis.Case
) -> Any:
    """``negative_data_rejection``, but not of a form's parts: every value of a form is text
    (a boolean sent as a part is the text ``true``), so no server can tell one from a string.
    That a form takes only the parts it declares is ``test_api_schema``'s to show."""
    if case.media_type == "multipart/form-data":
        return None
    return negative_data_rejection(ctx, response, case)


def deleted_resource_gone(ctx: CheckContext, response: Any, case: schemathesis.Case) -> Any:
    """``use_after_free``, but not of an object's history: the history of a dropped table or
    view stays readable on purpose (its last entry is the DROP), so a reviewer sees what it
    was (``test_api_schema.test_a_dropped_views_history_stays_readable``)."""
    if case.operation.path.endswith("/history"):
        return None
    return use_after_free(ctx, response, case)


# What a viewer may write: a comment, and statements that change nothing (SHOW, DESCRIBE).
VIEWER_WRITES = {
    ("POST", f"{CR}{{number}}/comments"): lambda body: True,
    ("POST", STATEMENTS): lambda body: body["changes"] == [],
    ("POST", IMPACT): lambda body: "impact" in body,
    # a folder's plan is a dry run too (tests/test_catalog_folder_api.py checks it keeps nothing)
    ("POST", FOLDER_PLAN): lambda body: "exit_code" in body,
}


def viewer_changes_nothing(ctx: CheckContext, response: Any, case: schemathesis.Case) -> None:
    if Known.role != Role.VIEWER or case.method.upper() not in WRITES:
        return
    if not 200 <= response.status_code < 300:
        return
    allowed = VIEWER_WRITES.get((case.method.upper(), case.operation.path))
    assert allowed is not None and allowed(response.json()), (
        f"A viewer's {case.method.upper()} {case.formatted_path} answered "
        f"{response.status_code}: a viewer changes nothing"
    )


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    schema_violating_data_rejected,
    schema_valid_data_accepted,
    missing_required_header,
    unsupported_method,
    allow_header_conformance,
    deleted_resource_gone,
    ensure_resource_availability,
    ignored_auth,
    viewer_changes_nothing,
]


class Known:
    """Path parameter -> the name of an object the ``world`` fixture made (filled in there);
    ``always``: name them in every case, not just in half of them; ``role``: whose token."""

    names: ClassVar[dict[str, Any]] = {}
    always: ClassVar[bool] = False
    role: ClassVar[str] = ""


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
def world(db: None, keep_connection: None) -> Iterator[Environment]:
    """The objects of ``default`` that requests are pointed at, made by the superuser."""
    environment = Environment.objects.get(name="default")
    user = User.objects.create_superuser("fuzzer")
    Executor(Session.start(environment), user).execute_script(
        "CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen');"
        "CREATE VIEW v AS SELECT a FROM t;"
        "CREATE FUNCTION f AS 'com.example.F'"
    )
    services.upload_artifact(environment, "a", "a.jar", b"PK\x03\x04", user)
    snapshot, _ = snapshots.take_snapshot(environment, environment.catalog_name, user)
    opened = change_requests.open_request(environment, user, "Add x", "", "CREATE TABLE x (a INT)")
    Known.names.update(
        environment=environment.name,
        catalog=environment.catalog_name,
        database="default",
        table="t",
        view="v",
        function="f",
        artifact="a",
        user="fuzzer",
        snapshot=snapshot.snapshot_id,
        number=opened.pk,
    )
    yield environment
    Known.names.clear()
    Known.role = ""


@pytest.fixture
def admin_token(world: Environment) -> str:
    Known.role = Role.ADMIN
    return ApiToken.issue(User.objects.get(username="fuzzer"), "schemathesis")[1]


@pytest.fixture
def viewer_token(world: Environment) -> str:
    user = User.objects.create_user("watcher")
    services.grant_role(world, user, Role.VIEWER)
    Known.role = Role.VIEWER
    return ApiToken.issue(user, "schemathesis")[1]


# Served by the application itself; loading it reads no database. The stateful run follows
# the links the schema declares, not links schemathesis guesses.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
schema.config.phases.stateful.inference.algorithms = []
# The viewer's run skips the coverage phase (every boundary of every field, the superuser's
# run's business): the roles refuse a viewer's write before its body is read.
viewer_schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
viewer_schema.config.phases.coverage.enabled = False


def _known(parameters: dict[str, Any] | None, swap: bool) -> dict[str, Any] | None:
    if parameters is None or not (swap or Known.always):
        return parameters
    return {name: Known.names.get(name, value) for name, value in parameters.items()}


@schemathesis.hook
def flatmap_path_parameters(context: Any, parameters: dict[str, Any]) -> st.SearchStrategy:
    """Half of the cases name the objects the fixture made; a link's values override them."""
    return st.sampled_from([True, False]).map(lambda swap: _known(parameters, swap))


# Realistic bodies, beside the generated ones ------------------------------------------------
NAME = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True)
TYPE = st.sampled_from(
    ["INT", "BIGINT", "STRING", "BOOLEAN", "DOUBLE", "DECIMAL(10, 2)", "TIMESTAMP(3)", "ARRAY<INT>"]
)
QUERY = st.sampled_from(["SELECT a FROM t", "SELECT * FROM t WHERE a > 1", "SELECT a, b FROM t"])
SQL = st.one_of(
    NAME.map(lambda n: f"CREATE TABLE {n} (a INT, b STRING) WITH ('connector' = 'datagen')"),
    NAME.map(lambda n: f"CREATE VIEW {n} AS SELECT a FROM t"),
    NAME.map(lambda n: f"DROP TABLE IF EXISTS {n}"),
    st.sampled_from(["ALTER TABLE t SET ('k' = 'v')", "SHOW TABLES", "DESCRIBE t", "DROP VIEW v"]),
)
OPTIONS = st.sampled_from([{}, {"connector": "datagen"}, {"connector": "datagen", "k": "v"}])
COLUMN = st.fixed_dictionaries(
    {"name": NAME, "type": TYPE}, optional={"nullable": st.booleans(), "comment": NAME}
)
REALISTIC = {
    ("POST", "/api/v1/environments/"): st.fixed_dictionaries(
        {"name": NAME}, optional={"description": NAME}
    ),
    ("POST", f"{DB}/tables/"): st.fixed_dictionaries(
        {
            "name": NAME,
            "columns": st.lists(COLUMN, min_size=1, max_size=3, unique_by=lambda c: c["name"]),
        },
        optional={"comment": NAME, "options": OPTIONS},
    ),
    ("PATCH", f"{DB}/tables/{{table}}"): st.fixed_dictionaries(
        {}, optional={"set_options": OPTIONS, "reset_options": st.lists(NAME, max_size=2)}
    ),
    ("POST", f"{DB}/views/"): st.fixed_dictionaries({"name": NAME, "query": QUERY}),
    ("PATCH", f"{DB}/views/{{view}}"): st.fixed_dictionaries({"query": QUERY}),
    ("POST", f"{DB}/functions/"): st.fixed_dictionaries(
        {"name": NAME, "class_name": st.just("com.example.Upper")}
    ),
    ("PATCH", f"{DB}/functions/{{function}}"): st.fixed_dictionaries(
        {}, optional={"return_type": st.none() | TYPE, "artifact": st.none() | st.just("a")}
    ),
    ("POST", STATEMENTS): st.fixed_dictionaries({"statement": SQL}),
    ("POST", CR): st.fixed_dictionaries({"title": NAME, "sql": SQL}),
    ("POST", "/api/v1/environments/{environment}/snapshots/"): st.builds(
        lambda label: {"catalog": Known.names.get("catalog", ""), "label": label}, NAME
    ),
    ("POST", "/api/v1/environments/{environment}/roles/"): st.fixed_dictionaries(
        {"user": st.just("fuzzer"), "role": st.sampled_from(["viewer", "editor", "admin"])}
    ),
    ("POST", f"{CR}{{number}}/statements"): st.fixed_dictionaries({"sql": SQL}),
}


@schemathesis.hook
def before_call(context: Any, case: schemathesis.Case, **kwargs: Any) -> None:
    """Werkzeug, the in-process transport, writes an empty file part without the line break
    before the next boundary, so that Django reads no file at all; a real client's empty file
    is taken (``test_api_schema``). An empty file is sent as one byte."""
    body = case.body
    if case.media_type != "multipart/form-data" or not isinstance(body, dict):
        return
    file = body.get("file")
    if file is not None and (file.data if isinstance(file, Binary) else file) in (b"", ""):
        case.body = {**body, "file": b"\x00"}


@schemathesis.hook
def before_generate_body(context: Any, strategy: st.SearchStrategy) -> Any:
    operation = context.operation
    realistic = REALISTIC.get((operation.method.upper(), operation.path))
    return strategy if realistic is None else st.one_of(realistic, strategy)


# Stateless ----------------------------------------------------------------------------------
STATELESS = settings(
    max_examples=6,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


@schema.parametrize()
@STATELESS
def test_every_operation_answers_as_documented(case: schemathesis.Case, admin_token: str) -> None:
    case.call_and_validate(headers={"Authorization": f"Token {admin_token}"}, checks=CHECKS)


@viewer_schema.parametrize()
@STATELESS
def test_every_operation_answers_a_viewer_as_documented(
    case: schemathesis.Case, viewer_token: str
) -> None:
    case.call_and_validate(headers={"Authorization": f"Token {viewer_token}"}, checks=CHECKS)


# Stateful -----------------------------------------------------------------------------------
class Workflow(schema.as_state_machine()):
    """Chains of calls along the schema's links, as the fuzzer."""

    token: ClassVar[str] = ""

    def setup(self) -> None:
        # Each scenario starts from the fixture's objects: what it does is undone after it,
        # so that Hypothesis replays a failing scenario against the state it first met.
        self.scenario = transaction.atomic()
        self.scenario.__enter__()

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.scenario.__exit__(None, None, None)

    def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
        return {"headers": {"Authorization": f"Token {self.token}"}}

    def validate_response(
        self, response: Any, case: schemathesis.Case, additional_checks: Any = None, **kwargs: Any
    ) -> None:
        case.validate_response(
            response,
            checks=CHECKS,
            headers=self.get_call_kwargs(case)["headers"],
            transport_kwargs=kwargs or None,
            recorder=self.recorder,
        )


# Marked, since it asks its fixtures by name: pytest-django orders a test it sees no database
# fixture of after the transactional tests, whose flush leaves no default environment.
@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.ADMIN, Role.VIEWER])
def test_linked_calls_answer_as_documented(role: str, request: pytest.FixtureRequest) -> None:
    Workflow.token = request.getfixturevalue(f"{role}_token")
    # Calls that follow no link act on the fixture's objects: random names are the
    # stateless run's business.
    Known.always = True
    try:
        Workflow.run(
            settings=settings(
                max_examples=25,
                stateful_step_count=8,
                derandomize=True,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
        )
    finally:
        Known.always = False
