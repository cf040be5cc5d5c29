"""Generated catalogs for the snapshot tests and the benchmark: every column kind, watermarks,
primary keys, partitions, comments, secret options, and views over tables and over views."""

from __future__ import annotations

TYPES = [
    "INT",
    "BIGINT NOT NULL",
    "STRING",
    "DECIMAL(10, 2)",
    "TIMESTAMP(3)",
    "ARRAY<STRING>",
    "MAP<STRING, INT>",
    "ROW<a INT, b STRING>",
    "BOOLEAN",
    "BYTES",
]


def table_ddl(catalog: str, database: str, index: int) -> str:
    """One table; ``index`` decides which features it has."""
    name = f"`{catalog}`.`{database}`.`t{index:05d}`"
    columns = ["id BIGINT NOT NULL COMMENT 'row id'", f"v INT COMMENT 'value ''{index}'''"]
    columns.append(f"c{index % len(TYPES)} {TYPES[index % len(TYPES)]}")
    columns += ["ms BIGINT", "ts AS TO_TIMESTAMP_LTZ(ms, 3)", "amount AS v * 2"]
    if index % 3 == 0:
        columns.append("`offset` BIGINT METADATA VIRTUAL")
        columns.append("event_time TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'")
    if index % 2 == 0:
        columns.append("WATERMARK FOR ts AS ts - INTERVAL '5' SECOND")
    if index % 4 != 1:
        columns.append("PRIMARY KEY (id) NOT ENFORCED")
    text = f"CREATE TABLE {name} (\n  " + ",\n  ".join(columns) + "\n)"
    if index % 5 == 0:
        text += f"\nCOMMENT 'table {index}'"
    if index % 7 == 0:
        text += "\nPARTITIONED BY (v)"
    options = {"connector": "datagen" if index % 2 else "kafka", "fields.v.min": str(index)}
    if index % 2 == 0:
        options.update(
            {"topic": f"topic-{index}", "properties.sasl.jaas.config": f"secret-{index}"}
        )
    body = ",\n  ".join(f"'{k}' = '{v}'" for k, v in options.items())
    return text + f"\nWITH (\n  {body}\n)"


def view_ddl(catalog: str, database: str, index: int, tables: int) -> str:
    name = f"`{catalog}`.`{database}`.`v{index:04d}`"
    a = f"`{catalog}`.`{database}`.`t{(index * 7) % tables:05d}`"
    b = f"`{catalog}`.`{database}`.`t{(index * 11 + 1) % tables:05d}`"
    kind = index % 4
    if kind == 0:
        query = f"SELECT id, v, amount FROM {a} WHERE v > {index}"
    elif kind == 1:
        query = f"SELECT v, COUNT(*) AS n, MAX(ms) AS last_ms FROM {a} GROUP BY v"
    elif kind == 2:
        query = f"SELECT x.id, x.v, y.ms FROM {a} AS x JOIN {b} AS y ON x.id = y.id"
    else:  # a view over an earlier view
        previous = f"`{catalog}`.`{database}`.`v{index - 3:04d}`"
        query = f"SELECT id, v * 2 AS doubled FROM {previous}"
    comment = f" COMMENT 'view {index}'" if index % 2 else ""
    return f"CREATE VIEW {name}{comment} AS {query}"


def sixty_tables(then: str = "") -> str:
    """Catalog ``c`` with tables ``c.d.t00`` to ``t59`` (a page and a bit), then ``then``."""
    script = "CREATE CATALOG c WITH ('type' = 'generic_in_memory', 'default-database' = 'd');\n"
    script += "".join(
        f"CREATE TABLE c.d.t{i:02} (a INT) WITH ('connector' = 'datagen');\n" for i in range(60)
    )
    return script + then


def generated_script(catalog: str, tables: int, views: int, databases: int = 2) -> str:
    statements = [
        f"CREATE CATALOG `{catalog}` COMMENT 'generated' WITH ("
        "'type' = 'generic_in_memory', 'default-database' = 'db0')"
    ]
    for d in range(1, databases):
        statements.append(f"CREATE DATABASE `{catalog}`.`db{d}` COMMENT 'database {d}'")
    per_database = tables // databases
    for d in range(databases):
        for i in range(per_database):
            statements.append(table_ddl(catalog, f"db{d}", i))
    for d in range(databases):
        for i in range(views // databases):
            statements.append(view_ddl(catalog, f"db{d}", i, per_database))
    statements.append(
        f"CREATE FUNCTION `{catalog}`.`db0`.`reverse_text` AS 'com.example.Reverse' "
        "LANGUAGE JAVA USING JAR 'udfs/reverse.jar'"
    )
    statements.append(f"CREATE FUNCTION `{catalog}`.`db1`.`py_f` AS 'mod.f' LANGUAGE PYTHON")
    return ";\n".join(statements) + ";\n"


def golden_catalogs(script: str) -> list[object]:
    """Run the golden script ``tests/goldens/<script>.sql`` through the executor in an
    environment of its own, statement by statement as the golden tests do (statements Flink
    refuses fail here too), and answer the catalogs it leaves behind."""
    from pathlib import Path

    from catalogs.executor import Executor, Session
    from catalogs.flinksql.splitter import split_statements
    from catalogs.models import Catalog
    from environments.services import create_environment

    text = (Path(__file__).parent / "goldens" / f"{script}.sql").read_text()
    environment = create_environment(f"golden-{script.replace('_', '-')}")
    executor = Executor(Session.start(environment))
    for statement in split_statements(text):
        executor.execute(statement)
    catalogs = Catalog.objects.filter(environment=environment, is_environment_catalog=False)
    return list(catalogs.order_by("name"))


def catalog_dump(environment: object) -> list[tuple]:
    """Everything the catalog models hold for an environment, to prove something left it
    unchanged."""
    from catalogs.models import Catalog, Column, Database, Dependency, Function, Model, Table

    return [
        *Catalog.objects.filter(environment=environment)
        .values_list("name", "catalog_type", "comment", "options", "version")
        .order_by("name"),
        *Database.objects.filter(catalog__environment=environment)
        .values_list("catalog__name", "name", "comment", "properties")
        .order_by("catalog__name", "name"),
        *Table.objects.filter(database__catalog__environment=environment)
        .values_list(
            "database__catalog__name",
            "database__name",
            "name",
            "kind",
            "options",
            "expanded_query",
            "version",
            "status",
        )
        .order_by("database__catalog__name", "database__name", "name"),
        *Column.objects.filter(table__database__catalog__environment=environment)
        .values_list("table__name", "position", "name", "data_type", "nullable")
        .order_by(
            "table__database__catalog__name", "table__database__name", "table__name", "position"
        ),
        *Function.objects.filter(database__catalog__environment=environment)
        .values_list("database__name", "name", "class_name")
        .order_by("database__name", "name"),
        *Model.objects.filter(database__catalog__environment=environment)
        .values_list("database__name", "name", "options", "input_columns", "output_columns")
        .order_by("database__catalog__name", "database__name", "name"),
        *Dependency.objects.filter(environment=environment)
        .values_list("view__name", "object_name")
        .order_by("view__name", "object_name"),
    ]


def require_flink() -> None:
    """Skip where real Flink cannot run, unless REQUIRE_FLINK=1 makes that a failure."""
    import os

    import pytest

    from catalogs.flink_verify import flink_available

    if flink_available():
        return
    message = "real Flink is not available here (needs java on PATH and PyFlink)"
    if os.environ.get("REQUIRE_FLINK") == "1":
        pytest.fail(f"REQUIRE_FLINK=1 but {message}")
    pytest.skip(message)
