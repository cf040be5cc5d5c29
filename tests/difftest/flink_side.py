"""Real Flink's answers to generated views: one warm JVM, one session, answers cached on disk.

For each view statement Flink runs ``CREATE VIEW``, then (if it was accepted) ``SHOW CREATE
VIEW`` and ``DESCRIBE``, then drops the view. The answers are kept in a JSON-lines cache keyed by
a hash of the schema text and the statement, so that a rerun asks the JVM only for what is new.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from catalogs.flinksql.splitter import split_statements
from tests.difftest.views import VIEW_DROPS, Answer, Steps, answer_with, view_steps
from tests.flink_oracle import new_environment, run_statement

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = Path(__file__).with_name("schema.sql")
CACHE_DIR = ROOT / ".cache" / "difftest"


def schema_text() -> str:
    return SCHEMA.read_text(encoding="utf-8")


def cache_key(schema: str, statement: str) -> str:
    """The key of one answer: a hash of the schema and the statement."""
    digest = hashlib.sha256()
    digest.update(schema.encode())
    digest.update(b"\0")
    digest.update(statement.encode())
    return digest.hexdigest()[:32]


class FlinkOracle:
    """Real Flink in one session that has loaded the schema; started on first use."""

    def __init__(
        self,
        cache_dir: Path | None = CACHE_DIR,
        part: str = "",
        steps: Steps = view_steps,
        drops: tuple[str, ...] = VIEW_DROPS,
    ) -> None:
        """``cache_dir`` holds ``flink*.jsonl`` files, all read; this oracle appends to
        ``flink<part>.jsonl`` (one file per parallel job, so that no two write one file).
        ``steps`` are the statements run for one generated statement (its first alone when
        it fails), ``drops`` what is run after them."""
        self.schema = schema_text()
        self.steps, self.drops = steps, drops
        self.cache: dict[str, Answer] = {}
        self.hits = 0
        self.misses = 0
        self._env: Any = None
        self.cache_path = None if cache_dir is None else cache_dir / f"flink{part}.jsonl"
        if cache_dir is not None and cache_dir.exists():
            for path in sorted(cache_dir.glob("flink*.jsonl")):
                for line in path.read_text(encoding="utf-8").splitlines():
                    if line.strip():
                        try:
                            entry = json.loads(line)
                        except json.JSONDecodeError:
                            continue  # a line cut short by an interrupted run
                        self.cache[entry["key"]] = entry["answer"]

    def _environment(self) -> Any:
        if self._env is None:
            env = new_environment()
            for statement in split_statements(self.schema):
                record = run_statement(env, statement)
                if not record["ok"]:
                    raise RuntimeError(f"Flink refuses the schema: {statement}\n{record['error']}")
            self._env = env
        return self._env

    def answer(self, statement: str) -> Answer:
        """Flink's answers to one generated statement (from the cache when known)."""
        key = cache_key(self.schema, statement)
        if key in self.cache:
            self.hits += 1
            return self.cache[key]
        self.misses += 1
        env = self._environment()
        answer = answer_with(
            lambda step: run_statement(env, step), statement, self.steps, self.drops
        )
        self.cache[key] = answer
        if self.cache_path is not None:
            self.cache_path.parent.mkdir(parents=True, exist_ok=True)
            with self.cache_path.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"key": key, "answer": answer}, ensure_ascii=False) + "\n")
        return answer
