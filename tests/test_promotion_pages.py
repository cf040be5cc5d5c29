"""The "Compare and promote" page (#19): what differs between two environments, the plan,
and a change request in the target."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from changes.models import ChangeRequest
from environments.models import Membership, Role
from tests.test_promotion import dev_prod  # noqa: F401 - the fixture

URL = reverse("promote", args=["prod"])
CHOSEN = {"from": "dev", "catalogs": "shop_dev:shop"}


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_it_shows_what_differs_and_the_plan(dev_prod) -> None:  # noqa: F811
    _, _, author = dev_prod
    page = _client(author).get(URL, CHOSEN)
    assert page.status_code == 200
    text = page.content.decode()
    assert "<strong>changed</strong> <code>shop/sales/tables/orders.sql</code>" in text
    assert "<strong>added</strong> <code>shop/sales/views/big.sql</code>" in text
    assert '<span class="diff-added">+FROM `shop`.`sales`.`orders` AS `orders`</span>' in text
    assert (
        "ALTER TABLE `shop`.`sales`.`orders` ADD (`note` VARCHAR(2147483647) AFTER `amount`)"
        in text
    )
    assert "Promote: open a change request in prod" in text
    assert not ChangeRequest.objects.exists()  # comparing changes nothing


def test_promote_opens_the_change_request_and_redirects_to_it(dev_prod) -> None:  # noqa: F811
    _, prod, author = dev_prod
    response = _client(author).post(URL, {**CHOSEN, "promote": "1"})
    request = ChangeRequest.objects.get(environment=prod)
    assert response.status_code == 302
    assert response["Location"] == reverse("change-request", args=["prod", request.pk])
    assert request.title == "Promote shop_dev as shop from dev to prod"
    assert request.author == author


def test_a_viewer_compares_but_cannot_promote(dev_prod) -> None:  # noqa: F811
    dev, prod, _ = dev_prod
    viewer = User.objects.create_user("viewer")
    for environment in (dev, prod):
        Membership.objects.create(environment=environment, user=viewer, role=Role.VIEWER)
    client = _client(viewer)
    page = client.get(URL, CHOSEN)
    assert page.status_code == 200
    assert "Promote: open a change request" not in page.content.decode()
    assert client.post(URL, {**CHOSEN, "promote": "1"}).status_code == 403
    assert not ChangeRequest.objects.exists()


def test_a_source_the_user_cannot_see_is_not_found(dev_prod) -> None:  # noqa: F811
    _, prod, _ = dev_prod
    outsider = User.objects.create_user("outsider")
    Membership.objects.create(environment=prod, user=outsider, role=Role.EDITOR)
    client = _client(outsider)
    assert client.get(URL, CHOSEN).status_code == 404
    assert client.post(URL, {**CHOSEN, "promote": "1"}).status_code == 404
    assert not ChangeRequest.objects.exists()
    sources = client.get(URL).content.decode()
    assert '<option value="dev"' not in sources  # not offered either


@pytest.mark.parametrize(
    ("catalogs", "message"),
    [
        ("nope", "There is no catalog &#x27;nope&#x27; in environment &#x27;dev&#x27;."),
        (":shop", "&#x27;:shop&#x27;: name a catalog, as shop or shop:shop_prod."),
    ],
)
def test_a_bad_mapping_says_what_is_wrong(dev_prod, catalogs: str, message: str) -> None:  # noqa: F811
    _, _, author = dev_prod
    page = _client(author).get(URL, {"from": "dev", "catalogs": catalogs})
    assert page.status_code == 400
    assert message in page.content.decode()


def test_the_snapshots_page_links_to_it(dev_prod) -> None:  # noqa: F811
    _, _, author = dev_prod
    page = _client(author).get(reverse("snapshot-list", args=["prod"]))
    assert f'href="{URL}"' in page.content.decode()


def test_the_api_compares_and_promotes(dev_prod) -> None:  # noqa: F811
    from rest_framework.test import APIClient

    _, prod, author = dev_prod
    client = APIClient()
    client.force_authenticate(author)
    body = {"source": "dev", "catalogs": ["shop_dev:shop"]}
    compared = client.post("/api/v1/environments/prod/promotion/compare", body, format="json")
    assert compared.status_code == 200
    assert compared.json()["exit_code"] == 2
    assert [(d["path"], d["change"]) for d in compared.json()["differences"]] == [
        ("shop/sales/tables/orders.sql", "changed"),
        ("shop/sales/views/big.sql", "added"),
    ]
    assert not ChangeRequest.objects.exists()
    missing = {"source": "dev", "catalogs": ["nope"]}
    refused = client.post("/api/v1/environments/prod/promotion/compare", missing, format="json")
    assert refused.status_code == 404
    assert "There is no catalog 'nope' in environment 'dev'." in str(refused.json())
    promoted = client.post("/api/v1/environments/prod/promotion", body, format="json")
    assert promoted.status_code == 201
    request = ChangeRequest.objects.get(environment=prod)
    assert promoted.json()["change_request"] == request.pk
    assert len(promoted.json()["source_snapshots"]) == 1
