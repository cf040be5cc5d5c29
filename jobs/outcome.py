"""What a job's work answers: what it made (a link), a summary and report lines; or a failure
with its message."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class JobFailed(Exception):
    """The work refused or failed: ``message`` is shown on the job's page; its transaction is
    rolled back. ``keep`` is then run, in a transaction of its own: what the failure leaves
    noted elsewhere (a change request's failure), as the operation's other doors keep it."""

    def __init__(self, message: str, keep: Callable[[], None] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.keep = keep


@dataclass
class Outcome:
    message: str
    label: str = ""  # what the link shows: "snapshot 20261201T...", "catalog shop"
    url: str = ""
    lines: list[str] = field(default_factory=list)

    def as_result(self) -> dict[str, Any]:
        return {"label": self.label, "url": self.url, "lines": self.lines}
