"""Log records as JSON lines, with the extras a caller passed (user, environment, ...).

Every text of a line (the message, string extras, the traceback) has its secret option values
masked: a statement that reaches a log by a path that forgot to mask it still shows none."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from catalogs.flinksql.secrets import mask_ddl

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
                entry[key] = mask_ddl(value) if isinstance(value, str) else value
        if record.exc_info:
            entry["exception"] = mask_ddl(self.formatException(record.exc_info))
        return json.dumps(entry, default=str, ensure_ascii=False)
