"""Log records as JSON lines, with the extras a caller passed (user, environment, ...).

Every text of a line (the message, the extras and what they hold, the traceback) has its secret
option values masked: a statement or options that reach a log by a path that forgot to mask
them still show none."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

from catalogs.flinksql.secrets import mask_ddl, mask_value

# The attributes every LogRecord has; anything else on a record came in through ``extra``.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": mask_ddl(record.getMessage()),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = _masked(value)
        if record.exc_info:
            entry["exception"] = mask_ddl(self.formatException(record.exc_info))
        return json.dumps(entry, default=str, ensure_ascii=False)


def _masked(value: Any) -> Any:
    """An extra's value with its texts masked: a map's values under secret keys, and every text
    inside maps, lists and tuples (options or query parameters passed as they are)."""
    if isinstance(value, str):
        return mask_ddl(value)
    if isinstance(value, dict):
        return {
            str(k): mask_value(str(k), v) if isinstance(v, str) else _masked(v)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_masked(item) for item in value]
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return mask_ddl(str(value))
