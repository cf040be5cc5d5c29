"""The secret-canary crawl: unique values planted wherever a secret can live must never come
back out of any door, to anyone.

Canaries are planted in catalog options, database properties and table options (permanent,
temporary, imported from a snapshot with its placeholders filled) under every secret-looking
key, in pending change requests and in the history. Then the viewer, the editor and the
environment admin, each in a browser session and with an API token, visit every URL the URL
configuration has (its parameters filled from the planted objects) and every link the pages
show (bounded), run SHOW CREATE / DESCRIBE CATALOG EXTENDED through the console and the
statements API, and the crawl keeps every response body and header, every log line (as the
JSON formatter writes it, and as the record was made), the messages cookie and every
``django_session`` row, the console state inside it unpickled.

A function has no options (its jars are addresses, not secrets), so no canary lives there. A
string literal in a view's query is not an option and not a secret: it is the view's text,
which Flink's SHOW CREATE VIEW shows too; its canary is shown on purpose and is checked to
be shown, not masked by mistake.

The crawl runs once per module, in a transaction it rolls back.
"""

from __future__ import annotations

import base64
import gzip
import io
import itertools
import json
import logging
import pickle
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages.storage.cookie import CookieStorage
from django.contrib.sessions.models import Session as BrowserSession
from django.core import signing
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from catalogs import snapshots
from catalogs.executor import Executor, Session
from catalogs.flinksql.secrets import is_secret
from catalogs.models import Catalog
from catalogs.pages import console
from changes import services as change_services
from config.logging import JsonFormatter
from environments.models import ApiToken, Environment, Membership, Role
from jobs.models import Job

# the crawl's module fixture sets the database up only when the tests ask for it
pytestmark = pytest.mark.django_db

# Every form of secret key the issue names, and the usual ones.
SECRET_KEYS = [
    "password",
    "passwd",
    "secret",
    "token",
    "credential",
    "credentials",
    "properties.sasl.jaas.config",
    "api-key",
    "apikey",
    "apiKey",
    "private-key",
    "access-key",
    "secret.access.key",
    "secret-key",
    "client-secret",
    "auth.token",
    "ssl.keystore.password",
    "ssl.truststore.password",
    "ssl.keystore.key",
    "basic.auth.user.info",
    "fs.azure.account.key",
    "oauth.bearer",
]
PREFIX = "cnry"
VIEW_CANARY = f"{PREFIX}-view-literal"
ROLES = {"viewer": Role.VIEWER, "editor": Role.EDITOR, "owner": Role.ADMIN}
MAX_LINKED = 120  # pages reached by following links, per identity, beyond the URL patterns
# not visited: logging out ends the crawl's session; the Django admin's pages past its index
# (auth and tokens only) answer a redirect to its login to every member
SKIPPED = re.compile(r"^/(logout/|admin/.+|static/)")


@dataclass
class Seen:
    """What the crawl saw: every text any door gave out, by where it came from."""

    texts: list[tuple[str, str]] = field(default_factory=list)  # (where, text)
    patterns: set[str] = field(default_factory=set)  # URL patterns requested at least once
    canaries: list[str] = field(default_factory=list)
    identities: dict[str, tuple[str, str]] = field(default_factory=dict)  # who: (kind, secret)
    by_identity: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def add(self, who: str, where: str, text: str) -> None:
        self.texts.append((where, text))
        self.by_identity.setdefault(who, []).append((where, text))


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.formatter = JsonFormatter()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())
        self.lines.append(self.format(record))


def _canary(n: int) -> str:
    return f"{PREFIX}{n:03d}x"


def _plant(environment: Environment, owner: User, seen: Seen) -> dict[str, Any]:
    """Secrets in every place one can live; the planted objects, for the URLs' parameters."""
    counter = itertools.count()

    def options(keys: list[str]) -> str:
        pairs = []
        for key in keys:
            value = _canary(next(counter))
            seen.canaries.append(value)
            pairs.append(f"'{key}' = '{value}'")
        return ", ".join(pairs)

    script = f"""
        CREATE DATABASE sec COMMENT 'properties' WITH ({options(SECRET_KEYS)});
        CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'x', {options(SECRET_KEYS)});
        CREATE TABLE sec.u (a INT) WITH ('connector' = 'y', {options(["password"])});
        CREATE VIEW v AS SELECT a, '{VIEW_CANARY}' AS b FROM t;
        CREATE FUNCTION f AS 'com.example.F';
        CREATE MODEL m INPUT (a STRING) OUTPUT (b STRING)
          WITH ('provider' = 'openai', {options(SECRET_KEYS)});
        ALTER MODEL m SET ({options(["api-key"])});
        ALTER TABLE t SET ({options(["password", "api-key"])});
        CREATE CATALOG j WITH ('type' = 'paimon', 'default-database' = 'd', 'warehouse' = 'x',
          {options(SECRET_KEYS)});
        ALTER CATALOG j SET ({options(["token"])})
    """
    results = Executor(Session.start(environment), owner).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    catalog = Catalog.objects.get(environment=environment, name=environment.catalog_name)
    snapshot, export = snapshots.take_snapshot(environment, catalog.name, owner)
    values = {}
    for secret in export.secrets:
        values[secret["variable"]] = _canary(next(counter))
        seen.canaries.append(values[secret["variable"]])
    data = snapshots.snapshot_bytes(snapshot)
    report = snapshots.import_snapshot(
        environment, "copy", data, owner, dry_run=False, variables=values
    )
    assert report.ok, report.failures
    pending = change_services.open_request(
        environment, owner, "pending", sql=f"ALTER TABLE t SET ({options(['client-secret'])})"
    )
    # a failed import job keeps the placeholder values for its Retry: never shown
    job = Job.objects.create(
        kind="snapshot-import",
        environment=environment,
        requested_by=owner,
        state=Job.State.FAILED,
        params={"catalog": "copy2", "dry_run": False, "skip_broken": False},
        payload=data,
        secret_inputs=values,
        error="The snapshot was not imported; the catalog is unchanged.",
    )
    return {"snapshot": snapshot.snapshot_id, "change_request": pending.pk, "job": job.pk}


# -- the URLs ----------------------------------------------------------------------------------
OBJECTS = [
    {"catalog": "_env_default", "database": "default", "table": "t", "view": "v"},
    {"catalog": "copy", "database": "default", "table": "t", "view": "v"},
    {"catalog": "_env_default", "database": "sec", "table": "u", "view": "v"},
]
CATALOGS = [{"catalog": name} for name in ("_env_default", "copy", "j")]
HISTORY = [("catalog", "j", "", "j"), ("database", "_env_default", "sec", "sec")] + [
    (kind, "_env_default", "default", name)
    for kind, name in [("table", "t"), ("view", "v"), ("model", "m")]
]


def _routes() -> Iterator[tuple[str, str]]:
    def walk(patterns: list, prefix: str) -> Iterator[tuple[str, str]]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                yield prefix + str(p.pattern), p.name or ""

    yield from walk(get_resolver().url_patterns, "")


def _urls(planted: dict[str, Any], users: list[str]) -> Iterator[tuple[str, str]]:
    """(pattern, path) for every URL pattern, its parameters filled from the planted objects."""
    fixed = {
        "environment": ["default"],
        "snapshot_id": [planted["snapshot"]],
        "snapshot": [planted["snapshot"]],
        "pk": [str(planted["change_request"]), str(planted["job"])],
        "job": [str(planted["job"])],
        "number": [str(planted["change_request"])],
        "function": ["f"],
        "model": ["m"],
        "column": ["a"],
        "user": users,
        "artifact": ["none"],
        "file_name": ["flink-catalog-dashboard-0.1.0.jar"],
    }
    for route, _ in _routes():
        if SKIPPED.match("/" + route):
            continue
        names = re.findall(r"<(?:\w+:)?(\w+)>", route)
        choices: list[dict[str, str]] = [{}]
        if "kind" in names:
            choices = [
                dict(zip(("kind", "catalog", "database", "name"), h, strict=True)) for h in HISTORY
            ]
        elif {"database", "table", "view"} & set(names):
            choices = OBJECTS
        elif "catalog" in names:
            choices = CATALOGS
        paths = set()
        for choice in choices:
            for extra in itertools.product(*(fixed.get(n, [""]) for n in names)):
                values = {**dict(zip(names, extra, strict=True)), **choice}
                path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m, v=values: v[m.group(1)], route)
                paths.add("/" + path)
        for path in sorted(paths):
            yield route, path


_LINK = re.compile(r"""(?:href|hx-get|action|data-url)="(/[^"#]*)""")


def _texts(response: Any) -> str:
    """A response's headers and body; a zip (the catalog store) or gzip body unpacked."""
    if getattr(response, "streaming", False):
        body = b"".join(response.streaming_content)
    else:
        body = response.content
    if body.startswith(b"\x1f\x8b"):
        body = gzip.decompress(body)
    elif body.startswith(b"PK\x03\x04"):
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            body = b"\n".join(archive.read(name) for name in archive.namelist())
    headers = "\n".join(f"{k}: {v}" for k, v in response.items())
    return headers + "\n" + body.decode("utf-8", "replace")


def _crawl(client: Client, who: str, planted: dict[str, Any], users: list[str], seen: Seen) -> None:
    queue: list[tuple[str, str]] = list(_urls(planted, users))
    done: set[str] = set()
    linked = 0
    while queue:
        route, path = queue.pop(0)
        if path in done or SKIPPED.match(path):
            continue
        done.add(path)
        response = client.get(path, headers={"accept": "text/html,application/json"})
        seen.patterns.add(route)
        text = _texts(response)
        seen.add(who, f"{who} GET {path} {response.status_code}", text)
        if response.get("content-type", "").startswith("text/html"):
            if route != "(link)":  # the partial a swap renders
                htmx = client.get(path, headers={"HX-Request": "true"})
                seen.add(who, f"{who} GET (htmx) {path}", _texts(htmx))
            for link in _LINK.findall(text):
                link = link.replace("&amp;", "&")
                if link not in done and linked < MAX_LINKED:
                    linked += 1
                    queue.append(("(link)", link))
    _run_statements(client, who, seen)
    _cookies(client, who, seen)


QUERIES = (
    "SHOW CREATE TABLE t; SHOW CREATE TABLE sec.u; SHOW CREATE TABLE copy.`default`.t; "
    "SHOW CREATE CATALOG j; DESCRIBE CATALOG EXTENDED j; DESCRIBE CATALOG EXTENDED copy; "
    "SHOW CREATE VIEW v; SHOW DATABASES"
)


def _run_statements(client: Client, who: str, seen: Seen) -> None:
    """The console and the statements API, with a temporary table holding a secret."""
    value = _canary(900 + len(seen.by_identity))
    seen.canaries.append(value)
    temporary = (
        f"CREATE TEMPORARY TABLE tmp (a INT) WITH ('connector' = 'x', 'api-key' = '{value}'); "
        "SHOW CREATE TABLE tmp"
    )
    url = "/env/default/console"
    for sql in (QUERIES, temporary, "SHOW CREATE TABLE tmp"):
        response = client.post(url, {"sql": sql})
        seen.add(who, f"{who} POST {url} {response.status_code}", _texts(response))
        response = client.post(
            "/api/v1/environments/default/statements",
            json.dumps({"statement": sql}),
            content_type="application/json",
        )
        seen.add(who, f"{who} POST statements {response.status_code}", _texts(response))
    seen.add(who, f"{who} GET {url} again", _texts(client.get(url)))


def _cookies(client: Client, who: str, seen: Seen) -> None:
    for name, morsel in client.cookies.items():
        seen.add(who, f"{who} cookie {name}", morsel.value)
        if name == "messages":
            decoded = CookieStorage(HttpRequest())._decode(morsel.value) or []
            seen.add(who, f"{who} messages", "\n".join(str(m) for m in decoded))


def _sessions(seen: Seen) -> None:
    """Every django_session row, decoded, with the console states inside unpickled."""
    for row in BrowserSession.objects.all():
        data = row.get_decoded()
        seen.add("sessions", f"django_session {row.pk}", row.session_data + json.dumps(data))
        for state in data.get(console.SESSION_KEY, {}).values():
            payload = signing.Signer(salt="catalogs.console").unsign(state)
            saved = pickle.loads(base64.b64decode(payload))
            seen.add("sessions", f"console state in {row.pk}", repr(saved))
            seen.add("sessions", f"console pickle in {row.pk}", str(base64.b64decode(payload)))


@pytest.fixture(scope="module")
def seen(django_db_setup: None, django_db_blocker: Any) -> Iterator[Seen]:
    seen = Seen()
    lines = _Lines()
    loggers = [logging.getLogger(), logging.getLogger("django")]
    for logger in loggers:
        logger.addHandler(lines)
    try:
        with django_db_blocker.unblock(), transaction.atomic():
            caches["pages"].clear()
            environment = Environment.objects.get(name="default")
            users = {who: User.objects.create_user(f"canary-{who}") for who in ROLES}
            for who, role in ROLES.items():
                Membership.objects.create(environment=environment, user=users[who], role=role)
            planted = _plant(environment, users["owner"], seen)
            clients: dict[str, Client] = {}
            for who, user in users.items():
                browser = Client()
                browser.force_login(user)
                clients[f"{who} (browser)"] = browser
                api = APIClient()
                _, key = ApiToken.issue(user, "canary")
                api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
                clients[f"{who} (token)"] = api
                seen.identities[f"{who} (token)"] = ("token", key)
            # a change from a browser: the history records which browser session made it
            owner = clients["owner (browser)"]
            sql = "ALTER TABLE t SET ('format' = 'json')"
            assert owner.post("/env/default/console", {"sql": sql}).status_code == 200
            for who, client in clients.items():
                if who.endswith("(browser)"):
                    seen.identities[who] = ("session", client.session.session_key or "")
            names = [u.username for u in users.values()]
            for who, client in clients.items():
                _crawl(client, who, planted, names, seen)
            _sessions(seen)
            transaction.set_rollback(True)
    finally:
        for logger in loggers:
            logger.removeHandler(lines)
        for name in ("pages", "fragments"):
            caches[name].clear()
    seen.add("logs", "log lines", "\n".join(lines.lines))
    yield seen


def _found(texts: list[tuple[str, str]], needles: list[str]) -> list[str]:
    return sorted(
        {f"{needle} in {where}" for where, text in texts for needle in needles if needle in text}
    )


def test_it_plants_a_canary_under_every_secret_looking_key() -> None:
    assert all(is_secret(key) for key in SECRET_KEYS)


def test_it_never_gives_a_canary_out(seen: Seen) -> None:
    assert len(seen.canaries) > 4 * len(SECRET_KEYS)
    assert _found(seen.texts, seen.canaries) == []


def test_it_crawled_every_url_pattern_and_followed_links(seen: Seen) -> None:
    routes = {route for route, _ in _routes() if not SKIPPED.match("/" + route)}
    assert routes - seen.patterns == set()
    assert "(link)" in seen.patterns
    statuses = [where for where, _ in seen.texts if " 200" in where and " GET " in where]
    assert len(statuses) > 100  # the planted objects were found, not only 404s


def test_it_read_the_exports_unpacked(seen: Seen) -> None:
    """The catalog-store zip holds the catalogs' YAML, placeholders in place of secrets."""
    stores = [t for where, t in seen.texts if "catalog-store.zip 200" in where]
    assert stores and all('password: "${J_PASSWORD}"' in text for text in stores)


def test_it_shows_a_views_literal_as_the_views_text(seen: Seen) -> None:
    """Not a secret: Flink's SHOW CREATE VIEW shows it too; masking it would be a bug."""
    view_pages = [t for where, t in seen.texts if "/views/v " in where and " 200" in where]
    assert view_pages and all(VIEW_CANARY in text for text in view_pages)


def _key_leaks(seen: Seen) -> list[str]:
    """Where an identity was shown another user's session key or API token."""
    leaks = []
    for who, (_, secret) in seen.identities.items():
        assert secret
        user = who.split(" ")[0]
        others = [s for other, (_, s) in seen.identities.items() if other.split(" ")[0] != user]
        texts = [(w, t) for w, t in seen.by_identity[who] if " cookie " not in w]
        leaks += _found(texts, others)
    return leaks


def test_it_never_gives_out_another_users_session_key_or_token(seen: Seen) -> None:
    assert _key_leaks(seen) == []
