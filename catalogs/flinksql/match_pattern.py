"""The PATTERN of a MATCH_RECOGNIZE clause: read from its tokens as Calcite's parser reads it
(alternation, concatenation, quantifiers, groups, ``{- -}`` exclusion, PERMUTE, ``^`` and
``$``) and written back as Calcite's SqlPrettyWriter writes it (``A + B { 2, }``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .quoting import quote_identifier


@dataclass(frozen=True)
class PatternToken:
    """One token of a pattern: ``kind`` is ``name`` (a pattern variable, ``text`` its name),
    ``number``, or the punctuation itself (``(``, ``|``, ``{``, ``??``, ...)."""

    kind: str
    text: str
    start: int | None = None  # offset in the query, for the parse error's position


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Concat:
    left: Node
    right: Node


@dataclass(frozen=True)
class Alter:
    left: Node
    right: Node


@dataclass(frozen=True)
class Quantified:
    operand: Node
    low: int  # -1: none written ({,m})
    high: int  # -1: unbounded
    reluctant: bool


@dataclass(frozen=True)
class Exclude:
    operand: Node


@dataclass(frozen=True)
class Permute:
    items: tuple[Node, ...]


Node = Var | Concat | Alter | Quantified | Exclude | Permute


@dataclass(frozen=True)
class Pattern:
    body: Node
    strict_start: bool = False
    strict_end: bool = False

    def variables(self) -> list[str]:
        """The pattern variables it names, in order of first appearance."""
        names: list[str] = []
        for var in _vars(self.body):
            if var not in names:
                names.append(var)
        return names

    def sql(self) -> str:
        """Calcite's text of the pattern, parentheses included."""
        inner = _write(self.body, 0, 0)
        if self.strict_start:
            inner = "^ " + inner
        if self.strict_end:
            inner += " $"
        return f"({inner})"


class PatternSyntaxError(Exception):
    """The token the pattern cannot take (None: the pattern ended too early)."""

    def __init__(self, token: PatternToken | None) -> None:
        super().__init__(token.text if token else "")
        self.token = token


def parse_pattern(tokens: Sequence[PatternToken]) -> Pattern:
    """The pattern written by ``tokens`` (those between PATTERN's parentheses)."""
    reader = _Reader(list(tokens))
    strict_start = reader.take("^")
    body = reader.expression()
    strict_end = reader.take("$")
    if reader.peek() is not None:
        raise PatternSyntaxError(reader.peek())
    return Pattern(body, strict_start, strict_end)


class _Reader:
    def __init__(self, tokens: list[PatternToken]) -> None:
        self.tokens = tokens
        self.index = 0

    def peek(self, ahead: int = 0) -> PatternToken | None:
        i = self.index + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def take(self, kind: str) -> bool:
        token = self.peek()
        if token is not None and token.kind == kind:
            self.index += 1
            return True
        return False

    def expect(self, kind: str) -> PatternToken:
        token = self.peek()
        if token is None or token.kind != kind:
            raise PatternSyntaxError(token)
        self.index += 1
        return token

    def expression(self) -> Node:
        node = self.term()
        while self.take("|"):
            node = Alter(node, self.term())
        return node

    def term(self) -> Node:
        node = self.factor()
        while self._starts_primary():
            node = Concat(node, self.factor())
        return node

    def _starts_primary(self) -> bool:
        token = self.peek()
        if token is None:
            return False
        if token.kind == "{":
            following = self.peek(1)
            return following is not None and following.kind == "-"
        return token.kind in ("name", "(")

    def factor(self) -> Node:
        node = self.primary()
        token = self.peek()
        if token is None:
            return node
        if token.kind in ("*", "+", "?", "??"):
            self.index += 1
            low, high = {"*": (0, -1), "+": (1, -1), "?": (0, 1), "??": (0, 1)}[token.kind]
            reluctant = token.kind == "??" or self.take("?")
            return Quantified(node, low, high, reluctant)
        if token.kind == "{" and not self._starts_primary():
            self.index += 1
            low = high = -1
            if self.peek() is not None and self.peek().kind == "number":
                low = int(self.expect("number").text)
                high = low
            if self.take(","):
                high = -1
                if self.peek() is not None and self.peek().kind == "number":
                    high = int(self.expect("number").text)
                elif low == -1:
                    raise PatternSyntaxError(self.peek())
            elif low == -1:
                raise PatternSyntaxError(self.peek())
            self.expect("}")
            return Quantified(node, low, high, self.take("?"))
        return node

    def primary(self) -> Node:
        token = self.peek()
        if token is None:
            raise PatternSyntaxError(None)
        if token.kind == "name" and token.text.upper() == "PERMUTE":
            following = self.peek(1)
            if following is not None and following.kind == "(":
                self.index += 2
                items = [self.expression()]
                while self.take(","):
                    items.append(self.expression())
                self.expect(")")
                return Permute(tuple(items))
        if token.kind == "name":
            self.index += 1
            return Var(token.text)
        if token.kind == "(":
            self.index += 1
            node = self.expression()
            self.expect(")")
            return node
        if token.kind == "{":
            self.index += 1
            self.expect("-")
            node = self.expression()
            self.expect("-")
            self.expect("}")
            return Exclude(node)
        raise PatternSyntaxError(token)


def _vars(node: Node) -> Iterator[str]:
    if isinstance(node, Var):
        yield node.name
    elif isinstance(node, Concat | Alter):
        yield from _vars(node.left)
        yield from _vars(node.right)
    elif isinstance(node, Quantified | Exclude):
        yield from _vars(node.operand)
    else:
        for item in node.items:
            yield from _vars(item)


# Calcite's precedences (left, right) of the pattern operators: | is 3, concatenation 4, a
# quantifier 90; each left-associative (left 2p, right 2p + 1).
_PRECEDENCE = {Alter: (6, 7), Concat: (8, 9), Quantified: (180, 181)}


def _write(node: Node, left: int, right: int) -> str:
    """``node`` written between operators binding ``left`` and ``right`` (SqlCall.unparse)."""
    if isinstance(node, Var):
        return quote_identifier(node.name)
    if isinstance(node, Exclude):
        return "{- " + _write(node.operand, 0, 0) + " -}"
    if isinstance(node, Permute):
        return "PERMUTE (" + ", ".join(_write(i, 0, 0) for i in node.items) + ")"
    own_left, own_right = _PRECEDENCE[type(node)]
    if left > own_left or (own_right <= right and right != 0):
        return "(" + _write(node, 0, 0) + ")"
    if isinstance(node, Quantified):
        return _write(node.operand, own_left, own_right) + " " + _quantifier(node)
    separator = " | " if isinstance(node, Alter) else " "
    return _write(node.left, left, own_left) + separator + _write(node.right, own_right, right)


def _quantifier(node: Quantified) -> str:
    """SqlPatternQuantifierOperator.unparse: ``{ n }`` drops a reluctant ``?``."""
    low, high = node.low, node.high
    if low == high:
        return f"{{ {low} }}"
    if high == -1:
        text = {0: "*", 1: "+"}.get(low, f"{{ {low}, }}")
    elif low == 0 and high == 1:
        text = "?"
    elif low == -1:
        text = f"{{ , {high} }}"
    else:
        text = f"{{ {low}, {high} }}"
    return text + " ?" if node.reluctant else text
