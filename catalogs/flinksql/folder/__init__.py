"""Definitions as code: a catalog as a folder of Flink SQL files (pure: no Django).

- :mod:`.names`: how a Flink name becomes a file name;
- :mod:`.files`: writing a folder, one file per object, in canonical and stable bytes;
- :mod:`.reading`: reading any ``.sql`` files with CREATE statements, in dependency order,
  every problem named by file and line;
- :mod:`.plan`: the smallest statements that make an environment equal a folder.
"""

from __future__ import annotations

from .declared import ArtifactPin, Declaration
from .files import folder_files, object_path
from .names import decode_name, encode_name
from .plan import Plan, SecretChanges, Step, plan_changes, table_changes
from .reading import FolderInvalid, FolderStatement, Source, in_dependency_order, read_folder

__all__ = [
    "ArtifactPin",
    "Declaration",
    "FolderInvalid",
    "FolderStatement",
    "SecretChanges",
    "Plan",
    "Source",
    "Step",
    "decode_name",
    "encode_name",
    "folder_files",
    "in_dependency_order",
    "object_path",
    "plan_changes",
    "read_folder",
    "table_changes",
]
