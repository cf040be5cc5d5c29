"""Make sure someone can log in: create ``admin`` with a random password if no superuser exists."""

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
        if User.objects.filter(is_superuser=True).exists():
            return
        if User.objects.filter(username=ADMIN_USERNAME).exists():
            raise CommandError(
                f"No superuser exists, but a user '{ADMIN_USERNAME}' does: "
                "create a superuser with 'manage.py createsuperuser'."
            )
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(ADMIN_USERNAME, password=password)
        self.stdout.write(f"Admin account: {ADMIN_USERNAME} / {password}")
