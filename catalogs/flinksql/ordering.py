"""One stable dependency order, used wherever objects are written or replayed in the order
they read each other (snapshot documents, init scripts, folder plans)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def dependency_order(keys: Sequence[K], needs: Callable[[K], Iterable[K]]) -> list[K]:
    """``keys``, each after the keys it needs (only those among ``keys`` count, itself aside);
    of those ready, the earliest in ``keys`` first. Keys in a cycle come last, in ``keys``
    order: whoever replays them reports the cycle."""
    position = {key: n for n, key in enumerate(keys)}
    readers: list[list[int]] = [[] for _ in keys]
    waiting = [0] * len(keys)
    for n, key in enumerate(keys):
        needed = {position[k] for k in needs(key) if k in position} - {n}
        waiting[n] = len(needed)
        for target in needed:
            readers[target].append(n)
    ready = [n for n, count in enumerate(waiting) if count == 0]
    heapq.heapify(ready)
    ordered: list[int] = []
    while ready:
        n = heapq.heappop(ready)
        ordered.append(n)
        for reader in readers[n]:
            waiting[reader] -= 1
            if waiting[reader] == 0:
                heapq.heappush(ready, reader)
    done = set(ordered)
    ordered += [n for n in range(len(keys)) if n not in done]
    return [keys[n] for n in ordered]
