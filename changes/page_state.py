"""What an environment's change-request pages show besides its catalogs, counted so that the
page cache can keep those pages while it stands.

The catalog pages are kept while the environment's version stands (``environments.versions``).
The change-request pages show more: the requests, their statements, reviews and comments, the
names of their authors and reviewers, their roles and the environment's approval rules (an
approval counts while its reviewer is an editor; a preview runs with its author's role and
permissions to use artifacts). Every committed write of one of those adds a
:class:`~changes.models.RequestsChange` row for the environment (folded now and then,
:func:`fold`), and :func:`written` sums them: a page kept at one sum is served again until the
sum moves.

The writes of single rows are counted by the signals connected here (:func:`connect`, from
the app's ``ready``), whatever code makes them; the writes of many rows at once, which send no
signal (``bulk_create``, ``QuerySet.update``, a statement list deleted to be written again),
call :func:`changed` themselves. ``tests/test_change_request_page_cache.py`` runs every action
and checks that the sum moved.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

from environments.models import Artifact, Environment, Membership

from .models import ChangeRequest, ChangeStatement, Comment, RequestsChange, Review

FOLD_EVERY = 1000  # rows written between two folds


def changed(environment_ids: Iterable[int]) -> None:
    """Count one more write of the change-request pages of each environment."""
    created = RequestsChange.objects.bulk_create(
        RequestsChange(environment_id=pk) for pk in sorted(set(environment_ids))
    )
    if any(row.pk is not None and row.pk % FOLD_EVERY == 0 for row in created):
        fold(max(row.pk for row in created))


@transaction.atomic
def fold(up_to: int) -> None:
    """Fold the rows up to id ``up_to`` into one row an environment, whose ``writes`` are
    theirs summed: no sum changes, and each is read from a few rows again.

    Rows another transaction holds (folding them too) are skipped, not waited for, so two
    folds never wait for each other; a row is deleted only by the fold that locked and read
    it, so no row is summed twice or lost. (SQLite has no row locks: its writers take turns.)

    It runs in a transaction of its own (a savepoint in the caller's): its reads lock, and its
    delete and insert land together, also for a write made in autocommit."""
    rows = RequestsChange.objects.filter(pk__lte=up_to).order_by("pk")
    if connection.features.has_select_for_update_skip_locked:
        rows = rows.select_for_update(skip_locked=True)
    read = list(rows.values_list("pk", "environment_id", "writes"))
    if len(read) < 2:
        return
    sums: dict[int, int] = {}
    for _, environment, writes in read:
        sums[environment] = sums.get(environment, 0) + writes
    RequestsChange.objects.filter(pk__in=[pk for pk, _, _ in read]).delete()
    RequestsChange.objects.bulk_create(
        RequestsChange(environment_id=environment, writes=writes)
        for environment, writes in sorted(sums.items())
    )


_TABLE = RequestsChange._meta.db_table
_ENVIRONMENTS = Environment._meta.db_table
_WRITTEN = (
    f"SELECT COALESCE(SUM(r.writes), 0) FROM {_TABLE} r "
    f"JOIN {_ENVIRONMENTS} e ON e.id = r.environment_id WHERE e.name = %s"
)


def written(environment: str) -> int:
    """How many writes of the change-request pages of the environment named ``environment``
    have committed (one query; a fold of the rows leaves it as it was)."""
    with connection.cursor() as cursor:
        cursor.execute(_WRITTEN, [environment])
        return cursor.fetchone()[0]


def shown(request: Any, kwargs: dict[str, Any]) -> str:
    """What a kept change-request page or answer shows besides the environment's catalogs and
    the reader's role (``varies`` of ``environments.page_cache``): the writes counted."""
    return f"requests {written(kwargs['environment'])}"


def shown_to_reader(request: Any, kwargs: dict[str, Any]) -> str:
    """The same, and the reader: a request's page shows what they may do with it (approve it,
    close it) and what changed since their own review."""
    return f"{shown(request, kwargs)} user {request.user.pk}"


def _request_saved(instance: ChangeRequest, **_: Any) -> None:
    changed([instance.environment_id])


def _part_saved(instance: ChangeStatement | Review | Comment, **_: Any) -> None:
    found = ChangeRequest.objects.filter(pk=instance.change_request_id)
    changed(found.values_list("environment_id", flat=True))


def _links_of(model: type[ChangeRequest] | type[Artifact]) -> Any:
    """A receiver of ``m2m_changed`` for a many-to-many field of ``model`` (a model with an
    environment): the links of a request (to history entries, snapshots) or of an artifact (the
    users who may use its functions: a preview runs with its author's permissions)."""

    def links_changed(instance: Any, action: str, reverse: bool, pk_set: Any, **_: Any) -> None:
        if not action.startswith("post_"):
            return
        if not reverse:
            changed([instance.environment_id])
        elif pk_set is None:  # every link cleared from the other side
            _changed_everywhere()
        else:  # linked or unlinked from the other side
            found = model.objects.filter(pk__in=pk_set)
            changed(found.values_list("environment_id", flat=True))

    return links_changed


_REQUEST_LINKS, _USE = _links_of(ChangeRequest), _links_of(Artifact)


def _environment_saved(instance: Environment, created: bool, **_: Any) -> None:
    """Its approval rules: how many approvals a request needs, and whether its author's count."""
    if not created:
        changed([instance.pk])


def _membership_written(instance: Membership, **_: Any) -> None:
    changed([instance.environment_id])


def _user_written(update_fields: Any = None, **_: Any) -> None:
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return  # logging in changes nothing a page shows
    _changed_everywhere()


def _changed_everywhere() -> None:
    changed(Environment.objects.values_list("pk", flat=True))


def connect() -> None:
    post_save.connect(_request_saved, sender=ChangeRequest, dispatch_uid="requests-cr")
    for part in (ChangeStatement, Review, Comment):
        post_save.connect(_part_saved, sender=part, dispatch_uid=f"requests-{part.__name__}")
    for through in (ChangeRequest.history_entries.through, ChangeRequest.snapshots.through):
        m2m_changed.connect(_REQUEST_LINKS, sender=through, dispatch_uid=f"requests-{through}")
    post_save.connect(_environment_saved, sender=Environment, dispatch_uid="requests-rules")
    m2m_changed.connect(_USE, sender=Artifact.users.through, dispatch_uid="requests-use")
    user = get_user_model()
    for signal in (post_save, post_delete):
        signal.connect(_membership_written, sender=Membership, dispatch_uid="requests-role")
        signal.connect(_user_written, sender=user, dispatch_uid="requests-user")
