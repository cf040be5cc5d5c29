"""SHOW MODULES / FULL MODULES / JARS / PROCEDURES / PARTITIONS / MATERIALIZED TABLES,
answered as Flink 2.3 answers them in a session of the dashboard's catalogs, or refused with
the reason where only Flink with a catalog's own code could answer.

A dashboard session has only Flink's ``core`` module and no jars: LOAD MODULE and ADD JAR
are not run here. The dashboard stores no procedures, partitions or materialized tables.
"""

from __future__ import annotations

from catalogs.flinksql import statements as st
from catalogs.flinksql.errors import FlinkSqlError, ValidationError

from .context import Context, Result

# The Java class behind each catalog type, as Flink names it in its messages.
GENERIC_IN_MEMORY = "org.apache.flink.table.catalog.GenericInMemoryCatalog"


def show_modules(ctx: Context, s: st.ShowModules) -> Result:
    if s.full:
        return ["module name", "used"], [["core", True]]
    return ["module name"], [["core"]]


def show_jars(ctx: Context, s: st.ShowJars) -> Result:
    return ["jars"], []


def show_procedures(ctx: Context, s: st.ShowProcedures) -> Result:
    session = ctx.session
    catalog_name = session.current_catalog
    if s.database is not None:
        catalog_name, _ = session.resolve_database(s.database)
    catalog = ctx.catalog(catalog_name, "Catalog {name} does not exist")
    if catalog.catalog_type == "generic_in_memory":
        raise ValidationError(f"listProcedures is not implemented for class {GENERIC_IN_MEMORY}.")
    raise FlinkSqlError(
        f"SHOW PROCEDURES is not answered here: the procedures of a {catalog.catalog_type} "
        f"catalog such as '{catalog.name}' come from its implementation, which only Flink with "
        "that catalog's jar can list; the dashboard stores none."
    )


def show_partitions(ctx: Context, s: st.ShowPartitions) -> Result:
    identifier = ctx.identifier(s.path)
    relation = ctx.find_relation(identifier)
    if relation is None:
        raise ValidationError(
            f"Table (or view) {identifier.database}.{identifier.name} does not exist in "
            f"Catalog {identifier.catalog}."
        )
    if not getattr(relation, "partition_keys", None):
        raise ValidationError(
            f"Table {identifier.database}.{identifier.name} in catalog {identifier.catalog} "
            "is not partitioned."
        )
    catalog = ctx.catalog(identifier.catalog)
    if catalog.catalog_type != "generic_in_memory" and not relation.temporary:
        raise FlinkSqlError(
            f"SHOW PARTITIONS is not answered here: the partitions of a table of a "
            f"{catalog.catalog_type} catalog are created by writing data, which the dashboard "
            "does not see; it stores definitions only."
        )
    # Flink's in-memory catalog has a partition only after data is written: none here
    return ["partition name"], []


def show_materialized_tables(ctx: Context, s: st.ShowMaterializedTables) -> Result:
    ctx.listed_database(s.database)  # Flink's error for a missing database
    # CREATE MATERIALIZED TABLE is not run here (it starts a refresh job): there are none
    return ["materialized table"], []


HANDLERS = {
    st.ShowModules: show_modules,
    st.ShowJars: show_jars,
    st.ShowProcedures: show_procedures,
    st.ShowPartitions: show_partitions,
    st.ShowMaterializedTables: show_materialized_tables,
}
