"""Who may do what in an environment. One place, used by the executor and by every door."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from config.compiled import CompiledQuery

from .models import ROLE_RANK, Artifact, Environment, Membership, Role
from .roles_read import kept_role

# The role each kind of action needs: one definition for the executor, every door, and the
# links a page offers (a page shows no action its reader's role cannot take).
NEEDED = {"read": Role.VIEWER, "change": Role.EDITOR, "administer": Role.ADMIN}


def role_of(user: Any, environment: Environment) -> Role | None:
    """The user's role in ``environment``; superusers are admins everywhere."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    if user.is_superuser:
        return Role.ADMIN
    return kept_role(user.pk, environment.pk, lambda: _membership_role(user, environment))


# every page reads its reader's role (config.compiled: built once, not per request)
_MEMBERSHIP = CompiledQuery(
    lambda environment, user: Membership.objects.filter(
        environment_id=environment, user_id=user
    ).order_by("pk")[:1],
    int,
    int,
)


def _membership_role(user: Any, environment: Environment) -> Role | None:
    membership = _MEMBERSHIP.first(environment.pk, user.pk)
    return Role(membership.role) if membership else None


def has_role(user: Any, environment: Environment, needed: Role) -> bool:
    role = role_of(user, environment)
    return role is not None and ROLE_RANK[role] >= ROLE_RANK[needed]


def may(user: Any, environment: Environment) -> dict[str, bool]:
    """Which kinds of action of :data:`NEEDED` the user may take in ``environment``."""
    return allowed(role_of(user, environment))


def allowed(role: Role | None) -> dict[str, bool]:
    """Which kinds of action of :data:`NEEDED` a holder of ``role`` may take."""
    rank = 0 if role is None else ROLE_RANK[role]
    return {action: rank >= ROLE_RANK[needed] for action, needed in NEEDED.items()}


def granters(environment: Environment) -> list[str]:
    """The names of the environment's admins, who grant its roles (superusers grant them too)."""
    admins = Membership.objects.filter(
        environment=environment, role=Role.ADMIN, user__is_active=True
    ).order_by("user__username")
    return list(admins.values_list("user__username", flat=True))


def holding_role(users: Iterable[Any], environment: Environment, needed: Role) -> set[int]:
    """The ids of those of ``users`` who are active and hold ``needed`` in ``environment`` now
    (one query): :func:`has_role` for many users at once."""
    active = {user.pk: user for user in users if user is not None and user.is_active}
    held = {pk for pk, user in active.items() if user.is_superuser}
    ranks = [role for role, rank in ROLE_RANK.items() if rank >= ROLE_RANK[needed]]
    members = Membership.objects.filter(
        environment=environment, user_id__in=set(active) - held, role__in=ranks
    )
    return held | set(members.values_list("user_id", flat=True))


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


def may_manage_users(user: Any) -> bool:
    """Whether the user may create and list users: superusers and staff."""
    return bool(getattr(user, "is_authenticated", False) and (user.is_superuser or user.is_staff))
