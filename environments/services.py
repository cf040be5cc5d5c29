"""Managing environments, roles and artifacts: the rules, kept out of the doors.

An environment never exists without its environment catalog. Each function here runs in one
transaction and raises :class:`ServiceError` with the message a user sees when a rule says no.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max

from catalogs.flinksql import render
from catalogs.flinksql.catalog import CatalogDescriptor
from catalogs.flinksql.quoting import quote_identifier, quote_in_comment
from catalogs.models import Catalog, Database, Dependency, HistoryChange, HistoryEntry, Table

from . import versions
from .access import role_of
from .models import (
    ENVIRONMENT_CATALOG_OPTIONS,
    ENVIRONMENT_CATALOG_TYPE,
    ENVIRONMENT_DATABASE,
    Artifact,
    ArtifactVersion,
    Environment,
    Membership,
    Role,
)

DEFAULT_ARTIFACT_MAX_BYTES = 20 * 1024 * 1024
MAX_REQUIRED_APPROVALS = 10  # more reviewers than a team has would block every change


class ServiceError(Exception):
    """A rule refused the change; ``message`` is what the user sees, ``code`` its kind
    (``invalid``, ``conflict``, ``not_found``: an object the request names does not exist)."""

    def __init__(self, message: str, code: str = "invalid") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def _validated_name(name: str) -> str:
    environment = Environment(name=name)
    try:
        environment.clean_fields(exclude=["description"])
    except ValidationError as exc:
        raise ServiceError(" ".join(exc.message_dict.get("name", exc.messages))) from None
    return name


@transaction.atomic
def create_environment(name: str, description: str = "") -> Environment:
    """The new environment with its catalog ``_env_<name>`` and that catalog's database."""
    environment = Environment(name=name, description=description)
    environment.full_clean()
    environment.save()
    catalog = Catalog.objects.create(
        environment=environment,
        name=environment.catalog_name,
        catalog_type=ENVIRONMENT_CATALOG_TYPE,
        options=dict(ENVIRONMENT_CATALOG_OPTIONS),
        is_environment_catalog=True,
    )
    Database.objects.create(catalog=catalog, name=ENVIRONMENT_DATABASE)
    return environment


def add_environment(name: str, description: str = "") -> Environment:
    """``create_environment`` with its refusals as :class:`ServiceError`."""
    _validated_name(name)
    if Environment.objects.filter(name=name).exists():
        raise ServiceError(f"Environment '{name}' already exists.", "conflict")
    try:
        return create_environment(name, description)
    except IntegrityError:  # created concurrently
        raise ServiceError(f"Environment '{name}' already exists.", "conflict") from None


@transaction.atomic
def update_environment(
    environment: Environment, name: str, description: str, user: Any = None
) -> Environment:
    """Rename and describe the environment.

    A rename renames the environment catalog ``_env_<name>`` too, and with it every name that
    points into it: what views read (their dependency rows and expanded queries) and the
    history's index of changed objects, so that an object's history follows it. The history's
    texts stay as they were written; the rename itself is kept in the history.
    """
    environment = Environment.objects.select_for_update().get(pk=environment.pk)
    environment.description = description
    if name == environment.name:
        environment.save(update_fields=["description"])
        versions.changed(environment.pk)
        return environment
    _validated_name(name)
    if Environment.objects.filter(name=name).exists():
        raise ServiceError(f"Environment '{name}' already exists.", "conflict")
    old_catalog_name = environment.catalog_name
    catalog = Catalog.objects.select_for_update().get(
        environment=environment, is_environment_catalog=True
    )
    before = _show_create_catalog(catalog)
    environment.name = name
    new_catalog_name = environment.catalog_name
    if Catalog.objects.filter(environment=environment, name=new_catalog_name).exists():
        raise ServiceError(
            f"Environment '{name}' cannot take that name: its catalog {new_catalog_name} "
            "would clash with a catalog of that name in the environment.",
            "conflict",
        )
    try:
        with transaction.atomic():
            environment.save(update_fields=["name", "description"])
    except IntegrityError:
        raise ServiceError(f"Environment '{name}' already exists.", "conflict") from None
    catalog.name = new_catalog_name
    catalog.version += 1
    catalog.save(update_fields=["name", "version"])
    Dependency.objects.filter(environment=environment, catalog_name=old_catalog_name).update(
        catalog_name=new_catalog_name
    )
    _rename_in_expanded_queries(environment, old_catalog_name, new_catalog_name)
    HistoryChange.objects.filter(
        entry__environment=environment, catalog_name=old_catalog_name
    ).update(catalog_name=new_catalog_name)
    _record_rename(environment, catalog, before, old_catalog_name, user)
    versions.changed(environment.pk)
    return environment


def _show_create_catalog(catalog: Catalog) -> str:
    return render.show_create_catalog(
        CatalogDescriptor(catalog.name, dict(catalog.options), catalog.comment)
    )


def _rename_in_expanded_queries(environment: Environment, old: str, new: str) -> None:
    """Expanded queries name every object fully, the catalog always as a quoted identifier
    followed by a dot, which is what is replaced (never text inside a string literal that
    merely looks like it: a literal cannot hold an unescaped backtick-dot sequence
    followed by the database's quoted name)."""
    pattern = re.compile(re.escape(quote_identifier(old)) + r"(?=\.`)")
    views = Table.objects.filter(
        database__catalog__environment=environment,
        kind=Table.Kind.VIEW,
        expanded_query__contains=quote_identifier(old),
    )
    for view in views:
        view.expanded_query = pattern.sub(quote_identifier(new), view.expanded_query or "")
        view.save(update_fields=["expanded_query"])


def _record_rename(
    environment: Environment, catalog: Catalog, before: str, old_catalog_name: str, user: Any
) -> None:
    entry = HistoryEntry.objects.create(
        environment=environment,
        user=user if getattr(user, "pk", None) else None,
        statement=(
            f"-- environment renamed: its catalog {quote_in_comment(old_catalog_name)} "
            f"is now {quote_in_comment(catalog.name)}"
        ),
    )
    HistoryChange.objects.create(
        entry=entry,
        kind=HistoryChange.Kind.CATALOG,
        catalog_name=catalog.name,
        before=before,
        after=_show_create_catalog(catalog),
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@transaction.atomic
def delete_environment(environment: Environment) -> None:
    """Delete the environment with all its catalogs, roles, artifacts and history, unless its
    environment catalog still holds tables or views."""
    environment = Environment.objects.select_for_update().get(pk=environment.pk)
    held = Table.objects.filter(
        database__catalog__environment=environment,
        database__catalog__is_environment_catalog=True,
    )
    tables = held.filter(kind=Table.Kind.TABLE).count()
    views = held.filter(kind=Table.Kind.VIEW).count()
    if tables or views:
        raise ServiceError(
            f"Environment '{environment.name}' cannot be deleted: its environment catalog "
            f"{environment.catalog_name} holds {_plural(tables, 'table')} and "
            f"{_plural(views, 'view')}.",
            "conflict",
        )
    # Catalogs first: their functions protect the artifacts they come from.
    Catalog.objects.filter(environment=environment).delete()
    environment.delete()


@transaction.atomic
def set_approval_rules(
    environment: Environment, required_approvals: int, allow_self_approval: bool
) -> str:
    """Set how many approvals a change request needs and whether its author may give one;
    the answer says what now holds."""
    if not 0 <= required_approvals <= MAX_REQUIRED_APPROVALS:
        raise ServiceError(
            f"Required approvals are 0 to {MAX_REQUIRED_APPROVALS}; {required_approvals} is not."
        )
    environment = Environment.objects.select_for_update().get(pk=environment.pk)
    environment.required_approvals = required_approvals
    environment.allow_self_approval = allow_self_approval
    environment.save(update_fields=["required_approvals", "allow_self_approval"])
    versions.changed(environment.pk)
    return approval_rules_text(environment)


def approval_rules_text(environment: Environment) -> str:
    """The environment's approval rules in a sentence."""
    if not environment.required_approvals:
        needs = "needs no approval: editors run DDL directly"
    else:
        needs = (
            f"needs {_plural(environment.required_approvals, 'approval')} per change request; "
            "DDL runs only through change requests"
        )
    author = "may" if environment.allow_self_approval else "may not"
    return f"Environment '{environment.name}' {needs}. Authors {author} approve their own."


def find_user(username: str) -> Any:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise ServiceError(f"There is no user '{username}'.", "not_found")
    return user


@transaction.atomic
def grant_role(environment: Environment, user: Any, role: Role | str) -> Membership:
    """Give ``user`` the role, replacing the one they held."""
    if role not in Role.values:
        raise ServiceError(f"'{role}' is not a role; the roles are {', '.join(Role.values)}.")
    membership, _ = Membership.objects.update_or_create(
        environment=environment, user=user, defaults={"role": role}
    )
    return membership


@transaction.atomic
def revoke_role(environment: Environment, user: Any) -> None:
    """Take the user's role away, and with it the Use permissions they held here."""
    deleted, _ = Membership.objects.filter(environment=environment, user=user).delete()
    if not deleted:
        raise ServiceError(
            f"User '{user.get_username()}' holds no role in environment '{environment.name}'.",
            "not_found",
        )
    for artifact in Artifact.objects.filter(environment=environment, users=user):
        artifact.users.remove(user)


def artifact_max_bytes() -> int:
    return int(getattr(settings, "ARTIFACT_MAX_BYTES", DEFAULT_ARTIFACT_MAX_BYTES))


@transaction.atomic
def upload_artifact(
    environment: Environment, name: str, file_name: str, content: bytes, user: Any = None
) -> ArtifactVersion:
    """A new immutable version of the artifact ``name`` (created by its first upload)."""
    name = name.strip()
    if not name or len(name) > 255 or "\x00" in name:
        raise ServiceError("An artifact name is 1 to 255 characters.")
    limit = artifact_max_bytes()
    if len(content) > limit:
        raise ServiceError(
            f"The file is {len(content)} bytes; an artifact version may be at most {limit} bytes."
        )
    artifact, _ = Artifact.objects.get_or_create(environment=environment, name=name)
    artifact = Artifact.objects.select_for_update().get(pk=artifact.pk)
    latest = artifact.versions.aggregate(latest=Max("version"))["latest"] or 0
    return ArtifactVersion.objects.create(
        artifact=artifact,
        version=latest + 1,
        file_name=file_name[:255],
        content=content,
        sha256=hashlib.sha256(content).hexdigest(),
        uploaded_by=user if getattr(user, "pk", None) else None,
    )


def grant_use(artifact: Artifact, user: Any) -> None:
    """Let ``user``, who must hold a role in the artifact's environment, call its functions."""
    if role_of(user, artifact.environment) is None:
        raise ServiceError(
            f"User '{user.get_username()}' holds no role in environment "
            f"'{artifact.environment.name}'; grant a role first.",
            "conflict",
        )
    artifact.users.add(user)


def revoke_use(artifact: Artifact, user: Any) -> None:
    artifact.users.remove(user)
