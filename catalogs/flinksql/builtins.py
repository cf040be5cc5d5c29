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
cannot express (precision arithmetic, :mod:`.builtin_rules`), each checked against the record by
``tests/test_builtins.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from . import operand_forms
from .builtin_rules import PRECISION_RULES, ROWTIME_RULES, Rule, type_family, without_time_attribute
from .errors import FlinkSqlError, ValidationError
from .type_rules import operand_family
from .types import TIME_ATTRIBUTES, DataType, array_of, map_of, parse_type, row_of

DATA = Path(__file__).parent / "data" / "functions_oracle.json"

# Literal operands of the recorded calls, by their text: a call may need a literal (a
# precision, a format) where a column of the same type is refused.
_LITERAL_TYPES = {"3": "INT NOT NULL", "'x'": "CHAR(1) NOT NULL"}

# An argument as a call's key knows it: its type, and whether it is a literal.
Argument = tuple[DataType, bool]


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


def recorded_arguments(call: str) -> tuple[Argument, ...]:
    """The arguments of a recorded call, by its text (``GREATEST(i_int, 3)``)."""
    return tuple(_argument(a) for a in argument_texts(call))


def column_type(name: str) -> DataType:
    """The type of a column of the recorded calls' table (its rowtime attribute included)."""
    data_type = parse_type(_data()["columns"][name], ddl=False)
    return data_type.with_time_attribute("ROWTIME" if name == ROWTIME_COLUMN else None)


ROWTIME_COLUMN = "t_rowtime"


def argument_texts(call: str) -> tuple[str, ...]:
    """The texts of a recorded call's arguments (``GREATEST(i_int, NULL)``: ``i_int``,
    ``NULL``)."""
    inner = call[call.index("(") + 1 : -1]
    return tuple(inner.split(", ")) if inner else ()


@cache
def recorded_type(text: str) -> DataType | None:
    """A recorded answer's type, by its text; None for one the dashboard cannot spell."""
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
            arguments = recorded_arguments(text)
            if isinstance(answer, str):
                result = recorded_type(answer)
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
        shapes[f"argument {i}"] = lambda types, i=i: without_time_attribute(types[i]).with_nullable(
            True
        )
        shapes[f"element of argument {i}"] = lambda types, i=i: (
            types[i].children[0].with_nullable(True)
            if types[i].name in ("ARRAY", "MULTISET")
            else None
        )
        shapes[f"array of argument {i}"] = lambda types, i=i: array_of(
            without_time_attribute(types[i]), nullable=True
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


def type_roots(types: Sequence[DataType]) -> tuple[str, ...]:
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
            if one and not _contextual(there[0]):
                return str(messages.pop())
            return _cannot_apply(there, types) or ""
    return None


def _cannot_apply(calls: Sequence[Call], types: Sequence[DataType]) -> str | None:
    """Calcite's "Cannot apply" written for ``types``, where it refused each of ``calls``
    with it, written for the call's own types, with one list of forms."""
    forms = {operand_forms.own_forms([a for a, _ in c.arguments], c.error) for c in calls}
    if len(forms) != 1 or None in forms:
        return None
    symbol, supported = forms.pop()  # type: ignore[misc]
    return operand_forms.written(symbol, types, supported)


def _contextual(call: Call) -> bool:
    return str(call.error).startswith(_CONTEXTUAL)


def _place(t: DataType) -> str:
    """What :func:`_refused_in_place` compares at a position: a collection by its members'
    roots (ARRAY_JOIN refuses every ARRAY<INT>), another type by its family."""
    return _root(t) if t.is_collection else type_family(t)


@cache
def _forms(name: str) -> operand_forms.Forms | None:
    """The operand forms ``name``'s recorded refusals list, where its recorded calls bear
    them out (:func:`operand_forms.borne_out`)."""
    return operand_forms.borne_out(
        (tuple(t for t, _ in c.arguments), c.result is not None, c.error)
        for c in _plain_calls(name)
    )


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
        groups.setdefault(type_roots([a for a, _ in call.arguments]), []).append(call)
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
    if not calls and arity > _most_arguments(name):
        return _open_ended_rule(name)
    return _fit(calls, _plain_calls(name))


def _kinds_taken(name: str, types: Sequence[DataType]) -> bool:
    """Whether a rule of calls of more than three arguments, of which the record holds few
    (each column alone, a few first), may type these: where each argument's family stood in a
    call Flink took of as many (beyond the most recorded, of the most), at its place, or
    anywhere beyond (``GREATEST`` of four arrays of other elements is not typed by the rule of
    four arrays of one: views difftest seed 45)."""
    count = len(types)
    if count <= 3:
        return True
    most = _most_arguments(name)
    taken = [c for c in _calls_of(name, min(count, most)) if c.result is not None]
    if count > most:
        kinds = {_place(a) for c in taken for a, _ in c.arguments}
        return all(_place(t) in kinds for t in types)
    return all(
        any(_place(c.arguments[i][0]) == _place(t) for c in taken) for i, t in enumerate(types)
    )


@cache
def _most_arguments(name: str) -> int:
    return max((len(c.arguments) for c in _plain_calls(name)), default=0)


@cache
def _open_ended_rule(name: str) -> Rule | None:
    """The rule of a call of more arguments than any recorded one (the record tries up to
    five): that of the most arguments recorded, where it also types every call of one
    argument fewer as Flink did, so that the count does not matter (CONCAT of six strings
    as of five and four); else none."""
    most = _most_arguments(name)
    if most < 5:
        return None
    rule = _arity_rule(name, most)
    fewer = [c for c in _plain_calls(name) if len(c.arguments) == most - 1 and c.result]
    if rule is None or not fewer or not all(_follows(rule, c) for c in fewer):
        return None
    return rule


def _arity_refusal(name: str, types: Sequence[DataType]) -> str | None:
    """Flink's refusal of a call of as many arguments as ``types`` the record does not hold:
    where it refused every recorded call of that many (beyond the most recorded, of the most)
    with one "Invalid number of arguments" message (``ROUND(d, 1, 2)``); and, beyond the most
    recorded, where an argument's family stands only in refused calls of the most, with their
    operand forms (``CONCAT(s, s, s, s, s, i)``)."""
    most, count = _most_arguments(name), len(types)
    beyond = count > most >= 5
    calls = _calls_of(name, min(count, most))
    wrong_count, no_match = _refused_by_count(name, min(count, most))
    if wrong_count is not None:
        return wrong_count  # of as many, or of fewer (TRUNCATE's three)
    if no_match is not None:  # a function of fixed signatures (ARRAY_SLICE)
        symbol, supported = no_match
        return f"No match found for function signature {symbol}({_families(types)}).{supported}"
    for t in types if beyond else ():
        there = [c for c in calls if any(_place(a) == _place(t) for a, _ in c.arguments)]
        if there and all(c.result is None for c in there) and _cannot_apply(there, types):
            return _cannot_apply(there, types)
    return None


_WRONG_COUNT = "Invalid number of arguments"


_NO_MATCH = re.compile(r"No match found for function signature ([^(]+)\((.*?)\)\.(.*)", re.DOTALL)


@cache
def _calls_of(name: str, arity: int) -> tuple[Call, ...]:
    return tuple(c for c in _plain_calls(name) if len(c.arguments) == arity)


@cache
def _refused_by_count(name: str, arity: int) -> tuple[str | None, tuple[str, str] | None]:
    """How Flink refused every recorded call of ``name`` of ``arity`` arguments, where one
    way: by their count (its message), or by a fixed signature ("No match found for function
    signature", written for each call's own arguments' families: its symbol and the list of
    the signatures it supports)."""
    calls = _calls_of(name, arity)
    messages = {c.error for c in calls}
    if len(messages) == 1 and str(next(iter(messages))).startswith(_WRONG_COUNT):
        return str(messages.pop()), None
    written = set()
    for call in calls:
        match = _NO_MATCH.fullmatch(str(call.error))
        if match is None or match.group(2) != _families([a for a, _ in call.arguments]):
            return None, None
        written.add((match.group(1), match.group(3)))
    return None, (written.pop() if len(written) == 1 else None)


def _families(types: Sequence[DataType]) -> str:
    return ", ".join(operand_family(t) for t in types)


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


# Functions whose refusals of a time attribute views/coalesce.py words itself: the record's
# call over the plain types names the merged type without the attribute Flink keeps in it
# (``COALESCE(1, rowtime)``: ``Data type TIMESTAMP(3) NOT NULL *ROWTIME* expected``).
_ATTRIBUTES_MERGED = frozenset(["COALESCE", "IFNULL"])


# Functions whose arguments after the first N take any type (Flink's ``PRINTF(format, obj
# ...)``: the record holds no refusal of a call over a string format, of up to five arguments,
# whatever follows it). A call the record does not hold is typed, or refused, as the call of
# its first N.
_ANY_TAIL = {"PRINTF": 1}


def _recorded(
    name: str, arguments: Sequence[Argument], keep_attributes: bool = False
) -> Call | None:
    """The recorded call over these arguments: over the same types and literals, else over
    the same types, else (unless ``keep_attributes``) over the same types without their time
    attributes."""
    exact = _exact(name)
    plain = tuple((without_time_attribute(t), literal) for t, literal in arguments)
    for key in (tuple(arguments),) if keep_attributes else (tuple(arguments), plain):
        call = exact.get(key) or exact.get(tuple((t, False) for t, _ in key))
        if call is not None:
            return call
    return None


def refusal(name: str, arguments: Sequence[Argument]) -> str | None:
    """Flink's message refusing a call of built-in ``name`` over exactly these argument types,
    if it refused it, wherever the call stands."""
    if _rowtime_rule(name, arguments) is not None:
        return None
    call = _recorded(name, arguments, keep_attributes=name in _ATTRIBUTES_MERGED)
    if call is None or call.error is None or call.error.startswith(_CONTEXTUAL):
        return None
    return call.error


def forms_refusal(name: str, arguments: Sequence[Argument]) -> str | None:
    """Flink's refusal of a call of built-in ``name`` the record does not hold, by the count
    of its arguments (:func:`_arity_refusal`), or where they fit none of the forms the
    function's recorded refusals list and its recorded answers bear those forms out
    (:func:`operand_forms.refusal`): ``ROUND(d, 1, 2)``, ``LPAD('x', 5, TRUE)``."""
    if _rowtime_rule(name, arguments) is not None or _recorded(name, arguments) is not None:
        return None
    types = [without_time_attribute(t) for t, _ in arguments]
    forms = _forms(name)
    return _arity_refusal(name, types) or (forms.refusal(types) if forms else None)


def check_call(name: str, arguments: Sequence[Argument]) -> None:
    """Refuse a call of built-in ``name`` over ``arguments`` that Flink refuses, where the
    call's type is derived elsewhere (JSON_VALUE with its clauses, FLOOR, TRIM): with Flink's
    message where it refused this very call, else where it refused every recorded call over
    these types' roots for fitting none of its forms (``JSON_EXISTS`` of a ``BINARY(2)`` and an
    INT, as of a ``BINARY(4)``: views difftest seed 20261207)."""
    message = refusal(name, arguments)
    if message is None and _recorded(name, arguments) is None:
        message = _refused_by_forms(name, [t for t, _ in arguments])
    message = message or forms_refusal(name, arguments)
    if message is not None:
        raise ValidationError(message)


def _rowtime_rule(name: str, arguments: Sequence[Argument]) -> DataType | None:
    """The type a rule gives a call of a rowtime attribute the record has no call over."""
    rule = ROWTIME_RULES.get(name)
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
    head = _ANY_TAIL.get(name)
    if head is not None and len(arguments) > head:  # typed, or refused, by its first ones
        return call_type(name, arguments[:head])
    types = [without_time_attribute(t) for t, _ in arguments]
    rules = _rules(name)
    roots = type_roots(types)
    by_forms = forms_refusal(name, arguments)
    if by_forms is not None:
        raise ValidationError(by_forms)
    precision = PRECISION_RULES.get(name)
    if precision is not None:
        result = precision(types)
        if result is not None:
            return result
    # the rule of calls over the same type roots; over roots not recorded, the rule every
    # recorded call of as many arguments follows, if there is one
    refused = None if roots in rules else _refused_in_place(name, types)
    if refused:
        raise ValidationError(refused)
    if roots in rules:
        rule = rules[roots]
    elif _members_decide(name, types) or refused is not None or not _kinds_taken(name, types):
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


def _refused_by_forms(name: str, types: Sequence[DataType]) -> str | None:
    """Calcite's refusal of a call over ``types`` where it refused every recorded call over
    the same type roots because none fits one list of forms: that message, written for these
    types (``JSON_EXISTS(<BINARY(2)>, <INTEGER>)`` where it refused a ``BINARY(4)``). Only
    where each recorded refusal is that message written for its own call's types (not TRIM's,
    which Calcite writes with its flag and characters)."""
    calls = _by_roots(name).get(type_roots(types), [])
    if not calls or any(c.result is not None for c in calls):
        return None
    return _cannot_apply(calls, types)
