"""The format's constants and snapshot ids."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

FORMAT_VERSION = 1
FLINK_VERSION = "2.3.0"
SNAPSHOT_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$")
LANGUAGES = ("JAVA", "SCALA", "PYTHON")
# a view column's key for the time attributes inside its type (a row's field, an array's element)
MEMBER_TIME_ATTRIBUTES = "memberTimeAttributes"

Document = dict[str, Any]


def new_snapshot_id(now: datetime, suffix: str) -> str:
    """``YYYYMMDD-HHMMSS-<4 hex>``."""
    if not re.fullmatch(r"[0-9a-f]{4}", suffix):
        raise ValueError(f"snapshot id suffix must be 4 hex digits, not {suffix!r}")
    return f"{now:%Y%m%d-%H%M%S}-{suffix}"


def is_snapshot_id(text: str) -> bool:
    return bool(SNAPSHOT_ID.match(text))
