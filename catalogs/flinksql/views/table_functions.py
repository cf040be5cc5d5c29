"""``[LATERAL] TABLE(f(...)) [AS t [(a, b)]]``: a user table function with a declared result
type, as Flink 2.3 validates and writes it (golden views_lateral_table).

- Its columns: the fields of a declared ROW type, or one column ``f0`` of another type; an
  alias's column list renames them (of the same degree).
- Flink writes the call by the function's whole path and its operands as written (columns not
  qualified by the validator: ``split_words(`payload`)``, ``numbers(`e`.`n`)``).
- A function without a declared type gets Flink's refusal of a class it cannot load
  (:func:`..errors.unknown_function_type`); an unknown name ``No match found``.
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from ..catalog import ObjectIdentifier, quote_identifier
from ..errors import ValidationError, unknown_function_type
from ..type_rules import operand_family
from .scopes import Field, Namespace, Scope


class TableFunctions:
    """User table functions in FROM, on the validator's expression methods."""

    def user_table_function(
        self: Any,
        call: exp.Anonymous,
        node: exp.Expression,
        scope: Scope,
        lateral: bool = True,
    ) -> str:
        """The written FROM item of ``LATERAL TABLE(call)`` (``node``, with its alias), its
        namespace added to ``scope``. Without LATERAL (``TABLE(call)``) the call does not see
        the FROM items before it."""
        reads = scope if lateral else Scope([], scope.parent)
        declared = self.reader.function_return_type(call.name)
        if declared is None:
            types = [self.expression(a, reads)[1] for a in call.expressions]
            families = ", ".join(operand_family(t) for t in types)
            raise ValidationError(f"No match found for function signature {call.name}({families})")
        if declared == "unknown":
            raise unknown_function_type(ObjectIdentifier(self.catalog, self.database, call.name))
        alias = self._derived_alias(node)
        text, _ = self.expression(_as_written(self, call.copy(), reads), reads)
        if declared.is_row:
            fields = [Field(name, t) for name, t in declared.fields]
        else:
            fields = [Field("f0", declared)]
        alias_node = node.args.get("alias")
        columns = [c.name for c in alias_node.columns] if alias_node is not None else []
        written = f"{'LATERAL ' if lateral else ''}TABLE({text}) AS {quote_identifier(alias)}"
        if columns:
            if len(columns) != len(fields):
                names = ", ".join(f"'{f.name}'" for f in fields)
                raise ValidationError(
                    "List of column aliases must have same degree as table; table has "
                    f"{len(fields)} columns ({names}), whereas alias list has {len(columns)} "
                    "columns"
                )
            fields = [Field(name, f.data_type) for name, f in zip(columns, fields, strict=True)]
            written += " (" + ", ".join(quote_identifier(c) for c in columns) + ")"
        scope.namespaces.append(Namespace(alias, fields))
        return written


def _as_written(validator: Any, call: exp.Anonymous, scope: Scope) -> exp.Anonymous:
    """``call`` with each column read as written: its type resolved, its text its own parts."""
    for column in list(call.find_all(exp.Column)):
        if "flink_text" in column.meta:
            continue
        _, data_type = validator.expression(column.copy(), scope)
        column.meta["flink_text"] = ".".join(quote_identifier(p.name) for p in column.parts)
        column.meta["flink_type"] = data_type
        column.meta["written_name"] = ".".join(p.name for p in column.parts)
    return call
