"""Build and change table schemas with Flink's rules (CREATE TABLE, LIKE, ALTER TABLE)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from sqlglot import exp

from . import statements as st
from .catalog import CatalogTable, Column, ObjectIdentifier, PrimaryKey, Watermark
from .distribution import TableDistribution, check_bucket_count
from .errors import FlinkSqlError, ValidationError
from .like_clause import like_mode
from .parser import parse_expression
from .quoting import quote_identifier
from .types import DataType
from .views.computed import column_expression, column_expression_type


def _at(position: st.SourcePosition | None) -> str:
    return f" at line {position.line}, column {position.column}" if position else ""


def model_columns(specs: list[st.ColumnSpec]) -> list[Column]:
    """A model's input or output columns as ``CREATE MODEL`` declares them (physical only)."""
    return [Column(c.name, c.data_type, comment=c.comment) for c in specs if c.data_type]


def resolve_column(spec: st.ColumnSpec, scope: dict[str, DataType]) -> Column:
    """A written column as the catalog keeps it; computed columns read only ``scope``."""
    if spec.kind == st.ColumnKind.COMPUTED:
        assert spec.expression is not None
        text, data_type = column_expression(spec.expression, scope)
        return Column(spec.name, data_type, spec.kind, spec.comment, expression=text)
    assert spec.data_type is not None
    return Column(
        spec.name,
        spec.data_type,
        spec.kind,
        spec.comment,
        metadata_key=spec.metadata_key,
        virtual=spec.virtual,
    )


def with_time_attributes(columns: list[Column]) -> list[Column]:
    """``columns`` read back where types are kept without their time attributes (the
    catalog's rows, a snapshot), each computed column typed again as a processing-time
    attribute where its expression types as one, as Flink derives it: ``PROCTIME()``, also
    ``PROCTIME() + INTERVAL '1' SECOND`` or ``COALESCE(PROCTIME(), ...)``. Only an expression
    calling PROCTIME can be one (no other column of a table is an attribute there)."""
    scope: dict[str, DataType] | None = None
    result = []
    for column in columns:
        text = column.expression or ""
        if column.kind == st.ColumnKind.COMPUTED and "PROCTIME" in text.upper():
            scope = _non_computed_scope(columns) if scope is None else scope
            try:
                attribute = column_expression_type(parse_expression(text), scope).time_attribute
            except FlinkSqlError:  # kept before a rule changed: shown as it was kept
                attribute = None
            column = replace(column, data_type=column.data_type.with_time_attribute(attribute))
        result.append(column)
    return result


def _non_computed_scope(columns: list[Column]) -> dict[str, DataType]:
    return {c.name: c.data_type for c in columns if c.kind != st.ColumnKind.COMPUTED}


def _check_watermark_column(spec: st.WatermarkSpec, columns: list[Column]) -> None:
    """ALTER TABLE words a missing rowtime column like a nested one."""
    if spec.column not in _column_names(columns):
        names = ", ".join(c.name for c in columns)
        raise ValidationError(
            f"Invalid column name '{spec.column}' for rowtime attribute in watermark "
            f"declaration. Available columns are: [{names}]"
        )


def resolve_watermark(spec: st.WatermarkSpec, columns: list[Column]) -> Watermark:
    """The watermark ``spec`` declares over ``columns``, checked as ALTER TABLE checks one
    (adding or changing a watermark, or checking a kept one again): its column, the column's
    type, then the expression. CREATE TABLE checks in another order (:func:`_finish`)."""
    column = _rowtime_column(spec, columns)
    _check_time_type(column.data_type, "time field", "the time field type")
    expression, expression_type = column_expression(spec.expression, _scope(columns))
    if column.is_proctime:
        raise ValidationError(PROCTIME_WATERMARK)
    _check_time_type(expression_type, "expression", "the watermark expression type")
    return Watermark(spec.column, expression)


PROCTIME_WATERMARK = "A watermark can not be defined for a processing-time attribute."


def _scope(columns: list[Column]) -> dict[str, DataType]:
    return {c.name: c.data_type for c in columns}


def _rowtime_column(spec: st.WatermarkSpec, columns: list[Column]) -> Column:
    """The column a watermark is declared for, which must be one of ``columns``."""
    if "." in spec.column:
        names = ", ".join(c.name for c in columns)
        raise ValidationError(
            f"Invalid column name '{spec.column}' for rowtime attribute in watermark "
            f"declaration. Available columns are: [{names}]"
        )
    column = next((c for c in columns if c.name == spec.column), None)
    if column is None:
        available = ", ".join(f"'{c.name}'" for c in columns)
        raise ValidationError(
            f"The rowtime attribute field '{spec.column}' is not defined in the table schema, "
            f"{_at(spec.position).strip()}\nAvailable fields: [{available}]"
        )
    return column


def _created_watermark(spec: st.WatermarkSpec, columns: list[Column]) -> Callable[[], Watermark]:
    """CREATE TABLE's watermark in Flink's two steps: its column and its expression are
    checked now (as Flink converts the statement); the check of their types is returned, to
    run where Flink resolves the schema (after the primary key's columns, the partition keys
    and the metadata keys)."""
    column = _rowtime_column(spec, columns)
    expression, expression_type = column_expression(spec.expression, _scope(columns))

    def resolved() -> Watermark:
        if column.is_proctime:
            raise ValidationError(PROCTIME_WATERMARK)
        _check_time_type(column.data_type, "time field", "the time field type")
        _check_time_type(expression_type, "expression", "the watermark expression type")
        return Watermark(spec.column, expression)

    return resolved


def _check_time_type(t: DataType, what: str, label: str) -> None:
    """Flink names the type with its nullability (``INT NOT NULL``, a key column's too)."""
    if not (t.is_timestamp and 0 <= t.precision <= 3):
        shown = t.summary()
        raise ValidationError(
            f"Invalid data type of {what} for watermark definition. The field must be of type "
            "TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but "
            f"{label} is {shown}"
        )


def check_primary_key_columns(spec: st.PrimaryKeySpec, columns: list[Column]) -> None:
    """CREATE TABLE's key names columns that are there and physical (at their positions)."""
    positions = spec.column_positions or [spec.position] * len(spec.columns)
    for name, position in zip(spec.columns, positions, strict=True):
        column = next((c for c in columns if c.name == name), None)
        if column is None:
            raise ValidationError(
                f"Primary key column '{name}' is not defined in the schema{_at(position)}"
            )
        if column.kind != st.ColumnKind.PHYSICAL:
            raise ValidationError(
                f"Could not create a PRIMARY KEY with column '{name}'{_at(position)}.\n"
                "A PRIMARY KEY constraint must be declared on physical columns."
            )


def resolve_primary_key(spec: st.PrimaryKeySpec, columns: list[Column]) -> PrimaryKey:
    check_primary_key_columns(spec, columns)
    _check_key_duplicates(spec)
    return PrimaryKey(_key_name(spec), tuple(spec.columns))


def _key_name(spec: st.PrimaryKeySpec) -> str:
    return spec.name or "PK_" + "_".join(spec.columns)


def _check_key_duplicates(spec: st.PrimaryKeySpec) -> None:
    if len(set(spec.columns)) != len(spec.columns):
        duplicates = sorted({c for c in spec.columns if spec.columns.count(c) > 1})
        raise ValidationError(
            f"Invalid primary key '{_key_name(spec)}'. A primary key must not contain duplicate "
            f"columns. Found: [{', '.join(duplicates)}]"
        )


def with_primary_key_not_null(
    columns: list[Column], key: PrimaryKey | st.PrimaryKeySpec | None
) -> list[Column]:
    if key is None:
        return columns
    return [
        replace(c, data_type=c.data_type.with_nullable(False)) if c.name in key.columns else c
        for c in columns
    ]


def check_partition_keys(keys: list[str], columns: list[Column]) -> None:
    """Each partition key names a column (checked before the schema is resolved)."""
    for key in keys:
        if not any(c.name == key for c in columns):
            available = ", ".join(f"'{c.name}'" for c in columns)
            raise ValidationError(
                f"Partition column '{key}' not defined in the table schema. "
                f"Available columns: [{available}]"
            )


def _physical_names(columns: list[Column]) -> str:
    return ", ".join(c.name for c in columns if c.kind == st.ColumnKind.PHYSICAL)


def check_physical_partition_keys(keys: list[str], columns: list[Column]) -> None:
    """Each partition key names a physical column (checked last, as Flink resolves a table:
    its schema, then its distribution, then its partitions)."""
    for key in keys:
        column = next((c for c in columns if c.name == key), None)
        if column is not None and column.kind != st.ColumnKind.PHYSICAL:
            raise ValidationError(
                f"Invalid partition key '{key}'. A partition key must reference a physical "
                f"column in the schema. Available columns are: [{_physical_names(columns)}]"
            )


def check_distribution(distribution: TableDistribution | None, columns: list[Column]) -> None:
    """Each bucket key names a physical column, then the number of buckets is at least 1."""
    if distribution is None:
        return
    for key in distribution.bucket_keys:
        column = next((c for c in columns if c.name == key), None)
        if column is None or column.kind != st.ColumnKind.PHYSICAL:
            raise ValidationError(
                f"Invalid bucket key '{key}'. A bucket key for a distribution must reference a "
                f"physical column in the schema. Available columns are: "
                f"[{_physical_names(columns)}]"
            )
    check_bucket_count(distribution)


def check_metadata_keys(columns: list[Column]) -> None:
    """No two metadata columns read one key (a column's own name when it names none)."""
    read: dict[str, str] = {}
    for column in columns:
        if column.kind != st.ColumnKind.METADATA:
            continue
        key = column.metadata_key or column.name
        if key in read:
            raise ValidationError(
                f"The column `{read[key]}` and `{column.name}` in the table are both from the "
                f"same metadata key '{key}'. Please specify one of the columns as the metadata "
                "column and use the computed column syntax to specify the others."
            )
        read[key] = column.name


def _add_columns(
    specs: list[st.ColumnSpec], base: list[Column], key: st.PrimaryKeySpec | PrimaryKey | None
) -> list[Column]:
    """Resolve ``specs`` after ``base``. Primary-key columns are NOT NULL before computed
    columns are derived from them, as in Flink."""
    seen: dict[str, Column | st.ColumnSpec] = {c.name: c for c in base}

    def add(spec: st.ColumnSpec) -> None:
        existing = seen.get(spec.name)
        if existing is not None:
            raise ValidationError(_duplicate_message(spec, existing))
        seen[spec.name] = spec

    # Flink adds the physical columns first, then the computed and metadata ones in order,
    # each computed one typed as it is added (its error before a later column's duplicate)
    physical = [s for s in specs if s.kind == st.ColumnKind.PHYSICAL]
    for spec in physical:
        add(spec)
    key_columns = set(key.columns) if key is not None else set()
    scope = _non_computed_scope(base)
    for spec in specs:
        if spec.kind != st.ColumnKind.COMPUTED and spec.data_type is not None:
            data_type = spec.data_type
            scope[spec.name] = (
                data_type.with_nullable(False) if spec.name in key_columns else data_type
            )
    for name in key_columns & scope.keys():
        scope[name] = scope[name].with_nullable(False)
    resolved: dict[int, Column] = {}
    for spec in [s for s in specs if s.kind != st.ColumnKind.PHYSICAL] + physical:
        if spec.kind != st.ColumnKind.PHYSICAL:
            add(spec)
        resolved[id(spec)] = resolve_column(spec, scope)
    return base + [resolved[id(spec)] for spec in specs]


def _duplicate_message(spec: st.ColumnSpec, existing: Column | st.ColumnSpec) -> str:
    kinds = (existing.kind, spec.kind)
    if st.ColumnKind.PHYSICAL not in kinds:
        return _overwrite_message(spec.name, *kinds)
    if spec.kind == st.ColumnKind.METADATA or existing.kind == st.ColumnKind.METADATA:
        return (
            f"A column named '{spec.name}' already exists in the table. Duplicate columns exist "
            "in the metadata column and regular column."
        )
    if spec.kind == st.ColumnKind.COMPUTED or existing.kind == st.ColumnKind.COMPUTED:
        return (
            f"A column named '{spec.name}' already exists in the table. Duplicate columns exist "
            "in the compute column and regular column."
        )
    return f"A regular Column named '{spec.name}' already exists in the table."


def _overwrite_message(name: str, existing: st.ColumnKind, new: st.ColumnKind) -> str:
    """Two columns of one name, neither physical, as Flink's schema merging words it."""
    if existing == new == st.ColumnKind.COMPUTED:
        return (
            f"A generated column named '{name}' already exists in the base table. You might "
            "want to specify EXCLUDING GENERATED or OVERWRITING GENERATED."
        )
    if existing == new:
        return (
            f"A metadata column named '{name}' already exists in the base table. You might "
            "want to specify EXCLUDING METADATA or OVERWRITING METADATA."
        )
    kept = "Metadata" if new == st.ColumnKind.METADATA else "Computed"
    return (
        f"A column named '{name}' already exists in the base table. {kept} columns can only "
        f"overwrite other {kept.lower()} columns."
    )


def create_table(
    identifier: ObjectIdentifier, s: st.CreateTable, source: CatalogTable | None
) -> CatalogTable:
    """The table ``s`` defines; ``source`` is the table its LIKE clause names."""
    if source is not None:
        return _create_like(identifier, s, source)
    columns = _add_columns(s.columns, [], s.primary_key)
    return _finish(
        identifier,
        s,
        columns,
        s.watermark,
        s.primary_key,
        s.partition_keys,
        s.options,
        s.distribution,
    )


def _finish(
    identifier: ObjectIdentifier,
    s: st.CreateTable,
    columns: list[Column],
    watermark_spec: st.WatermarkSpec | Watermark | None,
    key_spec: st.PrimaryKeySpec | PrimaryKey | None,
    partition_keys: list[str],
    options: dict[str, str],
    distribution: TableDistribution | None,
) -> CatalogTable:
    # Flink's order: what converting the statement checks (the watermark's column and
    # expression, the key's columns, the partition keys' names), then what resolving the
    # schema and the table checks (metadata keys, the watermark's types, the key's duplicates,
    # the distribution, the partition keys' kinds): goldens tables_check_order and
    # tables_distribution hold the pairs
    created = None
    if isinstance(watermark_spec, st.WatermarkSpec):
        # over the key's columns NOT NULL: Flink names a key column's type so when it refuses
        created = _created_watermark(watermark_spec, with_primary_key_not_null(columns, key_spec))
    if isinstance(key_spec, st.PrimaryKeySpec):
        check_primary_key_columns(key_spec, columns)
    check_partition_keys(partition_keys, columns)
    check_metadata_keys(columns)
    watermark = created() if created is not None else watermark_spec
    key = (
        resolve_primary_key(key_spec, columns)
        if isinstance(key_spec, st.PrimaryKeySpec)
        else key_spec
    )
    check_distribution(distribution, columns)
    check_physical_partition_keys(partition_keys, columns)
    return CatalogTable(
        identifier=identifier,
        columns=with_primary_key_not_null(columns, key),
        watermark=watermark,
        primary_key=key,
        partition_keys=list(partition_keys),
        comment=s.comment,
        options=dict(options),
        temporary=s.temporary,
        distribution=distribution,
    )


def _create_like(
    identifier: ObjectIdentifier, s: st.CreateTable, source: CatalogTable
) -> CatalogTable:
    assert s.like is not None
    inc, exc, over = (
        st.LikeOptionKind.INCLUDING,
        st.LikeOptionKind.EXCLUDING,
        st.LikeOptionKind.OVERWRITING,
    )
    clause = s.like
    generated = like_mode(clause, "GENERATED", inc)
    metadata = like_mode(clause, "METADATA", inc)
    base: list[Column] = []
    for column in source.columns:
        if column.kind == st.ColumnKind.COMPUTED and generated == exc:
            continue
        if column.kind == st.ColumnKind.METADATA and metadata == exc:
            continue
        base.append(column)
    for spec in s.columns:
        if any(c.name == spec.name for c in base):
            raise ValidationError(f"A column named '{spec.name}' already exists in the base table.")
    key_for_scope = s.primary_key or (
        source.primary_key if like_mode(clause, "CONSTRAINTS", inc) == inc else None
    )
    columns = _add_columns(s.columns, base, key_for_scope)

    watermark: st.WatermarkSpec | Watermark | None = s.watermark
    watermarks = like_mode(clause, "WATERMARKS", inc)
    if source.watermark is not None and watermarks != exc:
        if s.watermark is None:
            watermark = source.watermark
        elif watermarks == inc:
            raise ValidationError(
                "There already exists a watermark spec for column "
                f"'{source.watermark.rowtime_attribute}' in the base table. You might want to "
                "specify EXCLUDING WATERMARKS or OVERWRITING WATERMARKS."
            )

    key: st.PrimaryKeySpec | PrimaryKey | None = s.primary_key
    if source.primary_key is not None and like_mode(clause, "CONSTRAINTS", inc) == inc:
        if s.primary_key is not None:
            raise ValidationError(
                "The base table already has a primary key. You might want to specify "
                "EXCLUDING CONSTRAINTS."
            )
        key = source.primary_key

    partition_keys = list(s.partition_keys)
    if source.partition_keys:
        if s.partition_keys and like_mode(clause, "PARTITIONS", inc) == inc:
            raise ValidationError(
                "The base table already has partitions defined. You might want to specify "
                "EXCLUDING PARTITIONS."
            )
        # Flink 2.3 keeps the source's partition keys even with EXCLUDING PARTITIONS when the
        # new table declares none (recorded in the goldens).
        partition_keys = partition_keys or list(source.partition_keys)

    distribution = s.distribution
    if source.distribution is not None:
        if s.distribution is not None and like_mode(clause, "DISTRIBUTION", inc) == inc:
            raise ValidationError(
                "The base table already has a distribution defined. You might want to specify "
                "EXCLUDING DISTRIBUTION."
            )
        # as the partition keys: the source's, even EXCLUDING DISTRIBUTION, unless the new
        # table declares one (recorded in tables_distribution)
        distribution = distribution or source.distribution

    options = dict(s.options)
    options_mode = like_mode(clause, "OPTIONS", over)
    if options_mode != exc:
        for key_name, value in source.options.items():
            if key_name in s.options and options_mode == inc:
                raise ValidationError(
                    f"There already exists an option ['{key_name}' -> '{source.options[key_name]}']"
                    "  in the base table. You might want to specify EXCLUDING OPTIONS or "
                    "OVERWRITING OPTIONS."
                )
            options.setdefault(key_name, value)
    return _finish(identifier, s, columns, watermark, key, partition_keys, options, distribution)


# -- ALTER TABLE -------------------------------------------------------------------------
ALTER_FAILED = "Failed to execute ALTER TABLE statement.\n"


def _alter_error(message: str) -> ValidationError:
    return ValidationError(ALTER_FAILED + message)


def _column_names(columns: list[Column]) -> list[str]:
    return [c.name for c in columns]


def _place(columns: list[Column], column: Column, position: st.ColumnPosition) -> list[Column]:
    if position.first:
        return [column, *columns]
    if position.after is not None:
        index = _column_names(columns).index(position.after)
        return [*columns[: index + 1], column, *columns[index + 1 :]]
    return [*columns, column]


def _check_after(position: st.ColumnPosition, names: list[str]) -> None:
    if position.after is not None and position.after not in names:
        raise _alter_error(
            f"Referenced column `{position.after}` by 'AFTER' does not exist in the table."
        )


def _scope_for(columns: list[Column]) -> dict[str, DataType]:
    return _non_computed_scope(columns)


def _revalidate(table: CatalogTable, columns: list[Column]) -> CatalogTable:
    """Re-derive computed columns and re-check the key, the watermark, the distribution and
    the partition keys over ``columns``, in Flink's order."""
    check_partition_keys(table.partition_keys, columns)
    check_metadata_keys(columns)
    columns = with_primary_key_not_null(columns, table.primary_key)
    scope = _scope_for(columns)
    resolved = []
    for column in columns:
        if column.kind == st.ColumnKind.COMPUTED:
            tree = parse_expression(column.expression or "")
            column = replace(column, data_type=column_expression_type(tree, scope))
        resolved.append(column)
    watermark = table.watermark
    if watermark is not None:
        spec = st.WatermarkSpec(watermark.rowtime_attribute, parse_expression(watermark.expression))
        watermark = resolve_watermark(spec, resolved)
    if table.primary_key is not None:
        _check_key_columns(table.primary_key.name, table.primary_key.columns, resolved)
    check_distribution(table.distribution, resolved)
    check_physical_partition_keys(table.partition_keys, resolved)
    return replace(
        table, columns=with_primary_key_not_null(resolved, table.primary_key), watermark=watermark
    )


def alter_add(table: CatalogTable, change: st.SchemaChange) -> CatalogTable:
    columns = list(table.columns)
    seen: set[str] = set()
    for spec, _ in change.columns:
        if spec.name in seen:
            raise _alter_error(f"Encounter duplicate column `{spec.name}`.")
        seen.add(spec.name)
        if table.column(spec.name) is not None:
            raise _alter_error(f"Column `{spec.name}` already exists in the table.")
    for spec, position in change.columns:
        _check_after(position, _column_names(columns))
        scope = _scope_for(columns)
        columns = _place(columns, resolve_column(spec, scope), position)
    primary_key = table.primary_key
    if change.primary_key is not None:
        if primary_key is not None:
            cols = ", ".join(f"`{c}`" for c in primary_key.columns)
            raise _alter_error(
                f"The current table has already defined the primary key constraint [{cols}]. "
                "You might want to drop it before adding a new one."
            )
        primary_key = _altered_primary_key(change.primary_key, columns)
    watermark = table.watermark
    if change.watermark is not None:
        _check_watermark_column(change.watermark, columns)
        if watermark is not None:
            raise _alter_error(
                "The current table has already defined the watermark strategy "
                f"`{watermark.rowtime_attribute}` AS {watermark.expression}. "
                "You might want to drop it before adding a new one."
            )
        watermark = resolve_watermark(change.watermark, columns)
    changed = replace(table, columns=columns, primary_key=primary_key, watermark=watermark)
    return _revalidate(changed, columns)


def alter_modify(table: CatalogTable, change: st.SchemaChange) -> CatalogTable:
    columns = list(table.columns)
    for spec, _ in change.columns:
        if table.column(spec.name) is None:
            raise _alter_error(f"Column `{spec.name}` does not exist in the table.")
    for spec, position in change.columns:
        if position.after == spec.name:
            position = st.ColumnPosition(first=True)  # AFTER itself: Flink puts it first
        index = _column_names(columns).index(spec.name)
        rest = columns[:index] + columns[index + 1 :]
        _check_after(position, _column_names(rest))
        new = resolve_column(spec, _scope_for(rest))
        if new.comment is None:  # Flink keeps the comment, whatever the kind now
            new = replace(new, comment=columns[index].comment)
        if position.first or position.after is not None:
            columns = _place(rest, new, position)
        else:
            columns = [*rest[:index], new, *rest[index:]]
    primary_key = table.primary_key
    if change.primary_key is not None:
        if primary_key is None:
            raise _alter_error(
                "The current table does not define any primary key constraint. "
                "You might want to add a new one."
            )
        # Flink leaves the columns of a replaced key NOT NULL.
        primary_key = _altered_primary_key(change.primary_key, columns)
    watermark = table.watermark
    if change.watermark is not None:
        if watermark is None:
            raise _alter_error(
                "The current table does not define any watermark. You might want to add a new one."
            )
        _check_watermark_column(change.watermark, columns)
        watermark = resolve_watermark(change.watermark, columns)
    changed = replace(table, columns=columns, primary_key=primary_key, watermark=watermark)
    return _revalidate(changed, columns)


def _altered_primary_key(spec: st.PrimaryKeySpec, columns: list[Column]) -> PrimaryKey:
    """The key ALTER TABLE ADD or MODIFY declares: Flink words a key on a column that is
    missing or not physical in its own way there (CREATE TABLE in another), after its
    duplicates."""
    _check_key_duplicates(spec)
    _check_key_columns(_key_name(spec), spec.columns, columns)
    return PrimaryKey(_key_name(spec), tuple(spec.columns))


def _check_key_columns(name: str, keys: Sequence[str], columns: list[Column]) -> None:
    """A key's columns after ALTER TABLE: each there and physical, in Flink's words."""
    for key in keys:
        column = next((c for c in columns if c.name == key), None)
        if column is None:
            raise ValidationError(f"Invalid primary key '{name}'. Column '{key}' does not exist.")
        if column.kind != st.ColumnKind.PHYSICAL:
            raise ValidationError(
                f"Invalid primary key '{name}'. Column '{key}' is not a physical column."
            )


def _referencing_computed(table: CatalogTable, name: str) -> list[str]:
    found = []
    for column in table.columns:
        if column.kind == st.ColumnKind.COMPUTED:
            tree = parse_expression(column.expression or "")
            if any(_reads(c) == name for c in tree.find_all(exp.Column)):
                found.append(column.name)
    return found


def _watermark_reads(table: CatalogTable, name: str) -> bool:
    if table.watermark is None:
        return False
    if table.watermark.rowtime_attribute == name:
        return True
    tree = parse_expression(table.watermark.expression)
    return any(_reads(c) == name for c in tree.find_all(exp.Column))


def _reads(column: exp.Column) -> str:
    """The column a reference reads: ``r`` of ``r.f`` or ``p.r.h.x`` (the rest are fields)."""
    return column.parts[0].name


def alter_drop_columns(table: CatalogTable, names: list[str]) -> CatalogTable:
    """Flink's order: a name twice, a name missing, then name by name (the computed columns
    first, as Flink drops them): a computed column left reading it, a partition key, the
    watermark, the primary key."""
    for index, name in enumerate(names):
        if name in names[:index]:
            raise _alter_error(f"Duplicate column `{name}`.")
    for name in names:
        if table.column(name) is None:
            raise _alter_error(f"The column `{name}` does not exist in the base table.")
    dropping = set(names)
    computed = [n for n in names if table.column(n).kind == st.ColumnKind.COMPUTED]  # type: ignore[union-attr]
    for name in computed + [n for n in names if n not in computed]:
        _check_references(table, name, ignored=dropping)
        if table.primary_key is not None and name in table.primary_key.columns:
            # Flink escapes the name here and in the computed columns' message, not elsewhere
            raise _alter_error(f"The column {quote_identifier(name)} is used as the primary key.")
    columns = [c for c in table.columns if c.name not in dropping]
    return replace(table, columns=columns)


def _check_references(table: CatalogTable, name: str, ignored: set[str] | None = None) -> None:
    """What keeps a column from being dropped or renamed, in Flink's order: computed columns
    reading it (but those in ``ignored``, dropped with it), the partition keys, the
    watermark, the distribution."""
    ignored = ignored or set()
    readers = [c for c in _referencing_computed(table, name) if c not in ignored]
    if readers:
        listed = ", ".join(quote_identifier(c) for c in readers)
        raise _alter_error(
            f"The column {quote_identifier(name)} is referenced by computed column {listed}."
        )
    if name in table.partition_keys:
        raise _alter_error(f"The column `{name}` is used as the partition keys.")
    if _watermark_reads(table, name):
        raise _alter_error(f"The column `{name}` is referenced by watermark expression.")
    if table.distribution is not None and name in table.distribution.bucket_keys:
        raise _alter_error(f"The column `{name}` is used as a distribution key.")


def alter_drop_primary_key(table: CatalogTable) -> CatalogTable:
    if table.primary_key is None:
        raise _alter_error("The current table does not define any primary key.")
    return replace(table, primary_key=None)


def alter_drop_constraint(table: CatalogTable, name: str) -> CatalogTable:
    if table.primary_key is None:
        raise _alter_error("The current table does not define any primary key.")
    if table.primary_key.name != name:
        raise _alter_error(
            f"The current table does not define a primary key constraint named '{name}'. "
            f"Available constraint name: ['{table.primary_key.name}']."
        )
    return replace(table, primary_key=None)


def alter_drop_watermark(table: CatalogTable) -> CatalogTable:
    if table.watermark is None:
        raise _alter_error("The current table does not define any watermark strategy.")
    return replace(table, watermark=None)


def alter_rename_column(table: CatalogTable, old: str, new: str) -> CatalogTable:
    if table.column(old) is None:
        raise _alter_error(f"The column `{old}` does not exist in the base table.")
    _check_references(table, old)
    if table.column(new) is not None:
        raise _alter_error(f"The column `{new}` already existed in table schema.")
    columns = [c.renamed(new) if c.name == old else c for c in table.columns]
    key = table.primary_key
    if key is not None and old in key.columns:
        key = PrimaryKey(key.name, tuple(new if c == old else c for c in key.columns))
    partitions = [new if k == old else k for k in table.partition_keys]
    return replace(table, columns=columns, primary_key=key, partition_keys=partitions)


def alter_distribution(
    table: CatalogTable, change: st.DistributionChange, distribution: TableDistribution | None
) -> CatalogTable:
    """``ADD``, ``MODIFY`` or ``DROP DISTRIBUTION``: what the table has is checked first, then
    the new distribution's keys and count."""
    if change == st.DistributionChange.DROP:
        if table.distribution is None:
            raise ValidationError(
                f"Table {table.identifier.quoted()} does not have a distribution to drop."
            )
        return replace(table, distribution=None)
    if change == st.DistributionChange.ADD and table.distribution is not None:
        raise _alter_error(
            f"The current table has already defined the distribution "
            f"'{table.distribution.sql()}'. You can modify it or drop it before adding a new one."
        )
    if change == st.DistributionChange.MODIFY and table.distribution is None:
        raise _alter_error(
            "The base table does not define any distribution. You might want to add a new one."
        )
    check_distribution(distribution, table.columns)
    return replace(table, distribution=distribution)


def alter_set_options(table: CatalogTable, options: dict[str, str]) -> CatalogTable:
    return replace(table, options={**table.options, **options})


def alter_reset_options(table: CatalogTable, keys: list[str]) -> CatalogTable:
    if not keys:
        raise ValidationError("ALTER TABLE RESET does not support empty key")
    if "connector" in keys:
        raise ValidationError("ALTER TABLE RESET does not support changing 'connector'")
    return replace(table, options={k: v for k, v in table.options.items() if k not in keys})
