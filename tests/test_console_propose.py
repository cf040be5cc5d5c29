"""The console proposes its script in a change request (#17): the primary action where every
change needs approvals, a choice elsewhere, and an offer after a statement was refused for it.
A proposal holds the script's changes, run from where the console session is; reads stay."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from catalogs.models import Table
from changes import services
from changes.models import ChangeRequest
from environments.models import Environment, Membership, Role

CONSOLE = reverse("console", args=["default"])
VIEW = "CREATE VIEW sales.big_orders AS SELECT order_id FROM sales.orders WHERE quantity > 10"


@pytest.fixture
def demo(environment: Environment) -> Environment:
    call_command("load_demo", stdout=io.StringIO())
    return environment


def _member(environment: Environment, name: str, role: Role) -> Client:
    user = User.objects.create_user(name)
    Membership.objects.create(environment=environment, user=user, role=role)
    client = Client()
    client.force_login(user)
    return client


def _statements(change_request: ChangeRequest) -> list[str]:
    return [s.sql for s in change_request.statements.order_by("position")]


def test_where_changes_need_approvals_proposing_is_the_primary_action(
    client: Client, demo: Environment
) -> None:
    demo.required_approvals = 1
    demo.save()
    page = client.get(CONSOLE).text
    assert "Environment default needs 1 approval for every change" in page
    buttons = page[page.index('<div class="buttons">') :]
    assert buttons.index(">Propose in a change request</button>") < buttons.index(">Run</button>")
    assert '<button type="submit" class="secondary">Run</button>' in buttons


def test_elsewhere_running_is_the_primary_action_and_proposing_a_choice(
    client: Client, demo: Environment
) -> None:
    page = client.get(CONSOLE).text
    assert "needs-approval" not in page
    assert '<div class="buttons">\n    <button type="submit">Run</button>' in page
    assert "Or propose the script's changes for review instead of running them" in page


def test_a_proposal_holds_the_changes_from_where_the_session_is_and_runs_nothing(
    client: Client, demo: Environment
) -> None:
    client.post(CONSOLE, {"sql": "USE CATALOG shop; USE crm"})
    script = f"SHOW TABLES; {VIEW}; DESCRIBE sales.orders; CREATE TEMPORARY VIEW t AS SELECT 1"
    answer = client.post(CONSOLE, {"sql": script, "propose": "1"})
    change_request = ChangeRequest.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == reverse("change-request", args=["default", change_request.pk])
    assert change_request.title == VIEW
    assert _statements(change_request) == ["USE CATALOG `shop`", "USE `shop`.`crm`", VIEW]
    assert not Table.objects.filter(name="big_orders").exists()
    assert f"Added to change request #{change_request.pk}." in client.get(answer["Location"]).text


def test_an_applied_proposal_lands_where_the_console_session_was(
    client: Client, demo: Environment, admin_user: User
) -> None:
    client.post(CONSOLE, {"sql": "USE CATALOG shop; USE sales"})
    client.post(
        CONSOLE, {"sql": "CREATE VIEW recent AS SELECT order_id FROM orders", "propose": "1"}
    )
    change_request = ChangeRequest.objects.get()
    outcome = services.apply(change_request, admin_user)
    assert outcome.ok, outcome
    view = Table.objects.get(name="recent")
    assert (view.database.catalog.name, view.database.name) == ("shop", "sales")


def test_a_session_where_a_new_one_starts_adds_no_use_statements(
    client: Client, demo: Environment
) -> None:
    client.post(CONSOLE, {"sql": "CREATE DATABASE extra", "propose": "1"})
    assert _statements(ChangeRequest.objects.get()) == ["CREATE DATABASE extra"]


def test_it_adds_to_the_open_request_chosen(client: Client, demo: Environment) -> None:
    client.post(CONSOLE, {"sql": "CREATE DATABASE first_one", "propose": "1"})
    change_request = ChangeRequest.objects.get()
    page = client.get(CONSOLE).text
    assert (
        f'<option value="{change_request.pk}">#{change_request.pk} CREATE DATABASE first_one'
        in page
    )
    client.post(
        CONSOLE,
        {"sql": "CREATE DATABASE second_one", "propose": "1", "change_request": change_request.pk},
    )
    assert ChangeRequest.objects.count() == 1
    assert _statements(change_request) == [
        "CREATE DATABASE first_one",
        "CREATE DATABASE second_one",
    ]
    assert change_request.revision + 1 == ChangeRequest.objects.get().revision


def test_a_script_of_reads_proposes_nothing_and_says_so(client: Client, demo: Environment) -> None:
    answer = client.post(CONSOLE, {"sql": "SHOW TABLES; USE CATALOG shop", "propose": "1"})
    assert answer.status_code == 200
    assert (
        "[ERROR] Nothing to propose: the script changes nothing in the catalog. Reads and "
        "temporary objects run in the console."
    ) in answer.text
    assert not ChangeRequest.objects.exists()


def test_a_viewer_cannot_propose(demo: Environment) -> None:
    viewer = _member(demo, "vera", Role.VIEWER)
    answer = viewer.post(CONSOLE, {"sql": "CREATE DATABASE extra", "propose": "1"})
    assert (
        "[ERROR] You need the editor role in environment &#x27;default&#x27; to open a change "
        "request."
    ) in answer.text
    assert not ChangeRequest.objects.exists()


def test_a_missing_request_is_named(client: Client, demo: Environment) -> None:
    answer = client.post(
        CONSOLE, {"sql": "CREATE DATABASE extra", "propose": "1", "change_request": "999"}
    )
    assert "[ERROR] That change request does not exist." in answer.text
    assert not ChangeRequest.objects.exists()


def test_a_statement_refused_for_approvals_is_offered_to_a_change_request(
    client: Client, demo: Environment
) -> None:
    demo.required_approvals = 1
    demo.save()
    refused = client.post(CONSOLE, {"sql": "CREATE DATABASE extra"}).text
    assert "needs 1 approval(s) for every change" in refused
    offer = refused[refused.index('data-testid="propose-refused"') :]
    assert '<input type="hidden" name="sql" value="CREATE DATABASE extra">' in offer
    assert '<input type="hidden" name="propose" value="1">' in offer
    client.post(CONSOLE, {"sql": "CREATE DATABASE extra", "propose": "1"})
    assert _statements(ChangeRequest.objects.get()) == ["CREATE DATABASE extra"]


def test_a_refused_script_with_a_secret_is_not_offered_again_with_its_mask(
    client: Client, demo: Environment
) -> None:
    demo.required_approvals = 1
    demo.save()
    script = (
        "CREATE TABLE sales.t (a INT) WITH ('connector' = 'jdbc', 'url' = 'jdbc:x', "
        "'table-name' = 't', 'password' = 'hunter2')"
    )
    refused = client.post(CONSOLE, {"sql": script}).text
    assert "hunter2" not in refused
    offer = refused[refused.index('data-testid="propose-refused"') :]
    assert "type their secret values again first" in offer
    assert 'name="propose"' not in offer.split("</div>")[0]
