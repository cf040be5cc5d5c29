"""A write that may be skipped: one that must not wait for a long write of another connection.

On SQLite one connection writes at a time; a background job importing a snapshot holds the
write lock for minutes. A write that only notes something (a token's last use) gives up after
a moment there, instead of waiting the connection's timeout and failing the request.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import OperationalError, connection, transaction

PATIENCE_MS = 200  # how long such a write waits for SQLite's write lock


def written_unless_busy(write: Callable[[], object]) -> bool:
    """Run ``write`` in a transaction of its own; when the database is busy with another
    connection's write, give it up (nothing of it stays) and go on. Whether it was written."""
    sqlite = connection.vendor == "sqlite"
    try:
        if sqlite:
            wait_for_lock(PATIENCE_MS)
        # on SQLite the transaction takes the write lock as it begins (BEGIN IMMEDIATE), so
        # entering it is what may find the database busy
        with transaction.atomic():
            write()
    except OperationalError:
        return False  # locked by another writer: the note is taken the next time
    finally:
        if sqlite:
            wait_for_lock(
                int(settings.DATABASES["default"].get("OPTIONS", {}).get("timeout", 5) * 1000)
            )
    return True


def wait_for_lock(milliseconds: int) -> None:
    """How long this thread's SQLite connection waits for another's write lock before its
    statement fails ("database is locked")."""
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")
