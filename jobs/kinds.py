"""The kinds of job: what each is called, the role it needs (the role its operation needs at
its other doors), how its parameters are checked, and its work."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rest_framework import serializers

from changes import background_preview
from environments.models import Role

from . import catalog_work, change_work, params, snapshot_work, view_checks
from .models import Job
from .outcome import JobFailed, Outcome
from .progress import Reporter


@dataclass(frozen=True)
class Kind:
    name: str
    label: str
    needed: Role
    params: type[serializers.Serializer]  # the parameters it takes (jobs.params)
    work: Callable[[Job, Reporter], Outcome]
    payload: bool = False  # takes an uploaded file
    secrets: bool = False  # takes values for ${VARIABLE} placeholders


KINDS = {
    kind.name: kind
    for kind in (
        Kind(
            "snapshot-export",
            "Snapshot export",
            Role.EDITOR,
            params.ExportParams,
            snapshot_work.export,
        ),
        Kind(
            "snapshot-import",
            "Snapshot import",
            Role.EDITOR,
            params.ImportParams,
            snapshot_work.import_,
            payload=True,
            secrets=True,
        ),
        # running Flink is work, not a read: editors start it, as they take snapshots
        Kind(
            "snapshot-verify",
            "Snapshot verify against Flink",
            Role.EDITOR,
            params.VerifyParams,
            snapshot_work.verify,
        ),
        Kind(
            "flink-check",
            "Check the views with Flink",
            Role.EDITOR,
            params.FlinkCheckParams,
            view_checks.flink_check,
        ),
        Kind(
            "folder-apply",
            "Catalog folder apply",
            Role.EDITOR,
            params.FolderApplyParams,
            catalog_work.folder_apply,
            payload=True,
            secrets=True,
        ),
        Kind(
            "generate-catalog",
            "Generate a catalog",
            Role.EDITOR,
            params.GenerateParams,
            catalog_work.generate_catalog,
        ),
        # a preview changes nothing: whoever may read the request may ask for it
        Kind(
            background_preview.JOB_KIND,
            "Change request preview",
            Role.VIEWER,
            params.ChangeRequestPreviewParams,
            change_work.preview,
        ),
        Kind(
            "change-request-apply",
            "Change request apply",
            Role.EDITOR,
            params.ChangeRequestApplyParams,
            change_work.apply,
        ),
    )
}


def kind_of(name: str) -> Kind:
    kind = KINDS.get(name)
    if kind is None:
        raise JobFailed(f"There is no kind of job '{name}'; there are {', '.join(KINDS)}.")
    return kind
