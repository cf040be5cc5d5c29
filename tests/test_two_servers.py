"""Two app servers behind one load balancer: one PostgreSQL, one Redis, two gunicorns.

What one server keeps, the other serves; a change through one is seen at once through the other;
a browser's session (its console state, its sign-in) and the count of failed sign-ins travel
between them; and the concurrency storm of ``tests/test_concurrency.py`` runs across both.
The servers are started once for the module, by each xdist worker that runs its tests.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from config import caches
from tests.live_dashboard import (
    PYTHON,
    ROOT,
    SETUP,
    LiveDashboard,
    drop_database,
    free_port,
    fresh_database,
    services_unavailable,
)
from tests.test_concurrency import _storm_script

# xdist_group does not hold with pytest 9 (xdist 3.8 sets ``item._nodeid``, which pytest 9
# no longer reads), so each xdist worker that runs these tests has a database and a Redis
# database of its own: gw0 uses Redis database 5, gw1 6, ...
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
POSTGRES = os.environ.get("TWO_SERVERS_POSTGRES", "postgres://postgres@127.0.0.1:5432")
DATABASE = os.environ.get("TWO_SERVERS_DATABASE", "test_two_servers") + f"_{WORKER}"
REDIS = os.environ.get("TWO_SERVERS_REDIS", "redis://127.0.0.1:6379")
REDIS_URL = f"{REDIS}/{5 + int(WORKER.removeprefix('gw')) % 11}"
DATABASE_PAGE = "/env/default/catalogs/_env_default/databases/default"
CONSOLE = "/env/default/console"
PASSWORD = "two-servers-password"
LOGIN_FAILURE_LIMIT = 3

pytestmark = [pytest.mark.postgres]

USERS = f"""
from django.contrib.auth.models import User
for name in ("alice", "dave"):
    user, _ = User.objects.get_or_create(username=name)
    user.set_password({PASSWORD!r})
    user.save()
"""


@dataclass
class Browser:
    """One person's browser: its cookies go to whichever server answers (as behind a load
    balancer; cookies are per host, not per port)."""

    jar: http.cookiejar.CookieJar

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def get(self, url: str) -> tuple[int, str]:
        return self._send(urllib.request.Request(url))

    def post(self, url: str, form: dict[str, str]) -> tuple[int, str]:
        data = urllib.parse.urlencode({**form, "csrfmiddlewaretoken": self.cookie("csrftoken")})
        return self._send(urllib.request.Request(url, data=data.encode(), method="POST"))

    def sign_in(self, server: str, username: str, password: str) -> int:
        self.get(f"{server}/login/")
        status, _ = self.post(f"{server}/login/", {"username": username, "password": password})
        return status

    def _send(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self._opener.open(request, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


@dataclass
class Servers:
    a: LiveDashboard
    b: LiveDashboard
    redis: object  # redis.Redis on the servers' cache

    def kept_pages(self) -> list[bytes]:
        return sorted(self.redis.keys("pages:*"))


def _serve(environ: dict[str, str], log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    command = [PYTHON, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}"]
    with open(log, "w") as out:
        server = subprocess.Popen(
            [*command, "--workers", "2", "--timeout", "60"],
            cwd=ROOT,
            env=environ,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    return server, f"http://127.0.0.1:{port}"


def _wait(server: subprocess.Popen, url: str, log: Path) -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{url}/healthz", timeout=1).close()
            return
        except OSError:
            if server.poll() is not None:
                raise RuntimeError(log.read_text()) from None
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer: {log.read_text()}")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    import redis

    reason = services_unavailable(POSTGRES, REDIS_URL)
    if reason is not None:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1: {reason}")
        pytest.skip(reason)
    shared = redis.Redis.from_url(REDIS_URL)
    shared.flushdb()
    environ = {
        **os.environ,
        "DATABASE_URL": fresh_database(POSTGRES, DATABASE),
        "REDIS_URL": REDIS_URL,
        "DJANGO_DEBUG": "1",
        "PAGE_CACHE": "1",
        "LOGIN_FAILURE_LIMIT": str(LOGIN_FAILURE_LIMIT),
    }
    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput"], env=environ, check=True, capture_output=True)
    made = subprocess.run(
        [*manage, "shell", "-c", SETUP + USERS],
        env=environ,
        check=True,
        capture_output=True,
        text=True,
    )
    tokens = json.loads(made.stdout.strip().splitlines()[-1])
    directory = tmp_path_factory.mktemp("two_servers")
    started = [_serve(environ, directory / f"{name}.log") for name in "ab"]
    try:
        for (server, url), name in zip(started, "ab", strict=True):
            _wait(server, url, directory / f"{name}.log")
        a, b = (LiveDashboard(url, tokens, environ) for _, url in started)
        yield Servers(a, b, shared)
    finally:
        for server, _ in started:
            server.terminate()
        for server, _ in started:
            server.wait(timeout=30)
        shared.flushdb()
        drop_database(POSTGRES, DATABASE)


def test_the_servers_share_one_redis_as_the_cache() -> None:
    """``REDIS_URL`` puts every cache on Django's RedisCache, one prefix each; none is memory."""
    on_redis = caches.caches("redis://cache:6379/0")
    assert {name: c["BACKEND"] for name, c in on_redis.items()} == {
        name: "django.core.cache.backends.redis.RedisCache" for name in on_redis
    }
    assert {c["LOCATION"] for c in on_redis.values()} == {"redis://cache:6379/0"}
    assert sorted(c["KEY_PREFIX"] for c in on_redis.values()) == ["default", "fragments", "pages"]
    in_memory = caches.caches(None)
    assert {c["BACKEND"] for c in in_memory.values()} == {
        "django.core.cache.backends.locmem.LocMemCache"
    }


def test_a_page_kept_by_one_server_is_served_by_the_other(servers: Servers) -> None:
    servers.a.run("CREATE TABLE kept_once (a INT)")
    browser = Browser()
    assert browser.sign_in(servers.a.url, "alice", PASSWORD) == 200
    before = servers.kept_pages()
    status, through_a = browser.get(servers.a.url + DATABASE_PAGE)
    assert status == 200 and "kept_once" in through_a
    [kept] = sorted(set(servers.kept_pages()) - set(before))
    lifetime = servers.redis.pttl(kept)
    time.sleep(0.3)
    status, through_b = browser.get(servers.b.url + DATABASE_PAGE)
    assert status == 200 and "kept_once" in through_b
    # B served A's copy: it did not render and keep it again (that would renew its lifetime)
    assert servers.redis.pttl(kept) <= lifetime - 250
    assert sorted(set(servers.kept_pages()) - set(before)) == [kept]


def test_a_change_through_one_server_is_seen_at_once_through_the_other(
    servers: Servers,
) -> None:
    browser = Browser()
    assert browser.sign_in(servers.b.url, "alice", PASSWORD) == 200
    for _ in range(2):  # the second is served from the cache
        status, page = browser.get(servers.b.url + DATABASE_PAGE)
        assert status == 200 and "made_through_a" not in page
    status, _ = servers.b.request("GET", "environments/default/catalogs/_env_default")
    assert status == 200
    servers.a.run("CREATE TABLE made_through_a (a INT)")
    status, page = browser.get(servers.b.url + DATABASE_PAGE)
    assert status == 200 and "made_through_a" in page
    status, table = servers.b.request(
        "GET", "environments/default/catalogs/_env_default/databases/default/tables/made_through_a"
    )
    assert status == 200 and table["name"] == "made_through_a"
    servers.b.run("DROP TABLE made_through_a")
    status, page = browser.get(servers.a.url + DATABASE_PAGE)
    assert status == 200 and "made_through_a" not in page


def test_a_comment_through_one_server_is_seen_at_once_on_a_request_kept_by_the_other(
    servers: Servers,
) -> None:
    browser = Browser()
    assert browser.sign_in(servers.a.url, "alice", PASSWORD) == 200
    form = {"title": "Across servers", "description": "", "sql": "CREATE TABLE across (a INT)"}
    status, opened = browser.post(servers.a.url + "/env/default/change-requests/new", form)
    assert status == 200 and "Across servers" in opened
    [path] = set(re.findall(r'action="(/env/default/change-requests/\d+)/comment"', opened))
    for _ in range(2):  # the second is served from the cache
        status, page = browser.get(servers.b.url + path)
        assert status == 200 and "Across servers" in page and "seen across" not in page
    status, _ = browser.post(servers.a.url + path + "/comment", {"body": "seen across"})
    assert status == 200
    status, page = browser.get(servers.b.url + path)
    assert status == 200 and "seen across" in page


def test_the_console_session_travels_between_the_servers(servers: Servers) -> None:
    browser = Browser()
    assert browser.sign_in(servers.a.url, "alice", PASSWORD) == 200
    script = "CREATE DATABASE console_db;\nUSE console_db;\nCREATE TEMPORARY TABLE tmp (a INT)"
    status, page = browser.post(servers.a.url + CONSOLE, {"sql": script})
    assert status == 200
    assert '<code data-testid="current-database">console_db</code>' in page
    status, page = browser.post(servers.b.url + CONSOLE, {"sql": "SHOW TABLES"})
    assert status == 200
    assert '<code data-testid="current-database">console_db</code>' in page
    assert "<td>tmp</td>" in page
    status, page = browser.get(servers.a.url + CONSOLE)
    assert '<code data-testid="current-database">console_db</code>' in page


def test_failed_sign_ins_are_counted_across_the_servers(servers: Servers) -> None:
    """dave's typos on A and on B add up: past the limit neither server lets him in, even
    with the right password."""
    browser = Browser()
    for i in range(LOGIN_FAILURE_LIMIT - 1):
        server = (servers.a, servers.b)[i % 2]
        assert browser.sign_in(server.url, "dave", "wrong") == 200  # the form, with its error
    # the last failure allowed, on the other server, is the one that pauses him
    last = (servers.a, servers.b)[(LOGIN_FAILURE_LIMIT - 1) % 2]
    assert browser.sign_in(last.url, "dave", "wrong") == 429
    assert browser.sign_in(servers.b.url, "dave", PASSWORD) == 429
    assert browser.sign_in(servers.a.url, "dave", PASSWORD) == 429


def test_a_storm_of_changes_across_both_servers_leaves_one_consistent_catalog(
    servers: Servers,
) -> None:
    workers, length = 4, 8
    scripts = [_storm_script(seed, length) for seed in range(workers)]
    barrier = threading.Barrier(workers)
    answers: list[list[tuple[int, str]]] = [[] for _ in scripts]

    def work(i: int) -> None:
        barrier.wait()
        for j, statement in enumerate(scripts[i]):
            server = (servers.a, servers.b)[(i + j) % 2]
            status, body = server.request(
                "POST", "environments/default/statements", {"statement": statement}
            )
            answers[i].append((status, statement if status == 200 else json.dumps(body)))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = [status for thread in answers for status, _ in thread]
    assert len(statuses) == workers * length
    unclear = [(s, text) for thread in answers for s, text in thread if s not in {200, 400, 409}]
    assert unclear == []
    assert 200 in statuses
    # The rules of the storm in tests/test_concurrency.py, checked on the servers' database
    servers.a.shell(
        "from tests.test_concurrency import _assert_catalog_consistent, "
        "_assert_marks_and_lineage_recomputed\n"
        "_assert_catalog_consistent()\n_assert_marks_and_lineage_recomputed()"
    )
    # and every kept answer about the storm's tables is what the database holds, on both
    stored = json.loads(
        servers.a.shell(
            "import json\nfrom catalogs.models import Table\n"
            "print(json.dumps(sorted(Table.objects.filter(database__name='default', "
            "database__catalog__name='_env_default').values_list('name', flat=True))))"
        )
        .strip()
        .splitlines()[-1]
    )
    for name in ("t0", "t1", "t2"):
        path = f"environments/default/catalogs/_env_default/databases/default/tables/{name}"
        for server in (servers.a, servers.b, servers.a, servers.b):
            status, _ = server.request("GET", path)
            assert status == (200 if name in stored else 404), (server.url, name)
