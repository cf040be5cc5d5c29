"""UNPIVOT after a FROM item, as Flink's parser (Calcite's) reads it:
``item UNPIVOT [INCLUDE NULLS | EXCLUDE NULLS] (measures FOR axes IN (columns [AS values], ...))
[[AS] alias]``, where measures, axes and each entry's columns are one name or a parenthesized
list of names, and each entry's values one expression or a parenthesized (or ROW) list.

Calcite's grammar takes the item's alias after UNPIVOT, never before; Flink's stored text puts
one before it all the same (``(...) AS `EXPR$1` UNPIVOT ...``), so that text is read here too,
the alias kept in meta ``alias_before`` for the view validator to refuse as Flink's parser
does (which makes every view reading an UNPIVOT view fail in Flink: golden views_unpivot).
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp
from sqlglot.tokens import TokenType


class UnpivotEntry(exp.Expression):
    """One entry of the IN list: ``columns`` (Identifiers) and ``values`` (expressions, or
    absent where the entry has no AS)."""

    arg_types = {"columns": True, "values": False}


class UnpivotItem(exp.Expression):
    """``<this> UNPIVOT ...``: ``include_nulls`` is True, False (EXCLUDE NULLS, Calcite's
    default) or absent; ``measures`` and ``axes`` are Identifiers; ``entries`` UnpivotEntry
    nodes. Meta ``keyword`` is the UNPIVOT token, ``alias_before`` the token of an alias the
    item had before the keyword."""

    arg_types = {
        "this": True,
        "include_nulls": False,
        "measures": True,
        "axes": True,
        "entries": True,
        "alias": False,
    }


def parse_unpivot(parser: Any, this: exp.Expression) -> exp.Expression:
    """The UNPIVOT clause after ``this`` (the parser stands on the keyword)."""
    keyword = parser._curr
    node = UnpivotItem(this=this)
    node.meta["keyword"] = keyword
    alias = this.args.get("alias")
    if alias is not None and alias.name:
        node.meta["alias_before"] = keyword
    parser._advance()
    if parser._match_text_seq("INCLUDE", "NULLS"):
        node.set("include_nulls", exp.true())
    elif parser._match_text_seq("EXCLUDE", "NULLS"):
        node.set("include_nulls", exp.false())
    _expect(parser, TokenType.L_PAREN)
    node.set("measures", _names(parser))
    _expect(parser, TokenType.FOR)
    node.set("axes", _names(parser))
    _expect(parser, TokenType.IN)
    _expect(parser, TokenType.L_PAREN)
    entries = [_entry(parser)]
    while parser._match(TokenType.COMMA):
        entries.append(_entry(parser))
    node.set("entries", entries)
    _expect(parser, TokenType.R_PAREN)
    _expect(parser, TokenType.R_PAREN)
    node.set("alias", parser._parse_table_alias())
    if parser._curr and parser._curr.token_type == TokenType.UNPIVOT:
        parser.raise_error("Incorrect syntax near the keyword 'UNPIVOT'", parser._curr)
    return node


def _expect(parser: Any, token_type: TokenType) -> None:
    if not parser._match(token_type):
        _encountered(parser)


def _encountered(parser: Any) -> None:
    current = parser._curr
    parser.raise_error(f'Encountered "{current.text if current else ""}"', current)


def _names(parser: Any) -> list[exp.Identifier]:
    """One simple name, or a parenthesized list of them (Calcite's SimpleIdentifierOrList)."""
    if not parser._match(TokenType.L_PAREN):
        return [_name(parser)]
    names = [_name(parser)]
    while parser._match(TokenType.COMMA):
        names.append(_name(parser))
    _expect(parser, TokenType.R_PAREN)
    return names


def _name(parser: Any) -> exp.Identifier:
    current = parser._curr
    if current is None or current.token_type in (TokenType.R_PAREN, TokenType.COMMA):
        _encountered(parser)
    name = parser._parse_id_var(any_token=False)
    if not isinstance(name, exp.Identifier):
        _encountered(parser)
    return name


def _entry(parser: Any) -> UnpivotEntry:
    columns = _names(parser)
    if parser._curr and parser._curr.token_type not in (
        TokenType.ALIAS,
        TokenType.COMMA,
        TokenType.R_PAREN,
    ):
        _encountered(parser)  # a qualified or computed column: Calcite takes names only
    entry = UnpivotEntry(columns=columns)
    if parser._match(TokenType.ALIAS):
        entry.set("values", _row(parser))
    return entry


def _row(parser: Any) -> list[exp.Expression]:
    """Calcite's RowConstructor: ``(a, b)``, ``ROW(a, b)`` or one expression."""
    current = parser._curr
    following = parser._next
    is_row = (
        current is not None
        and current.text.upper() == "ROW"
        and following is not None
        and following.token_type == TokenType.L_PAREN
    )
    if is_row:
        parser._advance()
    if is_row or (current is not None and current.token_type == TokenType.L_PAREN):
        parser._advance()
        values = [parser._parse_assignment()]
        while parser._match(TokenType.COMMA):
            values.append(parser._parse_assignment())
        _expect(parser, TokenType.R_PAREN)
        return values
    return [parser._parse_assignment()]
