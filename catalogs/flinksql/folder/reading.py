"""Reading a folder: any ``.sql`` files holding CREATE statements, in any order.

Each statement is parsed by the Flink dialect (:func:`..parser.parse_statement`), after the SQL
client's splitter (:func:`..splitter.split_statements`). A file may also hold ``USE CATALOG``
and ``USE`` statements. An unqualified name is resolved against, in this order: the last
``USE`` of its file, the folder the file is in (``<catalog>/<database>/...``, names decoded as
:mod:`.names` writes them), and, for a name that is already qualified, nothing. A view's query
is resolved in the same catalog and database (the statements that create it are preceded by
``USE`` statements naming them).

Every problem names the file and the line of the statement: a file that is not UTF-8, a
statement that does not parse, one that is no CREATE or USE, two statements creating one
object, an object in a catalog or database the folder does not create, a secret option
written in clear (a folder holds ``'${VARIABLE}'`` placeholders only). :class:`FolderInvalid`
lists them all; nothing is run before the folder reads without any. A ``-- RETURNS <type>``
line before a CREATE FUNCTION declares its result type (:mod:`.declared`); one that declares
nothing, or no Flink type, is such a problem too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .. import statements as st
from ..catalog import function_name
from ..errors import FlinkSqlError, SqlParseError
from ..ordering import dependency_order
from ..parser import parse_statement
from ..secrets import is_secret
from ..snapshot_format.writing import is_placeholder
from ..splitter import located_statements
from ..views import relations_named
from .declared import (
    ArtifactPin,
    artifact_lines,
    declared_artifact,
    declared_type,
    returns_lines,
)
from .names import decode_name

# what an object is called: (kind group, catalog, database, name); tables and views share one
Key = tuple[str, str, str, str]
_CREATES = {
    st.CreateCatalog: "catalog",
    st.CreateDatabase: "database",
    st.CreateTable: "table",
    st.CreateView: "view",
    st.CreateFunction: "function",
    st.CreateModel: "model",
}
# a view may call a model (ML_PREDICT): models before views
ORDER = ("catalog", "database", "table", "function", "model", "view")


class FolderInvalid(ValueError):
    """A folder that cannot be planned; ``errors`` are ``file:line: message`` each."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass(frozen=True)
class Source:
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class FolderStatement:
    """One CREATE statement of the folder, resolved."""

    kind: str  # catalog, database, table, view, function, model
    catalog: str
    database: str  # empty for a catalog
    name: str  # empty for a catalog or a database
    statement: st.Statement
    source: Source
    context: tuple[str, str | None]  # the catalog and database it runs in
    reads: set[tuple[str, str, str]] = field(default_factory=set)  # a view's relations
    returns: str | None = None  # a function's declared result type (:mod:`.declared`)
    artifact: ArtifactPin | None = None  # the artifact its code comes from (:mod:`.declared`)

    @property
    def key(self) -> Key:
        group = "relation" if self.kind in ("table", "view") else self.kind
        name = function_name(self.name) if self.kind == "function" else self.name
        return (group, self.catalog, self.database, name)

    @property
    def label(self) -> str:
        return ".".join(p for p in (self.catalog, self.database, self.name) if p)


def _path_context(path: str) -> tuple[str | None, str | None]:
    parts = path.split("/")
    catalog = decode_name(parts[0]) if len(parts) >= 2 else None
    database = decode_name(parts[1]) if len(parts) >= 3 else None
    return catalog, database


def _located(script: str) -> list[tuple[str, int]]:
    """Each statement of ``script`` with the line it starts on."""
    return [(text, line) for text, line, _ in located_statements(script)]


def _resolve(
    path: tuple[str, ...], catalog: str | None, database: str | None
) -> tuple[str | None, str | None, str]:
    if len(path) == 3:
        return path[0], path[1], path[2]
    if len(path) == 2:
        return catalog, path[0], path[1]
    return catalog, database, path[0]


def read_folder(files: Mapping[str, bytes]) -> list[FolderStatement]:
    """The CREATE statements of the ``.sql`` files (path -> bytes), checked; raises
    :class:`FolderInvalid` with every problem."""
    errors: list[str] = []
    found: list[FolderStatement] = []
    for path in sorted(files):
        if not path.endswith(".sql"):
            continue
        try:
            script = files[path].decode("utf-8")
        except UnicodeDecodeError:
            errors.append(f"{path}:1: the file is not UTF-8 text.")
            continue
        catalog, database = _path_context(path)
        declarations, trailing = returns_lines(script)
        if trailing:
            errors.append(
                f"{path}:{trailing[0][0]}: a '-- RETURNS <type>' line declares the result type "
                "of the CREATE FUNCTION right after it, and no statement follows."
            )
        artifacts, after_last = artifact_lines(script)
        if after_last:
            errors.append(
                f"{path}:{after_last[0][0]}: an '-- ARTIFACT' line names the artifact of the "
                "CREATE FUNCTION right after it, and no statement follows."
            )
        located = zip(_located(script), declarations, artifacts, strict=True)
        for (text, line), returns, artifact in located:
            source = Source(path, line)
            try:
                statement = parse_statement(text)
            except SqlParseError as exc:
                where = line + (exc.line - 1 if exc.line else 0)
                errors.append(f"{path}:{where}: {exc.message}")
                continue
            except FlinkSqlError as exc:
                errors.append(f"{source}: {exc.message}")
                continue
            except RecursionError:
                errors.append(f"{source}: the statement is nested too deeply to be read.")
                continue
            declared = _declared(returns, statement, path, errors)
            pin = _pinned(artifact, statement, path, errors)
            if isinstance(statement, st.UseCatalog):
                catalog, database = statement.name, None
                continue
            if isinstance(statement, st.UseDatabase):
                if len(statement.path) == 2:
                    catalog = statement.path[0]
                database = statement.path[-1]
                continue
            read = _statement(statement, source, catalog, database, errors)
            if read is not None:
                read.returns, read.artifact = declared, pin
                found.append(read)
    errors += _duplicates(found) + _homeless(found) + _clear_secrets(found)
    if errors:
        raise FolderInvalid(errors)
    return found


def _declared(
    returns: list[tuple[int, str]], statement: st.Statement, path: str, errors: list[str]
) -> str | None:
    """The result type the ``-- RETURNS`` lines before ``statement`` declare, if any."""
    if not returns:
        return None
    try:
        return declared_type(returns, isinstance(statement, st.CreateFunction), path)
    except ValueError as exc:
        errors.append(str(exc))
        return None


def _pinned(
    lines: list[tuple[int, str]], statement: st.Statement, path: str, errors: list[str]
) -> ArtifactPin | None:
    """The artifact the ``-- ARTIFACT`` lines before ``statement`` name, if any."""
    if not lines:
        return None
    try:
        return declared_artifact(lines, isinstance(statement, st.CreateFunction), path)
    except ValueError as exc:
        errors.append(str(exc))
        return None


def _statement(
    statement: st.Statement,
    source: Source,
    catalog: str | None,
    database: str | None,
    errors: list[str],
) -> FolderStatement | None:
    kind = _CREATES.get(type(statement))
    if kind is None:
        errors.append(
            f"{source}: a folder holds CREATE CATALOG, DATABASE, TABLE, VIEW, FUNCTION and "
            f"MODEL statements (and USE), not {' '.join(statement.text.split()[:2]).upper()}."
        )
        return None
    if getattr(statement, "temporary", False) or getattr(statement, "system", False):
        errors.append(f"{source}: a temporary object belongs to a session, not to a folder.")
        return None
    if isinstance(statement, st.CreateCatalog):
        return FolderStatement(
            kind, statement.name, "", "", statement, source, (statement.name, None)
        )
    if isinstance(statement, st.CreateDatabase):
        resolved_catalog = statement.path[0] if len(statement.path) == 2 else catalog
        name = statement.path[-1]
        if resolved_catalog is None:
            errors.append(_unqualified(source, name))
            return None
        return FolderStatement(
            kind, resolved_catalog, name, "", statement, source, (resolved_catalog, database)
        )
    path: tuple[str, ...] = statement.path  # type: ignore[attr-defined]
    c, d, n = _resolve(path, catalog, database)
    if c is None or d is None:
        errors.append(_unqualified(source, ".".join(path)))
        return None
    context = (catalog or c, database if catalog else d)
    if context[1] is None:
        context = (context[0], d)
    read = FolderStatement(kind, c, d, n, statement, source, context)
    if isinstance(statement, st.CreateView):
        for named in relations_named(statement.query):
            rc, rd, rn = _resolve(named, context[0], context[1])
            if rc is not None and rd is not None:
                read.reads.add((rc, rd, rn))
    return read


def _unqualified(source: Source, name: str) -> str:
    return (
        f"{source}: `{name}` names no catalog or database: qualify it, put the file in "
        "<catalog>/<database>/, or USE a catalog and a database before it."
    )


def _duplicates(found: list[FolderStatement]) -> list[str]:
    first: dict[Key, FolderStatement] = {}
    errors = []
    for item in found:
        earlier = first.setdefault(item.key, item)
        if earlier is not item:
            what = "table or view" if item.key[0] == "relation" else item.kind
            errors.append(
                f"{item.source}: {what} {item.label} is created a second time "
                f"(first at {earlier.source})."
            )
    return errors


def _homeless(found: list[FolderStatement]) -> list[str]:
    """Objects whose catalog or database the folder does not create (a folder holds whole
    catalogs; a catalog's default database exists with it)."""
    catalogs = {i.catalog: i for i in found if i.kind == "catalog"}
    databases = {(i.catalog, i.database) for i in found if i.kind == "database"}
    for item in catalogs.values():
        options = item.statement.options  # type: ignore[attr-defined]
        databases.add((item.catalog, options.get("default-database", "default")))
    errors = []
    for item in found:
        if item.kind != "catalog" and item.catalog not in catalogs:
            errors.append(
                f"{item.source}: {item.kind} {item.label} is in catalog {item.catalog}, "
                "which the folder does not create (no CREATE CATALOG for it)."
            )
        elif item.kind in ("table", "view", "function", "model") and (
            (item.catalog, item.database) not in databases
        ):
            errors.append(
                f"{item.source}: {item.kind} {item.label} is in database "
                f"{item.catalog}.{item.database}, which the folder does not create."
            )
    return errors


def _clear_secrets(found: list[FolderStatement]) -> list[str]:
    errors = []
    for item in found:
        options = getattr(item.statement, "options", None) or getattr(
            item.statement, "properties", None
        )
        for key in sorted(options or {}):
            if is_secret(key) and not is_placeholder(options[key]):
                errors.append(
                    f"{item.source}: option '{key}' of {item.kind} {item.label} is a secret "
                    "written in clear; a folder holds a placeholder such as '${VARIABLE}' "
                    "instead, and its value is given when the folder is applied."
                )
    return errors


def in_dependency_order(found: list[FolderStatement]) -> list[FolderStatement]:
    """Catalogs, databases, tables (those created LIKE another after the rest), functions,
    then views, each view after the views of the folder it reads; otherwise by file."""

    def rank(item: FolderStatement) -> tuple[int, int]:
        like = isinstance(item.statement, st.CreateTable) and item.statement.like is not None
        return ORDER.index(item.kind), int(like)

    others = sorted((i for i in found if i.kind != "view"), key=rank)
    views = [i for i in found if i.kind == "view"]
    index = {(v.catalog, v.database, v.name): n for n, v in enumerate(views)}
    ordered = dependency_order(
        range(len(views)), lambda n: [index[r] for r in views[n].reads if r in index]
    )
    return others + [views[n] for n in ordered]
