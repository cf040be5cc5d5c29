"""A job: one long operation, its progress and its outcome, kept in the database so that every
app server and worker reads the same, and a restart loses nothing."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from environments.models import Environment


class Job(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    kind = models.CharField(max_length=40)
    environment = models.ForeignKey(Environment, on_delete=models.CASCADE, related_name="jobs")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    done = models.PositiveBigIntegerField(default=0)
    total = models.PositiveBigIntegerField(default=0)
    message = models.TextField(blank=True)  # what it does now, or what it did
    error = models.TextField(blank=True)
    # what the kind works on: never a secret (those are in ``secret_inputs``)
    params = models.JSONField(default=dict, blank=True)
    payload = models.BinaryField(null=True, blank=True)  # an uploaded file (snapshot, folder)
    # placeholder values the work needs; emptied when the job ends, never shown nor serialized
    secret_inputs = models.JSONField(default=dict, blank=True)
    # what it made: {"label": ..., "url": ...} and report lines
    result = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    worker = models.CharField(max_length=200, blank=True)  # "host:pid" running it
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True)  # handed to its runner (again)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["environment", "-created_at"])]

    def __str__(self) -> str:
        return f"job {self.pk} ({self.kind}, {self.state})"

    @property
    def percent(self) -> int:
        if self.state == self.State.DONE:
            return 100
        return min(100, self.done * 100 // self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.state in (self.State.DONE, self.State.FAILED)
