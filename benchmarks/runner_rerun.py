"""The re-run through the standing runner, timed: ``bench_rerun.py --via runner``.

``bridgescan prefect start`` (a server and the bridgescan runner beside it, pipeline/cli/
runner/), then the sample evening run once through the runner (all 26 pages read) and the
first open review item decided (``bridgescan review resolve``, ``candidate 1``): that output
folder is the starting point of every re-run below, each from a copy of its own, so each
is the re-run after one decision and publishes version 2.

- **the re-run after a decision, through the runner and in a fresh process, alternating**
  (``--repeats`` pairs, the first of each pair alternating too): wall time and the CPU of
  the client's process tree (the command as a shell starts it: ``bridgescan run``), and for
  the runner the CPU it gave the command (its log's line for it: from accepting it to its
  exit code) and after it (the run's objects given back to the collector and collected);
- **the runner's size over ``--rss-runs`` re-runs** (each after a decision, from its own
  copy): its resident size after each, from its log's line.

Wall times follow the machine's load (printed); compare CPU.
"""

from __future__ import annotations

import json
import re
import resource
import shutil
import statistics
import subprocess
import time
from pathlib import Path

__all__ = ["measure_runner"]

ROOT = Path(__file__).parents[1]
_LOGGED = re.compile(r" command (\d+): .* -> (\d+), ([\d.]+) s of CPU, then ([\d.]+) s "
                     r"collecting; (\d+) MB")  # fmt: skip


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    began, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(command, env=env, cwd=ROOT, text=True, capture_output=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return time.perf_counter() - began, _children_cpu() - cpu, done.stdout


def _logged(log: Path, count: int) -> dict[str, float]:
    """The runner's line for its ``count``-th command (waited for: it is written after the
    client has its exit code)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for line in log.read_text("utf-8").splitlines():
            found = _LOGGED.search(line)
            if found and int(found[1]) == count:
                return {"runner_cpu_s": float(found[3]), "runner_collecting_s": float(found[4]),
                        "runner_rss_mb": float(found[5])}  # fmt: skip
        time.sleep(0.1)
    raise SystemExit(f"the runner logged no command {count} in {log}")


def _summary(runs: list[dict[str, float]]) -> dict[str, object]:
    keys = runs[0].keys()
    return {"runs": len(runs),
            **{f"{key}_median": round(statistics.median(r[key] for r in runs), 2) for key in keys},
            **{f"{key}_all": [round(r[key], 2) for r in runs] for key in keys}}  # fmt: skip


def measure_runner(scratch: Path, env: dict[str, str], bridgescan: Path, repeats: int,
                   rss_runs: int) -> dict[str, object]:  # fmt: skip
    """What the module's docstring says, in ``scratch`` with ``env`` (its PREFECT_HOME
    fresh); the server and the runner stopped at the end."""
    home = Path(env["PREFECT_HOME"])
    program = [str(bridgescan)]
    result: dict[str, object] = {}
    started = _timed([*program, "prefect", "start", "--port", "0"], env)
    result["start_server_and_runner"] = {"wall_s": round(started[0], 1)}
    try:
        log = home / "bridgescan-runner.log"
        served = 0
        base = scratch / "decided"
        first = _timed([*program, "run", "sample_data", "-o", str(base)], env)
        served += 1
        result["first_run_through_the_runner"] = {
            "wall_s": round(first[0], 1), "client_cpu_s": round(first[1], 2),
            **_logged(log, served)}  # fmt: skip
        item = json.loads((base / "review" / "review.json").read_text())["items"][0]["id"]
        _timed([*program, "review", "resolve", str(base / "review"), item, "--by", "bench",
                "--value", "candidate 1"], env)  # fmt: skip
        ways: dict[str, list[dict[str, float]]] = {"runner": [], "fresh": []}
        for repeat in range(repeats):
            order = ("runner", "fresh") if repeat % 2 == 0 else ("fresh", "runner")
            for way in order:
                out = scratch / f"{way}{repeat}"
                shutil.copytree(base, out)
                more = ["--no-runner"] if way == "fresh" else []
                wall, cpu, _ = _timed([*program, "run", "sample_data", "-o", str(out), *more], env)
                figures = {"wall_s": wall, "client_tree_cpu_s": cpu}
                if way == "runner":
                    served += 1
                    figures.update(_logged(log, served))
                    figures["client_and_runner_cpu_s"] = cpu + figures["runner_cpu_s"]
                ways[way].append(figures)
                shutil.rmtree(out)
        result["rerun_after_a_decision"] = {way: _summary(runs) for way, runs in ways.items()}
        sizes = []
        for run in range(rss_runs):
            out = scratch / f"size{run}"
            shutil.copytree(base, out)
            _timed([*program, "run", "sample_data", "-o", str(out)], env)
            served += 1
            sizes.append(_logged(log, served)["runner_rss_mb"])
            shutil.rmtree(out)
        if sizes:
            result["runner_rss_mb_after_each_rerun"] = sizes
    finally:
        _timed([*program, "prefect", "stop"], env)
    return result
