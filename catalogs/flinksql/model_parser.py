"""The model statements of Flink 2.3's grammar: CREATE / ALTER / DROP MODEL, SHOW MODELS,
SHOW CREATE MODEL and DESCRIBE MODEL. Called by ``parser`` once it has read the words that
name the statement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlglot.tokens import TokenType

from . import statements as st
from .errors import ValidationError
from .quoting import quote_identifier
from .sql_writer import unparse

if TYPE_CHECKING:
    from .parser import _Parser


def create_model(p: _Parser, temporary: bool) -> st.Statement:
    """After ``CREATE [TEMPORARY] MODEL``."""
    if_not_exists = p.if_not_exists()
    path = p.path()
    inputs = _columns(p) if p.s.accept_keyword("INPUT") else []
    outputs = _columns(p) if p.s.accept_keyword("OUTPUT") else []
    comment = p.comment()
    options = p.properties() if p.s.accept_keyword("WITH") else {}
    if p.s.at_keyword("AS"):
        if inputs:
            raise ValidationError(
                "CREATE MODEL AS SELECT syntax does not support to specify explicit input columns."
            )
        while not p.s.at_end():
            p.s.advance()
        return st.UnsupportedStatement("CREATE MODEL AS SELECT")
    _check_columns(inputs, outputs)
    if not options:
        raise ValidationError("Model property list can not be empty.")
    return st.CreateModel(path, inputs, outputs, comment, options, if_not_exists, temporary)


def _columns(p: _Parser) -> list[st.ColumnSpec]:
    """``( column, ... )``: Flink's grammar reads table elements there; a primary key or a
    watermark among them is dropped, a computed or metadata column refused."""
    p.s.expect(TokenType.L_PAREN)
    change = st.SchemaChange()
    while True:
        start = p.s.pos
        before = len(change.columns)
        p.table_element(change, allow_positions=False)
        if len(change.columns) > before:
            spec = change.columns[-1][0]
            if spec.kind == st.ColumnKind.COMPUTED and spec.expression is not None:
                rest = f"AS {unparse(spec.expression)}"
            elif spec.kind == st.ColumnKind.METADATA:
                # as written; Flink writes the type as Calcite does (INTEGER for INT)
                first, last = p.s.tokens[start + 1], p.s.tokens[p.s.pos - 1]
                rest = p.s.text[first.start : last.end + 1]
            if spec.kind != st.ColumnKind.PHYSICAL:
                p.problems.append(
                    ValidationError(
                        f"Column {quote_identifier(spec.name)} {rest} can only be a physical "
                        "column."
                    )
                )
        if not p.s.accept(TokenType.COMMA):
            break
    p.s.expect(TokenType.R_PAREN)
    return [spec for spec, _ in change.columns]


def _check_columns(inputs: list[st.ColumnSpec], outputs: list[st.ColumnSpec]) -> None:
    if inputs and not outputs:
        raise ValidationError(
            "Output column list can not be empty with non-empty input column list."
        )
    if outputs and not inputs:
        raise ValidationError(
            "Input column list can not be empty with non-empty output column list."
        )
    for side, columns in (("input", inputs), ("output", outputs)):
        seen: set[str] = set()
        for column in columns:
            if column.name in seen:
                raise ValidationError(f"Duplicate {side} column name: '{column.name}'.")
            seen.add(column.name)


def alter_model(p: _Parser) -> st.Statement:
    """After ``ALTER MODEL``."""
    if_exists = p.if_exists()
    path = p.path()
    if p.s.accept_keyword("RENAME"):
        p.s.expect_keyword("TO")
        return st.AlterModelRename(path, p.path(), if_exists)
    if p.s.accept_keyword("SET"):
        return st.AlterModelSet(path, p.properties(), if_exists)
    if p.s.accept_keyword("RESET"):
        return st.AlterModelReset(path, p.key_list(), if_exists)
    raise p.s.unexpected()


def drop_model(p: _Parser, temporary: bool) -> st.DropModel:
    """After ``DROP [TEMPORARY] MODEL``."""
    if_exists = p.if_exists()
    return st.DropModel(p.path(), if_exists, temporary)


def show_models(p: _Parser) -> st.ShowModels:
    """After ``SHOW MODELS``: Flink's grammar has LIKE and NOT LIKE here, not ILIKE."""
    database = None
    if p.s.accept_keyword("FROM") or p.s.accept_keyword("IN"):
        database = p.path(2)
    return st.ShowModels(database, p.like_pattern(ilike=False))


def describe_model(p: _Parser) -> st.DescribeModel:
    """After ``DESCRIBE MODEL`` (or ``DESC MODEL``)."""
    extended = p.s.accept_keyword("EXTENDED")
    return st.DescribeModel(p.path(), extended)
