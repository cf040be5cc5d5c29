"""Change requests: statements proposed together, reviewed, then applied as one transaction."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from catalogs.models import HistoryEntry, Snapshot
from environments.models import Environment


class ChangeRequest(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        APPLIED = "applied"
        CLOSED = "closed"

    environment = models.ForeignKey(
        Environment, on_delete=models.CASCADE, related_name="change_requests"
    )
    title = models.CharField(max_length=255)
    description = models.TextField(blank=True, default="")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    status = models.CharField(max_length=7, choices=Status.choices, default=Status.OPEN)
    # Bumped whenever the statements change: approvals of an earlier revision no longer count.
    revision = models.PositiveIntegerField(default=1)
    # The newest history entry of the environment when the request was opened (0: none yet),
    # so the page can tell that the catalog moved on since.
    base_entry_id = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # Why the last attempt to apply failed (nothing was applied then).
    failure = models.TextField(blank=True, default="")
    applied_at = models.DateTimeField(null=True, blank=True)
    applied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Closed without applying (by its author or an environment admin); it can be reopened.
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    history_entries = models.ManyToManyField(HistoryEntry, blank=True, related_name="+")
    snapshots = models.ManyToManyField(Snapshot, blank=True, related_name="+")

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.title

    @property
    def origin(self) -> str:
        """Marks the history entries applying this request made (``HistoryEntry.origin``)."""
        return f"change-request:{self.pk}"


class ChangeStatement(models.Model):
    change_request = models.ForeignKey(
        ChangeRequest, on_delete=models.CASCADE, related_name="statements"
    )
    position = models.PositiveIntegerField()
    sql = models.TextField()

    class Meta:
        ordering = ["change_request", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["change_request", "position"], name="unique_statement_position"
            )
        ]

    def __str__(self) -> str:
        return self.sql[:80]


class Review(models.Model):
    class Verdict(models.TextChoices):
        APPROVE = "approve", "Approve"
        REQUEST_CHANGES = "request_changes", "Request changes"

    change_request = models.ForeignKey(
        ChangeRequest, on_delete=models.CASCADE, related_name="reviews"
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    verdict = models.CharField(max_length=15, choices=Verdict.choices)
    body = models.TextField(blank=True, default="")
    revision = models.PositiveIntegerField()
    # the statements as the reviewer saw them, so they see later what changed since
    statements = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.reviewer}: {self.verdict}"


class Comment(models.Model):
    """A comment on the request, or on one of its statements."""

    change_request = models.ForeignKey(
        ChangeRequest, on_delete=models.CASCADE, related_name="comments"
    )
    statement = models.ForeignKey(
        ChangeStatement, on_delete=models.CASCADE, null=True, blank=True, related_name="comments"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return self.body[:80]


class RequestsChange(models.Model):
    """Committed writes of something an environment's change-request pages show (see
    :mod:`changes.page_state`): the pages are kept while the sum of these rows' ``writes``
    stands.

    A row per write, not a counter raised in place: an insert makes no other transaction wait,
    so a write early in a long transaction cannot join a cycle of locks; and a sum, unlike
    the largest id, grows only when the transaction that wrote commits. Rows are folded into
    one now and then (their ``writes`` summed), so the sum stays a short read. The environment
    is a number, not a key: a row written while its environment is being deleted must not stop
    the delete (ids are never used again, so a row left behind counts for nothing)."""

    environment_id = models.PositiveBigIntegerField(db_index=True)
    writes = models.PositiveBigIntegerField(default=1)

    def __str__(self) -> str:
        return f"environment {self.environment_id}"
