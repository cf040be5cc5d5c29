"""Which browser ran a console or form statement, as the history keeps it."""

from __future__ import annotations

import secrets

from django.http import HttpRequest

ORIGIN_KEY = "console_session"


def console_origin(request: HttpRequest) -> str:
    """This browser's console session id, minted at its first statement and kept in its Django
    session: random, and never the session's key, which would log in whoever presents it."""
    origin = request.session.get(ORIGIN_KEY)
    if not origin:
        origin = f"console:{secrets.token_hex(16)}"
        request.session[ORIGIN_KEY] = origin
    return origin
