"""``python -m tests.difftest --seed N --count K [--jobs J]``: a differential run against real
Flink. Prints the figures and writes a report of the disagreements (each kind reduced to a
minimal statement) to ``.cache/difftest/report-<seed>-<start>.md``. With ``--jobs`` the range is
split between that many processes, each with its own JVM."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tests.difftest.run import Outcome, run, write_report

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / ".cache" / "difftest"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="index of the first statement")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one JVM each)")
    parser.add_argument("--reduce", type=int, default=2, help="reduce this many per kind (0: none)")
    parser.add_argument("--budget", type=int, default=120, help="checks per reduction")
    parser.add_argument("--report", type=Path, default=None)
    parser.add_argument("--only", default="", help="run only the views containing this text")
    parser.add_argument("--part", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    report = args.report or OUT / f"report-{args.seed}-{args.start}.md"
    if args.jobs > 1:
        outcome = _parallel(args)
    else:
        outcome = run(
            args.seed,
            args.count,
            args.start,
            args.reduce,
            args.budget,
            progress=True,
            part=args.part,
            only=args.only,
        )
        if args.part:
            (OUT / f"outcome{args.part}.json").write_text(json.dumps(outcome.to_json()))
            return
    write_report(outcome, report, args.seed)
    print(outcome.figures())
    print(f"report: {report}")


def _parallel(args: argparse.Namespace) -> Outcome:
    chunk = -(-args.count // args.jobs)
    children = []
    for job in range(args.jobs):
        start = args.start + job * chunk
        count = min(chunk, args.start + args.count - start)
        if count <= 0:
            break
        command = [
            sys.executable,
            "-m",
            "tests.difftest",
            "--seed",
            str(args.seed),
            "--start",
            str(start),
            "--count",
            str(count),
            "--reduce",
            str(args.reduce),
            "--budget",
            str(args.budget),
            f"--part=-{args.seed}-{start}",
            f"--only={args.only}",
        ]
        children.append((subprocess.Popen(command, cwd=ROOT), f"-{args.seed}-{start}"))
    total = Outcome()
    for child, part in children:
        if child.wait() != 0:
            raise SystemExit(f"job {part} failed")
        total.merge(Outcome.from_json(json.loads((OUT / f"outcome{part}.json").read_text())))
    return total


if __name__ == "__main__":
    main()
