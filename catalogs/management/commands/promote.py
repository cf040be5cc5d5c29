"""``promote --from dev --to prod --catalog shop[:shop_prod]``: compare, then open a change
request in the target that makes it equal the source for the chosen catalogs.

With ``--compare`` it only prints what differs, object by object, as text diffs of the
normalized definitions, and exits as ``catalog_folder plan`` does (0 equal, 2 different, 1 error).
"""

from __future__ import annotations

import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from environments.services import ServiceError

from .catalog_folder import _environment, _variables, render_plan


class Command(BaseCommand):
    help = "Promote catalogs from one environment to another through a change request."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--from", dest="source", required=True)
        parser.add_argument("--to", dest="target", required=True)
        parser.add_argument(
            "--catalog", action="append", required=True, help="shop or shop:shop_prod, repeatable"
        )
        parser.add_argument("--compare", action="store_true", help="only show what differs")
        parser.add_argument("--allow-drops", action="store_true")
        parser.add_argument("--user", help="who opens the change request (an editor)")
        parser.add_argument("--var", action="append", default=[], help="NAME=VALUE, repeatable")

    def handle(self, *args: Any, **options: Any) -> None:
        from catalogs import promotion

        source, target = _environment(options["source"]), _environment(options["target"])
        try:
            mapping = promotion.parse_mapping(options["catalog"])
            if options["compare"]:
                differences = promotion.compare(source, target, mapping)
                for difference in differences:
                    self.stdout.write(f"-- {difference.change}: {difference.path}\n")
                    self.stdout.write("".join(f"{line}\n" for line in difference.diff))
                if not differences:
                    self.stdout.write("-- No differences.\n")
                sys.exit(2 if differences else 0)
            user = None
            if options["user"]:
                user = get_user_model().objects.filter(username=options["user"]).first()
                if user is None:
                    raise CommandError(f"There is no user '{options['user']}'.")
            promoted = promotion.promote(
                source,
                target,
                mapping,
                user,
                _variables(options["var"]),
                options["allow_drops"],
            )
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        except promotion.fd.FolderInvalid as exc:
            raise CommandError("\n".join(exc.errors)) from None
        applied = promoted.applied
        self.stdout.write(render_plan(applied.plan), ending="")
        if applied.plan.exit_code == 1:
            sys.exit(1)
        if applied.missing_variables:
            names = ", ".join(f"${{{n}}}" for n in applied.missing_variables)
            raise CommandError(f"Give a value for {names} (--var NAME=VALUE); nothing was opened.")
        if applied.change_request is not None:
            self.stdout.write(
                f"-- Opened change request #{applied.change_request.pk} in '{target.name}' "
                f"(source snapshots {', '.join(promoted.snapshot_ids)}).\n"
            )
