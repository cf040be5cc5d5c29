"""Production settings: from the environment, refused when unsafe, hardened, and logged as JSON."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from catalogs.executor import Executor
from config.logging import JsonFormatter

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "prod-" + "k3y-for-tests-only-" * 4,
    "ALLOWED_HOSTS": "catalog.example.com",
    "DATABASE_URL": "sqlite:///:memory:",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ALLOWED_"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_passes_the_deployment_checklist_with_production_settings() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_it_refuses_to_start_without_debug_and_with_the_default_secret() -> None:
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_SECRET_KEY"}
    result = manage("check", **env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_it_warns_about_a_development_setup_in_the_checklist() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "security.W018" in result.stderr  # DEBUG on


@pytest.mark.parametrize("path", ["/login/", "/", "/api/docs/", "/healthz", "/api/v1/nowhere"])
def test_it_forbids_inline_scripts_on_every_page(client: Client, path: str) -> None:
    response = client.get(path)
    policy = response.headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


def test_it_keeps_the_templates_free_of_inline_scripts_and_handlers() -> None:
    offenders = []
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text()
        inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text)
        handlers = re.findall(r"""\son[a-z]+\s*=\s*["']""", text)
        javascript_urls = re.findall(r"""=\s*["']javascript:""", text, re.IGNORECASE)
        if inline or handlers or javascript_urls:
            offenders.append(str(template.relative_to(ROOT)))
    assert offenders == []


def test_it_serves_the_swagger_start_up_script_as_a_file(anonymous_client: Client) -> None:
    page = anonymous_client.get("/api/docs/").content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    script = anonymous_client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


def test_it_answers_the_health_check(anonymous_client: Client) -> None:
    response = anonymous_client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")


def test_it_logs_every_statement_as_a_json_line_with_user_and_environment(
    executor: Executor,
) -> None:
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append
    logger = logging.getLogger("catalogs.executor")
    logger.addHandler(handler)
    try:
        assert executor.execute("CREATE TABLE logged (a INT)").ok
    finally:
        logger.removeHandler(handler)
    line = json.loads(JsonFormatter().format(records[-1]))
    assert line["level"] == "INFO"
    assert line["logger"] == "catalogs.executor"
    assert line["message"] == "statement ok"
    assert (line["user"], line["environment"]) == ("admin", "default")


def test_it_formats_exceptions_and_odd_values_as_json() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.getLogger("x").makeRecord(
            "x", logging.ERROR, __file__, 1, "failed: %s", ("ünï",), sys.exc_info(),
            extra={"when": object()},
        )  # fmt: skip
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "failed: ünï"
    assert "ValueError: boom" in line["exception"]
    assert "when" in line
