"""Definitions as code, the Django side: export an environment's catalogs as a folder, plan
a folder against an environment, apply it through the executor.

The language (file names, files, reading, the diff) lives in :mod:`catalogs.flinksql.folder`.
Here the folder's statements are made canonical by the executor itself: they run, in
dependency order, in a scratch environment inside a transaction that is always rolled back,
and the definitions the executor made are read back as snapshots. So a hand-written folder is
validated by every rule of the executor, with its messages, and compared in the one form the
catalog stores. The plan is then dry-run on the target (rolled back) twice: once for its
impact (:func:`catalogs.executor.impact.impact_of`), once to check that it gives exactly the
folder's definitions.
"""

from __future__ import annotations

import copy
import io
import os
import secrets as random
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from environments.models import Environment
from environments.services import ServiceError, create_environment

from . import models as m
from . import snapshots
from .executor import marks, store
from .executor.impact import ImpactReport, impacts_of
from .flinksql import folder as fd
from .flinksql import snapshot_format as sf
from .flinksql.catalog import ObjectIdentifier, quote_identifier, quote_string
from .flinksql.secrets import placeholder_variables
from .folder_checks import artifact_problems, pin_artifacts, secret_changes, with_artifact_files
from .services import set_function_details

MAX_FILES = 100_000
MAX_FILE_BYTES = 1 << 20


# -- export -----------------------------------------------------------------------------------
def catalog_names(environment: Environment, names: list[str] | None = None) -> list[str]:
    """The catalogs to export: those named, or every catalog but the environment's own (its
    name depends on the environment, so it belongs to no folder)."""
    if names:
        for name in names:
            snapshots.get_catalog(environment, name)
        return sorted(dict.fromkeys(names))
    rows = m.Catalog.objects.filter(environment=environment, is_environment_catalog=False)
    return list(rows.order_by("name").values_list("name", flat=True))


def catalog_snapshot(catalog: m.Catalog) -> sf.Snapshot:
    """The catalog as it is now, as a snapshot (secrets as placeholders), each function with
    its artifact's latest file."""
    return with_artifact_files(
        sf.validate(snapshots.live_document(catalog)), catalog.environment_id
    )


def export_files(environment: Environment, names: list[str] | None = None) -> dict[str, bytes]:
    """The folder of the catalogs, path -> bytes, secrets as placeholders."""
    files: dict[str, bytes] = {}
    for name in catalog_names(environment, names):
        files.update(fd.folder_files(catalog_snapshot(snapshots.get_catalog(environment, name))))
    return dict(sorted(files.items()))


def write_folder(files: Mapping[str, bytes], output: Path) -> None:
    """Write ``files`` under ``output``; a ``.sql`` file there that is no longer part of the
    folder is removed, so the folder is exactly the export (and Git shows deletions)."""
    output.mkdir(parents=True, exist_ok=True)
    for old in output.rglob("*.sql"):
        if old.relative_to(output).as_posix() not in files:
            old.unlink()
    for path, data in files.items():
        target = output / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def folder_zip(files: Mapping[str, bytes]) -> bytes:
    """A zip of the folder with fixed timestamps: the same definitions give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return buffer.getvalue()


# -- reading ----------------------------------------------------------------------------------
def read_files(folder: Path) -> dict[str, bytes]:
    """The ``.sql`` files under ``folder`` (path relative to it, with ``/``); links refused."""
    if not folder.is_dir():
        raise ServiceError(f"{folder} is not a folder.")
    files: dict[str, bytes] = {}
    for root, directories, names in os.walk(folder):
        directories.sort()
        for name in sorted(names):
            path = Path(root) / name
            relative = path.relative_to(folder).as_posix()
            if not name.endswith(".sql"):
                continue
            if path.is_symlink() or not path.is_file():
                raise ServiceError(f"{relative}: not a regular file.")
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ServiceError(f"{relative}: larger than {MAX_FILE_BYTES} bytes.")
            files[relative] = path.read_bytes()
            if len(files) > MAX_FILES:
                raise ServiceError(f"{folder}: more than {MAX_FILES} .sql files.")
    return files


def read_zip(data: bytes) -> dict[str, bytes]:
    """The ``.sql`` files of a zip; a path leaving the folder is refused."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise ServiceError("The upload is not a zip file.") from None
    files: dict[str, bytes] = {}
    with archive:
        for info in archive.infolist():
            if info.is_dir() or not info.filename.endswith(".sql"):
                continue
            parts = info.filename.split("/")
            if info.filename.startswith("/") or ".." in parts or "\\" in info.filename:
                raise ServiceError(f"{info.filename}: a path outside the folder.")
            if info.file_size > MAX_FILE_BYTES or len(files) >= MAX_FILES:
                raise ServiceError(f"{info.filename}: the folder is too large.")
            files[info.filename] = archive.read(info)
    return files


# -- the folder's definitions, made by the executor ------------------------------------------
class _Discard(Exception):
    """Rolls back a scratch or dry run."""


def _scratch_statements(
    ordered: list[fd.FolderStatement],
) -> tuple[list[sf.PlannedStatement], list[fd.FolderStatement | None], list[fd.Declaration]]:
    """The statements that create the folder's objects, each after the USE statements of
    its context; for each statement the folder statement it comes from; and the functions'
    declared result types."""
    defaults = {
        i.catalog: i.statement.options.get("default-database", "default")  # type: ignore[attr-defined]
        for i in ordered
        if i.kind == "catalog"
    }
    planned: list[sf.PlannedStatement] = []
    sources: list[fd.FolderStatement | None] = []
    declared: list[fd.Declaration] = []
    current: tuple[str, str | None] | None = None

    def add(kind: str, sql: str, item: fd.FolderStatement) -> None:
        planned.append(sf.PlannedStatement(kind, item.label, sql, item.catalog))
        sources.append(item)

    used = {(i.catalog, i.database) for i in ordered if i.kind != "catalog"}
    for item in ordered:
        if item.kind == "catalog" and (item.catalog, defaults[item.catalog]) not in used:
            # CREATE CATALOG makes its default database; a folder without it has none
            add(item.kind, item.statement.text, item)
            quoted = f"{quote_identifier(item.catalog)}.{quote_identifier(defaults[item.catalog])}"
            add("database", f"DROP DATABASE {quoted}", item)
            continue
        if item.kind != "catalog":
            context = (item.context[0], None if item.kind == "database" else item.context[1])
            if context != current:
                add("use", f"USE CATALOG {quote_identifier(context[0])}", item)
                if context[1] is not None:
                    add("use", f"USE {quote_identifier(context[1])}", item)
                current = context
        if item.kind == "database" and defaults.get(item.catalog) == item.database:
            # CREATE CATALOG made it, without comment or properties
            statement = item.statement
            if statement.comment is not None:  # type: ignore[attr-defined]
                raise fd.FolderInvalid(
                    [
                        f"{item.source}: database {item.label} is the default database of its "
                        "catalog, which CREATE CATALOG creates without a comment; Flink cannot "
                        "give it one."
                    ]
                )
            properties = statement.properties  # type: ignore[attr-defined]
            if properties:
                options = ", ".join(
                    f"{quote_string(k)} = {quote_string(properties[k])}" for k in sorted(properties)
                )
                quoted = f"{quote_identifier(item.catalog)}.{quote_identifier(item.database)}"
                add("database", f"ALTER DATABASE {quoted} SET ({options})", item)
            continue
        add(item.kind, item.statement.text, item)
        if item.returns is not None:
            function = ObjectIdentifier(item.catalog, item.database, item.name)
            declared.append(fd.Declaration(function, item.returns, planned[-1]))
    return planned, sources, declared


def _as_is(planned: list[sf.PlannedStatement]) -> dict[str, str]:
    """Every placeholder's value is the placeholder itself: a dry run stores no secret."""
    return {v: "${" + v + "}" for v in placeholder_variables(p.sql for p in planned)}


def folder_definitions(files: Mapping[str, bytes]) -> list[sf.Snapshot]:
    """The folder's catalogs as the executor makes them; :class:`fd.FolderInvalid` names the
    file and the line of every problem. Nothing is kept."""
    ordered = fd.in_dependency_order(fd.read_folder(files))
    planned, sources, declared = _scratch_statements(ordered)
    where = [f"{i.source}: {i.kind} {i.label}: " if i else "" for i in sources]
    names = [i.catalog for i in ordered if i.kind == "catalog"]
    made = made_definitions(planned, where, names, declared)
    pin_artifacts(made, ordered)
    return made


def made_definitions(
    planned: list[sf.PlannedStatement],
    where: list[str],
    names: list[str],
    declared: list[fd.Declaration] | None = None,
) -> list[sf.Snapshot]:
    """The catalogs ``names`` as ``planned`` makes them in a scratch environment (with the
    functions' ``declared`` result types), rolled back; :class:`fd.FolderInvalid` with each
    failure after its ``where`` (one per statement)."""
    errors: list[str] = []
    result: list[sf.Snapshot] = []
    try:
        with transaction.atomic():
            scratch = create_environment(f"folder-{random.token_hex(8)}")
            report = snapshots.ImportReport(dry_run=False)
            run_declared(scratch, planned, declared or [], None, report, _as_is(planned))
            errors += report.errors
            for index, outcome in enumerate(report.outcomes):
                if outcome.result is not None and not outcome.result.ok:
                    errors.append(f"{where[index]}{outcome.result.error}")
            if not errors:
                result = [catalog_snapshot(snapshots.get_catalog(scratch, n)) for n in names]
            raise _Discard
    except _Discard:
        pass
    if errors:
        raise fd.FolderInvalid(errors)
    return result


def environment_definitions(
    environment: Environment, names: list[str]
) -> dict[str, sf.Snapshot | None]:
    found: dict[str, sf.Snapshot | None] = {}
    for name in names:
        catalog = store.catalog_or_none(environment, name)
        found[name] = catalog_snapshot(catalog) if catalog is not None else None
    return found


def run_declared(
    environment: Environment,
    planned: list[sf.PlannedStatement],
    declared: list[fd.Declaration],
    user: Any,
    report: snapshots.ImportReport,
    variables: Mapping[str, str] | None = None,
    count: snapshots.Counted | None = None,
) -> snapshots.ImportReport:
    """:func:`snapshots.run_statements`, with each function's declared result type set
    through the service the API uses (its role rules, its refresh of the calling views): a
    function that exists before every statement, a created one right after the statement
    creating it (before the views calling it). All of it is one transaction, kept only when
    everything succeeded."""
    # a statement as it runs equals the planned one (a function's has no placeholder to fill)
    creating = {d.after: d for d in declared if d.after is not None}

    def after(statement: sf.PlannedStatement) -> str | None:
        found = creating.get(statement) if statement.kind == "function" else None
        return None if found is None else _declare(environment, found, user)

    with transaction.atomic():
        for declaration in declared:
            problem = None if declaration.after else _declare(environment, declaration, user)
            if problem is not None:
                report.errors.append(problem)
                transaction.set_rollback(True)
                return report
        snapshots.run_statements(
            environment, planned, user, report, after if creating else None, variables, count=count
        )
        if not report.applied:
            transaction.set_rollback(True)
    return report


def _declare(environment: Environment, declaration: fd.Declaration, user: Any) -> str | None:
    """Set ``declaration`` on its function; the refusal's message, or None."""
    function = store.functions_named(environment, declaration.function).first()
    if function is None:
        return f"function {declaration.function}: not found to declare its result type."
    try:
        set_function_details(
            function, user, return_type=declaration.result_type, artifact=declaration.artifact
        )
    except ServiceError as exc:
        return f"function {declaration.function}: its declared result type: {exc.message}"
    return None


# -- plan -------------------------------------------------------------------------------------
@dataclass
class FolderPlan:
    plan: fd.Plan
    impact: ImpactReport | None = None
    errors: list[str] = field(default_factory=list)  # the folder, or the plan, cannot be done

    @property
    def exit_code(self) -> int:
        """As ``terraform plan -detailed-exitcode``: 0 nothing to do, 2 changes, 1 error."""
        if self.errors or self.plan.errors:
            return 1
        return 2 if self.plan.pending else 0

    @property
    def sql(self) -> list[str]:
        return [p.sql for p in self.plan.statements]


def placeholders(planned: FolderPlan) -> list[str]:
    """The placeholders the plan's statements need values for (a view's query is no option:
    its literals stay as they are)."""
    return placeholder_variables(p.sql for p in planned.plan.statements if p.kind != "view")


def _as_approved(environment: Environment) -> Environment:
    """The environment for a dry run: approvals are what apply asks for, not a dry run."""
    dry = copy.copy(environment)
    dry.required_approvals = 0
    return dry


def plan_folder(
    environment: Environment,
    files: Mapping[str, bytes],
    allow_drops: bool = False,
    variables: Mapping[str, str] | None = None,
) -> FolderPlan:
    """The plan that makes ``environment`` equal the folder, its impact, and checked: a plan
    whose dry run fails, or does not give the folder's definitions, is an error. A secret
    whose placeholder ``variables`` fills in is set again when it differs from the stored one
    (or may: :func:`secret_changes`)."""
    try:
        desired = folder_definitions(files)
    except fd.FolderInvalid as exc:
        return FolderPlan(fd.Plan(), errors=exc.errors)
    return plan_definitions(environment, desired, allow_drops, variables)


def plan_definitions(
    environment: Environment,
    desired: list[sf.Snapshot],
    allow_drops: bool = False,
    variables: Mapping[str, str] | None = None,
) -> FolderPlan:
    """The plan that makes the catalogs of ``environment`` equal ``desired`` (snapshots as
    the executor makes them), dry-run for its impact and checked."""
    problems = artifact_problems(environment, desired)
    if problems:
        return FolderPlan(fd.Plan(), errors=problems)
    names = [s.catalog_name for s in desired]
    actual = environment_definitions(environment, names)
    secrets = secret_changes(environment, desired, variables or {})
    plan = fd.plan_changes(desired, actual, allow_drops, secrets)
    result = FolderPlan(plan)
    if not plan.steps:
        return result
    result.impact, errors = _dry_run(
        _as_approved(environment), plan.statements, plan.declarations, desired, allow_drops
    )
    result.errors += errors
    return result


def _dry_run(
    environment: Environment,
    statements: list[sf.PlannedStatement],
    declarations: list[fd.Declaration],
    desired: list[sf.Snapshot],
    allow_drops: bool,
) -> tuple[ImpactReport, list[str]]:
    """Run the plan through the executor (rolled back): the views whose marks it sets, at
    any depth (as :func:`catalogs.executor.impact.impact_of` reports them, from the same
    observed marks), and whether it fails or does not give the folder's definitions."""
    errors: list[str] = []
    names = [s.catalog_name for s in desired]
    impact = ImpactReport()
    try:
        with transaction.atomic(), marks.observed() as changes:
            report = snapshots.ImportReport(dry_run=False)
            run_declared(environment, statements, declarations, None, report, _as_is(statements))
            impact.results = [o.result for o in report.outcomes if o.result is not None]
            impact.impacts = impacts_of(changes)
            errors += [f"the plan fails: {failure}" for failure in report.failures]
            if not errors:
                after = environment_definitions(environment, names)
                again = fd.plan_changes(desired, after, allow_drops)
                errors += [
                    f"the plan does not give the folder's {s.kind} {s.name} ({s.action})"
                    for s in again.steps
                ]
            raise _Discard
    except _Discard:
        pass
    return impact, errors


# -- apply ------------------------------------------------------------------------------------
@dataclass
class Applied:
    plan: FolderPlan
    report: snapshots.ImportReport | None = None
    change_request: Any = None  # opened instead, where the environment needs approvals
    missing_variables: list[str] = field(default_factory=list)
    filled: list[sf.PlannedStatement] = field(default_factory=list)  # what runs
    ready: bool = False  # the plan is to run: it has steps, no error, every value


def apply_folder(
    environment: Environment,
    files: Mapping[str, bytes],
    user: Any = None,
    variables: Mapping[str, str] | None = None,
    allow_drops: bool = False,
    title: str = "",
    count: snapshots.Counted | None = None,
) -> Applied:
    """Plan, then run the plan through the executor in one all-or-nothing transaction; where
    the environment needs approvals, open a change request with it instead (as ``user``).
    The placeholders of secret options take their values from ``variables``. ``count`` is
    told the plan's statements run of their total."""
    if environment.required_approvals:
        if user is None:
            raise ServiceError(
                f"Environment '{environment.name}' needs {environment.required_approvals} "
                "approval(s) for every change: name the editor who opens the change request "
                "(--user)."
            )
        return open_change_request(environment, files, user, variables, allow_drops, title)
    applied = _filled(plan_folder(environment, files, allow_drops, variables), variables)
    if applied.ready:
        applied.report = run_declared(
            environment,
            applied.filled,
            applied.plan.plan.declarations,
            user,
            snapshots.ImportReport(dry_run=False),
            count=count,
        )
    return applied


def open_change_request(
    environment: Environment,
    files: Mapping[str, bytes],
    user: Any,
    variables: Mapping[str, str] | None = None,
    allow_drops: bool = False,
    title: str = "",
) -> Applied:
    """Plan, then open a change request (as ``user``, an editor) holding the plan's
    statements, to be reviewed and applied as any other; nothing runs now."""
    planned = plan_folder(environment, files, allow_drops, variables)
    return propose(
        environment,
        planned,
        user,
        variables,
        title or "Apply a catalog folder",
        "Opened from a catalog folder's plan.",
    )


def propose(
    environment: Environment,
    planned: FolderPlan,
    user: Any,
    variables: Mapping[str, str] | None,
    title: str,
    description: str,
) -> Applied:
    """A change request holding ``planned``'s statements, placeholders filled in; none when
    there is nothing to do, the plan has errors, or a value is missing."""
    from changes.services import open_request

    for step in planned.plan.steps:
        declaration = step.declaration
        if declaration is None:
            continue
        declared = f"its declared result type ({declaration.result_type or 'none'})"
        clause, declare = "it", "the type"
        if declaration.artifact is not None or "artifact" in step.reason:
            declared += f" and its artifact ({declaration.artifact or 'none'})"
            clause, declare = "them", "them"
        planned.errors.append(
            f"function {declaration.function}: {declared} cannot travel in a change request, "
            f"which holds Flink SQL statements only (Flink's DDL has no clause for {clause}): "
            f"apply the folder where no approval is needed, or declare {declare} on the "
            "function's page once it exists, and plan again."
        )
    applied = _filled(planned, variables)
    if applied.filled:
        applied.change_request = open_request(
            environment,
            user,
            title,
            description,
            ";\n".join(p.sql for p in applied.filled) + ";",
        )
    return applied


def _filled(planned: FolderPlan, variables: Mapping[str, str] | None) -> Applied:
    """The plan, and its statements with the placeholders filled in (none when there is
    nothing to do, the plan has errors, or a value is missing)."""
    applied = Applied(planned)
    statements = planned.plan.statements
    if planned.exit_code != 2 or not planned.plan.steps:
        return applied
    report = snapshots.ImportReport(dry_run=False)
    filled = snapshots.filled(statements, variables or {}, report)
    if report.missing_variables:
        applied.missing_variables = report.missing_variables
        applied.report = report
        return applied
    applied.filled = filled
    applied.ready = True
    return applied


__all__ = [
    "Applied",
    "FolderPlan",
    "apply_folder",
    "open_change_request",
    "placeholders",
    "plan_definitions",
    "propose",
    "made_definitions",
    "catalog_names",
    "catalog_snapshot",
    "export_files",
    "folder_definitions",
    "folder_zip",
    "plan_folder",
    "read_files",
    "read_zip",
    "write_folder",
]
