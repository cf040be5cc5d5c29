"""Flink-exact view normalization, without a JVM.

When a view is created Flink (Calcite underneath) validates its query and stores the *expanded*
query: every name resolved and quoted, every table fully qualified and aliased, every column
qualified, ``*`` expanded, Calcite's own spelling of each construct. ``SHOW CREATE VIEW`` prints
that text after ``AS`` and ``DESCRIBE`` prints the columns Flink derived. :func:`expand_view`
computes both, byte for byte as Flink 2.3 does.
"""

from __future__ import annotations

from collections.abc import Sequence

from .relations import CatalogReader, Dependency, ExpandedView, Relation, RelationColumn


def expand_view(
    query: str,
    reader: CatalogReader,
    current_catalog: str,
    current_database: str,
    column_names: Sequence[str] | None = None,
    query_position: tuple[int, int] = (1, 1),
) -> ExpandedView:
    """Validate ``query`` as Flink does for ``CREATE VIEW`` and expand it.

    ``column_names`` is the view's optional column list. ``query_position`` is the line and
    column where the query starts in the statement (Flink's messages count from there).
    Raises :class:`~..errors.ValidationError` or :class:`~..errors.SqlParseError` with Flink's
    messages.
    """
    from .validator import validate_view

    return validate_view(
        query, reader, current_catalog, current_database, column_names, query_position
    )


def relations_named(query: str) -> list[tuple[str, ...]]:
    """The names of the tables and views ``query`` names (FROM and JOIN items, CTE names too),
    as written; none when it does not parse. What validating it will look up, so that a batch
    of views can look them up together first; parsed once for both, through the validator's
    cache."""
    from sqlglot import exp

    from .query_syntax import _parsed

    try:
        node = _parsed(query)
    except Exception:  # validating the query reports it
        return []
    if node is None:
        return []
    return [tuple(part.name for part in table.parts) for table in node.find_all(exp.Table)]


__all__ = [
    "CatalogReader",
    "Dependency",
    "ExpandedView",
    "Relation",
    "RelationColumn",
    "expand_view",
    "relations_named",
]
