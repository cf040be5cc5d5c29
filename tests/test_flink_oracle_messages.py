"""The recorder's reading of Flink's messages: what differs from run to run is written once."""

from __future__ import annotations

import pytest

from tests.flink_oracle import without_identity_hashes


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "namespace for SELECT 1, scope org.apache.calcite.sql.validate.ParameterScope@7dedc",
            "namespace for SELECT 1, scope org.apache.calcite.sql.validate.ParameterScope@<hash>",
        ),
        ("MatchRecognizeScope@2ad8d71e is not", "MatchRecognizeScope@<hash> is not"),
        ("PlannerComponentClassLoader @52a20ff0", "PlannerComponentClassLoader @<hash>"),
        ("Scope@0", "Scope@<hash>"),
    ],
)
def test_an_identity_hash_of_any_length_is_written_once(message: str, expected: str) -> None:
    assert without_identity_hashes(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Object 'user@example' not found",  # a lower-case name is not a Java class
        "Scope@123456789",  # nine digits: not an int's hex
        "Scope@zz",
    ],
)
def test_other_text_is_kept(message: str) -> None:
    assert without_identity_hashes(message) == message
