"""Real processes for the job tests: a PostgreSQL database of their own, Redis, gunicorn web
servers and ``manage.py jobs_worker`` RQ workers, each killable with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests import live_dashboard as live
from tests.live_dashboard import (
    PYTHON,
    ROOT,
    SETUP,
    LiveDashboard,
    free_port,
    services_unavailable,
)

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
POSTGRES = os.environ.get("JOBS_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432")
DATABASE = f"test_jobs_worker_{WORKER}"
# databases 9 and up, one per xdist worker (tests/test_two_servers.py takes 5 and up)
REDIS_URL = f"redis://127.0.0.1:6379/{9 + int(WORKER.removeprefix('gw')) % 7}"


def unavailable() -> str | None:
    """Why the processes cannot run here (None: PostgreSQL and Redis both answer)."""
    return services_unavailable(POSTGRES, REDIS_URL)


def fresh_database() -> str:
    return live.fresh_database(POSTGRES, DATABASE)


def drop_database() -> None:
    live.drop_database(POSTGRES, DATABASE)


def prepare(environ: dict[str, str]) -> dict[str, str]:
    """Migrate the database and add the users of ``tests.live_dashboard.SETUP``; their tokens."""
    import json

    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput"], env=environ, check=True, capture_output=True)
    made = subprocess.run(
        [*manage, "shell", "-c", SETUP], env=environ, check=True, capture_output=True, text=True
    )
    return json.loads(made.stdout.strip().splitlines()[-1])


@dataclass
class Process:
    """A process in a session of its own, so that SIGKILL reaches it and its children."""

    popen: subprocess.Popen
    log: Path

    def kill(self) -> None:
        os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait(timeout=30)

    def stop(self) -> None:
        if self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGTERM)
            try:
                self.popen.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Site:
    """One database, one Redis, and the processes started on them."""

    directory: Path
    environ: dict[str, str]
    tokens: dict[str, str]
    started: list[Process] = field(default_factory=list)

    def _start(self, command: list[str], name: str, environ: dict[str, str]) -> Process:
        log = self.directory / f"{name}-{len(self.started)}.log"
        with open(log, "w") as out:
            popen = subprocess.Popen(
                command,
                cwd=ROOT,
                env=environ,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        process = Process(popen, log)
        self.started.append(process)
        return process

    def web(self, redis: bool = True) -> tuple[Process, LiveDashboard]:
        """A gunicorn server (one worker process); without ``redis``, jobs run in its thread."""
        environ = dict(self.environ)
        if not redis:
            environ.pop("REDIS_URL")
        port = free_port()
        command = [PYTHON, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}"]
        server = self._start([*command, "--workers", "1", "--timeout", "120"], "web", environ)
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{url}/healthz", timeout=1).close()
                return server, LiveDashboard(url, self.tokens, environ)
            except OSError:
                if server.popen.poll() is not None:
                    raise RuntimeError(server.log.read_text()) from None
                time.sleep(0.1)
        raise RuntimeError(f"{url} did not answer: {server.log.read_text()}")

    def worker(self) -> Process:
        return self._start([PYTHON, str(ROOT / "manage.py"), "jobs_worker"], "worker", self.environ)

    def stop_all(self) -> None:
        for process in self.started:
            process.stop()


def wait_for(read: Any, what: str, tries: int = 3000) -> Any:
    """Ask ``read`` again (every 0.1 s) until it answers something true."""
    for _ in range(tries):
        found = read()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"never: {what}")
