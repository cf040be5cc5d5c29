"""The dashboard's marks against Flink's planning, on generated catalogs.

A catalog of a few tables and views up to 6 levels deep (projections, arithmetic, SUM, a WHERE
comparison, joins on ``id`` or on value columns, a call of a catalog function, views over
views), then random changes: drop or rename a table, view or column, retype a column (widening
or narrowing, to another family, to a type no cast reaches), re-create a dropped table with
other types, drop the function and create it again. The function is a Java class compiled
here (``javac``), added to Flink's session with ``ADD JAR``. After each change the
catalog is exported as a snapshot and loaded into real Flink through the loader ``snapshot
verify`` uses (``catalogs.flink_verify.load_catalog_api``), and for every view:

- Flink's verdict is ``broken`` when ``EXPLAIN SELECT * FROM <view>`` fails;
- else ``stale`` when Flink casts somewhere in the read to a view's stored type: the types
  Flink derives for the view's stored query today differ from the types the view stored, for
  the view itself or a view it reads at any depth (both asked of Flink: ``sqlQuery`` of the
  stored query, and of ``SELECT * FROM <view>``);
- else ``ok``.

The dashboard's marks must equal these verdicts. ``tests/test_impact_engine.py`` runs a seeded
sample; a long run by hand::

    IMPACT_SEEDS=20 IMPACT_CHANGES=30 env -u DATABASE_URL .venv/bin/python -m pytest \\
        -p no:xdist -m flink tests/test_impact_engine.py -s
"""

from __future__ import annotations

import functools
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from catalogs import snapshots
from catalogs.executor import Executor, Session
from catalogs.flinksql import snapshot_format as sf
from catalogs.flinksql.catalog import CatalogView, ObjectIdentifier
from catalogs.models import Catalog, Function, Table
from catalogs.services import set_function_details
from tests.java_udf import compiled_jar

TYPES = ("INT", "BIGINT", "SMALLINT", "DOUBLE", "DECIMAL(10, 2)", "STRING", "ARRAY<INT>")
VALUE_COLUMNS = ("a", "b", "c")
# the catalog function the views may call, declared BIGINT as its eval's Long
FUNCTION = "tw"
CREATE_FUNCTION = f"CREATE FUNCTION `{FUNCTION}` AS 'impact.Twice'"
TWICE = """package impact;

public class Twice extends org.apache.flink.table.functions.ScalarFunction {
    public Long eval(Long x) {
        return x == null ? null : x * 2;
    }
}
"""


@functools.cache
def udf_jar() -> Path:
    """The function's jar, compiled once a process."""
    build = Path(tempfile.mkdtemp(prefix="impact-udf-"))
    return compiled_jar(build, "impact/Twice.java", TWICE, "twice.jar")


def declare_function(catalog: str) -> None:
    """The function's result type, declared as the API declares it (Flink's DDL has none)."""
    function = Function.objects.get(database__catalog__name=catalog, name=FUNCTION)
    set_function_details(function, None, return_type="BIGINT")


@dataclass
class Generated:
    """What the generator knows of the catalog: tables and their columns, views' names."""

    tables: dict[str, dict[str, str]] = field(default_factory=dict)
    views: dict[str, int] = field(default_factory=dict)  # name -> level
    dropped: list[str] = field(default_factory=list)
    counter: int = 0
    function: bool = True  # the catalog function exists

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"


def _table_ddl(name: str, columns: dict[str, str]) -> str:
    body = ", ".join(f"`{c}` {t}" for c, t in columns.items())
    return f"CREATE TABLE `{name}` ({body}) WITH ('connector' = 'datagen')"


def build(rng: random.Random, executor: Executor) -> Generated:
    """Three tables, the function and about a dozen views, up to 6 levels deep."""
    g = Generated()
    assert executor.execute(CREATE_FUNCTION).ok
    declare_function(executor.session.current_catalog)
    for i in range(3):
        columns = {"id": "BIGINT"}
        columns.update({c: rng.choice(TYPES[:5]) for c in VALUE_COLUMNS})
        g.tables[f"t{i}"] = columns
        assert executor.execute(_table_ddl(f"t{i}", columns)).ok
    sources: list[tuple[str, int, list[str]]] = [(t, 0, list(c)) for t, c in g.tables.items()]
    for level in range(1, 7):
        for _ in range(rng.randint(1, 3)):
            lower = [s for s in sources if s[1] == level - 1] or sources
            name = f"v{level}_{g.fresh('')}"
            query, columns = _query(rng, rng.choice(lower), rng.choice(sources))
            if executor.execute(f"CREATE VIEW `{name}` AS {query}").ok:
                g.views[name] = level
                sources.append((name, level, columns))
    return g


def _query(
    rng: random.Random, source: tuple[str, int, list[str]], other: tuple[str, int, list[str]]
) -> tuple[str, list[str]]:
    name, _, columns = source
    values = [c for c in columns if c != "id"] or ["id"]
    shape = rng.random()
    picked = rng.sample(values, k=min(len(values), rng.randint(1, 2)))
    if shape < 0.3:
        return f"SELECT x.`id`, {', '.join(f'x.`{c}`' for c in picked)} FROM `{name}` AS x", [
            "id",
            *picked,
        ]
    c = picked[0]
    if shape < 0.5:
        return f"SELECT x.`id`, x.`{c}` + 1 AS `{c}` FROM `{name}` AS x", ["id", c]
    if shape < 0.62:  # an aggregate: what it accepts depends on the column's type
        return f"SELECT x.`id`, SUM(x.`{c}`) AS `{c}` FROM `{name}` AS x GROUP BY x.`id`", [
            "id",
            c,
        ]
    if shape < 0.72:  # a condition: an implicit cast inside the query, none in its columns
        return f"SELECT x.`id`, x.`{c}` FROM `{name}` AS x WHERE x.`{c}` > 1", ["id", c]
    if shape < 0.78:  # a call of the catalog function: dropping it breaks the view
        return f"SELECT x.`id`, `{FUNCTION}`(x.`id`) AS `tw` FROM `{name}` AS x", ["id", "tw"]
    right = [c for c in other[2] if c not in ("id", *picked)][:1]
    select = [f"l.`{c}`" for c in ["id", *picked]] + [f"r.`{c}`" for c in right]
    condition = "l.`id` = r.`id`"
    if shape >= 0.89 and right:  # joined on value columns: retyping either can break the ON
        condition = f"l.`{c}` = r.`{right[0]}`"
    query = f"SELECT {', '.join(select)} FROM `{name}` AS l JOIN `{other[0]}` AS r ON {condition}"
    return query, ["id", *picked, *right]


def change(rng: random.Random, g: Generated) -> str:
    """One random change, as a statement (it may be refused; then nothing changed)."""
    kind = rng.random()
    if g.dropped and (kind < 0.12 or not g.tables):  # every table dropped: one comes back
        name = g.dropped.pop(rng.randrange(len(g.dropped)))
        columns = {"id": "BIGINT", **{c: rng.choice(TYPES[:6]) for c in VALUE_COLUMNS}}
        g.tables[name] = columns
        return _table_ddl(name, columns)
    table = rng.choice(sorted(g.tables))
    columns = g.tables[table]
    value = [c for c in columns if c != "id"]
    if kind < 0.45 and value:
        column = rng.choice(value)
        new = rng.choice([t for t in TYPES if t != columns[column]])
        columns[column] = new
        return f"ALTER TABLE `{table}` MODIFY `{column}` {new}"
    if kind < 0.55 and value:
        column = rng.choice(value)
        del columns[column]
        return f"ALTER TABLE `{table}` DROP `{column}`"
    if kind < 0.62:
        column = rng.choice(list(columns))
        if column == "id" and rng.random() < 0.5:
            column = rng.choice(value or ["id"])
        new = f"{column}_r" if not column.endswith("_r") else column[:-2]
        columns[new] = columns.pop(column)
        return f"ALTER TABLE `{table}` RENAME `{column}` TO `{new}`"
    if kind < 0.66:
        column = rng.choice(VALUE_COLUMNS)
        if column in columns:
            return f"ALTER TABLE `{table}` MODIFY `{column}` {rng.choice(TYPES)}"
        columns[column] = rng.choice(TYPES[:5])
        return f"ALTER TABLE `{table}` ADD `{column}` {columns[column]}"
    if kind < 0.76:
        del g.tables[table]
        g.dropped.append(table)
        return f"DROP TABLE `{table}`"
    if kind < 0.82:
        new = table[:-2] if table.endswith("_r") else f"{table}_r"
        g.tables[new] = g.tables.pop(table)
        return f"ALTER TABLE `{table}` RENAME TO `{new}`"
    if kind < 0.86:  # the function goes, or comes back
        g.function = not g.function
        return CREATE_FUNCTION if g.function else f"DROP FUNCTION `{FUNCTION}`"
    if not g.views:
        return f"ALTER TABLE `{table}` ADD `z{g.fresh('')}` INT"
    view = rng.choice(sorted(g.views))
    if kind < 0.9:
        del g.views[view]
        return f"DROP VIEW `{view}`"
    new = view[:-2] if view.endswith("_r") else f"{view}_r"
    g.views[new] = g.views.pop(view)
    return f"ALTER VIEW `{view}` RENAME TO `{new}`"


def dashboard_marks(catalog: str) -> dict[str, str]:
    rows = Table.objects.filter(kind=Table.Kind.VIEW, database__catalog__name=catalog)
    return dict(rows.values_list("name", "status"))


def _flink_types(env: Any, query: str) -> list[str]:
    schema = env._j_tenv.sqlQuery(query).getResolvedSchema()
    return [str(t) for t in schema.getColumnDataTypes()]


def flink_marks(catalog: Catalog) -> dict[str, str]:
    """Flink's verdict on every view of ``catalog``, loaded as ``snapshot verify`` loads it."""
    from catalogs.flink_verify.catalog_api import load_catalog_api
    from catalogs.flink_verify.session import error_message

    snapshot = sf.validate(snapshots.live_document(catalog))
    env, checks = load_catalog_api([snapshot])
    assert not checks, [c.detail for c in checks]
    env._j_tenv.executeSql(f"ADD JAR '{udf_jar()}'")
    views: dict[ObjectIdentifier, CatalogView] = {v.identifier: v for v in snapshot.views}
    planned: dict[ObjectIdentifier, bool] = {}
    casts: dict[ObjectIdentifier, bool] = {}
    for identifier, view in views.items():
        try:
            env._j_tenv.executeSql(f"EXPLAIN SELECT * FROM {identifier.quoted()}")
        except Exception as exc:
            planned[identifier] = False
            casts[identifier] = False
            _ = error_message(exc)
            continue
        planned[identifier] = True
        stored = _flink_types(env, f"SELECT * FROM {identifier.quoted()}")
        casts[identifier] = _flink_types(env, view.expanded_query) != stored
    verdicts = {}
    for identifier in views:
        if not planned[identifier]:
            verdicts[identifier.name] = "broken"
            continue
        read = _reads_at_any_depth(identifier, views)
        stale = casts[identifier] or any(casts.get(r, False) for r in read)
        verdicts[identifier.name] = "stale" if stale else "ok"
    return verdicts


def _reads_at_any_depth(
    identifier: ObjectIdentifier, views: dict[ObjectIdentifier, CatalogView]
) -> set[ObjectIdentifier]:
    found: set[ObjectIdentifier] = set()
    stack = [identifier]
    while stack:
        current = views.get(stack.pop())
        if current is None:
            continue
        for read in sf.relations_read(current.expanded_query):
            if read not in found:
                found.add(read)
                stack.append(read)
    return found


@dataclass
class Figures:
    catalogs: int = 0
    changes: int = 0
    refused: int = 0
    checked_views: int = 0
    verdicts: dict[str, int] = field(default_factory=lambda: {"ok": 0, "broken": 0, "stale": 0})
    disagreements: list[str] = field(default_factory=list)


def run(seed: int, changes: int, environment: Any, figures: Figures) -> None:
    """One generated catalog and ``changes`` random changes, compared after each."""
    rng = random.Random(seed)
    executor = Executor(Session.start(environment))
    catalog_name = f"p{seed}"
    assert executor.execute(
        f"CREATE CATALOG `{catalog_name}` WITH ('type' = 'generic_in_memory', "
        "'default-database' = 'd')"
    ).ok
    assert executor.execute(f"USE CATALOG `{catalog_name}`").ok
    g = build(rng, executor)
    catalog = Catalog.objects.get(environment=environment, name=catalog_name)
    figures.catalogs += 1
    for step in range(changes + 1):
        statement = "(as generated)" if step == 0 else change(rng, g)
        if step and not executor.execute(statement).ok:
            figures.refused += 1
            continue
        if statement == CREATE_FUNCTION:
            declare_function(catalog_name)
        figures.changes += 1 if step else 0
        ours, flinks = dashboard_marks(catalog_name), flink_marks(catalog)
        figures.checked_views += len(flinks)
        for verdict in flinks.values():
            figures.verdicts[verdict] += 1
        for name in sorted(set(ours) | set(flinks)):
            if ours.get(name) != flinks.get(name):
                figures.disagreements.append(
                    f"seed {seed} step {step} after {statement}: {name} is "
                    f"{ours.get(name)} here, {flinks.get(name)} by Flink"
                )
