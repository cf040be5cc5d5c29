"""One differential run: generate, ask both sides, classify, reduce, report."""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tests.difftest.compare import CATEGORIES, DISAGREEMENTS, classify, signature
from tests.difftest.generator import Generated, generate
from tests.difftest.reducer import reduce
from tests.difftest.tree import Node


@dataclass
class Finding:
    index: int
    category: str
    signature: str
    statement: str
    difference: str | None
    flink: list
    ours: list
    reduced: str | None = None
    reduced_flink: list | None = None
    reduced_ours: list | None = None


@dataclass
class Outcome:
    generated: int = 0
    mutants: int = 0
    flink_valid: int = 0
    categories: Counter = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    cache_hits: int = 0
    cache_misses: int = 0

    def to_json(self) -> dict:
        data = {k: v for k, v in self.__dict__.items() if k != "findings"}
        data["categories"] = dict(self.categories)
        data["findings"] = [f.__dict__ for f in self.findings]
        return data

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        outcome = cls(**{k: v for k, v in data.items() if k not in ("findings", "categories")})
        outcome.categories = Counter(data["categories"])
        outcome.findings = [Finding(**f) for f in data["findings"]]
        return outcome

    def merge(self, other: Outcome) -> None:
        for name in ("generated", "mutants", "flink_valid", "cache_hits", "cache_misses"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.seconds = max(self.seconds, other.seconds)
        self.categories.update(other.categories)
        self.findings.extend(other.findings)

    def figures(self) -> str:
        lines = [
            f"generated views:        {self.generated} ({self.mutants} mutated to be invalid)",
            f"valid per Flink:        {self.flink_valid}",
        ]
        for category in CATEGORIES:
            lines.append(f"  {category:24s}{self.categories.get(category, 0)}")
        disagree = sum(self.categories.get(c, 0) for c in DISAGREEMENTS)
        lines.append(f"disagreements:          {disagree}")
        lines.append(f"time:                   {self.seconds:.1f} s")
        lines.append(f"Flink cache:            {self.cache_hits} hits, {self.cache_misses} asked")
        return "\n".join(lines)


class Sides:
    """Both engines, ready: Flink (warm, cached) and the dashboard (Django in memory)."""

    def __init__(self, part: str = "", cached: bool = True) -> None:
        from tests.difftest.dashboard_side import Dashboard, setup_django
        from tests.difftest.flink_side import CACHE_DIR, FlinkOracle

        setup_django()
        self.flink = FlinkOracle(CACHE_DIR if cached else None, part=part)
        self.dashboard = Dashboard(self.flink.schema)

    def ask(self, statement: str) -> tuple[list, list, str, str | None]:
        flink = self.flink.answer(statement)
        ours = self.dashboard.answer(statement)
        category, difference = classify(flink, ours)
        return flink, ours, category, difference


def run(
    seed: int,
    count: int,
    start: int = 0,
    reduce_each: int = 2,
    budget: int = 120,
    sides: Sides | None = None,
    progress: bool = False,
    part: str = "",
    only: str = "",
) -> Outcome:
    sides = sides or Sides(part)
    outcome = Outcome()
    began = time.perf_counter()
    reduced_per_signature: Counter = Counter()
    for generated in generate(seed, count, start):
        if only and only not in generated.statement:
            continue  # a targeted run: only the views with this text
        outcome.generated += 1
        outcome.mutants += generated.mutant
        flink, ours, category, difference = sides.ask(generated.statement)
        outcome.flink_valid += bool(flink[0]["ok"])
        outcome.categories[category] += 1
        if category != "agree":
            sig = signature(category, flink, ours)
            finding = Finding(
                generated.index, category, sig, generated.statement, difference, flink, ours
            )
            if (
                reduce_each
                and reduced_per_signature[sig] < reduce_each
                and category in DISAGREEMENTS
            ):
                reduced_per_signature[sig] += 1
                _reduce(finding, generated, sides, budget)
            outcome.findings.append(finding)
        if progress and outcome.generated % 200 == 0:
            print(f"... {outcome.generated} views, {time.perf_counter() - began:.0f} s", flush=True)
    outcome.seconds = time.perf_counter() - began
    outcome.cache_hits, outcome.cache_misses = sides.flink.hits, sides.flink.misses
    return outcome


def _reduce(finding: Finding, generated: Generated, sides: Sides, budget: int) -> None:
    def same(tree: Node) -> bool:
        flink, ours, category, _ = sides.ask(generated.statement_of(tree))
        return (
            category == finding.category and signature(category, flink, ours) == finding.signature
        )

    tree, _ = reduce(generated.tree, same, budget)
    finding.reduced = generated.statement_of(tree)
    finding.reduced_flink, finding.reduced_ours, _, _ = sides.ask(finding.reduced)


def write_report(outcome: Outcome, path: Path, seed: int) -> None:
    """The disagreements, grouped by signature, each with its reduced statement and both answers."""
    path.parent.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list[Finding]] = {}
    for f in outcome.findings:
        groups.setdefault(f.signature, []).append(f)
    order = sorted(
        groups.items(), key=lambda kv: (CATEGORIES.index(kv[1][0].category), -len(kv[1]))
    )
    lines = [f"# Differential run, seed {seed}", "", "```", outcome.figures(), "```", ""]
    for sig, items in order:
        lines.append(f"## {sig}  ({len(items)})")
        for f in items[:3]:
            lines.append(f"- #{f.index}: `{f.statement[:400]}`")
            if f.difference:
                lines.append(f"  difference: {f.difference[:600]!r}")
            if f.reduced:
                lines.append(f"  reduced: `{f.reduced}`")
                lines.append(f"  Flink: {_brief(f.reduced_flink)}")
                lines.append(f"  ours:  {_brief(f.reduced_ours)}")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    data = path.with_suffix(".jsonl")
    with data.open("w", encoding="utf-8") as out:
        for f in outcome.findings:
            out.write(json.dumps(f.__dict__, ensure_ascii=False, default=str) + "\n")


def _brief(answer: list | None) -> str:
    if not answer:
        return "-"
    parts = []
    for r in answer:
        if r["ok"]:
            rows = r["rows"]
            parts.append(json.dumps(rows, ensure_ascii=False)[:700])
        else:
            parts.append("ERROR " + (r["error"] or "")[:400])
    return " | ".join(parts)
