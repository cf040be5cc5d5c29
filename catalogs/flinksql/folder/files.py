"""Writing a folder: one file per object, each holding the statement that creates it.

The statements are the ones a snapshot import runs (:mod:`..snapshot_format.ddl`), so the two
formats cannot drift apart; the bytes depend only on the definitions (names, options sorted
by key, one clause a line, ``;`` and a line break at the end), so exporting twice gives the
same bytes and a diff in Git shows exactly the change.

A view is written as ``CREATE VIEW <catalog>.<database>.<view> (<columns>) [COMMENT] AS
<expanded query>``: the query Flink stored when the view was created, which is the query as
written with every name resolved as the view stores it (tables fully qualified and aliased,
columns qualified, ``*`` replaced by the columns of that moment), in Flink's own layout of one
clause a line. That is the form chosen over the text as typed because (1) it does not depend
on the session that created the view (the current catalog and database, which the text as
typed silently relies on), (2) it is what the view means: Flink runs the expanded query, and
a column added later to a table does not appear in a view that read ``*``, (3) creating a view
from it gives back the same expanded query, so a plan after apply shows no change, and (4) it
is what ``SHOW CREATE VIEW`` prints, so a reviewer compares it with what Flink shows.

A function's file holds its declared result type, if it has one, as a ``-- RETURNS <type>``
line before the CREATE FUNCTION, and the artifact its code comes from as an
``-- ARTIFACT '<name>' SHA256 '<hex>'`` line after it (:mod:`.declared`).
"""

from __future__ import annotations

from ..catalog import ObjectIdentifier
from ..render import create_database, create_function, show_create_model
from ..snapshot_format.ddl import (
    create_catalog_statement,
    create_table_statement,
    create_view_statement,
)
from ..snapshot_format.reading import Snapshot
from .declared import ArtifactPin, artifact_line, returns_line
from .names import encode_name

CATALOG_FILE = "catalog.sql"
DATABASE_FILE = "database.sql"
FOLDERS = {"table": "tables", "view": "views", "function": "functions", "model": "models"}


def object_path(kind: str, identifier: ObjectIdentifier) -> str:
    """``<catalog>/<database>/<tables|views|functions|models>/<name>.sql``, each part
    encoded."""
    return "/".join(
        (
            encode_name(identifier.catalog),
            encode_name(identifier.database),
            FOLDERS[kind],
            encode_name(identifier.name) + ".sql",
        )
    )


def _file(statement: str) -> bytes:
    return (statement.rstrip("\n") + ";\n").encode("utf-8")


def folder_files(snapshot: Snapshot) -> dict[str, bytes]:
    """The files of one catalog (a snapshot of it, secrets as ``${VARIABLE}`` placeholders),
    by their path in the folder."""
    catalog = snapshot.catalog_name
    root = encode_name(catalog)
    files = {
        f"{root}/{CATALOG_FILE}": _file(
            create_catalog_statement(
                catalog, snapshot.catalog_comment, dict(snapshot.catalog_options)
            )
        )
    }
    for database in snapshot.databases:
        path = f"{root}/{encode_name(database['name'])}/{DATABASE_FILE}"
        files[path] = _file(
            create_database(catalog, database["name"], database["comment"], database["properties"])
        )
    for table in snapshot.tables:
        files[object_path("table", table.identifier)] = _file(create_table_statement(table))
    for view in snapshot.views:
        files[object_path("view", view.identifier)] = _file(create_view_statement(view))
    for function, extras in snapshot.functions:
        declared, artifact = extras.get("returnType"), extras.get("artifact")
        text = returns_line(declared) if declared else ""
        if artifact:
            text += artifact_line(ArtifactPin(artifact, extras.get("artifactSha256")))
        text += create_function(function)
        files[object_path("function", function.identifier)] = _file(text)
    for model in snapshot.models:  # as SHOW CREATE MODEL prints it, secrets as placeholders
        files[object_path("model", model.identifier)] = _file(show_create_model(model))
    return dict(sorted(files.items()))
