"""The type Flink gives a NULL literal among a built-in call's operands, or its refusal.

Calcite refuses a bare ``NULL`` operand (``Illegal use of 'NULL'``) unless the call's operand
type inference gives it a type, and each of Flink's functions decides that itself:
``GREATEST(i, NULL)`` is an INT, ``PRINTF('%s', NULL)`` a STRING, ``ELT(1, s, NULL)`` a STRING;
``UPPER(NULL)`` and ``JSON_VALUE(NULL, '$.a')`` are refused, ``GREATEST(NULL)`` with ``Could not
infer an output type for the given arguments.``

Nothing here is written from memory: ``data/null_operands_oracle.json`` is Flink's answer,
recorded by ``tests/record_null_operands_oracle.py``: calls the function record
(:mod:`.builtins`) holds as accepted, each with ``NULL`` at every place in turn, and with
``NULL`` at every place.

A call with NULL operands is answered from the recorded call of as many arguments whose other
operands are most like its own (the same types, else the same type roots, else the first). Where
Flink refused that call, so is this one, with its message. Where it took it, each NULL is typed
as the one of that recorded call's operands (another operand's type, else the type that stood
in the NULL's place, nullable) with which the record's typing of the recorded calls gives the
types Flink gave them (:func:`_inferred_from`), so that the call is then typed as any other.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from . import builtins
from .builtin_rules import type_family
from .builtins import Argument
from .errors import ILLEGAL_NULL, ValidationError
from .types import DataType

DATA = Path(__file__).parent / "data" / "null_operands_oracle.json"

# Where a NULL takes its type when not from another operand (its place): the type that stood
# in its place in the recorded call, or the type Flink gave that call (``ELT(i, NULL)`` is a
# VARCHAR(1)).
_OWN = -1
_ANSWER = -2


@dataclass(frozen=True)
class NullCall:
    """An accepted recorded call, and Flink's answer with NULL at each of its places: the
    call's type, or the message refusing it."""

    arguments: tuple[Argument, ...]
    answers: tuple[DataType | str | None, ...]


@cache
def _data() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def _answer(answer: str | int) -> DataType | str | None:
    """A recorded answer: the call's type, Flink's message refusing it, or None for a type the
    dashboard cannot spell (``STRUCTURED<...>``)."""
    if isinstance(answer, int):
        return _data()["messages"][answer]
    return builtins.recorded_type(answer)


@cache
def _calls(name: str) -> tuple[NullCall, ...]:
    return tuple(
        NullCall(builtins.recorded_arguments(text), tuple(_answer(answer) for answer in answers))
        for text, answers in _data()["calls"].get(name, {}).items()
    )


@cache
def _every(name: str) -> dict[int, DataType | str | None]:
    """Flink's answer to a call of only NULL operands, by their number."""
    return {
        len(builtins.argument_texts(text)): _answer(answer)
        for text, answer in _data()["every"].get(name, {}).items()
    }


def recorded(name: str) -> bool:
    """Whether Flink's answers to calls of built-in ``name`` with NULL operands are recorded."""
    return name in _data()["calls"]


def inferred_types(name: str, arguments: Sequence[Argument | None]) -> list[DataType]:
    """The types of the NULL operands (``None`` in ``arguments``) of a call of built-in
    ``name``, in order; :class:`ValidationError` with Flink's message where it refuses them."""
    places = [i for i, argument in enumerate(arguments) if argument is None]
    if len(places) == len(arguments):
        every = _every(name).get(len(arguments))
        if isinstance(every, str):
            raise ValidationError(every)
    calls = [c for c in _calls(name) if len(c.arguments) == len(arguments)]
    if not calls:
        raise ValidationError(ILLEGAL_NULL)
    types = []
    for place in places:
        call = _likest(calls, arguments, place)
        answer = call.answers[place]
        if isinstance(answer, str):
            raise ValidationError(answer)
        if answer is None:
            raise builtins.UnknownCall(
                f"The dashboard cannot derive the type of this call of {name} with a NULL "
                "operand: Flink's type for it is one the dashboard cannot write."
            )
        source = _inferred_from(name, len(arguments), place)
        if source >= 0 and arguments[source] is not None:
            inferred = arguments[source][0]  # type: ignore[index]
        else:
            inferred = _candidate(call, place, source)
        types.append(inferred.with_nullable(True))
    return types


def _likest(calls: list[NullCall], arguments: Sequence[Argument | None], place: int) -> NullCall:
    """The recorded call whose operands other than ``place`` and the NULLs are most like
    ``arguments``'s: the same types, else the same type roots, else the first."""
    others = [i for i, a in enumerate(arguments) if a is not None and i != place]
    ours = [arguments[i][0].with_nullable(True) for i in others]  # type: ignore[index]
    same_roots = None
    for call in calls:
        theirs = [call.arguments[i][0].with_nullable(True) for i in others]
        if theirs == ours:
            return call
        if same_roots is None and builtins.type_roots(theirs) == builtins.type_roots(ours):
            same_roots = call
    return same_roots or calls[0]


def _candidate(call: NullCall, place: int, source: int) -> DataType:
    """The type a NULL at ``place`` of ``call`` takes from ``source``."""
    if source == _ANSWER:
        return call.answers[place]  # type: ignore[return-value]
    return call.arguments[place if source == _OWN else source][0]


@cache
def _inferred_from(name: str, arity: int, place: int) -> int:
    """Where a NULL at ``place`` of a call of ``arity`` arguments takes its type: another
    operand's type (the first such: ``GREATEST(c, NULL)``, whose common type leaves the NULL
    out), else the type that stood there in the recorded call (:data:`_OWN`; first where the
    place has one type family in every recorded call: ``PERCENTILE(x, p, NULL)``'s frequency,
    ``ARRAY_JOIN(a, NULL)``'s separator), else Flink's answer for it (:data:`_ANSWER`:
    ``ELT(i, NULL)``): the first with which the record types the most recorded calls Flink
    took with a NULL there as Flink typed them."""
    calls = [
        c
        for c in _calls(name)
        if len(c.arguments) == arity and isinstance(c.answers[place], DataType)
    ]
    others = [i for i in range(arity) if i != place]
    # a place of one family in every recorded call (PERCENTILE's frequency, an integer;
    # ARRAY_JOIN's separator, a string): the function's own type for it first
    fixed = len({type_family(c.arguments[place][0]) for c in calls}) == 1
    candidates = [_OWN, *others, _ANSWER] if fixed else [*others, _OWN, _ANSWER]
    return max(candidates, key=lambda s: sum(_types_as_flink(name, c, place, s) for c in calls))


def _types_as_flink(name: str, call: NullCall, place: int, source: int) -> bool:
    """Whether the record types ``call`` with its NULL at ``place`` typed from ``source`` as
    Flink typed it."""
    substituted = list(call.arguments)
    substituted[place] = (_candidate(call, place, source).with_nullable(True), False)
    try:
        return builtins.call_type(name, substituted) == call.answers[place]
    except ValidationError:
        return False
