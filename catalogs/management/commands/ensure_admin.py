"""Make sure someone can log in: create ``admin`` with a random password if no superuser exists.

The password is printed once, when the account is made; it is never stored anywhere to be shown
again. On later runs the command says who the superusers are and how to reset a password.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

ADMIN_USERNAME = "admin"


class Command(BaseCommand):
    help = "Create the superuser 'admin' with a random password unless a superuser exists."

    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        superusers = list(
            User.objects.filter(is_superuser=True)
            .order_by("username")
            .values_list("username", flat=True)
        )
        if len(superusers) == 1:
            self.stdout.write(
                f"Admin account '{superusers[0]}' exists; its password is not shown again. "
                f"To reset it: manage.py changepassword {superusers[0]}"
            )
            return
        if superusers:
            named = ", ".join(f"'{name}'" for name in superusers)
            self.stdout.write(
                f"Admin accounts {named} exist; their passwords are not shown again. "
                "To reset one: manage.py changepassword <name>"
            )
            return
        if User.objects.filter(username=ADMIN_USERNAME).exists():
            raise CommandError(
                f"No superuser exists, but a user '{ADMIN_USERNAME}' does: "
                "create a superuser with 'manage.py createsuperuser'."
            )
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(ADMIN_USERNAME, password=password)
        self.stdout.write(f"Admin account: {ADMIN_USERNAME} / {password}")
