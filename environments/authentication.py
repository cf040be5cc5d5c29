"""``Authorization: Token <value>`` for tools, checked against the stored hashes."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from config.compiled import CompiledQuery

from .models import ApiToken, token_hash

# every API request reads its token (config.compiled: built once, not per request)
_BY_HASH = CompiledQuery(
    lambda key_hash: (
        ApiToken.objects.select_related("user")
        .filter(key_hash=key_hash)
        .order_by("-created", "-id")[:1]
    ),
    str,
)


class ApiTokenAuthentication(TokenAuthentication):
    """DRF's header format, the project's tokens: each failure is a 401 saying why."""

    def authenticate_credentials(self, key: str) -> tuple[AbstractBaseUser, ApiToken]:
        token = _BY_HASH.first(token_hash(key))
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
