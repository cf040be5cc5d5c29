"""Build a large, realistic catalog through the executor, for benchmarks and load tests.

Tables of varied shapes (numbers, decimals, strings, timestamps with watermarks, arrays, maps,
rows, computed and metadata columns, primary keys, partitions) and views several levels deep:
over tables, over views, joins and unions. Every object is a statement the executor runs, so the
generated catalog obeys exactly the rules a person's would; the statements run in batches, one
all-or-nothing transaction each, through the executor's bulk path (``Executor.execute_bulk``:
the same rules, with set-wise writes) or, with ``--statement-path``, one statement at a time.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from environments.models import Environment

# Every table and every view has these columns, so any view can read any other relation.
# Extra columns vary the shape of tables.
EXTRA_COLUMNS = [
    "quantity INT",
    "price DECIMAL(10, 2)",
    "score DOUBLE",
    "active BOOLEAN",
    "birthday DATE",
    "tags ARRAY<STRING>",
    "attributes MAP<STRING, STRING>",
    "address ROW<street STRING, city STRING, zip STRING>",
    "payload BYTES",
    "note VARCHAR(200)",
    "small_code TINYINT",
    "region CHAR(2)",
    "updated_at TIMESTAMP_LTZ(3)",
]
MAX_DEPTH = 6


class Command(BaseCommand):
    help = (
        "Generate a catalog of N tables and M views (several levels deep) in D databases, "
        "through the executor. Progress goes to standard error."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, required=True, help="how many tables")
        parser.add_argument("--views", type=int, default=0, help="how many views")
        parser.add_argument("--databases", type=int, default=10, help="how many databases")
        parser.add_argument("--environment", default="default", help="environment name")
        parser.add_argument("--catalog", default="generated", help="name of the new catalog")
        parser.add_argument(
            "--batch",
            type=int,
            default=None,
            help="statements per all-or-nothing transaction (default: 5000 on the bulk path, "
            "500 on the statement path)",
        )
        parser.add_argument(
            "--statement-path",
            action="store_true",
            help="run the statements one by one (Executor.execute_script) instead of through "
            "the bulk path, e.g. to compare the two",
        )
        parser.add_argument("--seed", type=int, default=0, help="random seed (same seed, same SQL)")
        parser.add_argument(
            "--print-sql", action="store_true", help="print the statements instead of running"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["tables"] < 1 or options["databases"] < 1 or options["views"] < 0:
            raise CommandError("--tables and --databases must be at least 1, --views at least 0.")
        generator = CatalogGenerator(
            catalog=options["catalog"],
            tables=options["tables"],
            views=options["views"],
            databases=options["databases"],
            seed=options["seed"],
        )
        if options["print_sql"]:
            for statement in generator.statements():
                self.stdout.write(statement + ";")
            return
        environment = Environment.objects.filter(name=options["environment"]).first()
        if environment is None:
            raise CommandError(f"Environment {options['environment']} does not exist.")
        batch = options["batch"] or (500 if options["statement_path"] else 5000)
        elapsed = self._run(environment, generator, max(1, batch), options["statement_path"])
        total = generator.tables + generator.views
        self.stdout.write(
            f"Catalog '{generator.catalog}': {generator.databases} databases, "
            f"{generator.tables} tables, {generator.views} views in {elapsed:.1f} s "
            f"({total / elapsed:.0f} objects/s)."
        )

    def _run(
        self,
        environment: Environment,
        generator: CatalogGenerator,
        batch: int,
        statement_path: bool,
    ) -> float:
        return generate(environment, generator, batch, statement_path, say=_to_stderr)


def _to_stderr(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def generate(
    environment: Environment,
    generator: CatalogGenerator,
    batch: int,
    statement_path: bool = False,
    say: Callable[[str], None] | None = None,
    count: Callable[[int, int], None] | None = None,
    user: Any = None,
) -> float:
    """Run the generator's statements in batches of ``batch`` (each all-or-nothing; inside a
    transaction of the caller's, all of them are one); ``say`` hears a progress line every
    two seconds, ``count`` the statements done of the total after every batch. Answers the
    seconds it took; a failed statement raises :class:`CommandError` naming it."""
    from catalogs.executor import Executor, Session

    executor = Executor(Session.start(environment), user)
    total = generator.statement_count()
    done = 0
    started = last_report = time.monotonic()
    for statements in _chunks(generator.statements(), batch):
        if statement_path:
            results = executor.execute_script(";\n".join(statements), all_or_nothing=True)
        else:
            results = executor.execute_bulk(statements)
        failed = next((r for r in results if not r.ok), None)
        if failed is not None or len(results) != len(statements):
            detail = f"{failed.statement}\n-> {failed.error}" if failed else "split mismatch"
            raise CommandError(
                f"Stopped after {done} statements; the failing batch was undone:\n{detail}"
            )
        done += len(statements)
        if count is not None:
            count(done, total)
        now = time.monotonic()
        if say is not None and (now - last_report >= 2 or done == total):
            last_report = now
            rate = done / (now - started)
            remaining = (total - done) / rate if rate else 0
            say(f"{done}/{total} statements, {rate:.0f}/s, ~{remaining:.0f} s left")
    return time.monotonic() - started


class CatalogGenerator:
    """The statements of one generated catalog, deterministic for a seed."""

    def __init__(self, catalog: str, tables: int, views: int, databases: int, seed: int) -> None:
        self.catalog = catalog
        self.tables = tables
        self.views = views
        self.databases = databases
        self.random = random.Random(seed)

    def statement_count(self) -> int:
        return 1 + self.databases + self.tables + self.views

    def statements(self) -> Iterator[str]:
        catalog = _quote(self.catalog)
        yield (
            f"CREATE CATALOG {catalog} COMMENT 'generated for benchmarks' "
            f"WITH ('type' = 'generic_in_memory', 'default-database' = '{_database(0)}')"
        )
        for d in range(1, self.databases):
            yield f"CREATE DATABASE {catalog}.{_database(d)} COMMENT 'generated database {d}'"
        # Database 0 exists as the catalog's default database.
        yield f"ALTER DATABASE {catalog}.{_database(0)} SET ('generated' = 'true')"
        for t in range(self.tables):
            yield self._table(t)
        depths: list[int] = []
        for v in range(self.views):
            statement, depth = self._view(v, depths)
            depths.append(depth)
            yield statement

    def _name(self, database: int, name: str) -> str:
        return f"{_quote(self.catalog)}.{_database(database)}.{name}"

    def _table(self, t: int) -> str:
        rnd = self.random
        columns = [
            "id BIGINT NOT NULL COMMENT 'key'",
            "name STRING",
            "amount DECIMAL(12, 2)",
            "ts TIMESTAMP(3)",
        ]
        columns += rnd.sample(EXTRA_COLUMNS, rnd.randint(0, 6))
        shape = t % 4
        if shape == 0:  # a Kafka stream: computed column, metadata, watermark, key
            columns += [
                "amount_cents AS CAST(amount * 100 AS BIGINT)",
                "event_offset BIGINT METADATA FROM 'offset' VIRTUAL",
                "WATERMARK FOR ts AS ts - INTERVAL '5' SECOND",
                "PRIMARY KEY (id) NOT ENFORCED",
            ]
            tail = (
                f"WITH ('connector' = 'kafka', 'topic' = 'topic.{t}', "
                "'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json')"
            )
        elif shape == 1:  # a partitioned file table
            columns.append("dt STRING")
            tail = (
                "PARTITIONED BY (dt) WITH ('connector' = 'filesystem', "
                f"'path' = 's3://lake/t{t}', 'format' = 'parquet')"
            )
        elif shape == 2:  # a JDBC dimension table
            columns.append("PRIMARY KEY (id) NOT ENFORCED")
            tail = (
                "WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/app', "
                f"'table-name' = 'dim_{t}')"
            )
        else:
            tail = "WITH ('connector' = 'datagen', 'rows-per-second' = '10')"
        body = ",\n  ".join(columns)
        return (
            f"CREATE TABLE {self._name(t % self.databases, _table(t))} (\n  {body}\n) "
            f"COMMENT 'generated table {t}' {tail}"
        )

    def _view(self, v: int, depths: list[int]) -> tuple[str, int]:
        """A view over a table (depth 1) or over an earlier view (one level deeper)."""
        rnd = self.random
        database = v % self.databases
        over_view = v >= self.views // 5 and depths and rnd.random() < 0.75
        if over_view:
            parent = rnd.randrange(len(depths))
            if depths[parent] >= MAX_DEPTH:
                over_view = False
        if over_view:
            source = self._name(parent % self.databases, _view(parent))
            depth = depths[parent] + 1
        else:
            table = rnd.randrange(self.tables)
            source = self._name(table % self.databases, _table(table))
            depth = 1
        other_table = rnd.randrange(self.tables)
        other = self._name(other_table % self.databases, _table(other_table))
        kind = v % 5
        if kind == 0:
            query = f"SELECT id, name, amount, ts FROM {source} WHERE amount > {v % 100}"
        elif kind == 1:
            query = (
                "SELECT id, MAX(name) AS name, SUM(amount) AS amount, MAX(ts) AS ts "
                f"FROM {source} GROUP BY id"
            )
        elif kind == 2:
            query = (
                "SELECT s.id, s.name, s.amount + o.amount AS amount, s.ts "
                f"FROM {source} AS s JOIN {other} AS o ON s.id = o.id"
            )
        elif kind == 3:
            query = (
                f"SELECT id, name, amount, ts FROM {source} "
                f"UNION ALL SELECT id, name, amount, ts FROM {other}"
            )
        else:
            query = (
                "SELECT id, UPPER(name) AS name, CAST(amount * 2 AS DECIMAL(12, 2)) AS amount, "
                f"ts FROM {source} WHERE name IS NOT NULL"
            )
        name = self._name(database, _view(v))
        return f"CREATE VIEW {name} COMMENT 'generated view {v}, depth {depth}' AS {query}", depth


def _database(d: int) -> str:
    return f"db_{d:04d}"


def _table(t: int) -> str:
    return f"t_{t:06d}"


def _view(v: int) -> str:
    return f"v_{v:06d}"


def _quote(identifier: str) -> str:
    return "`" + identifier.replace("`", "``") + "`"


def _chunks(items: Iterator[str], size: int) -> Iterator[list[str]]:
    chunk: list[str] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
