"""Register the dashboard's Flink catalog in a PyFlink program with one call; imports no Django.

    from pyflink.table import EnvironmentSettings, TableEnvironment
    from flink_dashboard_catalog import register_catalog

    env = TableEnvironment.create(EnvironmentSettings.in_streaming_mode())
    register_catalog(env, "shop", url="https://catalog.example.com", environment="prod",
                     catalog="shop", snapshot="20260101T120000Z-ab12")   # token: DASHBOARD_TOKEN

The jar is ``flink-catalog/build/flink-catalog-dashboard-<version>.jar`` (``make
flink-catalog``), or the file ``DASHBOARD_CATALOG_JAR`` names, or the ``jar`` argument.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

JAR_VARIABLE = "DASHBOARD_CATALOG_JAR"
BUILD = Path(__file__).resolve().parent.parent / "flink-catalog" / "build"


def catalog_jar(jar: str | os.PathLike | None = None) -> Path:
    """The plugin's jar: ``jar``, else ``$DASHBOARD_CATALOG_JAR``, else the one ``make
    flink-catalog`` built; an error says how to get one when there is none."""
    chosen = jar or os.environ.get(JAR_VARIABLE)
    if chosen:
        path = Path(chosen)
        if not path.is_file():
            raise FileNotFoundError(f"The dashboard catalog jar {path} does not exist.")
        return path.resolve()
    built = sorted(BUILD.glob("flink-catalog-dashboard-*.jar"))
    if not built:
        raise FileNotFoundError(
            f"No dashboard catalog jar in {BUILD}: run `make flink-catalog`, or set "
            f"{JAR_VARIABLE} to the jar downloaded from the dashboard."
        )
    return built[-1].resolve()


def _identifier(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def create_catalog_statement(name: str, options: Mapping[str, str]) -> str:
    """``CREATE CATALOG name WITH ('type' = 'dashboard', ...)``, options sorted by key."""
    pairs = {"type": "dashboard", **options}
    body = ",\n  ".join(f"{_literal(k)} = {_literal(v)}" for k, v in sorted(pairs.items()))
    return f"CREATE CATALOG {_identifier(name)} WITH (\n  {body}\n)"


def add_jar(table_env: Any, jar: Path) -> None:
    """Add ``jar`` to the program's ``pipeline.jars`` (PyFlink loads it into the session)."""
    config = table_env.get_config()
    present = [j for j in (config.get("pipeline.jars", "") or "").split(";") if j]
    uri = jar.as_uri()
    if uri not in present:
        config.set("pipeline.jars", ";".join([*present, uri]))


def register_catalog(
    table_env: Any,
    name: str,
    *,
    url: str,
    environment: str,
    catalog: str,
    token: str | None = None,
    snapshot: str | None = None,
    jar: str | os.PathLike | None = None,
    use: bool = False,
    options: Mapping[str, str] | None = None,
) -> None:
    """Add the plugin's jar and run ``CREATE CATALOG name`` for the dashboard's ``catalog`` of
    ``environment``; ``snapshot`` pins it to that snapshot (read-only). Without ``token`` the
    plugin reads ``DASHBOARD_TOKEN`` from the environment. ``options`` go as they are
    (``{"cache.ttl": "0 s"}``). ``use`` makes it the current catalog."""
    add_jar(table_env, catalog_jar(jar))
    given = {"url": url, "environment": environment, "catalog": catalog}
    if token is not None:
        given["token"] = token
    if snapshot is not None:
        given["snapshot"] = snapshot
    given.update(options or {})
    table_env.execute_sql(create_catalog_statement(name, given))
    if use:
        table_env.use_catalog(name)
