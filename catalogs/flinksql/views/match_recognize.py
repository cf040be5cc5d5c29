"""A MATCH_RECOGNIZE FROM item, validated and written back as Calcite does for Flink
(SqlValidatorImpl.validateMatchRecognize and SqlMatchRecognize.unparse). A mixin of the
validator, on its expression machinery.

- PARTITION BY and ORDER BY read the input: an unqualified column is written ``*`.`col``.
- MEASURES and DEFINE read the input through the pattern variables (``A`.`price``); their
  navigation calls get Calcite's default offsets (FIRST/LAST 0, PREV/NEXT 1), a measure its
  FINAL (ONE ROW PER MATCH) or RUNNING (ALL ROWS PER MATCH), and in DEFINE of variable ``A``
  a column of ``A`` is read as ``PREV(col, 0)``, any other as ``LAST(col, 0)``.
- The columns: the partition keys, then the measures (ALL ROWS PER MATCH: the partition keys,
  the ORDER BY columns, every other input column, then the measures).

Flink checks the ORDER BY (a time attribute first, ascending) only when it plans the query,
not when it creates the view: so does this module. What CREATE VIEW refuses
(golden views_match_recognize_more): a PARTITION BY or ORDER BY item that is not a column, or
that says NULLS FIRST/LAST, and a subquery in DEFINE, where Flink fails with an internal error
(a ClassCastException, an AssertionError, "no SELECT scope for ..."; the dashboard says what is
not supported instead, listed in deviations.json); a subquery in PARTITION BY or MEASURES; an
alias with a column list (``AS m (a, b)``), which Calcite refuses as a duplicate relation name;
a SUBSET variable in DEFINE.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp
from sqlglot.tokens import Token, TokenType

from ..calcite_names import calcite_type_name
from ..catalog import quote_identifier
from ..dialect import DIALECT
from ..errors import SqlParseError, ValidationError, illegal_query
from ..match_recognize_syntax import FRAMES, MatchRecognizeItem
from ..sql_writer import is_map_constructor
from ..types import DataType
from .calls import NILADIC, UNIT_FUNCTIONS, QueryExpr, is_aggregate
from .reserved import text_position
from .scopes import Field, Namespace, Scope

_LOGICAL = ("FIRST", "LAST")
_PHYSICAL = ("PREV", "NEXT")
# Functions of MATCH_RECOGNIZE with no operand, and their types (DESCRIBE in the golden
# views_match_recognize: MATCH_ROWTIME() is TIMESTAMP(3) over a TIMESTAMP_LTZ rowtime too).
_MATCH_FUNCTIONS = {
    "CLASSIFIER": DataType("VARCHAR", (2000,), nullable=False),
    "MATCH_ROWTIME": DataType("TIMESTAMP", (3,), nullable=False).with_time_attribute("ROWTIME"),
    "MATCH_PROCTIME": DataType("TIMESTAMP_LTZ", (3,), nullable=False).with_time_attribute(
        "PROCTIME"
    ),
}
# names read as a literal or a niladic function where they stand unqualified
_WORDS = frozenset([*NILADIC, "UNKNOWN"])
MATCH_ONLY_FUNCTIONS = frozenset([*_LOGICAL, *_PHYSICAL, *_MATCH_FUNCTIONS])


def match_only_message(call: exp.Anonymous, write: Callable[[exp.Expression], str]) -> str:
    """Flink's refusal of a function of MATCH_RECOGNIZE elsewhere (its operands written by
    ``write``, a navigation call's offset too)."""
    name = call.name.upper()
    operands = [write(a) for a in call.expressions]
    if name in (*_LOGICAL, *_PHYSICAL) and len(operands) == 1:
        operands.append("0" if name in _LOGICAL else "1")
    return f"Function '{name}({', '.join(operands)})' can only be used in MATCH_RECOGNIZE"


def check_navigation_offsets(text: str, base: tuple[int, int]) -> None:
    """Calcite's grammar takes a number as the offset of FIRST, LAST, PREV and NEXT:
    ``PREV(x, 1 + 1)`` fails at ``+`` (a text Flink itself stores: PREV(PREV(x)) is written
    with that offset, and does not read back), ``FIRST(x, y)`` at ``y``. ``base``: where the
    text starts in its statement."""
    if "match_recognize" not in text.lower():
        return
    tokens = DIALECT.tokenize(text)
    wrong = [
        _wrong_offset(tokens, index + 1)
        for index, token in enumerate(tokens[:-1])
        if token.text.upper() in (*_LOGICAL, *_PHYSICAL)
        and tokens[index + 1].token_type == TokenType.L_PAREN
    ]
    first = min((w for w in wrong if w is not None), key=lambda w: w.start, default=None)
    if first is not None:  # the parser stops at the first, in the text's order
        shown = f"\\'{first.text}\\'" if first.token_type == TokenType.STRING else first.text
        line, column = text_position(text, first.start, base)
        raise SqlParseError(f'Encountered "{shown}"', line, column)


def _wrong_offset(tokens: list[Token], opening: int) -> Token | None:
    """The token where the call opened at ``opening`` stops being ``f(x[, [-]n])``."""
    depth = 0
    for index in range(opening, len(tokens)):
        kind = tokens[index].token_type
        if kind == TokenType.L_PAREN:
            depth += 1
        elif kind == TokenType.R_PAREN:
            depth -= 1
            if depth == 0:
                return None
        elif kind == TokenType.COMMA and depth == 1:
            rest = tokens[index + 1 : index + 4]
            if rest and rest[0].token_type in (TokenType.DASH, TokenType.PLUS):
                rest = rest[1:]
            if not rest or rest[0].token_type != TokenType.NUMBER:
                return rest[0] if rest else None
            if len(rest) > 1 and rest[1].token_type != TokenType.R_PAREN:
                return rest[1]
            return None
    return None


class MatchRecognizeClause:
    """MATCH_RECOGNIZE, on the validator's FROM clause and expression methods."""

    def match_recognize(self, node: MatchRecognizeItem, scope: Scope) -> str:
        alias = self._derived_alias(node)  # Calcite numbers it before the input's
        alias_node = node.args.get("alias")
        if alias_node is not None and alias_node.columns:
            # Calcite's AS(MATCH_RECOGNIZE, m, a, b) registers the alias twice
            raise ValidationError(f"Duplicate relation name '{alias}' in FROM clause")
        _check_no_subquery(node.args.get("partition_by") or [])
        _check_no_subquery([m.this for m in node.args.get("measures") or []])
        measures = [m.this for m in node.args.get("measures") or []]
        read = [*measures, *(d.this for d in node.args.get("define") or [])]
        if any(
            isinstance(n, exp.In) and n.args.get("query") is None and n.expressions
            for item in measures
            for n in item.walk()
        ):
            raise ValidationError(
                "Flink cannot take an IN list in MEASURES: its planner fails there (Cannot "
                'read field "expr" because "subQuery" is null). Compare with = and OR instead.'
            )
        if any(isinstance(n, exp.Window) for item in read for n in item.walk()):
            # Flink fails there with "node.accept(PatternValidator) for node"
            raise ValidationError(
                "MATCH_RECOGNIZE cannot read a window function (OVER) in MEASURES or DEFINE"
            )
        input_scope = Scope([], scope.parent)
        input_text = self.from_item(node.this, input_scope)
        source = input_scope.namespaces[-1]
        star = Namespace("*", source.fields, suggested=False)
        keys_scope = Scope([star], Scope([source]))
        lines = [f"{input_text} MATCH_RECOGNIZE("]
        key_fields = self._keys(node, keys_scope, lines)
        order_fields = self._order(node, keys_scope, lines)

        pattern = node.meta["pattern"]
        variables = pattern.variables()
        definitions = node.args.get("define") or []
        subsets = node.args.get("subset") or []
        names = [
            *variables,
            *(d.alias for d in definitions),
            *(s.expressions[0].name for s in subsets),
        ]
        known = [Namespace(name, source.fields, suggested=False) for name in dict.fromkeys(names)]
        variables_scope = Scope([star], Scope([*known, source]))
        subset_names = _subset_names(subsets, variables)
        # DEFINE reads the pattern variables, not the SUBSET ones (Table 'S' not found)
        define_scope = Scope(
            [star], Scope([*(k for k in known if k.alias not in subset_names), source])
        )
        rows = node.args.get("rows")
        all_rows = rows is not None and rows.name.startswith("ALL")
        after = node.args.get("after")
        skip_to = after.meta.get("variable") if after is not None else None
        if skip_to is not None and skip_to not in variables and skip_to not in subset_names:
            raise ValidationError(f"Unknown pattern '{skip_to}'")

        measure_fields: list[Field] = []
        measures = node.args.get("measures") or []
        if measures:
            written = [
                self._measure(m, variables_scope, all_rows, measure_fields) for m in measures
            ]
            lines.append("MEASURES " + ", ".join(written))
        if rows is not None:
            lines.append(rows.name)
        if after is not None:
            lines.append(
                "AFTER MATCH SKIP "
                + after.name
                + (f" {quote_identifier(skip_to)}" if skip_to else "")
            )
        within = node.args.get("within")
        lines.append(
            "PATTERN "
            + pattern.sql()
            + (f" WITHIN {self.expression(within, keys_scope)[0]}" if within is not None else "")
        )
        if subsets:
            lines.append("SUBSET " + ", ".join(_subset(s) for s in subsets))
        lines.append("DEFINE " + self._definitions(definitions, define_scope))
        fields = _output(source.fields, key_fields, order_fields, measure_fields, all_rows)
        return self._aliased_subquery("\n".join(lines) + ")", fields, node, scope, alias)

    def _keys(self, node: MatchRecognizeItem, scope: Scope, lines: list[str]) -> list[Field]:
        """PARTITION BY, written into ``lines``; the keys' fields."""
        fields, texts = [], []
        for key in node.args.get("partition_by") or []:
            _check_column(key, "PARTITION BY")
            text, data_type = self.expression(key, scope)
            texts.append(text)
            fields.append(Field(key.unnest().name, data_type))
        if texts:
            lines.append("PARTITION BY " + ", ".join(texts))
        return fields

    def _order(self, node: MatchRecognizeItem, scope: Scope, lines: list[str]) -> list[Field]:
        """ORDER BY, written into ``lines``; the ordering columns' fields."""
        order = node.args.get("order")
        if order is None:
            return []
        fields, items = [], []
        for ordered in order.expressions:
            if ordered.meta.get("explicit_nulls"):
                raise ValidationError(
                    "MATCH_RECOGNIZE cannot order by NULLS FIRST or NULLS LAST: its ORDER BY "
                    "takes columns, each ASC or DESC"
                )
            _check_column(ordered.this, "ORDER BY")
            text, data_type = self.expression(ordered.this, scope)
            items.append(text + (" DESC" if ordered.args.get("desc") else ""))
            fields.append(Field(ordered.this.unnest().name, data_type))
        lines.append("ORDER BY " + ", ".join(items))
        return fields

    # -- MEASURES -------------------------------------------------------------------------------
    def _measure(
        self, measure: exp.Alias, scope: Scope, all_rows: bool, fields: list[Field]
    ) -> str:
        value = _with_offsets(measure.this.copy())
        self._check_calls(value, scope)
        value = _expanded(value)
        navigation = next(
            (n for n in value.walk() if _name(n) in _PHYSICAL),
            None,
        )
        if navigation is not None:
            written = self._stubbed(navigation.copy(), scope).meta["flink_text"]
            raise ValidationError(f"Cannot use PREV/NEXT in MEASURE '{written}'")
        value = self._stubbed(value, scope)
        value.meta["prefix_operand"] = True  # written under FINAL or RUNNING
        text, data_type = self.expression(value, scope)
        if any(f.name == measure.alias for f in fields):
            # Flink fails there with a Guava message (``Multiple entries with same key: ...``)
            raise ValidationError(f"MATCH_RECOGNIZE defines measure '{measure.alias}' twice")
        fields.append(Field(measure.alias, data_type))
        frame = measure.meta.get("frame")
        inner = measure.meta.get("inner_frame")
        default = "RUNNING" if all_rows else "FINAL"
        if _needs_parentheses(value):
            text = f"({text})"
        if inner is not None or (frame == "RUNNING" and not all_rows):
            # FINAL (RUNNING x): one row per match reads every measure at its end
            return f"FINAL ({inner or frame} {text}) AS {quote_identifier(measure.alias)}"
        return f"{frame or default} {text} AS {quote_identifier(measure.alias)}"

    # -- DEFINE ---------------------------------------------------------------------------------
    def _definitions(self, definitions: list[exp.Alias], scope: Scope) -> str:
        seen: set[str] = set()
        written = []
        for definition in definitions:
            name = definition.alias
            if any(
                isinstance(n, exp.Subquery | exp.Select | QueryExpr) for n in definition.this.walk()
            ):
                raise ValidationError("MATCH_RECOGNIZE cannot read a subquery in DEFINE")
            if name in seen:
                raise ValidationError(f"Pattern variable '{name}' has already been defined")
            seen.add(name)
            condition = _with_offsets(definition.this.copy())
            frame = next((n for n in condition.walk() if _name(n) in FRAMES), None)
            if frame is not None:
                text = self.call_text(frame.expressions[0].unnest(), scope)
                raise ValidationError(f"Cannot use RUNNING/FINAL in DEFINE '{_name(frame)} {text}'")
            self._check_calls(condition, scope)
            condition = _navigated(_expanded(condition), name)
            condition = self._stubbed(condition, scope)
            text, data_type = self.expression(condition, scope)
            if data_type.name != "BOOLEAN":
                raise ValidationError("DEFINE clause must be a condition")
            written.append(f"{quote_identifier(name)} AS {text}")
        return ", ".join(written)

    # -- both -----------------------------------------------------------------------------------
    def _check_calls(self, node: exp.Expression, scope: Scope) -> None:
        """Calcite's NavigationExpander and PatternValidator: no DISTINCT in a call, no
        aggregate over two pattern variables, no MATCH_NUMBER (Flink has none)."""
        for call in node.walk():
            if isinstance(call, exp.Distinct) and isinstance(call.parent, exp.Anonymous):
                text = self.expression(call.parent, scope)[0]
                raise ValidationError(f"DISTINCT/ALL not allowed with {text} function")
            if _name(call) == "MATCH_NUMBER":
                raise ValidationError(
                    "No match found for function signature MATCH_NUMBER().\n"
                    "Supported signatures are:\n'MATCH_NUMBER()'"
                )
            if is_aggregate(call) or _name(call) in _LOGICAL:
                qualifiers = {
                    c.table for c in call.find_all(exp.Column) if c.table and c.table != "*"
                }
                if len(qualifiers) > 1:
                    text = self.call_text(call, scope)
                    raise ValidationError(f"Multiple pattern variables in '{text}'")

    def call_text(self, call: exp.Expression, scope: Scope) -> str:
        """A call as Calcite's messages show it (a navigation call by its operands)."""
        if _name(call) in (*_LOGICAL, *_PHYSICAL, *_MATCH_FUNCTIONS):
            operands = ", ".join(self.expression(a, scope)[0] for a in call.expressions)
            return f"{_name(call)}({operands})"
        return self.expression(call, scope)[0]

    def _stubbed(self, node: exp.Expression, scope: Scope) -> exp.Expression:
        """``node`` with each navigation call and match function replaced by a column of its
        written text and type, which the expression machinery reads as it is."""
        for child in list(node.iter_expressions()):
            replaced = self._stubbed(child, scope)
            if replaced is not child:
                child.replace(replaced)
        name = _name(node)
        if name in FRAMES and len(node.expressions) == 1:
            # FINAL x inside a measure (Calcite's prefix operator): written FINAL x
            operand = node.expressions[0].unnest()
            operand.meta["prefix_operand"] = True
            text, data_type = self.expression(operand, scope)
            return _stub(
                f"{name} ({text})" if _needs_parentheses(operand) else f"{name} {text}", data_type
            )
        if name in _LOGICAL or name in _PHYSICAL:
            return _stub(
                self.call_text(node, scope), self.expression(node.expressions[0], scope)[1]
            )
        if len(node.expressions) > (name == "MATCH_ROWTIME") and name in _MATCH_FUNCTIONS:
            raise ValidationError(
                f"Invalid number of arguments to function '{name}'. Was expecting 0 arguments"
            )
        if name in _MATCH_FUNCTIONS and not node.expressions:
            return _stub(f"{name}()", _MATCH_FUNCTIONS[name])
        if name == "MATCH_ROWTIME" and len(node.expressions) == 1:
            # MATCH_ROWTIME(rowtime): that rowtime's type (views_match_recognize)
            time = self.expression(node.expressions[0], scope)[1]
            if time.time_attribute != "ROWTIME":
                raise ValidationError(
                    "The function MATCH_ROWTIME requires argument to be a row time attribute "
                    f"type, but is '{calcite_type_name(time)}'."
                )
            return _stub(self.call_text(node, scope), time.with_time_attribute("ROWTIME"))
        return node


def _subset_names(subsets: list[exp.Tuple], variables: list[str]) -> set[str]:
    """The SUBSET names, each checked as Calcite does: a new name, over pattern variables."""
    names: set[str] = set()
    for subset in subsets:
        name, *members = (e.name for e in subset.expressions)
        if name in variables or name in names:
            raise ValidationError(f"Pattern variable '{name}' has already been defined")
        unknown = next((m for m in members if m not in variables), None)
        if unknown is not None:
            raise ValidationError(f"Unknown pattern '{unknown}'")
        names.add(name)
    return names


def _check_no_subquery(nodes: list[exp.Expression]) -> None:
    """Calcite's parser takes no query among the PARTITION BY keys and the MEASURES."""
    for node in nodes:
        if any(isinstance(n, exp.Subquery | exp.Select | QueryExpr) for n in node.walk()):
            raise illegal_query()


def _check_column(node: exp.Expression, clause: str) -> None:
    """A PARTITION BY or ORDER BY item of MATCH_RECOGNIZE is a column (Flink casts it to an
    identifier, and fails with a ClassCastException on anything else)."""
    while isinstance(node, exp.Paren):
        node = node.this
    if not isinstance(node, exp.Column):
        raise ValidationError(
            f"MATCH_RECOGNIZE {clause} takes columns only, not an expression or a literal"
        )


def _subset(subset: exp.Tuple) -> str:
    name, *members = subset.expressions
    return (
        f"{quote_identifier(name.name)} = ("
        + ", ".join(quote_identifier(m.name) for m in members)
        + ")"
    )


def _name(node: exp.Expression) -> str | None:
    return node.name.upper() if isinstance(node, exp.Anonymous) else None


def _stub(text: str, data_type: DataType) -> exp.Column:
    column = exp.column("EXPR")
    column.meta["flink_text"] = text
    column.meta["flink_type"] = data_type
    column.meta["written_name"] = text
    return column


def _with_offsets(node: exp.Expression) -> exp.Expression:
    """FIRST(x) is FIRST(x, 0), PREV(x) is PREV(x, 1) (Calcite's parser adds the offset)."""
    for call in list(node.find_all(exp.Anonymous)):
        name = _name(call)
        if (name in _LOGICAL or name in _PHYSICAL) and len(call.expressions) == 1:
            default = "0" if name in _LOGICAL else "1"
            call.append("expressions", exp.Literal.number(default))
    return node


def _navigation(function: str, operand: exp.Expression, offset: exp.Expression) -> exp.Anonymous:
    return exp.Anonymous(this=function, expressions=[operand, offset.copy()])


def _expanded(
    node: exp.Expression, function: str | None = None, offset: exp.Expression | None = None
) -> exp.Expression:
    """Calcite's NavigationExpander: a navigation call applies to each column its operand
    reads (``FIRST(a + 1)`` is ``FIRST(a, 0) + FIRST(1, 0)``), and ``PREV(PREV(x))`` adds
    the offsets. ``function`` and ``offset``: the navigation ``node`` is inside."""
    name = _name(node)
    if isinstance(node, exp.Column):
        return _navigation(function, node, offset) if function and offset else node
    if name in _LOGICAL or name in _PHYSICAL:
        inner, own = node.expressions[0], node.expressions[1]
        if name in _PHYSICAL and _name(inner) in _PHYSICAL:
            combine = exp.Add if _name(inner) == name else exp.Sub
            own = combine(this=own.copy(), expression=inner.expressions[1].copy())
            inner = _navigation(name, inner.expressions[0].copy(), own)
        expanded = _expanded(inner.copy(), name, own)
        return _navigation(function, expanded, offset) if function and offset else expanded
    if not isinstance(node, exp.Func | exp.Binary | exp.Unary | exp.Predicate):
        return node
    for child in list(node.iter_expressions()):
        if isinstance(child, exp.DataType | exp.Identifier | exp.Var):
            continue
        replaced = _expanded(child)
        if function and offset:
            replaced = _navigation(
                function, replaced if replaced is not child else child.copy(), offset
            )
        if replaced is not child:
            child.replace(replaced)
    return node


def _navigated(node: exp.Expression, variable: str) -> exp.Expression:
    """Calcite's NavigationReplacer for DEFINE ``variable``: a column of the variable itself is
    ``PREV(col, 0)``, of another one ``LAST(col, 0)``; PREV of another variable's column is
    LAST; FIRST, LAST and aggregates are read as written."""
    name = _name(node)
    if name in _LOGICAL or is_aggregate(node):
        return node
    if name == "PREV" and isinstance(node.expressions[0], exp.Column):
        if (node.expressions[0].table or "*") == variable:
            return node
        return exp.Anonymous(this="LAST", expressions=[e.copy() for e in node.expressions])
    if isinstance(node, exp.Column) and not node.table and node.name.upper() in _WORDS:
        return node  # UNKNOWN, LOCALTIME: not columns (a column of that name is quoted)
    map_constructor = isinstance(node, exp.Bracket) and is_map_constructor(node)
    if map_constructor or _name(node) in UNIT_FUNCTIONS and node.expressions:
        # TIMESTAMPADD(HOUR, ...): the unit is no column; nor is MAP of MAP[k, v]
        for child in node.expressions[0 if map_constructor else 1 :]:
            replaced = _navigated(child, variable)
            if replaced is not child:
                child.replace(replaced)
        return node
    if isinstance(node, exp.Column):
        function = "PREV" if (node.table or "*") == variable else "LAST"
        return exp.Anonymous(this=function, expressions=[node.copy(), exp.Literal.number(0)])
    for child in list(node.iter_expressions()):
        replaced = _navigated(child, variable)
        if replaced is not child:
            child.replace(replaced)
    return node


def _needs_parentheses(node: exp.Expression) -> bool:
    """Whether FINAL/RUNNING, a prefix operator, puts its operand in parentheses: an operator
    call does, a name, literal or function call does not."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal):
        return False
    if isinstance(node, exp.Literal) and len(node.meta.get("parts") or ()) > 1:
        return True  # a literal continued on the next lines: FINAL ('x'\n'y')
    return isinstance(node, exp.Binary | exp.Unary | exp.Predicate)


def _output(
    fields: list[Field],
    keys: list[Field],
    order: list[Field],
    measures: list[Field],
    all_rows: bool,
) -> list[Field]:
    """The columns of the match: the partition keys and the measures, one of a name (ALL ROWS
    PER MATCH: the keys, the ORDER BY columns, the rest of the input, then the measures);
    without measures, the input's columns in its order, ONE ROW or ALL ROWS PER MATCH."""
    if not measures:
        head = fields  # (views_match_recognize_more; ALL ROWS: views_difftest_seed15)
    elif all_rows:
        head = [*keys, *order, *fields]
    else:
        head = keys
    output: list[Field] = []
    for f in [*head, *measures]:
        if all(o.name != f.name for o in output):
            output.append(Field(f.name, f.data_type))
    return output
