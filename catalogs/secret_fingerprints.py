"""Fingerprints of secret option values: whether a value given now (a folder's placeholder
filled in at plan time) equals the one stored, without ever showing the stored one.

A fingerprint is a keyed HMAC (SHA-256) of the value, keyed by the server's ``SECRET_KEY``
with a purpose of its own (``salted_hmac``), over the object's kind, the option's key, a
random salt of the fingerprint's own and the value. So it is worth nothing without the
server's key, the same password in two objects (or two environments) gives two different
fingerprints, and one cannot be moved to another option. It is kept beside the secret, in the
row's ``secret_fingerprints`` (option key -> ``salt$hex``), written whenever the row's
options are (:class:`SecretOptions`), and it is read by :func:`compare` only: no page, API
answer, export or snapshot holds it. A key in ``SECRET_KEY_FALLBACKS`` still verifies, so
rotating the key does not make every secret look changed.
"""

from __future__ import annotations

import secrets as random
from collections.abc import Mapping
from enum import Enum

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

from catalogs.flinksql.secrets import is_secret

PURPOSE = "catalogs.secret_fingerprints"


class Comparison(Enum):
    SAME = "same"
    DIFFERENT = "different"
    UNKNOWN = "unknown"  # stored before fingerprints were kept: the value may differ


def _digest(kind: str, key: str, salt: str, value: str, secret: str) -> str:
    message = "\0".join((kind, key, salt, value))
    return salted_hmac(PURPOSE, message, secret=secret, algorithm="sha256").hexdigest()


def fingerprint(kind: str, key: str, value: str) -> str:
    """A new fingerprint of ``value`` for option ``key`` of an object of ``kind``."""
    salt = random.token_hex(8)
    return f"{salt}${_digest(kind, key, salt, value, settings.SECRET_KEY)}"


def _verifies(kind: str, key: str, value: str, stored: str) -> bool:
    salt, sep, digest = stored.partition("$")
    if not sep:
        return False
    keys = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return any(constant_time_compare(_digest(kind, key, salt, value, k), digest) for k in keys)


def fingerprints(
    kind: str, options: Mapping[str, str], previous: Mapping[str, str]
) -> dict[str, str]:
    """The fingerprints of the secret values of ``options``: those of ``previous`` that still
    verify, new ones for the rest."""
    result = {}
    for key in sorted(options):
        if not is_secret(key):
            continue
        value = str(options[key])
        kept = previous.get(key)
        if kept is not None and _verifies(kind, key, value, kept):
            result[key] = kept
        else:
            result[key] = fingerprint(kind, key, value)
    return result


def compare(kind: str, key: str, value: str, stored: Mapping[str, str]) -> Comparison:
    """Whether ``value`` equals the stored secret of option ``key``, by its fingerprint in
    ``stored`` (a row's ``secret_fingerprints``)."""
    found = stored.get(key)
    if found is None:
        return Comparison.UNKNOWN
    return Comparison.SAME if _verifies(kind, key, value, found) else Comparison.DIFFERENT


class SecretOptions:
    """A model whose options (``OPTIONS_FIELD``) may hold secrets: saving it keeps the
    fingerprints of their values beside them. Rows inserted in bulk call
    :meth:`keep_secret_fingerprints` first."""

    OPTIONS_FIELD = "options"
    FINGERPRINT_KIND = ""

    def keep_secret_fingerprints(self) -> None:
        options = getattr(self, self.OPTIONS_FIELD) or {}
        previous = getattr(self, "secret_fingerprints", None) or {}
        self.secret_fingerprints = fingerprints(self.FINGERPRINT_KIND, options, previous)

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        fields = kwargs.get("update_fields")
        deferred = self.get_deferred_fields()  # type: ignore[attr-defined]
        if fields is None and self.OPTIONS_FIELD not in deferred:
            self.keep_secret_fingerprints()
        elif fields is not None and self.OPTIONS_FIELD in fields:
            self.keep_secret_fingerprints()
            kwargs["update_fields"] = [*fields, "secret_fingerprints"]
        super().save(*args, **kwargs)  # type: ignore[misc]
