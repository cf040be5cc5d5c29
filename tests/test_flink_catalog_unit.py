"""The Flink catalog plugin's Java unit tests (flink-catalog/src/test): statement building from
TableChange lists, option validation, placeholder resolution and error mapping. No JUnit jar is
reachable here and the apache-flink wheel ships none, so they run with a runner of their own
(``TestRunner``), which ``make flink-catalog-test`` compiles with javac and runs."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.flink_oracle import flink_available
from tests.live_dashboard import ROOT, make_plugin

pytestmark = [
    pytest.mark.flink,
    pytest.mark.skipif(
        (not flink_available() or shutil.which("javac") is None)
        and os.environ.get("REQUIRE_FLINK") != "1",
        reason="needs javac and java on PATH and PyFlink",
    ),
]


def test_the_plugins_java_unit_tests_pass() -> None:
    done = make_plugin("flink-catalog-test")
    out = done.stdout
    assert done.returncode == 0, (out + done.stderr)[-6000:]
    [summary] = re.findall(r"^(\d+) passed, (\d+) failed$", out, re.MULTILINE)
    passed, failed = map(int, summary)
    assert failed == 0 and passed >= 39, out[-3000:]
    assert "FAIL " not in out
    # every test class of the folder is run: none is left out of TestRunner's list
    folder = ROOT / "flink-catalog" / "src" / "test" / "java" / "org" / "flinkdashboard"
    classes = {p.stem for p in folder.rglob("*Test.java")}
    ran = set(re.findall(r"^PASS (\w+)\.", out, re.MULTILINE))
    assert ran == classes
