"""Flink FileCatalogStore folders: export the environment's catalogs, or import a folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from secrets import token_hex
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalogs.secrets import mask_ddl
from environments.models import Environment
from environments.services import ServiceError


class Command(BaseCommand):
    help = (
        "Export the catalogs of an environment as a Flink FileCatalogStore folder, or import one."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        export = actions.add_parser("export", help="write <catalog>.yaml files into a folder")
        export.add_argument("--environment", required=True)
        export.add_argument("--output", type=Path, required=True, help="the store folder")
        imports = actions.add_parser(
            "import",
            help="create the catalogs of a store folder; each ${VARIABLE} placeholder of a "
            "secret value is read from the environment variable VARIABLE",
        )
        imports.add_argument("folder", type=Path)
        imports.add_argument("--environment", default="default")
        imports.add_argument("--dry-run", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["environment"]
        environment = Environment.objects.filter(name=name).first()
        if environment is None:
            raise CommandError(f"There is no environment '{name}'.")
        try:
            if options["action"] == "export":
                self._export(environment, options)
            else:
                self._import(environment, options)
        except ServiceError as exc:
            raise CommandError(exc.message) from None

    def _export(self, environment: Environment, options: dict[str, Any]) -> None:
        from catalogs import deployment_files

        files, secrets = deployment_files.catalog_store_files(environment)
        folder: Path = options["output"]
        try:
            _write_folder(folder, files)
        except OSError as exc:
            raise CommandError(f"Cannot write to {folder}: {exc.strerror}") from None
        for secret in secrets:
            self.stderr.write(
                f"secret option '{secret['option']}' written as ${{{secret['variable']}}}"
            )
        self.stdout.write(f"{len(files)} catalog-store files written to {folder}")

    def _import(self, environment: Environment, options: dict[str, Any]) -> None:
        from catalogs import deployment_files

        files = deployment_files.read_catalog_store_folder(options["folder"])
        if not files:
            raise CommandError(f"{options['folder']} holds no <catalog>.yaml files.")
        report = deployment_files.import_catalog_store(
            environment, files, dry_run=options["dry_run"], variables=os.environ
        )
        for outcome in report.outcomes:
            first = mask_ddl(outcome.statement.sql).splitlines()[0]
            self.stdout.write(f"[{outcome.message}] {first}")
        if not report.ok:
            raise CommandError(
                "The catalog store was not imported; nothing changed:\n"
                + "\n".join(report.failures)
            )
        done = "would be created (dry run)" if report.dry_run else "created"
        self.stdout.write(f"{len(report.outcomes)} catalogs {done}.")


def _write_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Write every file into a new folder beside ``folder`` first, then move it into place: a
    new ``folder`` appears whole (one rename), an existing one gets each file whole; a failure
    leaves nothing behind. The names were checked to be plain file names before."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = folder.parent / f".{folder.name}.{token_hex(6)}.tmp"
    staging.mkdir()  # with the permissions a new folder gets
    try:
        for file_name, data in files.items():
            (staging / file_name).write_bytes(data)
        if not folder.exists():
            staging.rename(folder)
            return
        for file_name in files:
            os.replace(staging / file_name, folder / file_name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
