"""Promotion between environments (#19): compare, then a change request in the target that,
applied, makes it equal the source; catalog names may differ."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from catalogs import folder, promotion
from catalogs import models as m
from catalogs.executor import Executor, Session
from changes import services as change_requests
from changes.models import ChangeRequest
from environments.models import Environment, Membership, Role
from environments.services import create_environment

DEV = """
CREATE CATALOG shop_dev WITH ('type' = 'generic_in_memory', 'default-database' = 'sales');
CREATE TABLE shop_dev.sales.orders (id BIGINT, amount INT, note STRING)
  WITH ('connector' = 'datagen');
CREATE VIEW shop_dev.sales.big AS SELECT id, amount FROM shop_dev.sales.orders WHERE amount > 9;
"""
PROD = """
CREATE CATALOG shop WITH ('type' = 'generic_in_memory', 'default-database' = 'sales');
CREATE TABLE shop.sales.orders (id BIGINT, amount INT) WITH ('connector' = 'datagen');
"""


def _environment(name: str, script: str) -> Environment:
    environment = create_environment(name)
    results = Executor(Session.start(environment)).execute_script(script)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    return environment


@pytest.fixture
def dev_prod(db: None) -> tuple[Environment, Environment, User]:
    dev, prod = _environment("dev", DEV), _environment("prod", PROD)
    prod.required_approvals = 1
    prod.save()
    author, reviewer = User.objects.create_user("author"), User.objects.create_user("reviewer")
    for user in (author, reviewer):
        Membership.objects.create(environment=prod, user=user, role=Role.EDITOR)
    Membership.objects.create(environment=dev, user=author, role=Role.EDITOR)
    return dev, prod, author


def test_compare_shows_each_object_as_a_text_diff(dev_prod) -> None:
    dev, prod, _ = dev_prod
    differences = promotion.compare(dev, prod, [("shop_dev", "shop")])
    assert [(d.path, d.change) for d in differences] == [
        ("shop/sales/tables/orders.sql", "changed"),
        ("shop/sales/views/big.sql", "added"),
    ]
    assert "+  `note` VARCHAR(2147483647)" in differences[0].diff
    assert "+FROM `shop`.`sales`.`orders` AS `orders`" in differences[1].diff


def test_promote_opens_a_change_request_that_makes_the_target_equal(dev_prod) -> None:
    dev, prod, author = dev_prod
    out = io.StringIO()
    call_command(
        "promote", "--from", "dev", "--to", "prod", "--catalog", "shop_dev:shop",
        "--user", "author", stdout=out,
    )  # fmt: skip
    request = ChangeRequest.objects.get(environment=prod)
    assert request.title == "Promote shop_dev as shop from dev to prod"
    [snapshot] = m.Snapshot.objects.filter(environment=dev)
    assert f"Source snapshot of shop_dev: {snapshot.snapshot_id}" in request.description
    assert [s.sql for s in request.statements.order_by("position")][:1] == [
        "ALTER TABLE `shop`.`sales`.`orders` ADD (`note` VARCHAR(2147483647) AFTER `amount`)"
    ]
    assert "-- Opened change request" in out.getvalue()
    # the source moves on; what is promoted stays what was reviewed
    Executor(Session.start(dev)).execute("DROP VIEW shop_dev.sales.big")
    change_requests.review(request, User.objects.get(username="reviewer"), "approve")
    outcome = change_requests.apply(request, author)
    assert outcome.ok, outcome
    assert promotion.compare(_environment("dev2", DEV), prod, [("shop_dev", "shop")]) == []
    assert (
        folder.plan_definitions(
            prod, promotion.promoted_definitions(dev, [("shop_dev", "shop")])
        ).exit_code
        == 2
    )  # the source dropped its view since: a new promotion would drop it
