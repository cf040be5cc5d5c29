"""The small defects of #17, each as a user met it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from catalogs import snapshots
from catalogs.flinksql.parser import parse_statement
from catalogs.models import Table
from catalogs.pages.common import shortened
from changes.models import ChangeRequest
from changes.services import open_request
from changes.services import preview as preview_of
from environments.models import Environment
from tests.access import Members
from tests.conftest import RunScript

DB = "/api/v1/environments/default/catalogs/_env_default/databases/default"
ENV_DB = ["default", "_env_default", "default"]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (f"{DB}/views/nope", "No view 'nope' in database '_env_default.default'."),
        (f"{DB}/tables/nope", "No table 'nope' in database '_env_default.default'."),
        (f"{DB}/functions/nope", "No function 'nope' in database '_env_default.default'."),
        (
            "/api/v1/environments/default/catalogs/nope",
            "No catalog 'nope' in environment 'default'.",
        ),
    ],
)
def test_an_api_404_names_the_kind_it_looked_for(members: Members, url: str, message: str) -> None:
    response = members["viewer"].get(url)
    assert response.status_code == 404
    assert response.json() == {"errors": [{"message": message}]}


def test_a_table_is_not_found_at_a_views_address(members: Members, run: RunScript) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nCREATE VIEW v AS SELECT a FROM t;")
    response = members["viewer"].get(f"{DB}/views/t")
    assert response.json()["errors"][0]["message"] == (
        "No view 't' in database '_env_default.default'."
    )


def test_as_written_keeps_the_comments_before_and_after_the_query(run: RunScript) -> None:
    results = run(
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW v AS\n-- the first note\nSELECT a -- the a\nFROM t -- the last note\n;"
    )
    assert all(r.ok for r in results), [r.error for r in results]
    view = Table.objects.get(name="v")
    assert view.original_query == "-- the first note\nSELECT a -- the a\nFROM t -- the last note"
    assert "note" not in view.expanded_query


def test_a_query_is_stored_with_lf_line_ends(run: RunScript) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');")
    assert run("CREATE VIEW v AS SELECT a\r\nFROM t\r\nWHERE a > 1").pop().ok
    assert run("ALTER VIEW v AS SELECT a\r\nFROM t").pop().ok
    assert Table.objects.get(name="v").original_query == "SELECT a\nFROM t"


def test_a_query_starts_where_its_first_comment_does() -> None:
    """Error positions in the query count from where its text starts."""
    parsed = parse_statement("CREATE VIEW v AS\n  -- a note\nSELECT a FROM t")
    assert (parsed.query_position, parsed.query) == ((2, 3), "-- a note\nSELECT a FROM t")
    parsed = parse_statement("ALTER VIEW v AS SELECT a\r\nFROM t")
    assert (parsed.query_position, parsed.query) == ((1, 17), "SELECT a\nFROM t")


def test_the_view_form_stores_what_the_browser_sends_with_lf(
    client: Client, run: RunScript
) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');")
    url = reverse("view-create", args=["default", "_env_default", "default"])
    response = client.post(url, {"name": "v", "query": "-- note\r\nSELECT a\r\nFROM t"})
    assert response.status_code == 302, response.text
    assert Table.objects.get(name="v").original_query == "-- note\nSELECT a\nFROM t"


# -- banners, headings, warnings --------------------------------------------------------------
def test_a_banner_is_cut_at_a_words_end() -> None:
    text = "Done: CREATE TABLE " + " ".join(f"`column_{i}` INT," for i in range(40))
    cut = shortened(text)
    assert len(cut) <= 200 and cut.endswith("INT,…")
    assert text.startswith(cut.removesuffix("…"))
    assert shortened("short") == "short"
    assert shortened("x" * 300) == "x" * 199 + "…"


def test_the_success_banner_after_a_long_statement_ends_at_a_word(client: Client) -> None:
    columns = {f"columns-{i}-name": f"column_number_{i}" for i in range(12)}
    types = {f"columns-{i}-data_type": "BIGINT" for i in range(12)}
    kinds = {f"columns-{i}-kind": "physical" for i in range(12)}
    data = {
        "name": "wide",
        "columns-TOTAL_FORMS": "12",
        "columns-INITIAL_FORMS": "0",
        "options": "connector = datagen",
        **columns,
        **types,
        **kinds,
    }
    url = reverse("table-create", args=["default", "_env_default", "default"])
    response = client.post(url, data, follow=True)
    assert response.redirect_chain, response.text
    page = response.text
    banner = page.split('<li class="success">')[1].split("</li>")[0]
    assert banner.startswith("Done: CREATE TABLE")
    assert banner.endswith("BIGINT,…"), banner


def test_a_column_name_in_a_form_heading_is_not_upper_cased(client: Client, run: RunScript) -> None:
    run("CREATE TABLE t (orderId INT, b INT) WITH ('connector' = 'datagen');")
    url = reverse(
        "table-column-modify", args=["default", "_env_default", "default", "t", "orderId"]
    )
    html = client.get(url).text
    assert '<h1><span class="kind">Modify column</span> <code class="name">orderId</code>' in html
    assert (
        ".kind code, .kind .name { text-transform: none;"
        in (Path(__file__).resolve().parent.parent / "static/css/app.css").read_text()
    )


def test_snapshot_warnings_end_each_sentence_once(environment: Environment, run: RunScript) -> None:
    run(
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        "CREATE TABLE c.d.t (a INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW c.d.v AS SELECT a FROM c.d.t;\n"
        "DROP TABLE c.d.t;"
    )
    _, result = snapshots.take_snapshot(environment, "c")
    assert len(result.warnings) == 1
    warning = result.warnings[0]
    assert warning.startswith("view d.v is broken: ") and warning.endswith(
        "; a loader will fail on it."
    )
    assert ".;" not in warning and ".." not in warning


# -- change requests ---------------------------------------------------------------------------
def _request(members: Members, who: str = "editor") -> str:
    client = Client()
    client.force_login(members.users[who])
    client.post(
        "/env/default/change-requests/new",
        {"title": "Add c", "sql": "CREATE TABLE c (a INT) WITH ('connector' = 'datagen');"},
    )
    return f"/env/default/change-requests/{ChangeRequest.objects.get().pk}"


def test_a_request_where_none_is_needed_says_so(members: Members) -> None:
    url = _request(members)
    owner = Client()
    owner.force_login(members.users["owner"])
    assert "No approval needed in environment default." in owner.get(url).text
    owner.post(f"{url}/review", {"verdict": "approve"})
    page = owner.get(url).text
    assert "No approval needed in environment default; approved by owner." in page
    assert " of 0 approval" not in page


def test_the_author_is_not_offered_approve_where_authors_do_not_approve(
    members: Members, environment: Environment
) -> None:
    environment.required_approvals = 1
    environment.save()
    url = _request(members)
    author = Client()
    author.force_login(members.users["editor"])
    page = author.get(url).text
    assert 'value="approve"' not in page
    assert 'value="request_changes"' in page
    assert "does not let authors approve their own: another editor approves it." in page
    reviewer = Client()
    reviewer.force_login(members.users["owner"])
    assert 'value="approve"' in reviewer.get(url).text
    environment.allow_self_approval = True
    environment.save()
    assert 'value="approve"' in author.get(url).text


# -- drops --------------------------------------------------------------------------------------


def test_a_drop_asks_for_the_name_when_it_breaks_views(client: Client, run: RunScript) -> None:
    run(
        "CREATE TABLE t (a INT, b INT) WITH ('connector' = 'datagen');\n"
        "CREATE TABLE u (a INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW v AS SELECT a FROM t;"
    )
    # a column no view reads, a table no view reads: one click
    drop_b = reverse("table-column-drop", args=[*ENV_DB, "t", "b"])
    assert "confirm_name" not in client.get(drop_b).text
    assert "confirm_name" not in client.get(reverse("table-drop", args=[*ENV_DB, "u"])).text
    # a column a view reads, a table a view reads: the name typed
    drop_a = reverse("table-column-drop", args=[*ENV_DB, "t", "a"])
    assert 'name="confirm_name"' in client.get(drop_a).text
    version = Table.objects.get(name="t").version
    refused = client.post(drop_a, {"version": version, "confirm_name": "nope"})
    assert refused.status_code == 200
    assert "Type a exactly to drop it." in refused.text
    assert Table.objects.get(name="t").columns.filter(name="a").exists()
    drop_t = reverse("table-drop", args=[*ENV_DB, "t"])
    assert 'name="confirm_name"' in client.get(drop_t).text
    done = client.post(drop_a, {"version": version, "confirm_name": "a"})
    assert done.status_code == 302
    assert not Table.objects.get(name="t").columns.filter(name="a").exists()


def test_dropping_a_catalog_says_what_it_removes(client: Client, run: RunScript) -> None:
    run(
        "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
        "CREATE TABLE c.d.t (a INT) WITH ('connector' = 'datagen');\n"
        "CREATE VIEW c.d.v AS SELECT a FROM c.d.t;"
    )
    html = client.get(reverse("catalog-drop", args=["default", "c"])).text
    assert (
        "Dropping catalog c removes everything in it: 1 database, 1 table, 1 view, 0 functions."
        in html
    )


# -- a rename in a change request ----------------------------------------------------------------
def test_a_rename_in_a_change_request_shows_as_a_rename(
    members: Members, run: RunScript, environment: Environment
) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');")
    request = open_request(
        environment, members.users["editor"], "Rename t", "", "ALTER TABLE t RENAME TO t2"
    )
    preview = preview_of(request, members.users["editor"])
    [change] = preview.changes
    assert (change.kind, change.name, change.renamed_from, change.action) == (
        "table",
        "_env_default.default.t2",
        "_env_default.default.t",
        "renamed",
    )
    assert change.diff_lines[:2] == [
        ("header", "--- _env_default.default.t (before)"),
        ("header", "+++ _env_default.default.t2 (after)"),
    ]
    assert [line for kind, line in change.diff_lines if kind in ("added", "removed")] == [
        "-CREATE TABLE `_env_default`.`default`.`t` (",
        "+CREATE TABLE `_env_default`.`default`.`t2` (",
    ]
    client = Client()
    client.force_login(members.users["viewer"])
    html = client.get(f"/env/default/change-requests/{request.pk}").text
    assert (
        '_env_default.default.t2 <span class="badge">renamed</span> '
        '<span class="muted">from _env_default.default.t</span></h3>'
    ) in html


def test_renames_in_a_row_show_as_one_from_the_first_name_to_the_last(
    members: Members, run: RunScript, environment: Environment
) -> None:
    run("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');")
    sql = "ALTER TABLE t RENAME TO t2;\nALTER TABLE t2 RENAME TO t3;\nALTER TABLE t3 ADD b INT;"
    request = open_request(environment, members.users["editor"], "Renames", "", sql)
    [change] = preview_of(request, members.users["editor"]).changes
    assert (change.name, change.renamed_from, change.action) == (
        "_env_default.default.t3",
        "_env_default.default.t",
        "renamed",
    )
    assert "+  `b` INT" in change.diff
