"""A secret's value given to a folder's plan is compared with the stored one by a keyed
fingerprint (catalogs/secret_fingerprints.py): the same value plans nothing, another value
plans its SET (of the placeholder, never the value), a secret stored before fingerprints were
kept may differ and is set again, saying so. The fingerprint is never shown by any door."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from catalogs import folder, snapshots
from catalogs import models as m
from catalogs.secret_fingerprints import Comparison, compare, fingerprint
from environments.models import Environment
from tests.conftest import RunScript

OLD = "hunter2-old-value"
NEW = "swordfish-new-value"
FILES = {
    "c/catalog.sql": b"CREATE CATALOG c WITH ('type' = 'paimon', 'default-database' = 'd', "
    b"'warehouse' = 's3://w', 'secret.access.key' = '${C_KEY}');\n",
    "c/d/tables/t.sql": b"CREATE TABLE c.d.t (a INT) WITH ('connector' = 'jdbc', "
    b"'url' = 'jdbc:x', 'password' = '${T_PASSWORD}');\n",
}
TABLE_STEP = (
    "-- ~ change table c.d.t: the secret 'password' changes (the value given differs)",
    "ALTER TABLE `c`.`d`.`t` SET ('password' = '${T_PASSWORD}');",
)


@pytest.fixture
def applied(environment: Environment, tmp_path: Path) -> Path:
    """The folder applied with ``OLD`` as both secrets' value; the folder's path."""
    for path, data in FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    done = folder.apply_folder(environment, FILES, variables={"C_KEY": OLD, "T_PASSWORD": OLD})
    assert done.report is not None and done.report.ok, done.report and done.report.failures
    return tmp_path


def _table() -> m.Table:
    return m.Table.objects.get(name="t", database__catalog__name="c")


def _plan(root: Path, *variables: str) -> tuple[int, str]:
    out = io.StringIO()
    extra = [a for v in variables for a in ("--var", v)]
    with pytest.raises(SystemExit) as exited:
        call_command(
            "catalog_folder", "plan", str(root), "--environment", "default", *extra, stdout=out
        )
    return int(exited.value.code), out.getvalue()  # type: ignore[arg-type]


def test_it_keeps_a_fingerprint_beside_each_secret_and_never_the_value(applied: Path) -> None:
    table = _table()
    catalog = m.Catalog.objects.get(name="c")
    assert set(table.secret_fingerprints) == {"password"}
    assert set(catalog.secret_fingerprints) == {"secret.access.key"}
    assert OLD not in json.dumps([table.secret_fingerprints, catalog.secret_fingerprints])
    # the same value in two objects gives two fingerprints
    assert table.secret_fingerprints["password"] != catalog.secret_fingerprints["secret.access.key"]
    assert compare("table", "password", OLD, table.secret_fingerprints) is Comparison.SAME
    assert compare("table", "password", NEW, table.secret_fingerprints) is Comparison.DIFFERENT
    # nor can one be moved to another option
    moved = {"passwd": table.secret_fingerprints["password"]}
    assert compare("table", "passwd", OLD, moved) is Comparison.DIFFERENT


def test_it_plans_nothing_for_the_same_value(applied: Path) -> None:
    assert _plan(applied, f"C_KEY={OLD}", f"T_PASSWORD={OLD}") == (
        0,
        "-- No changes: the environment equals the folder.\n",
    )
    assert _plan(applied)[0] == 0  # without values: compared by presence, as before


def test_another_value_is_a_set_of_the_placeholder_and_the_value_appears_nowhere(
    applied: Path, client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    code, out = _plan(applied, f"C_KEY={OLD}", f"T_PASSWORD={NEW}")
    assert code == 2
    assert out.splitlines()[:5] == [
        "-- Plan: 0 to create, 1 to change, 0 to re-create, 0 to drop; 0 drop(s) not allowed.",
        "",
        *TABLE_STEP,
        "",
    ]
    assert NEW not in out and OLD not in out
    body = {"files": {p: d.decode() for p, d in FILES.items()}, "variables": {"T_PASSWORD": NEW}}
    answer = client.post(
        "/api/v1/environments/default/folder/plan", body, content_type="application/json"
    )
    assert answer.status_code == 200
    assert [s["reason"] for s in answer.json()["steps"]] == [TABLE_STEP[0].split(": ", 1)[1]]
    assert answer.json()["steps"][0]["statements"] == [
        "ALTER TABLE `c`.`d`.`t` SET ('password' = '******')"
    ]
    assert NEW not in answer.content.decode() and OLD not in answer.content.decode()
    page = client.post(
        reverse("folder-plan", args=["default"]),
        {"file": _zip(), "open": "0", "variable-T_PASSWORD": NEW},
    )
    assert page.status_code == 200
    html = page.content.decode()
    assert "the secret &#x27;password&#x27; changes (the value given differs)" in html
    assert NEW not in html and OLD not in html
    # applied, the new value and its fingerprint are stored; planned again, nothing to do
    done = folder.apply_folder(
        m.Catalog.objects.get(name="c").environment,
        FILES,
        variables={"C_KEY": OLD, "T_PASSWORD": NEW},
    )
    assert done.report is not None and done.report.ok
    assert [p.sql for p in done.filled] == [
        "ALTER TABLE `c`.`d`.`t` SET ('password' = 'swordfish-new-value')"
    ]
    table = _table()
    assert table.options["password"] == NEW
    assert compare("table", "password", NEW, table.secret_fingerprints) is Comparison.SAME
    assert _plan(applied, f"C_KEY={OLD}", f"T_PASSWORD={NEW}")[0] == 0
    logged = [str(vars(r)) for r in caplog.records]
    assert logged and not [r for r in logged if NEW in r or OLD in r]


def _zip() -> io.BytesIO:
    data = io.BytesIO(folder.folder_zip(FILES))
    data.name = "folder.zip"
    return data


def test_a_secret_stored_without_a_fingerprint_may_differ_and_is_set_again(
    applied: Path,
) -> None:
    m.Table.objects.filter(name="t").update(secret_fingerprints={})  # as before the migration
    code, out = _plan(applied, f"C_KEY={OLD}", f"T_PASSWORD={OLD}")
    assert code == 2
    assert out.splitlines()[2:4] == [
        "-- ~ change table c.d.t: the secret 'password' may change (it was stored before the "
        "dashboard kept fingerprints of secrets, so the value given cannot be compared)",
        TABLE_STEP[1],
    ]
    assert OLD not in out
    done = folder.apply_folder(
        _table().database.catalog.environment,
        FILES,
        variables={"C_KEY": OLD, "T_PASSWORD": OLD},
    )
    assert done.report is not None and done.report.ok
    assert _plan(applied, f"C_KEY={OLD}", f"T_PASSWORD={OLD}")[0] == 0


def test_a_catalog_secret_is_compared_too(applied: Path) -> None:
    code, out = _plan(applied, f"C_KEY={NEW}", f"T_PASSWORD={OLD}")
    assert code == 2
    assert out.splitlines()[2:4] == [
        "-- ~ change catalog c: the secret 'secret.access.key' changes (the value given differs)",
        "ALTER CATALOG `c` SET ('secret.access.key' = '${C_KEY}');",
    ]


def test_a_fingerprint_made_with_a_retired_key_still_verifies(settings, applied: Path) -> None:
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a-new-key-after-rotation"
    assert compare("table", "password", OLD, _table().secret_fingerprints) is Comparison.SAME
    settings.SECRET_KEY_FALLBACKS = []
    assert compare("table", "password", OLD, _table().secret_fingerprints) is Comparison.DIFFERENT


def test_no_door_shows_a_fingerprint(
    environment: Environment, applied: Path, client: Client, run: RunScript
) -> None:
    made = run(
        "CREATE MODEL c.d.mo INPUT (x STRING) OUTPUT (y STRING) WITH ('provider' = 'openai', "
        f"'api-key' = '{OLD}')"
    )
    assert [r.ok for r in made] == [True]
    rows = [_table(), m.Catalog.objects.get(name="c"), m.Model.objects.get(name="mo")]
    digests = [v.split("$")[1] for r in rows for v in r.secret_fingerprints.values()]
    assert len(digests) == 3
    salts = [v.split("$")[0] for r in rows for v in r.secret_fingerprints.values()]
    api = "/api/v1/environments/default/catalogs/c"
    texts = [
        client.get(f"{api}/databases/d/tables/t").content.decode(),
        client.get(api).content.decode(),
        client.get(f"{api}/databases/d/tables/").content.decode(),
        client.get("/api/v1/environments/default/folder").content.decode(),
        snapshots.export_bytes(m.Catalog.objects.get(name="c"))[0].decode(),
        *(d.decode() for d in folder.export_files(environment).values()),
        client.get(reverse("folder-zip", args=["default"])).content.decode("latin-1"),
    ]
    assert all(t for t in texts)
    for text in texts:
        assert "fingerprint" not in text
        assert not [d for d in digests + salts if d in text]
        assert OLD not in text


def test_a_fingerprint_is_salted_anew_each_time(environment: Environment) -> None:
    assert fingerprint("table", "password", OLD) != fingerprint("table", "password", OLD)
