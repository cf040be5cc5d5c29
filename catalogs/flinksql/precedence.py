"""Calcite's operator precedences, as its SqlPrettyWriter reads them to enclose an operand:
each operator's own (SqlStdOperatorTable), and the left and right precedences a writer binds
an operand with."""

from __future__ import annotations

from sqlglot import exp

from .dialect import UnaryPlus


def strip(node: exp.Expression) -> exp.Expression:
    """``node`` without the parentheses written around it."""
    while isinstance(node, exp.Paren):
        node = node.this
    return node


# Calcite's precedences (SqlStdOperatorTable): + and - 40; *, /, % and || 60.
BINARY_OPERATORS = {
    exp.Add: ("+", 40),
    exp.Sub: ("-", 40),
    exp.Mul: ("*", 60),
    exp.Div: ("/", 60),
    exp.Mod: ("%", 60),
    exp.DPipe: ("||", 60),
    exp.EQ: ("=", 30),
    exp.NEQ: ("<>", 30),
    exp.GT: (">", 30),
    exp.GTE: (">=", 30),
    exp.LT: ("<", 30),
    exp.LTE: ("<=", 30),
    exp.And: ("AND", 24),
    exp.Or: ("OR", 22),
    exp.NullSafeNEQ: ("IS DISTINCT FROM", 30),
    exp.NullSafeEQ: ("IS NOT DISTINCT FROM", 30),
}
ATOM = 100
_COMPARISON_KINDS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
_NEGATABLE = (exp.Is, exp.Like, exp.In, exp.Between, exp.SimilarTo)


def precedence(node: exp.Expression) -> int:
    node = strip(node)
    if type(node) in _COMPARISON_KINDS and isinstance(strip(node.expression), exp.Any | exp.All):
        return 32  # x < ALL (...): Calcite's SqlQuantifyOperator, an IN operator
    for kind, (_, prec) in BINARY_OPERATORS.items():
        if type(node) is kind:
            return prec
    if isinstance(node, exp.Not):
        # x NOT IN / NOT LIKE / NOT BETWEEN / IS NOT ... are those operators, negated; NOT (...)
        # is the prefix NOT.
        if isinstance(node.this, _NEGATABLE) and not node.meta.get("prefix"):
            return precedence(node.this)
        return 26
    if isinstance(node, exp.Is):
        return 28  # Calcite's postfix IS NULL, IS TRUE, ...
    if isinstance(node, exp.Like | exp.Between | exp.In | exp.SimilarTo):
        return 32
    if isinstance(node, exp.Neg | UnaryPlus):
        return 80
    return ATOM


def operator_sides(node: exp.Expression) -> tuple[int, int]:
    """Calcite's left and right precedences of ``node``'s operator: a left-associative
    operator binds one more on its right, a prefix operator nothing on its left, a postfix one
    nothing on its right; a literal continued on the next lines is Calcite's literal chain,
    an operator of precedence 80."""
    node = strip(node)
    if isinstance(node, exp.Literal | exp.HexString) and len(node.meta.get("parts") or ()) > 1:
        return 80, 81
    prec = precedence(node)
    if prec == ATOM:
        return ATOM, ATOM
    if isinstance(node, exp.Neg | UnaryPlus) or (
        isinstance(node, exp.Not) and precedence(node) == 26
    ):
        return 0, prec + 1
    if isinstance(node, exp.Is):
        return prec, 1
    return prec, prec + 1


# The binding Calcite writes an operand of a prefix operator with (FINAL, RUNNING, -): none on
# its left, its precedence 80 on its right (SqlPrefixOperator's left and right precedences).
PREFIX_CONTEXT = (0, 81)
