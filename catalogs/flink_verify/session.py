"""A Flink session of PyFlink's, and Flink's answers read from it in few calls to the JVM."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any


def flink_available() -> bool:
    if shutil.which("java") is None:
        return False
    try:
        import pyflink.table  # noqa: F401
    except ImportError:
        return False
    return True


# For the JVM PyFlink starts (once per process): no log output, and only the quick JIT
# compiler. A verify plans hundreds of different small queries once each; the optimizing
# compiler's threads cost more than they win on two cores (the goldens' catalogs: 100 s -> 49 s).
JVM_OPTIONS = (
    "-Dlog4j2.rootLogger.level=OFF -Dlog4j.rootLogger=OFF -Dlog4j2.level=OFF",
    "-XX:TieredStopAtLevel=1",
)


# The JVM's heap bound. A verify holds one batch of objects at a time, so the heap it needs
# does not grow with the catalog; unbounded, the JVM's default (a quarter of the machine's
# memory) lets the sessions of finished batches pile up before it collects them (a 30,000-table
# verify: 770 MB resident, 430 MB at 10,000). Read when the JVM starts, once per process; an
# -Xmx already in JVM_ARGS is left to rule.
HEAP_VARIABLE = "FLINK_VERIFY_HEAP"
DEFAULT_HEAP = "1g"
_HEAP_SIZE = re.compile(r"[1-9][0-9]{0,5}[mMgG]")


def heap_option() -> str:
    """``-Xmx`` of ``FLINK_VERIFY_HEAP`` (default ``1g``); a value that is not a size in
    megabytes or gigabytes (``768m``, ``2g``) is refused, naming it."""
    value = os.environ.get(HEAP_VARIABLE, "").strip() or DEFAULT_HEAP
    if not _HEAP_SIZE.fullmatch(value):
        raise ValueError(
            f"{HEAP_VARIABLE} is {value[:40]!r}{'...' if len(value) > 40 else ''}: "
            "give the Flink JVM's heap as a size such as 768m or 2g"
        )
    return f"-Xmx{value}"


def new_environment(store_folder: str | None = None) -> Any:
    heap = [] if "-Xmx" in os.environ.get("JVM_ARGS", "") else [heap_option()]
    for option in (*JVM_OPTIONS, *heap):
        if option not in os.environ.get("JVM_ARGS", ""):
            os.environ["JVM_ARGS"] = f"{os.environ.get('JVM_ARGS', '')} {option}".strip()
    from pyflink.common import Configuration
    from pyflink.table import EnvironmentSettings

    builder = EnvironmentSettings.new_instance().in_streaming_mode()
    if store_folder is not None:
        configuration = Configuration()
        configuration.set_string("table.catalog-store.kind", "file")
        configuration.set_string("table.catalog-store.file.path", store_folder)
        builder = builder.with_configuration(configuration)
    environment = create_session(builder)
    jars = extra_jars()
    if jars:
        environment.get_config().set("pipeline.classpaths", ";".join(j.as_uri() for j in jars))
    return environment


def create_session(builder: Any) -> Any:
    """A new ``TableEnvironment`` of an ``EnvironmentSettings.Builder`` (one Flink SQL session;
    the JVM is shared).

    PyFlink's ``build()`` gives each new session a class loader whose parent is the gateway
    thread's current one, and makes it the current one: a process's hundredth session had a
    chain of a hundred loaders, which every class lookup through the gateway walks (a
    ``ClassNotFoundException`` at each), and which keeps every earlier session's loader alive.
    Each session's loader gets the JVM's application class loader as its parent instead."""
    from pyflink.java_gateway import get_gateway
    from pyflink.table import TableEnvironment

    jvm = get_gateway().jvm
    jvm.Thread.currentThread().setContextClassLoader(jvm.ClassLoader.getSystemClassLoader())
    return TableEnvironment.create(builder.build())


# The deployment's own jars (connectors, model providers: a view calling ML_PREDICT plans only
# with its model's provider), for the verify's Flink: paths separated by the OS's separator.
JARS_VARIABLE = "FLINK_VERIFY_JARS"


def extra_jars() -> list[Path]:
    """The jars of ``FLINK_VERIFY_JARS`` (absolute paths)."""
    value = os.environ.get(JARS_VARIABLE, "")
    return [Path(p).resolve() for p in value.split(os.pathsep) if p.strip()]


def error_message(exc: BaseException) -> str:
    """The last ``...Exception: message`` of a Java stack trace (its root cause)."""
    message = str(exc)
    found = ""
    for line in message.split("\n"):
        if line.startswith("\t"):
            continue
        head, sep, rest = line.removeprefix(": ").removeprefix("Caused by: ").partition(": ")
        if sep and head.endswith(("Exception", "Error")) and " " not in head:
            found = rest
    return found or message.strip().split("\n")[0]


def run(env: Any, statement: str) -> tuple[list[str], list[list[Any]]]:
    """Columns and rows Flink answers; raises with Flink's exception."""
    result = env.execute_sql(statement)
    columns = list(result.get_resolved_schema().get_column_names())
    return columns, rows_of(env, statement, result._j_table_result)


def answer(env: Any, statement: str) -> list[list[Any]]:
    """The rows Flink answers (strings, booleans, None); raises with Flink's exception."""
    return rows_of(env, statement, env._j_tenv.executeSql(statement))


def rows_of(env: Any, statement: str, j_result: Any) -> list[list[Any]]:
    """A result's rows, fetched in one call: PyFlink's row iterator makes a few calls to the JVM
    per row and per field type (half a second for a DESCRIBE of 30 columns); here the JVM writes
    the rows as JSON (Flink's own Jackson, reading each ``Row``'s field array)."""
    from pyflink.java_gateway import get_gateway

    jvm = get_gateway().jvm
    rows = jvm.org.apache.flink.util.CollectionUtil.iteratorToList(j_result.collect())
    try:
        decoded = json.loads(_row_writer(jvm).writeValueAsString(rows))
        values = [row["fieldByPosition"] for row in decoded]
    except (KeyError, TypeError, ValueError):  # a Row without that field: one call a field
        values = [[row.getField(i) for i in range(row.getArity())] for row in rows]
    return [
        [v if v is None or isinstance(v, (str, bool)) else str(v) for v in row] for row in values
    ]


_WRITERS: dict[int, Any] = {}


def _row_writer(jvm: Any) -> Any:
    """A Jackson ``ObjectMapper`` of the JVM that writes objects by their fields."""
    key = id(jvm)
    if key not in _WRITERS:
        jackson = jvm.org.apache.flink.shaded.jackson2.com.fasterxml.jackson
        mapper = jackson.databind.ObjectMapper()
        visibility = jackson.annotation.JsonAutoDetect.Visibility
        accessor = jackson.annotation.PropertyAccessor
        mapper.setVisibility(accessor.ALL, visibility.NONE)
        mapper.setVisibility(accessor.FIELD, visibility.ANY)
        _WRITERS[key] = mapper
    return _WRITERS[key]
