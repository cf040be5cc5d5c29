"""Every request reads its session and user with compiled queries (config.sessions,
config.users): they answer what Django's own session store and ModelBackend answer, for live,
expired and missing sessions, and for active, inactive and missing users; the doors' compiled
lookups answer as the ORM did (a 404 for a name of another kind)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import backends, get_user_model
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from catalogs.executor import Executor
from config import sessions, users

pytestmark = pytest.mark.django_db


def test_a_session_written_by_either_store_is_read_by_the_other() -> None:
    django_store = db.SessionStore()
    django_store["k"] = "one"
    django_store.save()
    ours = sessions.SessionStore(django_store.session_key)
    assert ours["k"] == "one"
    ours["k"] = "two"
    ours.save()
    assert db.SessionStore(django_store.session_key)["k"] == "two"


def test_an_expired_or_missing_session_is_an_empty_new_one() -> None:
    store = sessions.SessionStore()
    store["k"] = "v"
    store.save()
    key = store.session_key
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(1))
    for asked in (key, "n0such5essi0nkey12345678901234"):
        read = sessions.SessionStore(asked)
        assert read.get("k") is None and read.session_key is None
        assert read.load() == {} and db.SessionStore(asked).load() == {}


def test_the_user_is_read_as_django_reads_it() -> None:
    model = get_user_model()
    active = model.objects.create_user("reader", password="x" * 12, email="r@example.com")
    inactive = model.objects.create_user("gone", password="x" * 12, is_active=False)
    ours, django = users.ModelBackend(), backends.ModelBackend()
    for user_id in (str(active.pk), active.pk, str(inactive.pk), "999999", "not a key"):
        expected = django.get_user(user_id) if user_id != "not a key" else None
        read = ours.get_user(user_id)
        assert (read and (read.pk, read.username, read.email, read.is_active)) == (
            expected and (expected.pk, expected.username, expected.email, expected.is_active)
        )
    assert ours.get_user(str(active.pk)).check_password("x" * 12)


def test_a_logged_in_page_reads_session_and_user_once_each() -> None:
    model = get_user_model()
    user = model.objects.create_user("admin", password="x" * 12, is_superuser=True)
    client = Client()
    client.force_login(user)
    assert client.session.get("_auth_user_backend") == "config.users.ModelBackend"
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/")
    assert response.status_code == 200 and response.wsgi_request.user == user
    sqls = [q["sql"] for q in queries.captured_queries]
    assert sum('FROM "django_session"' in s for s in sqls) == 1
    assert sum('FROM "auth_user"' in s for s in sqls) == 1


def test_the_doors_find_what_the_orm_found(executor: Executor, admin_client: Client) -> None:
    for statement in ("CREATE TABLE t (a INT) WITH ('connector' = 'datagen')",
                      "CREATE VIEW v AS SELECT a FROM t"):  # fmt: skip
        assert executor.execute(statement).ok
    base = "/env/default/catalogs/_env_default/databases/default"
    assert admin_client.get(f"{base}/tables/t").status_code == 200
    assert admin_client.get(f"{base}/views/v").status_code == 200
    assert admin_client.get(f"{base}/tables/v").status_code == 302  # a view's own address
    missing = admin_client.get(f"{base}/views/t")  # a table is no view
    assert missing.status_code == 404
    assert admin_client.get(f"{base}/tables/nothing").status_code == 404
    assert admin_client.get(base).status_code == 200
    assert admin_client.get(f"{base}x").status_code == 404
    assert admin_client.get("/env/nowhere/").status_code == 404
