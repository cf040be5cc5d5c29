"""The heap of the JVM the verify starts is bounded (``FLINK_VERIFY_HEAP``, default ``1g``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from catalogs.flink_verify import session
from tests.snapshot_catalogs import require_flink

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


@pytest.mark.parametrize(
    ("value", "option"),
    [("", "-Xmx1g"), ("768m", "-Xmx768m"), (" 2G ", "-Xmx2G"), ("300M", "-Xmx300M")],
)
def test_the_heap_option_comes_from_the_variable(
    monkeypatch: pytest.MonkeyPatch, value: str, option: str
) -> None:
    monkeypatch.setenv("FLINK_VERIFY_HEAP", value)
    assert session.heap_option() == option


@pytest.mark.parametrize("value", ["1", "0g", "1.5g", "1gb", "-1g", "1k", "1t", "1g -Xms9g"])
def test_a_heap_that_is_not_a_size_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("FLINK_VERIFY_HEAP", value)
    with pytest.raises(ValueError) as refused:
        session.heap_option()
    assert str(refused.value) == (
        f"FLINK_VERIFY_HEAP is {value!r}: give the Flink JVM's heap as a size such as 768m or 2g"
    )


def test_a_long_heap_value_is_named_cut_and_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLINK_VERIFY_HEAP", "9" * 100)
    with pytest.raises(ValueError, match=r"^FLINK_VERIFY_HEAP is '9{40}'\.\.\.: give"):
        session.heap_option()


JVM_MAX_MEMORY = """
import os, sys
sys.path.insert(0, sys.argv[1])
from catalogs.flink_verify.session import new_environment
new_environment()
from pyflink.java_gateway import get_gateway
print(get_gateway().jvm.java.lang.Runtime.getRuntime().maxMemory())
print(os.environ["JVM_ARGS"])
"""


def _jvm(**variables: str) -> tuple[int, str]:
    environment = {
        k: v for k, v in os.environ.items() if k not in {"JVM_ARGS", "FLINK_VERIFY_HEAP"}
    }
    done = subprocess.run(
        [sys.executable, "-c", JVM_MAX_MEMORY, str(ROOT)],
        env={**environment, **variables},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    maximum, arguments = done.stdout.strip().splitlines()[-2:]
    return int(maximum), arguments


@pytest.mark.flink
def test_the_jvm_the_verify_starts_has_the_bounded_heap() -> None:
    require_flink()
    maximum, arguments = _jvm(FLINK_VERIFY_HEAP="300m")
    # the JVM reports the heap less one survivor space
    assert 200 * MB < maximum <= 300 * MB
    assert arguments.split().count("-Xmx300m") == 1


@pytest.mark.flink
def test_an_xmx_in_jvm_args_is_left_to_rule() -> None:
    require_flink()
    maximum, arguments = _jvm(JVM_ARGS="-Xmx256m", FLINK_VERIFY_HEAP="2g")
    assert 150 * MB < maximum <= 256 * MB
    assert "-Xmx2g" not in arguments
