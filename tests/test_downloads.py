"""The Flink catalog plugin's jar for download, and its page."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from catalogs.pages import downloads


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(downloads, "JAR_DIRECTORY", tmp_path)
    (tmp_path / "flink-catalog-dashboard-0.1.0.jar").write_bytes(b"PK the jar")
    (tmp_path / "classes").mkdir()
    return tmp_path


def test_it_serves_the_built_jar_with_instructions(client: Client, built: Path) -> None:
    page = client.get("/downloads/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'href="/downloads/flink-catalog-dashboard-0.1.0.jar"' in text
    assert "'url' = 'http://testserver'" in text
    jar = client.get("/downloads/flink-catalog-dashboard-0.1.0.jar")
    assert jar.status_code == 200
    assert jar["Content-Type"] == "application/java-archive"
    assert b"".join(jar.streaming_content) == b"PK the jar"


def test_it_serves_nothing_else_and_says_when_no_jar_is_built(
    client: Client, built: Path, anonymous_client: Client
) -> None:
    assert client.get("/downloads/classes").status_code == 404
    assert client.get("/downloads/..%2Fsettings.py").status_code == 404
    assert anonymous_client.get("/downloads/").status_code == 302
    (built / "flink-catalog-dashboard-0.1.0.jar").unlink()
    assert "run <code>make flink-catalog</code>" in client.get("/downloads/").content.decode()
