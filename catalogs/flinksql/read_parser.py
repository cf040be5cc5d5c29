"""SHOW statements about the session and about catalog contents beyond tables, views,
functions and models: MODULES, FULL MODULES, JARS, PROCEDURES, PARTITIONS, MATERIALIZED
TABLES. Called by ``parser`` after ``SHOW``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlglot.tokens import TokenType

from . import statements as st

if TYPE_CHECKING:
    from .parser import _Parser


def show_more(p: _Parser) -> st.Statement | None:
    """The statement after ``SHOW``, or None when it is none of these."""
    if p.s.accept_keyword("MODULES"):
        return st.ShowModules()
    if p.s.accept_keyword("FULL", "MODULES"):
        return st.ShowModules(full=True)
    if p.s.accept_keyword("JARS"):
        return st.ShowJars()
    if p.s.accept_keyword("PROCEDURES"):
        return st.ShowProcedures(_database(p), p.like_pattern())
    if p.s.accept_keyword("MATERIALIZED", "TABLES"):
        return st.ShowMaterializedTables(_database(p), p.like_pattern(ilike=False))
    if p.s.accept_keyword("PARTITIONS"):
        path = p.path()
        partition: dict[str, str] = {}
        if p.s.accept_keyword("PARTITION"):
            p.s.expect(TokenType.L_PAREN)
            while True:
                key = p.name()
                p.s.expect(TokenType.EQ)
                partition[key] = p.s.advance().text
                if not p.s.accept(TokenType.COMMA):
                    break
            p.s.expect(TokenType.R_PAREN)
        return st.ShowPartitions(path, partition)
    return None


def _database(p: _Parser) -> tuple[str, ...] | None:
    if p.s.accept_keyword("FROM") or p.s.accept_keyword("IN"):
        return p.path(2)
    return None
