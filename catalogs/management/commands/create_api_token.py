"""Issue an API token of a user and print its value, the only time it is shown."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from environments.models import TOKEN_MAX_DAYS, ApiToken


class Command(BaseCommand):
    help = (
        "Issue a new API token of USER and print it (send it as 'Authorization: Token "
        "<token>'); only its hash is kept, so it cannot be printed again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="command line", help="What the token is for")
        parser.add_argument(
            "--expires-in",
            type=int,
            metavar="DAYS",
            help=f"Refuse the token after DAYS days (1 to {TOKEN_MAX_DAYS}; default: never)",
        )
        parser.add_argument(
            "--rotate",
            action="store_true",
            help="Revoke the user's tokens of the same name first",
        )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"There is no user '{options['username']}'.")
        if options["rotate"]:
            for token in user.api_tokens.filter(name=options["name"], revoked_at=None):
                token.revoke()
        try:
            _, value = ApiToken.issue(user, options["name"], options["expires_in"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(value)
