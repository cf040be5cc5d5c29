"""A Java class compiled for a test against the Flink of the apache-flink package (``javac``),
and packed into a jar Flink can load: the tests' user-defined functions."""

from __future__ import annotations

import subprocess
from pathlib import Path


def compiled_jar(build: Path, source: str, text: str, jar: str) -> Path:
    """``text`` as ``build/source`` (``example/Shout.java``), compiled and packed into
    ``build/jar``."""
    import pyflink

    (build / source).parent.mkdir(parents=True, exist_ok=True)
    (build / source).write_text(text)
    [api] = (Path(pyflink.__file__).parent / "lib").glob("flink-table-api-java-uber-*.jar")
    subprocess.run(["javac", "--release", "17", "-cp", str(api), source], cwd=build, check=True)
    compiled = source.removesuffix(".java") + ".class"
    subprocess.run(["jar", "--create", "--file", jar, compiled], cwd=build, check=True)
    return build / jar
