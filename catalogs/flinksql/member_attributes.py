"""Time attributes inside a type: the members of a row, an array, a map or a multiset that are
a rowtime or proctime attribute (``ROW(ts)`` of a rowtime ``ts`` is ``ROW<`EXPR$0`
TIMESTAMP(3) *ROWTIME*>`` in Flink's DESCRIBE, and a view reading it sees a rowtime again).

A type's text never says them (Flink's type parser takes no ``*ROWTIME*``), so they are kept
beside it as *member paths*: the positions of the children from the root to the member
(``(0,)`` is a row's first field or a collection's element, ``(1,)`` a map's value), each with
its attribute. The root's own attribute is not one of them; a column keeps it by itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from .types import TIME_ATTRIBUTES, DataType

MemberPath = tuple[int, ...]


def member_time_attributes(data_type: DataType) -> tuple[tuple[MemberPath, str], ...]:
    """Every member of ``data_type`` that is a time attribute, with its path, depth first."""
    found: list[tuple[MemberPath, str]] = []

    def walk(t: DataType, path: MemberPath) -> None:
        for i, child in enumerate(t.children):
            if child.time_attribute:
                found.append(((*path, i), child.time_attribute))
            walk(child, (*path, i))

    walk(data_type, ())
    return tuple(found)


def with_member_time_attributes(
    data_type: DataType, members: Iterable[tuple[Sequence[int], str] | list[Any]]
) -> DataType:
    """``data_type`` with each member at a path made that time attribute. A ValueError names
    a path that leads nowhere, an attribute that is not one, and a member that cannot be one
    (only TIMESTAMP and TIMESTAMP_LTZ can)."""
    for path, kind in members:
        if kind not in TIME_ATTRIBUTES:
            raise ValueError(f"'{kind}' is not a time attribute (ROWTIME or PROCTIME)")
        if not path or not all(isinstance(i, int) and not isinstance(i, bool) for i in path):
            raise ValueError(f"{list(path)!r} is not a member path (positions of members)")
        data_type = _with_member(data_type, tuple(path), kind, tuple(path))
    return data_type


def _with_member(t: DataType, path: MemberPath, kind: str, whole: MemberPath) -> DataType:
    index, rest = path[0], path[1:]
    if not 0 <= index < len(t.children):
        raise ValueError(f"member path {list(whole)!r} leads nowhere in {t.summary()}")
    child = t.children[index]
    child = _with_member(child, rest, kind, whole) if rest else child.with_time_attribute(kind)
    children = (*t.children[:index], child, *t.children[index + 1 :])
    return replace(t, children=children)
