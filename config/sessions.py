"""The session engine: Django's database sessions, read with a compiled query.

Every page reads its session. Django's ``SessionStore`` builds the same query on each read,
which costs more than the database takes to answer it; this store sends the SQL compiled once
(``config.compiled``). What is stored, and how, is Django's: the same table and rows, so
sessions written by either store are read by the other.
"""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from config.compiled import CompiledQuery

_BY_KEY = CompiledQuery(lambda key: Session.objects.filter(session_key=key)[:1], str)


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Session | None:
        key = self.session_key
        found = _BY_KEY.first(key) if key else None
        if found is None or found.expire_date <= timezone.now():
            self._session_key = None  # as Django's: no session, or an expired one
            return None
        return found
