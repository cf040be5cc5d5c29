"""Statement handlers, one module per kind of object; each returns (columns, rows)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from catalogs.flinksql import statements as st

from . import catalogs, databases, functions, models, reads, tables, views
from .context import Context, Result

HANDLERS: dict[type[st.Statement], Callable[[Context, Any], Result]] = {
    **catalogs.HANDLERS,
    **databases.HANDLERS,
    **tables.HANDLERS,
    **functions.HANDLERS,
    **models.HANDLERS,
    **reads.HANDLERS,
    **views.HANDLERS,
}

__all__ = ["HANDLERS", "Context", "Result"]
