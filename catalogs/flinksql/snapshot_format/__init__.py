"""Catalog snapshots in the flink-sql-bootstrap JSON format (pure: no Django).

A snapshot is ``{"version": 1, "snapshotId", "catalogName", "databaseName", "flinkVersion",
"createdAt", ..., "tables": [...], "views": [...], "udfs": [...]}``. The bootstrap loader ignores
unknown fields, so the dashboard writes a few more that make a snapshot complete and loadable
with schemas: every view's ``columns``, the catalog's ``catalogComment``/``catalogOptions``, the
``databases`` with their comments, each function's ``jars``/``returnType``/``artifact``, the
``models`` (Flink 2.x catalog models, their columns and options), and
``secrets`` (the option values replaced by ``${VARIABLE}`` placeholders).

Writing is streamed (:class:`SnapshotWriter`), one object at a time, and gives exactly the bytes
of ``json.dumps(document, indent=2, ensure_ascii=False) + "\\n"``: the same catalog always gives
the same bytes, apart from ``snapshotId`` and ``createdAt``.

Reading (:func:`parse_snapshot`) validates everything a loader would trip over and names the
object and the field of each problem; :func:`import_statements` turns a snapshot into the Flink
SQL statements that re-create it, in dependency order (also the init script for the SQL client).

The modules: :mod:`.document` (constants, ids), :mod:`.writing`, :mod:`.reading`, :mod:`.ddl`
(the statements that re-create a snapshot, the init script), :mod:`.sides` (a document
read one array at a time, whole or streamed), :mod:`.contents`, :mod:`.diff`; this package's names
are theirs.
"""

from __future__ import annotations

from .contents import Contents, contents
from .ddl import (
    PlannedStatement,
    column_clause,
    create_catalog_statement,
    create_table_statement,
    create_view_statement,
    import_statements,
    init_script,
    init_statements,
    retarget,
    runnable_query,
    short_name,
    views_in_order,
)
from .diff import (
    ObjectDiff,
    SnapshotDiff,
    diff_documents,
    diff_sides,
    iter_objects,
    without_volatile,
)
from .document import (
    FLINK_VERSION,
    FORMAT_VERSION,
    LANGUAGES,
    SNAPSHOT_ID,
    Document,
    is_snapshot_id,
    new_snapshot_id,
)
from .reading import (
    Snapshot,
    SnapshotInvalid,
    parse_snapshot,
    validate,
)
from .sides import Side, Streamed, Whole
from .writing import (
    SecretPlaceholders,
    SnapshotWriter,
    column_entry,
    database_entry,
    dumps,
    header,
    model_entry,
    order_views,
    reads,
    relations_read,
    table_entry,
    udf_entry,
    view_entry,
)

__all__ = [
    "Contents",
    "Side",
    "Streamed",
    "Whole",
    "contents",
    "Document",
    "FLINK_VERSION",
    "FORMAT_VERSION",
    "LANGUAGES",
    "ObjectDiff",
    "PlannedStatement",
    "SNAPSHOT_ID",
    "SecretPlaceholders",
    "Snapshot",
    "SnapshotDiff",
    "SnapshotInvalid",
    "SnapshotWriter",
    "column_clause",
    "column_entry",
    "create_catalog_statement",
    "create_table_statement",
    "create_view_statement",
    "runnable_query",
    "short_name",
    "database_entry",
    "diff_documents",
    "diff_sides",
    "dumps",
    "header",
    "import_statements",
    "init_script",
    "init_statements",
    "is_snapshot_id",
    "iter_objects",
    "model_entry",
    "new_snapshot_id",
    "order_views",
    "parse_snapshot",
    "reads",
    "relations_read",
    "retarget",
    "table_entry",
    "udf_entry",
    "validate",
    "view_entry",
    "views_in_order",
    "without_volatile",
]
