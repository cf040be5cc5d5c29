"""What a change request's statements change: each object's definition before and after."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from catalogs.diffs import diff_lines
from catalogs.executor import history
from catalogs.executor.handlers import Context
from catalogs.flinksql.catalog import ObjectIdentifier
from catalogs.secrets import mask_ddl


@dataclass
class ObjectChange:
    kind: str
    name: str
    before: str
    after: str
    renamed_from: str = ""  # the name it had before the statements renamed it

    @property
    def diff(self) -> str:
        """A unified diff of the normalized definitions; empty when only formatting differs."""
        lines = difflib.unified_diff(
            _normalized(self.before),
            _normalized(self.after),
            fromfile=f"{self.renamed_from or self.name} (before)",
            tofile=f"{self.name} (after)",
            lineterm="",
        )
        return "\n".join(lines)

    @property
    def diff_lines(self) -> list[tuple[str, str]]:
        """The diff's lines with their kind, for the page."""
        return diff_lines(self.diff.splitlines())

    @property
    def action(self) -> str:
        if self.renamed_from and self.before and self.after:
            return "renamed"
        if not self.before:
            return "created"
        if not self.after:
            return "dropped"
        return "changed" if self.diff else "unchanged"


def _normalized(text: str) -> list[str]:
    """SHOW CREATE text masked and without trailing blanks, so formatting alone never shows."""
    return [line.rstrip() for line in mask_ddl(text).strip().splitlines() if line.strip()]


def object_changes(
    context: Context,
    before: dict[history.Touched, str],
    renamed: dict[history.Touched, history.Touched],
) -> list[ObjectChange]:
    """Each touched object's definition before and after; a rename is one change from the
    first name to the last (through every rename between), not a drop and a create."""
    origin: dict[history.Touched, history.Touched] = {}
    for new in renamed:
        first = renamed[new]
        while first in renamed and first != new:
            first = renamed[first]
        origin[new] = first
    after = {item: history.definition(context, item) for item in before}
    gone = {first for new, first in origin.items() if after[new] and not after[first]}
    found = []
    for item, was in before.items():
        first = origin.get(item)
        if (item in gone and item not in origin) or not (was or after[item]):
            continue  # shown under its new name, or a name it had only in between
        if first is not None and first in gone and after[item] and not was:
            found.append(
                ObjectChange(
                    item.kind,
                    label(item.identifier),
                    before[first],
                    after[item],
                    label(first.identifier),
                )
            )
        else:
            found.append(ObjectChange(item.kind, label(item.identifier), was, after[item]))
    return found


def label(identifier: ObjectIdentifier) -> str:
    parts = (identifier.catalog, identifier.database, identifier.name)
    return ".".join(part for part in parts if part)
