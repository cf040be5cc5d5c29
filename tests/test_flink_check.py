"""``manage.py flink_check``: every stored view created again in real Flink from its stored query;
a view whose stored text or columns differ from Flink's, or which Flink refuses, is reported and
its result kept, and the view's page shows it."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from catalogs import flink_check, flink_verify
from catalogs.executor import Executor, Session
from catalogs.flink_verify.stored_views import ViewCheck
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.models import Column, Table
from catalogs.models import ViewCheck as StoredCheck
from environments.models import Environment
from environments.services import create_environment
from tests.access import make_members
from tests.conftest import RunScript
from tests.snapshot_catalogs import require_flink
from tests.test_accessibility import Audit

CATALOG, DATABASE = "_env_default", "default"
DB = ("default", CATALOG, DATABASE)
ROOT = Path(__file__).resolve().parent.parent
EVIL = "<script>alert(1)</script>"

SCRIPT = """
CREATE TABLE src (a INT, b STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)
  WITH ('connector' = 'datagen');
CREATE TABLE events (id BIGINT, payload STRING)
  WITH ('connector' = 'kafka', 'topic' = 'events', 'format' = 'json');
CREATE VIEW v_plain COMMENT 'plain' AS SELECT a, UPPER(b) AS ub, a + 1 AS next_a FROM src
  WHERE b LIKE 'x%';
CREATE VIEW v_named (x, total) AS SELECT b, COUNT(*) FROM src GROUP BY b;
CREATE VIEW v_over_view AS SELECT x FROM v_named WHERE total > 1;
CREATE VIEW v_twice (a1, a2) AS SELECT s1.a, s2.a FROM src AS s1 JOIN src AS s2 ON s1.a = s2.a;
CREATE VIEW v_events AS SELECT id, payload FROM events;
CREATE VIEW v_text AS SELECT a FROM src;
CREATE VIEW v_type AS SELECT a, b FROM src;
CREATE VIEW v_refused AS SELECT a FROM src;
"""


def view_row(name: str, database: str = DATABASE) -> Table:
    return Table.objects.get(name=name, database__name=database, kind=Table.Kind.VIEW)


def check(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("flink_check", *args, stdout=out, stderr=err)
    except CommandError as exc:
        return exc.returncode, out.getvalue(), str(exc)
    return 0, out.getvalue(), err.getvalue()


# -- without Flink ----------------------------------------------------------------------------
def test_it_says_so_and_exits_2_when_flink_is_not_available(
    environment: Environment, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(flink_verify, "flink_available", lambda: False)
    status, out, err = check()
    assert status == 2
    assert err == (
        "Cannot check against Flink: real Flink is not available here (needs the apache-flink "
        "package and java on PATH)."
    )
    assert out == "" and not StoredCheck.objects.exists()


def test_manage_py_exits_2_where_java_is_not_on_the_path(tmp_path: Path) -> None:
    python = Path(sys.executable)
    bin_dir = tmp_path / "bin"  # the interpreter alone, without java beside it
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(python)
    assert shutil.which("java", path=str(bin_dir)) is None
    env = {**os.environ, "PATH": str(bin_dir)}
    done = subprocess.run(
        [sys.executable, "manage.py", "flink_check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "CommandError: Cannot check against Flink: real Flink is not available" in done.stderr


def test_it_refuses_an_environment_that_does_not_exist(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(flink_verify, "flink_available", lambda: True)
    status, _, err = check("--environment", "nowhere")
    assert (status, err) == (1, "There is no environment 'nowhere'.")


@pytest.fixture
def views(run: RunScript) -> None:
    results = run(SCRIPT)
    assert all(r.ok for r in results), [r.error for r in results]


def identifier(name: str) -> ObjectIdentifier:
    return ObjectIdentifier(CATALOG, DATABASE, name)


def test_it_keeps_each_result_for_the_version_checked(
    environment: Environment, views: None
) -> None:
    rows = {identifier(n): view_row(n) for n in ("v_plain", "v_text", "v_type")}
    first = datetime(2026, 5, 1, 10, 30, tzinfo=UTC)
    flink_check.keep_results(
        environment,
        rows,
        [
            ViewCheck(identifier("v_plain"), "ok"),
            ViewCheck(identifier("v_text"), "differs", "SHOW CREATE VIEW:\n-a\n+b"),
            ViewCheck(identifier("v_type"), "refused", "Column 'nope' not found in any table"),
        ],
        first,
    )
    kept = {c.view.name: c for c in StoredCheck.objects.select_related("view")}
    assert {n: (c.result, c.detail) for n, c in kept.items()} == {
        "v_plain": ("ok", ""),
        "v_text": ("differs", "SHOW CREATE VIEW:\n-a\n+b"),
        "v_type": ("refused", "Column 'nope' not found in any table"),
    }
    assert {c.checked_at for c in kept.values()} == {first}
    assert {(c.flink_version, c.view_version) for c in kept.values()} == {("2.3.0", 1)}
    # checked again: the result is replaced, not added; a view dropped meanwhile keeps nothing
    view_row("v_type").delete()
    flink_check.keep_results(environment, rows, [ViewCheck(identifier("v_text"), "ok")])
    kept = {c.view.name: c for c in StoredCheck.objects.select_related("view")}
    assert sorted(kept) == ["v_plain", "v_text"]
    assert (kept["v_text"].result, kept["v_text"].detail) == ("ok", "")
    assert kept["v_text"].checked_at > first


def stored(name: str, result: str, detail: str = "", version: int | None = None) -> None:
    """A result kept by the command's own writer (which also lets the kept pages go)."""
    row = view_row(name)
    if version is not None:
        row.version = version  # as read by a check that ran before the view changed
    flink_check.keep_results(
        row.database.catalog.environment,
        {identifier(name): row},
        [ViewCheck(identifier(name), result, detail)],
        datetime(2026, 5, 1, 10, 30, tzinfo=UTC),
    )


def check_section(html: str) -> str:
    start = html.index('aria-labelledby="flink-check-heading"')
    return html[start : html.index("</section>", start)]


def test_the_view_page_shows_a_stored_result_escaped(
    environment: Environment, views: None, run: RunScript
) -> None:
    members = make_members(environment)
    viewer = Client()
    viewer.force_login(members.users["viewer"])
    page = reverse("view", args=[*DB, "v_plain"])
    assert "flink-check-heading" not in viewer.get(page).text  # never checked: nothing shown

    stored("v_plain", "ok")
    stored("v_text", "differs", f"SHOW CREATE VIEW (created from the stored query):\n-{EVIL}")
    stored("v_refused", "refused", f"Column '{EVIL}' not found in any table")
    stored("v_events", "not checked", "calls c.d.f, a Python function")
    stored("v_type", "ok", version=0)
    shown = {
        name: check_section(viewer.get(reverse("view", args=[*DB, name])).text)
        for name in ("v_plain", "v_text", "v_refused", "v_events", "v_type")
    }
    when = '<time datetime="2026-05-01T10:30:00+00:00">2026-05-01 10:30 UTC</time>'
    assert (
        f"Checked against Flink 2.3.0\n    on {when}:\n    <strong>matches</strong>"
        in (shown["v_plain"])
    )
    assert "<pre" not in shown["v_plain"] and "changed since" not in shown["v_plain"]
    assert "<strong>differs</strong>" in shown["v_text"]
    assert "-&lt;script&gt;alert(1)&lt;/script&gt;" in shown["v_text"]
    assert "<strong>Flink refuses it</strong>" in shown["v_refused"]
    assert "Column &#x27;&lt;script&gt;" in shown["v_refused"]
    assert EVIL not in "".join(shown.values())
    assert "Could not be checked against Flink 2.3.0" in shown["v_events"]
    assert "calls c.d.f, a Python function" in shown["v_events"]
    assert "(version 0 of the view was checked; it has changed since)" in shown["v_type"]

    outsider = Client()
    outsider.force_login(members.users["outsider"])
    assert outsider.get(page).status_code == 404
    # redefining the view keeps its row and its last result, which now names the older version
    assert all(r.ok for r in run("ALTER VIEW v_plain AS SELECT b FROM src"))
    assert "(version 1 of the view was checked; it has changed since)" in check_section(
        viewer.get(page).text
    )


def test_the_view_page_with_a_result_keeps_headings_and_labels(client: Client, views: None) -> None:
    stored("v_text", "differs", "SHOW CREATE VIEW:\n-a\n+b")
    audit = Audit()
    audit.feed(client.get(reverse("view", args=[*DB, "v_text"])).text)
    assert audit.headings.count(1) == 1
    for before, after in zip(audit.headings, audit.headings[1:], strict=False):
        assert after <= before + 1, audit.headings


# -- with Flink -------------------------------------------------------------------------------
@pytest.mark.flink
def test_it_reports_and_keeps_what_differs_from_flink(
    environment: Environment, views: None, admin_user: User, client: Client
) -> None:
    require_flink()
    other = create_environment("other")
    ran = Executor(Session.start(other), admin_user).execute_script(
        "CREATE TABLE t (k INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW elsewhere AS SELECT k FROM t;"
    )
    assert all(r.ok for r in ran), [r.error for r in ran]
    # tampered in the database directly: the stored text, a stored type, the stored query
    text = view_row("v_text")
    text.expanded_query = text.expanded_query.replace("`src`.`a`", "`src`.`a` + 0", 1)
    text.save()
    Column.objects.filter(table=view_row("v_type"), name="a").update(data_type="BIGINT")
    refused = view_row("v_refused")
    refused.original_query = "SELECT nope FROM src"
    refused.save()

    status, out, err = check("--environment", "default")
    assert status == 1
    assert err == "3 view(s) differ from what Flink 2.3.0 makes of them."
    src = f"`{CATALOG}`.`{DATABASE}`.`src`"
    assert out == (
        f"[refused] default: {CATALOG}.{DATABASE}.v_refused\n"
        "    Column 'nope' not found in any table\n"
        f"[differs] default: {CATALOG}.{DATABASE}.v_text\n"
        "    SHOW CREATE VIEW (created from the stored query):\n"
        "    --- dashboard\n"
        "    +++ Flink\n"
        "    @@ -1,5 +1,5 @@\n"
        f"     CREATE VIEW `{CATALOG}`.`{DATABASE}`.`v_text` (\n"
        "       `a`\n"
        "     )\n"
        "    -AS SELECT `src`.`a` + 0\n"
        "    +AS SELECT `src`.`a`\n"
        f"     FROM {src} AS `src`\n"
        f"[differs] default: {CATALOG}.{DATABASE}.v_type\n"
        "    DESCRIBE, columns derived by Flink (created from the stored query):\n"
        "    --- dashboard\n"
        "    +++ Flink\n"
        "    @@ -1,2 +1,2 @@\n"
        "    -['a', 'BIGINT', True, None, None, None]\n"
        "    +['a', 'INT', True, None, None, None]\n"
        "     ['b', 'STRING', True, None, None, None]\n"
        "8 views checked against Flink 2.3.0: 5 match, 2 differ, 1 refused by Flink, "
        "0 not checked here\n"
    )
    kept = {c.view.name: c for c in StoredCheck.objects.select_related("view")}
    assert {n: c.result for n, c in kept.items()} == {
        "v_plain": "ok",
        "v_named": "ok",
        "v_over_view": "ok",
        "v_twice": "ok",
        "v_events": "ok",
        "v_text": "differs",
        "v_type": "differs",
        "v_refused": "refused",
    }  # and nothing for the other environment's view
    assert kept["v_refused"].detail == "Column 'nope' not found in any table"
    assert "-AS SELECT `src`.`a` + 0\n+AS SELECT `src`.`a`" in kept["v_text"].detail
    page = client.get(reverse("view", args=[*DB, "v_type"])).text
    section = check_section(page)
    assert "<strong>differs</strong>" in section
    assert "-[&#x27;a&#x27;, &#x27;BIGINT&#x27;, True, None, None, None]" in section
    assert "<strong>matches</strong>" in check_section(
        client.get(reverse("view", args=[*DB, "v_events"])).text
    )

    status, out, _ = check("--environment", "other")
    assert status == 0, out
    summary = "1 views checked against Flink 2.3.0: 1 match, 0 differ, 0 refused by Flink, "
    assert out == summary + "0 not checked here\n"
    assert StoredCheck.objects.get(view__name="elsewhere").result == "ok"


@pytest.mark.flink
def test_a_view_calling_a_model_is_checked_with_the_deployments_provider(
    admin_user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The catalog is built with its models (createModel); with the model's provider among
    the deployment's jars (FLINK_VERIFY_JARS), Flink creates the ML_PREDICT view again."""
    require_flink()
    from tests.model_provider import stub_model_provider_jar

    monkeypatch.setenv("FLINK_VERIFY_JARS", str(stub_model_provider_jar()))
    scored = create_environment("scored")
    ran = Executor(Session.start(scored), admin_user).execute_script(
        "CREATE TABLE reviews (id INT, text STRING) WITH ('connector' = 'datagen');\n"
        "CREATE MODEL sentiment INPUT (text STRING) OUTPUT (label STRING, score DOUBLE NOT NULL)"
        " WITH ('provider' = 'openai', 'api-key' = 'sk-secret');\n"
        "CREATE VIEW labelled AS SELECT id, label, score "
        "FROM ML_PREDICT(TABLE reviews, MODEL sentiment, DESCRIPTOR(text));"
    )
    assert all(r.ok for r in ran), [r.error for r in ran]
    status, out, _ = check("--environment", "scored")
    assert status == 0, out
    summary = "1 views checked against Flink 2.3.0: 1 match, 0 differ, 0 refused by Flink, "
    assert out == summary + "0 not checked here\n"
    assert StoredCheck.objects.get(view__name="labelled").result == "ok"
