"""How many queries a statement sends, so that a gain cannot silently go away; and the rows a
statement keeps (catalogs.executor.identity) are forgotten whenever a query may change them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogs.executor import Executor
from catalogs.executor.identity import CATALOG, DATABASE, FUNCTION, RELATION, IdentityMap
from catalogs.models import Function, HistoryEntry, Table

SETUP = (
    "CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen')",
    "CREATE VIEW v0 AS SELECT a, b FROM t",
    "CREATE VIEW w0 AS SELECT a FROM v0",
)

# Upper bounds on SQLite and on PostgreSQL, transaction statements (BEGIN/SAVEPOINT,
# COMMIT/RELEASE) included: a view over a view, locked, written with its columns, dependency
# and lineage, marked, kept in the history, and the environment's version raised. 42, 5 and 5
# before the identity map. PostgreSQL reads the rows it locks again after the lock; SQLite,
# whose statement holds the whole file, has no row locks and nothing to read again.
BOUNDS = [
    ("CREATE VIEW v1 AS SELECT a, b FROM v0 WHERE a > 1", {"sqlite": 23, "postgresql": 27}),
    ("SHOW CREATE VIEW v1", {"sqlite": 5, "postgresql": 5}),
    ("DESCRIBE v1", {"sqlite": 5, "postgresql": 5}),
    # a replaced view read by another: its reader's mark is computed again (48 before)
    (
        "CREATE OR REPLACE VIEW v0 AS SELECT a, b, a + 1 AS c FROM t",
        {"sqlite": 29, "postgresql": 31},
    ),
]


def test_it_runs_each_statement_in_a_bounded_number_of_queries(executor: Executor) -> None:
    for statement in SETUP:
        assert executor.execute(statement).ok
    counts = []
    for statement, _ in BOUNDS:
        with CaptureQueriesContext(connection) as queries:
            result = executor.execute(statement)
        assert result.ok, result.error
        counts.append((statement, len(queries.captured_queries)))
    bounds = [bound[connection.vendor] for _, bound in BOUNDS]
    assert all(n <= bound for (_, n), bound in zip(counts, bounds, strict=True)), counts


def test_the_statements_counted_keep_their_history_and_marks(executor: Executor) -> None:
    for statement in SETUP:
        assert executor.execute(statement).ok
    for statement, _ in BOUNDS:
        assert executor.execute(statement).ok
    replaced = HistoryEntry.objects.get(statement=BOUNDS[-1][0]).changes.get()
    assert "`a` + 1" not in replaced.before and "`a` + 1 AS `c`" in replaced.after
    created = HistoryEntry.objects.get(statement=BOUNDS[0][0]).changes.get()
    assert created.before == "" and created.object_name == "v1"
    assert Table.objects.get(name="v1").dependencies.get().object_name == "v0"
    # v1 and w0 read v0, which kept its columns a and b
    assert set(Table.objects.filter(name__in=["v1", "w0"]).values_list("status", flat=True)) == {
        Table.Status.OK
    }
    assert executor.execute("ALTER VIEW v0 AS SELECT b FROM t").ok
    assert dict(Table.objects.filter(name__in=["v1", "w0"]).values_list("name", "status")) == {
        "v1": Table.Status.BROKEN,
        "w0": Table.Status.BROKEN,
    }


def test_a_view_reads_each_function_it_calls_once(executor: Executor) -> None:
    for statement in [*SETUP, "CREATE FUNCTION twice AS 'com.example.Twice'"]:
        assert executor.execute(statement).ok
    Function.objects.filter(name="twice").update(return_type="INT")
    counts = []
    for calls in ["twice(a)", "twice(a) + twice(a) + twice(twice(a))"]:
        with CaptureQueriesContext(connection) as queries:
            result = executor.execute(f"CREATE VIEW u{len(counts)} AS SELECT {calls} AS x FROM t")
        assert result.ok, result.error
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], counts
    assert Table.objects.get(name="u1").dependencies.filter(object_name="twice").count() == 1


def kept() -> IdentityMap:
    rows = IdentityMap()
    for key in [(CATALOG, "c"), (DATABASE, 1, "d"), (RELATION, "t"), (FUNCTION, "f")]:
        rows.put(key, object())
    return rows


def remaining(rows: IdentityMap) -> set[str]:
    return {key[0] for key in rows._rows}


@pytest.mark.parametrize(
    ("sql", "left"),
    [
        (
            'SELECT "catalogs_table"."id" FROM "catalogs_table"',
            {CATALOG, DATABASE, RELATION, FUNCTION},
        ),
        (
            'SELECT "catalogs_table"."id" FROM "catalogs_table" FOR UPDATE OF "catalogs_table"',
            {CATALOG, DATABASE, FUNCTION},
        ),
        (
            'SELECT "catalogs_table"."id" FROM "catalogs_table" FOR NO KEY UPDATE',
            {CATALOG, DATABASE, FUNCTION},
        ),
        (
            'SELECT "catalogs_table"."id" FROM "catalogs_table" WHERE "name" = \'for update\'',
            {CATALOG, DATABASE, RELATION, FUNCTION},
        ),
        # a new table row changes no row read: only names known to be absent are forgotten
        (
            'INSERT INTO "catalogs_table" ("name") VALUES (%s)',
            {CATALOG, DATABASE, RELATION, FUNCTION},
        ),
        ('DELETE FROM "catalogs_column" WHERE "table_id" = 2', {CATALOG, DATABASE, FUNCTION}),
        ('UPDATE "catalogs_table" SET "status" = %s', {CATALOG, DATABASE, FUNCTION}),
        ('UPDATE "catalogs_database" SET "properties" = %s', set()),
        ('DELETE FROM "catalogs_catalog" WHERE "id" = 1', set()),
        (
            'INSERT INTO "catalogs_historyentry" ("statement") VALUES (%s)',
            {CATALOG, DATABASE, RELATION, FUNCTION},
        ),
        (
            'INSERT INTO "catalogs_dependency" ("view_id") VALUES (%s)',
            {CATALOG, DATABASE, RELATION, FUNCTION},
        ),
        ('INSERT INTO "catalogs_function" ("name") VALUES (%s)', {CATALOG, DATABASE, RELATION}),
        ('UPDATE "catalogs_function" SET "return_type" = %s', {CATALOG, DATABASE, RELATION}),
        ('SAVEPOINT "s1_x1"', {CATALOG, DATABASE, RELATION, FUNCTION}),
        ('RELEASE SAVEPOINT "s1_x1"', {CATALOG, DATABASE, RELATION, FUNCTION}),
        ('ROLLBACK TO SAVEPOINT "s1_x1"', set()),
        ("VACUUM", set()),
    ],
)
def test_it_forgets_the_rows_a_query_may_change(sql: str, left: set[str]) -> None:
    rows = kept()
    rows.seen(sql)
    assert remaining(rows) == left


class _Row:
    def __init__(self, pk: int) -> None:
        self.pk = pk


def relations() -> IdentityMap:
    rows = IdentityMap()
    rows.put((RELATION, "t1"), _Row(1))
    rows.put((RELATION, "t2"), _Row(2))
    rows.put((RELATION, "absent"), None)
    rows.put((CATALOG, "c"), object())
    return rows


COLUMNS = 'INSERT INTO "catalogs_column" ("table_id", "position", "name")'


@pytest.mark.parametrize(
    ("sql", "params", "left"),
    [
        ('INSERT INTO "catalogs_table" ("name") VALUES (%s)', ["absent"], {"t1", "t2"}),
        # the rows of new columns: by the parameters of each VALUES row
        (f"{COLUMNS} VALUES (%s, %s, %s), (%s, %s, %s)", [2, 0, "a", 2, 1, "b"], {"t1", "absent"}),
        (f"{COLUMNS} VALUES (%s, %s, %s)", [3, 0, "a"], {"t1", "t2", "absent"}),
        # PostgreSQL's bulk insert: one array a column
        (
            f"{COLUMNS} SELECT * FROM UNNEST((%s)::integer[], (%s)::integer[], (%s)::varchar[])",
            [[1, 1], [0, 1], ["a", "b"]],
            {"t2", "absent"},
        ),
        # what cannot be read forgets every relation row
        (f"{COLUMNS} VALUES (%s, %s, %s)", [1, 0], set()),
        ('INSERT INTO "catalogs_column" ("position", "name") VALUES (%s, %s)', [0, "a"], set()),
        (f"{COLUMNS} VALUES (%s, %s, %s)", None, set()),
    ],
)
def test_new_rows_forget_only_what_they_change(sql: str, params, left: set[str]) -> None:
    rows = relations()
    rows.seen(sql, params)
    assert {key[1] for key in rows._rows if key[0] == RELATION} == left
    assert (CATALOG, "c") in rows._rows


def test_it_reads_a_row_once_until_it_is_forgotten() -> None:
    rows, reads = IdentityMap(), []

    def load() -> str:
        reads.append(1)
        return "row"

    assert rows.get((RELATION, "t"), load) == rows.get((RELATION, "t"), load) == "row"
    assert len(reads) == 1
    rows.seen('UPDATE "catalogs_column" SET "comment" = %s')
    assert rows.get((RELATION, "t"), load) == "row" and len(reads) == 2


def test_a_statement_keeps_no_rows_once_it_ends(executor: Executor) -> None:
    from catalogs.executor.handlers import Context

    context = Context(executor.session)
    with context.keeping_rows():
        assert context.catalog_or_none("_env_default") is not None
        assert context.rows is not None
    assert context.rows is None
    # outside a statement every lookup reads again
    with CaptureQueriesContext(connection) as queries:
        context.catalog_or_none("_env_default")
        context.catalog_or_none("_env_default")
    assert len(queries.captured_queries) == 2


def test_a_preview_reads_each_catalog_row_once_across_its_statements(executor: Executor) -> None:
    """A change request's preview keeps the rows its statements and the definitions before
    and after read (its transaction is rolled back): the catalog is read once, not once a
    statement and a definition."""
    from django.contrib.auth import get_user_model

    from changes import services

    for statement in SETUP:
        assert executor.execute(statement).ok
    author = get_user_model().objects.create_superuser("author", password="unused")
    sql = ";\n".join(
        [
            "ALTER TABLE t ADD c INT",
            "CREATE VIEW v2 AS SELECT c FROM t",
            "ALTER TABLE t MODIFY c BIGINT",
        ]
    )
    request = services.open_request(executor.session.environment, author, "three", sql=sql)
    with CaptureQueriesContext(connection) as queries:
        found = services.preview(request, author)
    assert found.ok, [r.error for r in found.results]
    assert [(c.name.split(".")[-1], c.action) for c in found.changes] == [
        ("t", "changed"),
        ("v2", "created"),
    ]
    assert "`c` BIGINT" in found.changes[0].after and "`c` INT" not in found.changes[0].after
    catalog_reads = [q for q in queries.captured_queries if 'FROM "catalogs_catalog"' in q["sql"]]
    assert len(catalog_reads) == 1
    # and nothing stays: the statements were rolled back
    assert not Table.objects.filter(name="v2").exists()
