"""The executor's bulk path stores exactly what the statement path stores, and refuses exactly
what it refuses, with the same messages, leaving nothing behind."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogs.executor import Executor, Session, StatementResult
from catalogs.executor.batch import BatchContext
from catalogs.management.commands.generate_catalog import CatalogGenerator
from catalogs.models import Catalog, Database, HistoryEntry, Table
from environments.models import Environment, Membership, Role
from tests.state import dump

TABLE_FIELDS = ("id", "database", "database_id", "created_at", "updated_at")


def catalog_dump(environment: Environment, catalog: str) -> object:
    """Everything stored for ``catalog`` but ids and times, with its name replaced by CAT:
    SHOW CREATE and DESCRIBE, rows, columns, dependencies, marks, and its history."""
    executor = Executor(Session.start(environment))
    found: dict[str, object] = {
        "catalog": Catalog.objects.filter(name=catalog).values("catalog_type", "comment", "options")
    }
    for database in Database.objects.filter(catalog__name=catalog).order_by("name"):
        found[f"database {database.name}"] = [database.comment, database.properties]
        for row in database.tables.order_by("name"):
            kind = "VIEW" if row.is_view else "TABLE"
            path = f"`{catalog}`.`{database.name}`.`{row.name}`"
            fields = Table.objects.filter(pk=row.pk).values()[0]
            found[f"{kind} {database.name}.{row.name}"] = {
                "show create": executor.execute(f"SHOW CREATE {kind} {path}").rows,
                "describe": executor.execute(f"DESCRIBE {path}").rows,
                "row": {k: v for k, v in fields.items() if k not in TABLE_FIELDS},
                "columns": [
                    {k: v for k, v in c.items() if k not in ("id", "table_id")}
                    for c in row.columns.order_by("position").values()
                ],
                "dependencies": list(
                    row.dependencies.order_by("pk").values(
                        "kind", "catalog_name", "database_name", "object_name", "columns"
                    )
                ),
            }
    entries = HistoryEntry.objects.filter(changes__catalog_name=catalog).distinct()
    found["history"] = [
        [
            entry.statement,
            list(
                entry.changes.order_by("pk").values_list(
                    "kind", "catalog_name", "database_name", "object_name", "before", "after"
                )
            ),
        ]
        for entry in entries.order_by("pk")
    ]
    text = json.dumps(found, default=list, sort_keys=True)
    return json.loads(text.replace(catalog, "CAT"))


def generate(catalog: str, **options) -> None:
    call_command(
        "generate_catalog",
        tables=60,
        views=20,
        databases=3,
        catalog=catalog,
        seed=3,
        stdout=StringIO(),
        stderr=StringIO(),
        **options,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("batch", [25, 5000])
def test_it_builds_the_same_catalog_as_the_statement_path(environment, batch) -> None:
    generate("gen_a", statement_path=True)
    generate("gen_b", batch=batch)
    statement_path = catalog_dump(environment, "gen_a")
    bulk_path = catalog_dump(environment, "gen_b")
    assert bulk_path == statement_path
    views = Table.objects.filter(database__catalog__name="gen_b", kind=Table.Kind.VIEW)
    assert views.filter(dependencies__kind="view").exists()  # views over views
    assert len(statement_path["history"]) == 1 + 2 + 1 + 60 + 20  # type: ignore[index]


PRELUDE = """
CREATE CATALOG {c} WITH ('type' = 'generic_in_memory', 'default-database' = 'd');
CREATE TABLE {c}.d.src (id BIGINT, name STRING) WITH ('connector' = 'datagen');
CREATE TABLE {c}.d.keep (id BIGINT, name STRING) WITH ('connector' = 'datagen');
CREATE VIEW {c}.d.w AS SELECT id, name FROM {c}.d.src;
CREATE VIEW {c}.d.w_all AS
  SELECT w.id, k.name FROM {c}.d.w AS w JOIN {c}.d.keep AS k ON w.id = k.id;
CREATE VIEW {c}.d.gone_reader AS SELECT id FROM {c}.d.keep;
DROP TABLE {c}.d.src;
DROP TABLE {c}.d.keep
"""

BATCH = [
    "CREATE DATABASE {c}.more COMMENT 'more' WITH ('owner' = 'data')",
    "CREATE DATABASE IF NOT EXISTS {c}.d",
    "CREATE TABLE {c}.d.src (id INT, name STRING, ts TIMESTAMP(3), "
    "WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen')",
    "CREATE TABLE IF NOT EXISTS {c}.d.src (x INT)",
    "CREATE TABLE {c}.more.copy (extra STRING) LIKE {c}.d.src",
    "CREATE VIEW {c}.more.over_stale AS SELECT * FROM {c}.d.w",
    "CREATE VIEW {c}.more.deeper (a, b) COMMENT 'two deep' AS "
    "SELECT id, UPPER(name) FROM {c}.more.over_stale",
    "CREATE VIEW IF NOT EXISTS {c}.d.w AS SELECT 1 AS one",
    "CREATE OR REPLACE VIEW {c}.d.w AS SELECT id, name, ts FROM {c}.d.src",
    "CREATE VIEW {c}.more.rowtime AS SELECT id, ts FROM {c}.more.copy",
    "ALTER DATABASE {c}.more SET ('k' = 'v')",
    "CREATE TEMPORARY VIEW tmp_view AS SELECT a FROM {c}.more.deeper",
]


def test_it_keeps_marks_history_and_clauses_as_the_statement_path(environment) -> None:
    for name in ("cat_a", "cat_b"):
        results = Executor(Session.start(environment)).execute_script(PRELUDE.format(c=name))
        assert all(r.ok for r in results), results
    statement_path = Executor(Session.start(environment)).execute_script(
        ";\n".join(s.format(c="cat_a") for s in BATCH), all_or_nothing=True
    )
    bulk_path = Executor(Session.start(environment)).execute_bulk(
        s.format(c="cat_b") for s in BATCH
    )
    assert [r.ok for r in bulk_path] == [r.ok for r in statement_path] == [True] * len(BATCH), (
        describe(bulk_path)[-1]
    )
    assert catalog_dump(environment, "cat_b") == catalog_dump(environment, "cat_a")
    marks = dict(
        Table.objects.filter(database__catalog__name="cat_b", kind="VIEW").values_list(
            "name", "status"
        )
    )
    # the new src made w readable again (OR REPLACE) and left the view over keep broken
    assert marks["w"] == "ok"
    assert marks["w_all"] == marks["gone_reader"] == "broken"


def test_a_view_created_over_a_stale_view_is_stale_on_both_paths(environment) -> None:
    """The mark of a view a run creates over a view already stale: stale, with its path, and
    so is a view over that one, created in the same run."""
    prelude = (
        "CREATE CATALOG {c} WITH ('type' = 'generic_in_memory', 'default-database' = 'd');"
        "CREATE TABLE {c}.d.t (a INT) WITH ('connector' = 'datagen');"
        "CREATE VIEW {c}.d.v1 AS SELECT a FROM {c}.d.t;"
        "ALTER TABLE {c}.d.t MODIFY a BIGINT"
    )
    batch = [
        "CREATE VIEW {c}.d.v2 AS SELECT a FROM {c}.d.v1",
        "CREATE VIEW {c}.d.v3 AS SELECT a FROM {c}.d.v2",
        "CREATE VIEW {c}.d.fresh AS SELECT a FROM {c}.d.t",
    ]
    for name in ("cat_a", "cat_b"):
        results = Executor(Session.start(environment)).execute_script(prelude.format(c=name))
        assert all(r.ok for r in results), results
    statement_path = Executor(Session.start(environment)).execute_script(
        ";\n".join(s.format(c="cat_a") for s in batch), all_or_nothing=True
    )
    bulk_path = Executor(Session.start(environment)).execute_bulk(
        s.format(c="cat_b") for s in batch
    )
    assert [r.ok for r in bulk_path] == [r.ok for r in statement_path] == [True] * 3
    marks = {}
    for name in ("cat_a", "cat_b"):
        rows = Table.objects.filter(database__catalog__name=name, kind="VIEW")
        marks[name] = {
            r.name: (r.status, r.status_reason.replace(name, "c")) for r in rows.order_by("name")
        }
    assert marks["cat_b"] == marks["cat_a"]
    assert {n: status for n, (status, _) in marks["cat_b"].items()} == {
        "fresh": "ok",
        "v1": "stale",
        "v2": "stale",
        "v3": "stale",
    }
    assert "(path c.d.v3 -> c.d.v2 -> c.d.v1 -> c.d.t)" in marks["cat_b"]["v3"][1]


@pytest.fixture
def stored(environment) -> Executor:
    executor = Executor(Session.start(environment))
    results = executor.execute_script(
        "CREATE TABLE stored_t (id BIGINT, name STRING) WITH ('connector' = 'datagen');"
        "CREATE VIEW stored_v AS SELECT id FROM stored_t"
    )
    assert all(r.ok for r in results), results
    return executor


NEW_TABLE = "CREATE TABLE fresh (id BIGINT, name STRING) WITH ('connector' = 'datagen')"

FAILING_BATCHES = {
    "duplicate in batch": [NEW_TABLE, "CREATE VIEW v1 AS SELECT id FROM fresh", NEW_TABLE],
    "duplicate of stored": [NEW_TABLE, "CREATE VIEW stored_t AS SELECT id FROM fresh"],
    "view over a missing table": [NEW_TABLE, "CREATE VIEW v1 AS SELECT id FROM missing"],
    "bad type": [NEW_TABLE, "CREATE TABLE t2 (id FOO)"],
    "missing column in an in-batch view": [
        NEW_TABLE,
        "CREATE VIEW v1 AS SELECT id FROM fresh",
        "CREATE VIEW v2 AS SELECT name FROM v1",
    ],
    "missing database": [NEW_TABLE, "CREATE TABLE nowhere.t (a INT)"],
    "duplicate database": ["CREATE DATABASE d1", NEW_TABLE, "CREATE DATABASE d1"],
    "parse error": [NEW_TABLE, "CREATE TABLE (", "CREATE TABLE t3 (a INT)"],
    "failure after a run": [NEW_TABLE, "DROP TABLE missing"],
    "replace a table by a view": [NEW_TABLE, "CREATE OR REPLACE VIEW fresh AS SELECT 1 AS a"],
    "data statement": [NEW_TABLE, "INSERT INTO fresh SELECT * FROM fresh"],
}


@pytest.mark.parametrize("case", FAILING_BATCHES)
def test_it_refuses_a_batch_as_the_statement_path_does_leaving_nothing(stored, case) -> None:
    statements = FAILING_BATCHES[case]
    session_before = (stored.session.current_catalog, stored.session.current_database)
    before = dump()
    bulk_path = stored.execute_bulk(statements)
    assert dump() == before
    statement_path = stored.execute_script(";\n".join(statements), all_or_nothing=True)
    assert dump() == before
    assert describe(bulk_path) == describe(statement_path)
    assert not bulk_path[-1].ok and bulk_path[-1].error
    assert (stored.session.current_catalog, stored.session.current_database) == session_before


def describe(results: list[StatementResult]) -> list[tuple]:
    return [(r.statement, r.ok, r.error, r.code) for r in results]


def test_it_refuses_a_batch_to_a_viewer_and_where_changes_need_approval(environment) -> None:
    viewer = User.objects.create_user("vi", password="pw")
    Membership.objects.create(environment=environment, user=viewer, role=Role.VIEWER)
    before = dump()
    as_viewer = Executor(Session.start(environment), viewer).execute_bulk([NEW_TABLE])
    assert (as_viewer[0].code, as_viewer[0].error) == (
        "forbidden",
        "You need the editor role in environment 'default' to change the catalog.",
    )
    assert dump() == before
    environment.required_approvals = 1
    environment.save()
    before = dump()
    direct = Executor(Session.start(environment)).execute_bulk([NEW_TABLE])
    assert direct[0].error == (
        "Environment 'default' needs 1 approval(s) for every change: open a change request "
        "with this statement instead of running it directly."
    )
    assert dump() == before


def test_it_blames_the_view_whose_table_was_dropped_before_the_batch_was_written(
    stored, monkeypatch
) -> None:
    flush = BatchContext.flush

    def dropped_meanwhile(self: BatchContext) -> None:
        Table.objects.filter(name="stored_t").delete()  # as a concurrent DROP would
        flush(self)

    monkeypatch.setattr(BatchContext, "flush", dropped_meanwhile)
    before = dump()
    results = stored.execute_bulk(
        [NEW_TABLE, "CREATE VIEW v1 AS SELECT id FROM stored_t", "CREATE TABLE t2 (a INT)"]
    )
    assert describe(results)[-1] == (
        "CREATE VIEW v1 AS SELECT id FROM stored_t",
        False,
        "Object 'stored_t' not found",
        "invalid",
    )
    assert len(results) == 2
    assert dump() == before


def test_it_answers_a_conflict_when_a_name_was_taken_before_the_batch_was_written(
    stored, monkeypatch
) -> None:
    flush = BatchContext.flush

    def taken_meanwhile(self: BatchContext) -> None:
        database = Database.objects.get(catalog__name="_env_default", name="default")
        Table.objects.create(database=database, name="fresh")  # as a concurrent CREATE would
        flush(self)

    monkeypatch.setattr(BatchContext, "flush", taken_meanwhile)
    before = dump()
    results = stored.execute_bulk([NEW_TABLE, "CREATE TABLE t2 (a INT)"])
    assert (results[-1].ok, results[-1].code) == (False, "conflict")
    assert dump() == before


def batch_queries(environment: Environment, catalog: str, tables: int) -> int:
    generator = CatalogGenerator(catalog, tables, tables // 4, 2, seed=1)
    statements = list(generator.statements())
    executor = Executor(Session.start(environment))
    assert executor.execute_bulk(statements[:3])[-1].ok  # the catalog and its databases
    with CaptureQueriesContext(connection) as queries:
        results = executor.execute_bulk(statements[3:])
    assert all(r.ok for r in results)
    return len(queries)


def test_it_writes_a_batch_with_a_few_queries_whatever_its_size(environment) -> None:
    small = batch_queries(environment, "small", 8)
    large = batch_queries(environment, "large", 160)
    # each statement of the larger batch costs far less than one query (bulk inserts grow
    # only with SQLite's limit of 999 parameters a query)
    assert large - small < (160 - 8) / 4, (small, large)
