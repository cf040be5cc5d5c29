"""The SQL/JSON calls of Flink's grammar, read by the dialect's parser (``self``): JSON_VALUE,
JSON_QUERY, JSON_EXISTS and JSON_ARRAY with their clauses, and JSON_ARRAYAGG."""

from __future__ import annotations

from typing import Any

from sqlglot import exp
from sqlglot.tokens import TokenType

from .errors import illegal_query
from .query_places import leads_with_query


class JsonFunction(exp.Expression):
    """JSON_VALUE, JSON_QUERY, JSON_EXISTS and JSON_ARRAY with their SQL/JSON clauses.

    ``this`` is the upper-case function name; ``returning`` the RETURNING type as written;
    ``wrapper`` JSON_QUERY's array wrapper; ``on_empty``, ``on_error`` and ``on_null`` the
    behaviours as written (``NULL``, ``EMPTY ARRAY``, ``DEFAULT`` ...), ``empty_default`` and
    ``error_default`` the expressions of ``DEFAULT <expr> ON EMPTY|ERROR``.
    """

    arg_types = {
        "this": True,
        "expressions": False,
        "returning": False,
        "wrapper": False,
        "on_empty": False,
        "on_error": False,
        "on_null": False,
        "empty_default": False,
        "error_default": False,
    }


_JSON_BEHAVIOURS = ("NULL", "ERROR", "TRUE", "FALSE", "UNKNOWN", "ABSENT", "EMPTY", "DEFAULT")
_JSON_CLAUSE_WORDS = frozenset((*_JSON_BEHAVIOURS, "WITH", "WITHOUT", "RETURNING"))


def parse_json_function(self: Any, name: str) -> JsonFunction:
    """``JSON_xxx(args [RETURNING type] [wrapper] [behaviour ON EMPTY|ERROR|NULL] ...)``."""
    args: dict = {"this": name}
    expressions: list[exp.Expr] = []
    while self._curr and self._curr.token_type != TokenType.R_PAREN:
        if self._curr.text.upper() in _JSON_CLAUSE_WORDS and not (
            self._curr.text.upper() in ("NULL", "TRUE", "FALSE", "UNKNOWN")
            and (not expressions or self._prev.token_type == TokenType.COMMA)
        ):
            break
        if expressions and not self._match(TokenType.COMMA):
            break
        item = self._parse_assignment()
        if item is None:
            self.raise_error(f"Expected an argument of {name}")
        expressions.append(item)
    args["expressions"] = expressions
    after = self._next
    if name == "JSON_ARRAY" and not expressions and after and after.token_type == TokenType.ON:
        self.raise_error('Encountered "ON"', after)  # JSON_ARRAY(ABSENT ON NULL): no values
    while self._curr and self._curr.token_type != TokenType.R_PAREN:
        word = self._curr.text.upper()
        if word == "RETURNING":
            self._advance()
            first = self._curr
            last = None
            depth = 0
            while self._curr:
                kind = self._curr.token_type
                if depth == 0 and (
                    kind == TokenType.R_PAREN or self._curr.text.upper() in _JSON_CLAUSE_WORDS
                ):
                    break
                if kind in (TokenType.L_PAREN, TokenType.LT):
                    depth += 1
                elif kind in (TokenType.R_PAREN, TokenType.GT):
                    depth -= 1
                last = self._curr
                self._advance()
            if not first or not last:
                self.raise_error("Expected a type after RETURNING")
            args["returning"] = self.sql[first.start : last.end + 1]
            continue
        if word in ("WITH", "WITHOUT"):
            words = [word]
            self._advance()
            while self._curr and self._curr.text.upper() in (
                "CONDITIONAL",
                "UNCONDITIONAL",
                "ARRAY",
            ):
                words.append(self._curr.text.upper())
                self._advance()
            if not self._match_text_seq("WRAPPER"):
                self.raise_error("Expected WRAPPER")
            args["wrapper"] = " ".join(words)
            continue
        if word in _JSON_BEHAVIOURS:
            self._advance()
            default = None
            if word == "EMPTY":
                kind = self._curr.text.upper() if self._curr else ""
                if kind not in ("ARRAY", "OBJECT"):
                    self.raise_error("Expected ARRAY or OBJECT after EMPTY")
                self._advance()
                word = f"EMPTY {kind}"
            elif word == "DEFAULT":
                default = self._parse_assignment()
            if not self._match(TokenType.ON):
                self.raise_error("Expected ON")
            target = self._curr.text.upper() if self._curr else ""
            if target not in ("EMPTY", "ERROR", "NULL"):
                self.raise_error("Expected EMPTY, ERROR or NULL")
            self._advance()
            key = {"EMPTY": "on_empty", "ERROR": "on_error", "NULL": "on_null"}[target]
            args[key] = word
            if default is not None:
                args[key.replace("on_", "") + "_default"] = default
            continue
        self.raise_error(f"Unexpected {self._curr.text} in {name}")
    return self.expression(JsonFunction(**args))


def parse_json_arrayagg(self: Any) -> exp.Expr:
    """``JSON_ARRAYAGG(value [ORDER BY k] [ABSENT ON NULL | NULL ON NULL])``: a call whose
    ``on_null`` meta holds the clause (Flink writes the default, ABSENT, back); its ORDER BY is
    the WITHIN GROUP Flink writes it as."""
    value = self._parse_assignment()
    expressions = [value] if value is not None else []
    order = (
        self._parse_order() if self._curr and self._curr.token_type == TokenType.ORDER_BY else None
    )
    on_null = "ABSENT"
    if self._curr and self._curr.text.upper() in ("ABSENT", "NULL"):
        on_null = self._curr.text.upper()
        self._advance()
        if not (self._match_text_seq("ON") and self._match(TokenType.NULL)):
            self.raise_error("Expected ON NULL")
    call = self.expression(exp.Anonymous(this="JSON_ARRAYAGG", expressions=expressions))
    call.meta["on_null"] = on_null
    if order is not None:
        return self.expression(exp.WithinGroup(this=call, expression=order))
    return call


def refuse_query_arguments(node: exp.Expression) -> None:
    """Calcite's grammar takes no query as an argument of the SQL/JSON functions (their
    arguments are non-query expressions): a subquery there fails to parse."""
    for call in node.find_all(JsonFunction, exp.JSONObject, exp.Anonymous):
        if isinstance(call, exp.Anonymous):  # JSON_ARRAYAGG(v), JSON_OBJECTAGG(k, v)
            if call.name.upper() not in ("JSON_ARRAYAGG", "JSON_OBJECTAGG"):
                continue
            arguments = list(call.expressions)
        elif isinstance(call, exp.JSONObject):
            pairs = [e for e in call.expressions if isinstance(e, exp.JSONKeyValue)]
            arguments = [part for pair in pairs for part in (pair.this, pair.expression)]
        else:
            arguments = [
                *call.expressions,
                *(call.args.get(k) for k in ("empty_default", "error_default")),
            ]
        if any(leads_with_query(a) for a in arguments if a is not None):
            raise illegal_query()
