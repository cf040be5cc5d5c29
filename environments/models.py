"""Environments: each holds catalogs and its own environment catalog ``_env_<name>``."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone

from config.brief_writes import written_unless_busy

ENVIRONMENT_CATALOG_PREFIX = "_env_"
ENVIRONMENT_DATABASE = "default"
ENVIRONMENT_CATALOG_TYPE = "generic_in_memory"
# The options every environment catalog is created with (by the data migration and by
# ``services.create_environment``), as Flink's generic in-memory catalog would be declared.
ENVIRONMENT_CATALOG_OPTIONS = {
    "type": ENVIRONMENT_CATALOG_TYPE,
    "default-database": ENVIRONMENT_DATABASE,
}

ENVIRONMENT_NAME = "[a-z0-9][a-z0-9_-]{0,62}"
ENVIRONMENT_NAME_RULE = "An environment name is 1 to 63 lower-case letters, digits, '-' or '_'."
# \A and \Z, not ^ and $: a name followed by a line break is no name.
environment_name_validator = RegexValidator(rf"\A{ENVIRONMENT_NAME}\Z", ENVIRONMENT_NAME_RULE)


class Environment(models.Model):
    name = models.CharField(max_length=63, unique=True, validators=[environment_name_validator])
    description = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    required_approvals = models.PositiveSmallIntegerField(
        default=0,
        help_text="Approvals a change request needs; above 0, DDL runs only through requests",
    )
    allow_self_approval = models.BooleanField(
        default=False, help_text="Whether the author of a change request may approve it"
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        created = self._state.adding
        super().save(*args, **kwargs)
        if created:
            EnvironmentVersion.objects.create(environment=self)

    @property
    def catalog_name(self) -> str:
        """The name of this environment's own catalog."""
        return f"{ENVIRONMENT_CATALOG_PREFIX}{self.name}"


class Role(models.TextChoices):
    """What a user may do in an environment; each role includes the ones before it."""

    VIEWER = "viewer", "Viewer (read)"
    EDITOR = "editor", "Editor (run DDL)"
    ADMIN = "admin", "Admin (roles, artifacts, the environment)"


ROLE_RANK = {Role.VIEWER: 1, Role.EDITOR: 2, Role.ADMIN: 3}


class Membership(models.Model):
    """A user's role in one environment. Superusers hold admin everywhere without one."""

    environment = models.ForeignKey(
        Environment, on_delete=models.CASCADE, related_name="memberships"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=6, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["environment", "user"], name="one_role_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.role} in {self.environment}"


class Artifact(models.Model):
    """A named file of code (a UDF jar, a Python file) uploaded to an environment."""

    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="artifacts")
    name = models.CharField(max_length=255)
    users = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="usable_artifacts",
        blank=True,
        help_text="Users holding the Use permission on this artifact",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["environment", "name"], name="unique_artifact_name")
        ]

    def __str__(self) -> str:
        return self.name


class ArtifactVersion(models.Model):
    """One immutable upload of an artifact, identified by its sha256."""

    artifact = models.ForeignKey(Artifact, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    file_name = models.CharField(max_length=255)
    content = models.BinaryField()
    sha256 = models.CharField(max_length=64)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["artifact", "version"]
        constraints = [
            models.UniqueConstraint(fields=["artifact", "version"], name="unique_artifact_version")
        ]

    def __str__(self) -> str:
        return f"{self.artifact} v{self.version}"


class EnvironmentVersion(models.Model):
    """A number every committed change of the environment's catalogs raises by one.

    Raised as the last write of each change's transaction (``environments.versions``), so a
    reader that sees a value also sees every change it counts: pages rendered at one value can
    be served again until the next change (``environments.page_cache``). A table of its own,
    locked by nothing else, so the short lock it takes cannot join a cycle of locks.
    """

    environment = models.OneToOneField(
        Environment, on_delete=models.CASCADE, primary_key=True, related_name="version"
    )
    value = models.BigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.environment_id}: {self.value}"


TOKEN_MAX_DAYS = 3650  # the longest expiry a token may be given
LAST_USED_PRECISION = timedelta(minutes=1)


def token_hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


class ApiToken(models.Model):
    """A secret a tool sends as ``Authorization: Token <value>``; a user may hold many.

    Only the value's sha256 is kept: the value is shown once, when the token is issued.
    Revoking keeps the row (who had which token, until when).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(null=True, blank=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class State(models.TextChoices):
        ACTIVE = "active"
        EXPIRED = "expired"
        REVOKED = "revoked"

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.user} / {self.name}"

    @classmethod
    def issue(
        cls, user: AbstractBaseUser, name: str, expires_in_days: int | None = None
    ) -> tuple[ApiToken, str]:
        """A new token of ``user`` and its value, which nothing keeps."""
        if expires_in_days is not None and not 1 <= expires_in_days <= TOKEN_MAX_DAYS:
            raise ValueError(f"A token expires in 1 to {TOKEN_MAX_DAYS} days.")
        value = secrets.token_urlsafe(32)
        now = timezone.now()
        expires_at = now + timedelta(days=expires_in_days) if expires_in_days else None
        token = cls.objects.create(
            user=user, name=name, key_hash=token_hash(value), created=now, expires_at=expires_at
        )
        return token, value

    @property
    def state(self) -> ApiToken.State:
        if self.revoked_at is not None:
            return ApiToken.State.REVOKED
        if self.expires_at is not None and self.expires_at <= timezone.now():
            return ApiToken.State.EXPIRED
        return ApiToken.State.ACTIVE

    @classmethod
    def visible_to(cls, user: AbstractBaseUser) -> models.QuerySet[ApiToken]:
        """The tokens ``user`` may list and revoke: their own; a superuser's, everyone's."""
        tokens = cls.objects.select_related("user")
        return tokens if user.is_superuser else tokens.filter(user=user)

    def mark_used(self) -> None:
        """Note the use, at most once a minute: not a write on every request, and none that
        waits for another connection's long write (a job's, on SQLite)."""
        now = timezone.now()
        if self.last_used is None or now - self.last_used >= LAST_USED_PRECISION:
            self.last_used = now
            written_unless_busy(lambda: ApiToken.objects.filter(pk=self.pk).update(last_used=now))

    def revoke(self) -> None:
        """Refuse the token from now on (a revoked one keeps its first revocation time)."""
        if self.revoked_at is None:
            self.revoked_at = timezone.now()
            ApiToken.objects.filter(pk=self.pk, revoked_at=None).update(revoked_at=self.revoked_at)
