"""The column-level lineage rows of a view, written with the view by the one write path."""

from __future__ import annotations

import logging

from catalogs import models as m
from catalogs.flinksql.catalog import CatalogView
from catalogs.flinksql.lineage import column_lineage
from environments.models import Environment

log = logging.getLogger(__name__)


def lineage_rows(environment: Environment, view: CatalogView) -> list[m.ColumnLineage]:
    """Rows saying which table and view columns each column of ``view`` derives from, and
    how (not saved; ``view`` is set when the view's row is)."""
    names = [c.name for c in view.columns]
    try:
        sources = column_lineage(view.expanded_query, names)
    except Exception:  # a shape the tracer does not know must not refuse a view Flink takes
        log.warning("no column lineage for view %s", view.identifier, exc_info=True)
        return []
    return [
        m.ColumnLineage(
            environment=environment,
            view_column=source.column,
            catalog_name=source.source.catalog,
            database_name=source.source.database,
            object_name=source.source.name,
            column_name=source.source_column,
            how=source.how.value,
        )
        for source in sources
    ]
