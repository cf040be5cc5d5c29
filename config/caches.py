"""Where the dashboard keeps what it may compute again: each process's memory, or Redis.

Three caches (``CACHES``): ``default`` (Django's and DRF's own use), ``pages`` (pages and API
answers kept while their environment's version stands, ``environments.page_cache``) and
``fragments`` (pieces of pages under keys made of their whole content, never stale).

With no ``REDIS_URL`` each is the process's memory, so ``make run`` needs nothing. With one,
all three are Django's ``RedisCache`` on that Redis, one key prefix each: every app server then
serves what any of them kept. What decides whether a kept page is current (the environment's
version) is read from the database on every request, never from the cache or the process.
"""

from __future__ import annotations

from typing import Any

PAGES_TIMEOUT = 3600  # seconds a kept page lives at most
# Fragments are never stale (their key is their content); in Redis they still expire, so that
# content no page shows any more goes without a maxmemory policy.
REDIS_FRAGMENTS_TIMEOUT = 24 * 3600


def in_memory() -> dict[str, dict[str, Any]]:
    """Each process's memory: a few hundred pages of some 5-100 KB."""
    return {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "pages": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "pages",
            "TIMEOUT": PAGES_TIMEOUT,
            "OPTIONS": {"MAX_ENTRIES": 500},
        },
        "fragments": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "fragments",
            "TIMEOUT": None,
            "OPTIONS": {"MAX_ENTRIES": 1000},
        },
    }


def on_redis(url: str) -> dict[str, dict[str, Any]]:
    """The same caches on the Redis at ``url`` (``redis://host:6379/0``), shared by every app
    server. Redis, not the cache, bounds their size (``maxmemory`` with ``allkeys-lru``)."""

    def cache(prefix: str, timeout: int | None) -> dict[str, Any]:
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": prefix,
            "TIMEOUT": timeout,
        }

    return {
        "default": cache("default", 300),
        "pages": cache("pages", PAGES_TIMEOUT),
        "fragments": cache("fragments", REDIS_FRAGMENTS_TIMEOUT),
    }


def caches(redis_url: str | None) -> dict[str, dict[str, Any]]:
    """``CACHES`` for the settings: on Redis when ``REDIS_URL`` names one, else in memory."""
    return on_redis(redis_url) if redis_url else in_memory()
