"""A dashboard server on a loopback port, with its own SQLite file, for tests that drive it from
another process (the Flink catalog plugin in a PyFlink JVM); and those PyFlink sessions.

Each :func:`flink_session` is a new Python process, hence a new JVM: what one session created in
the dashboard, the next one can only know through the plugin."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SESSION = Path(__file__).resolve().parent / "flink_catalog_session.py"

# Who the dashboard knows: alice owns the default environment and the strict one (which needs an
# approval for every change), bob only views the default environment, carol edits it.
SETUP = """
import json
from django.contrib.auth.models import User
from environments.models import ApiToken, Environment, Membership, Role
from environments.services import create_environment

default = Environment.objects.get(name="default")
strict = create_environment("strict")
strict.required_approvals = 1
strict.save()
tokens = {}
for name, roles in {"alice": [(default, Role.ADMIN), (strict, Role.ADMIN)],
                    "bob": [(default, Role.VIEWER)], "carol": [(default, Role.EDITOR)]}.items():
    user = User.objects.create_user(name)
    for environment, role in roles:
        Membership.objects.create(environment=environment, user=user, role=role)
    tokens[name] = ApiToken.issue(user, "flink")[1]
print(json.dumps(tokens))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def services_unavailable(postgres: str, redis_url: str) -> str | None:
    """Why processes on PostgreSQL ``postgres`` and Redis ``redis_url`` cannot run here (None:
    both answer)."""
    import psycopg
    import redis

    try:
        psycopg.connect(postgres, dbname="postgres", connect_timeout=3).close()
    except psycopg.Error as error:
        return f"PostgreSQL does not answer at {postgres}: {error}"
    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        return f"Redis does not answer at {redis_url}: {error}"
    return None


def fresh_database(postgres: str, name: str) -> str:
    """An empty database ``name`` on the server ``postgres`` (dropped first); its URL."""
    import psycopg

    drop_database(postgres, name)
    with psycopg.connect(postgres, dbname="postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{postgres}/{name}"


def drop_database(postgres: str, name: str) -> None:
    import psycopg

    with psycopg.connect(postgres, dbname="postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def make_plugin(target: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``make -s <target>`` of the plugin, one at a time across test processes: two makes that
    both find the jar out of date would each empty the other's build/classes. What make printed
    is in the answer; the caller says what it needs of it."""
    import fcntl

    build = ROOT / "flink-catalog" / "build"
    build.mkdir(parents=True, exist_ok=True)
    with open(build / ".make.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return subprocess.run(
            ["make", "-s", target], cwd=ROOT, capture_output=True, text=True, timeout=timeout
        )


def build_plugin() -> Path:
    """``make flink-catalog`` (nothing to do when the jar is newer than its sources)."""
    done = make_plugin("flink-catalog")
    if done.returncode != 0:
        raise RuntimeError(
            f"make flink-catalog exited {done.returncode}:\n{(done.stdout + done.stderr)[-6000:]}"
        )
    [jar] = sorted((ROOT / "flink-catalog" / "build").glob("flink-catalog-dashboard-*.jar"))
    return jar


@dataclass
class LiveDashboard:
    url: str
    tokens: dict[str, str]
    environ: dict[str, str] = field(repr=False)

    def request(
        self, method: str, path: str, body: dict | None = None, who: str = "alice"
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}/api/v1/{path}", data=data, method=method)
        request.add_header("Authorization", f"Token {self.tokens[who]}")
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def shell(self, code: str) -> str:
        """Run Python in the dashboard's Django (``manage.py shell -c``); what it printed."""
        done = subprocess.run(
            [PYTHON, str(ROOT / "manage.py"), "shell", "-c", code],
            env=self.environ,
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout

    def run(self, statement: str, environment: str = "default", **session: str) -> dict:
        """Run statements through the statements API as alice (in the session's ``catalog``
        and ``database`` when given); every one must succeed."""
        path = f"environments/{environment}/statements"
        status, body = self.request("POST", path, {"statement": statement, **session})
        assert status == 200, body
        return body

    def answer(self, statement: str) -> list[list]:
        """The rows the dashboard answers to one statement (SHOW CREATE, DESCRIBE...)."""
        return self.run(statement)["results"][0]["rows"]


@contextmanager
def live_dashboard(directory: Path) -> Iterator[LiveDashboard]:
    """Migrate a fresh SQLite file, add the users, serve on a free port; stop the server after."""
    environ = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{directory / 'dashboard.sqlite3'}",
        "DJANGO_DEBUG": "1",
    }
    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput"], env=environ, check=True, capture_output=True)
    made = subprocess.run(
        [*manage, "shell", "-c", SETUP], env=environ, check=True, capture_output=True, text=True
    )
    tokens = json.loads(made.stdout.strip().splitlines()[-1])
    port = free_port()
    log = open(directory / "server.log", "w")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [*manage, "runserver", "--noreload", f"127.0.0.1:{port}"],
        env=environ,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{url}/healthz", timeout=1).close()
                break
            except OSError:
                if server.poll() is not None:
                    raise RuntimeError((directory / "server.log").read_text()) from None
                time.sleep(0.2)
        yield LiveDashboard(url, tokens, environ)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def flink_session(
    statements: list[str], catalog: dict | None = None, environ: dict[str, str] | None = None
) -> list[dict]:
    """Run ``statements`` in a new PyFlink process (a new JVM), after registering ``catalog``
    (the keyword arguments of ``register_catalog``) when given; one record per statement, as
    ``tests/flink_oracle.py`` records them, plus the classes of the exception chain."""
    request = {"catalog": catalog, "statements": statements}
    done = subprocess.run(
        [PYTHON, str(SESSION)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        env={**os.environ, **(environ or {})},
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-5000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
