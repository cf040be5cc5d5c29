"""Who may do what in an environment. One place, used by the executor and by every door."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from .models import ROLE_RANK, Artifact, Environment, Membership, Role


def role_of(user: Any, environment: Environment) -> Role | None:
    """The user's role in ``environment``; superusers are admins everywhere."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    if user.is_superuser:
        return Role.ADMIN
    membership = Membership.objects.filter(environment=environment, user=user).first()
    return Role(membership.role) if membership else None


def has_role(user: Any, environment: Environment, needed: Role) -> bool:
    role = role_of(user, environment)
    return role is not None and ROLE_RANK[role] >= ROLE_RANK[needed]


def may_use(user: Any, artifact: Artifact) -> bool:
    """Whether the user holds the Use permission on ``artifact``; None is the system itself
    (the command line, the demo loader), superusers hold it on every artifact."""
    if user is None or getattr(user, "is_superuser", False):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return artifact.users.filter(pk=user.pk).exists()


def visible_environments(user: Any) -> QuerySet[Environment]:
    """The environments the user holds a role in (all of them for a superuser)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Environment.objects.none()
    if user.is_superuser:
        return Environment.objects.all()
    return Environment.objects.filter(memberships__user=user).distinct()
