"""A request reads its user's role in an environment once, and a write to the memberships
within it is seen at once; outside a request every check reads the role again."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from environments import services
from environments.access import has_role, role_of
from environments.models import Environment, Membership, Role
from environments.roles_read import roles_read_once

pytestmark = pytest.mark.django_db

MEMBERSHIP_TABLE = Membership._meta.db_table


@pytest.fixture
def viewer(environment: Environment) -> User:
    user = User.objects.create_user("reader")
    Membership.objects.create(environment=environment, user=user, role=Role.VIEWER)
    return user


def _role_queries(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if f'FROM "{MEMBERSHIP_TABLE}"' in q["sql"] and "role" in q["sql"]
    ]


def test_a_page_reads_its_readers_role_once(
    environment: Environment, viewer: User, settings
) -> None:  # noqa: ANN001
    settings.PAGE_CACHE = False
    client = Client()
    client.force_login(viewer)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/env/{environment.name}/")
    assert page.status_code == 200
    # the door's check, the header's environment and the actions offered: one query
    assert len(_role_queries(queries)) == 1, _role_queries(queries)


def test_a_membership_written_within_the_request_is_seen_at_once(
    environment: Environment, viewer: User
) -> None:
    with roles_read_once():
        assert role_of(viewer, environment) == Role.VIEWER
        services.grant_role(environment, viewer, Role.ADMIN)
        assert role_of(viewer, environment) == Role.ADMIN
        services.revoke_role(environment, viewer)
        assert role_of(viewer, environment) is None
        assert not has_role(viewer, environment, Role.VIEWER)


def test_outside_a_request_every_check_reads_the_role(
    environment: Environment, viewer: User
) -> None:
    assert role_of(viewer, environment) == Role.VIEWER
    # a write no signal tells of (a queryset's update), as another process's would be
    Membership.objects.filter(user=viewer).update(role=Role.EDITOR)
    assert role_of(viewer, environment) == Role.EDITOR


def test_each_request_reads_the_role_again(environment: Environment, viewer: User) -> None:
    client = Client()
    client.force_login(viewer)
    url = f"/api/v1/environments/{environment.name}/catalogs/"
    assert client.get(url).status_code == 200
    Membership.objects.filter(user=viewer).delete()
    assert client.get(url).status_code == 404


def test_a_membership_written_and_rolled_back_within_the_request_is_not_kept(
    environment: Environment, viewer: User
) -> None:
    class RolledBack(Exception):
        pass

    with roles_read_once():
        assert role_of(viewer, environment) == Role.VIEWER
        with pytest.raises(RolledBack), transaction.atomic():
            services.grant_role(environment, viewer, Role.ADMIN)
            assert role_of(viewer, environment) == Role.ADMIN
            raise RolledBack
        assert role_of(viewer, environment) == Role.VIEWER
        assert not has_role(viewer, environment, Role.EDITOR)
