"""The operand type checks of Calcite's and Flink's built-in operators and functions.

Each function family has its operand forms, named by Calcite's type families (``<NUMERIC>``,
``<CHARACTER>``, ``<COMPARABLE_TYPE>`` ...), and the two messages Calcite gives when a call
fits none: the wrong number of arguments, or arguments of the wrong families. The forms and
message texts are Flink 2.3's recorded answers (tests/goldens/views_checks_*.json).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlglot import exp

from ..calcite_names import message_type
from ..errors import ILLEGAL_NULL, ValidationError
from ..operand_forms import FAMILIES
from ..precedence import strip
from ..sql_writer import is_map_constructor, unparse
from ..types import CHAR, DATETIME_TYPES, DataType, atomic
from .calls import quantified_test
from .casts import check_cast, check_folded_in_casts
from .common_type import array_element, least_restrictive_of, looked_ahead_type
from .inference import infer_operand, refuse_wider

_NUMERIC = FAMILIES["NUMERIC"]
_CHARACTER = FAMILIES["CHARACTER"]
_BINARY = FAMILIES["BINARY"]


def in_family(data_type: DataType, family: str) -> bool:
    return data_type.name == "NULL" or data_type.name in FAMILIES[family]


Form = tuple[str, ...]

# Functions called as NAME(args): their operand forms. A function with one number of
# arguments has its arity checked first ("Invalid number of arguments").
FUNCTION_FORMS: dict[str, tuple[Form, ...]] = {
    "ABS": (("NUMERIC",), ("DATETIME_INTERVAL",)),
    "UPPER": (("CHARACTER",),),
    "LOWER": (("CHARACTER",),),
    "INITCAP": (("CHARACTER",),),
    "CHAR_LENGTH": (("CHARACTER",),),
    "CHARACTER_LENGTH": (("CHARACTER",),),
    "SUM": (("NUMERIC",),),
    "SUM0": (("NUMERIC",),),
    "AVG": (("NUMERIC",),),
    "STDDEV": (("NUMERIC",),),
    "STDDEV_POP": (("NUMERIC",),),
    "STDDEV_SAMP": (("NUMERIC",),),
    "VARIANCE": (("NUMERIC",),),
    "VAR_POP": (("NUMERIC",),),
    "VAR_SAMP": (("NUMERIC",),),
    "SQRT": (("NUMERIC",),),
    "LN": (("NUMERIC",),),
    "LOG10": (("NUMERIC",),),
    "EXP": (("NUMERIC",),),
    "SIN": (("NUMERIC",),),
    "COS": (("NUMERIC",),),
    "TAN": (("NUMERIC",),),
    "POWER": (("NUMERIC", "NUMERIC"),),
    "MOD": (("EXACT_NUMERIC", "EXACT_NUMERIC"),),
    "SUBSTRING": (("CHARACTER", "INTEGER"), ("CHARACTER", "INTEGER", "INTEGER")),
}


def check_function(name: str, args: Sequence[DataType]) -> None:
    """Refuse a call of the built-in function ``name`` whose arguments fit none of its forms."""
    forms = FUNCTION_FORMS.get(name)
    if forms is None:
        return
    arities = {len(f) for f in forms}
    if len(args) not in arities:
        if len(arities) == 1:
            raise ValidationError(
                f"Invalid number of arguments to function '{name}'. "
                f"Was expecting {len(forms[0])} arguments"
            )
        return
    if any(
        len(f) == len(args) and all(in_family(a, fam) for a, fam in zip(args, f, strict=True))
        for f in forms
    ):
        return
    written = ", ".join(f"<{message_type(a)}>" for a in args)
    supported = "\n".join(f"'{name}({', '.join(f'<{x}>' for x in f)})'" for f in forms)
    raise ValidationError(
        f"Cannot apply '{name}' to arguments of type '{name}({written})'. "
        f"Supported form(s): {supported}"
    )


def check_forms(
    symbol: str,
    args: Sequence[DataType],
    fits: Callable[[Sequence[DataType]], bool],
    written: Callable[[Sequence[str]], str],
    supported: Sequence[str],
) -> None:
    """Refuse an operator call whose operands ``fits`` refuses, with Calcite's message: the
    operands written by ``written``, then the ``supported`` forms."""
    if fits(args):
        return
    operands = written([f"<{message_type(a).upper()}>" for a in args])  # as Calcite: capitals
    forms = "\n".join(f"'{form}'" for form in supported)
    raise ValidationError(
        f"Cannot apply '{symbol}' to arguments of type '{operands}'. Supported form(s): {forms}"
    )


# -- comparisons ---------------------------------------------------------------------------------

_COMPARABLE_CLASS = {
    **dict.fromkeys(_NUMERIC, "NUMERIC"),
    **dict.fromkeys(_CHARACTER, "CHARACTER"),
    **dict.fromkeys(_BINARY, "BINARY"),
    "BOOLEAN": "BOOLEAN",
    "DATE": "DATE",
    "TIME": "TIME",
    "TIMESTAMP": "TIMESTAMP",
    "TIMESTAMP_LTZ": "TIMESTAMP",
    "INTERVAL_YEAR_MONTH": "INTERVAL_YEAR_MONTH",
    "INTERVAL_DAY_TIME": "INTERVAL_DAY_TIME",
}


_COERCED_FROM_CHARACTER = {
    "NUMERIC",
    "BOOLEAN",
    "DATE",
    "TIME",
    "TIMESTAMP",
    "INTERVAL_YEAR_MONTH",
    "INTERVAL_DAY_TIME",
}


def comparable(args: Sequence[DataType]) -> bool:
    """Whether Calcite compares these operands: of one comparable class, or a character string
    beside a number, a date-time or an interval (Flink coerces the string); rows of as many
    fields whose fields compare, position by position (``SqlTypeUtil.isComparable``)."""
    if any(a.is_row for a in args):
        return _fieldwise(args, comparable)
    classes = set()
    for a in args:
        if a.name == "NULL":
            continue
        classes.add(_COMPARABLE_CLASS.get(a.name, a.name))
    if len(classes) <= 1:
        return True
    if "CHARACTER" in classes:
        return classes - {"CHARACTER"} <= _COERCED_FROM_CHARACTER and len(classes) == 2
    return False


def _consecutively_comparable(args: Sequence[DataType]) -> bool:
    """Calcite's BETWEEN check: each operand comparable with the one before it (``qty BETWEEN
    'a' AND TRUE`` passes, as INT and CHAR compare and CHAR and BOOLEAN do)."""
    return all(comparable(pair) for pair in zip(args, args[1:], strict=False))


def _numeric_or_interval(args: Sequence[DataType]) -> bool:
    return in_family(args[0], "NUMERIC") or in_family(args[0], "DATETIME_INTERVAL")


def all_in(family: str) -> Callable[[Sequence[DataType]], bool]:
    return lambda args: all(in_family(a, family) for a in args)


def one_class(types: Sequence[DataType]) -> bool:
    """Whether values share one comparable class (Calcite's common type of a list); rows of
    as many fields whose fields do, position by position."""
    if any(t.is_row for t in types):
        return _fieldwise(types, one_class)
    return len({_COMPARABLE_CLASS.get(t.name, t.name) for t in types} - {"NULL"}) <= 1


def _fieldwise(types: Sequence[DataType], rule: Callable[[Sequence[DataType]], bool]) -> bool:
    """``rule`` of rows (NULL literals aside): all rows, of as many fields, whose fields at
    each position meet it (golden ``views_row_comparisons``)."""
    known = [t for t in types if t.name != "NULL"]
    if not all(t.is_row for t in known) or len({len(t.children) for t in known}) > 1:
        return False
    return all(rule([t.children[i] for t in known]) for i in range(len(known[0].children)))


def refuse_wider_row(
    symbol: str,
    operands: Sequence[exp.Expression],
    type_of: Callable[[exp.Expression], DataType],
) -> None:
    """Refuse a row constructor compared with a row of fewer fields, at any depth
    (``ROW(1) = ROW(1, 2)``, ``ROW(ROW(1), 2) = ROW(ROW(1, 2), 2)``, ``r = (1, 2, 3, 4)`` of a
    column ``r`` of three fields). Calcite gives every operand the type of the first one it
    knows (not a bare NULL) and reads that row's field for each item of a ROW(...) of more
    items, which fails with an index out of bounds (its text varies with the JVM's state),
    before any check of the fields' types; the dashboard says what is wrong. A row column of
    more fields, or a first row of more fields, is only not comparable (:func:`comparable`)."""
    known = next((o for o in operands if not isinstance(strip(o), exp.Null)), None)
    if known is None:
        return
    first = type_of(known)
    wider = refuse_wider(f"Cannot apply '{symbol}' to", "the row it is compared with", "Compare")
    for operand in operands:
        infer_operand(first, operand, wider)


def _check_component(
    items: list[exp.Expression], type_of: Callable[[exp.Expression], DataType]
) -> None:
    """Calcite's check of an ARRAY's elements, or a MAP's keys or values (``items``): they
    need a least restrictive type, which NULLs alone have not (Flink's type factory keeps NULL
    for untyped literals: ``ARRAY[NULL]``); of several classes, or collections (whose members
    decide: ``ARRAY[ARRAY[1], ARRAY['a']]`` is refused), each must cast to it, but a NULL
    literal, whatever type it was inferred (``MAP[0.5, NULL, -0.06, CURRENT_DATE]``: its NULL,
    of the first key's DECIMAL, is cast to DATE; seed 36). Rows of one class still need that
    type: after a leading NULL, Calcite walks them by casts, and rows whose untyped NULL fields
    cross (``ARRAY[NULL, ROW(1, NULL), ROW(NULL, 'a')]``) cast neither way (seed 46)."""
    types = [type_of(i) for i in items]
    if all(t.name == "NULL" for t in types):
        raise ValidationError("Parameters must be of the same type")
    if one_class(types) and not any(t.is_collection for t in types):
        if any(t.is_row for t in types) and least_restrictive_of(types) is None:
            raise ValidationError("Parameters must be of the same type")
        return
    element = array_element(types)  # of several classes: Calcite's least restrictive type
    if element is None:
        raise ValidationError("Parameters must be of the same type")
    for item, data_type in zip(items, types, strict=True):
        if not isinstance(strip(item), exp.Null):
            check_cast(data_type, element)


def _one_string_kind(args: Sequence[DataType]) -> bool:
    known = [a for a in args if a.name != "NULL"]
    return all(a.name in _CHARACTER for a in known) or all(a.name in _BINARY for a in known)


def _binary(symbol: str) -> Callable[[Sequence[str]], str]:
    return lambda o: f"{o[0]} {symbol} {o[1]}"


def _concatenable(args: Sequence[DataType]) -> bool:
    """``||`` of strings, of binaries, or of collections of one kind (``ARRAY || ARRAY``);
    never of numbers, booleans, date-times, intervals or rows (golden views_operator_pairs)."""
    known = [a for a in args if a.name != "NULL"]
    if all(a.name in _CHARACTER for a in known) or all(a.name in _BINARY for a in known):
        return True
    scalar = any(a.is_numeric or a.is_interval or a.is_row for a in known) or any(
        a.name in ("BOOLEAN", *DATETIME_TYPES) for a in known
    )
    return len({a.name for a in known}) <= 1 and not scalar


_COMPARISON_SYMBOLS = {
    exp.EQ: "=",
    exp.NEQ: "<>",
    exp.GT: ">",
    exp.GTE: ">=",
    exp.LT: "<",
    exp.LTE: "<=",
    exp.NullSafeNEQ: "IS DISTINCT FROM",
    exp.NullSafeEQ: "IS NOT DISTINCT FROM",
}


def _negated_by_infix_not(node: exp.Expression) -> bool:
    """``x NOT BETWEEN ...``, not ``NOT x BETWEEN ...`` (the prefix NOT of a BETWEEN)."""
    return isinstance(node.parent, exp.Not) and not node.parent.meta.get("prefix")


def check_comparison(
    symbol: str,
    operands: Sequence[exp.Expression],
    type_of: Callable[[exp.Expression], DataType],
) -> None:
    """Refuse a comparison (``=``, ``<>``, ``<`` ..., NULLIF's) of its two ``operands`` where
    a row is wider than the first (:func:`refuse_wider_row`) or they are not comparable."""
    refuse_wider_row(symbol, operands, type_of)
    comparable_form = f"<COMPARABLE_TYPE> {symbol} <COMPARABLE_TYPE>"
    types = [type_of(o) for o in operands]
    check_forms(symbol, types, comparable, _binary(symbol), [comparable_form])


def refuse_literal_as_interval(
    operands: Sequence[exp.Expression], type_of: Callable[[exp.Expression], DataType]
) -> None:
    """Refuse a character literal ordered against an interval that comes first (``iv < '1'``,
    ``iv IN (s, '1')``, ``iv BETWEEN '1' AND iv``; ``iv <> '1'`` passes): the validator takes
    it (the string is cast to the interval) and Flink's planner, folding that cast of a
    constant, has none (``Unsupported cast from 'CHAR(1) NOT NULL' to 'INTERVAL SECOND(3) NOT
    NULL'.``); a string column passes, and so does a literal first (``'1' < iv``) (golden
    ``views_operator_pairs``)."""
    interval = type_of(operands[0])
    if not interval.is_interval:
        return
    for operand in operands[1:]:
        data_type = type_of(operand)
        while isinstance(operand, exp.Paren):
            operand = operand.this
        if data_type.is_string and isinstance(operand, exp.Literal) and operand.is_string:
            raise ValidationError(
                f"Unsupported cast from '{data_type.summary()}' to '{interval.summary()}'."
            )


def _refuse_null_literal(types: Sequence[DataType]) -> None:
    """A NULL literal as an operand of TRIM, POSITION or OVERLAY, which Calcite refuses."""
    if any(t.name == "NULL" for t in types):
        raise ValidationError(ILLEGAL_NULL)


_TRIM_FORM = "TRIM([BOTH|LEADING|TRAILING] <ANY> FROM <STRING>)"


def check_trim(node: exp.Trim, type_of: Callable[[exp.Expression], DataType]) -> None:
    """Calcite's TRIM checks, in its order: no NULL literal among the characters and the
    string; both of the STRING family and comparable with each other, else ``Cannot apply``
    naming the characters' type (Calcite's message shows that operand alone); then both
    character strings, else ``Operands ... not comparable to each other`` (two binaries)."""
    chars = node.expression
    default = atomic(CHAR, 1, nullable=False)  # ' '
    parts = [type_of(chars) if chars is not None else default, type_of(node.this)]
    _refuse_null_literal(parts)
    check_forms(
        "TRIM",
        parts,
        lambda a: all(in_family(t, "STRING") for t in a) and comparable(a),
        lambda o: f"TRIM([BOTH|LEADING|TRAILING] <SYMBOL> FROM {o[0]})",  # the characters' only
        [_TRIM_FORM],
    )
    if not all(t.name in _CHARACTER for t in parts):
        written = ", ".join(_as_shown(o) if o is not None else "' '" for o in (chars, node.this))
        raise ValidationError(f"Operands {written} not comparable to each other")


def _as_shown(node: exp.Expression) -> str:
    """An operand as Calcite's messages show it (SqlNode.toString): names unquoted, a column
    qualified as the validator expanded it (``t.bn``)."""
    text = node.meta.get("flink_text") if isinstance(node, exp.Column) else None
    return (text or unparse(node)).replace("`", "")


_POSITION_FORMS = (
    "'POSITION(<STRING> IN <STRING>)'\n'POSITION(<STRING> IN <STRING> FROM <INTEGER>)'\n"
    "INSTR(<STRING>, <STRING>, <INTEGER>, <INTEGER>)"
)


def check_position(node: exp.StrPosition, type_of: Callable[[exp.Expression], DataType]) -> None:
    """Calcite's POSITION checks, in Flink's order: no NULL literal; a needle and haystack
    that compare (``Parameters must be of the same type``: a string in a binary, an array in
    a string); both strings of one kind and an integer start, else ``Cannot apply``."""
    parts = [node.args["substr"], node.this, node.args.get("position")]
    types = [type_of(p) for p in parts if p is not None]
    _refuse_null_literal(types)
    if not comparable(types[:2]):
        raise ValidationError("Parameters must be of the same type")
    start = types[2:]
    if all(in_family(t, "STRING") for t in types[:2]) and all(
        in_family(t, "INTEGER") for t in start
    ):
        return
    written = [f"<{message_type(t).upper()}>" for t in types]
    form = f"POSITION({written[0]} IN {written[1]}" + "".join(f" FROM {w}" for w in written[2:])
    raise ValidationError(
        f"Cannot apply 'POSITION' to arguments of type '{form})'. "
        f"Supported form(s): {_POSITION_FORMS}"
    )


_OVERLAY_FORMS = (
    "OVERLAY(<STRING> PLACING <STRING> FROM <INTEGER>)",
    "OVERLAY(<STRING> PLACING <STRING> FROM <INTEGER> FOR <INTEGER>)",
)


def check_overlay(node: exp.Overlay, type_of: Callable[[exp.Expression], DataType]) -> None:
    """Calcite's OVERLAY checks: no NULL literal; two strings, then integers, else ``Cannot
    apply``; a binary placed in a character string is not comparable with it (a character
    string placed in a binary one is taken, as its bytes)."""
    parts = [node.this, node.expression, node.args.get("from_"), node.args.get("for_")]
    types = [type_of(p) for p in parts if p is not None]
    _refuse_null_literal(types)
    check_forms(
        "OVERLAY",
        types,
        lambda a: (
            all(in_family(t, "STRING") for t in a[:2])
            and all(in_family(t, "INTEGER") for t in a[2:])
        ),
        lambda o: f"OVERLAY({o[0]} PLACING {o[1]} FROM {' FOR '.join(o[2:])})",
        _OVERLAY_FORMS,
    )
    if types[0].name in _CHARACTER and types[1].name in _BINARY:
        raise ValidationError(f"{_full_type(types[0])} is not comparable to {_full_type(types[1])}")


def _full_type(data_type: DataType) -> str:
    """A type as Calcite's full type string shows it: a character string with its character
    set, NOT NULL where it is."""
    text = message_type(data_type)
    if data_type.name in _CHARACTER:
        text += ' CHARACTER SET "UTF-16LE"'
    return text if data_type.nullable else f"{text} NOT NULL"


def check_operator(node: exp.Expression, type_of: Callable[[exp.Expression], DataType]) -> None:
    """Refuse an operator call (comparison, BETWEEN, LIKE, AND, OR, NOT, unary minus, ||)
    whose operands fit none of its forms."""
    negated = _negated_by_infix_not(node) or bool(node.args.get("negate"))
    symbol = _COMPARISON_SYMBOLS.get(type(node))
    if symbol is not None:
        right = node.expression
        while isinstance(right, exp.Paren):
            right = right.this
        if isinstance(right, exp.Any | exp.All) or quantified_test(right) is not None:
            return
        check_comparison(symbol, [node.this, node.expression], type_of)
        if symbol in ("<", "<=", ">", ">="):  # = and <> of the two pass
            refuse_literal_as_interval([node.this, node.expression], type_of)
    elif isinstance(node, exp.In) and node.args.get("query") is None and node.expressions:
        if isinstance(node.expressions[0], exp.Select | exp.Subquery):
            return
        values = [type_of(e) for e in node.expressions]
        left = type_of(node.this)
        # Calcite's least restrictive type may end at once on a date-time, looking one type
        # ahead ((i, dt) is DATE): the list then has that type, whatever else it holds. A NULL
        # item has the left operand's type by then (Calcite infers it).
        ahead = looked_ahead_type([left if v.name == "NULL" else v for v in values])
        if ahead is None and not one_class(values):
            raise ValidationError("Values in expression list must have compatible types")
        if not comparable([left, *([ahead] if ahead else values)]):
            raise ValidationError("Values passed to IN operator must have compatible types")
        if ahead is not None:
            check_folded_in_casts(node, left, values)
        refuse_literal_as_interval([node.this, *node.expressions], type_of)
    elif isinstance(node, exp.Initcap):
        delimiters = node.args.get("expression")
        # sqlglot fills in a default delimiter set nobody wrote (it has no position in the text)
        written = [node.this] if node.this is not None else []
        if delimiters is not None and not (
            isinstance(delimiters, exp.Literal) and "start" not in delimiters.meta
        ):
            written.append(delimiters)
        check_function("INITCAP", [type_of(p) for p in written])
    elif isinstance(node, exp.Trim):
        check_trim(node, type_of)
    elif isinstance(node, exp.StrPosition):
        check_position(node, type_of)
    elif isinstance(node, exp.Overlay):
        check_overlay(node, type_of)
    elif isinstance(node, exp.Substring):
        parts = [node.this, node.args.get("start"), node.args.get("length")]
        check_function("SUBSTRING", [type_of(p) for p in parts if p is not None])
    elif isinstance(node, exp.Array):
        if not node.expressions:
            raise ValidationError("Require at least 1 argument")
        _check_component(list(node.expressions), type_of)
    elif isinstance(node, exp.Bracket) and is_map_constructor(node):
        for items in (node.expressions[0::2], node.expressions[1::2]):
            _check_component(items, type_of)
    elif isinstance(node, exp.Between):
        operands = [node.this, node.args["low"], node.args["high"]]
        refuse_wider_row("NOT BETWEEN" if negated else "BETWEEN", operands, type_of)
        args = [type_of(node.this), type_of(node.args["low"]), type_of(node.args["high"])]
        word = "NOT BETWEEN" if negated else "BETWEEN"
        check_forms(
            f"{word} ASYMMETRIC",
            args,
            _consecutively_comparable,
            lambda o: f"{o[0]} {word} ASYMMETRIC {o[1]} AND {o[2]}",
            [f"<COMPARABLE_TYPE> {word} <COMPARABLE_TYPE> AND <COMPARABLE_TYPE>"],
        )
        refuse_literal_as_interval([node.this, node.args["low"], node.args["high"]], type_of)
    elif isinstance(node, exp.Like | exp.SimilarTo | exp.Escape):
        like = node.this if isinstance(node, exp.Escape) else node
        if not isinstance(like, exp.Like | exp.SimilarTo) or isinstance(node.parent, exp.Escape):
            return  # LIKE ... ESCAPE is checked once, at the ESCAPE
        operands = [like.this, like.expression]
        if isinstance(node, exp.Escape):
            operands.append(node.expression)
        negated = like.args.get("negate") or _negated_by_infix_not(node)
        word = "LIKE" if isinstance(like, exp.Like) else "SIMILAR TO"
        word = f"NOT {word}" if negated else word
        # a NULL operand takes the first operand's type (FIRST_KNOWN), and the checker refuses
        # it still: ``s LIKE NULL`` is ``LIKE(<VARCHAR(2147483647)>, <VARCHAR(2147483647)>)``
        nulls = [isinstance(strip(o), exp.Null) for o in operands]
        first = type_of(operands[0])
        types = [
            first if null and i else type_of(o)
            for i, (o, null) in enumerate(zip(operands, nulls, strict=True))
        ]
        check_forms(
            word,
            types,
            lambda args: not any(nulls) and _one_string_kind(args),
            lambda o: f"{word}({', '.join(o)})",
            [f"{word}(<STRING>, <STRING>, <STRING>)"],
        )
    elif isinstance(node, exp.And | exp.Or):
        word = "AND" if isinstance(node, exp.And) else "OR"
        args = [type_of(node.this), type_of(node.expression)]
        check_forms(word, args, all_in("BOOLEAN"), _binary(word), [f"<BOOLEAN> {word} <BOOLEAN>"])
    elif isinstance(node, exp.Not):
        args = [type_of(node.this)]
        check_forms("NOT", args, all_in("BOOLEAN"), lambda o: f"NOT{o[0]}", ["NOT<BOOLEAN>"])
    elif isinstance(node, exp.Neg):
        args = [type_of(node.this)]
        check_forms(
            "-",
            args,
            _numeric_or_interval,
            lambda o: f"-{o[0]}",
            ["-<NUMERIC>", "-<DATETIME_INTERVAL>"],
        )
    elif isinstance(node, exp.Floor | exp.Ceil):
        if node.args.get("decimals") is not None:
            return
        name = "FLOOR" if isinstance(node, exp.Floor) else "CEIL"
        forms = [
            f"{name}(<NUMERIC>)",
            f"{name}(<DATETIME_INTERVAL>)",
            *(f"{name}(<{kind}> TO <TIME_UNIT>)" for kind in ("DATE", "TIME", "TIMESTAMP")),
        ]
        unit = node.args.get("to")
        if unit is None:
            # without TO a unit, a date-time has no FLOOR/CEIL (FLOOR(CURRENT_TIMESTAMP))
            check_forms(
                name, [type_of(node.this)], _numeric_or_interval, lambda o: f"{name}({o[0]})", forms
            )
        else:
            # TO a unit, only a date-time (FLOOR(qty TO HOUR): views_difftest_seed26)
            interval = f"<INTERVAL {unit.name.upper()}>"
            check_forms(
                name,
                [type_of(node.this)],
                lambda a: in_family(a[0], "DATETIME"),
                lambda o: f"{name}({o[0]}, {interval})",
                forms,
            )
    elif isinstance(node, exp.DPipe):
        args = [type_of(node.this), type_of(node.expression)]
        check_forms(
            "||",
            args,
            _concatenable,
            _binary("||"),
            ["<STRING> || <STRING>", "<EQUIVALENT_TYPE> || <EQUIVALENT_TYPE>"],
        )
