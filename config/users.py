"""The authentication backend: Django's ``ModelBackend``, its user read with a compiled query.

Every page reads its user by the key its session holds. Django's backend builds the same query
on each read, which costs more than the database takes to answer it; this one sends the SQL
compiled once (``config.compiled``). Logging in, passwords and permissions are Django's.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends, get_user_model
from django.core.exceptions import ValidationError

from config.compiled import CompiledQuery

_USER = get_user_model()
_BY_KEY = CompiledQuery(lambda pk: _USER._default_manager.filter(pk=pk)[:1], int)


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        try:
            pk = _USER._meta.pk.to_python(user_id)
        except ValidationError:  # not a key the session could hold
            return None
        user = _BY_KEY.first(pk)
        return user if user is not None and self.user_can_authenticate(user) else None
