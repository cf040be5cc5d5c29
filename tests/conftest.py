"""Fixtures shared by every test: the default environment, an executor on it, users and clients."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.test import Client
from hypothesis import settings as hypothesis_settings

from catalogs.executor import Executor, Session, StatementResult
from environments.models import Environment
from tests import all_ran
from tests.access import FAST_HASHERS, Members, make_members

RunScript = Callable[[str], list[StatementResult]]

# Tests never assert on time: no property-based test has a deadline (Hypothesis's default of
# 200 ms failed an example that took 350 ms once while a Flink JVM shared the cores).
hypothesis_settings.register_profile("project", deadline=None)
hypothesis_settings.load_profile("project")


def pytest_configure(config: pytest.Config) -> None:
    all_ran.register(config)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """SQLite tests run on a file, as ``make run`` does, not on Django's shared in-memory
    database: for that one, the live server's request threads all share the test's single
    connection, so a page's preview (a dry run rolled back) and a submit that arrive together
    run in one transaction and undo or lock each other. On a file each request has its own
    connection and waits for the lock (``OPTIONS.timeout``), as in production."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3" and not database.get("TEST", {}).get(
        "NAME"
    ):
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")


@pytest.fixture(autouse=True)
def _no_kept_pages() -> None:
    """Each test starts with no kept pages: a rolled-back test leaves its environment's version
    where the next test starts it, with other content."""
    caches["pages"].clear()


@pytest.fixture(autouse=True)
def _fast_passwords(settings) -> None:
    """Passwords hashed in microseconds: no test is about the strength of a hash, and many
    create users with passwords (production's hashers are Django's defaults)."""
    settings.PASSWORD_HASHERS = FAST_HASHERS


TEMPLATE_SYNTAX = re.compile(r"\{\{|\{%|%\}|\}\}")


def template_syntax(html: str) -> list[str]:
    """The places where ``html`` shows template syntax: a tag Django did not read (one split
    across lines is text to it) prints as it is written."""
    return [html[max(0, m.start() - 40) : m.end() + 40] for m in TEMPLATE_SYNTAX.finditer(html)]


@pytest.fixture(autouse=True)
def _no_template_syntax_in_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every HTML page a test client receives is checked: no page shows ``{{`` or ``{%``."""
    request = Client.request

    def checked(self: Client, **kwargs: object) -> object:
        response = request(self, **kwargs)
        kind = response.get("Content-Type", "")
        if kind.startswith("text/html") and not response.streaming:
            shown = template_syntax(response.content.decode(errors="replace"))
            assert not shown, f"{kwargs.get('PATH_INFO')} shows template syntax: {shown}"
        return response

    monkeypatch.setattr(Client, "request", checked)


@pytest.fixture
def embedded_jobs(settings) -> None:
    """Jobs run as with no Redis: in a thread of the web process, their heartbeat written often
    (a module's tests ask for it with ``pytestmark``'s ``usefixtures``)."""
    settings.JOBS_REDIS_URL = None
    settings.JOBS_HEARTBEAT_SECONDS = 0.05


@pytest.fixture
def environment(db: None) -> Environment:
    """The environment ``default``, which the data migration creates."""
    return Environment.objects.get(name="default")


@pytest.fixture
def admin_user(db: None) -> User:
    return User.objects.create_superuser("admin", password="admin-password")


@pytest.fixture
def executor(environment: Environment, admin_user: User) -> Executor:
    """A fresh executor on a fresh session, in the environment catalog and its ``default``."""
    return Executor(Session.start(environment), admin_user)


@pytest.fixture
def run(executor: Executor) -> RunScript:
    """Run a script in the executor's session; return every statement's result."""

    def run_script(script: str) -> list[StatementResult]:
        return executor.execute_script(script)

    return run_script


@pytest.fixture
def client(admin_user: User) -> Client:
    """A browser session logged in as the admin."""
    client = Client()
    client.force_login(admin_user)
    return client


@pytest.fixture
def anonymous_client(db: None) -> Client:
    return Client()


@pytest.fixture
def browser_page(live_server: object) -> Iterator[object]:
    """A Playwright page in Debian's Chromium on an empty dashboard; every page it visits is
    checked by axe-core (tests/browser.py). Skipped where Chromium is missing."""
    from tests.browser import opened_page

    with opened_page() as page:
        yield page


@pytest.fixture
def page(browser_page: object) -> object:
    """:func:`browser_page` on the demo, logged out, with the superuser ``admin``."""
    from tests.browser import with_demo_and_admin

    with_demo_and_admin()
    return browser_page


@pytest.fixture
def members(environment: Environment) -> Members:
    """The default environment's owner, a member of each role and an outsider."""
    return make_members(environment)
