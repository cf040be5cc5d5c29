"""What a deployment starts from besides a snapshot: the catalog-store folder (one
``<catalog>.yaml`` per catalog, as Flink's FileCatalogStore keeps them) and the SQL client's
init script, written from the catalogs with their secrets as placeholders; and a store folder
imported through the executor."""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from environments.models import Environment
from environments.services import ServiceError

from . import models as m
from .flinksql import catalog_store as cs
from .flinksql import snapshot_format as sf
from .flinksql.catalog import quote_identifier, quote_string
from .flinksql.quoting import quote_in_comment
from .snapshots import ImportReport, get_catalog, run_statements, write_snapshot


def catalog_store_files(environment: Environment) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
    """``<catalog>.yaml`` for every catalog of the environment, as Flink's FileCatalogStore
    writes them, and the secret options replaced by placeholders; ServiceError naming the
    first catalog whose name cannot be such a file (so nothing is written)."""
    files: dict[str, bytes] = {}
    placeholders: list[dict[str, Any]] = []
    for catalog in m.Catalog.objects.filter(environment=environment).order_by("name"):
        replacer = sf.SecretPlaceholders(catalog.name)
        options = replacer.options(None, None, dict(catalog.options))
        try:
            file_name = cs.catalog_file_name(catalog.name)
        except cs.CatalogStoreError as exc:
            raise ServiceError(f"{exc} Nothing was exported.") from None
        files[file_name] = cs.catalog_store_file(options)
        placeholders += replacer.entries
    return files, placeholders


def catalog_store_zip(files: dict[str, bytes]) -> bytes:
    """A zip of the store folder; fixed timestamps, so the same catalogs give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(f"catalog-store/{name}", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return buffer.getvalue()


def read_catalog_store_folder(folder: Path) -> dict[str, bytes]:
    """The store files of a folder: regular files named ``*.yaml`` directly in it (no links,
    no subfolders), each within the size limit."""
    if not folder.is_dir():
        raise ServiceError(f"{folder} is not a folder.")
    files: dict[str, bytes] = {}
    with os.scandir(folder) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            if not entry.name.endswith(cs.FILE_EXTENSION):
                continue
            if entry.is_symlink() or not entry.is_file(follow_symlinks=False):
                raise ServiceError(f"{entry.name}: not a regular file.")
            if len(files) >= cs.MAX_FILES:
                raise ServiceError(f"{folder}: more than {cs.MAX_FILES} catalog-store files.")
            if entry.stat(follow_symlinks=False).st_size > cs.MAX_FILE_BYTES:
                raise ServiceError(
                    f"{entry.name}: larger than the {cs.MAX_FILE_BYTES} bytes a catalog-store "
                    "file may hold."
                )
            files[entry.name] = Path(entry.path).read_bytes()
    return files


def catalog_store_statements(files: dict[str, bytes]) -> list[sf.PlannedStatement]:
    """One CREATE CATALOG per store file; :class:`catalog_store.CatalogStoreError` when a file
    is not valid."""
    planned = []
    for file_name in sorted(files):
        name, options = cs.read_catalog_store_file(file_name, files[file_name])
        lines = ",\n".join(
            f"  {quote_string(k)} = {quote_string(options[k])}" for k in sorted(options)
        )
        sql = f"CREATE CATALOG {quote_identifier(name)}\nWITH (\n{lines}\n)"
        planned.append(sf.PlannedStatement("catalog", name, sql))
    return planned


def import_catalog_store(
    environment: Environment,
    files: dict[str, bytes],
    user: Any = None,
    dry_run: bool = False,
    variables: Mapping[str, str] | None = None,
) -> ImportReport:
    report = ImportReport(dry_run)
    try:
        planned = catalog_store_statements(files)
    except cs.CatalogStoreError as exc:
        report.errors = [str(exc)]
        return report
    return run_statements(environment, planned, user, report, variables=variables)


# -- init script ------------------------------------------------------------------------------
def init_script(
    environment: Environment, catalog_names: Iterable[str], leave_out_broken: bool = False
) -> str:
    """``init.sql`` for the SQL client: the catalogs re-created in a fresh session; with
    ``leave_out_broken``, without their broken views (the script's first lines name them)."""
    snapshots = []
    all_secrets: list[dict[str, Any]] = []
    left_out: list[str] = []
    for name in catalog_names:
        catalog = get_catalog(environment, name)
        buffer = io.StringIO()
        result = write_snapshot(
            buffer, catalog, snapshot_id="init", created_at=0, leave_out_broken=leave_out_broken
        )
        snapshots.append(sf.parse_snapshot(buffer.getvalue()))
        all_secrets += result.secrets
        left_out += [
            f"{quote_in_comment(catalog.name)}.{quote_in_comment(database)}."
            f"{quote_in_comment(view)}"
            for database, view in result.left_out_keys
        ]
    script = sf.init_script(snapshots, all_secrets)
    if not left_out:
        return script
    lines = [f"-- Left out {len(left_out)} broken view(s):"]
    lines += [f"--   {view}" for view in left_out]
    return "\n".join(lines) + "\n" + script
