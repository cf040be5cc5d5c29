"""Definitions as code: ``catalog_folder export | plan | apply``.

``plan`` exits as ``terraform plan -detailed-exitcode`` does: 0 when the environment equals
the folder, 2 when changes are pending, 1 on an error (a folder that does not read, a change
no statement can make). ``apply`` exits 0 when the environment equals the folder afterwards
(or a change request was opened), 1 otherwise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from environments.models import Environment
from environments.services import ServiceError


def _environment(name: str) -> Environment:
    environment = Environment.objects.filter(name=name).first()
    if environment is None:
        raise CommandError(f"There is no environment '{name}'.")
    return environment


def _variables(pairs: list[str]) -> dict[str, str]:
    """Placeholder values: the process environment, then each ``--var NAME=VALUE``."""
    values = dict(os.environ)
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise CommandError(f"--var {name}: write NAME=VALUE.")
        values[name] = value
    return values


class Command(BaseCommand):
    help = "Export catalogs as a folder of Flink SQL files, plan a folder, or apply it."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        commands = parser.add_subparsers(dest="action", required=True)
        export = commands.add_parser("export", help="write one file per object")
        export.add_argument("--environment", required=True)
        export.add_argument("--catalog", action="append", help="repeatable; default: all")
        export.add_argument("--output", type=Path, required=True)
        for name in ("plan", "apply"):
            sub = commands.add_parser(name)
            sub.add_argument("folder", type=Path)
            sub.add_argument("--environment", required=True)
            sub.add_argument("--allow-drops", action="store_true")
            sub.add_argument(
                "--var",
                action="append",
                default=[],
                help="NAME=VALUE, repeatable: a secret placeholder's value",
            )
        apply = commands.choices["apply"]
        apply.add_argument("--user", help="who opens the change request (approvals needed)")
        apply.add_argument("--title", default="", help="the change request's title")

    def handle(self, *args: Any, **options: Any) -> None:
        from catalogs import folder

        environment = _environment(options["environment"])
        try:
            if options["action"] == "export":
                files = folder.export_files(environment, options["catalog"])
                folder.write_folder(files, options["output"])
                self.stderr.write(f"{len(files)} files written to {options['output']}")
                return
            files = folder.read_files(options["folder"])
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        if options["action"] == "plan":
            planned = folder.plan_folder(
                environment, files, options["allow_drops"], _variables(options["var"])
            )
            self.stdout.write(render_plan(planned), ending="")
            sys.exit(planned.exit_code)
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
            if user is None:
                raise CommandError(f"There is no user '{options['user']}'.")
        try:
            applied = folder.apply_folder(
                environment,
                files,
                user,
                _variables(options["var"]),
                options["allow_drops"],
                options["title"],
            )
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(render_plan(applied.plan), ending="")
        if applied.plan.exit_code == 1:
            sys.exit(1)
        if applied.missing_variables:
            names = ", ".join(f"${{{n}}}" for n in applied.missing_variables)
            raise CommandError(f"Give a value for {names} (--var NAME=VALUE); nothing was applied.")
        if applied.change_request is not None:
            self.stdout.write(
                f"-- Environment '{environment.name}' needs approvals: opened change request "
                f"#{applied.change_request.pk}.\n"
            )
            return
        if applied.report is None:
            return
        if not applied.report.ok:
            raise CommandError("Nothing was applied:\n" + "\n".join(applied.report.failures))
        self.stdout.write(f"-- Applied {len(applied.plan.sql)} statement(s).\n")


def render_plan(planned: Any) -> str:
    """The plan as a Flink SQL script: each step's statements after a comment saying what
    and why; drops not allowed and errors as comments; the impact at the end."""
    plan = planned.plan
    lines: list[str] = []
    for error in planned.errors + plan.errors:
        lines.append(f"-- ERROR: {error}")
    if planned.errors:
        return "\n".join(lines) + "\n"
    counts = plan.counts()
    summary = ", ".join(f"{n} to {action}" for action, n in counts.items())
    if not plan.pending:
        return "-- No changes: the environment equals the folder.\n"
    lines.append(f"-- Plan: {summary}; {len(plan.skipped_drops)} drop(s) not allowed.")
    signs = {"create": "+", "change": "~", "re-create": "-/+", "drop": "-"}
    for step in plan.steps:
        lines.append("")
        head = f"-- {signs[step.action]} {step.action} {step.kind} {step.name}"
        lines.append(head + (f": {step.reason}" if step.reason else ""))
        if step.warning:
            lines.append(f"-- WARNING: {step.warning.upper()}")
        lines += [p.sql + ";" for p in step.statements]
        if step.declaration is not None:
            lines.append(f"-- {step.declaration.shown}")
    for step in plan.skipped_drops:
        lines.append("")
        lines.append(
            f"-- - {step.kind} {step.name} is not in the folder; pass --allow-drops to drop it"
        )
        if step.warning:
            lines.append(f"-- WARNING: {step.warning.upper()}")
    impact = planned.impact
    if impact is not None:
        lines.append("")
        lines.append(f"-- Impact: {impact.summary}")
        for item in impact.impacts:
            lines.append(f"--   {item.view} becomes {item.mark}: {item.consequence}")
    return "\n".join(lines) + "\n"
