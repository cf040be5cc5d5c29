"""``snapshot verify``: snapshots load into real Flink the way a launcher loads them, and Flink
shows every object as the dashboard does."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from catalogs import flink_verify, snapshots
from catalogs.executor import Executor, Session
from catalogs.flink_verify.checks import same_plan_refusal
from catalogs.flink_verify.loadable import Loaded
from catalogs.flink_verify.objects import Replay
from catalogs.flink_verify.session import answer, error_message, new_environment
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.splitter import split_statements
from catalogs.models import Catalog
from environments.models import Environment
from tests.snapshot_catalogs import generated_script, golden_catalogs, require_flink

GOLDENS = Path(__file__).parent / "goldens"

# Every check `snapshot verify` skips for the goldens' catalogs, and why (a part of the reason).
# Nothing else may be skipped, and nothing may fail.
LOOKUP = (
    "a lookup join reads g_vjoin.default.{} (FOR SYSTEM_TIME AS OF a processing-time "
    "attribute), and its connector 'datagen' cannot do lookups"
)
NOT_PLANNED = "Flink refuses to plan this query, also where it created the view itself from DDL: "
UNPARSABLE = (
    'Flink cannot parse the query it stored for this view: Encountered "AS" at line 1, column 67.'
)
EXPECTED_SKIPS = {
    (
        "g_vsub2",
        "view default.v_f30",
        "EXPLAIN SELECT",
    ): "Flink cannot parse the query it stored for this view: Incorrect syntax near the keyword 'C",
    (
        "g_vsub2",
        "view default.v_f31",
        "EXPLAIN SELECT",
    ): "Flink refuses to plan this query, also where it created the view itself from DDL: Sort on ",
    (
        "g_vsub2",
        "view default.v_join_on_sub",
        "EXPLAIN SELECT",
    ): "Flink refuses to plan this query, also where it created the view itself from DDL: equivale",
    (
        "g_vsub2",
        "view default.v_order_sub",
        "EXPLAIN SELECT",
    ): "Flink refuses to plan this query, also where it created the view itself from DDL: Sort on ",
    (
        "g_vsub2",
        "view default.v_over_order_sub",
        "EXPLAIN SELECT",
    ): "Flink refuses to plan this query, also where it created the view itself from DDL: not foun",
    (
        "g_vsub2",
        "view default.v_quant_types",
        "EXPLAIN SELECT",
    ): "Flink refuses to plan this query, also where it created the view itself from DDL: implicit",
    (
        "g_vsub2",
        "view default.v_row_in_types",
        "EXPLAIN SELECT",
    ): "Flink refuses to plan this query, also where it created the view itself from DDL: implicit",
    # Flink stores SELECT localtime as LOCALTIME AS LOCALTIME, which its parser cannot read back
    # (the init script writes the alias back-quoted, so the view is created there).
    ("g_kwq", "view default.v10", "EXPLAIN SELECT"): "Flink cannot parse the query it stored "
    "for this view: Incorrect syntax near the keyword 'LOCALTIME' at line 1, column 21.",
    ("g_errors", "function default.f", "DESCRIBE FUNCTION"): "its code is not available here",
    **{
        ("g_functions", f"function default.{name}", "DESCRIBE FUNCTION"): "its code is not "
        "available here"
        for name in ("f3", "f5", "f6")
    },
    **{
        ("g_functions", f"function default.{name}", "DESCRIBE FUNCTION"): "a Python function's "
        "module is not imported here"
        for name in ("f2", "f4")
    },
    ("g_vagg", "view default.v_distinct_aggs", "EXPLAIN SELECT"): NOT_PLANNED
    + "We now only support the count of one field.",
    ("g_vddl", "view default.p_over_tmp", "EXPLAIN SELECT"): "reads g_vddl.default.tmp_src, "
    "which is not in the snapshot",
    ("g_vddl", "view default.p_over_tmp", "init script statement"): "reads "
    "g_vddl.default.tmp_src, which is not in the snapshot; Flink and the dashboard both refuse "
    "it: Object 'tmp_src' not found within 'g_vddl.default'",
    ("g_vddl", "view default.p_over_tview", "EXPLAIN SELECT"): "reads g_vddl.default.t_view, "
    "which is not in the snapshot",
    ("g_vddl", "view default.p_over_tview", "init script statement"): "reads "
    "g_vddl.default.t_view, which is not in the snapshot; Flink and the dashboard both refuse "
    "it: Object 't_view' not found within 'g_vddl.default'",
    ("g_vexpr", "view default.v_cast", "EXPLAIN SELECT"): NOT_PLANNED
    + "The cast from NUMERIC type to TIMESTAMP type is not allowed.",
    ("g_vexpr", "view default.v_temporal3", "EXPLAIN SELECT"): NOT_PLANNED
    + "TIMESTAMP_LTZ only supports diff between the same type.",
    ("g_vjoin", "view default.v_lookup", "EXPLAIN SELECT"): LOOKUP.format("customers"),
    ("g_vjoin", "view default.v_lookup_noalias", "EXPLAIN SELECT"): LOOKUP.format("customers"),
    ("g_vjoin", "view default.v_temporal_proc", "EXPLAIN SELECT"): LOOKUP.format("rates"),
    ("g_vjoin", "view default.v_temporal_no_pk", "EXPLAIN SELECT"): "an event-time temporal "
    "join reads g_vjoin.default.shipments, which is not a versioned table",
    **{
        ("g_vjoin", f"view default.{name}", what): UNPARSABLE
        for name in ("v_natural", "v_using_star")
        for what in ("EXPLAIN SELECT", "init script statement")
    },
    **{
        ("g_vover", f"view default.{name}", "EXPLAIN SELECT"): NOT_PLANNED + message
        for name, message in (
            ("v_lag_lead", "LEAD Function is not supported in stream mode."),
            ("v_over_no_order", "The window can only be ordered by a single time column."),
            ("v_rank_no_order", "Over Agg: The window rank function requires order by clause"),
            ("v_ranks", "The window can only be ordered in ASCENDING mode."),
            ("v_row_number", "The window can only be ordered in ASCENDING mode."),
        )
    },
    ("g_vrules", "view default.top_v", "EXPLAIN SELECT"): "reads g_vrules.default.base_v, "
    "which is not in the snapshot",
    ("g_vrules", "view default.top_v", "init script statement"): "reads "
    "g_vrules.default.base_v, which is not in the snapshot; Flink and the dashboard both "
    "refuse it: Object 'base_v' not found within 'g_vrules.default'",
    **{
        ("g_vrules", "view default.v_grow_reader", what): "its query no longer resolves against "
        "what it reads (the dashboard marks such a view stale or broken): Column 'x' not found "
        "in table 'v_grow'"
        for what in ("EXPLAIN SELECT", "init script statement")
    },
    ("g_vsub", "view default.v_offset_only", "EXPLAIN SELECT"): NOT_PLANNED
    + "FETCH is missed, which on streaming table is not supported currently.",
    **{
        ("g_vsub", f"view default.{name}", "EXPLAIN SELECT"): NOT_PLANNED
        + "Sort on a non-time-attribute field is not supported."
        for name in ("v_order_by", "v_order_nulls", "v_order_ordinal")
    },
    ("g_vsub", "view default.v_union_types", "EXPLAIN SELECT"): NOT_PLANNED
    + "The cast from NUMERIC type to TIMESTAMP type is not allowed.",
    **{
        ("g_vunnest", f"function default.{name}", "DESCRIBE FUNCTION"): "its code is not "
        "available here"
        for name in ("scalar_fn", "split_words")
    },
    ("g_vunnest", "view default.v_unnest_two", "EXPLAIN SELECT"): NOT_PLANNED
    + "Index 1 out of bounds for length 1",
}


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


def test_it_refuses_two_snapshots_of_one_catalog(environment: Environment) -> None:
    call_command("load_demo", stdout=io.StringIO())
    first, _ = snapshots.take_snapshot(environment, "shop")
    second, _ = snapshots.take_snapshot(environment, "shop")
    if not flink_verify.flink_available():
        pytest.skip("the command says first that Flink is not available")
    status, _, err = verify(first.snapshot_id, second.snapshot_id)
    assert status == 1 and "two snapshots of catalog shop" in err


def test_a_refusal_naming_another_correlate_variable_is_the_same_refusal() -> None:
    """Each session numbers its correlate variables on: Flink refused the MULTISET views of
    g_vcall with $cor0 where the dashboard loaded them and $cor6 where it created them."""
    loaded = "unexpected correlate variable $cor0 in the plan"
    assert same_plan_refusal(loaded, "unexpected correlate variable $cor6 in the plan")
    assert not same_plan_refusal(loaded, "unexpected correlate variable $cor6 in the tree")
    assert not same_plan_refusal(loaded, None)


def test_it_rules_out_explain_for_views_flink_cannot_plan_here(environment: Environment) -> None:
    """The rules that skip EXPLAIN are the dashboard's, decided before Flink runs."""
    run = Executor(Session.start(environment)).execute_script
    script = (GOLDENS / "views_joins.sql").read_text()
    run(script)
    documents = {}
    for name in ("g_vjoin", "g_vjoin2"):
        data, _ = snapshots.export_bytes(Catalog.objects.get(environment=environment, name=name))
        documents[name] = sf.parse_snapshot(data)
    alone = Loaded([documents["g_vjoin"]])
    together = Loaded([documents["g_vjoin"], documents["g_vjoin2"]])
    views = {v.identifier.name: v for v in documents["g_vjoin"].views}
    assert alone.explain_skip(views["v_other_catalog"]) == (
        "reads g_vjoin2.refdata.countries, of catalog 'g_vjoin2', whose snapshot is not "
        "verified with this one"
    )
    assert together.explain_skip(views["v_other_catalog"]) is None
    assert together.explain_skip(views["v_lookup"]).startswith(
        "a lookup join reads g_vjoin.default.customers"
    )
    assert together.explain_skip(views["v_temporal_event"]) is None  # rates is versioned
    assert together.explain_skip(views["v_using_star"]).startswith(
        "Flink cannot parse the query it stored"
    )
    assert together.explain_skip(views["v_join"]) is None


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
    environment: Environment, tmp_path: Path
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


def golden_catalog_files(folder: Path) -> list[Path]:
    """Every catalog the golden scripts leave behind, exported to ``folder``."""
    files = []
    for script in sorted(GOLDENS.glob("*.sql")):
        for catalog in golden_catalogs(script.stem):
            data, _ = snapshots.export_bytes(catalog)
            files.append(folder / f"{catalog.name}.json")
            files[-1].write_bytes(data)
    return files


# The later goldens' checks beyond EXPECTED_SKIPS (tests/goldens/snapshot_verify_known.json):
# Flink's own refusals to plan a view it created, and the known disagreements, each with why.
_KNOWN = json.loads((Path(__file__).parent / "goldens" / "snapshot_verify_known.json").read_text())
PLANNER_SKIPS = {(k["catalog"], k["subject"], k["check"]): k["reason"] for k in _KNOWN["skips"]}
KNOWN_FAILURES = {(k["catalog"], k["subject"], k["check"]): k["reason"] for k in _KNOWN["failures"]}
HISTORY_DEPENDENT = {(k["catalog"], k["subject"], k["check"]) for k in _KNOWN["history_dependent"]}


@pytest.mark.flink
def test_the_goldens_catalogs_verify_against_real_flink(
    db: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All the catalogs the golden scripts create, verified together (a view of g_vjoin reads
    g_vjoin2), in verify's batches of 2,000 objects: nothing fails but the known failures, and
    exactly the expected checks are skipped, for their reasons.
    The deployment's jars are the oracle's: a model provider for the views calling
    ML_PREDICT (views_ml_predict)."""
    require_flink()
    from tests.model_provider import stub_model_provider_jar

    monkeypatch.setenv("FLINK_VERIFY_JARS", str(stub_model_provider_jar()))
    files = golden_catalog_files(tmp_path)
    names = [json.loads(f.read_bytes())["catalogName"] for f in files]
    assert {"g_tables", "g_vjoin", "g_vjoin2", "g_functions", "g_vwin"} <= set(names)
    status, out, err = verify(*map(str, files))
    report = "\n".join(line for line in out.splitlines() if "[ok]" not in line) + err
    assert status == (1 if KNOWN_FAILURES else 0), report
    skipped, failed = {}, set()
    catalog = ""
    lines = out.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("== catalog "):
            catalog = line.removeprefix("== catalog ")
        elif line.startswith(("[skip] ", "[FAIL] ")):
            subject, _, what = line[len("[skip] ") :].partition(": ")
            if line.startswith("[skip] "):
                skipped[(catalog, subject, what)] = lines[index + 1].strip()
            else:
                failed.add((catalog, subject, what))
    # Exactly the known failures still fail: a new one, or one that passes now, fails the test.
    assert sorted(failed - HISTORY_DEPENDENT) == sorted(KNOWN_FAILURES), report
    expected = {**EXPECTED_SKIPS, **PLANNER_SKIPS}
    assert sorted(skipped) == sorted(expected), (
        f"skipped, not expected: {[(k, skipped[k]) for k in sorted(set(skipped) - set(expected))]}"
        f"; expected, not "
        f"skipped: {sorted(set(expected) - set(skipped))}"
    )
    for key, reason in expected.items():
        assert reason in skipped[key], (key, skipped[key])


@pytest.mark.flink
def test_flink_cannot_read_back_the_view_text_it_stores_for_using_star() -> None:
    """Why the views over ``USING`` with ``*`` are skipped: for ``SELECT *`` over a ``USING``
    (or ``NATURAL``) join Flink stores ``COALESCE(a, b AS c)``, which its own parser rejects, so
    nothing can read such a view, not even the session that created it (the golden
    ``views_joins`` records ``CREATE VIEW v_over_using AS SELECT * FROM v_using_star`` failing
    so). Here Flink's own ``SHOW CREATE VIEW`` text does not run as DDL either, and the
    dashboard's parser says the same."""
    require_flink()
    tables = (
        "CREATE TABLE default_catalog.default_database.o (id INT, customer_id INT) "
        "WITH ('connector' = 'datagen');\n"
        "CREATE TABLE default_catalog.default_database.c (customer_id INT, name STRING) "
        "WITH ('connector' = 'datagen');\n"
    )
    env = new_environment()
    for statement in split_statements(tables):
        answer(env, statement)
    answer(env, "CREATE VIEW v AS SELECT * FROM o JOIN c USING (customer_id)")
    [[shown]] = answer(env, "SHOW CREATE VIEW v")
    assert "COALESCE(`o`.`customer_id`, `c`.`customer_id` AS `customer_id0`)" in shown
    with pytest.raises(Exception) as reading:
        answer(env, "EXPLAIN SELECT * FROM v")
    assert error_message(reading.value).startswith('Encountered "AS" at line 1')
    fresh = new_environment()
    dashboard = Replay([])
    for statement in split_statements(tables):
        answer(fresh, statement)
        assert dashboard.run(statement) is None
    with pytest.raises(Exception) as again:
        answer(fresh, shown)
    message = error_message(again.value)
    assert message.startswith('Encountered "AS" at line 6, column ')
    assert str(dashboard.run(shown)).split("\n")[0] == "SQL parse failed. " + message


@pytest.mark.flink
def test_each_verify_session_has_the_jvm_class_loader_as_its_loaders_parent() -> None:
    """PyFlink chains each new session's class loader to the one before: a worker that ran a
    hundred verifies walked a hundred loaders on every class lookup, and kept them all. The
    verify's sessions each hang off the JVM's application class loader."""
    require_flink()
    from pyflink.java_gateway import get_gateway

    jvm = get_gateway().jvm
    system = jvm.ClassLoader.getSystemClassLoader()
    thread = jvm.Thread.currentThread()
    loaders = []
    for _ in range(3):
        new_environment()
        loaders.append(thread.getContextClassLoader())
    assert len({loader.hashCode() for loader in loaders}) == 3
    assert all(loader.getParent().equals(system) for loader in loaders)
