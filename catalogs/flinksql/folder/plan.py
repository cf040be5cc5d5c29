"""The plan: the statements that make an environment's catalogs equal a folder's.

Both sides are snapshots (:class:`..snapshot_format.Snapshot`): the folder's definitions as the
executor made them (so every name, type and query is in the one canonical form), and the
environment's. Each object that differs gets the smallest change Flink supports:

- catalogs: ``ALTER CATALOG SET / RESET / COMMENT``;
- databases: ``ALTER DATABASE SET``;
- tables: ``ALTER TABLE DROP WATERMARK / DROP PRIMARY KEY / DROP (columns) / ADD (...) /
  MODIFY (...) / SET (...) / RESET (...)``, columns placed with ``FIRST`` / ``AFTER``;
- views: ``ALTER VIEW ... AS`` when only the query changed (or the column types it gives);
- functions: ``ALTER FUNCTION`` for the class or language;
- models: ``ALTER MODEL SET / RESET`` for the options.

A function's declared result type (Flink's DDL has no clause for it; :mod:`.declared`) is part
of the function: a step that creates a function with one, or changes it, carries a
:class:`Declaration`, which the dashboard sets after the statement creating the function (or
before every statement, for a function that exists); a changed type and nothing else is a
step without statements. The views calling it then get ``ALTER VIEW ... AS`` when the column
types they store change with it. The artifact a function's code comes from is declared the
same way (the dashboard links it; whether the environment holds that artifact, with that
content, the Django side checks before planning).

What Flink cannot alter is dropped and created again, with the reason (a table's comment or
partition keys, a table that becomes a view, a view's column names or comment, a function's
jars, a model's input, output or comment), and a loud warning where a
drop has consequences outside the catalog (:data:`DROP_CONSEQUENCES`). What cannot be done
with statements at all (a catalog's type, a database's comment) is an error of the plan.

A secret option is compared by its presence only, unless the plan is given its value (the
folder's placeholder filled in): then the dashboard compares it with the stored value's
fingerprint and tells the plan which differ, or may differ (:data:`SecretChanges`); each
gets a ``SET`` of the placeholder, never of the value.

Objects of the environment that the folder does not hold are dropped only when drops are
allowed; otherwise they are listed as skipped. Only the catalogs the folder creates are
compared: a folder holds whole catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ..catalog import (
    CatalogFunction,
    CatalogTable,
    CatalogView,
    quote_identifier,
    quote_string,
)
from ..render import constraint_lines, create_database, create_function, show_create_model
from ..secrets import is_secret
from ..snapshot_format.ddl import (
    PlannedStatement,
    column_clause,
    create_catalog_statement,
    create_table_statement,
    create_view_statement,
    recreating_expression,
    runnable_query,
    views_in_order,
)
from ..snapshot_format.reading import Snapshot
from .declared import Declaration

DROP_CONSEQUENCES = {
    "kafka": "dropping a Kafka table in Confluent Manager for Apache Flink deletes its topic "
    "and every record in it",
    "upsert-kafka": "dropping an upsert-Kafka table in Confluent Manager for Apache Flink "
    "deletes its topic and every record in it",
}
MANAGED_CATALOGS = {
    "paimon": "a Paimon catalog deletes a dropped table's files",
    "hive": "a Hive catalog deletes a dropped managed table's data",
}


# (kind, name, option key) -> True: the value given differs from the stored one; False: it
# may differ (the stored one has no fingerprint). Values equal to the stored one are absent.
SecretChanges = Mapping[tuple[str, str, str], bool]


def _secrets_of(secrets: SecretChanges, kind: str, name: str) -> dict[str, bool]:
    return {k: v for (a, b, k), v in secrets.items() if (a, b) == (kind, name)}


def secret_notes(changed: Mapping[str, bool]) -> str:
    """What a step says of the secrets it sets again (never their values)."""
    notes = []
    for key in sorted(changed):
        if changed[key]:
            notes.append(f"the secret {quote_string(key)} changes (the value given differs)")
        else:
            notes.append(
                f"the secret {quote_string(key)} may change (it was stored before the "
                "dashboard kept fingerprints of secrets, so the value given cannot be compared)"
            )
    return "; ".join(notes)


@dataclass
class Step:
    """One object's change: what, why, and its statements."""

    action: str  # create, change, re-create, drop
    kind: str  # catalog, database, table, view, function, model
    name: str  # catalog[.database[.object]]
    statements: list[PlannedStatement]
    reason: str = ""
    warning: str = ""
    declaration: Declaration | None = None  # a function's declared result type


@dataclass
class Plan:
    steps: list[Step] = field(default_factory=list)
    skipped_drops: list[Step] = field(default_factory=list)  # drops not allowed
    errors: list[str] = field(default_factory=list)  # changes no statement can make

    @property
    def statements(self) -> list[PlannedStatement]:
        return [s for step in self.steps for s in step.statements]

    @property
    def declarations(self) -> list[Declaration]:
        return [step.declaration for step in self.steps if step.declaration is not None]

    @property
    def pending(self) -> bool:
        return bool(self.steps or self.skipped_drops or self.errors)

    def counts(self) -> dict[str, int]:
        result = {"create": 0, "change": 0, "re-create": 0, "drop": 0}
        for step in self.steps:
            result[step.action] += 1
        return result


def _statement(kind: str, name: str, sql: str, catalog: str) -> PlannedStatement:
    return PlannedStatement(kind, name, sql.rstrip("\n"), catalog)


def _option_changes(
    old: Mapping[str, str], new: Mapping[str, str], secrets: Mapping[str, bool] | None = None
) -> tuple[dict[str, str], list[str]]:
    """(options to set, keys to reset); a secret counts as equal when both sides hold one,
    unless ``secrets`` says it differs or may differ."""
    again = secrets or {}
    changed = {
        k: new[k]
        for k in sorted(new)
        if k not in old or k in again or (not is_secret(k) and old[k] != new[k])
    }
    return changed, [k for k in sorted(old) if k not in new]


def _set(options: dict[str, str]) -> str:
    return "(" + ", ".join(f"{quote_string(k)} = {quote_string(options[k])}" for k in options) + ")"


def _reset(keys: list[str]) -> str:
    return "(" + ", ".join(quote_string(k) for k in keys) + ")"


def plan_changes(
    desired: list[Snapshot],
    actual: Mapping[str, Snapshot | None],
    allow_drops: bool = False,
    secrets: SecretChanges | None = None,
) -> Plan:
    """The plan that makes the catalogs of ``actual`` (by name; None: missing) equal
    ``desired``; the secrets of ``secrets`` are set again."""
    plan = Plan()
    secrets = secrets or {}
    late: list[Step] = []  # drops of tables, functions and databases: after everything else
    for snapshot in desired:
        old = actual.get(snapshot.catalog_name)
        _catalog(plan, snapshot, old, secrets)
        _databases(plan, late, snapshot, old, secrets)
    for snapshot in desired:
        old = actual.get(snapshot.catalog_name)
        _relations(plan, late, snapshot, old, secrets)
        _functions(plan, late, snapshot, old)
        _models(plan, late, snapshot, old, secrets)
    view_steps = {}
    for snapshot in desired:
        old = actual.get(snapshot.catalog_name)
        old_views = {v.identifier: v for v in old.views} if old else {}
        for view in snapshot.views:
            step = _view(view, old_views.get(view.identifier))
            if step is not None:
                view_steps[view.identifier] = step
    for _, view in views_in_order(desired):
        if view.identifier in view_steps:
            plan.steps.append(view_steps[view.identifier])
    # readers before what they read, a database after its content
    late.sort(key=lambda step: ("view", "table", "model", "function", "database").index(step.kind))
    for step in late:
        (plan.steps if allow_drops else plan.skipped_drops).append(step)
    return plan


def _catalog(plan: Plan, snapshot: Snapshot, old: Snapshot | None, secrets: SecretChanges) -> None:
    name = snapshot.catalog_name
    options = dict(snapshot.catalog_options)
    if old is None:
        sql = create_catalog_statement(name, snapshot.catalog_comment, options)
        plan.steps.append(Step("create", "catalog", name, [_statement("catalog", name, sql, name)]))
        return
    old_options = dict(old.catalog_options)
    if old_options.get("type") != options.get("type"):
        plan.errors.append(
            f"catalog {name}: its type changes from {old_options.get('type')!r} to "
            f"{options.get('type')!r}, which Flink cannot alter; drop and re-create the catalog "
            "by hand."
        )
        return
    again = _secrets_of(secrets, "catalog", name)
    changed, removed = _option_changes(old_options, options, again)
    sql = []
    quoted = quote_identifier(name)
    if changed:
        sql.append(f"ALTER CATALOG {quoted} SET {_set(changed)}")
    if removed:
        sql.append(f"ALTER CATALOG {quoted} RESET {_reset(removed)}")
    if snapshot.catalog_comment != old.catalog_comment:
        if snapshot.catalog_comment is None:
            plan.errors.append(f"catalog {name}: Flink cannot remove a catalog's comment.")
        else:
            sql.append(f"ALTER CATALOG {quoted} COMMENT {quote_string(snapshot.catalog_comment)}")
    if sql:
        statements = [_statement("catalog", name, s, name) for s in sql]
        plan.steps.append(Step("change", "catalog", name, statements, secret_notes(again)))


def _databases(
    plan: Plan, late: list[Step], snapshot: Snapshot, old: Snapshot | None, secrets: SecretChanges
) -> None:
    catalog = snapshot.catalog_name
    if old is None:  # CREATE CATALOG creates its default database, empty
        default = snapshot.catalog_options.get("default-database", "default")
        before = {default: {"name": default, "comment": None, "properties": {}}}
    else:
        before = {d["name"]: d for d in old.databases}
    wanted = {d["name"]: d for d in snapshot.databases}
    for name, database in wanted.items():
        label = f"{catalog}.{name}"
        quoted = f"{quote_identifier(catalog)}.{quote_identifier(name)}"
        existing = before.get(name)
        if existing is None:
            sql = create_database(catalog, name, database["comment"], database["properties"])
            plan.steps.append(
                Step("create", "database", label, [_statement("database", name, sql, catalog)])
            )
            continue
        again = _secrets_of(secrets, "database", label)
        changed, removed = _option_changes(existing["properties"], database["properties"], again)
        if removed:
            plan.errors.append(
                f"database {label}: Flink cannot remove a database's properties "
                f"({', '.join(removed)}); drop and re-create the database by hand."
            )
        if existing["comment"] != database["comment"]:
            plan.errors.append(
                f"database {label}: Flink has no ALTER DATABASE for a database's comment; drop "
                "and re-create the database by hand."
            )
        if changed:
            sql = f"ALTER DATABASE {quoted} SET {_set(changed)}"
            statement = _statement("database", name, sql, catalog)
            plan.steps.append(Step("change", "database", label, [statement], secret_notes(again)))
    for name in before:
        if name not in wanted:
            sql = f"DROP DATABASE {quote_identifier(catalog)}.{quote_identifier(name)}"
            step = Step(
                "drop",
                "database",
                f"{catalog}.{name}",
                [_statement("database", name, sql, catalog)],
            )
            if old is None:  # the default database CREATE CATALOG made, which the folder lacks
                step.reason = "CREATE CATALOG creates it; the folder's catalog has none"
                plan.steps.append(step)
            else:
                late.append(step)


def _drop_warning(table: CatalogTable, catalog_type: str) -> str:
    said = []
    connector = table.options.get("connector", "")
    if connector in DROP_CONSEQUENCES:
        said.append(DROP_CONSEQUENCES[connector])
    if catalog_type in MANAGED_CATALOGS:
        said.append(MANAGED_CATALOGS[catalog_type])
    return "; ".join(said)


def _relations(
    plan: Plan, late: list[Step], snapshot: Snapshot, old: Snapshot | None, secrets: SecretChanges
) -> None:
    catalog_type = snapshot.catalog_options.get("type", "")
    old_tables = {t.identifier: t for t in old.tables} if old else {}
    wanted_tables = {t.identifier: t for t in snapshot.tables}
    wanted_views = {v.identifier: v for v in snapshot.views}
    catalog = snapshot.catalog_name
    # the views to drop first (readers before what they read), then tables become views or back
    for view in reversed(old.views if old else []):
        if view.identifier not in wanted_views:
            sql = f"DROP VIEW {view.identifier.quoted()}"
            step = Step(
                "drop", "view", str(view.identifier), [_statement("view", "", sql, catalog)]
            )
            if view.identifier in wanted_tables:
                step.action, step.reason = "re-create", "a view becomes a table"
                plan.steps.append(step)
            else:
                late.insert(0, step)
    for identifier, table in wanted_tables.items():
        label = str(identifier)
        create = _statement("table", label, create_table_statement(table), catalog)
        existing = old_tables.get(identifier)
        if existing is None:
            plan.steps.append(Step("create", "table", label, [create]))
            continue
        again = _secrets_of(secrets, "table", label)
        changes, reason = table_changes(existing, table, again)
        if reason:
            drop = _statement("table", label, f"DROP TABLE {identifier.quoted()}", catalog)
            plan.steps.append(
                Step(
                    "re-create",
                    "table",
                    label,
                    [drop, create],
                    reason,
                    _drop_warning(existing, catalog_type),
                )
            )
        elif changes:
            plan.steps.append(
                Step(
                    "change",
                    "table",
                    label,
                    [_statement("table", label, s, catalog) for s in changes],
                    secret_notes(again),
                )
            )
    for identifier, table in old_tables.items():
        if identifier in wanted_tables:
            continue
        step = Step(
            "drop",
            "table",
            str(identifier),
            [_statement("table", str(identifier), f"DROP TABLE {identifier.quoted()}", catalog)],
            warning=_drop_warning(table, catalog_type),
        )
        if identifier in wanted_views:
            step.action, step.reason = "re-create", "a table becomes a view"
            plan.steps.append(step)
        else:
            late.append(step)


def table_changes(
    old: CatalogTable, new: CatalogTable, secrets: Mapping[str, bool] | None = None
) -> tuple[list[str], str]:
    """The ALTER TABLE statements that turn ``old`` into ``new`` (setting the secrets of
    ``secrets`` again); or none and the reason why the table must be dropped and created
    again."""
    reasons = []
    if old.comment != new.comment:
        reasons.append("Flink has no ALTER TABLE for a table's comment")
    if old.partition_keys != new.partition_keys:
        reasons.append("Flink cannot change a table's partition keys")
    if reasons:
        return [], "; ".join(reasons)
    target = f"ALTER TABLE {new.identifier.quoted()}"
    sql = []
    # a changed distribution is dropped first and added last, so that no column change meets
    # a bucket key it must keep or a key that does not exist yet
    redistributed = old.distribution != new.distribution
    if redistributed and old.distribution is not None:
        sql.append(f"{target} DROP DISTRIBUTION")
    if old.watermark is not None and new.watermark is None:
        sql.append(f"{target} DROP WATERMARK")
    if old.primary_key is not None and new.primary_key is None:
        sql.append(f"{target} DROP PRIMARY KEY")
    old_columns = {c.name: c for c in old.columns}
    new_columns = {c.name: c for c in new.columns}
    removed = [c.name for c in old.columns if c.name not in new_columns]
    if removed:
        sql.append(f"{target} DROP ({', '.join(quote_identifier(n) for n in removed)})")
    order = [c.name for c in new.columns]

    def position(name: str) -> str:
        at = order.index(name)
        return " FIRST" if at == 0 else f" AFTER {quote_identifier(order[at - 1])}"

    kept_before = [c.name for c in old.columns if c.name in new_columns]
    kept_after = [n for n in order if n in old_columns]
    reordered = kept_before != kept_after
    added = [column_clause(new_columns[n]) + position(n) for n in order if n not in old_columns]
    modified = [
        column_clause(new_columns[n]) + (position(n) if reordered else "")
        for n in order
        if n in old_columns and (reordered or old_columns[n] != new_columns[n])
    ]
    wm_line = constraint_lines(replace(new, primary_key=None), recreating_expression)
    pk_line = constraint_lines(replace(new, watermark=None))
    later: list[str] = []  # what a MODIFY after the ADD changes
    if new.primary_key is not None:
        (added if old.primary_key is None else later).extend(
            pk_line if old.primary_key != new.primary_key else []
        )
    if new.watermark is not None:
        (added if old.watermark is None else later).extend(
            wm_line if old.watermark != new.watermark else []
        )
    if modified:
        sql.append(f"{target} MODIFY ({', '.join(modified)})")
    if added:
        sql.append(f"{target} ADD ({', '.join(added)})")
    if later:
        sql.append(f"{target} MODIFY ({', '.join(later)})")
    changed, reset = _option_changes(old.options, new.options, secrets)
    if changed:
        sql.append(f"{target} SET {_set(changed)}")
    if reset:
        sql.append(f"{target} RESET {_reset(reset)}")
    if redistributed and new.distribution is not None:
        sql.append(f"{target} ADD {new.distribution.alter_clause()}")
    return sql, ""


def _functions(plan: Plan, late: list[Step], snapshot: Snapshot, old: Snapshot | None) -> None:
    catalog = snapshot.catalog_name
    before = {f.identifier: (f, x) for f, x in old.functions} if old else {}
    for function, extras in snapshot.functions:
        identifier = function.identifier
        returns, artifact = extras.get("returnType"), extras.get("artifact")
        label = str(identifier)
        create = _statement("function", label, create_function(function), catalog)
        declared = (
            Declaration(identifier, returns, create, artifact) if returns or artifact else None
        )
        existing, had_extras = before.get(identifier, (None, {}))
        if existing is None:
            plan.steps.append(Step("create", "function", label, [create], declaration=declared))
            continue
        had, had_artifact = had_extras.get("returnType"), had_extras.get("artifact")
        reasons = []
        if had != returns:
            reasons.append(
                f"its declared result type changes from {had or 'none'} to {returns or 'none'}, "
                "which the dashboard declares (Flink's DDL has no clause for it)"
            )
        if had_artifact != artifact:
            reasons.append(
                f"its artifact changes from {_artifact_name(had_artifact)} to "
                f"{_artifact_name(artifact)}, which the dashboard links (Flink's DDL has no "
                "clause for it)"
            )
        retyped = "; ".join(reasons)
        if existing.jars != function.jars:
            drop = _statement("function", label, f"DROP FUNCTION {identifier.quoted()}", catalog)
            reason = "Flink's ALTER FUNCTION cannot change a function's jars"
            plan.steps.append(
                Step("re-create", "function", label, [drop, create], reason, declaration=declared)
            )
            continue
        sql = []
        if (existing.class_name, existing.language) != (function.class_name, function.language):
            sql.append(_statement("function", label, _alter_function(function), catalog))
        if sql or retyped:
            redeclared = Declaration(identifier, returns, None, artifact) if retyped else None
            plan.steps.append(
                Step("change", "function", label, sql, retyped, declaration=redeclared)
            )
    wanted = {f.identifier for f, _ in snapshot.functions}
    for identifier in before:
        if identifier not in wanted:
            sql = f"DROP FUNCTION {identifier.quoted()}"
            late.append(
                Step(
                    "drop", "function", str(identifier), [_statement("function", "", sql, catalog)]
                )
            )


def _models(
    plan: Plan, late: list[Step], snapshot: Snapshot, old: Snapshot | None, secrets: SecretChanges
) -> None:
    catalog = snapshot.catalog_name
    before = {m.identifier: m for m in old.models} if old else {}
    wanted = {m.identifier for m in snapshot.models}
    for model in snapshot.models:
        identifier = model.identifier
        label = str(identifier)
        create = _statement("model", label, show_create_model(model), catalog)
        existing = before.get(identifier)
        if existing is None:
            plan.steps.append(Step("create", "model", label, [create]))
            continue
        shape = (model.input_columns, model.output_columns, model.comment)
        if (existing.input_columns, existing.output_columns, existing.comment) != shape:
            drop = _statement("model", label, f"DROP MODEL {identifier.quoted()}", catalog)
            reason = "Flink's ALTER MODEL cannot change a model's input, output or comment"
            plan.steps.append(Step("re-create", "model", label, [drop, create], reason))
            continue
        again = _secrets_of(secrets, "model", label)
        changed, reset = _option_changes(existing.options, model.options, again)
        target = f"ALTER MODEL {identifier.quoted()}"
        sql = [f"{target} SET {_set(changed)}"] if changed else []
        sql += [f"{target} RESET {_reset(reset)}"] if reset else []
        if sql:
            statements = [_statement("model", label, s, catalog) for s in sql]
            plan.steps.append(Step("change", "model", label, statements, secret_notes(again)))
    for identifier in before:
        if identifier not in wanted:
            sql = f"DROP MODEL {identifier.quoted()}"
            late.append(
                Step("drop", "model", str(identifier), [_statement("model", "", sql, catalog)])
            )


def _artifact_name(name: str | None) -> str:
    return "none" if name is None else quote_string(name)


def _alter_function(function: CatalogFunction) -> str:
    return (
        f"ALTER FUNCTION {function.identifier.quoted()} AS {quote_string(function.class_name)} "
        f"LANGUAGE {function.language}"
    )


def _view(new: CatalogView, old: CatalogView | None) -> Step | None:
    identifier = new.identifier
    label = str(identifier)
    use = [
        _statement(
            "use",
            identifier.database,
            f"USE CATALOG {quote_identifier(identifier.catalog)}",
            identifier.catalog,
        ),
        _statement(
            "use",
            identifier.database,
            f"USE {quote_identifier(identifier.database)}",
            identifier.catalog,
        ),
    ]
    text = create_view_statement(new)
    if old is None:
        return Step(
            "create", "view", label, use + [_statement("view", label, text, identifier.catalog)]
        )
    names = [c.name for c in new.columns], [c.name for c in old.columns]
    types = [c.data_type for c in new.columns], [c.data_type for c in old.columns]
    query = runnable_query(new.expanded_query)
    if (query, new.comment, names[0], types[0]) == (
        runnable_query(old.expanded_query),
        old.comment,
        names[1],
        types[1],
    ):
        return None
    if new.comment != old.comment or names[0] != names[1]:
        # Flink 2.3 refuses CREATE OR REPLACE VIEW of an existing view (the dashboard follows
        # CMF there): DROP and CREATE run in both
        drop = _statement("view", label, f"DROP VIEW {identifier.quoted()}", identifier.catalog)
        return Step(
            "re-create",
            "view",
            label,
            [*use, drop, _statement("view", label, text, identifier.catalog)],
            "ALTER VIEW cannot change a view's column names or comment",
        )
    reason = (
        ""
        if query != runnable_query(old.expanded_query)
        else ("its stored column types differ from what its query gives now")
    )
    sql = f"ALTER VIEW {identifier.quoted()} AS {query}"
    return Step(
        "change", "view", label, use + [_statement("view", label, sql, identifier.catalog)], reason
    )
