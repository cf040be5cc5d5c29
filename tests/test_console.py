"""The SQL console keeps one session per browser and environment across submissions."""

from __future__ import annotations

import base64
import pickle

from django.contrib.auth.models import User
from django.core import signing
from django.test import Client
from django.urls import reverse

from catalogs.pages import console

URL = reverse("console", args=["default"])


def test_it_keeps_the_session_across_submissions(client: Client, db: None) -> None:
    first = client.post(
        URL, {"sql": "CREATE DATABASE d1;\nUSE d1;\nCREATE TEMPORARY TABLE tmp (a INT)"}
    )
    assert first.status_code == 200
    second = client.post(URL, {"sql": "SHOW CURRENT DATABASE;\nSHOW TABLES"})
    html = second.text
    assert '<code data-testid="current-database">d1</code>' in html
    assert "<td>d1</td>" in html
    assert "<td>tmp</td>" in html
    assert "_env_default.d1.tmp" in html  # temporary objects shown above the editor


def test_it_shows_errors_in_place_and_show_create_as_sql(client: Client, db: None) -> None:
    html = client.post(URL, {"sql": "CREATE TABLE t (a INT);\nSHOW CREATE TABLE t"}).text
    assert "[INFO] Execute statement succeeded." in html
    assert '<span class="sql-keyword">CREATE</span>' in html
    error = client.post(URL, {"sql": "DROP TABLE missing"}).text
    assert "[ERROR]" in error and "missing" in error


def test_it_lists_the_history_and_reruns_it(client: Client, db: None) -> None:
    client.post(URL, {"sql": "SHOW DATABASES"})
    html = client.get(URL).text
    assert 'name="sql" value="SHOW DATABASES"' in html
    again = client.post(URL, {"sql": "SHOW DATABASES"}, headers={"HX-Request": "true"})
    assert "<html" not in again.text
    assert "<td>default</td>" in again.text


def test_it_does_not_share_sessions_between_users(client: Client, db: None) -> None:
    client.post(URL, {"sql": "CREATE DATABASE d1;\nUSE d1"})
    other = Client()
    other.force_login(User.objects.create_superuser("other", password="x"))
    html = other.get(URL).text
    assert '<code data-testid="current-database">default</code>' in html


def test_it_starts_a_new_session_on_request(client: Client, db: None) -> None:
    client.post(URL, {"sql": "CREATE DATABASE d1;\nUSE d1"})
    html = client.post(URL, {"reset": "1", "sql": ""}).text
    assert '<code data-testid="current-database">default</code>' in html


def test_the_session_lives_in_the_browser_session_not_in_a_process(
    client: Client, db: None
) -> None:
    """Several server processes (gunicorn workers) serve one browser: what the console keeps
    must travel with the browser's session."""
    client.post(URL, {"sql": "CREATE DATABASE d1;\nUSE d1;\nCREATE TEMPORARY TABLE tmp (a INT)"})
    saved = dict(client.session[console.SESSION_KEY])
    assert len(saved) == 1
    # A "new process": the same browser session, nothing kept in memory between requests.
    html = client.post(URL, {"sql": "SHOW TABLES"}).text
    assert "<td>tmp</td>" in html


def test_a_tampered_console_state_is_ignored(client: Client, db: None) -> None:
    client.post(URL, {"sql": "CREATE DATABASE d1;\nUSE d1"})
    session = client.session
    states = dict(session[console.SESSION_KEY])
    key = next(iter(states))
    value = states[key]
    states[key] = value[:-1] + ("A" if value[-1] != "A" else "B")
    session[console.SESSION_KEY] = states
    session.save()
    html = client.get(URL).text
    assert '<code data-testid="current-database">default</code>' in html


def test_a_state_an_earlier_release_wrote_starts_afresh(client: Client, db: None) -> None:
    """A signed state that no longer unpickles (its classes changed in a deploy) is a new
    session, not a server error."""
    client.post(URL, {"sql": "CREATE DATABASE d1;\nUSE d1"})
    session = client.session
    states = dict(session[console.SESSION_KEY])
    key = next(iter(states))
    stale = base64.b64encode(pickle.dumps(("only", "three", "values"))).decode("ascii")
    states[key] = signing.Signer(salt=console._SALT).sign(stale)
    session[console.SESSION_KEY] = states
    session.save()
    answer = client.get(URL)
    assert answer.status_code == 200
    assert '<code data-testid="current-database">default</code>' in answer.text
