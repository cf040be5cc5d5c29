"""UNPIVOT as a FROM item: its rows, columns and stored text, as Calcite's validator derives
them for Flink (golden views_unpivot). A mixin of the validator's FROM clause.

The item's columns are its input's columns that no entry names, then the axes, then the
measures. A measure is the common type of the columns it takes, with the time attribute of
the first whose type it is (Calcite returns that column's own type), NOT NULL unless the
clause says INCLUDE NULLS or there are several measures. An axis is the common type of its
values: an entry without AS gives its column names joined by ``_`` as a VARCHAR of their
length, NOT NULL. Flink writes the clause in full (EXCLUDE NULLS where nothing was said, each
entry's values in parentheses) after its input, which it gives an alias; its own parser
refuses that alias there, so no query can read such a view in Flink.
"""

from __future__ import annotations

from sqlglot import exp

from ..catalog import quote_identifier
from ..errors import ValidationError
from ..types import DataType
from ..unpivot_syntax import UnpivotEntry, UnpivotItem
from .common_type import least_restrictive_of, with_operand_attribute
from .scopes import Field, Namespace, Scope


class Unpivots:
    """UNPIVOT items, on the validator's FROM-clause and expression methods."""

    def unpivot(self, node: UnpivotItem, scope: Scope) -> str:
        alias = self._derived_alias(node)  # type: ignore[attr-defined]  # numbered before its input
        before = len(scope.namespaces)
        source = self.from_item(node.this, scope)  # type: ignore[attr-defined]
        inputs = scope.namespaces[before:]
        del scope.namespaces[before:]
        fields = [f for ns in inputs for f in ns.fields]
        measures = [m.name for m in node.args["measures"]]
        axes = [a.name for a in node.args["axes"]]
        entries: list[UnpivotEntry] = node.args["entries"]
        for entry in entries:
            _check_count(len(entry.args["columns"]), len(measures))
            values = entry.args.get("values")
            if values is not None:
                _check_count(len(values), len(axes))
        taken = {c.name for entry in entries for c in entry.args["columns"]}
        kept = [Field(f.name, f.data_type) for f in fields if f.name not in taken]
        names = {f.name for f in kept}
        include_nulls = node.args.get("include_nulls")
        include = include_nulls is not None and include_nulls.this is True
        nullable = include or len(measures) > 1
        measure_fields = []
        for index, measure in enumerate(measures):
            types = [_column(fields, e.args["columns"][index].name).data_type for e in entries]
            common = least_restrictive_of(types)
            if common is None:
                raise ValidationError(
                    f"In UNPIVOT, cannot derive type for measure '{measure}' because source "
                    "columns have different data types"
                )
            common = with_operand_attribute(common, types).with_nullable(nullable)
            measure_fields.append(_unique(Field(measure, common), names))
        # each entry's values, written and typed once (None: the entry's column names)
        valued = [self._entry_values(entry, scope) for entry in entries]
        axis_fields = []
        for index, axis in enumerate(axes):
            types = [_axis_type(e, typed, index) for e, typed in zip(entries, valued, strict=True)]
            common = least_restrictive_of(types)
            if common is None:
                raise ValidationError(f"In UNPIVOT, cannot derive type for axis '{axis}'")
            axis_fields.append(_unique(Field(axis, common), names))
        text = (
            f"{source} UNPIVOT {'INCLUDE' if include else 'EXCLUDE'} NULLS ("
            f"{_names_text(measures)} FOR {_names_text(axes)} IN ("
            + ", ".join(
                _names_text([c.name for c in entry.args["columns"]])
                + ("" if typed is None else f" AS ({', '.join(t for t, _ in typed)})")
                for entry, typed in zip(entries, valued, strict=True)
            )
            + "))"
        )
        alias_node = node.args.get("alias")
        if alias_node is not None and alias_node.name:
            if alias_node.columns:  # Calcite registers the item twice under its name then
                raise ValidationError(f"Duplicate relation name '{alias}' in FROM clause")
            text += f" AS {quote_identifier(alias)}"
        scope.namespaces.append(Namespace(alias, [*kept, *axis_fields, *measure_fields]))
        return text

    def _entry_values(self, entry: UnpivotEntry, scope: Scope) -> list[tuple[str, DataType]] | None:
        """An entry's values (after AS), each written and typed; None without AS."""
        values = entry.args.get("values")
        if values is None:
            return None
        for value in values:
            if not _is_literal(value):
                raise ValidationError(
                    f"UNPIVOT takes literals as the values of its axes, not {value.sql()}: "
                    "Flink fails on it (its validator casts each value to a literal)."
                )
        return [self.expression(v, Scope([], scope.parent)) for v in values]  # type: ignore[attr-defined]


def _axis_type(
    entry: UnpivotEntry, typed: list[tuple[str, DataType]] | None, index: int
) -> DataType:
    """An entry's value of axis ``index``: its typed value, or its column names joined by
    ``_`` as a VARCHAR of their length."""
    if typed is not None:
        return typed[index][1]
    name = "_".join(c.name for c in entry.args["columns"])
    return DataType("VARCHAR", (len(name),), nullable=False)


def _check_count(count: int, expected: int) -> None:
    if count != expected:
        raise ValidationError(
            f"Value count in UNPIVOT ({count}) must match number of FOR columns ({expected})"
        )


def _column(fields: list[Field], name: str) -> Field:
    found = Namespace("", fields).field(name)  # a name two input columns share is ambiguous
    if found is not None:
        return found
    message = f"Column '{name}' not found in any table"
    alike = next((f.name for f in fields if f.name.lower() == name.lower()), None)
    if alike is not None:
        message += f"; did you mean '{alike}'?"
    raise ValidationError(message)


def _unique(column: Field, names: set[str]) -> Field:
    if column.name in names:
        raise ValidationError(f"Duplicate column name '{column.name}' in UNPIVOT")
    names.add(column.name)
    return column


def _names_text(names: list[str]) -> str:
    quoted = ", ".join(quote_identifier(n) for n in names)
    return quoted if len(names) == 1 else f"({quoted})"


def _is_literal(node: exp.Expression) -> bool:
    """A literal of Calcite's grammar: a number (signed), string, binary string, boolean,
    NULL, interval or typed literal (``DATE '...'``)."""
    if isinstance(node, exp.Neg):
        node = node.this
    if isinstance(node, exp.Cast):
        return "keyword" in node.meta
    return isinstance(node, exp.Literal | exp.Boolean | exp.Null | exp.HexString | exp.Interval)
