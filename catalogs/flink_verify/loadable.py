"""Which views Flink cannot read or plan here, whatever loads them, and why: what they read
that no snapshot holds, a query that no longer resolves, a connector PyFlink lacks, a temporal
join it cannot plan."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlglot import exp

from ..flinksql import snapshot_format as sf
from ..flinksql.catalog import CatalogTable, CatalogView, ObjectIdentifier
from ..flinksql.errors import FlinkSqlError, SqlParseError
from ..flinksql.lineage import parse_expanded
from ..flinksql.views import expand_view
from .objects import Definition, loaded_objects
from .session import JARS_VARIABLE

# Connectors in the apache-flink package that can be read from (EXPLAIN needs a source).
SOURCE_CONNECTORS = {"datagen"}
FILESYSTEM_FORMATS = {"csv", "json", "raw"}
# Connectors here that can serve a lookup join (a LookupTableSource): none of PyFlink's.
LOOKUP_CONNECTORS: set[str] = set()


class Loaded:
    """The objects of the snapshots verified together, and the rules that say which views Flink
    cannot read or plan here whatever the loader does."""

    def __init__(self, snapshots: list[sf.Snapshot]) -> None:
        self.snapshots = snapshots
        self.objects = loaded_objects(snapshots)

    def reads(self, view: CatalogView) -> Iterator[tuple[ObjectIdentifier, Definition | None]]:
        """Every table and view ``view`` reads, through the views it reads too."""
        pending, seen = [view], set()
        while pending:
            current = pending.pop()
            for identifier in sorted(sf.relations_read(current.expanded_query), key=str):
                if identifier in seen:
                    continue
                seen.add(identifier)
                found = self.objects.relations.get(identifier)
                if isinstance(found, CatalogView):
                    pending.append(found)
                yield identifier, found

    def missing(self, view: CatalogView) -> str | None:
        """What the view reads that none of the snapshots holds."""
        for identifier, found in self.reads(view):
            if found is not None:
                continue
            if identifier.catalog not in self.objects.catalogs:
                return (
                    f"reads {identifier}, of catalog '{identifier.catalog}', whose snapshot is "
                    "not verified with this one"
                )
            return f"reads {identifier}, which is not in the snapshot"
        return None

    def unresolvable(self, view: CatalogView) -> str | None:
        """Why the view's stored query does not read back against the snapshots' objects, as
        the dashboard's parser and validator (which give Flink's messages) find."""
        identifier = view.identifier
        self.objects.current = (identifier.catalog, identifier.database)
        try:
            names = [c.name for c in view.columns]
            expand_view(view.expanded_query, self.objects, *self.objects.current, names)
        except SqlParseError as exc:
            message = _first_line(exc).removeprefix("SQL parse failed. ")
            return f"Flink cannot parse the query it stored for this view: {message}"
        except FlinkSqlError as exc:
            return (
                "its query no longer resolves against what it reads (the dashboard marks such "
                f"a view stale or broken): {_first_line(exc)}"
            )
        return None

    def explain_skip(self, view: CatalogView) -> str | None:
        """None when Flink can plan ``SELECT * FROM view`` here; else why not. Every table the
        view reads must have a source connector of PyFlink's, and a lookup (processing-time
        temporal) join needs a connector that can do lookups, an event-time temporal join a
        versioned table (primary key and watermark)."""
        reason = self.missing(view) or self.unresolvable(view) or self.no_source(view)
        if reason is not None:
            return reason
        for join in self._temporal_joins(view):
            if join is not None:
                return join
        return None

    def no_provider(self, view: CatalogView, refusal: str) -> str | None:
        """Why Flink alone refuses a view that calls a model (ML_PREDICT): no provider of the
        model on its classpath (a deployment's jar, which FLINK_VERIFY_JARS adds)."""
        missing = "Could not find any factor" in refusal and "ModelProviderFactory" in refusal
        if not missing or "ML_PREDICT" not in view.expanded_query:
            return None
        return (
            "calls a model whose provider is not on this Flink's classpath (add the "
            f"deployment's jar to {JARS_VARIABLE})"
        )

    def no_source(self, view: CatalogView) -> str | None:
        """A table the view reads whose connector PyFlink cannot read from: Flink builds the
        table sources of a view when it creates or plans it."""
        for identifier, found in self.reads(view):
            if isinstance(found, CatalogTable) and not readable(found):
                connector = found.options.get("connector", "")
                return f"reads {identifier} (connector '{connector}', not in PyFlink)"
        return None

    def _temporal_joins(self, view: CatalogView) -> Iterator[str | None]:
        views = [view] + [f for _, f in self.reads(view) if isinstance(f, CatalogView)]
        for current in views:
            try:
                tree = parse_expanded(current.expanded_query)
            except Exception:
                continue
            if tree is None:
                continue
            aliases = {
                t.alias_or_name: self.objects.relations.get(_table_identifier(t))
                for t in tree.find_all(exp.Table)
            }
            for node in tree.find_all(exp.Table):
                version = node.args.get("version")
                found = aliases.get(node.alias_or_name)
                if version is None or not isinstance(found, CatalogTable):
                    continue
                period = version.args.get("expression")
                kind = _time_attribute(aliases, period)
                connector = found.options.get("connector", "")
                if kind == "PROCTIME" and connector not in LOOKUP_CONNECTORS:
                    yield (
                        f"a lookup join reads {found.identifier} (FOR SYSTEM_TIME AS OF a "
                        f"processing-time attribute), and its connector '{connector}' cannot "
                        "do lookups"
                    )
                elif kind == "ROWTIME" and (found.primary_key is None or found.watermark is None):
                    yield (
                        f"an event-time temporal join reads {found.identifier}, which is not a "
                        "versioned table (it needs a primary key and a watermark): Flink "
                        "accepts such a view but cannot plan the join"
                    )


def _table_identifier(node: exp.Table) -> ObjectIdentifier | None:
    parts = [p.name for p in node.parts]
    return ObjectIdentifier(*parts) if len(parts) == 3 else None


def _time_attribute(aliases: dict[str, Definition | None], period: Any) -> str | None:
    if not isinstance(period, exp.Column):
        return None
    found = aliases.get(period.table)
    if isinstance(found, CatalogTable):
        columns = found.time_attributed_columns()
    elif isinstance(found, CatalogView):
        columns = found.columns
    else:
        return None
    for column in columns:
        if column.name == period.name:
            return column.data_type.time_attribute
    return None


def readable(table: CatalogTable) -> bool:
    connector = table.options.get("connector", "")
    if connector == "filesystem":
        return table.options.get("format") in FILESYSTEM_FORMATS
    return connector in SOURCE_CONNECTORS


def _first_line(exc: FlinkSqlError) -> str:
    return exc.message.split("\n", 1)[0]
