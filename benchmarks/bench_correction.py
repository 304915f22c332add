"""A correction while the players wait: from the command to the new version written.

    .venv/bin/python benchmarks/bench_correction.py [--runs 5]

Publishes the bundled two-session sample event (*Autumn pairs*: 13 + 16 pairs, 26 + 30
boards, 420 result lines; session 1 from its typed workbook, the same evening the scans
hold) into a temporary output folder, then times corrections of one result (session 2,
board 6, NS 4 vs EW 10: +450 <-> +420, alternately) two ways, without a Prefect server:

- ``command``: ``bridgescan correct ...`` as a director types it, a new process each time:
  Python start-up and imports, store verification, the re-score of the whole event
  (validation, matchpoints, leveling, masterpoints), the change report, the workbook, the
  JSON and the CSV written as a version folder, the ``current`` link switched;
- ``function``: ``pipeline.corrections.correct`` called in one process (what the web console
  does), the same work without start-up.

Prints the figures as JSON (seconds: min, median, max), as wall-clock time and as CPU time
(this process and its children, user + system): on a shared machine the wall time grows
with the others' load, the CPU time much less, and on an idle two-core machine the wall time
of a correction is about its CPU time less the part built beside it (the workbook, on the
second core). The load average at the start and the end is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).parents[1]
SAMPLE = ROOT / "sample_data" / "club-evening"
PUBLISHED = datetime(2026, 11, 23, 20, 40, tzinfo=UTC)
CHANGES = (("=", "420"), ("+1", "450"))


def _publish(out: Path) -> None:
    from pipeline.flows.score_files import score_files

    os.environ["BRIDGESCAN_NOW"] = PUBLISHED.isoformat()
    files = [str(SAMPLE / "session1.xlsx"), str(SAMPLE / "session2.csv")]
    score_files(SAMPLE / "event.yaml", files, out)


def _args(out: Path, run: int) -> list[str]:
    result, score = CHANGES[run % 2]
    return ["correct", str(out), "--session", "2", "--board", "6", "--ns", "4", "--ew", "10",
            "--result", result, "--score", score, "--by", "Bench Scorer", "--role", "scorer",
            "--reason", f"benchmark run {run}"]  # fmt: skip


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _summary(times: list[float]) -> dict[str, float]:
    return {"min": round(min(times), 3), "median": round(statistics.median(times), 3),
            "max": round(max(times), 3)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out"
        os.environ["XDG_CONFIG_HOME"] = str(Path(folder) / "config")  # the store key: its own
        _publish(out)
        bridgescan = Path(sys.executable).with_name("bridgescan")
        load_before = os.getloadavg()[0]
        command, command_cpu = [], []
        for run in range(runs):
            env = dict(os.environ)
            env["BRIDGESCAN_NOW"] = (PUBLISHED + timedelta(minutes=1 + run)).isoformat()
            cpu = _children_cpu()
            start = time.perf_counter()
            subprocess.run([str(bridgescan), *_args(out, run)], check=True, env=env,
                           stdout=subprocess.DEVNULL)  # fmt: skip
            command.append(time.perf_counter() - start)
            command_cpu.append(_children_cpu() - cpu)
        from pipeline.corrections import LineCorrection, Role, Signature, correct
        from pipeline.store import EventStore

        function, function_cpu = [], []
        for run in range(runs, 2 * runs):
            result, score = CHANGES[run % 2]
            request = LineCorrection(2, 6, 4, 10, result=result, score=int(score))
            signature = Signature("Bench Scorer", Role.SCORER, f"benchmark run {run}")
            at = PUBLISHED + timedelta(minutes=1 + run)
            os.environ["BRIDGESCAN_NOW"] = at.isoformat()  # the store's clock: one clock
            cpu = time.process_time() + _children_cpu()
            start = time.perf_counter()
            with EventStore(out / "bridgescan.sqlite") as store:
                outcome = correct(store, out, request, signature, clock=lambda at=at: at)
            function.append(time.perf_counter() - start)
            function_cpu.append(time.process_time() + _children_cpu() - cpu)
        versions = outcome.published.version
    print(json.dumps({
        "benchmark": "correction: command to new version written (sample event, 2 sessions)",
        "lines": 420, "versions_written": versions,
        "command_seconds": _summary(command), "command_cpu_seconds": _summary(command_cpu),
        "function_seconds": _summary(function), "function_cpu_seconds": _summary(function_cpu),
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "goal_seconds": 3,
    }, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
