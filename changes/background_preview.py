"""The preview of a long change request, computed by a job rather than by its page.

A request of more than :data:`config.limits.PREVIEW_IN_PAGE_STATEMENTS` statements is not
previewed while its page is read: a reader starts the ``change-request-preview`` job, whose
report is kept here, in the cache framework's ``default`` cache (Redis, shared by every app
server and worker, when ``REDIS_URL`` is set), for the same key as the page's own preview
(:func:`changes.services.preview_key`: the revision, the environment's version, the author's
role). A changed request or catalog has another key: its page asks for a new preview.
"""

from __future__ import annotations

from django.core.cache import caches

from config import limits

from .services import Preview

KEPT = 3600  # seconds a preview computed by a job is kept
JOB_KIND = "change-request-preview"  # the kind of job that previews a long request


def in_background(statements: int) -> bool:
    """Whether a request of ``statements`` statements is previewed by a job."""
    return statements > limits.PREVIEW_IN_PAGE_STATEMENTS


def kept(key: str) -> Preview | None:
    """The preview a job computed for ``key``, if it is still kept."""
    return caches["default"].get(_cache_key(key))


def keep(key: str, found: Preview) -> None:
    caches["default"].set(_cache_key(key), found, KEPT)


def _cache_key(key: str) -> str:
    return f"{JOB_KIND}-job:{key}"
