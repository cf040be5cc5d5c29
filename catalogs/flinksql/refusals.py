"""Why the dashboard does not run a statement: one true reason per kind of statement.

The dashboard keeps catalog definitions and answers the statements that read them. It runs
no queries or jobs, is connected to no cluster, and keeps no data or session settings; and a
few catalog statements of Flink 2.3 it does not model (docs/catalog-objects.md says why).
"""

from __future__ import annotations

_NO_CLUSTER = (
    "{keyword} reads the jobs of a Flink cluster; the dashboard is connected to no cluster "
    "and runs no jobs."
)
_MATERIALIZED = (
    "{keyword} statements are not run here: the dashboard does not keep materialized tables, "
    "whose creation starts a refresh job on a Flink cluster (FRESHNESS); it keeps catalogs, "
    "databases, tables, views, functions and models."
)
_CONNECTIONS = (
    "{keyword} statements are not run here: Flink 2.3's TableEnvironment does not run them "
    "either ('Unsupported query'), and the dashboard keeps no connections."
)
_FUNCTIONS = (
    "{keyword} is not answered here yet: the dashboard keeps the catalog's functions (SHOW "
    "USER FUNCTIONS lists them) but has no record of Flink's built-in functions to list or "
    "describe."
)

REASONS = {
    "SHOW JOBS": _NO_CLUSTER,
    "DESCRIBE JOB": _NO_CLUSTER,
    "SHOW CONNECTIONS": (
        "SHOW CONNECTIONS is not a statement Flink 2.3 runs (its TableEnvironment answers "
        "'No match found for function signature SHOW CONNECTIONS'); the dashboard keeps no "
        "connections."
    ),
    "SHOW CREATE CONNECTION": _CONNECTIONS,
    "CREATE MATERIALIZED TABLE": _MATERIALIZED,
    "ALTER MATERIALIZED TABLE": _MATERIALIZED,
    "DROP MATERIALIZED TABLE": _MATERIALIZED,
    "SHOW CREATE MATERIALIZED TABLE": _MATERIALIZED,
    "CREATE MODEL AS SELECT": (
        "CREATE MODEL AS SELECT trains a model from a query on a Flink cluster; the dashboard "
        "runs no queries. Create the model with its INPUT, OUTPUT and options instead."
    ),
    "SHOW FUNCTIONS": _FUNCTIONS,
    "DESCRIBE FUNCTION": _FUNCTIONS,
    "DESCRIBE DATABASE": (
        "DESCRIBE DATABASE is not a statement of Flink 2.3 (Flink reads it as DESCRIBE of a "
        "table named DATABASE and fails); the database's page shows its comment and properties."
    ),
}

_DEFAULT = (
    "{keyword} statements are not run here: the dashboard keeps catalog definitions "
    "(catalogs, databases, tables, views, functions and models) and answers the statements "
    "that read them; it runs no queries or jobs and keeps no data or session settings."
)


def refusal_reason(keyword: str) -> str:
    """Why a statement starting with ``keyword`` (``INSERT``, ``SHOW JOBS``, ...) is not run."""
    return REASONS.get(keyword, _DEFAULT).format(keyword=keyword)
