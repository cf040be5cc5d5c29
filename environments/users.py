"""Creating users without Django admin: the rules of a user name, e-mail and password."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from .services import ServiceError


def password_min_length() -> int:
    """The shortest password the site's password rules allow (1 when none sets a length)."""
    lengths = [
        validator.min_length
        for validator in password_validation.get_default_password_validators()
        if isinstance(validator, password_validation.MinimumLengthValidator)
    ]
    return max(lengths, default=1)


@transaction.atomic
def create_user(username: str, password: str, email: str = "") -> Any:
    """A new active user who is neither staff nor superuser (roles are granted per
    environment); refused with the reason when the name is taken or the password weak."""
    model = get_user_model()
    candidate = model(username=username, email=email)
    try:
        candidate.clean_fields(exclude=["password", "last_login", "date_joined"])
        if email:
            validate_email(email)
        password_validation.validate_password(password, candidate)
    except ValidationError as exc:
        raise ServiceError(" ".join(exc.messages)) from None
    if model.objects.filter(username=username).exists():
        raise ServiceError(f"User '{username}' already exists.", "conflict")
    try:
        with transaction.atomic():
            return model.objects.create_user(username=username, email=email, password=password)
    except IntegrityError:  # created concurrently
        raise ServiceError(f"User '{username}' already exists.", "conflict") from None
