"""Catalog snapshots from the command line: export, list, show, diff, import, verify."""

from __future__ import annotations

import argparse
import codecs
import json
import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalogs.secrets import mask_ddl
from environments.models import Environment
from environments.services import ServiceError


def _environment(name: str) -> Environment:
    environment = Environment.objects.filter(name=name).first()
    if environment is None:
        raise CommandError(f"There is no environment '{name}'.")
    return environment


class Command(BaseCommand):
    help = (
        "Catalog snapshots (flink-sql-bootstrap JSON): export, list, show ID, diff A B, "
        "import FILE, verify ID_OR_FILE."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        export = actions.add_parser("export", help="take and store a snapshot")
        export.add_argument("--environment", required=True)
        export.add_argument("--catalog", required=True)
        export.add_argument("--database", action="append", help="only this database (repeat)")
        export.add_argument("--label", default="", help="release label")
        export.add_argument("--note", default="")
        export.add_argument("--output", type=Path, help="also write the snapshot to this file")
        export.add_argument(
            "--leave-out-broken",
            action="store_true",
            help="leave out views marked broken and the views reading them (recorded in the note)",
        )
        listing = actions.add_parser("list", help="list stored snapshots")
        listing.add_argument("--environment")
        show = actions.add_parser("show", help="print a stored snapshot's bytes")
        show.add_argument("snapshot_id")
        diff = actions.add_parser(
            "diff", help="compare snapshots (ids, files, or live:<environment>/<catalog>)"
        )
        diff.add_argument("old")
        diff.add_argument("new")
        diff.add_argument("--format", choices=["text", "json"], default="text")
        imports = actions.add_parser(
            "import",
            help="import a snapshot file into a catalog; each ${VARIABLE} placeholder of a "
            "secret value is read from the environment variable VARIABLE (refused, naming "
            "them, when any is not set)",
        )
        imports.add_argument("file", type=Path)
        imports.add_argument("--environment", required=True)
        imports.add_argument("--catalog", required=True)
        imports.add_argument("--dry-run", action="store_true")
        imports.add_argument(
            "--skip-broken",
            action="store_true",
            help="leave out views whose query no longer resolves; the rest is all-or-nothing",
        )
        verify = actions.add_parser(
            "verify", help="load snapshots into real Flink (together) and compare"
        )
        verify.add_argument(
            "reference",
            nargs="+",
            help="a snapshot id or a snapshot file; several are loaded together, so that a "
            "view reading another of their catalogs is checked too",
        )
        from catalogs.flink_verify.batches import BATCH_OBJECTS

        verify.add_argument(
            "--batch-objects",
            type=_at_least_one,
            default=BATCH_OBJECTS,
            help="tables and views verified together at most, with what they read "
            f"(default {BATCH_OBJECTS}: memory stays bounded whatever the snapshot's size)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            getattr(self, "_" + options["action"])(options)
        except ServiceError as exc:
            raise CommandError(exc.message) from None

    def _progress(self, message: str) -> None:
        self.stderr.write(message)

    def _export(self, options: dict[str, Any]) -> None:
        from catalogs import snapshots

        environment = _environment(options["environment"])
        snapshot, result = snapshots.take_snapshot(
            environment,
            options["catalog"],
            databases=options["database"],
            label=options["label"],
            note=options["note"],
            progress=self._progress,
            leave_out_broken=options["leave_out_broken"],
        )
        for secret in result.secrets:
            self.stderr.write(
                f"secret option '{secret['option']}' of {secret['database'] or 'the catalog'}"
                f"{'.' + secret['object'] if secret['object'] else ''} written as "
                f"${{{secret['variable']}}}"
            )
        for warning in result.warnings:
            self.stderr.write(f"warning: {warning}")
        if result.left_out:
            self.stderr.write(result.left_out_note())
        if options["output"] is not None:
            with options["output"].open("wb") as output:
                for chunk in snapshots.snapshot_chunks(snapshot):
                    output.write(chunk)
            self.stderr.write(f"written to {options['output']}")
        self.stdout.write(f"sha256 {snapshot.sha256}")
        self.stdout.write(snapshot.snapshot_id)

    def _list(self, options: dict[str, Any]) -> None:
        from catalogs.models import Snapshot

        rows = Snapshot.objects.select_related("environment").order_by("created_at", "pk")
        if options["environment"]:
            rows = rows.filter(environment=_environment(options["environment"]))
        for s in rows.defer("content"):
            self.stdout.write(
                f"{s.snapshot_id}\t{s.environment.name}\t{s.catalog_name}\t"
                f"{s.created_at:%Y-%m-%d %H:%M:%S}\t{s.sha256[:12]}\t{s.label}"
            )

    def _show(self, options: dict[str, Any]) -> None:
        from catalogs import snapshots
        from catalogs.models import Snapshot

        snapshot = Snapshot.objects.filter(snapshot_id=options["snapshot_id"]).first()
        if snapshot is None:
            raise CommandError(f"There is no snapshot {options['snapshot_id']}.")
        text = codecs.getincrementaldecoder("utf-8")()
        for chunk in snapshots.snapshot_chunks(snapshot):
            self.stdout.write(text.decode(chunk), ending="")
        self.stdout.write(text.decode(b"", final=True), ending="")

    def _diff(self, options: dict[str, Any]) -> None:
        from catalogs import snapshot_diffs

        result = snapshot_diffs.diff(options["old"], options["new"])
        if options["format"] == "json":
            self.stdout.write(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
            return
        self.stdout.write(f"--- {result.old_label}\n+++ {result.new_label}")
        counts = result.counts()
        self.stdout.write(
            f"{counts['added']} added, {counts['removed']} removed, {counts['changed']} changed"
        )
        for o in result.objects:
            self.stdout.write(f"{o.change:8} {o.kind:8} {o.label}")
            for name in o.columns_added:
                self.stdout.write(f"    + column {name}")
            for name in o.columns_removed:
                self.stdout.write(f"    - column {name}")
            for name, before, after in o.columns_retyped:
                self.stdout.write(f"    ~ column {name}: {before} -> {after}")
            for key, before, after in o.options:
                self.stdout.write(f"    ~ option {key}: {before!r} -> {after!r}")
            for item in o.other:
                self.stdout.write(f"    ~ {item}")
            for line in o.query_diff:
                self.stdout.write(f"    {line}")
        for message in result.breaking:
            self.stdout.write(f"BREAKING: {message}")

    def _import(self, options: dict[str, Any]) -> None:
        from catalogs import snapshots

        environment = _environment(options["environment"])
        try:
            data = options["file"].read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {options['file']}: {exc.strerror}") from None
        report = snapshots.import_snapshot(
            environment,
            options["catalog"],
            data,
            dry_run=options["dry_run"],
            variables=os.environ,
            skip_broken=options["skip_broken"],
        )
        would = "would be skipped" if report.dry_run else "skipped"
        for skipped in report.skipped:
            self.stdout.write(f"[{would}] view {skipped}")
        for outcome in report.outcomes:
            first = mask_ddl(outcome.statement.sql).splitlines()[0]
            ok = outcome.result is None or outcome.result.ok
            self.stdout.write(f"[{outcome.message if ok else 'FAILED'}] {first}")
        if not report.ok:
            raise CommandError(
                "The snapshot was not imported; the catalog is unchanged:\n"
                + "\n".join(report.failures)
            )
        done = "would be created (dry run)" if report.dry_run else "created"
        self.stdout.write(f"{len(report.outcomes)} statements: every object {done}.")
        for item in report.impacts:
            becomes = "would become" if report.dry_run else "became"
            line = f"[impact] view {item.view} {becomes} {item.mark}: {item.consequence}"
            self.stdout.write(line)

    def _verify(self, options: dict[str, Any]) -> None:
        from catalogs import flink_verify
        from catalogs.flink_verify import batches
        from catalogs.flink_verify.spool import CheckSpool
        from catalogs.flinksql import snapshot_format as sf

        if not flink_verify.flink_available():
            raise CommandError(
                "Cannot verify: real Flink is not available here (needs the apache-flink "
                "package and java on PATH)."
            )
        documents = []
        for reference in options["reference"]:
            try:
                documents += batches.read_documents([self._side(reference)])
            except sf.SnapshotInvalid as exc:
                raise CommandError(
                    f"{reference} is not a valid snapshot:\n" + "\n".join(exc.errors)
                ) from None
        names = [d.catalog for d in documents]
        twice = batches.catalogs_twice(documents)
        if twice:
            raise CommandError(
                f"Cannot verify two snapshots of catalog {', '.join(twice)} together."
            )
        with CheckSpool(names) as spool:
            batches.verify_in_batches(
                documents, spool.add, options["batch_objects"], progress=self._progress
            )
            for name in names:
                if len(names) > 1:
                    self.stdout.write(f"== catalog {name}")
                for line in spool.lines(name):
                    self.stdout.write(line)
                if len(names) > 1:
                    self.stdout.write(f"catalog {name}: {spool.summary(name)}")
            self.stdout.write(spool.summary())
            failed = spool.failed
        if failed:
            raise CommandError(f"{failed} check(s) failed against Flink {sf.FLINK_VERSION}.")

    def _side(self, reference: str) -> Any:
        """A snapshot id's stored document or a file's, read in passes."""
        from catalogs import snapshots
        from catalogs.flinksql import snapshot_format as sf

        if sf.is_snapshot_id(reference):
            from catalogs.models import Snapshot

            stored = Snapshot.objects.filter(snapshot_id=reference).first()
            if stored is None:
                raise CommandError(f"There is no snapshot {reference}.")
            return snapshots.stored_side(stored)
        path = Path(reference)
        try:
            path.open("rb").close()
        except OSError as exc:
            raise CommandError(f"Cannot read {reference}: {exc.strerror}") from None
        return sf.Streamed(lambda: path.open("rb"))


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}")
    return value
