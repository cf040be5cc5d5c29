"""The common type of two types, as Calcite's least-restrictive rule gives it for Flink (set
operations, VALUES rows, USING columns, CASE branches)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlglot import exp

from ..calcite_names import calcite_qualifier, calcite_type_name, sql_type_name
from ..catalog import quote_identifier
from ..errors import ValidationError
from ..operator_table import assigns
from ..type_rules import T, least_restrictive_type
from ..types import DATETIME_TYPES, DataType


def least_restrictive(a: DataType, b: DataType) -> DataType | None:
    """The common type of two columns of a set operation, or None if they have none.

    Recorded from Flink (golden ``views_set_operation_types``): types of one family widen as
    Calcite's least-restrictive rule does; an integer or an interval and a date-time give the
    date-time, so does a DECIMAL before one (not after it; a FLOAT or DOUBLE never); a
    TIMESTAMP and a TIMESTAMP_LTZ of one precision give the first, of two precisions the
    second's kind at the wider one; ARRAY and MULTISET of common elements give the first's
    kind, MAPs and ROWs (of as many fields, named as the first) their members' common types; maps
    of members of no common type the second map (Calcite casts any map to any map).
    Date, time and timestamp have none together.
    """
    if a.name == "NULL":
        return b.with_nullable(True)
    if b.name == "NULL":
        return a.with_nullable(True)
    common = _common(a, b)
    if common is None:
        return None
    time_attribute = a.time_attribute if a.time_attribute == b.time_attribute else None
    if not common.is_timestamp:
        time_attribute = None
    return common.with_nullable(a.nullable or b.nullable).with_time_attribute(time_attribute)


def least_restrictive_of(types: list[DataType]) -> DataType | None:
    """The common type of a whole list (``ARRAY[...]``, a column of VALUES, a CASE's results),
    as Calcite's least-restrictive rule walks it, or None if it has none.

    The walk widens type by type as :func:`least_restrictive` does, but looks one type ahead
    (Flink's copy of Calcite's ``SqlTypeFactoryImpl.leastRestrictiveSqlType``): an exact
    number (after exact numbers only) or an interval followed by a date-time gives that
    date-time, and a date-time followed by an integer or an interval gives that date-time, at
    once, whatever comes after (``ARRAY[i, ts0, ltz3]`` is of ``TIMESTAMP(0)``). The result is
    nullable if any type is. Where the walk meets another family, Calcite tries casts; that
    answer is the types' widening two by two (for two types, :func:`least_restrictive`).
    """
    nullable = any(t.nullable or t.name == "NULL" for t in types)
    known = [t for t in types if t.name != "NULL"]
    if not known:
        return None
    if known[0].is_row or known[0].is_collection:
        return _members_least_restrictive(types)
    how, result = _walk(types)
    if how != "stopped":
        return result.with_nullable(nullable) if result is not None else None
    pairwise: DataType | None = known[0]
    for other in known[1:]:
        pairwise = least_restrictive(pairwise, other) if pairwise is not None else None
    return pairwise.with_nullable(nullable) if pairwise is not None else None


def _members_least_restrictive(types: list[DataType]) -> DataType | None:
    """Calcite's least restrictive type where the first known type is a row, a map or a
    collection: member by member where every type is of its kind (rows of as many fields) and
    each member has a common type (NULLs alone have none in Flink); else by casts, the last type
    the one before casts to, nullable if any type is (``ARRAY[NULL, ARRAY[i], ARRAY[bi]]`` is of
    ``ARRAY<BIGINT NOT NULL>``, golden views_converted_types). ``ARRAY[NULL, ROW(1, NULL),
    ROW(2, 3)]`` is of ``ROW<INT NOT NULL, INT NOT NULL>``, ``ARRAY[ROW(NULL, NULL), ROW(.25,
    NULL)]`` of ``ROW<DECIMAL(2, 2) NOT NULL, NULL>`` (golden views_constructor_inference); a
    map casts to any map, so maps of values of no common type give the last map
    (``ARRAY[MAP['c', 1], MAP['a', 'b']]`` is of ``MAP<CHAR(1) NOT NULL, CHAR(1) NOT NULL>``; golden
    views_map_common_types)."""
    first = types[0]
    width = len(first.children)
    if all(_same_kind(t, first) and len(t.children) == width for t in types):
        members = [least_restrictive_of([t.children[i] for t in types]) for i in range(width)]
        members = [
            m if m is None else with_walked_attributes(m, [t.children[i] for t in types])
            for i, m in enumerate(members)
        ]
        if all(m is not None for m in members):
            nullable = any(t.nullable for t in types)
            return DataType(first.name, (), nullable, tuple(members), first.field_names)  # type: ignore[arg-type]
    result = first
    for current in types[1:]:
        if current.name == "NULL":
            continue
        if _casts_to(result, current):
            result = current
        elif not _casts_to(current, result):
            return None
    return result.with_nullable(any(t.nullable or t.name == "NULL" for t in types))


# the types of one element type: a collection widens with any of them
COLLECTIONS = ("ARRAY", "MULTISET")


def with_walked_attributes(common: DataType, types: Sequence[DataType]) -> DataType:
    """``common`` (the least restrictive type of ``types``) with the time attributes Calcite's
    walk keeps, at every depth: a timestamp's is the first type's, unless one of another
    precision follows (``ARRAY[ROW(ts), ROW(LOCALTIMESTAMP)]`` is of rows of a rowtime,
    ``ARRAY[NULL, ts]`` converts its cast NULL first and loses it; golden
    views_converted_types)."""
    known = [t for t in types if t.name != "NULL"]
    if not known:
        return common
    if common.is_timestamp:
        first = known[0]
        kept = common.plain() == first.plain() and all(
            t.name != first.name or t.precision == first.precision for t in known
        )
        attribute = first.time_attribute if kept else None
        return common.with_time_attribute(attribute)
    width = len(common.children)
    if not width or any(len(t.children) != width for t in known):
        return common
    members = (
        with_walked_attributes(c, [t.children[i] for t in known])
        for i, c in enumerate(common.children)
    )
    return replace(common, children=tuple(members))


def _same_kind(t: DataType, first: DataType) -> bool:
    """Whether Calcite widens ``t`` with ``first`` member by member: rows with rows, maps with
    maps, a collection with any collection (of the first's kind then)."""
    return t.name == first.name or (t.name in COLLECTIONS and first.name in COLLECTIONS)


def _casts_to(source: DataType, target: DataType) -> bool:
    """Calcite's ``canCastFrom`` without coercion: whether a value of ``source`` is assigned
    to ``target``: NULL to anything, nothing else to NULL, any map to any map, rows field by
    field and arrays element by element, other types by Flink's assignment rule
    (:func:`~catalogs.flinksql.operator_table.assigns`: an INTEGER to a DECIMAL, not back; a DATE to
    no TIMESTAMP; ``MAP['a', ROW(1, NULL), 'b', ROW(2, 3)]`` has values of no common type,
    CHAR(1) and INT)."""
    if source.name == "NULL" or source == target or source.name == target.name == "MAP":
        return True
    if target.name == "NULL":
        return False
    if source.children or target.children:
        pairs = zip(source.children, target.children, strict=False)
        return (
            source.name == target.name
            and len(source.children) == len(target.children)
            and all(_casts_to(a, b) for a, b in pairs)
        )
    return assigns(sql_type_name(target), sql_type_name(source))


def _family(data_type: DataType) -> str:
    """Calcite's type family, where the walk of :func:`least_restrictive_of` compares them."""
    if data_type.is_numeric:
        return "NUMERIC"
    if data_type.is_timestamp:
        return "TIMESTAMP"
    return data_type.name


def _walk(types: list[DataType]) -> tuple[str, DataType | None]:
    """Calcite's walk of ``types`` (NULLs skipped) and its answer: ``"end"`` where it came to
    the end, ``"ahead"`` where it ended at once by looking one type ahead, ``"stopped"`` (no
    answer) where it met another family."""
    result: DataType | None = None
    for i, current in enumerate(types):
        if current.name == "NULL":
            continue
        result = current if result is None else _walk_step(result, current)
        if result is None:
            return "stopped", None
        following = types[i + 1] if i + 1 < len(types) else None
        if following is not None and _widens_at_once(result, current, following):
            return "ahead", least_restrictive(current, following)
    return "end", result


def looked_ahead_type(types: list[DataType]) -> DataType | None:
    """The date-time the walk of :func:`least_restrictive_of` ends with at once, looking one
    type ahead (``(i, dt)``, ``(ts, 1)``, ``(INTERVAL '1' DAY, dt)``), or None where it does
    not end so. An IN list of such types has that type in Flink, whatever else it holds
    (golden views_case_syntax)."""
    known = [t for t in types if t.name != "NULL"]
    if not known or known[0].is_row or known[0].is_collection:
        return None
    how, result = _walk(types)
    return result if how == "ahead" else None


def _walk_step(result: DataType, current: DataType) -> DataType | None:
    """One step of the walk: None where the families differ (the walk stops) or the types
    have no common type."""
    if _family(result) != _family(current) or result.is_collection or result.is_row:
        return None
    return least_restrictive(result, current)


def _widens_at_once(result: DataType, current: DataType, following: DataType) -> bool:
    """Whether the walk ends at ``current`` because of the type after it (``result``: the
    common type so far, of the family of ``current``)."""
    exact = current.is_integer or current.name == "DECIMAL"
    if exact and (result.is_integer or result.name == "DECIMAL"):
        return following.name in DATETIME_TYPES
    if current.is_interval:
        return following.name in DATETIME_TYPES
    if current.name in DATETIME_TYPES:
        return following.is_interval or following.is_integer
    return False


def _common(a: DataType, b: DataType) -> DataType | None:
    """:func:`least_restrictive` but for the nullability of ``a`` and ``b`` themselves."""
    collections = ("ARRAY", "MULTISET")
    if a.name in collections and b.name in collections:
        element = least_restrictive(a.children[0], b.children[0])
        return None if element is None else DataType(a.name, (), True, (element,))
    if a.name == b.name == "MAP":  # members of no common type: the second map, cast to
        key, value = (least_restrictive(x, y) for x, y in zip(a.children, b.children, strict=True))
        return b if key is None or value is None else DataType("MAP", (), True, (key, value))
    if a.name == b.name == "ROW":
        if len(a.children) != len(b.children):
            return None
        fields = [least_restrictive(x, y) for x, y in zip(a.children, b.children, strict=True)]
        if any(f is None for f in fields):
            return None
        return DataType("ROW", (), True, tuple(fields), a.field_names)  # type: ignore[arg-type]
    if a.name in DATETIME_TYPES or b.name in DATETIME_TYPES:
        return _common_moment(a, b)
    kin = a.is_numeric and b.is_numeric or a.is_string and b.is_string
    if kin or a.is_binary and b.is_binary or a.name == b.name:
        return least_restrictive_type(a.with_nullable(True), b.with_nullable(True))
    return None


def _common_moment(a: DataType, b: DataType) -> DataType | None:
    """The common type where ``a`` or ``b`` is a DATE, TIME, TIMESTAMP or TIMESTAMP_LTZ."""
    if a.name not in DATETIME_TYPES or b.name not in DATETIME_TYPES:
        moment, other = (a, b) if a.name in DATETIME_TYPES else (b, a)
        decimal_first = other is a and other.name == "DECIMAL"  # a DECIMAL after one: none
        widens = other.is_integer or other.is_interval or decimal_first
        return moment.with_time_attribute(None) if widens else None
    if a.is_timestamp and b.is_timestamp and a.name != b.name:
        if a.precision == b.precision:
            return a.with_time_attribute(None)
        return DataType(b.name, (max(a.precision or 0, b.precision or 0),))
    if a.name != b.name:
        return None
    return least_restrictive_type(a.with_nullable(True), b.with_nullable(True))


def set_column_type(left: DataType, right: DataType, common: DataType) -> DataType:
    """A set operation's column: the common type, with the time attribute of its operands'
    own type (:func:`with_operand_attribute`)."""
    return with_operand_attribute(common, [left, right])


def with_operand_attribute(common: DataType, operands: list[DataType]) -> DataType:
    """``common`` with the time attribute of the first of ``operands`` whose type it is
    (nullability aside), as Calcite returns that operand's own type (a rowtime before a plain
    TIMESTAMP(3), an integer before one, a rowtime before a proctime); timestamps of two
    precisions make a new type, with none (golden ``views_set_operation_types``)."""
    if not common.is_timestamp:
        return common
    stamps = [t for t in operands if t.is_timestamp]
    if len({t.precision for t in stamps}) > 1:
        return common.with_time_attribute(None)
    plain = common.plain()
    for operand in operands:
        if operand.plain() == plain:
            return common.with_time_attribute(operand.time_attribute)
    return common.with_time_attribute(None)


def array_element(types: list[DataType]) -> DataType | None:
    """The element type of ``ARRAY[...]`` of items of ``types`` of several classes: their
    least restrictive type, to which each item is cast (golden ``views_coalesce_pairs``)."""
    element = least_restrictive_of(types)
    if element is None:
        return None
    known = [t for t in types if t.name != "NULL"]
    return with_operand_attribute(element, known).with_nullable(any(t.nullable for t in types))


def needs_cast(source: DataType, target: DataType) -> bool:
    """Whether Flink casts an operand of ``source`` type to the common ``target`` type."""
    if source.is_string and target.is_string:
        return False
    if source.is_binary and target.is_binary:
        return False
    return source.plain() != target.plain()


def concat_type(a: DataType, b: DataType) -> DataType:
    """``a || b``: CHAR if both are CHAR, else VARCHAR, of the summed length."""
    nullable = a.nullable or b.nullable
    if a.is_binary and b.is_binary:
        length = min((a.length or 0) + (b.length or 0), 2147483647)
        name = "BINARY" if a.name == b.name == "BINARY" else "VARBINARY"
        return DataType(name, (length,), nullable)
    if a.name == b.name == "ARRAY":
        return a.with_nullable(nullable)  # <EQUIVALENT_TYPE> || <EQUIVALENT_TYPE>
    if not (a.is_string and b.is_string):
        return T("STRING").with_nullable(nullable)
    length = min((a.length or 0) + (b.length or 0), 2147483647)
    name = "CHAR" if a.name == b.name == "CHAR" else "VARCHAR"
    return DataType(name, (length,), nullable)


def coerce_operands(
    operands: list[exp.Expression], types: list[DataType], common: DataType
) -> None:
    """Write each operand of another type than ``common`` cast to it, as Flink writes the
    implicit casts of a call that coerces its arguments to their common type
    (``MAP_UNION(CAST(`t`.`m` AS MAP< VARCHAR(2147483647) CHARACTER SET `UTF-16LE`, BIGINT >),
    `t`.`mb`)``; golden views_difftest_seed8_classes)."""
    for operand, data_type in zip(operands, types, strict=True):
        if needs_deep_cast(data_type, common):
            operand.meta["coerce_to"] = cast_type_text(common)


def coerce_constructor_items(
    items: list[exp.Expression], types: list[DataType], element: DataType
) -> None:
    """Mark each operand of an ARRAY[...] or MAP[...] (``items`` of ``types``) whose type is
    not ``element`` with the cast Flink writes back (its SqlValidatorUtils.
    adjustTypeForArrayConstructor): types compare as Calcite's ``equalsSansFieldNames`` does,
    so a row of other field names, or of another nullability of its own, is no cast; the target
    is Calcite's type spec (``ROW(`EXPR$0` INTEGER NOT NULL, ...)``; golden
    views_constructor_inference).

    The constructor is marked ``mixed_nullability`` when its items (a MAP's keys, or its
    values) other than NULL are nullable and not: an ORDER BY of a DISTINCT or grouped block
    reads such an item otherwise (grouping.Grouping._check_mixed_items)."""
    for item, data_type in zip(items, types, strict=True):
        if not equals_sans_field_names(data_type, element):
            item.meta["coerce_to"] = cast_type_text(element.with_time_attribute(None))
    if len({t.nullable for t in types if t.name != "NULL"}) > 1:
        items[0].parent.meta["mixed_nullability"] = True


def needs_deep_cast(source: DataType, target: DataType) -> bool:
    """:func:`needs_cast` of the members of collections too (a map of VARCHAR(3) keys is no
    cast from a map of STRING keys, an array of NOT NULL elements none from one of nullable
    elements)."""
    if source.children and source.name == target.name:
        if len(source.children) != len(target.children):
            return True
        pairs = zip(source.children, target.children, strict=True)
        return any(needs_deep_cast(a, b) for a, b in pairs)
    return needs_cast(source, target)


def equals_sans_field_names(a: DataType, b: DataType) -> bool:
    """Calcite's ``equalsSansFieldNames`` of two types: rows of as many fields of equal types
    (their names and the rows' own nullability aside), other types equal."""
    if a.is_row and b.is_row:
        pairs = zip(a.children, b.children, strict=False)
        return len(a.children) == len(b.children) and all(_equal(x, y) for x, y in pairs)
    return _equal(a, b)


def _equal(a: DataType, b: DataType) -> bool:
    """Equal types, an interval's units too (``INTERVAL DAY`` is not ``INTERVAL HOUR``)."""
    if a != b:
        return False
    if a.is_interval:
        return _units(a) == _units(b)
    return all(_equal(x, y) for x, y in zip(a.children, b.children, strict=True))


def _units(interval: DataType) -> tuple[str, str | None]:
    qualifier = calcite_qualifier(interval)
    return qualifier.start, qualifier.end


def cast_type_text(data_type: DataType) -> str:
    """A type as Calcite writes the target of an implicit cast (its ``convertTypeToSpec``): a
    character string with its character set, a map as ``MAP< key, value >``, an array as
    ``BIGINT ARRAY`` (no nullability of its elements), a row as ``ROW(`a` INTEGER NOT NULL,
    `b` ...)``. An interval has no type spec: Flink fails with ``Unsupported type when
    convertTypeToSpec: INTERVAL_DAY`` (goldens/views_constructor_inference)."""
    if data_type.is_string:
        return f"{calcite_type_name(data_type)} CHARACTER SET `UTF-16LE`"
    if data_type.name in ("ARRAY", "MULTISET"):
        return f"{cast_type_text(data_type.children[0])} {data_type.name}"
    if data_type.name == "MAP":
        key, value = (cast_type_text(t) for t in data_type.children)
        return f"MAP< {key}, {value} >"
    if data_type.is_row:
        fields = (
            f"{quote_identifier(name)} {cast_type_text(field)}"
            + ("" if field.nullable else " NOT NULL")
            for name, field in zip(data_type.field_names, data_type.children, strict=True)
        )
        return f"ROW({', '.join(fields)})"
    if data_type.is_interval:
        units = "_".join(u for u in _units(data_type) if u)
        raise ValidationError(f"Unsupported type when convertTypeToSpec: INTERVAL_{units}")
    return calcite_type_name(data_type.with_time_attribute(None))  # a spec has no attribute
