"""Shrink a disagreeing statement to a minimal one that still disagrees the same way.

Greedy: try every one-step simpler tree (``tree.candidates``: a select item, predicate, join,
clause or subexpression dropped or replaced by a part of it), keep the first one whose
disagreement has the same category, repeat until none does or the budget is spent.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.difftest.tree import Node, candidates, size


def reduce(tree: Node, same: Callable[[Node], bool], budget: int = 200) -> tuple[Node, int]:
    """The smallest tree found for which ``same`` holds, and the number of checks spent."""
    spent = 0
    seen: set[str] = {tree.render()}
    improved = True
    while improved and spent < budget:
        improved = False
        options = sorted(candidates(tree), key=lambda t: size(t))
        for option in options:
            text = option.render()
            if text in seen or size(option) >= size(tree):
                continue
            seen.add(text)
            spent += 1
            if same(option):
                tree, improved = option, True
                break
            if spent >= budget:
                break
    return tree, spent
