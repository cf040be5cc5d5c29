"""``snapshot verify``: a snapshot loads into real Flink the way a launcher loads it, and Flink
shows every object as the dashboard does."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from catalogs import flink_verify, snapshots
from catalogs.executor import Executor, Session
from catalogs.models import Catalog
from environments.models import Environment
from tests.snapshot_catalogs import generated_script, require_flink


def verify(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("snapshot", "verify", *args, stdout=out, stderr=err)
    except Exception as exc:  # CommandError: exit status 1
        return 1, out.getvalue(), str(exc)
    return 0, out.getvalue(), err.getvalue()


def test_it_says_so_and_fails_when_flink_is_not_available(
    environment: Environment, monkeypatch: pytest.MonkeyPatch
) -> None:
    call_command("load_demo", stdout=io.StringIO())
    snapshot, _ = snapshots.take_snapshot(environment, "shop")
    monkeypatch.setattr(flink_verify, "flink_available", lambda: False)
    status, _, err = verify(snapshot.snapshot_id)
    assert status == 1 and "real Flink is not available" in err


@pytest.mark.flink
def test_the_demo_snapshot_verifies_against_real_flink(environment: Environment) -> None:
    require_flink()
    call_command("load_demo", stdout=io.StringIO())
    snapshot, _ = snapshots.take_snapshot(environment, "shop")
    status, out, err = verify(snapshot.snapshot_id)
    assert status == 0, out + err
    assert "0 failed" in out
    for subject in ("table sales.orders", "table crm.customers", "function sales.vat"):
        assert f"[ok] {subject}" in out
    assert "[ok] catalog shop: catalog store" in out


@pytest.mark.flink
def test_a_generated_snapshot_with_views_verifies_against_real_flink(
    environment: Environment, tmp_path
) -> None:
    require_flink()
    results = Executor(Session.start(environment)).execute_script(generated_script("gen", 24, 8))
    assert all(r.ok for r in results)
    path = tmp_path / "gen.json"
    data, _ = snapshots.export_bytes(Catalog.objects.get(name="gen"))
    path.write_bytes(data)
    status, out, err = verify(str(path))
    assert status == 0, out + err
    assert "[ok] view db0.v0001: EXPLAIN SELECT" in out
    assert "[ok] view db0.v0001: DESCRIBE, columns derived by Flink (init script)" in out
