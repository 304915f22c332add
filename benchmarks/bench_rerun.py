"""Re-running the sample evening: the pages read once are taken from the event store.

    .venv/bin/python benchmarks/bench_rerun.py [--repeats 1] [--store URL]

Runs ``bridgescan run sample_data`` the way a director does, each a fresh process (Prefect's
ephemeral API starts every time): first on an empty output folder (all 26 scanned pages
read), then again unchanged (``make run`` twice), then after one review decision
(``bridgescan review resolve``, the first open item, ``candidate 1``). Prints, as JSON, each
run's wall and CPU time (median over the repeats) and how many pages it took from the store
instead of reading them, and, for scale, what Prefect's local API costs on its own (one
trivial flow in a fresh process: every run pays it). The machine's load is printed too: on
a shared machine wall times grow with it, CPU times much less. ``--store`` runs the same
on another store (a PostgreSQL URL; each repeat in a new schema). ``--prefect``: the
same runs on Prefect's temporary API started by each command (``temporary``), with a
standing local server started once beforehand by ``bridgescan prefect start``
(``server``; stopped after), or both (the default).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).parents[1]
BRIDGESCAN = Path(sys.executable).with_name("bridgescan")


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(*args: str, env: dict[str, str], program: list[str] | None = None) -> tuple[
        float, float, str]:  # fmt: skip
    """Wall time, CPU time (user + system) and output of one command."""
    began, cpu = time.perf_counter(), _cpu()
    done = subprocess.run([*(program or [str(BRIDGESCAN)]), *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, check=False)  # fmt: skip
    took, used = time.perf_counter() - began, _cpu() - cpu
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n"
                         f"{done.stderr[-3000:]}")  # fmt: skip
    return took, used, done.stdout


# Prefect's own fixed cost: its local ephemeral API started and one trivial flow and task run.
TRIVIAL_FLOW = """
from pipeline.flows.prefect_env import configure_prefect
configure_prefect()
from prefect import flow, task
one = task(lambda: 1, name="one")
flow(lambda: one(), name="trivial")()
"""


def _reused(output: str) -> int:
    found = re.search(r"session 1: (\d+) of \d+ page\(s\) as read before", output)
    return int(found[1]) if found else 0


def _store_for(base: str | None) -> list[str]:
    if base is None:
        return []
    separator = "&" if "?" in base else "?"
    return ["--store", f"{base}{separator}schema=bench_{uuid.uuid4().hex[:10]}"]


def _measure(env: dict[str, str], scratch: Path, repeats: int, store_url: str | None) -> dict[
        str, object]:  # fmt: skip
    runs: dict[str, list[tuple[float, float]]] = {
        "first": [], "unchanged": [], "after a decision": []}  # fmt: skip
    pages: dict[str, int] = {}
    for repeat in range(repeats):
        out = scratch / f"out{repeat}"
        store = _store_for(store_url)
        command = ("run", "sample_data", "--out", str(out), *store)
        for name in ("first", "unchanged"):
            took, used, output = _run(*command, env=env)
            runs[name].append((took, used))
            pages[name] = _reused(output)
        queue = json.loads((out / "review" / "review.json").read_text())
        item = queue["items"][0]["id"]
        _run("review", "resolve", str(out / "review"), item, "--by", "bench",
             "--value", "candidate 1", env=env)  # fmt: skip
        took, used, output = _run(*command, env=env)
        runs["after a decision"].append((took, used))
        pages["after a decision"] = _reused(output)
    return {name: {"wall_s": round(statistics.median(t for t, _ in times), 1),
                   "cpu_s": round(statistics.median(c for _, c in times), 1),
                   "pages_taken_from_store": pages[name], "pages": 26}
            for name, times in runs.items()}  # fmt: skip


def _server_process(home: Path):  # type: ignore[no-untyped-def]
    import psutil

    state = json.loads((home / "bridgescan-server.json").read_text())
    return psutil.Process(state["pid"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--store", default=None, help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument("--prefect", choices=("temporary", "server", "both"), default="both")
    options = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    result: dict[str, object] = {"store": "sqlite" if options.store is None else "postgresql"}
    with tempfile.TemporaryDirectory(prefix="bench-rerun-") as scratch:
        root = Path(scratch)
        env["PREFECT_HOME"] = str(root / "prefect")
        env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "600"  # a busy shared machine
        trivial = _run("-c", TRIVIAL_FLOW, env=env, program=[sys.executable])[:2]
        result["prefect_trivial_flow"] = {"wall_s": round(trivial[0], 1),
                                          "cpu_s": round(trivial[1], 1)}  # fmt: skip
        if options.prefect in ("temporary", "both"):
            result["temporary_api"] = _measure(env, root / "temporary", options.repeats,
                                               options.store)  # fmt: skip
        if options.prefect in ("server", "both"):
            started = _run("prefect", "start", "--port", "0", env=env)
            result["server_start"] = {"wall_s": round(started[0], 1), "cpu_s": round(started[1], 1)}
            server = _server_process(root / "prefect")
            before = server.cpu_times()
            try:
                result["running_server"] = _measure(env, root / "server", options.repeats,
                                                    options.store)  # fmt: skip
                after = server.cpu_times()
                # Not in the commands' CPU: the server is not their child. All runs together.
                result["server_cpu_s_for_all_runs"] = round(
                    after.user + after.system - before.user - before.system, 1
                )
            finally:
                _run("prefect", "stop", env=env)
    result["load_average_1min"] = round(os.getloadavg()[0], 1)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
