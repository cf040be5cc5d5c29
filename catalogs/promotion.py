"""Promotion between environments: compare chosen catalogs of two environments object by
object, and turn the difference into a change request in the target.

A catalog may be promoted under another name (``shop_dev`` -> ``shop``): the source's
catalog is re-created under the target's name in a scratch environment, through the same
statements a snapshot import runs (:func:`..flinksql.snapshot_format.import_statements`, which
moves view queries to the new name), so both sides are compared in the form the executor makes.
The comparison is a text diff of the folder files (:mod:`catalogs.folder`) of each side; the
change request is the folder plan of the source against the target, and records where it came
from: the source environment and a snapshot of each source catalog taken at promotion time.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from environments.models import Environment
from environments.services import ServiceError

from . import folder, snapshots
from .diffs import diff_lines
from .flinksql import folder as fd
from .flinksql import snapshot_format as sf
from .flinksql.catalog import ObjectIdentifier
from .flinksql.snapshot_format.ddl import short_name

Mapping_ = list[tuple[str, str]]  # (source catalog, target catalog)


def parse_mapping(texts: list[str]) -> Mapping_:
    """``shop`` or ``shop:shop_prod`` each: the source catalog and its name in the target."""
    pairs = []
    for text in texts:
        source, _, target = text.partition(":")
        if not source:
            raise ServiceError(f"'{text}': name a catalog, as shop or shop:shop_prod.")
        pairs.append((source, target or source))
    return pairs


def promoted_definitions(source: Environment, mapping: Mapping_) -> list[Any]:
    """The source catalogs as the executor makes them under their target names."""
    planned = []
    declared = []
    for old, new in mapping:
        catalog = snapshots.get_catalog(source, old)
        snapshot = folder.catalog_snapshot(catalog)
        statements = sf.import_statements(snapshot, new, create_catalog=True)
        creating = {p.name: p for p in statements if p.kind == "function"}
        for function, extras in snapshot.functions:
            if extras.get("returnType"):
                place = ObjectIdentifier(
                    new, function.identifier.database, function.identifier.name
                )
                after = creating[short_name(function.identifier)]
                declared.append(fd.Declaration(place, extras["returnType"], after))
        planned += statements
    where = [f"{source.name}: {p.kind} {p.name}: " for p in planned]
    return folder.made_definitions(planned, where, [new for _, new in mapping], declared)


@dataclass
class ObjectDifference:
    path: str  # the object's file in the folder
    change: str  # added, removed, changed
    diff: list[str] = field(default_factory=list)  # unified diff of the definitions

    @property
    def lines(self) -> list[tuple[str, str]]:
        """The diff's lines with their kind, for the page."""
        return diff_lines(self.diff)


def compare(source: Environment, target: Environment, mapping: Mapping_) -> list[ObjectDifference]:
    """What differs, object by object: the folder files of the source (under the target's
    names) against the target's, with text diffs of the normalized definitions."""
    wanted: dict[str, bytes] = {}
    for snapshot in promoted_definitions(source, mapping):
        wanted.update(fd.folder_files(snapshot))
    present: dict[str, bytes] = {}
    for snapshot in folder.environment_definitions(target, [n for _, n in mapping]).values():
        if snapshot is not None:
            present.update(fd.folder_files(snapshot))
    found = []
    for path in sorted(set(wanted) | set(present)):
        before, after = present.get(path), wanted.get(path)
        if before == after:
            continue
        change = "added" if before is None else "removed" if after is None else "changed"
        lines = list(
            difflib.unified_diff(
                (before or b"").decode().splitlines(),
                (after or b"").decode().splitlines(),
                f"{target.name}/{path}",
                f"{source.name}/{path}",
                lineterm="",
            )
        )
        found.append(ObjectDifference(path, change, lines))
    return found


@dataclass
class Promotion:
    applied: folder.Applied
    snapshot_ids: list[str] = field(default_factory=list)


def plan_promotion(
    source: Environment, target: Environment, mapping: Mapping_, allow_drops: bool = False
) -> folder.FolderPlan:
    try:
        desired = promoted_definitions(source, mapping)
    except fd.FolderInvalid as exc:
        return folder.FolderPlan(fd.Plan(), errors=exc.errors)
    return folder.plan_definitions(target, desired, allow_drops)


def promote(
    source: Environment,
    target: Environment,
    mapping: Mapping_,
    user: Any,
    variables: Mapping[str, str] | None = None,
    allow_drops: bool = False,
) -> Promotion:
    """A change request in ``target`` that makes the mapped catalogs equal the source's, with
    its plan (and so its impact and its approvals); it records the source environment and a
    snapshot of each source catalog taken now, so reviewers see what is promoted even when
    the source moves on. Nothing is opened (nor any snapshot kept) when there is nothing to
    promote, the plan has errors or a placeholder has no value."""
    planned = plan_promotion(source, target, mapping, allow_drops)
    promotion = Promotion(folder.Applied(planned))
    if planned.exit_code != 2:
        return promotion
    taken = [snapshots.take_snapshot(source, old, None, label="promotion")[0] for old, _ in mapping]
    promotion.snapshot_ids = [s.snapshot_id for s in taken]
    names = ", ".join(old if old == new else f"{old} as {new}" for old, new in mapping)
    description = f"Promoted from environment '{source.name}': {names}.\n\n" + "\n".join(
        f"Source snapshot of {old}: {s.snapshot_id} (sha256 {s.sha256})."
        for (old, _), s in zip(mapping, taken, strict=True)
    )
    promotion.applied = folder.propose(
        target,
        planned,
        user,
        variables,
        f"Promote {names} from {source.name} to {target.name}",
        description,
    )
    if promotion.applied.change_request is None:
        for snapshot in taken:  # nothing was proposed: keep no snapshot of it
            snapshot.delete()
        promotion.snapshot_ids = []
    return promotion
