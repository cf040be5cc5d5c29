"""Which columns of which tables an expanded view query reads.

The expanded query Flink stores names every table fully and qualifies every column by its
table's alias, so the columns a view reads can be read off the text without resolving names
again.
"""

from __future__ import annotations

from collections import defaultdict

from sqlglot import exp

from .catalog import ObjectIdentifier
from .dialect import DIALECT


def columns_read(expanded_query: str) -> dict[ObjectIdentifier, set[str]]:
    """For each fully qualified table in the query, the names of the columns read from it."""
    tree = DIALECT.parse(expanded_query)[0]
    if tree is None:
        return {}
    aliases: dict[str, ObjectIdentifier] = {}
    result: dict[ObjectIdentifier, set[str]] = defaultdict(set)
    for table in tree.find_all(exp.Table):
        parts = [p.name for p in table.parts]
        if len(parts) != 3:
            continue
        identifier = ObjectIdentifier(*parts)
        aliases[table.alias_or_name] = identifier
        result.setdefault(identifier, set())
    for column in tree.find_all(exp.Column):
        identifier = aliases.get(column.table)
        if identifier is not None:
            result[identifier].add(column.name)
    return dict(result)
