"""The one executor: every change to the catalog is a Flink SQL statement run here."""

from .core import Executor, StatementResult
from .session import Session

__all__ = ["Executor", "Session", "StatementResult"]
