"""Whether the dashboard is reading a text Flink wrote (``lineage.parse_expanded``), where it
takes what Flink writes though Flink's parser refuses it: a NULL type in the casts of a
constructor of NULL fields (``CAST(ROW(NULL) AS ROW(`EXPR$0` NULL))``), a literal chain in
parentheses as POSITION's needle (``- POSITION(('x'\n'y') IN s)``)."""

from __future__ import annotations

from contextvars import ContextVar

READING_STORED_TEXT: ContextVar[bool] = ContextVar("reading_stored_text", default=False)
