"""Re-running the sample evening: the pages read once are taken from the event store.

    .venv/bin/python benchmarks/bench_rerun.py [--repeats 1] [--store URL] [--via console]
    .venv/bin/python benchmarks/bench_rerun.py --via runner [--repeats 6] [--rss-runs 20]

Runs ``bridgescan run sample_data`` the way a director does, each a fresh process (Prefect's
ephemeral API starts every time): first on an empty output folder (all 26 scanned pages
read), then again unchanged (``make run`` twice), then after one review decision
(``bridgescan review resolve``, the first open item, ``candidate 1``). Prints, as JSON, each
run's wall and CPU time (median over the repeats) and how many pages it took from the store
instead of reading them, and, for scale, what Prefect's local API costs on its own (one
trivial flow in a fresh process: every run pays it) and, with a running server, the floor
of a fresh re-run on it (Python, Prefect imported, a flow of as many task runs as a re-run
makes: the part that is not bridgescan's own modules and steps). On the temporary API
each run also reports the API's own part of it: when the command started it, how long it
took to answer from its start, and its CPU (in the command's tree: the command reaps it).
The machine's load is printed too: on a shared machine wall times grow with it, CPU times
much less. ``--store`` runs the same on another store (a PostgreSQL URL; each repeat in a
new schema). ``--prefect``: the same runs on Prefect's temporary API started by each
command (``temporary``), with a standing local server started once beforehand by
``bridgescan prefect start --no-runner`` (``server``; stopped after: each run a fresh
process), or both (the default).
``--via console``: the same evening through the club's console instead, the director's path
in the browser (benchmarks/console_rerun.py: the console's start, the first run, the review
decision posted and the event scored again, each timed with the console's CPU).
``--via runner``: on a server with the bridgescan runner beside it (``bridgescan prefect
start``), the re-run after a decision through the runner and in a fresh process,
alternating, and the runner's size over ``--rss-runs`` more (benchmarks/runner_rerun.py).
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
import threading
import time
import uuid
from pathlib import Path

import psutil

from pipeline.flows import local_api

ROOT = Path(__file__).parents[1]
BRIDGESCAN = Path(sys.executable).with_name("bridgescan")
if str(ROOT) not in sys.path:  # run as a script as well as with -m
    sys.path.insert(0, str(ROOT))


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(*args: str, env: dict[str, str], program: list[str] | None = None) -> tuple[
        float, float, str, dict[str, float]]:  # fmt: skip
    """Wall time, CPU time (user + system) and output of one command, and what its
    temporary Prefect API did (``_ApiWatch``; empty when it used a server)."""
    began, cpu = time.perf_counter(), _cpu()
    process = subprocess.Popen([*(program or [str(BRIDGESCAN)]), *args], text=True,
                               env=env, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip
    watch = _ApiWatch(process.pid, began)
    output = threading.Thread(target=lambda: watch.said.extend(process.communicate()))
    output.start()
    while output.is_alive():
        watch.look()
        output.join(0.05)
    took, used = time.perf_counter() - began, _cpu() - cpu
    stdout, stderr = watch.said
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({process.returncode}):\n"
                         f"{stderr[-3000:]}")  # fmt: skip
    return took, used, stdout, watch.figures()


class _ApiWatch:
    """A command's temporary Prefect API, looked at every 50 ms while the command runs:
    when it started (from the command's start), when it first answered (from its own
    start) and its CPU (the last look before it ended)."""

    def __init__(self, command: int, began: float) -> None:
        self.command, self.began, self.said = command, began, []
        self.api: psutil.Process | None = None
        self.url = ""
        self.started_s = self.answered_s = self.api_start = self.cpu_s = 0.0

    def look(self) -> None:
        try:
            if self.api is None:
                for child in psutil.Process(self.command).children():
                    line = child.cmdline()  # the API's (its watcher names the mark too)
                    if "--factory" in line and local_api.API_MARK in line:
                        self.api, self.api_start = child, time.perf_counter()
                        self.started_s = self.api_start - self.began
                        self.url = f"http://127.0.0.1:{line[line.index('--port') + 1]}/api"
                        break
            if self.api is not None:
                times = self.api.cpu_times()
                self.cpu_s = times.user + times.system
                if not self.answered_s and local_api.answers(self.url, timeout=0.2):
                    self.answered_s = time.perf_counter() - self.api_start
        except (psutil.Error, ValueError, IndexError):
            pass  # the command or its API ended between two looks

    def figures(self) -> dict[str, float]:
        if self.api is None:
            return {}
        return {"api_started_after_s": round(self.started_s, 2),
                "api_answered_after_its_start_s": round(self.answered_s, 2),
                "api_cpu_s": round(self.cpu_s, 2)}  # fmt: skip


# Prefect's own fixed cost: its local ephemeral API started and one trivial flow and task run.
TRIVIAL_FLOW = """
from pipeline.flows.prefect_env import configure_prefect
configure_prefect()
from prefect import flow, task
one = task(lambda: 1, name="one")
flow(lambda: one(), name="trivial")()
"""

# The part of a fresh re-run on a running server that is not bridgescan's own: Python, Prefect
# imported, and a flow of as many task runs as the re-run makes (the session's scans, each
# session's rows, the publication), the API chosen as the command chooses it.
PREFECT_FLOOR = """
from pipeline.flows.prefect_server import choose_api
choose_api()
from prefect import flow, task
from prefect.cache_policies import NO_CACHE
step = task(lambda n: n, name="step", cache_policy=NO_CACHE)
@flow(name="floor")
def floor():
    scans = step.submit(0)
    return step(scans.result()) + step(1) + step(2)
floor()
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
    apis: dict[str, list[dict[str, float]]] = {name: [] for name in runs}
    pages: dict[str, int] = {}
    for repeat in range(repeats):
        out = scratch / f"out{repeat}"
        store = _store_for(store_url)
        command = ("run", "sample_data", "--out", str(out), *store)
        for name in ("first", "unchanged", "after a decision"):
            if name == "after a decision":
                queue = json.loads((out / "review" / "review.json").read_text())
                item = queue["items"][0]["id"]
                _run("review", "resolve", str(out / "review"), item, "--by", "bench",
                     "--value", "candidate 1", env=env)  # fmt: skip
            took, used, output, api = _run(*command, env=env)
            runs[name].append((took, used))
            apis[name].append(api)
            pages[name] = _reused(output)
    return {name: {"wall_s": round(statistics.median(t for t, _ in times), 1),
                   "cpu_s": round(statistics.median(c for _, c in times), 1),
                   "pages_taken_from_store": pages[name], "pages": 26,
                   **_medians(apis[name])}
            for name, times in runs.items()}  # fmt: skip


def _measure_console(
    env: dict[str, str], scratch: Path, repeats: int, store_url: str | None
) -> dict[str, object]:
    """The director's path in the club's console (benchmarks/console_rerun.py), once per
    repeat, each in a console of its own on a club folder of its own."""
    from benchmarks.console_rerun import measure_console

    if store_url is not None:
        raise SystemExit("--via console runs on the event's own SQLite store (the console's)")
    return {f"repeat {n + 1}": measure_console(scratch / f"club{n}", env, BRIDGESCAN)
            for n in range(repeats)}  # fmt: skip


def _medians(figures: list[dict[str, float]]) -> dict[str, float]:
    return {key: round(statistics.median(f[key] for f in figures), 2)
            for key in (figures[0] if figures and all(figures) else ())}  # fmt: skip


def _server_process(home: Path):  # type: ignore[no-untyped-def]
    import psutil

    state = json.loads((home / "bridgescan-server.json").read_text())
    return psutil.Process(state["pid"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--store", default=None, help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument("--prefect", choices=("temporary", "server", "both"), default="both")
    parser.add_argument("--via", choices=("command", "console", "runner"), default="command",
                        help="fresh `bridgescan run` processes, the club's console "
                        "(benchmarks/console_rerun.py), or the bridgescan runner against "
                        "fresh processes (benchmarks/runner_rerun.py)")  # fmt: skip
    parser.add_argument(
        "--rss-runs",
        type=int,
        default=20,
        help="--via runner: re-runs after which the runner's size is read",
    )
    parser.add_argument("--no-control", action="store_true",
                        help="skip the control (a trivial flow in a fresh process, some 30 s "
                        "of CPU): for runs side by side")  # fmt: skip
    options = parser.parse_args()
    measure = _measure if options.via == "command" else _measure_console
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    # The code of this checkout (the installed `bridgescan` script may import another's);
    # a PYTHONPATH given (`git archive` of an older commit) is kept.
    env.setdefault("PYTHONPATH", str(ROOT))
    result: dict[str, object] = {"store": "sqlite" if options.store is None else "postgresql"}
    with tempfile.TemporaryDirectory(prefix="bench-rerun-") as scratch:
        root = Path(scratch)
        env["PREFECT_HOME"] = str(root / "prefect")
        env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "600"  # a busy shared machine
        if options.via == "runner":
            from benchmarks.runner_rerun import measure_runner

            result["runner"] = measure_runner(root, env, BRIDGESCAN, options.repeats,
                                              options.rss_runs)  # fmt: skip
            result["load_average_1min"] = round(os.getloadavg()[0], 1)
            print(json.dumps(result, indent=1))
            return
        if not options.no_control:
            trivial = _run("-c", TRIVIAL_FLOW, env=env, program=[sys.executable])[:2]
            result["prefect_trivial_flow"] = {"wall_s": round(trivial[0], 1),
                                              "cpu_s": round(trivial[1], 1)}  # fmt: skip
        if options.prefect in ("temporary", "both"):
            result["temporary_api"] = measure(env, root / "temporary", options.repeats,
                                              options.store)  # fmt: skip
        if options.prefect in ("server", "both"):
            started = _run("prefect", "start", "--port", "0", "--no-runner", env=env)
            result["server_start"] = {"wall_s": round(started[0], 1), "cpu_s": round(started[1], 1)}
            server = _server_process(root / "prefect")
            floor = [_run("-c", PREFECT_FLOOR, env=env, program=[sys.executable])[:2]
                     for _ in range(options.repeats)]  # fmt: skip
            result["prefect_floor_on_server"] = {
                "wall_s": round(statistics.median(t for t, _ in floor), 1),
                "cpu_s": round(statistics.median(c for _, c in floor), 1)}  # fmt: skip
            before = server.cpu_times()
            try:
                result["running_server"] = measure(env, root / "server", options.repeats,
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
