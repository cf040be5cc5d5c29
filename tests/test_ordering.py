"""The one dependency order of snapshots, init scripts and folder plans."""

from __future__ import annotations

import random

import pytest

from catalogs.flinksql.ordering import dependency_order


def test_it_puts_each_key_after_what_it_needs_and_keeps_the_given_order_otherwise() -> None:
    needs = {"a": ["c"], "b": [], "c": ["b", "missing"], "d": ["d"]}
    assert dependency_order(["a", "b", "c", "d"], lambda k: needs[k]) == ["b", "c", "a", "d"]


def test_it_keeps_a_cycle_last_in_the_given_order() -> None:
    needs = {"x": ["y"], "y": ["x"], "z": []}
    assert dependency_order(["x", "y", "z"], lambda k: needs[k]) == ["z", "x", "y"]


@pytest.mark.parametrize("seed", range(30))
def test_every_generated_acyclic_graph_is_ordered(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(1, 40)
    # key i needs only keys created before it in a hidden order: always acyclic
    hidden = list(range(count))
    rng.shuffle(hidden)
    rank = {key: n for n, key in enumerate(hidden)}
    needs = {
        k: [j for j in range(count) if rank[j] < rank[k] and rng.random() < 0.2] for k in hidden
    }
    ordered = dependency_order(list(range(count)), lambda k: needs[k])
    assert sorted(ordered) == list(range(count))
    placed = {key: n for n, key in enumerate(ordered)}
    assert all(placed[n] < placed[k] for k in needs for n in needs[k])
