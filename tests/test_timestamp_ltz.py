"""TO_TIMESTAMP_LTZ's literal zone is checked against the zone IDs of Flink's JVM
(catalogs/flinksql/data/java_zone_ids.json, tests/record_zones_oracle.py); its views are in
the golden views_difftest_seed26."""

from __future__ import annotations

import json

import pytest

from catalogs.flinksql.errors import ValidationError
from catalogs.flinksql.views.timestamp_ltz import check_zone
from tests.record_zones_oracle import DATA, recorded
from tests.snapshot_catalogs import require_flink

RECORDED = json.loads(DATA.read_text(encoding="utf-8"))


def _refusal(zone: str) -> str:
    with pytest.raises(ValidationError) as raised:
        check_zone(zone)
    return str(raised.value)


def test_every_zone_id_of_the_jvm_is_taken() -> None:
    for zone in RECORDED:
        check_zone(zone)  # raises for a refused one


@pytest.mark.parametrize("zone", ["UTC", "GMT", "UT", "Z", "+08:00", "-5", "GMT+8", "UTC-03:30"])
def test_fixed_offsets_and_their_prefixes_are_taken(zone: str) -> None:
    check_zone(zone)


@pytest.mark.parametrize(
    ("zone", "message"),
    [
        ("EST", "Unknown time-zone ID: EST"),  # in Python's tz database, not in Java's
        ("Mars/Base", "Unknown time-zone ID: Mars/Base"),
        ("", "Invalid ID for ZoneOffset, invalid format: "),
        ("+25:00", "Zone offset hours not in valid range: value 25 is not in the range -18 to 18"),
        ("GMT+25", "Invalid ID for offset-based ZoneId: GMT+25"),
        ("1abc", "Invalid ID for region-based ZoneId, invalid format: 1abc"),
    ],
)
def test_a_zone_java_refuses_is_refused_with_its_message(zone: str, message: str) -> None:
    assert _refusal(zone) == f"Invalid timezone for parsing TIMESTAMP_LTZ: {message}"


@pytest.mark.flink
def test_the_recorded_zone_ids_are_the_engines() -> None:
    require_flink()
    assert recorded() == DATA.read_text(encoding="utf-8")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "call",
    [
        "TO_TIMESTAMP_LTZ('x', c, c)",
        "TO_TIMESTAMP_LTZ(c, c, c)",
        "TO_TIMESTAMP_LTZ(c, c)",
        "TO_TIMESTAMP_LTZ(vc, '', s)",
        "TO_TIMESTAMP_LTZ('2024-01-01', 'yyyy-MM-dd', vc)",
    ],
)
def test_the_string_form_takes_any_character_strings(run, call: str) -> None:
    """Its type does not depend on the strings' kinds and lengths (seeds 32 and 39: a call of
    CHAR(4) columns was refused as not in the record); golden views_to_timestamp_ltz_strings."""
    run(
        "CREATE TABLE t (c CHAR(4) NOT NULL, vc VARCHAR(20), s STRING) "
        "WITH ('connector' = 'datagen')"
    )
    created, described = run(f"CREATE VIEW v AS SELECT {call} AS m FROM t;\nDESCRIBE v;")
    assert created.ok, created.error
    assert list(described.rows[0][:3]) == ["m", "TIMESTAMP_LTZ(3)", True]
