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


def text_param(params: dict[str, Any], name: str, required: bool = True, longest: int = 256) -> str:
    """``params[name]`` as a string without NUL, at most ``longest`` characters."""
    value = params.get(name, "")
    if not isinstance(value, str) or "\x00" in value or len(value) > longest:
        raise JobFailed(f"'{name}' must be a text of at most {longest} characters, without NUL.")
    if required and not value:
        raise JobFailed(f"Name the '{name}'.")
    return value


def int_param(params: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise JobFailed(f"'{name}' must be a whole number from {low} to {high}.")
    return value


def flag_param(params: dict[str, Any], name: str) -> bool:
    value = params.get(name, False)
    if not isinstance(value, bool):
        raise JobFailed(f"'{name}' must be true or false.")
    return value
