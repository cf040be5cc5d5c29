"""The parameters of each kind of job, as serializers: one definition, which checks what the
pages and the API send (:func:`jobs.services.start_job`) and which the API's schema states."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from config import limits
from environments.api.fields import StrictBooleanField, StrictCharField, StrictIntegerField

from .outcome import JobFailed

NAME = 256  # characters of a catalog's name at most
MAX_OBJECTS = 1_000_000
MAX_VERIFIED = 20  # snapshots verified together at most


def _name() -> StrictCharField:
    return StrictCharField(max_length=NAME)


def _flag(help_text: str) -> StrictBooleanField:
    return StrictBooleanField(required=False, default=False, help_text=help_text)


class ExportParams(serializers.Serializer):
    catalog = _name()
    databases = serializers.ListField(
        child=_name(),
        required=False,
        default=list,
        max_length=limits.LIST_ITEMS,
        help_text="Only these databases (all when empty)",
    )
    label = StrictCharField(required=False, default="", allow_blank=True, max_length=255)
    note = StrictCharField(required=False, default="", allow_blank=True, max_length=10_000)
    leave_out_broken = _flag("Leave out broken views and the views reading them")


class ImportParams(serializers.Serializer):
    catalog = _name()
    dry_run = _flag("Run everything, then roll it back")
    skip_broken = _flag("Leave out views whose query no longer resolves")


class VerifyParams(serializers.Serializer):
    snapshots = serializers.ListField(
        child=StrictCharField(max_length=64),
        min_length=1,
        max_length=MAX_VERIFIED,
        help_text="Snapshot ids of the environment, loaded into Flink together",
    )


class FolderApplyParams(serializers.Serializer):
    allow_drops = _flag("Drop what the folder no longer holds")
    title = StrictCharField(required=False, default="", allow_blank=True, max_length=200)


class GenerateParams(serializers.Serializer):
    catalog = _name()
    tables = StrictIntegerField(min_value=1, max_value=MAX_OBJECTS)
    views = StrictIntegerField(required=False, default=0, min_value=0, max_value=MAX_OBJECTS)
    databases = StrictIntegerField(required=False, default=10, min_value=1, max_value=10_000)
    seed = StrictIntegerField(required=False, default=0, min_value=0, max_value=2**31)


class ChangeRequestPreviewParams(serializers.Serializer):
    change_request = StrictIntegerField(min_value=1, help_text="The number of the request")


class ChangeRequestApplyParams(ChangeRequestPreviewParams):
    take_snapshot = _flag("Take a snapshot of each catalog it changed, once applied")


class FlinkCheckParams(serializers.Serializer):
    """Every stored view of the job's environment is checked: no parameters."""


def checked(serializer: type[serializers.Serializer], params: dict[str, Any]) -> dict[str, Any]:
    """``params`` as ``serializer`` takes them; :class:`JobFailed` naming each problem."""
    found = serializer(data=params)
    if found.is_valid():
        return dict(found.validated_data)
    raise JobFailed(" ".join(_messages(found.errors)))


def _messages(detail: Any, field: str = "") -> list[str]:
    if isinstance(detail, dict):
        return [m for key, value in detail.items() for m in _messages(value, str(key))]
    if isinstance(detail, list):
        return [m for item in detail for m in _messages(item, field)]
    return [f"{field}: {detail}" if field else str(detail)]
