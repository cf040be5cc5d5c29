"""What each token of a CAST's target type is, as Calcite's grammar reads a type spec.

A ROW's brackets hold fields, each a name and then a type (``ROW(`a` INTEGER NOT NULL, ...)``,
``ROW<a INT>``); a collection's angle brackets hold types (``ARRAY<INT>``, ``MAP<STRING,
INT>``); other brackets hold parameters (``DECIMAL(10, 2)``). The writer quotes the field
names (sql_writer._cast_type_name); the parser refuses a NULL where a type starts, which
Flink's grammar has no type for (dialect._parse_cast).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlglot.tokens import Token, TokenType

FIELD_NAME, TYPE_START, OTHER = "field name", "type start", "other"
_ROW, _TYPES, _PARAMETERS = "row", "types", "parameters"


def token_roles(tokens: Sequence[Token]) -> list[str]:
    """The role of each of ``tokens``, the whole of a type spec: a ROW field's name, the first
    token of a type, or another part (a bracket, a parameter, a type's later words)."""
    roles: list[str] = []
    stack: list[str] = []
    expect_type, expect_name = True, False
    previous: Token | None = None
    for token in tokens:
        kind = token.token_type
        if kind in (TokenType.L_PAREN, TokenType.LT):
            row = previous is not None and previous.text.upper() == "ROW"
            stack.append(_ROW if row else _TYPES if kind == TokenType.LT else _PARAMETERS)
            expect_name, expect_type = stack[-1] == _ROW, stack[-1] == _TYPES
            roles.append(OTHER)
        elif kind in (TokenType.R_PAREN, TokenType.GT):
            if stack:
                stack.pop()
            expect_name = expect_type = False
            roles.append(OTHER)
        elif kind == TokenType.COMMA and stack:
            expect_name, expect_type = stack[-1] == _ROW, stack[-1] == _TYPES
            roles.append(OTHER)
        else:
            roles.append(FIELD_NAME if expect_name else TYPE_START if expect_type else OTHER)
            expect_type, expect_name = expect_name, False
        previous = token
    return roles
