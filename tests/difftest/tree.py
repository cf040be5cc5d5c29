"""The tree a generated statement is made of: expressions and query parts that render to SQL
and that the reducer can shrink (every node lists the simpler nodes it may be replaced by)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

Part = Union["Node", str]


@dataclass(frozen=True)
class Node:
    """A piece of SQL: ``parts`` rendered one after the other, or with ``sep`` set, the non-empty
    parts joined by it (a list whose items the reducer may drop, down to one). ``cat`` is the type
    category of an expression, ``"clause"`` for an optional clause (WHERE ..., ORDER BY ...) the
    reducer may drop, None otherwise. ``shrinks`` are simpler nodes that may replace this one."""

    parts: tuple[Part, ...]
    cat: str | None = None
    shrinks: tuple[Node, ...] = ()
    sep: str | None = None

    def render(self) -> str:
        texts = [p if isinstance(p, str) else p.render() for p in self.parts]
        if self.sep is None:
            return "".join(texts)
        return self.sep.join(t for t in texts if t)


def node(*parts: Part, cat: str | None = None, shrinks: tuple[Node, ...] = ()) -> Node:
    return Node(tuple(parts), cat, shrinks)


def join_list(items: list[Node], sep: str = ", ") -> Node:
    """``a, b, c``: the reducer may drop items (down to one)."""
    return Node(tuple(items), None, (), sep)


def clause(*parts: Part) -> Node:
    """An optional clause: the reducer may drop it."""
    return Node(tuple(parts), "clause")


def candidates(tree: Node) -> list[Node]:
    """Every tree one step simpler than ``tree``: a shrink applied, a list item or a clause
    dropped, anywhere in the tree; removals near the root first."""
    out: list[Node] = list(tree.shrinks)
    live = [i for i, p in enumerate(tree.parts) if p != ""]
    for index, part in enumerate(tree.parts):
        if isinstance(part, str):
            continue
        if tree.sep is not None and len(live) > 1 or part.cat == "clause":
            out.append(_with_part(tree, index, ""))
    for index, part in enumerate(tree.parts):
        if isinstance(part, Node):
            out.extend(_with_part(tree, index, smaller) for smaller in candidates(part))
    return out


def _with_part(tree: Node, index: int, new: Part) -> Node:
    parts = list(tree.parts)
    parts[index] = new
    return replace(tree, parts=tuple(parts))


def size(tree: Part) -> int:
    return len(tree) if isinstance(tree, str) else sum(size(p) for p in tree.parts)
