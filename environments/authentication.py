"""``Authorization: Token <value>`` for tools, checked against the stored hashes."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from .models import ApiToken, token_hash


class ApiTokenAuthentication(TokenAuthentication):
    """DRF's header format, the project's tokens: each failure is a 401 saying why."""

    def authenticate_credentials(self, key: str) -> tuple[AbstractBaseUser, ApiToken]:
        token = ApiToken.objects.select_related("user").filter(key_hash=token_hash(key)).first()
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        if token.state == ApiToken.State.REVOKED:
            raise AuthenticationFailed(f"This token was revoked on {_when(token.revoked_at)}.")
        if token.state == ApiToken.State.EXPIRED:
            raise AuthenticationFailed(f"This token expired on {_when(token.expires_at)}.")
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        token.mark_used()
        return token.user, token


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"
