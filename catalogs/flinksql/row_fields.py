"""The type of a field of a ROW, as Calcite's DOT operator and field names find it."""

from __future__ import annotations

from .calcite_names import calcite_type_name
from .errors import ValidationError
from .types import DataType


def field_of(row: DataType, name: str, identifier: bool) -> DataType:
    """The type of field ``name`` of ``row``, nullable when the row or the field is (a field of a
    NULL row is NULL). ``identifier`` is whether the field ends a chain of names (``r.f.g``) or
    follows another expression (``arr[1].f``): Calcite words a field of a non-row apart."""
    if not row.is_row:
        if identifier:
            raise ValidationError(
                f"Trying to access field {name} in a type with no fields: {calcite_type_name(row)}"
            )
        raise ValidationError("Incompatible types")
    if name not in row.field_names and not identifier:
        # Calcite's DOT operator finds a field in any case (arr[1].G reads field g)
        name = next((n for n in row.field_names if n.lower() == name.lower()), name)
    if name not in row.field_names:
        raise ValidationError(f"Unknown field '{name}'")
    member = dict(row.fields)[name]
    return member.with_nullable(member.nullable or row.nullable)
