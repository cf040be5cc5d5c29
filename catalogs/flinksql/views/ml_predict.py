"""ML_PREDICT, Flink's table function over a model: ``ML_PREDICT(TABLE t, MODEL m,
DESCRIPTOR(c, ...) [, config])``, named or not, bare in FROM or under TABLE(...). Its rows are
the input's columns and then the model's output columns; the descriptor names the input
columns the model reads, as many as the model's inputs, each of a type the input takes. A
mixin of the validator's FROM clause (golden views_ml_predict).

Flink plans such a view only with a provider of the model on its classpath; the dashboard
stores the model without one and takes the view whatever its provider (a deployment has it)."""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from ..array_elements import takes_implicitly
from ..catalog import ObjectIdentifier, quote_identifier
from ..dialect import ModelArgument, TableArgument
from ..errors import ValidationError
from .relations import Dependency
from .scopes import Field, Scope, register_table_function

NAME = "ML_PREDICT"
# The parameters in Flink's order, as a named call names them.
_PARAMETERS = ("INPUT", "MODEL", "ARGS", "CONFIG")


class ModelPredictions:
    """ML_PREDICT, on the validator's query methods."""

    def ml_predict(self: Any, call: exp.Anonymous, node: exp.Expression, scope: Scope) -> str:
        alias = self._derived_alias(node)
        arguments = _by_parameter(call)
        source = arguments.get("INPUT")
        if isinstance(source, TableArgument):
            result = self.query(exp.select(exp.Star()).from_(source.this.copy()), scope)
        elif isinstance(source, exp.Subquery):  # as Flink stores it: (SELECT ... FROM t)
            result = self.query(self._strip_parens(source), scope)
        else:
            raise ValidationError(f"{NAME} needs a table as its first argument (TABLE t)")
        model_argument = arguments.get("MODEL")
        if not isinstance(model_argument, ModelArgument):
            raise ValidationError(f"{NAME} needs a model as its second argument (MODEL m)")
        parts = [p.name for p in model_argument.this.parts]
        identifier = self._model_identifier(parts)
        model = self.reader.model(identifier)
        if model is None:
            raise ValidationError(f"Object '{parts[-1]}' not found")
        self.dependencies.setdefault(("model", identifier), Dependency("model", identifier))
        inputs, outputs = model
        descriptor = arguments.get("ARGS")
        columns = _descriptor_columns(descriptor)
        _check_descriptor(columns, result.fields, inputs)
        written = {
            "INPUT": f"({result.text})",
            "MODEL": "MODEL " + ".".join(quote_identifier(p) for p in parts),
            "ARGS": "DESCRIPTOR(" + ", ".join(quote_identifier(c) for c in columns) + ")",
        }
        config = arguments.get("CONFIG")
        if config is not None:
            written["CONFIG"] = self.expression(config, scope)[0]
        named = any(isinstance(a, exp.Kwarg) for a in call.expressions)
        texts = []
        for parameter in (p for p in _PARAMETERS if p in written):
            text = written[parameter]
            if named:  # Flink writes a named model argument in parentheses of its own
                text = f"({text})" if parameter == "MODEL" else text
                text = f"{quote_identifier(parameter)} => {text}"
            texts.append(text)
        fields = [Field(f.name, f.data_type) for f in result.fields]
        taken = {f.name for f in fields}
        for name, data_type in outputs:
            fields.append(Field(_unique(name, taken), data_type))
        text = f"TABLE({quote_identifier(NAME)}({', '.join(texts)}))"
        return register_table_function(scope, node, alias, text, fields)

    def _model_identifier(self: Any, parts: list[str]) -> ObjectIdentifier:
        """``m`` in the current database, ``db.m`` in the current catalog, ``c.db.m``."""
        full = [self.catalog, self.database][: 3 - len(parts)] + parts
        if len(full) != 3:
            raise ValidationError(f"Object '{'.'.join(parts)}' not found")
        return ObjectIdentifier(*full)


def _by_parameter(call: exp.Anonymous) -> dict[str, exp.Expression]:
    """The call's arguments by Flink's parameter names (positional ones in Flink's order)."""
    found: dict[str, exp.Expression] = {}
    for index, argument in enumerate(call.expressions):
        if isinstance(argument, exp.Kwarg):
            found[argument.this.name.upper()] = argument.expression
        elif index < len(_PARAMETERS):
            found[_PARAMETERS[index]] = argument
        else:
            raise ValidationError(
                f"Invalid number of arguments to function '{NAME}'. Was expecting 3 arguments"
            )
    return found


def _descriptor_columns(descriptor: exp.Expression | None) -> list[str]:
    if not (isinstance(descriptor, exp.Anonymous) and descriptor.name.upper() == "DESCRIPTOR"):
        raise ValidationError(f"{NAME} needs the input columns as a DESCRIPTOR(...)")
    return [c.name for c in descriptor.expressions]


def _check_descriptor(columns: list[str], fields: list[Field], inputs: list) -> None:
    """Flink's checks of the descriptor, in its order and words."""
    available = {f.name: f for f in fields}
    for name in columns:
        if name not in available:
            listed = ", ".join(f.name for f in fields)
            raise ValidationError(
                f"Descriptor column '{name}' not found in table columns. "
                f"Available columns: {listed}."
            )
    if len(columns) != len(inputs):
        raise ValidationError(
            f"Number of descriptor columns ({len(columns)}) does not match model input size "
            f"({len(inputs)})."
        )
    for position, (name, (_, wanted)) in enumerate(zip(columns, inputs, strict=True)):
        found = available[name].data_type
        if not takes_implicitly(wanted, found):
            raise ValidationError(
                f"Descriptor column '{name}' type {found.summary()} cannot be assigned to model "
                f"input type {wanted.summary()} at position {position}."
            )


def _unique(name: str, taken: set[str]) -> str:
    """``name``, or Calcite's uniquified form of it (``id0``, ``id1``) where it is taken."""
    unique, suffix = name, 0
    while unique in taken:
        unique, suffix = f"{name}{suffix}", suffix + 1
    taken.add(unique)
    return unique
