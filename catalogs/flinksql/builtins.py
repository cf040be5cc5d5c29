"""Flink 2.3's built-in functions, as the engine answered for them: their names (``SHOW
FUNCTIONS``), their descriptions (``DESCRIBE FUNCTION [EXTENDED]``) and the types of their calls.

Nothing here is written from memory: ``data/functions_oracle.json`` is real Flink's answer,
recorded by ``tests/record_functions_oracle.py``: each function called over the columns of one
table of every typical argument type, and the result type Flink derived or the message it
refused the call with.

A call is typed from that record. A call over exactly recorded argument types answers what Flink
answered. Another call is typed by the rule the recorded calls of the same function, number of
arguments and argument type roots (``DECIMAL``, ``VARCHAR`` ...) all follow (:data:`_RULES`: a
fixed type, an argument's type, an array's element ...), or by one of the few rules the record
cannot express (precision arithmetic, :data:`PRECISION_RULES`), each checked against the record
by ``tests/test_builtins.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from .array_elements import ELEMENT_FUNCTIONS, element_call_type
from .calcite_names import calcite_type_name, message_type
from .errors import INVALID_INPUT_ARGUMENTS, FlinkSqlError, ValidationError
from .type_rules import adjust_decimal, least_restrictive_type, merged_numeric_type
from .types import DATETIME_TYPES, TIME_ATTRIBUTES, DataType, array_of, map_of, parse_type, row_of

DATA = Path(__file__).parent / "data" / "functions_oracle.json"
GROUPING_SCOPE = DATA.with_name("grouping_scope_oracle.json")

# Literal operands of the recorded calls, by their text: a call may need a literal (a
# precision, a format) where a column of the same type is refused.
_LITERAL_TYPES = {"3": "INT NOT NULL", "'x'": "CHAR(1) NOT NULL"}

# An argument as a call's key knows it: its type, and whether it is a literal.
Argument = tuple[DataType, bool]
Rule = Callable[[Sequence[DataType]], DataType]


@dataclass(frozen=True)
class Call:
    """One recorded call: its text, its arguments and Flink's answer."""

    text: str
    arguments: tuple[Argument, ...]
    result: DataType | None  # None: refused
    error: str | None


@cache
def _data() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def listed_functions() -> list[str]:
    """The names ``SHOW FUNCTIONS`` lists in a fresh session (the core module's), in its order."""
    return list(_data()["show_functions"])


def describe_function(name: str, extended: bool) -> list[list[str]] | None:
    """``DESCRIBE FUNCTION [EXTENDED] name``'s rows for a built-in function, or None when no
    listed function has that name (case-insensitively, as Flink resolves it). Flink writes the
    signature with the name as the statement spells it."""
    described = _data()["describe_extended"]
    match = next((n for n in described if n.lower() == name.lower()), None)
    if match is None or isinstance(described[match], str):
        return None
    rows = [list(row) for row in described[match]]
    for row in rows:
        if row[0] == "signature":
            lines = row[1].split("\n")
            row[1] = "\n".join(
                name + line[len(match) :] if line.lower().startswith(match.lower()) else line
                for line in lines
            )
    return rows if extended else rows[:2]


@cache
def _argument(text: str) -> Argument:
    literal = _LITERAL_TYPES.get(text)
    if literal is not None:
        return parse_type(literal, ddl=False), True
    return column_type(text), False


def column_type(name: str) -> DataType:
    """The type of a column of the recorded calls' table (its rowtime attribute included)."""
    data_type = parse_type(_data()["columns"][name], ddl=False)
    return data_type.with_time_attribute("ROWTIME" if name == ROWTIME_COLUMN else None)


ROWTIME_COLUMN = "t_rowtime"


def _split_arguments(call: str) -> tuple[str, ...]:
    inner = call[call.index("(") + 1 : -1]
    return tuple(inner.split(", ")) if inner else ()


@cache
def _result(text: str) -> DataType | None:
    attribute = None
    for kind in TIME_ATTRIBUTES:
        if text.endswith(f" *{kind}*"):
            text, attribute = text.removesuffix(f" *{kind}*"), kind
    try:
        return parse_type(text, ddl=False).with_time_attribute(attribute)
    except FlinkSqlError:
        return None  # a type the dashboard cannot spell (RAW ...): the call stays unknown


@cache
def recorded_calls() -> dict[str, tuple[Call, ...]]:
    """Every recorded call, by upper-case function name."""
    data = _data()
    messages = data["messages"]
    calls: dict[str, tuple[Call, ...]] = {}
    for name, cases in data["calls"].items():
        found = []
        for text, answer in cases.items():
            arguments = tuple(_argument(a) for a in _split_arguments(text))
            if isinstance(answer, str):
                result = _result(answer)
                if result is None:
                    continue
                found.append(Call(text, arguments, result, None))
            else:
                found.append(Call(text, arguments, None, messages[answer]))
        calls[name] = tuple(found)
    return calls


def typed_functions() -> frozenset[str]:
    """The upper-case names of the functions some SQL call of which Flink accepted."""
    return frozenset(
        name
        for name, cases in _data()["calls"].items()
        if any(isinstance(answer, str) for answer in cases.values())
    )


@cache
def keeps_rowtime(name: str) -> bool:
    """Whether a recorded call of ``name`` answered a rowtime attribute (its first operand's:
    Flink keeps it through COALESCE, GREATEST, FIRST_VALUE ...)."""
    return any(
        c.result is not None and c.result.time_attribute == "ROWTIME"
        for c in recorded_calls().get(name, ())
    )


def unquoted_functions() -> frozenset[str]:
    """The functions a view stores by their upper-case name, unquoted (those of Calcite's and
    Flink's SQL operator tables); Flink quotes the others' names as written."""
    return frozenset(
        name for name, text in _data()["written"].items() if text.startswith(f"{name}(")
    )


@cache
def renamed_functions() -> dict[str, str]:
    """The functions a view stores under another name (TRANSLATE as `TRANSLATE3`)."""
    renamed = {}
    for name, text in _data()["written"].items():
        if text.startswith("`"):
            written = text[1 : text.index("`", 1)]
            if written.upper() != name:
                renamed[name] = written
    return renamed


def aggregate_functions() -> frozenset[str]:
    """The upper-case names of the aggregate functions SQL calls (``DESCRIBE FUNCTION
    EXTENDED`` kind ``AGGREGATE``, or Calcite's), some call of which Flink accepted."""
    kinds = {
        name.upper()
        for name, rows in _data()["describe_extended"].items()
        if not isinstance(rows, str) and ["kind", "AGGREGATE"] in rows
    }
    return frozenset((kinds | _SQL_AGGREGATES) & typed_functions())


# Aggregate functions of Calcite's operator table that SHOW FUNCTIONS does not list.
_SQL_AGGREGATES = frozenset(["APPROX_COUNT_DISTINCT", "SINGLE_VALUE", "JSON_ARRAYAGG"])


# -- rules --------------------------------------------------------------------------------------
def _nullable_if_any(types: Sequence[DataType]) -> bool:
    return any(t.nullable for t in types)


_NULLABILITY: dict[str, Callable[[Sequence[DataType]], bool]] = {
    "any": _nullable_if_any,
    "all": lambda types: all(t.nullable for t in types),
    "first": lambda types: bool(types) and types[0].nullable,
    "never": lambda types: False,
    "always": lambda types: True,
}


def _plain(t: DataType) -> DataType:
    return t.with_time_attribute(None) if t.time_attribute else t


def _map_part(t: DataType, part: int) -> DataType | None:
    """An ARRAY of the keys (0), values (1) or entries (2: ROW<key, value>) of a MAP."""
    if t.name != "MAP":
        return None
    if part == 2:
        return array_of(row_of(zip(("key", "value"), t.children, strict=True)), nullable=True)
    return array_of(t.children[part], nullable=True)


def _shapes(arity: int, sample: DataType) -> dict[str, Callable[[Sequence[DataType]], Any]]:
    # The keys or values of a MAP come before a fixed type: one recorded MAP_KEYS call over
    # MAP<STRING, INT> fits "always ARRAY<STRING>" too.
    shapes: dict[str, Callable[[Sequence[DataType]], Any]] = {
        **{
            f"{word} of argument 0": lambda types, part=part: _map_part(types[0], part)
            for part, word in enumerate(("keys", "values", "entries"))
            if arity
        },
        "fixed": lambda types: sample.with_nullable(True),
    }
    if arity == 2:  # MAP_FROM_ARRAYS(keys, values)
        shapes["map of the elements of arguments 0 and 1"] = lambda types: (
            map_of(types[0].children[0], types[1].children[0], nullable=True)
            if types[0].name == types[1].name == "ARRAY"
            else None
        )
    for i in range(arity):
        shapes[f"argument {i}"] = lambda types, i=i: _plain(types[i]).with_nullable(True)
        shapes[f"element of argument {i}"] = lambda types, i=i: (
            types[i].children[0].with_nullable(True)
            if types[i].name in ("ARRAY", "MULTISET")
            else None
        )
        shapes[f"array of argument {i}"] = lambda types, i=i: array_of(
            _plain(types[i]), nullable=True
        )
        shapes[f"VARCHAR of argument {i}'s length"] = lambda types, i=i: (
            DataType("VARCHAR", (types[i].length,)) if types[i].is_string else None
        )
    return shapes


def _fit(calls: Sequence[Call], evidence: Sequence[Call] = ()) -> Rule | None:
    """The one rule every accepted call of ``calls`` follows, or None. Where the calls leave
    the nullability open (every one has a nullable argument: "any" and "always" both fit), the
    one the function's other accepted calls (``evidence``, of any arity) also follow wins:
    REGEXP_EXTRACT(s, p, i) is always nullable, as REGEXP_EXTRACT(s, p) of NOT NULL strings.
    Where several shapes fit (one call over ARRAY<STRING> fits a fixed STRING and the
    array's element alike), the one most of the other calls of as many arguments follow wins:
    ARRAY_MAX of an ARRAY<VARCHAR(2)> is a VARCHAR(2), as ARRAY_MAX of an ARRAY<INT> an INT."""
    accepted = [c for c in calls if c.result is not None]
    if not accepted:
        return None
    arity = len(accepted[0].arguments)
    others = [c for c in evidence if c.result is not None]
    alike = [c for c in others if len(c.arguments) == arity]
    best: tuple[int, Rule] | None = None
    for shape in _shapes(arity, accepted[0].result).values():
        fitting = []
        for nullability in _NULLABILITY.values():

            def rule(types: Sequence[DataType], shape=shape, nullability=nullability) -> Any:
                result = shape(types)
                return None if result is None else result.with_nullable(nullability(types))

            if all(rule([a for a, _ in c.arguments]) == c.result for c in accepted):
                fitting.append((rule, nullability))
        if not fitting:
            continue
        chosen = fitting[0][0]
        for rule, nullability in fitting:
            if all(nullability([a for a, _ in c.arguments]) == c.result.nullable for c in others):
                chosen = rule
                break
        followed = sum(_follows(chosen, c) for c in alike)
        if best is None or followed > best[0]:
            best = (followed, chosen)
    return None if best is None else best[1]


def _follows(rule: Rule, call: Call) -> bool:
    """Whether ``rule`` gives ``call`` its recorded type (a rule may not apply: None)."""
    return rule([a for a, _ in call.arguments]) == call.result


def _roots(types: Sequence[DataType]) -> tuple[str, ...]:
    """The type roots a rule is chosen by: a collection's with its members' roots
    (``ARRAY_JOIN`` takes an ARRAY<STRING> and refuses an ARRAY<INT>)."""
    return tuple(_root(t) for t in types)


def _root(t: DataType) -> str:
    if t.is_collection:
        return f"{t.name}<{', '.join(_root(c) for c in t.children)}>"
    return t.name


def _refused_in_place(name: str, types: Sequence[DataType]) -> str | None:
    """Whether, at some position, Flink refused every recorded call of as many arguments with
    an argument of that type's family there (CHAR with VARCHAR, the integers together, an
    ARRAY<INT> with an ARRAY<BIGINT>, ...): a rule of other calls then does not type the
    call (``LPAD`` of a BIGINT). Answers Flink's message where it refused several such calls
    with one message ("Invalid input arguments."), else an empty string; None where no
    position decides. A family the record holds no call with there (an interval) is no
    such evidence."""
    calls = [c for c in _plain_calls(name) if len(c.arguments) == len(types)]
    for i, t in enumerate(types):
        there = [c for c in calls if _place(c.arguments[i][0]) == _place(t)]
        if there and all(c.result is None for c in there):
            messages = {c.error for c in there}
            one = len(there) > 1 and len(messages) == 1
            return str(messages.pop()) if one and not _contextual(there[0]) else ""
    return None


def _contextual(call: Call) -> bool:
    return str(call.error).startswith(_CONTEXTUAL)


_FAMILIES = {
    **dict.fromkeys(("CHAR", "VARCHAR"), "character"),
    **dict.fromkeys(("TINYINT", "SMALLINT", "INT", "BIGINT"), "integer"),
    **dict.fromkeys(("FLOAT", "DOUBLE"), "approximate"),
    **dict.fromkeys(("BINARY", "VARBINARY"), "binary"),
    **dict.fromkeys(("TIMESTAMP", "TIMESTAMP_LTZ"), "timestamp"),
}


def _family(t: DataType) -> str:
    return _FAMILIES.get(t.name, t.name)


def _place(t: DataType) -> str:
    """What :func:`_refused_in_place` compares at a position: a collection by its members'
    roots (ARRAY_JOIN refuses every ARRAY<INT>), another type by its family."""
    return _root(t) if t.is_collection else _family(t)


def _members_decide(name: str, types: Sequence[DataType]) -> bool:
    """Whether Flink took some recorded calls over collections of these roots and refused
    others, by their members' types: a call over members the record holds no call over is
    then not typed by a rule of other calls."""
    outer = tuple(t.name for t in types)
    answers = {
        c.result is not None
        for c in _plain_calls(name)
        if tuple(a.name for a, _ in c.arguments) == outer
    }
    return len(answers) == 2 and any(t.is_collection for t in types)


@cache
def _by_roots(name: str) -> dict[tuple[str, ...], list[Call]]:
    """The recorded calls of ``name`` without a rowtime argument (answered as recorded, by no
    general rule), by their tuple of argument type roots."""
    groups: dict[tuple[str, ...], list[Call]] = {}
    for call in _plain_calls(name):
        groups.setdefault(_roots([a for a, _ in call.arguments]), []).append(call)
    return groups


@cache
def _rules(name: str) -> dict[tuple[str, ...], Rule | None]:
    """The rule of each recorded tuple of argument type roots of ``name``'s calls (None where
    they follow none, or where Flink refused them all)."""
    evidence = _plain_calls(name)
    return {roots: _fit(calls, evidence) for roots, calls in _by_roots(name).items()}


@cache
def _arity_rule(name: str, arity: int) -> Rule | None:
    calls = [c for c in _plain_calls(name) if len(c.arguments) == arity]
    return _fit(calls, _plain_calls(name))


@cache
def _plain_calls(name: str) -> tuple[Call, ...]:
    """The recorded calls of ``name`` without a rowtime argument."""
    return tuple(
        c
        for c in recorded_calls().get(name, ())
        if not any(t.time_attribute for t, _ in c.arguments)
    )


@cache
def _exact(name: str) -> dict[tuple[Argument, ...], Call]:
    found: dict[tuple[Argument, ...], Call] = {}
    for call in recorded_calls().get(name, ()):
        found.setdefault(call.arguments, call)
        found.setdefault(tuple((t, False) for t, _ in call.arguments), call)
    return found


class UnknownCall(ValidationError):
    """A call of a built-in function over argument types the record does not type."""


# Refusals that depend on where the call stands, not on its arguments: the parser's (whose
# positions are those of the recorded query), and a window function without OVER (which Flink
# takes under an alias: tests/goldens/views_checks_grouping.json).
_CONTEXTUAL = ("Encountered ", "Incorrect syntax near", "OVER clause is necessary")


def _recorded(name: str, arguments: Sequence[Argument]) -> Call | None:
    """The recorded call over these arguments: over the same types and literals, else over
    the same types, else over the same types without their time attributes."""
    exact = _exact(name)
    plain = tuple((_plain(t), literal) for t, literal in arguments)
    for key in (tuple(arguments), plain):
        call = exact.get(key) or exact.get(tuple((t, False) for t, _ in key))
        if call is not None:
            return call
    return None


def refusal(name: str, arguments: Sequence[Argument]) -> str | None:
    """Flink's message refusing a call of built-in ``name`` over exactly these argument types,
    if it refused it, wherever the call stands."""
    if _rowtime_rule(name, arguments) is not None:
        return None
    call = _recorded(name, arguments)
    if call is None or call.error is None or call.error.startswith(_CONTEXTUAL):
        return None
    return call.error


def check_call(name: str, arguments: Sequence[Argument]) -> None:
    """Refuse a call of built-in ``name`` over ``arguments`` that Flink refuses, where the
    call's type is derived elsewhere (JSON_VALUE with its clauses, FLOOR, TRIM): with Flink's
    message where it refused this very call, else where it refused every recorded call over
    these types' roots for fitting none of its forms (``JSON_EXISTS`` of a ``BINARY(2)`` and an
    INT, as of a ``BINARY(4)``: views difftest seed 20261207)."""
    message = refusal(name, arguments)
    if message is None and _recorded(name, arguments) is None:
        message = _refused_by_forms(name, [t for t, _ in arguments])
    if message is not None:
        raise ValidationError(message)


def _rowtime_rule(name: str, arguments: Sequence[Argument]) -> DataType | None:
    """The type a rule gives a call of a rowtime attribute the record has no call over."""
    rule = _ROWTIME_RULES.get(name)
    if rule is None or not any(t.time_attribute == "ROWTIME" for t, _ in arguments):
        return None
    return rule([t for t, _ in arguments])


def call_type(name: str, arguments: Sequence[Argument]) -> DataType | None:
    """The type Flink derives for a call of built-in ``name`` (upper case) over ``arguments``
    (their types and whether each is a literal); None if Flink knows no such built-in.

    Raises :class:`ValidationError` with Flink's message where Flink refused the call, and
    :class:`UnknownCall` where the record neither holds the call nor a rule for it.
    """
    if name not in recorded_calls():
        return None
    by_rule = _rowtime_rule(name, arguments)
    if by_rule is not None:
        return by_rule
    call = _recorded(name, arguments)
    if call is not None:
        if call.result is None:
            raise ValidationError(str(call.error))
        return call.result
    types = [_plain(t) for t, _ in arguments]
    precision = PRECISION_RULES.get(name)
    if precision is not None:
        result = precision(types)
        if result is not None:
            return result
    rules = _rules(name)
    roots = _roots(types)
    # the rule of calls over the same type roots; over roots not recorded, the rule every
    # recorded call of as many arguments follows, if there is one
    refused = None if roots in rules else _refused_in_place(name, types)
    if refused:
        raise ValidationError(refused)
    if roots in rules:
        rule = rules[roots]
    elif _members_decide(name, types) or refused is not None:
        rule = None
    else:
        rule = _arity_rule(name, len(types))
    result = rule(types) if rule is not None else None
    if result is None:
        by_form = _refused_by_forms(name, types)
        if by_form is not None:
            raise ValidationError(by_form)
        shown = ", ".join(t.summary() for t in types)
        raise UnknownCall(
            f"The dashboard cannot derive the type of {name}({shown}): Flink's answer for a "
            f"call of {name} over these argument types is not in its record of built-in "
            "functions."
        )
    return result


_CANNOT_APPLY = re.compile(
    r"Cannot apply '([^']+)' to arguments of type '\1\(.*\)'\. Supported form\(s\): (.*)",
    re.DOTALL,
)


def _refused_by_forms(name: str, types: Sequence[DataType]) -> str | None:
    """Calcite's refusal of a call over ``types`` where it refused every recorded call over
    the same type roots because none fits one list of forms: that message, written for these
    types (``JSON_EXISTS(<BINARY(2)>, <INTEGER>)`` where it refused a ``BINARY(4)``). Only
    where each recorded refusal is that message written for its own call's types (not TRIM's,
    which Calcite writes with its flag and characters)."""
    calls = _by_roots(name).get(_roots(types), [])
    if not calls or any(c.result is not None for c in calls):
        return None
    match = _CANNOT_APPLY.fullmatch(str(calls[0].error))
    if match is None:
        return None
    symbol, supported = match.groups()

    def written(of: Sequence[DataType]) -> str:
        shown = ", ".join(f"<{message_type(t)}>" for t in of)
        return (
            f"Cannot apply '{symbol}' to arguments of type '{symbol}({shown})'. "
            f"Supported form(s): {supported}"
        )

    if any(c.error != written([a for a, _ in c.arguments]) for c in calls):
        return None
    return written(types)


# -- rules the record cannot express ------------------------------------------------------------
# Units below a day (TIMESTAMPADD of one drops a time attribute, makes a DATE a TIMESTAMP).
SUB_DAY_UNITS = frozenset(["HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND"])


def timestamp_add_type(name: str, unit: str, types: Sequence[DataType]) -> DataType:
    """TIMESTAMPADD(unit, n, t) and TIMESTAMPDIFF(unit, a, b) over their operands' types, as
    Calcite deduces them (recorded in goldens/views_workload_idioms): TIMESTAMPDIFF is an INT;
    TIMESTAMPADD keeps t's type, at least of the unit's precision (MILLISECOND 3, MICROSECOND
    6, TIME 3 at most), a DATE plus an HOUR, MINUTE or SECOND is a TIMESTAMP(6), and a unit
    below a day drops a time attribute; nullable if an operand is."""
    nullable = any(t.nullable for t in types)
    if name == "TIMESTAMPDIFF":
        return DataType("INT", (), nullable)
    target, unit = types[1], unit.upper()
    if target.name not in DATETIME_TYPES and target.name != "NULL":
        shown = ", ".join(f"<{calcite_type_name(t)}>" for t in types)
        raise ValidationError(
            f"Cannot apply 'TIMESTAMPADD' to arguments of type 'TIMESTAMPADD(<INTERVAL {unit}>, "
            f"{shown})'. Supported form(s): 'TIMESTAMPADD(<ANY>, <INTEGER>, <DATETIME>)'"
        )
    fraction = {"MILLISECOND": 3, "MICROSECOND": 6}.get(unit, 0)
    if target.name == "DATE" and unit in SUB_DAY_UNITS:
        if fraction:  # Calcite asks a DATE for a precision
            raise ValidationError("typeName.allowsPrecScale(true, false): DATE")
        return DataType("TIMESTAMP", (6,), nullable)
    if fraction and target.name in ("TIMESTAMP", "TIMESTAMP_LTZ", "TIME"):
        limit = 3 if target.name == "TIME" else 9
        precision = max(int(target.params[0]) if target.params else 0, min(fraction, limit))
        target = DataType(target.name, (precision,), target.nullable)
    if unit in SUB_DAY_UNITS:
        target = target.with_time_attribute(None)
    return target.with_nullable(nullable)


def _current_watermark(types: Sequence[DataType]) -> DataType | None:
    """CURRENT_WATERMARK of a rowtime attribute of any timestamp type is a nullable timestamp
    of that type (the record's one rowtime column is a TIMESTAMP(3): its call answers so)."""
    if len(types) != 1:
        return None
    return _plain(types[0]).with_nullable(True)


# Functions of a rowtime attribute whose answer the record holds for one rowtime type only.
_ROWTIME_RULES: dict[str, Callable[[Sequence[DataType]], DataType | None]] = {
    "CURRENT_WATERMARK": _current_watermark,
}


def _decimal_modulo(types: Sequence[DataType]) -> DataType | None:
    """MOD of DECIMALs (an integer counting as a DECIMAL of its digits): the smaller integral
    part and the larger scale (Flink's ``LogicalTypeMerging.findModuloDecimalType``)."""
    if len(types) != 2 or not any(t.name == "DECIMAL" for t in types):
        return None
    if not all(t.name == "DECIMAL" or t.is_integer for t in types):
        return None
    (p1, s1), (p2, s2) = (_decimal_digits(t) for t in types)
    if s1 == s2 == 0:  # Calcite's deriveDecimalModType: the divisor's type (MOD(d_20_0, i_int))
        return types[1].with_nullable(any(t.nullable for t in types))
    scale = max(s1, s2)
    precision = min(min(p1 - s1, p2 - s2) + scale, 38)
    return DataType("DECIMAL", (precision, scale), any(t.nullable for t in types))


_INTEGER_DIGITS = {"TINYINT": 3, "SMALLINT": 5, "INT": 10, "BIGINT": 19}


def _decimal_digits(t: DataType) -> tuple[int, int]:
    if t.name == "DECIMAL":
        return int(t.params[0]), int(t.params[1])
    return _INTEGER_DIGITS[t.name], 0


def modulo_type(types: Sequence[DataType]) -> DataType | None:
    """MOD and ``%`` (one operator in Calcite, ``ReturnTypes.NULLABLE_MOD``): of DECIMALs as
    :func:`_decimal_modulo`; of two integers, the type of the divisor (``BIGINT % INT`` is INT),
    nullable where either is."""
    decimal = _decimal_modulo(types)
    if decimal is not None or len(types) != 2:
        return decimal
    if all(t.is_integer for t in types):
        return types[1].with_nullable(any(t.nullable for t in types))
    return None


_INTEGER_ORDER = ("TINYINT", "SMALLINT", "INT", "BIGINT")


def _common_part(a: DataType, b: DataType) -> DataType | None:
    """The common type of two keys or values of maps, where it is plain: one type (nullable
    where either is), the longer VARCHAR of two strings, or the wider of two integers; None
    where it takes more rules."""
    nullable = a.nullable or b.nullable
    if a.with_nullable(True) == b.with_nullable(True):
        return a.with_nullable(nullable)
    if a.is_string and b.is_string:
        return DataType("VARCHAR", (max(a.length or 0, b.length or 0),), nullable)
    if a.name in _INTEGER_ORDER and b.name in _INTEGER_ORDER:
        wider = max(a, b, key=lambda t: _INTEGER_ORDER.index(t.name))
        return wider.with_nullable(nullable)
    return None


def map_union_type(types: Sequence[DataType]) -> DataType | None:
    """MAP_UNION of maps: their common type (Flink's ``TypeStrategies.COMMON``: the common key
    and value types), nullable where any map is. The record holds only the call of one map."""
    if len(types) < 2 or any(t.name != "MAP" for t in types):
        return None
    key, value = types[0].children
    for other in types[1:]:
        common_key, common_value = (
            _common_part(key, other.children[0]),
            _common_part(value, other.children[1]),
        )
        if common_key is None or common_value is None:
            return None
        key, value = common_key, common_value
    return map_of(key, value, nullable=any(t.nullable for t in types))


# The families (:func:`_family`) Flink merges by precision or length
# (LogicalTypeMerging.findCommonType).
_MERGED_FAMILIES = frozenset(["timestamp", "TIME", "character", "binary"])


def common_argument_type(types: Sequence[DataType], nullable: bool) -> DataType | None:
    """The common type of arguments of one family whose precisions or lengths differ, as
    Flink merges them (goldens/views_common_type): the largest precision, a TIMESTAMP_LTZ
    beside a TIMESTAMP, a VARCHAR or VARBINARY of the largest length where lengths or kinds
    differ (``GREATEST(CHAR(3), CHAR(5))`` is VARCHAR(5)); None for other arguments."""
    families = {_family(t) for t in types}
    if len(families) != 1 or not families <= _MERGED_FAMILIES:
        return None
    result = _plain(types[0])
    for t in types[1:]:
        result = least_restrictive_type(result, _plain(t))
    return result.with_nullable(nullable)


# Families GREATEST and LEAST compare with each other beyond their own (goldens/
# views_coalesce_pairs): numbers, and a DATE or TIME with a TIMESTAMP (of that DATE or TIME)
_COMPARED_FAMILIES = (
    frozenset(("integer", "DECIMAL", "approximate")),
    frozenset(("DATE", "TIMESTAMP")),
    frozenset(("TIME", "TIMESTAMP")),
)


def _compared(a: DataType, b: DataType) -> bool:
    if _family(a) == _family(b):
        return True
    kinds = {_family(a), _family(b)}
    if kinds == {"DATE", "timestamp"} or kinds == {"TIME", "timestamp"}:
        kinds = {a.name, b.name}  # a TIMESTAMP_LTZ compares with neither
    return any(kinds <= families for families in _COMPARED_FAMILIES)


def _greatest_across(types: Sequence[DataType]) -> DataType | None:
    """GREATEST and LEAST of arguments of several families, or Flink's refusal of two it does
    not compare: numbers with an approximate one are FLOAT or DOUBLE as COALESCE makes them
    (FLOAT after a DECIMAL stays FLOAT), a DATE or TIME beside a TIMESTAMP is that DATE or
    TIME."""
    for i, a in enumerate(types):
        for b in types[i + 1 :]:
            if _compared(a, b):
                continue
            if a.name in DATETIME_TYPES and b.name in DATETIME_TYPES:  # of no common type
                raise ValidationError("Could not infer an output type for the given arguments.")
            raise ValidationError(
                "All types in a comparison should support both 'EQUALS' and 'ORDER' comparison"
                f" with each other. Can not compare {a.summary()} with {b.summary()}"
            )
    nullable = any(t.nullable for t in types)
    if len({_plain(t).with_nullable(True) for t in types}) == 1:
        return _plain(types[0]).with_nullable(nullable)
    if all(t.is_numeric for t in types):
        result = _plain(types[0])
        for t in types[1:]:
            result = merged_numeric_type(result, _plain(t))
        return result.with_nullable(nullable)
    moment = next((t for t in types if t.name in ("DATE", "TIME")), None)
    if moment is not None and any(t.name == "TIMESTAMP" for t in types):
        return _plain(moment).with_nullable(nullable)
    return None


def greatest_type(types: Sequence[DataType]) -> DataType | None:
    """GREATEST and LEAST of exact numbers, a DECIMAL among them: the DECIMAL that holds each
    (the most integer digits and the largest scale); of one family of other types, their
    common type (:func:`common_argument_type`); of several families :func:`_greatest_across`;
    nullable if any argument is; None for other arguments, which the record types."""
    exact = all(t.name == "DECIMAL" or t.name in _INTEGER_DIGITS for t in types)
    if not types or not exact or not any(t.name == "DECIMAL" for t in types):
        merged = common_argument_type(types, any(t.nullable for t in types))
        return merged if merged is not None else _greatest_across(types)
    digits = [_decimal_digits(t) for t in types]
    scale = max(s for _, s in digits)
    integer = max(p - s for p, s in digits)
    nullable = any(t.nullable for t in types)
    # past 38 digits Flink reduces the scale (views_difftest_seed27: DECIMAL(38, 6))
    return DataType("DECIMAL", adjust_decimal(integer + scale, scale), nullable)


# Functions of arrays of one common type (Flink's commonArrayType input strategy).
COMMON_ARRAY_FUNCTIONS = frozenset(
    {"ARRAY_CONCAT", "ARRAY_UNION", "ARRAY_EXCEPT", "ARRAY_INTERSECT"}
)
_EXACT_NUMBERS = frozenset(("TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL"))


def common_array_type(types: Sequence[DataType]) -> DataType | None:
    """ARRAY_CONCAT, ARRAY_UNION, ARRAY_EXCEPT and ARRAY_INTERSECT of arrays: the array of
    their elements' common type (as GREATEST merges them: goldens/views_array_commons),
    nullable where any array is; None where an argument is no array (the record answers).
    Raises Flink's refusal where the elements have no common type, or where an exact
    number would be cast to the date-time the others are."""
    if not types or any(t.name != "ARRAY" for t in types):
        return None
    elements = [t.children[0] for t in types]
    nullable = any(t.nullable for t in types)
    element = _common_or_none(elements)
    if element is not None:
        return array_of(element, nullable=nullable)
    moments = [e for e in elements if e.name in DATETIME_TYPES]
    if moments and all(e.name in _EXACT_NUMBERS for e in elements if e not in moments):
        moment = _common_or_none(moments)
        if moment is not None:
            at = next(i for i, e in enumerate(elements) if e.name in _EXACT_NUMBERS)
            member = moment.with_nullable(any(e.nullable for e in elements))
            raise ValidationError(
                f"Invalid argument type at position {at}. Data type "
                f"{array_of(member, nullable=nullable).summary()} expected but "
                f"{types[at].summary()} passed."
            )
    shown = ", ".join(t.summary() for t in types)
    raise ValidationError(f"Could not find a common type for arguments: [{shown}]")


def _common_or_none(types: Sequence[DataType]) -> DataType | None:
    """The common type GREATEST gives ``types``, or None where it has none (or refuses)."""
    try:
        return greatest_type(types)
    except ValidationError:
        return None


def array_extreme_type(types: Sequence[DataType]) -> DataType | None:
    """ARRAY_MAX and ARRAY_MIN of an array of rows, maps or arrays: Flink's refusal, they do
    not compare (goldens/views_difftest_seed15); None for other arrays, which the record types."""
    if len(types) != 1 or types[0].name != "ARRAY":
        return None
    element = types[0].children[0]
    if element.name in ("ROW", "MAP", "ARRAY", "MULTISET"):
        raise ValidationError(
            f"Type '{element.summary()}' should support both 'EQUALS' and 'ORDER' comparison"
            " with itself."
        )
    return None


def array_sort_type(types: Sequence[DataType]) -> DataType | None:
    """ARRAY_SORT of an array of rows: Flink's refusal (goldens/views_difftest_seed15)."""
    if types and types[0].name == "ARRAY" and types[0].children[0].name == "ROW":
        raise ValidationError(INVALID_INPUT_ARGUMENTS)
    return None


def elt_type(types: Sequence[DataType]) -> DataType | None:
    """ELT(index, value, ...): the values' common type (ELT(1, 'x', 'yy') is VARCHAR(2)),
    always nullable (the index may be out of range); None for other arguments."""
    if len(types) < 2 or not types[0].is_integer:
        return None
    return common_argument_type(types[1:], nullable=True)


PRECISION_RULES: dict[str, Rule] = {
    "ARRAY_MAX": array_extreme_type,
    "ARRAY_MIN": array_extreme_type,
    "ARRAY_SORT": array_sort_type,
    "ELT": elt_type,
    **dict.fromkeys(sorted(COMMON_ARRAY_FUNCTIONS), common_array_type),
    **{
        name: lambda types, name=name: element_call_type(name, types)
        for name in sorted(ELEMENT_FUNCTIONS)
    },
    "MOD": modulo_type,
    "MAP_UNION": map_union_type,
    "GREATEST": greatest_type,
    "LEAST": greatest_type,
}


@cache
def _grouping_scope() -> dict[str, Any]:
    return json.loads(GROUPING_SCOPE.read_text(encoding="utf-8"))


def types_operands_in_grouping_scope(name: str) -> bool:
    """Whether Flink types the operands of a call of ``name`` in a grouped query's aggregating
    scope, where a key some grouping set leaves out is nullable even inside an aggregate
    (``MAX(GREATEST(k, 1))``, not ``MAX(ABS(k))``): Flink's answer in
    ``data/grouping_scope_oracle.json`` (``tests/record_grouping_scope_oracle.py``). A function
    it holds no answer for never answers NOT NULL, so the scope does not change its type."""
    answer = _grouping_scope().get(name)
    return bool(answer and answer["nullable_under_cube"])


OPERATOR_TABLE = DATA.with_name("operator_table_oracle.json")


@cache
def _operator_table_record() -> dict[str, dict[str, list[str]]]:
    return json.loads(OPERATOR_TABLE.read_text(encoding="utf-8"))


def _operator_table() -> dict[str, list[str]]:
    return _operator_table_record()["operators"]


def derives_operands_first(name: str) -> Literal["all", "first", "none"]:
    """Which operands of a call of the function ``name`` Flink's validator derives the types of
    before it infers anything within them: ``"all"`` where Flink's own type inference types the
    call (every function that is not in Flink's SQL operator table: ``COALESCE``, ``MAP_KEYS``,
    a user's function), ``"first"`` where Calcite's FIRST_KNOWN does (``TRY_CAST``),
    ``"none"`` for the others (``CARDINALITY``, ``UPPER``). The operator table is Flink's
    answer by reflection (``data/operator_table_oracle.json``,
    ``tests/record_operator_table_oracle.py``); where the grouping-scope record holds an answer
    for ``name`` (:func:`types_operands_in_grouping_scope`), the behaviour it recorded decides:
    ``YEAR`` is FIRST_KNOWN in the table, but Calcite rewrites it to ``EXTRACT`` first, which
    derives nothing first; ``TRANSLATE`` is in neither table under that name."""
    recorded = _grouping_scope().get(name)
    if recorded is not None:
        return "all" if recorded["nullable_under_cube"] else "none"
    kinds = _operator_table().get(name)
    if kinds is None:
        return "all"
    return "first" if "FIRST_KNOWN" in kinds else "none"


def assigns(target: str, source: str) -> bool:
    """Whether Calcite's assignment rule (``SqlTypeAssignmentRule``, Flink's copy, recorded by
    reflection in ``data/operator_table_oracle.json``) assigns a value of the type named
    ``source`` to one named ``target``, by their SQL type names (``INTEGER`` to ``BIGINT``,
    not ``DATE`` to ``TIMESTAMP``)."""
    return source in _operator_table_record()["assignment"].get(target, ())
