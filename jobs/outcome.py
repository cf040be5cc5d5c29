"""What a job's work answers: what it made (a link), a summary and report lines; or a failure
with its message."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class JobFailed(Exception):
    """The work refused or failed: ``message`` is shown on the job's page; its transaction is
    rolled back."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Outcome:
    message: str
    label: str = ""  # what the link shows: "snapshot 20261201T...", "catalog shop"
    url: str = ""
    lines: list[str] = field(default_factory=list)

    def as_result(self) -> dict[str, Any]:
        return {"label": self.label, "url": self.url, "lines": self.lines}
