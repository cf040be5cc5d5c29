"""TO_CHANGELOG and FROM_CHANGELOG, Flink's process table functions of a changelog: their
arguments, columns and text. A mixin of the validator's FROM clause."""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from ..catalog import quote_identifier
from ..dialect import TableArgument
from ..errors import ValidationError
from ..types import DataType
from .scopes import Field, Scope, register_table_function

# Flink's RowKind names; its message lists them from a set whose order varies between JVMs.
_CHANGE_OPERATIONS = ("INSERT", "UPDATE_BEFORE", "UPDATE_AFTER", "DELETE")


class Changelogs:
    """Process table functions of a changelog, on the validator's query methods."""

    def changelog(self: Any, call: exp.Anonymous, node: exp.Expression, scope: Scope) -> str:
        """TO_CHANGELOG(TABLE t): the rows of ``t`` with an ``op`` column in front;
        FROM_CHANGELOG(TABLE t [, op => DESCRIPTOR(c)] [, op_mapping => MAP[...]]): the rows
        of ``t`` without their ``op`` column (``c``)."""
        alias = self._derived_alias(node)
        written: list[str] = []
        input_fields: list[Field] | None = None
        op_column = "op"
        for index, arg in enumerate(call.expressions):
            value = arg.expression if isinstance(arg, exp.Kwarg) else arg
            name = f"{quote_identifier(arg.this.name)} => " if isinstance(arg, exp.Kwarg) else ""
            keyword = arg.this.name.lower() if isinstance(arg, exp.Kwarg) else ""
            if isinstance(value, TableArgument):
                if value.args.get("partition_by"):
                    raise ValidationError(
                        "Only tables with set semantics may be partitioned. Invalid PARTITION BY "
                        f"clause in the {index}-th operand of table function '{call.name}'"
                    )
                source = value.this
                if isinstance(source, exp.Subquery | exp.Paren):
                    result = self.query(self._strip_parens(source), scope)
                else:
                    result = self.query(exp.select(exp.Star()).from_(source.copy()), scope)
                input_fields = result.fields
                written.append(f"{name}({result.text})")
            elif isinstance(value, exp.Subquery):
                result = self.query(self._strip_parens(value), scope)
                input_fields = result.fields
                written.append(f"{name}({result.text})")
            elif isinstance(value, exp.Anonymous) and value.name.upper() == "DESCRIPTOR":
                columns = [c.name for c in value.expressions]
                if keyword == "op" and len(columns) != 1:
                    raise ValidationError(
                        "The descriptor for argument 'op' must contain exactly one column name."
                    )
                op_column = columns[0] if keyword == "op" else op_column
                quoted = ", ".join(quote_identifier(c) for c in columns)
                written.append(f"{name}DESCRIPTOR({quoted})")
            else:
                if keyword == "op_mapping":
                    _check_op_mapping(value)
                written.append(name + self.expression(value, scope)[0])
        if input_fields is None:
            raise ValidationError(f"Table function '{call.name}' needs a table argument")
        if call.name.upper() == "FROM_CHANGELOG":
            fields = _without_op_column(input_fields, op_column)
        else:
            fields = [Field("op", DataType("VARCHAR", (2147483647,)))] + [
                Field(f.name, f.data_type) for f in input_fields
            ]
        text = f"TABLE({quote_identifier(call.name)}(" + ", ".join(written) + "))"
        return register_table_function(scope, node, alias, text, fields)


def _without_op_column(fields: list[Field], op_column: str) -> list[Field]:
    """FROM_CHANGELOG's rows: its input's columns but the one naming each row's change."""
    op = next((f for f in fields if f.name == op_column), None)
    if op is None:
        raise ValidationError(f"The op column '{op_column}' does not exist in the input schema.")
    if not op.data_type.is_string:
        raise ValidationError(
            f"The op column '{op_column}' must be of STRING type, but was "
            f"'{op.data_type.with_nullable(True).summary()}'."
        )
    return [Field(f.name, f.data_type) for f in fields if f is not op]


def _check_op_mapping(value: exp.Expression) -> None:
    """FROM_CHANGELOG's ``op_mapping => MAP['c', 'INSERT', ...]``: each target, where written
    as a literal, is one of Flink's change operations."""
    if not isinstance(value, exp.Bracket):
        return
    for target in value.expressions[1::2]:
        literal = isinstance(target, exp.Literal) and target.is_string
        if literal and target.this not in _CHANGE_OPERATIONS:
            raise ValidationError(
                "Invalid target mapping for argument 'op_mapping'. Unknown change operation: "
                f"'{target.this}'. Valid values are: [{', '.join(_CHANGE_OPERATIONS)}]."
            )
