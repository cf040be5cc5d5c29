"""The functions of an array and one element of it: ``ARRAY_CONTAINS``, ``ARRAY_POSITION``,
``ARRAY_REMOVE``, ``ARRAY_APPEND`` and ``ARRAY_PREPEND``.

Flink types the element argument as the array's element type: it takes an argument of a type
it casts to that type implicitly, writes the argument cast to it where the types differ
(``ARRAY_CONTAINS(ARRAY[CAST('ab' AS VARCHAR(2) …), …], CAST(`t`.`s` AS VARCHAR(2) …))``),
and refuses another with "Invalid input arguments.". Which types cast to which implicitly, and
where no cast is written, is what Flink answered for every pair of a set of types
(``tests/goldens/views_array_elements``); the result types are those of the function record
(``data/functions_oracle.json``), which ``tests/test_array_elements.py`` checks them against.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import INVALID_INPUT_ARGUMENTS, ValidationError
from .types import DataType, array_of

ELEMENT_FUNCTIONS = frozenset(
    {"ARRAY_CONTAINS", "ARRAY_POSITION", "ARRAY_REMOVE", "ARRAY_APPEND", "ARRAY_PREPEND"}
)

_INTEGERS = ("TINYINT", "SMALLINT", "INT", "BIGINT")
_NUMBERS = (*_INTEGERS, "DECIMAL", "FLOAT", "DOUBLE")
# The type roots each root takes implicitly, besides its own (goldens/views_array_elements:
# a DECIMAL or a DOUBLE takes every number, a FLOAT every number but a DOUBLE, an integer
# the narrower integers; a DATE or a TIME a TIMESTAMP; a TIMESTAMP or a TIMESTAMP_LTZ both).
_IMPLICIT_FROM: dict[str, frozenset[str]] = {
    **{name: frozenset(_INTEGERS[: i + 1]) for i, name in enumerate(_INTEGERS)},
    "DECIMAL": frozenset(_NUMBERS),
    "FLOAT": frozenset((*_INTEGERS, "DECIMAL", "FLOAT")),
    "DOUBLE": frozenset(_NUMBERS),
    "VARCHAR": frozenset(("CHAR", "VARCHAR")),
    "VARBINARY": frozenset(("BINARY", "VARBINARY")),
    "DATE": frozenset(("DATE", "TIMESTAMP")),
    "TIME": frozenset(("TIME", "TIMESTAMP")),
    "TIMESTAMP": frozenset(("TIMESTAMP", "TIMESTAMP_LTZ")),
    "TIMESTAMP_LTZ": frozenset(("TIMESTAMP", "TIMESTAMP_LTZ")),
}


def takes_implicitly(element: DataType, argument: DataType) -> bool:
    """Whether an array of ``element`` takes an ``argument`` of that type as its element."""
    if argument.name == "NULL" or argument.plain() == element.plain():
        return True
    if argument.children or element.children:
        return False  # a collection or a row: only of the same type
    return argument.name in _IMPLICIT_FROM.get(element.name, frozenset((element.name,)))


def casts_argument(element: DataType, argument: DataType) -> bool:
    """Whether Flink writes the (implicitly taken) argument cast to the element type: unless
    it is of that type, NULL, or a character or binary string no longer than the element's
    VARCHAR or VARBINARY (``'x'`` into VARCHAR(2); a CHAR(1) into CHAR(3) is cast)."""
    if argument.name == "NULL" or argument.plain() == element.plain():
        return False
    fits = (argument.length or 0) <= (element.length or 0)
    if element.name == "VARCHAR" and argument.is_string:
        return not fits
    if element.name == "VARBINARY" and argument.is_binary:
        return not fits
    return True


def element_call_type(name: str, types: Sequence[DataType]) -> DataType | None:
    """The type of a call of one of :data:`ELEMENT_FUNCTIONS` over an array and an element;
    None for other arguments. Raises Flink's refusal where the array does not take the
    element's type."""
    if name not in ELEMENT_FUNCTIONS or len(types) != 2 or types[0].name != "ARRAY":
        return None
    array, argument = types
    element = array.children[0]
    if not takes_implicitly(element, argument):
        raise ValidationError(INVALID_INPUT_ARGUMENTS)
    if casts_argument(element, argument):
        # the argument cast is of the element's type, nullable where either is
        # (ARRAY_POSITION(ARRAY[dec5], bi) is nullable, ARRAY_POSITION(ARRAY[bi], id) not)
        argument = element.with_nullable(element.nullable or argument.nullable)
    either = array.nullable or argument.nullable
    if name == "ARRAY_CONTAINS":
        return DataType("BOOLEAN", (), array.nullable)
    if name == "ARRAY_POSITION":
        return DataType("INT", (), either)
    if name == "ARRAY_REMOVE":
        return array
    member = element.with_nullable(element.nullable or argument.nullable)
    return array_of(member, nullable=either)
