"""Editing an open change request: its title and description, and its statements (edited,
removed or reordered). Any change to the statements starts a new revision, so earlier
approvals no longer count; each review keeps the statements it saw, so a reviewer sees what
changed since."""

from __future__ import annotations

import difflib
from typing import Any

from django.db import transaction

from catalogs.secrets import mask_ddl
from environments.models import Role
from environments.services import ServiceError

from .models import ChangeRequest, Review
from .services import (
    MAX_STATEMENTS,
    _append,
    _lock_open,
    _require,
    _require_author_or_admin,
    _require_use,
    split_sql,
)


def statements_of(change_request: ChangeRequest) -> list[str]:
    """The request's statements, in order."""
    return [s.sql for s in change_request.statements.order_by("position")]


@transaction.atomic
def replace_statements(change_request: ChangeRequest, user: Any, statements: list[str]) -> bool:
    """Make ``statements`` the request's statements (editors, while it is open); False when
    they are the same. A change starts a new revision: earlier approvals no longer count."""
    _require(user, change_request.environment, Role.EDITOR, "change a change request")
    _lock_open(change_request)
    if not statements:
        raise ServiceError("A change request holds at least one statement.")
    if len(statements) > MAX_STATEMENTS:
        raise ServiceError(f"A change request holds at most {MAX_STATEMENTS} statements.")
    if statements == statements_of(change_request):
        return False
    _require_use(change_request, user, [], statements)
    change_request.statements.all().delete()
    _append(change_request, statements)
    change_request.revision += 1
    change_request.save(update_fields=["revision"])
    return True


def masked_statements(change_request: ChangeRequest) -> list[str]:
    """The statements as an edit form shows them: secret values masked."""
    return [mask_ddl(text) for text in statements_of(change_request)]


def edit_statements(change_request: ChangeRequest, user: Any, sql: str) -> bool:
    """Replace the statements with those of ``sql`` (separated by semicolons), as an edit form
    sent them: a statement left as the form showed it (its secrets masked) keeps the stored
    one, secrets included; one changed must give its secret values again."""
    kept = {mask_ddl(text): text for text in statements_of(change_request)}
    statements = [kept.get(text, text) for text in (split_sql(sql) if sql.strip() else [])]
    return replace_statements(change_request, user, statements)


def _position(statements: list[str], position: int) -> int:
    if not 1 <= position <= len(statements):
        count = len(statements)
        raise ServiceError(f"There is no statement {position}; the request holds {count}.")
    return position - 1


def move_statement(change_request: ChangeRequest, user: Any, position: int, by: int) -> bool:
    """Move statement ``position`` (from 1) up (``by`` = -1) or down (+1)."""
    statements = statements_of(change_request)
    index = _position(statements, position)
    target = index + by
    if not 0 <= target < len(statements):
        return False
    statements[index], statements[target] = statements[target], statements[index]
    return replace_statements(change_request, user, statements)


def remove_statement(change_request: ChangeRequest, user: Any, position: int) -> bool:
    """Remove statement ``position`` (from 1); the last one cannot be removed."""
    statements = statements_of(change_request)
    del statements[_position(statements, position)]
    return replace_statements(change_request, user, statements)


@transaction.atomic
def retitle(change_request: ChangeRequest, user: Any, title: str, description: str) -> None:
    """Change the title and description (its author or an admin); approvals still count."""
    _require_author_or_admin(change_request, user, "retitle")
    _lock_open(change_request)
    if not title.strip():
        raise ServiceError("Give the change request a title.")
    change_request.title, change_request.description = title.strip(), description
    change_request.save(update_fields=["title", "description"])


def changed_since_review(change_request: ChangeRequest, user: Any) -> list[str] | None:
    """A unified diff of the statements since ``user``'s latest review, or None when they
    have not reviewed it or nothing changed since."""
    latest = (
        Review.objects.filter(change_request=change_request, reviewer_id=user.pk)
        .order_by("-created_at", "-pk")
        .first()
    )
    if latest is None or latest.revision == change_request.revision:
        return None
    before = _lines(latest.statements)
    after = _lines(statements_of(change_request))
    return list(
        difflib.unified_diff(
            before,
            after,
            f"revision {latest.revision} (your review)",
            f"revision {change_request.revision} (now)",
            lineterm="",
        )
    )


def _lines(statements: list[str]) -> list[str]:
    return [line for text in statements for line in f"{text};".splitlines()]
