"""Record the time-zone IDs of the JVM real Flink 2.3 runs in
(catalogs/flinksql/data/java_zone_ids.json): ``ZoneId.getAvailableZoneIds()``, which decides
the literal zones ``TO_TIMESTAMP_LTZ(s, format, zone)`` takes
(``catalogs/flinksql/views/timestamp_ltz.py``; Python's tz database holds others, such as
``EST``, that Java refuses: "Unknown time-zone ID: EST").

Usage, from the project root::

    .venv/bin/python tests/record_zones_oracle.py [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

DATA = ROOT / "catalogs" / "flinksql" / "data" / "java_zone_ids.json"


def recorded() -> str:
    new_environment()  # starts Flink's JVM
    from pyflink.java_gateway import get_gateway

    ids = sorted(str(i) for i in get_gateway().jvm.java.time.ZoneId.getAvailableZoneIds())
    return json.dumps(ids, indent=0) + "\n"


if __name__ == "__main__":
    sys.exit(record_or_check(__doc__, DATA, recorded))
